#!/usr/bin/env python3
"""Tests of split screens (docs/Contract.md, "Split screens") in the full-screen mode, in a real
pseudo-terminal read back with pyte: the prefix keys split a pane with a shell (`%` side by side,
`"` one above the other), move between panes (arrows), zoom (`z`) and close (`x`); a click
focuses a pane, a drag on a border resizes, and a mouse selection stays in its pane; each program
gets SIGWINCH once per change and sees its pane's size (`stty size`); vim, a shell and top in three
panes show as in tmux 3.3a's panes of the same splits, before and after a resize.

Run:  python3 Tests/tui/test_panes.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs pyte.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import BINARY  # noqa: E402
from test_terminal_tabs import PREFIX, REGION_ROWS, TOP, in_screen_focus, shell_with  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

# A program that says its size at the start and at each SIGWINCH, one line each.
SIZES = "trap 'stty size' WINCH; stty size; while :; do sleep 0.05; done"


def column(terminal, first, width, rows=REGION_ROWS):
    """Columns first..first+width-1 (1-based) of the region's rows, without trailing blanks."""
    return [line[first - 1:first - 1 + width].rstrip() for line in
            [row.ljust(terminal.columns) for row in terminal.lines()[TOP - 1:TOP - 1 + rows]]]


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
        # Prefix x: the shell runs, so it asks first; n keeps it, y closes it, and a gets the
        # whole region back, told once.
        question = "close-pane: 1 program is running; close the pane anyway? (y/n)"
        t.type(PREFIX + "x")
        t.wait(lambda t: t.row(t.rows) == question, "the question")
        t.type("n")
        in_screen_focus(t, "terminal")
        t.type(PREFIX + "x")
        t.wait(lambda t: t.row(t.rows) == question, "the question again")
        t.type("y")
        in_screen_focus(t, "a")
        t.wait(lambda t: column(t, 1, 80)[:3] == [f"{REGION_ROWS} 80", f"{REGION_ROWS} 40",
                                                  f"{REGION_ROWS} 80"], "a's whole region again")
        t.pump(0.3)
        assert column(t, 1, 80)[3] == "", column(t, 1, 80)


def test_closing_a_tab_counts_the_programs_of_all_its_panes():
    with shell_with("add-tab terminal --id a -- sh", "split terminal --id b -- sh") as t:
        in_screen_focus(t, "b")
        t.type(PREFIX + "&")
        t.wait(lambda t: t.row(t.rows) == "close-tab: 2 programs are running; close the tab "
               "anyway? (y/n)", "the question")
        t.type("y")
        t.wait_text("No tabs.")


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


def test_a_mouse_selection_stays_in_its_pane():
    with shell_with("add-tab terminal --id a -- sh -c 'echo left-side-text; exec sleep 100'",
                    "split terminal --id b -- sh") as t:
        in_screen_focus(t, "b")
        t.wait(lambda t: column(t, 1, 40)[0] == "left-side-text" and column(t, 42, 39)[0] == "$",
               "both programs")
        t.click(5, TOP + 3)
        in_screen_focus(t, "a")
        # A drag from a's first cell along its row well into b: the selection stops at a's right
        # edge (b's prompt on that row is not in it).
        t.drag((1, TOP), (70, TOP))
        t.pump(0.3)
        t.click(50, TOP + 3)
        in_screen_focus(t, "b")
        t.type("echo ")
        t.type(PREFIX + "]")
        t.wait(lambda t: column(t, 42, 39)[0].startswith("$ echo left-side-text"), "the paste")
        t.pump(0.3)
        assert column(t, 42, 39)[:2] == ["$ echo left-side-text", ""], column(t, 42, 39)


def tmux_panes(folder, commands, columns, rows):
    """tmux 3.3a's panes for the same splits: vim, then `split-window -h` (a shell), then
    `split-window -v` of that (top), in a window of `columns` × `rows` without a status line; each
    pane's text (`capture-pane -p`), by name."""
    socket = os.path.join(folder, "tmux.sock")

    def tmux(*arguments):
        return subprocess.run(["tmux", "-S", socket, "-f", "/dev/null", *arguments], check=True,
                              capture_output=True, text=True, cwd=folder,
                              env=dict(os.environ, HOME=folder, TERM="xterm-256color",
                                       SHELL="/bin/sh", PS1="$ ")).stdout

    tmux("new-session", "-d", "-x", str(columns), "-y", str(rows), "-c", folder,
         commands["vim"], ";", "set", "-g", "status", "off", ";",
         "set", "-g", "window-size", "manual")
    panes = {"vim": tmux("display", "-p", "#{pane_id}").strip()}
    panes["sh"] = tmux("split-window", "-h", "-c", folder, "-P", "-F", "#{pane_id}",
                       commands["sh"]).strip()
    panes["top"] = tmux("split-window", "-v", "-c", folder, "-P", "-F", "#{pane_id}",
                        commands["top"]).strip()
    return tmux, panes


def test_vim_a_shell_and_top_in_three_panes_show_as_in_tmux():
    vi = shutil.which("vim") or shutil.which("vi")
    assert vi, "no vi installed (scripts/setup --test installs vim-tiny)"
    notes = "".join(f"line {n} of the notes\n" for n in range(1, 31))
    # The shell's pane writes once both sides have made every split ($HOME/go). (Its `stty size`
    # is not compared: tmux with no client attached resizes a pane's terminal when it gets to it.)
    shell = ("sh -c 'while [ ! -e \"$HOME/go\" ]; do sleep 0.05; done; printf \"ready\\\\n%s\\\\n\" "
             "\"a line longer than the pane is wide, which wraps at its edge\"; exec sleep 100'")
    # vim and top start then too, at their panes' sizes on both sides.
    wait = "while [ ! -e \"$HOME/go\" ]; do sleep 0.05; done; exec"
    commands = {"vim": f"sh -c '{wait} {vi} -u NONE -n notes.txt'", "sh": shell,
                "top": f"sh -c '{wait} top -d 100'"}
    folder = tempfile.mkdtemp(prefix="tabshell-tmux-")
    with open(os.path.join(folder, "notes.txt"), "w") as handle:
        handle.write(notes)
    tmux, panes = tmux_panes(folder, commands, 80, REGION_ROWS)
    try:
        with shell_with(f"add-tab terminal --id vim -- {commands['vim']}",
                        f"split terminal --id sh -- {shell}",
                        f"split --vertical terminal --id top -- {commands['top']}",
                        files={"notes.txt": notes}) as t:
            in_screen_focus(t, "top")
            for home in (folder, t.home):
                open(os.path.join(home, "go"), "w").close()
            # The panes' places: vim 40 columns, the border, the shell and top 39 columns, one
            # above the other, 9 rows each with a border row between (tmux's sizes).
            ours = {"vim": lambda: column(t, 1, 40),
                    "sh": lambda: column(t, 42, 39)[:9],
                    "top": lambda: column(t, 42, 39)[10:19]}
            t.wait(lambda t: ours["vim"]()[0] == "line 1 of the notes"
                   and ours["vim"]()[-1].startswith('"notes.txt"')
                   and ours["sh"]()[0] == "ready"
                   and ours["top"]()[0].startswith("top - "), "the three programs")
            deadline = time.monotonic() + 10
            while True:
                theirs = {name: tmux("capture-pane", "-p", "-t", pane).rstrip("\n").split("\n")
                          for name, pane in panes.items()}
                theirs = {name: [line.rstrip() for line in lines] for name, lines in theirs.items()}
                if (theirs["sh"][0] == "ready" and theirs["top"][0].startswith("top - ")
                        and theirs["vim"][-1].startswith('"notes.txt"')):
                    break
                assert time.monotonic() < deadline, theirs
                time.sleep(0.1)
            t.pump(0.3)
            # tmux's places, which the borders drawn here match: vim left, the shell and top right.
            places = tmux("list-panes", "-F",
                          "#{pane_left},#{pane_top} #{pane_width}x#{pane_height}").split()
            assert places == ["0,0", "40x19", "41,0", "39x9", "41,10", "39x9"], places
            rows = [line.ljust(80) for line in t.lines()[TOP - 1:TOP - 1 + REGION_ROWS]]
            assert {row[40] for row in rows} <= set("│┃┠┨┣┫┢┪╂┼"), rows
            assert set(rows[9][41:]) <= set("─━"), rows[9]
            # vim and the shell: every cell of their text the same.
            assert ours["vim"]() == theirs["vim"], (ours["vim"](), theirs["vim"])
            assert ours["sh"]() == theirs["sh"] + [""] * (9 - len(theirs["sh"])), (
                ours["sh"](), theirs["sh"])
            # top: the same rows of its summary and its table's header at the same places (its
            # numbers change from one moment to the next), no row wider than the pane.
            def shape(lines):
                words = ("top - ", "Tasks:", "%Cpu", "MiB Mem", "MiB Swap")
                return [next((w for w in words if line.startswith(w)), "PID" if " PID " in line
                             else "") for line in lines]
            mine = ours["top"]()
            assert shape(mine) == shape(theirs["top"] + [""] * (9 - len(theirs["top"]))), (
                mine, theirs["top"])
            assert all(len(line) <= 39 for line in mine), mine
            # Both resized to 100 columns and a region of 25 rows: the same places and vim's text.
            t.resize(100, REGION_ROWS + 11)
            tmux("resize-window", "-x", "100", "-y", str(REGION_ROWS + 6))
            places = tmux("list-panes", "-F",
                          "#{pane_left},#{pane_top} #{pane_width}x#{pane_height}").split()
            assert places == ["0,0", "50x25", "51,0", "49x12", "51,13", "49x12"], places
            rows = REGION_ROWS + 6
            t.wait(lambda t: column(t, 1, 50, rows) == [
                line.rstrip() for line in tmux("capture-pane", "-p", "-t", panes["vim"]).split("\n")
            ][:rows], "vim as tmux shows it at the new size")
    finally:
        subprocess.run(["tmux", "-S", os.path.join(folder, "tmux.sock"), "kill-server"],
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
