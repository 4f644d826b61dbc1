#!/usr/bin/env python3
"""Tests of a session under contention (docs/Contract.md, "Sessions"; docs/Sessions.md): many
starts of one name at once.
Each failure is said in words, never as a lost connection.

Real servers, sockets and clients, with the harness of Tests/sessions/session.py.

Run:  python3 Tests/sessions/test_contention.py [WORD...]   (prints "N passed, N failed")
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session import BINARY, Sandbox  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

JOINED = ("warning: session '{}' runs already: this is a client of it (the other options are not "
          "applied)\n")


def start_at_once(sandbox, name, count, startup_seconds=0):
    """`tabshell --session NAME` started `count` times at once (stdin not a terminal: each sends
    nothing and leaves); returns their (status, stdout, stderr)."""
    processes = [subprocess.Popen([BINARY, "--session", name], env=sandbox.env, cwd=sandbox.home,
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(count)]
    results = []
    for process in processes:
        out, err = process.communicate(timeout=60)
        results.append((process.returncode, out, err))
    return results


def test_starts_of_one_session_at_once_make_one_server_and_the_others_join_it():
    with Sandbox(["echo started"]) as s:
        for round in range(4):
            name = f"race{round}"
            results = start_at_once(s, name, 12)
            started = [r for r in results if r[0] == 0 and r[2].startswith("started\n")]
            joined = [r for r in results if r == (0, "", JOINED.format(name))]
            assert len(started) == 1 and len(joined) == 11, results
            # The starters have ended: what is left of them is the one server.
            servers = [pid for pid, command in s.processes().items()
                       if command.endswith(f"--session {name}")]
            assert len(servers) == 1, servers
            assert s.send("echo one", session=name).stdout == "one\n"
        listed = s.tabshell("sessions").stdout.splitlines()
        assert [line.split(":")[0] for line in listed] == [f"race{n}" for n in range(4)], listed


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
