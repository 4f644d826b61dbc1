#!/usr/bin/env python3
"""The cursor's shape (DECSCUSR, `ESC [ Ps SP q`) that a terminal tab's program sets, passed on to
the outer terminal (docs/Contract.md, "Terminal tabs"), in a real pseudo-terminal: sent once when
it changes, the default while the command line has the cursor, and reset to the terminal's
default (`ESC [ 0 SP q`, in the leave sequence) on every way out: quit, SIGTERM, SIGUSR1 (the
emergency restore), SIGTSTP (and set again after SIGCONT), Ctrl-X Ctrl-A to the line REPL; copy mode's cursor has the default shape. vim's insert mode sends its bar through
(vim sends `t_SI` only when a vimrc sets it: Debian's vim 9.0 sets none for xterm-256color, the
TERM of a tab).

Run:  python3 Tests/tui/test_cursor_shape.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs pyte and vim.
"""

import os
import re
import shutil
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import BINARY, CURSOR_SHAPE_RESET, ENTER, LEAVE, shell_with, wait_stopped  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

PREFIX = "\x02"  # Ctrl-B
TOP = 2  # the tab's region starts on row 2 (1-based), under the page's header
# A program that sets a steady bar, says so and echoes what it is given.
BAR = "printf '\\033[6 q'\necho shaped\nexec cat\n"
SHAPES = re.compile(rb"\x1b\[([0-9]*) q")


def shapes(terminal, since=0):
    """The DECSCUSR numbers the outer terminal got, in order."""
    return [match.group(1).decode() for match in SHAPES.finditer(terminal.output[since:])]


def with_bar(job_control=False, **variables):
    """A `tabshell --tui` showing a tab whose program set a steady bar."""
    terminal = shell_with("add-tab terminal --id t -- sh bar.sh", files={"bar.sh": BAR},
                          job_control=job_control, SHELL="/bin/sh", **variables)
    terminal.wait(lambda t: t.row(TOP) == "shaped", "the program")
    terminal.settle()
    return terminal


def after(terminal, keys, last_row, expected):
    """Types `keys`, waits for the last row to start with `last_row` and for the output to settle,
    and checks the shapes sent so far."""
    terminal.type(keys)
    terminal.wait(lambda t: t.row(t.rows).startswith(last_row), repr(last_row))
    terminal.settle()
    assert shapes(terminal) == expected, terminal.output


def test_the_shape_is_sent_once_and_sigterm_resets_it():
    with with_bar() as t:
        assert shapes(t) == ["6"], t.output
        # Keys echoed by the program: the shape is not sent again.
        t.type("abc")
        t.wait(lambda t: t.row(TOP + 1) == "abc", "the echo")
        t.settle()
        assert shapes(t) == ["6"], t.output
        t.signal(signal.SIGTERM)
        t.finish()
        assert shapes(t) == ["6", "0"] and t.output.endswith(LEAVE), t.output[-120:]


def test_a_signal_that_ends_the_process_resets_it():
    with with_bar() as t:
        # SIGUSR1's default action ends the process: the emergency restore gives the terminal back.
        t.signal(signal.SIGUSR1)
        assert t.finish() == -signal.SIGUSR1
        assert shapes(t) == ["6", "0"] and t.output.endswith(LEAVE), t.output[-120:]


def test_the_command_line_has_the_default_shape_and_quit_resets_it():
    with with_bar() as t:
        after(t, PREFIX + ":", "tabshell:t>", ["6", "0"])
        after(t, "\x1b", " screen:t", ["6", "0", "6"])
        after(t, PREFIX + ":", "tabshell:t>", ["6", "0", "6", "0"])
        t.type("quit\r")
        t.wait(lambda t: "(y/n)" in t.row(t.rows), "the question")
        t.type("y")
        assert t.finish() == 0
        # The command line's default, then the leave sequence's.
        assert shapes(t) == ["6", "0", "6", "0", "0"] and t.output.endswith(LEAVE), t.output[-120:]


def test_copy_mode_shows_its_cursor_with_the_default_shape():
    with with_bar() as t:
        after(t, PREFIX + "[", " copy:", ["6", "0"])
        # Its cursor moves: no shape again.
        after(t, "k", " copy:", ["6", "0"])
        after(t, "q", " screen:t", ["6", "0", "6"])


def test_sigtstp_resets_the_shape_and_sigcont_sets_it_again():
    with with_bar(job_control=True) as t:
        t.signal(signal.SIGTSTP)
        wait_stopped(t.process.pid)
        t.pump(0.2)
        assert shapes(t) == ["6", "0"] and t.output.endswith(LEAVE), t.output[-120:]
        before = len(t.output)
        t.signal(signal.SIGCONT)
        t.wait(lambda t: ENTER in t.output[before:] and t.row(TOP) == "shaped", "a whole frame")
        t.settle()
        assert shapes(t, since=before) == ["6"], t.output[before:]
        t.signal(signal.SIGTERM)
        t.finish()
        assert t.output.endswith(LEAVE), t.output[-120:]


def test_the_line_repl_gets_the_default_shape():
    with with_bar() as t:
        t.type(PREFIX + ":")
        t.wait(lambda t: t.row(t.rows).startswith("tabshell:t>"), "the command line")
        t.key("ctrl-x")
        t.key("ctrl-a")
        t.wait(lambda t: LEAVE in t.output, "the line REPL")
        assert shapes(t) == ["6", "0", "0"], t.output


def test_vims_insert_mode_bar_reaches_the_terminal():
    vim = shutil.which("vim")
    assert vim, "no vim installed"
    # The usual lines of a vimrc; Esc taken alone at once, so that normal mode comes at once.
    vimrc = 'let &t_SI = "\\e[6 q"\nlet &t_EI = "\\e[2 q"\nset ttimeout ttimeoutlen=10\n'
    with shell_with(f"add-tab terminal --id vi -- {vim} -u vimrc -N -n notes.txt",
                    files={"vimrc": vimrc}, SHELL="/bin/sh") as t:
        t.wait(lambda t: t.row(TOP + 1) == "~", "vim's empty buffer")
        t.settle()
        before = shapes(t)
        t.type("i")
        t.wait(lambda t: "-- INSERT --" in t.text(), "insert mode")
        t.settle()
        assert shapes(t)[len(before):] == ["6"], (before, t.output)
        t.type("hello\x1b")
        t.wait(lambda t: shapes(t)[len(before):] == ["6", "2"], "the block again")
        t.settle()
        assert shapes(t)[len(before):] == ["6", "2"] and t.row(TOP) == "hello", (before, t.output)
        t.type(":q!\r")
        t.wait_text("[exited 0]")


def test_a_terminal_without_the_shape_gets_none():
    # The Linux console's terminfo has no `Ss`, and it would print the `q`.
    with with_bar(TERM="linux") as t:
        t.signal(signal.SIGTERM)
        t.finish()
        assert shapes(t) == [] and CURSOR_SHAPE_RESET not in t.output, t.output[-120:]


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
