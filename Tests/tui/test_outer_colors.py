#!/usr/bin/env python3
"""The outer terminal's default colours answered to a terminal tab's program (docs/Contract.md,
"Terminal tabs"), in a real pseudo-terminal: the full-screen mode asks the outer terminal once
(`ESC ] 10 ; ? ST`, `ESC ] 11 ; ? ST`, as tmux 3.3a does) and never waits; the fake outer
terminal here answers OSC 11 with a light colour, and a program that asks `ESC ] 11 ; ? BEL` gets
that colour back, while the answer itself never reaches the program or the keys. A terminal that
never answers leaves the emulator's fixed answer, and nothing waits for it.

Run:  python3 Tests/tui/test_outer_colors.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs pyte.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import BINARY, shell_with  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

QUERIES = b"\x1b]10;?\x1b\\\x1b]11;?\x1b\\"
LIGHT = b"\x1b]11;rgb:fdfd/f6f6/e3e3\x1b\\"
# Waits for a key (so that it asks after the outer terminal answered, or not), keeps it, asks
# the background's colour and keeps the 25 bytes of the answer.
ASKER = ("stty raw -echo; head -c 1 > key; printf '\\033]11;?\\007'; head -c 25 > answer;"
         " touch done; exec sleep 100")


def asker():
    terminal = shell_with(f'add-tab terminal --id t -- sh -c "{ASKER}"', SHELL="/bin/sh")
    terminal.wait(lambda t: t.row(t.rows).startswith(" screen:t"), "the focus on the tab")
    return terminal


def read(terminal, name):
    with open(os.path.join(terminal.home, name), "rb") as handle:
        return handle.read()


def test_a_program_gets_the_outer_terminals_background():
    with asker() as t:
        t.wait(lambda t: QUERIES in t.output, "the questions")
        # Asked once, before the first frame.
        assert t.output.count(QUERIES) == 1 and t.output.index(QUERIES) < t.output.index(b"\x1b[?2026h")
        # The answer in two reads (BEL-ended would do too), then a key for the program.
        t.send(LIGHT[:9])
        t.pump(0.1)
        t.send(LIGHT[9:] + b"x")
        t.wait(lambda t: os.path.exists(os.path.join(t.home, "done")), "the program's answer")
        assert read(t, "key") == b"x"
        assert read(t, "answer") == LIGHT
        # Nothing of the answer was typed on the command line or anywhere.
        assert t.row(t.rows).startswith(" screen:t"), t.row(t.rows)


def test_an_answer_in_two_reads_outlasts_a_terminal_tabs_timer():
    # A key to `cat` sets the tab's look at its foreground process 300 ms later; the answer begun
    # before it and ended after it is still the answer (it waits a second), not keys typed.
    with shell_with("add-tab terminal --id t -- cat", SHELL="/bin/sh") as t:
        t.wait(lambda t: t.row(t.rows).startswith(" screen:t"), "the focus on the tab")
        t.send(b"a" + LIGHT[:9])
        t.pump(0.5)
        t.send(LIGHT[9:] + b"b")
        t.wait_text("ab")
        t.settle()
        assert "fdfd" not in t.text(), t.text()


def test_a_terminal_that_never_answers_leaves_the_fixed_answer():
    with asker() as t:
        t.wait(lambda t: QUERIES in t.output, "the questions")
        t.send(b"x")
        t.wait(lambda t: os.path.exists(os.path.join(t.home, "done")), "the program's answer")
        assert read(t, "answer") == b"\x1b]11;rgb:0000/0000/0000\x1b\\"


def test_a_terminal_that_takes_no_shape_is_not_asked():
    with shell_with("add-tab terminal --id t -- sh", TERM="linux", SHELL="/bin/sh") as t:
        t.wait(lambda t: t.row(t.rows).startswith(" screen:t"), "the focus on the tab")
        t.settle()
        assert b"\x1b]1" not in t.output, t.output[:200]


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
