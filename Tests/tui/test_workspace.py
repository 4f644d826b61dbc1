#!/usr/bin/env python3
"""Tests of TabShell as a terminal workspace (docs/Contract.md, "A terminal workspace") in the
full-screen mode, in a real pseudo-terminal read back with pyte: tmux's keys after the prefix
make, switch, rename and close tabs; closing a tab and quitting ask before they end running
programs; a session's `q` and Ctrl-D detach.

Run:  python3 Tests/tui/test_workspace.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs pyte.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import BINARY  # noqa: E402
from test_terminal_tabs import in_screen_focus, shell_with  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

PREFIX = "\x02"  # Ctrl-B


def last_row(terminal):
    return terminal.row(terminal.rows)


def bar_titles(terminal):
    """The bar's titles row (the last row but one), as text."""
    return terminal.row(terminal.rows - 1)


def asked(terminal, question):
    terminal.wait(lambda t: last_row(t) == question, repr(question))


def test_prefix_keys_make_switch_and_close_tabs():
    with shell_with("new-tab --id first -- sh") as t:
        in_screen_focus(t, "first")
        t.type(PREFIX + "c")  # a new terminal tab running $SHELL (/bin/sh here), selected
        in_screen_focus(t, "terminal")
        t.wait(lambda t: "[2 " in bar_titles(t), "the second tab selected")
        t.type(PREFIX + "n")  # from the last tab, the first
        in_screen_focus(t, "first")
        t.type(PREFIX + "p")  # from the first, the last
        in_screen_focus(t, "terminal")
        t.type(PREFIX + "l")  # the tab selected before
        in_screen_focus(t, "first")
        t.type(PREFIX + "&")
        asked(t, "close-tab: 1 program is running; close the tab anyway? (y/n)")
        # The question is on the command line, the cursor after it.
        assert t.screen.cursor.y == t.rows - 1, t.screen.cursor.y
        t.type("x")  # any key but y is a no: the keys go back to the screen
        in_screen_focus(t, "first")
        assert "1 " in bar_titles(t) and "2 " in bar_titles(t), bar_titles(t)
        t.type("echo still-here\r")  # the key after the answer reaches the program
        t.wait_text("still-here")
        t.type(PREFIX + "&")
        asked(t, "close-tab: 1 program is running; close the tab anyway? (y/n)")
        t.type("y")
        in_screen_focus(t, "terminal")
        t.wait(lambda t: "2 " not in bar_titles(t), "one tab left")


def test_prefix_comma_renames_the_tab_on_the_command_line():
    with shell_with("new-tab --id sh --title work -- sh") as t:
        in_screen_focus(t, "sh")
        t.type(PREFIX + ",")
        t.wait(lambda t: last_row(t) == "(rename-tab) work", "the prompt, the title filled in")
        t.type("\x7f\x7f\x7f\x7fbuild\r")
        in_screen_focus(t, "sh")
        t.wait(lambda t: "build" in bar_titles(t), "the new title")
        # Esc gives the question up: the title stays.
        t.type(PREFIX + ",")
        t.wait(lambda t: last_row(t) == "(rename-tab) build", "the prompt again")
        t.type("x\x1b")
        t.wait(lambda t: not last_row(t).startswith("(rename-tab)"), "the prompt gone")
        t.type(PREFIX + ":tabs\r")
        t.wait_text("build")
        assert "buildx" not in t.text(), t.text()


def test_prefix_w_chooses_a_tab_from_a_list_with_the_arrows_and_enter():
    with shell_with("new-tab --id one -- sh", "new-tab --id two -- sh",
                    "new-tab --id three -- sh") as t:
        in_screen_focus(t, "three")
        t.type(PREFIX + "w")
        t.wait(lambda t: last_row(t).startswith(" choose:"), "the choose focus")
        t.wait(lambda t: "> 3  three  sh" in t.text(), "the list, the selected tab chosen")
        t.type("\x1b[A")  # Up
        t.wait(lambda t: "> 2  two  sh" in t.text(), "the choice one up")
        assert "  3  three  sh" in t.text(), t.text()
        t.type("\r")  # Enter taps it: the keys go to its program
        in_screen_focus(t, "two")
        t.wait(lambda t: "> 2  two" not in t.text(), "the list closed")
        t.type(PREFIX + "w")
        t.wait(lambda t: "> 2  two  sh" in t.text(), "the list again")
        t.type("j")
        t.wait(lambda t: "> 3  three  sh" in t.text(), "the choice one down")
        t.type("j")  # from the last, the first
        t.wait(lambda t: "> 1  one  sh" in t.text(), "the choice wrapped")
        t.type("q")  # q closes it; the selection stays
        in_screen_focus(t, "two")
        t.wait(lambda t: "> 1  one" not in t.text(), "the list closed")
        t.type("echo still-two\r")
        t.wait_text("still-two")


def test_q_and_ctrl_d_ask_before_quitting_and_quit_force_does_not():
    with shell_with("new-tab --id sh -- sh", "new-tab --id vi -- sh") as t:
        in_screen_focus(t, "vi")
        t.type(PREFIX + "b")
        t.wait(lambda t: last_row(t).startswith(" bar:"), "the bar focus")
        t.type("q")
        asked(t, "quit: 2 programs are running; quit anyway? (y/n)")
        t.type("n")
        t.wait(lambda t: last_row(t).startswith(" bar:"), "the bar focus again")
        t.type(":")
        t.wait(lambda t: last_row(t).startswith("tabshell:vi>"), "the command line")
        t.type("\x04")  # Ctrl-D on an empty line
        asked(t, "quit: 2 programs are running; quit anyway? (y/n)")
        t.type("\x1b")  # Esc is a no
        t.wait(lambda t: last_row(t).startswith("tabshell:vi>"), "the command line again")
        assert t.process.poll() is None
        t.type("quit --force\r")
        assert t.finish() == 0


def test_with_no_program_running_q_quits_at_once():
    with shell_with("new-tab --id sh -- sh -c 'exit 0'") as t:
        t.wait_text("[exited 0]")
        t.type(PREFIX + "b")
        t.wait(lambda t: last_row(t).startswith(" bar:"), "the bar focus")
        t.type("q")
        assert t.finish() == 0


def test_a_tab_is_named_after_its_foreground_process_bash_then_vim_then_bash():
    with shell_with("new-tab --id b -- bash --norc") as t:
        in_screen_focus(t, "b")
        t.wait(lambda t: "[1 bash]" in bar_titles(t), "the tab named bash")
        t.type("vim -u NONE\r")
        t.wait(lambda t: "[1 vim]" in bar_titles(t), "the tab named vim while it runs")
        t.type("\x1b:q!\r")
        t.wait(lambda t: "[1 bash]" in bar_titles(t), "bash again after vim")
        # A command that writes nothing names the tab too: looked at a moment after the keys.
        t.type("sleep 30\r")
        t.wait(lambda t: "[1 sleep]" in bar_titles(t), "the tab named sleep")
        t.type("\x03")
        t.wait(lambda t: "[1 bash]" in bar_titles(t), "bash again after sleep")
        t.type(PREFIX + ":state --script\r")
        t.wait_text("add-tab terminal --id b")
        assert "--title" not in t.text(), t.text()


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
