#!/usr/bin/env python3
"""Tests of the compact bar (docs/Contract.md, "A compact bar") in the full-screen mode, in a real
pseudo-terminal read back with pyte: `set bar compact` draws the tabs as one status row at the
bottom, as tmux's status line; a terminal tab has every other row (`stty size`, vim's last line
where tmux 3.3a has it, before and after a resize); the command line, a question and a message
open in that row and it goes back to the tabs after; a click on a label selects its tab, a drag
along the row swipes.

Run:  python3 Tests/tui/test_compact_bar.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs pyte, vim and tmux.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import BINARY, Terminal, environment  # noqa: E402
from test_terminal_tabs import shell_with  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

PREFIX = "\x02"  # Ctrl-B


def status(terminal):
    """The status row: the terminal's last."""
    return terminal.row(terminal.rows)


def shows(terminal, row, what):
    terminal.wait(lambda t: status(t) == row, f"{what}: {row!r}")


def test_a_shell_has_every_row_but_the_status_row():
    with shell_with("set bar compact", "new-tab --id one -- sh", "new-tab --id two -- sh") as t:
        shows(t, "1:sh  2:sh*", "the tabs, the second selected")
        t.wait(lambda t: t.row(1) == "$", "sh's prompt on the first row: no header")
        t.type("stty size\r")
        t.wait(lambda t: t.lines()[:3] == ["$ stty size", "23 80", "$"], "23 rows of 24")
        assert t.lines()[3:23] == [""] * 20, t.lines()
        # The selected label is drawn reversed, the others not.
        cells = t.screen.buffer[t.rows - 1]
        assert [cells[x].reverse for x in range(0, 11)] == [False] * 6 + [True] * 5, status(t)
        # The program's cursor is its own: after its prompt.
        assert (t.screen.cursor.y, t.screen.cursor.x) == (2, 2), t.screen.cursor
        # The outer terminal resized: the program is told every row but one again.
        t.resize(60, 15)
        t.type("stty size\r")
        t.wait_text("14 60")
        shows(t, "1:sh  2:sh*", "the tabs at 60 columns")
        # A click on the first tab's label selects it; the keys then go to its shell.
        t.click(2, 15)
        shows(t, "1:sh*  2:sh", "the first tab selected")
        t.type("echo in-one\r")
        t.wait_text("in-one")
        # A drag to the left along the row swipes to the next tab, as a drag over the screen
        # area would (where it goes to the program, which has the mouse, or selects text).
        t.drag((50, 15), (5, 15))
        shows(t, "1:sh  2:sh*", "the second tab after the swipe")


def test_the_command_line_a_question_and_a_message_open_in_the_status_row():
    with shell_with("set bar compact", "new-tab --id one -- sh", "new-tab --id two -- sh") as t:
        shows(t, "1:sh  2:sh*", "the tabs")
        t.type(PREFIX + ":")
        t.wait(lambda t: status(t).startswith("tabshell:two> "), "the command line in the row")
        assert t.screen.cursor.y == t.rows - 1, t.screen.cursor
        t.type("tab 1\r")
        shows(t, "1:sh*  2:sh", "the tabs again once the line ran")
        t.type("echo keys-to-one\r")  # the keys went back to the screen
        t.wait_text("keys-to-one")
        # A question: asked in the row, answered there, the tabs back after.
        t.type(PREFIX + "&")
        shows(t, "close-tab: 1 program is running; close the tab anyway? (y/n)", "the question")
        t.type("n")
        shows(t, "1:sh*  2:sh", "the tabs after a no")
        # rename's prompt, with the title filled in.
        t.type(PREFIX + ",")
        shows(t, "(rename-tab) sh", "rename's prompt")
        t.type("\x7f\x7fwork\r")
        shows(t, "1:work*  2:sh", "the new title")
        # An error of one line shows in the row, not over the screen; a click on it ends it.
        t.type(PREFIX + ":tabx\r")
        shows(t, "error: unknown command 'tabx'; did you mean 'tab'?", "the error")
        assert t.row(1).startswith("$"), t.lines()
        t.click(11, t.rows)  # over "2:sh" under the message
        shows(t, "1:work*  2:sh", "the tabs after a click on the error")
        t.type("echo after\r")
        t.wait_text("after")
        assert status(t) == "1:work*  2:sh", status(t)  # the click selected nothing
        # What prints more than a line opens the panel over the screen area, as with the full bar.
        t.type(PREFIX + ":tabs\r")
        t.wait(lambda t: any(line.startswith("*  1  one") for line in t.lines()), "tabs' table")
        assert status(t) == "1:work*  2:sh", status(t)
        t.type(PREFIX + ":set bar x\r")
        shows(t, "error: bar must be one of full, compact, not 'x'", "the bad value's error")
        t.type("\r")  # a key to the screen ends the message
        shows(t, "1:work*  2:sh", "the tabs after a key")
        # Back to the full bar: the header, the bar's rows and the focus line.
        t.type(PREFIX + ":set bar full\r")
        t.wait(lambda t: "[1 work]" in t.row(23) and status(t).startswith("tabshell:one>"),
               "the full bar's rows, the command line under them")
        t.click(5, 10)  # the keys to the screen
        t.wait(lambda t: status(t).startswith(" screen:one"), "the screen focus")
        t.type("stty size\r")
        t.wait_text("19 80")


def tmux_client(folder, command, columns, rows):
    """tmux 3.3a attached on a pseudo-terminal of `columns` × `rows` (its status line takes the
    last row) running `command`; and a function that runs a tmux command on its server."""
    socket = os.path.join(folder, "tmux.sock")
    env = environment(folder, SHELL="/bin/sh")
    client = Terminal(("-S", socket, "-f", "/dev/null", "new-session", command), columns=columns,
                      rows=rows, home=folder, env=env, binary=shutil.which("tmux"))

    def tmux(*arguments):
        return subprocess.run(["tmux", "-S", socket, *arguments], check=True,
                              capture_output=True, text=True, cwd=folder, env=env).stdout

    return client, tmux


def test_vim_shows_its_last_line_as_in_tmux_before_and_after_a_resize():
    vi = shutil.which("vim") or shutil.which("vi")
    assert vi, "no vi installed (scripts/setup --test installs vim-tiny)"
    notes = "".join(f"line {n} of the notes\n" for n in range(1, 41))
    command = f"{vi} -u NONE -n notes.txt"
    folder = tempfile.mkdtemp(prefix="tabshell-tmux-")
    with open(os.path.join(folder, "notes.txt"), "w") as handle:
        handle.write(notes)
    client, tmux = tmux_client(folder, command, 80, 24)

    def theirs(rows, ready):
        """tmux's pane (capture-pane -p) of `rows` rows, once `ready(lines)` holds."""
        deadline = time.monotonic() + 10
        while True:
            client.pump(0.1)
            lines = [line.rstrip() for line in tmux("capture-pane", "-p").split("\n")][:rows]
            if len(lines) == rows and ready(lines):
                return lines
            assert time.monotonic() < deadline, lines

    try:
        with shell_with("set bar compact", f"new-tab --id vim -- {command}",
                        files={"notes.txt": notes}) as t:
            expected = theirs(23, lambda lines: lines[-1].startswith('"notes.txt"'))
            assert expected[0] == "line 1 of the notes", expected
            t.wait(lambda t: t.lines()[:23] == expected, "vim's 23 rows as tmux's")
            assert status(t) == "1:vim*", status(t)
            # Both resized to 100 × 30: 29 rows each, vim's text on all but its last (the message
            # line, which vim clears as it draws again).
            t.resize(100, 30)
            client.resize(100, 30)
            expected = theirs(29, lambda lines: lines[27] == "line 28 of the notes")
            t.wait(lambda t: t.lines()[:29] == expected, "vim's 29 rows as tmux's")
            assert status(t) == "1:vim*", status(t)
            t.type("\x1b:q!\r")
            t.wait_text("[exited 0]")
    finally:
        subprocess.run(["tmux", "-S", os.path.join(folder, "tmux.sock"), "kill-server"],
                       capture_output=True)
        client.close()


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
