#!/usr/bin/env python3
"""Tests of the full-screen mode's screen focus (docs/Contract.md, "Focus in the full-screen mode")
in a real pseudo-terminal, read back with a terminal emulator (pyte): a screen that takes input
(the built-in `ticker`, a clock) gets the focus and the line at the bottom says so with the way back; the
prefix key (C-b) then one key reaches the shell; keys, a click and a drag on the clock's face reach
it, a drag elsewhere is still a swipe; the clock ticks with no input at all.

Run:  python3 Tests/tui/test_screen_focus.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs pyte (`pip install pyte`).
"""

import os
import re
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import BINARY, Terminal  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

PREFIX = "\x02"  # Ctrl-B
# At 80 × 24 the clock's region is rows 2-20 (19 rows): its face (the time and the two lines under
# it) is on rows 10-12, 1-based as terminals count.
FACE_ROW = 10
BLANK_ROW = 4


def clock_and_text(*extra):
    """A `tabshell --tui` whose start-up file adds a clock (tab 1, visible) and a text tab."""
    home = tempfile.mkdtemp(prefix="tabshell-tui-")
    os.makedirs(os.path.join(home, "config", "tabshell"))
    with open(os.path.join(home, "config", "tabshell", "init.tabsh"), "w") as handle:
        handle.write("add-tab ticker --id clock\nadd-tab text --id two --title Two\n")
        handle.writelines(line + "\n" for line in extra)
    terminal = Terminal(("--tui",), home=home)
    terminal.wait(lambda t: t.row(24).startswith(" screen:clock"), "the screen focus")
    return terminal


def bottom(terminal):
    return terminal.row(terminal.rows)


def shows(terminal, start, what):
    """Waits until the last row starts with `start` (a focus and its screen)."""
    terminal.wait(lambda t: bottom(t).startswith(start), what)


def to_the_command_line(terminal):
    """C-b : from the screen focus."""
    terminal.type(PREFIX + ":")
    shows(terminal, "tabshell:clock>", "the command line")


def clock_is(terminal, state, what):
    """Waits until the clock says it is `state` (running or paused)."""
    terminal.wait(lambda t: (ticks(t) or ("",))[0] == state, what)


def ticks(terminal):
    """The ticks the clock says it has counted, or None when it does not show."""
    found = re.search(r"(running|paused) · (\d+) ticks?", terminal.text())
    return (found.group(1), int(found.group(2))) if found else None


def test_a_screen_that_takes_input_has_the_focus_and_the_way_back_is_shown():
    with clock_and_text() as t:
        assert "C-b : command" in bottom(t) and "C-b b bar" in bottom(t), bottom(t)
        assert "C-b ? keys" in bottom(t)
        # The clock was told it has the focus.
        t.wait_text("Space or a click here")
        # The screen placed no cursor: the terminal's is hidden.
        assert t.screen.cursor.hidden
        t.send(PREFIX)
        shows(t, " prefix ", "the prefix focus")
        assert ": command" in bottom(t) and "b bar" in bottom(t) and "? keys" in bottom(t)
        t.type("?")
        t.wait_text("usage: tui")
        # The key after the prefix gave the keys back to the screen.
        shows(t, " screen:clock", "the screen focus again")


def test_the_prefix_key_reaches_the_command_line_the_bar_and_the_tabs():
    with clock_and_text() as t:
        to_the_command_line(t)
        # Esc goes back where the keys were: to the screen.
        t.key("escape")
        shows(t, " screen:clock", "the screen focus from the command line")
        t.type(PREFIX + "b")
        shows(t, " bar:clock", "the bar focus after C-b b")
        assert "Tab screen" in bottom(t)
        t.key("tab")
        shows(t, " screen:clock", "the screen focus from the bar")
        t.type(PREFIX + "b")
        shows(t, " bar:clock", "the bar focus after C-b b")
        t.key("tab")
        shows(t, " screen:clock", "the screen focus")
        t.type(PREFIX + "2")
        t.wait_text("[2 Two]")
        # A screen that takes no input never has the focus: the bar has it.
        shows(t, " bar:two", "the bar focus on the text screen")
        t.type("1")
        t.wait_text("[1 Clock]")
        shows(t, " screen:clock", "the focus back on the clock")
        t.type(PREFIX + "y")
        t.wait_text("y is not bound after the prefix key")
        # Prefix d is bound everywhere, and outside a session says so.
        t.type(PREFIX + "d")
        t.wait_text("not in a session")
        t.type(PREFIX + "\x1b[C")  # C-b Right: swipe left, to the next tab
        t.wait_text("[2 Two]")


def test_keys_and_a_click_reach_the_screen():
    with clock_and_text() as t:
        t.type(" ")
        clock_is(t, "paused", "Space to pause the clock")
        t.type(" ")
        clock_is(t, "running", "Space to start it again")
        # Keys the clock does not handle change nothing, and the prefix twice goes to the screen.
        t.type("x" + PREFIX + PREFIX)
        t.settle()
        assert bottom(t).startswith(" screen:clock") and ticks(t)[0] == "running"
        # From the bar focus, a click on the clock's face reaches it and gives it the focus.
        t.type(PREFIX + "b")
        shows(t, " bar:clock", "the bar focus")
        t.click(40, FACE_ROW)
        clock_is(t, "paused", "the click to pause the clock")
        shows(t, " screen:clock", "the click to give the focus")
        assert "[1 Clock]" in t.row(23)


def test_a_recording_writes_keys_and_pastes_to_the_screen_as_the_commands_that_send_them():
    with clock_and_text() as t:
        to_the_command_line(t)
        t.type("record session.tabsh; set-focus screen\r")
        shows(t, " screen:clock", "the screen focus")
        t.type(" ")
        clock_is(t, "paused", "Space to pause the clock")
        t.send("\x1b[200~two words\x1b[201~")
        to_the_command_line(t)
        t.type("quit\r")
        assert t.finish() == 0
        with open(os.path.join(t.home, "session.tabsh"), encoding="utf-8") as handle:
            recorded = handle.read()
        assert "send-keys Space\npaste 'two words'\n" in recorded, recorded


def test_a_drag_is_a_swipe_unless_the_screen_handled_the_press():
    with clock_and_text() as t:
        # On the face the clock takes the press: the drag is its own, no swipe.
        t.drag((70, FACE_ROW), (5, FACE_ROW))
        clock_is(t, "paused", "the press on the face")
        t.settle()
        assert "[1 Clock]" in t.row(23)
        # Elsewhere the clock leaves the press to the shell: the drag is a swipe.
        t.drag((70, BLANK_ROW), (5, BLANK_ROW))
        t.wait_text("[2 Two]")
        shows(t, " bar:two", "the bar focus on the text screen")


def test_the_clock_ticks_without_input():
    with clock_and_text() as t:
        t.wait(lambda t: ticks(t) is not None, "the clock")
        first = ticks(t)[1]
        deadline = time.monotonic() + 10
        while ticks(t)[1] < first + 2:
            assert time.monotonic() < deadline, f"the clock did not tick: {t.text()}"
            t.pump(0.2)
        # The badge shows the seconds: the bar ticks too.
        assert re.search(r"◷\(\d+\)", t.row(22)), t.row(22)


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
