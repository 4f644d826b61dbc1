#!/usr/bin/env python3
"""The outer terminal's side of a session's terminal tabs (docs/Contract.md, "Sessions"): the
cursor's shape a tab's program sets reaches every attached client's terminal, once, and each
client resets it to its terminal's default when it gives the terminal back (detach, SIGTSTP);
the server asks each client's terminal its default colours as it attaches, and a program that
asks gets the colours that terminal answered.

Run:  python3 Tests/sessions/test_session_outer_terminal.py [WORD...]   (prints "N passed, N failed")
"""

import os
import re
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session import PREFIX, Sandbox  # noqa: E402
from terminal import BINARY, CLIENT_LEAVE, ENTER, wait_stopped  # noqa: E402
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

BAR = ["add-tab terminal --id t -- sh -c \"printf '\\\\033[6 q'; echo shaped; exec cat\""]
SHAPES = re.compile(rb"\x1b\[([0-9]*) q")


def shapes(terminal, since=0):
    """The DECSCUSR numbers the client's terminal got, in order."""
    return [match.group(1).decode() for match in SHAPES.finditer(terminal.output[since:])]


def test_the_shape_reaches_each_client_and_detaching_resets_it():
    with Sandbox(BAR) as s:
        s.start_detached("work")
        first = s.client("attach", "work")
        first.wait(lambda t: "shaped" in t.text(), "the program")
        first.settle()
        assert shapes(first) == ["6"], first.output
        # A client attaching later gets the shape with its whole frame (and so does the first: a
        # frame drawn whole sets a shape other than the default).
        second = s.client("attach", "work", job_control=True)
        second.wait(lambda t: "shaped" in t.text(), "the program")
        second.settle()
        first.settle()
        assert shapes(second) == ["6"], second.output
        assert shapes(first) == ["6", "6"], first.output
        first.type(PREFIX + "d")
        assert first.finish() == 0
        assert shapes(first) == ["6", "6", "0"], first.output[-200:]
        assert first.output.rindex(CLIENT_LEAVE) > first.output.rindex(b"\x1b[6 q")
        # SIGTSTP gives the terminal back with the default shape; SIGCONT takes it again, whole.
        second.signal(signal.SIGTSTP)
        wait_stopped(second.process.pid)
        second.pump(0.2)
        assert second.output.endswith(CLIENT_LEAVE) and shapes(second) == ["6", "0"], \
            second.output[-200:]
        before = len(second.output)
        second.signal(signal.SIGCONT)
        second.wait(lambda t: ENTER in t.output[before:] and "shaped" in t.text(), "a whole frame")
        second.settle()
        assert shapes(second, since=before) == ["6"], second.output[before:]


QUERIES = b"\x1b]10;?\x1b\\\x1b]11;?\x1b\\"
LIGHT = b"\x1b]11;rgb:fdfd/f6f6/e3e3\x1b\\"
# Waits for a key, asks the background's colour, keeps the 25 bytes of the answer.
ASKER = ["add-tab terminal --id t -- sh -c \"stty raw -echo; head -c 1 > \\$HOME/key;"
         " printf '\\033]11;?\\007'; head -c 25 > \\$HOME/answer; touch \\$HOME/done;"
         " exec sleep 100\""]


def test_a_programs_question_gets_the_attached_terminals_colour():
    with Sandbox(ASKER) as s:
        s.start_detached("work")
        client = s.client("attach", "work")
        client.wait(lambda t: QUERIES in t.output, "the questions")
        assert client.output.count(QUERIES) == 1, client.output
        client.send(LIGHT + b"x")
        done = os.path.join(s.home, "done")
        client.wait(lambda t: os.path.exists(done), "the program's answer")
        with open(os.path.join(s.home, "key"), "rb") as handle:
            assert handle.read() == b"x"
        with open(os.path.join(s.home, "answer"), "rb") as handle:
            assert handle.read() == LIGHT


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
