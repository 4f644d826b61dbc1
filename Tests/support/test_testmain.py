"""The suites' own honesty: the runner the Python test files share fails a run of no test.

    python3 Tests/support/test_testmain.py
"""

import contextlib
import io
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testmain  # noqa: E402


def run_quietly(namespace, words=()):
    saved = sys.argv
    sys.argv = [saved[0], *words]
    output = io.StringIO()
    try:
        with contextlib.redirect_stdout(output), contextlib.redirect_stderr(io.StringIO()):
            status = testmain.run(namespace)
    finally:
        sys.argv = saved
    return status, output.getvalue()


def test_no_test_is_a_failure():
    status, output = run_quietly({"helper": lambda: None})
    assert status == 1, output
    assert output == "0 passed, 0 failed\nFAIL no test ran\n", output


def test_words_that_match_no_test_are_a_failure():
    status, output = run_quietly({"test_one": lambda: None}, ["nothing"])
    assert status == 1, output
    assert output.endswith("FAIL no test ran (none matches nothing)\n"), output


def test_a_passing_test_passes_and_a_failing_one_fails():
    assert run_quietly({"test_one": lambda: None})[0] == 0

    def test_two():
        raise AssertionError("on purpose")

    status, output = run_quietly({"test_two": test_two})
    assert status == 1
    assert output.startswith("FAIL test_two\n"), output


if __name__ == "__main__":
    sys.exit(testmain.run(globals()))
