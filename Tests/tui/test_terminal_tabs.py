#!/usr/bin/env python3
"""Tests of terminal tabs (docs/Contract.md, "Terminal tabs") in the full-screen mode, in a real
pseudo-terminal, read back with a terminal emulator (pyte): real programs run in the tabs and
what pyte reads is what they draw — `sh` runs a command typed into it, `less` pages a file with
the keys and quits with `q`, `vi` inserts text and writes the file with `:wq`, a resize of the
outer terminal reaches the program (`stty size`), the wheel and the prefix key then PgUp /
PgDn scroll a tab back through the lines it kept, and a curses program that turns the mouse on
(two modes in one sequence, as ncurses does) gets a click.

Run:  python3 Tests/tui/test_terminal_tabs.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs pyte, less and vi
(`scripts/setup --test` installs them).
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import BINARY, Terminal, environment  # noqa: E402
from terminal import shell_with as tabshell_with  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

PREFIX = "\x02"  # Ctrl-B
PAGE_UP = "\x1b[5~"
PAGE_DOWN = "\x1b[6~"
# At 80 × 24 a tab's region is rows 2-20 (19 rows, 1-based as terminals count): the page's header
# is row 1, the bar rows 21-23, the focus line row 24.
TOP, REGION_ROWS = 2, 19


def shell_with(*lines, columns=80, rows=24, files=None):
    """A `tabshell --tui` whose start-up file runs `lines`, in a fresh home holding `files`."""
    return tabshell_with(*lines, columns=columns, rows=rows, files=files, LESSHISTFILE="-",
                         SHELL="/bin/sh", PS1="$ ")


def region(terminal):
    """The tab's rows, as text without trailing blanks."""
    return terminal.lines()[TOP - 1:TOP - 1 + REGION_ROWS]


def in_screen_focus(terminal, screen):
    terminal.wait(lambda t: t.row(t.rows).startswith(f" screen:{screen}"), f"the focus on {screen}")


def test_sh_runs_a_command_typed_into_it():
    with shell_with("add-tab terminal --id sh -- sh") as t:
        in_screen_focus(t, "sh")
        t.wait(lambda t: region(t)[0] == "$", "sh's prompt")
        t.type("echo $((6 * 7)) done\r")
        t.wait(lambda t: region(t)[:3] == ["$ echo $((6 * 7)) done", "42 done", "$"], "the output")
        assert region(t)[3:] == [""] * (REGION_ROWS - 3), region(t)
        # The terminal's cursor is the program's: after the prompt.
        assert (t.screen.cursor.y, t.screen.cursor.x) == (TOP + 1, 2), t.screen.cursor
        t.type("exit 3\r")
        t.wait_text("[exited 3]")


def test_less_pages_a_file_with_the_keys_and_quits():
    text = "".join(f"line {n}\n" for n in range(1, 101))
    with shell_with("add-tab terminal --id pager -- less notes.txt", files={"notes.txt": text}) as t:
        in_screen_focus(t, "pager")
        # less shows a screenful less its prompt line (the file's name, or ':' once it drew again)
        # at the region's size.
        page = REGION_ROWS - 1
        t.wait(lambda t: region(t)[:page] == [f"line {n}" for n in range(1, page + 1)]
               and region(t)[page] in ("notes.txt", ":"), "page 1 at the region's size")
        t.type(PAGE_DOWN)
        t.wait(lambda t: region(t)[:page] == [f"line {n}" for n in range(page + 1, 2 * page + 1)],
               "page 2")
        t.type("G")
        t.wait(lambda t: region(t)[page] == "(END)", "the end")
        assert region(t)[page - 1] == "line 100", region(t)
        t.type("q")
        t.wait_text("[exited 0]")


def test_vi_inserts_text_and_writes_the_file():
    vi = shutil.which("vi") or shutil.which("vim")
    assert vi, "no vi installed (scripts/setup --test installs vim-tiny)"
    with shell_with(f"add-tab terminal --id vi -- {vi} -u NONE -n notes.txt") as t:
        in_screen_focus(t, "vi")
        t.wait(lambda t: region(t)[1] == "~", "vi's empty buffer")
        t.type("ihello from vi")
        t.wait(lambda t: region(t)[0] == "hello from vi", "the text inserted")
        t.type("\x1b")
        t.pump(0.3)
        t.type(":wq\r")
        t.wait_text("[exited 0]")
        with open(os.path.join(t.home, "notes.txt")) as handle:
            assert handle.read() == "hello from vi\n"


def test_an_outer_paste_over_64_kib_reaches_the_program_whole():
    text = "".join(chr(0x21 + n % 90) for n in range(65_537))
    expected = ("\x1b[200~" + text + "\x1b[201~").encode()
    program = (f"stty raw -echo; printf '\\033[?2004hready'; head -c {len(expected)} > read;"
               " touch done; exec sleep 100")
    with shell_with(f'add-tab terminal --id r -- sh -c "{program}"') as t:
        in_screen_focus(t, "r")
        t.wait(lambda t: region(t)[0] == "ready", "the program")
        # In pieces, the frames read between them: the outer terminal's buffer is 4 KiB.
        for start in range(0, len(expected), 4096):
            t.send(expected[start:start + 4096])
            t.pump(0.01)
        done = os.path.join(t.home, "done")
        t.wait(lambda t: os.path.exists(done), "the whole paste read")
        with open(os.path.join(t.home, "read"), "rb") as handle:
            assert handle.read() == expected


def test_the_windows_focus_reaches_a_program_that_asked():
    # The mode turns focus reports on (mode 1004); the outer terminal's reach the focused tab's
    # program once it asked for them (ESC [ ? 1004 h), as tmux passes them on.
    # The program reads until the reports sent below came; before them it may get a focus-in of
    # its own, when the screen focus came to its tab after it asked (as tmux reports a pane's
    # focus when it gains it), which depends on which came first.
    reader = ("import os, sys; data = b''\n"
              "while not data.endswith(b'\\x1b[O\\x1b[I'): data += os.read(0, 1)\n"
              "open('read', 'wb').write(data); open('done', 'w').close()")
    script = os.path.join(tempfile.gettempdir(), f"focus-reader-{os.getpid()}.py")
    with open(script, "w") as handle:
        handle.write(reader)
    program = f"stty raw -echo; printf '\\033[?1004hready'; python3 {script}; exec sleep 100"
    try:
        with shell_with(f'add-tab terminal --id f -- sh -c "{program}"') as t:
            in_screen_focus(t, "f")
            assert b"\x1b[?1004h" in t.output, t.output[:200]
            t.wait(lambda t: region(t)[0] == "ready", "the program")
            t.send(b"\x1b[O\x1b[I")
            t.wait(lambda t: os.path.exists(os.path.join(t.home, "done")), "the reports read")
            with open(os.path.join(t.home, "read"), "rb") as handle:
                assert handle.read() in (b"\x1b[O\x1b[I", b"\x1b[I\x1b[O\x1b[I")
    finally:
        os.remove(script)


def test_a_program_the_start_up_file_starts_starts_at_its_region():
    # The start-up file runs before the mode opens (no bar yet, no command line): the program
    # still starts at the region its tab has in the mode, and says so before the mode draws it.
    with shell_with("add-tab terminal --id sz -- sh -c 'stty size; sleep 5'", "sleep 0.5") as t:
        in_screen_focus(t, "sz")
        t.wait(lambda t: region(t)[0] != "", "the program's first output")
        assert region(t)[0] == f"{REGION_ROWS} 80", region(t)


def test_a_resize_of_the_outer_terminal_reaches_the_program():
    program = "trap 'stty size' WINCH; stty size; while :; do sleep 0.05; done"
    with shell_with(f'add-tab terminal --id sz -- sh -c "{program}"') as t:
        in_screen_focus(t, "sz")
        t.wait(lambda t: f"{REGION_ROWS} 80" in region(t), "the region's size")
        t.resize(100, 30)
        # The region grew with the terminal: 6 rows and 20 columns more.
        t.wait(lambda t: f"{REGION_ROWS + 6} 100" in region(t), "the new size")
        t.resize(60, 20)
        t.wait(lambda t: f"{REGION_ROWS - 4} 60" in t.text(), "the smaller size")


def test_a_wait_for_a_regular_expression_keeps_its_timeout_and_ctrl_c_stops_it():
    # `(a+)+$` over 26 a's and a `!`: hours for a backtracking search, which neither --timeout nor
    # Ctrl-C stopped.
    program = "sh -c 'printf a%.0s $(seq 26); printf !; sleep 100'"
    script = (f"add-tab terminal --id t -- {program}; wait-for --to t a!; "
              "wait-for --timeout 1 --regex '(a+)+$'")
    home = tempfile.mkdtemp(prefix="tabshell-tui-")
    try:
        started = time.monotonic()
        done = subprocess.run([BINARY, "-c", script], capture_output=True, text=True, timeout=60,
                              env=environment(home), stdin=subprocess.DEVNULL)
        assert time.monotonic() - started < 30, time.monotonic() - started
        assert done.returncode == 1 and done.stderr == (
            "-c:1:101: error: wait-for timed out after 1 s: screen 't' does not show a match of "
            "'(a+)+$'; its text:\n    | " + "a" * 26 + "!\n"), done
    finally:
        shutil.rmtree(home, ignore_errors=True)
    with shell_with(f"add-tab terminal --id t -- {program}") as t:
        in_screen_focus(t, "t")
        t.wait(lambda t: region(t)[0] == "a" * 26 + "!", "the a's")
        t.type(PREFIX + ":")
        t.wait(lambda t: t.row(t.rows).startswith("tabshell:t>"), "the command line")
        t.type("wait-for --timeout 60 --regex '(a+)+$'\r")
        t.pump(1)
        # Ctrl-C as the terminal sends it while a command runs (the harness's pseudo-terminal is
        # not the shell's controlling terminal).
        t.signal(signal.SIGINT)
        # The next line runs at once: the wait was given up.
        t.type("close-tab --force t\r")
        t.wait_text("No tabs.", timeout=5)


def test_the_wheel_and_prefix_page_up_scroll_back_and_a_key_returns():
    with shell_with("add-tab terminal --id log -- sh -c 'seq 1 100; exec cat'") as t:
        in_screen_focus(t, "log")
        # 100 lines and the cursor's row: 82 scrolled off the top.
        t.wait(lambda t: region(t)[:18] == [str(n) for n in range(83, 101)], "the last lines")
        t.wheel(True, 10, 10)
        t.wait(lambda t: region(t)[0].startswith("80 ") and region(t)[0].endswith("[3/82]"),
               "three lines back")
        assert region(t)[1:] == [str(n) for n in range(81, 99)], region(t)
        # The position shows in reverse video at the top right.
        assert t.screen.buffer[TOP - 1][79].reverse and t.screen.buffer[TOP - 1][79].data == "]"
        t.type(PREFIX + PAGE_UP)
        t.wait(lambda t: region(t)[0].endswith("[21/82]"), "a page back")
        assert region(t)[0].startswith("62 ") and region(t)[-1] == "80", region(t)
        t.type(PREFIX + PAGE_DOWN)
        t.wait(lambda t: region(t)[0].endswith("[3/82]"), "a page forward")
        t.wheel(False, 10, 10)
        t.wait(lambda t: region(t)[0] == "83", "the bottom again")
        # Back again, then a key: the view returns to the bottom and the key reaches cat.
        t.wheel(True, 10, 10)
        t.wait(lambda t: region(t)[0].endswith("[3/82]"), "back again")
        t.type("typed\r")
        t.wait(lambda t: region(t)[-4:] == ["100", "typed", "typed", ""], "the key at the bottom")
        assert "/82]" not in t.text() and "/83]" not in t.text(), t.text()


# A curses program that turns the mouse on as ncurses does for xterm-256color (`ESC [ ? 1006 ;
# 1000 h`: two modes in one sequence), then writes where the mouse's first event was and whether
# it pressed button 1.
CURSES_CLICK = """import curses, sys
def main(screen):
    curses.mousemask(curses.ALL_MOUSE_EVENTS)
    curses.mouseinterval(0)
    screen.addstr(0, 0, "ready")
    screen.refresh()
    while screen.getch() != curses.KEY_MOUSE:
        pass
    _, x, y, _, state = curses.getmouse()
    with open("clicked", "w") as handle:
        handle.write(f"{x} {y} {int(bool(state & curses.BUTTON1_PRESSED))}")
curses.wrapper(main)
"""


def test_a_curses_program_that_turns_the_mouse_on_gets_a_click():
    with shell_with("add-tab terminal --id c -- python3 click.py", files={"click.py": CURSES_CLICK}) as t:
        in_screen_focus(t, "c")
        t.wait(lambda t: region(t)[0] == "ready", "the program")
        # Button 1 pressed at column 11, the region's row 4 (1-based): the tab's cell (10, 3).
        t.press(11, TOP + 3)
        clicked = os.path.join(t.home, "clicked")
        t.wait(lambda t: os.path.exists(clicked) and os.path.getsize(clicked) > 0, "the click read")
        with open(clicked) as handle:
            clicked = handle.read()
        assert clicked == "10 3 1", clicked


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
