#!/usr/bin/env python3
"""Tests of split screens (docs/Contract.md, "Split screens") in the full-screen mode, in a real
pseudo-terminal read back with pyte: the prefix keys split a pane with a shell (`%` side by side,
`"` one above the other), move between panes (arrows), zoom (`z`) and close (`x`); a click
focuses a pane and a drag on a border resizes; each program gets SIGWINCH once per change and
sees its pane's size (`stty size`).

Run:  python3 Tests/tui/test_panes.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs pyte.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import BINARY  # noqa: E402
from test_terminal_tabs import PREFIX, REGION_ROWS, TOP, in_screen_focus, shell_with  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

# A program that says its size at the start and at each SIGWINCH, one line each.
SIZES = "trap 'stty size' WINCH; stty size; while :; do sleep 0.05; done"


def column(terminal, first, width):
    """Columns first..first+width-1 (1-based) of the region's rows, without trailing blanks."""
    return [line[first - 1:first - 1 + width].rstrip() for line in
            [row.ljust(terminal.columns) for row in terminal.lines()[TOP - 1:TOP - 1 + REGION_ROWS]]]


def test_prefix_keys_split_move_zoom_and_close_and_each_program_sees_its_pane():
    with shell_with(f'add-tab terminal --id a -- sh -c "{SIZES}"') as t:
        in_screen_focus(t, "a")
        t.wait(lambda t: column(t, 1, 80)[0] == f"{REGION_ROWS} 80", "a at the whole region")
        # Prefix %: a shell side by side, with the focus; a keeps 40 columns and is told once.
        t.type(PREFIX + "%")
        in_screen_focus(t, "terminal")
        t.wait(lambda t: column(t, 1, 40)[:2] == [f"{REGION_ROWS} 80", f"{REGION_ROWS} 40"],
               "a's new size")
        assert all(row[40] == "│" or row[40] == "┃" for row in
                   [r.ljust(80) for r in t.lines()[TOP - 1:TOP - 1 + REGION_ROWS]]), t.lines()
        t.wait(lambda t: column(t, 42, 39)[0] == "$", "the new shell's prompt")
        t.type("stty size\r")
        t.wait(lambda t: column(t, 42, 39)[1] == f"{REGION_ROWS} 39", "the new pane's size")
        # Prefix Left: the focus goes to a; prefix Right back; prefix Up, past the top, nothing.
        t.type(PREFIX + "\x1b[D")
        in_screen_focus(t, "a")
        t.type(PREFIX + "\x1b[C")
        in_screen_focus(t, "terminal")
        t.type(PREFIX + "\x1b[A")
        t.pump(0.3)
        in_screen_focus(t, "terminal")
        # Prefix z: the shell fills the tab; a is not shown; again, back as it was.
        t.type(PREFIX + "z")
        t.type("clear; stty size\r")
        t.wait(lambda t: column(t, 1, 80)[0] == f"{REGION_ROWS} 80", "the zoomed pane's size")
        t.type(PREFIX + "z")
        t.wait(lambda t: column(t, 1, 40)[:2] == [f"{REGION_ROWS} 80", f"{REGION_ROWS} 40"],
               "a shown again")
        # a's size never changed while the other pane was zoomed: it was told nothing.
        assert column(t, 1, 40)[:3] == [f"{REGION_ROWS} 80", f"{REGION_ROWS} 40", ""], column(t, 1, 40)
        # Prefix x: the shell's pane closes; a gets the whole region back, told once.
        t.type(PREFIX + "x")
        in_screen_focus(t, "a")
        t.wait(lambda t: column(t, 1, 80)[:3] == [f"{REGION_ROWS} 80", f"{REGION_ROWS} 40",
                                                  f"{REGION_ROWS} 80"], "a's whole region again")
        t.pump(0.3)
        assert column(t, 1, 80)[3] == "", column(t, 1, 80)


def test_a_click_focuses_a_pane_and_a_drag_on_the_border_resizes():
    with shell_with(f'add-tab terminal --id a -- sh -c "{SIZES}"',
                    f'split --vertical terminal --id b -- sh -c "{SIZES}"') as t:
        in_screen_focus(t, "b")
        # a has the top rows: 9 of 19 (b the smaller half), b below the border row. (a may have
        # said the whole region's size first, when it started before the split.)
        t.wait(lambda t: "9 80" in column(t, 1, 80)[:2], "a's size")
        told = [line for line in column(t, 1, 80)[:9] if line]
        t.click(10, TOP + 2)
        in_screen_focus(t, "a")
        # The border is the region's row 10: dragged 3 rows down, a grows to 12 rows.
        border = TOP + 9
        t.drag((30, border), (30, border + 3))
        t.wait(lambda t: "12 80" in column(t, 1, 80)[:12], "a told its new size")
        t.pump(0.3)
        # Each step of the drag that moved the border was one size; the last is 12 rows.
        sizes = [line for line in column(t, 1, 80)[:12] if line][len(told):]
        assert sizes[-1] == "12 80" and set(sizes) <= {"10 80", "11 80", "12 80"}, sizes


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
