#!/usr/bin/env python3
"""Copy mode and paste buffers (docs/Contract.md, "Copy mode, buffers and the clipboard") in the
full-screen mode, in a real pseudo-terminal read back with pyte, as a user meets them: prefix [
over `sh`'s output, the vi keys, ? asking for a text on the command line, a selection copied with
y, and prefix ] pasting it back into `sh`; in `less`, a search and q leaving copy mode with the
program's keys its own again; a drag over `sh`'s output copied; a copy sent as OSC 52, and not
with `set clipboard off`; in a session, copy mode shared by two attached clients.

Run:  python3 Tests/tui/test_copy_mode.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs pyte and less.
"""

import base64
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import BINARY  # noqa: E402
from test_terminal_tabs import PREFIX, REGION_ROWS, TOP, in_screen_focus, region, shell_with  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sessions"))
from session import Sandbox  # noqa: E402 - Tests/sessions: sessions in a sandbox of their own

POSITION = re.compile(r"\[(\d+)/(\d+)\]$")


def position(terminal):
    """Copy mode's `[N/M]` at the region's top right, as numbers, or None."""
    found = POSITION.search(region(terminal)[0])
    return (int(found.group(1)), int(found.group(2))) if found else None


def cursor(terminal):
    """The terminal's cursor as (row in the region, column), both from 0."""
    return (terminal.screen.cursor.y - (TOP - 1), terminal.screen.cursor.x)


def test_a_selection_copied_in_copy_mode_is_pasted_back_with_prefix_bracket():
    with shell_with("add-tab terminal --id sh -- sh") as t:
        in_screen_focus(t, "sh")
        t.wait(lambda t: region(t)[0] == "$", "sh's prompt")
        t.type("seq 1 40; echo marker-$((1 + 1)) end\r")
        t.wait(lambda t: region(t)[-2:] == ["marker-2 end", "$"], "the output")
        t.type(PREFIX + "[")
        # 43 lines: the command, 40 numbers, the marker, the prompt; the cursor on the prompt's.
        t.wait(lambda t: position(t) == (0, 43), "copy mode")
        assert cursor(t) == (REGION_ROWS - 1, 2), cursor(t)
        # The focus line offers copy mode's keys.
        t.wait(lambda t: t.row(t.rows).startswith(" copy:"), "copy mode's hints")
        t.type("k0")
        t.wait(lambda t: position(t) == (1, 43) and cursor(t) == (REGION_ROWS - 2, 0), "k then 0")
        # ? asks for the text on the command line; Enter searches up for it.
        t.type("?")
        t.wait(lambda t: t.row(t.rows).startswith("(search up)"), "the question")
        t.type("3\r")
        # Up from "marker-2" (40 has none): "39", whose 3 is in column 0.
        t.wait(lambda t: position(t) == (3, 43) and cursor(t) == (REGION_ROWS - 4, 0), "the match")
        assert region(t)[-4] == "39", region(t)
        # The match at the cursor in magenta, the others in view in cyan.
        rows = t.screen.buffer
        assert [rows[TOP - 1 + REGION_ROWS - n][0].bg for n in (6, 5, 4, 3)] == \
            ["cyan", "cyan", "magenta", "default"], "37 38 39 40"
        t.type("n")
        t.wait(lambda t: position(t) == (4, 43), "n: 38")
        t.type("jjj")
        t.wait(lambda t: position(t) == (1, 43), "j j j: the marker")
        # w w: past "marker", then past "-".
        t.type("wwv$y")
        # y copied "2 end" and left copy mode: the program's screen and cursor again.
        t.wait(lambda t: position(t) is None and region(t)[-1] == "$", "copy mode left")
        assert cursor(t) == (REGION_ROWS - 1, 2), cursor(t)
        t.type("echo ")
        t.type(PREFIX + "]")
        t.wait(lambda t: region(t)[-1] == "$ echo 2 end", "the paste")
        t.type("\r")
        t.wait(lambda t: region(t)[-3:] == ["$ echo 2 end", "2 end", "$"], "the echo")


def test_a_drag_over_sh_copies_what_it_went_over():
    with shell_with("add-tab terminal --id sh -- sh") as t:
        in_screen_focus(t, "sh")
        t.wait(lambda t: region(t)[0] == "$", "sh's prompt")
        t.type("echo alpha beta-$((1 + 1)) gamma\r")
        t.wait(lambda t: region(t)[1:3] == ["alpha beta-2 gamma", "$"], "the output")
        # "beta-2": the region's columns 6 to 11 on its second row (the terminal's are 1-based).
        t.drag((7, TOP + 1), (12, TOP + 1))
        t.wait(lambda t: position(t) is None and cursor(t) == (2, 2), "the release")
        t.type("echo ")
        t.type(PREFIX + "]")
        t.wait(lambda t: region(t)[2] == "$ echo beta-2", "the paste")


def test_a_copy_goes_to_the_outer_terminals_clipboard_unless_it_is_off():
    with shell_with("add-tab terminal --id sh -- sh") as t:
        in_screen_focus(t, "sh")
        t.wait(lambda t: region(t)[0] == "$", "sh's prompt")
        t.type("echo copy-$((1 + 1))\r")
        t.wait(lambda t: region(t)[1] == "copy-2", "the output")
        t.type(PREFIX + "[k0v$y")
        sequence = b"\x1b]52;c;" + base64.b64encode(b"copy-2") + b"\x07"
        t.wait(lambda t: sequence in t.output, "OSC 52 with the copy")
        assert t.output.count(b"\x1b]52;") == 1, t.output[-300:]
        t.type(PREFIX + ":set clipboard off\r")
        t.wait(lambda t: t.row(t.rows).startswith(" "), "the command run")
        t.type("\x1b")
        in_screen_focus(t, "sh")
        t.type(PREFIX + "[k0v$y")
        t.wait(lambda t: position(t) is None, "the second copy")
        t.settle()
        assert t.output.count(b"\x1b]52;") == 1, t.output[-300:]


def test_in_less_copy_mode_takes_the_keys_until_q():
    text = "".join(f"line {n}\n" for n in range(1, 101))
    with shell_with("add-tab terminal --id pager -- less notes.txt",
                    files={"notes.txt": text}) as t:
        in_screen_focus(t, "pager")
        t.wait(lambda t: region(t)[0] == "line 1", "less's first page")
        t.type(PREFIX + "[")
        # less draws on the alternate screen: copy mode shows that screen alone.
        t.wait(lambda t: position(t) == (REGION_ROWS - 1 - cursor(t)[0], REGION_ROWS), "copy mode")
        # Keys less would take (G: the file's end; /: its search) are copy mode's.
        t.type("gG")
        t.wait(lambda t: position(t) == (0, REGION_ROWS), "G")
        t.type("/line 7\r")
        t.wait(lambda t: position(t) == (REGION_ROWS - 7, REGION_ROWS), "the search")
        assert region(t)[0].startswith("line 1 "), region(t)
        t.type("q")
        t.wait(lambda t: position(t) is None, "copy mode left")
        # Now G is less's again.
        t.type("G")
        t.wait(lambda t: "line 100" in region(t), "less at the end")


def test_in_a_session_copy_mode_is_the_tabs_and_every_client_moves_it():
    with Sandbox(["add-tab terminal --id t -- sh"]) as s:
        first = s.start("work")
        first.type("seq 1 30\r")
        first.wait(lambda t: region(t)[-2] == "30" and region(t)[-1] != "", "the output")
        second = s.client("attach", "work")
        second.wait(lambda t: region(t)[-2] == "30", "the output, attached")
        first.type(PREFIX + "[")
        # Both clients show the tab in copy mode, and the second's keys go to it.
        second.wait(lambda t: position(t) == (0, 32), "copy mode, in the other client")
        second.wait(lambda t: t.row(t.rows).startswith(" copy:"), "copy mode's keys, there too")
        second.type("kkV")
        first.wait(lambda t: position(t) == (2, 32), "the other client's keys")
        first.type("y")
        second.wait(lambda t: position(t) is None, "copy mode left, for both")
        assert s.send("show-buffer").stdout == "29\n"
        first.type(PREFIX + "d")
        second.type(PREFIX + "d")
        assert first.finish() == 0 and second.finish() == 0


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
