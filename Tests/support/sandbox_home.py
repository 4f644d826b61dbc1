"""A HOME for a sandboxed tabshell, as the session tests (Tests/sessions/session.py) and the
sessions' benchmark (Benchmarks/session_bench.py) make one."""

import os
import tempfile


def make_home(prefix, startup):
    """A new folder to be HOME (`tempfile.mkdtemp` with `prefix`) holding a private runtime folder
    `run` (mode 0700, for XDG_RUNTIME_DIR: sessions' sockets) and the start-up file
    `config/tabshell/init.tabsh` of text `startup`; returns (home, runtime folder)."""
    home = tempfile.mkdtemp(prefix=prefix)
    runtime = os.path.join(home, "run")
    os.mkdir(runtime, 0o700)
    config = os.path.join(home, "config", "tabshell")
    os.makedirs(config)
    with open(os.path.join(config, "init.tabsh"), "w", encoding="utf-8") as handle:
        handle.write(startup)
    return home, runtime
