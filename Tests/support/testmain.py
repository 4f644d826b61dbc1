"""The runner the Python test files here share, for `python3 Tests/DIR/test_NAME.py [WORD...]`.

It runs the file's `test_` functions (only those whose name holds a WORD, when any is given), each
once, prints `ok   NAME` or `FAIL NAME` with the traceback, then `N passed, N failed`; the exit status
is 1 when one failed, and when none ran (a run of no test proves nothing: a file whose tests were
all renamed away, or WORDs that match none). With `binary`, a missing tabshell binary is one clear
failure.
"""

import os
import signal
import sys
import traceback


def run(namespace, binary=None):
    # Started in the background by a shell without job control (`scripts/test &`), this process
    # and every program it starts would ignore SIGINT and SIGQUIT (ignored dispositions outlive
    # `exec`): the tests that interrupt a client would see it ignore them. Put them back.
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if signal.getsignal(signal.SIGQUIT) == signal.SIG_IGN:
        signal.signal(signal.SIGQUIT, signal.SIG_DFL)
    if binary is not None and not os.access(binary, os.X_OK):
        print(f"no tabshell binary at {binary} (build it, or set TABSHELL_BIN)")
        print("0 passed, 1 failed")
        return 1
    tests = [(name, test) for name, test in namespace.items() if name.startswith("test_")]
    selected = [arg for arg in sys.argv[1:] if not arg.startswith("-")]
    passed = failed = 0
    for name, test in tests:
        if selected and not any(word in name for word in selected):
            continue
        try:
            test()
        except Exception:  # noqa: BLE001 - report every failure, then go on.
            failed += 1
            print(f"FAIL {name}")
            traceback.print_exc()
        else:
            passed += 1
            print(f"ok   {name}")
    print(f"{passed} passed, {failed} failed")
    if passed + failed == 0:
        print("FAIL no test ran" + (f" (none matches {' '.join(selected)})" if selected else ""))
        return 1
    return 1 if failed else 0
