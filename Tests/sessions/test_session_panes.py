#!/usr/bin/env python3
"""Split screens in a session (docs/Contract.md, "Split screens"; docs/Sessions.md): every client
attached to a session sees the same panes, and a change one makes (prefix Left, a split sent from
outside) every other sees; every client draws the compact bar the session has (docs/Contract.md, "A
compact bar"), set from outside too.

Run:  python3 Tests/sessions/test_session_panes.py [WORD...]   (prints "N passed, N failed")
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session import PREFIX, Sandbox  # noqa: E402
from terminal import BINARY  # noqa: E402
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

PANES = ["add-tab terminal --id a -- sh -c 'echo left-pane; exec sleep 100'",
         "split terminal --id b -- sh -c 'echo right-pane; exec sleep 100'"]


def region(terminal):
    return terminal.lines()[1:20]


def test_every_attached_client_sees_the_same_panes():
    with Sandbox(PANES) as s:
        s.start_detached("work")
        first = s.client("attach", "work")
        second = s.client("attach", "work")
        for client in (first, second):
            client.wait(lambda t: region(t)[0].startswith("left-pane")
                        and region(t)[0].rstrip().endswith("right-pane"), "both panes")
            client.wait(lambda t: t.row(t.rows).startswith(" screen:b"), "b focused")
        assert region(first) == region(second), (region(first), region(second))
        # One client moves the focus: both show it.
        first.type(PREFIX + "\x1b[D")
        for client in (first, second):
            client.wait(lambda t: t.row(1).rstrip().endswith(" a"), "a focused")
        # A split sent from outside shows on both.
        sent = s.send("split --vertical --to b text --id c --text third")
        assert (sent.returncode, sent.stderr) == (0, ""), sent
        for client in (first, second):
            client.wait(lambda t: any("third" in line for line in region(t)), "the third pane")
        first.settle()
        second.settle()
        assert region(first) == region(second), (region(first), region(second))


def test_every_attached_client_draws_the_compact_bar():
    with Sandbox(["set bar compact",
                  "add-tab terminal --id a -- sh -c 'stty size; exec sleep 100'"]) as s:
        s.start_detached("work")
        first = s.client("attach", "work")
        second = s.client("attach", "work")
        for client in (first, second):
            client.wait(lambda t: t.row(t.rows).startswith("1:") and t.row(t.rows).endswith("*"),
                        "the status row")
            client.wait(lambda t: t.row(1) == "23 80", "every row but one for the program")
        # Set from outside: both draw the full bar, then the compact one again.
        sent = s.send("set bar full")
        assert (sent.returncode, sent.stderr) == (0, ""), sent
        for client in (first, second):
            client.wait(lambda t: t.row(23).lstrip().startswith("[1 "), "the full bar's titles")
        sent = s.send("set bar compact")
        assert (sent.returncode, sent.stderr) == (0, ""), sent
        for client in (first, second):
            client.wait(lambda t: t.row(t.rows).startswith("1:"), "the status row again")
        first.settle()
        second.settle()
        assert first.lines() == second.lines(), (first.lines(), second.lines())


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
