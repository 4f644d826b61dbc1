#!/usr/bin/env python3
"""Tests of the full-screen mode (docs/Contract.md, "The full-screen mode") in a real pseudo-terminal,
with a terminal emulator (pyte) reading the screen back: clicks, the protruding action button, the
bar's markers, the wheel, drags that commit and cancel (their lifecycle read from `trace json --to`),
keys in both focuses, resizing, and the terminal given back on every way out.

Run:  python3 Tests/tui/test_tui.py [WORD...]     (prints "N passed, N failed"; exits 1 on a failure)
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs pyte (`pip install pyte`).
"""

import json
import os
import platform
import re
import signal
import subprocess
import sys
import tempfile
import termios
import time

import pexpect

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import BINARY, ENTER, LEAVE, ROOT, TIMEOUT, Terminal, environment  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

PROMPT = "tabshell:home>"


def started(*arguments, columns=80, rows=24, **options):
    """A `tabshell --tui --norc` (the demo layout) that has drawn its first frame."""
    terminal = Terminal(("--tui", "--norc", *arguments), columns=columns, rows=rows, **options)
    terminal.wait(lambda t: "tabshell:" in t.row(t.rows), "the command line")
    return terminal


def run(terminal, line):
    """Types `line` at the command line, waits until it shows there, types Return and waits until
    it has run (the frame after it no longer shows the line), then for the screen to settle."""
    tail = line[-12:]
    terminal.type(line)
    terminal.wait(lambda t: t.row(t.rows).rstrip().endswith(tail), f"'{line}' typed")
    terminal.type("\r")
    terminal.wait(lambda t: not t.row(t.rows).rstrip().endswith(tail), f"'{line}' to run")
    terminal.settle()


def processed(terminal):
    """Waits until everything sent so far has been handled: input is handled in order, and then a
    check that prints nothing (the bar is shown) has run."""
    run(terminal, "expect bar shown")


def events(terminal, name="trace.log"):
    """The trace written with `trace json --to NAME`, one event a line, as readable words."""
    with open(os.path.join(terminal.home, name), encoding="utf-8") as handle:
        lines = [json.loads(line) for line in handle if line.strip()]
    words = []
    for event in lines:
        if "screen" in event and event["event"] != "log":
            words.append(f"{event['event']} {event['screen']}")
        elif "tab" in event:
            words.append(f"{event['event']} {event['id']}")
    return words


def gave_the_terminal_back(terminal):
    """The leave sequence comes after the last frame: nothing is drawn once the terminal is given
    back, and every mode the full-screen mode turned on is off."""
    output = terminal.output
    return LEAVE in output and output.rfind(LEAVE) > output.rfind(b"\x1b[?2026h")


def selected_titles_row(terminal):
    return terminal.row(terminal.rows - 1)


# The bar: clicks, the protruding button, markers, the wheel.


def test_it_opens_full_screen_with_the_bar_under_the_screen():
    with started() as t:
        assert ENTER in t.output, t.output[:80]
        assert "[1 Home]" in t.row(23) and "<Post>" in t.row(23) and "4 Profile" in t.row(23)
        assert "╭─⊕─╮" in t.row(20), t.text()
        assert "Welcome to TabShell" in t.text()
        assert t.row(24).startswith(PROMPT)


def test_a_click_on_a_tab_selects_it_with_its_hooks():
    with started() as t:
        run(t, "trace json --to trace.log")
        column, row = t.find("2 Feed")
        t.click(column + 1, row - 1)  # the icons row of its slot
        t.wait_text("[2 Feed]")
        assert t.row(24).startswith("tabshell:feed>")
        assert events(t) == [
            "should-select feed", "viewDidLoad feed", "viewWillAppear feed",
            "viewWillDisappear home", "viewDidDisappear home", "viewDidAppear feed",
            "did-select feed",
        ]


def test_the_protruding_action_button_catches_clicks_above_the_bar():
    with started() as t:
        column, row = t.find("╭─⊕─╮")
        assert row == 20  # 20 rows of screen area, 3 of bar, the command line
        t.click(column - 2, row)  # the same row, beside the cap: the screen's
        processed(t)
        assert not t.row(1).startswith("modal")
        t.click(column + 4, row)  # the cap's last cell
        t.wait(lambda t: t.row(1).startswith("modal"), "the presented screen")
        assert "New post" in t.text()
        run(t, "dismiss")
        assert not t.row(1).startswith("modal")


def test_a_click_on_a_marker_pages_the_bar_and_keeps_the_selection():
    with started(columns=40, rows=12) as t:
        run(t, "layout demo; " + "; ".join(f"add-tab text --id t{n}" for n in range(1, 21)))
        run(t, "tab 2")
        before = t.row(11)
        assert before.rstrip().endswith("+21"), before  # 21 tabs; the action button is no tab
        t.click(40, 11)
        t.wait(lambda t: t.row(11) != before, "the bar to page")
        assert t.row(11).startswith("+"), t.row(11)
        assert t.row(12).startswith("tabshell:feed>")
        t.click(1, 11)
        t.wait(lambda t: t.row(11) == before, "the bar to page back")


def test_the_wheel_over_the_bar_swipes_without_wrapping():
    with started() as t:
        t.wheel(False, 10, 23)
        t.wait_text("[2 Feed]")
        t.wheel(True, 10, 23)
        t.wait_text("[1 Home]")
        t.wheel(True, 10, 23)  # the first tab: a bounce
        t.wheel(True, 40, 10)  # the screen: nothing
        processed(t)
        assert "[1 Home]" in t.row(23)


# Drags: interactive swipes.


def test_a_drag_past_half_the_width_commits():
    with started() as t:
        run(t, "layout swipeable; trace json --to trace.log")
        t.drag((70, 10), (20, 10), steps=8)
        t.wait_text("[3 Star]")
        assert events(t) == [
            "viewDidLoad star", "viewWillAppear star", "viewWillDisappear play",
            "should-select star", "viewDidDisappear play", "viewDidAppear star", "did-select star",
        ]


def test_a_short_drag_is_cancelled_and_both_pages_show_while_it_slides():
    with started() as t:
        run(t, "layout swipeable; trace json --to trace.log")
        t.press(20, 10)
        t.move(25, 10)
        t.move(50, 10)
        # The page of music came in from the left, 30 columns of it; play moved right as far.
        t.wait(lambda t: t.row(10).find(" Play ") == 37 + 30, "two pages side by side")
        assert t.row(10).startswith("░" * 30) and t.row(1).find("Play") == 38 + 30, t.text()
        t.release(50, 10)
        t.wait(lambda t: t.row(10).index(" Play ") < 40, "the page to snap back")
        assert "[2 Play]" in t.row(23)
        assert events(t) == [
            "viewDidLoad music", "viewWillAppear music", "viewWillDisappear play",
            "viewWillAppear play", "viewDidAppear play", "viewWillDisappear music",
            "viewDidDisappear music",
        ]


def test_a_drag_at_the_end_bounces():
    with started() as t:
        run(t, "layout swipeable; tab 3; trace json --to trace.log")
        t.drag((70, 10), (5, 10))
        processed(t)
        assert "[3 Star]" in t.row(23)
        with open(os.path.join(t.home, "trace.log"), encoding="utf-8") as handle:
            assert handle.read() == '{"event":"did-bounce","direction":"left"}\n'


# Keys.


def test_keys_in_the_command_focus():
    with started() as t:
        t.key("alt-2")
        t.wait_text("[2 Feed]")
        run(t, "tab 3")
        assert "[3 Inbox]" in t.row(23)
        t.type("swi\t")
        t.wait(lambda t: t.row(24).endswith("swipe"), "completion")
        t.key("ctrl-c")
        t.key("ctrl-r")
        t.type("tab")
        t.wait(lambda t: "reverse-i-search" in t.row(24) and "tab 3" in t.row(24), "Ctrl-R")
        t.key("ctrl-c")
        t.key("up")
        t.wait(lambda t: t.row(24).endswith("tab 3"), "the history")
        t.key("ctrl-c")
        t.key("escape")
        t.wait(lambda t: t.row(24).startswith(" bar:inbox"), "the bar focus")


def test_lines_typed_ahead_all_run_in_order():
    with started() as t:
        t.type("tab 2\rtab 3\recho typed-ahead\r")
        t.wait_text("typed-ahead")
        assert "[3 Inbox]" in t.row(23)
        t.type("quit\r")
        assert t.finish() == 0
        with open(os.path.join(t.home, "state", "tabshell", "history"), encoding="utf-8") as h:
            assert h.read() == "tab 2\ntab 3\necho typed-ahead\nquit\n"


def test_answers_from_the_terminal_are_not_typed():
    # DCS, OSC, APC, PM and SOS strings the terminal sends back (answers to queries that reached
    # it) are dropped; the keys after them are keys (InputDecoderAnswerTests: Alt-P alone too).
    with started() as t:
        t.send(b"\x1bP1$r0;1m\x1b\\\x1bP>|xterm(388)\x1b\\\x1b]11;rgb:0000/0000/0000\x07"
               b"\x1b_Gi=31;OK\x1b\\\x1b^pm\x1b\\\x1bXsos\x1b\\echo after")
        t.wait(lambda t: t.row(24).rstrip().endswith("echo after"), "the keys after the answers")
        assert t.row(24).rstrip().endswith("> echo after"), t.row(24)
        assert t.row(24).split(">", 1)[1].strip() == "echo after", t.row(24)


def test_keys_in_the_bar_focus():
    with started() as t:
        t.key("escape")
        t.wait(lambda t: t.row(24).startswith(" bar:home"), "the bar focus")
        t.key("right")
        t.wait_text("[2 Feed]")
        t.type("4")
        t.wait_text("[4 Profile]")
        t.key("left")
        t.wait_text("[3 Inbox]")
        t.key("alt-1")
        t.wait_text("[1 Home]")
        t.type("h")
        t.wait(lambda t: "Home" not in t.row(23), "the bar to hide")
        t.type("h")
        t.wait_text("[1 Home]")
        t.type("?")
        t.wait_text("usage: tui")
        t.key("escape")
        t.wait(lambda t: "usage: tui" not in t.text(), "the panel to close")
        t.type(":")
        t.wait(lambda t: t.row(24).startswith(PROMPT), "the command focus")
        t.key("escape")
        t.wait(lambda t: t.row(24).startswith(" bar:home"), "the bar focus")
        t.type("q")
        assert t.finish() == 0
        assert gave_the_terminal_back(t)


def test_a_key_rebound_in_the_start_up_file_acts():
    home = tempfile.mkdtemp(prefix="tabshell-tui-")
    os.makedirs(os.path.join(home, "config", "tabshell"))
    with open(os.path.join(home, "config", "tabshell", "init.tabsh"), "w") as handle:
        handle.write("layout demo\nbind x 'tab 3; badge 3 new'\nunbind h\n"
                     "bind --focus command F2 toggle-bar\n")
    with Terminal(("--tui",), home=home) as t:
        t.wait(lambda t: "tabshell:" in t.row(t.rows), "the command line")
        t.key("f2")
        t.wait(lambda t: "Home" not in t.row(23), "F2 to hide the bar")
        t.key("f2")
        t.wait_text("[1 Home]")
        t.key("escape")
        t.wait(lambda t: t.row(24).startswith(" bar:home"), "the bar focus")
        t.type("x")
        t.wait(lambda t: "[3 Inbox]" in t.row(23) and "✉(new)" in t.row(22), "x to run")
        t.type("h")  # unbound in the start-up file: the bar stays
        t.type(":")
        t.wait(lambda t: t.row(24).startswith("tabshell:inbox>"), "the command focus")
        processed(t)
        assert "[3 Inbox]" in t.row(23) and "Home" in t.row(23)
        run(t, "keys; expect output 'x        tab 3; badge 3 new'")
        assert "error" not in t.text()
        t.type("quit\r")
        assert t.finish() == 0


def test_esc_dismisses_a_presented_screen_from_the_bar_focus_and_says_so():
    with started() as t:
        run(t, "present text --id sheet")
        t.key("escape")
        t.wait(lambda t: t.row(24).startswith(" bar:sheet"), "the bar focus")
        assert "Esc dismiss" in t.row(24)
        t.key("escape")
        t.wait(lambda t: t.row(24).startswith(" bar:home"), "the screen dismissed")
        assert "Esc dismiss" not in t.row(24)
        t.type(":")
        t.wait(lambda t: t.row(24).startswith(PROMPT), "the command focus")
        run(t, "expect modal none")
        assert "error" not in t.text()


def test_the_bar_focus_hints_name_the_keys_the_table_binds():
    with started() as t:
        run(t, "present text --id sheet; unbind Escape; bind x back; unbind q; unbind C-d")
        t.key("escape")  # the command focus's Escape, still bound: to the bar focus
        t.wait(lambda t: t.row(24).startswith(" bar:sheet"), "the bar focus")
        assert "x dismiss" in t.row(24) and "Esc" not in t.row(24) and "quit" not in t.row(24)
        t.type("x")
        t.wait(lambda t: t.row(24).startswith(" bar:home"), "the screen dismissed by x")
        assert "q quit" not in t.row(24) and "←/→ swipe" in t.row(24)


def test_esc_that_closes_the_panel_goes_to_the_bar_focus():
    with started() as t:
        run(t, "echo in the panel")
        t.wait_text("in the panel")
        t.key("escape")
        t.wait(lambda t: t.row(24).startswith(" bar:home"), "the bar focus")
        assert "in the panel" not in t.text()
        t.type("2")
        t.wait_text("[2 Feed]")
        t.type(":")
        t.wait(lambda t: t.row(24).startswith("tabshell:feed>"), "the command focus")
        assert t.row(24).rstrip() == "tabshell:feed>" or "Esc" in t.row(24), "nothing typed"


def test_output_shows_in_a_panel_and_help_reads_whole():
    with started() as t:
        run(t, "help")
        assert "Commands (help COMMAND for more):" in t.text()
        seen = set(t.lines())
        for _ in range(20):
            t.key("pagedown")
            t.settle()
            seen.update(t.lines())
        assert any(line.startswith("  panel ") for line in seen), "the last command"
        assert any(line.startswith("  tab ") for line in seen)
        t.key("escape")
        t.wait(lambda t: "Esc closes" not in t.row(1), "the panel to close")
        assert "Commands (help" not in t.text()
        t.wait(lambda t: t.row(24).startswith(" bar:home"), "the bar focus")
        t.type(":")
        run(t, "tab 9")
        assert "error: position 9 is out of range (1...4)" in t.text()
        run(t, "echo the next command closes it")
        assert "error: position 9" not in t.text()
        assert "the next command closes it" in t.text()


def test_tabs_and_show_read_plain_in_the_panel():
    # The frame is in colour (TERM=xterm-256color); the tables the panel shows have no escapes
    # written out (`\u{1B}[1m#\u{1B}[0m`), so they fit and line up.
    with started() as t:
        run(t, "tabs")
        text = t.text()
        assert "\\u{1B}" not in text, text
        rows = [line for line in t.lines() if "home" in line or "#  ID" in line]
        assert any("#  ID" in line for line in rows), text
        assert any("1  home" in line for line in rows), text
        run(t, "show")
        assert "\\u{1B}" not in t.text(), t.text()


def test_a_resize_draws_at_the_new_size():
    with started() as t:
        t.resize(40, 12)
        t.wait(lambda t: "3 Inb…" in t.row(11), "the bar at 40 columns")
        assert t.row(12).startswith(PROMPT)
        t.resize(100, 30)
        t.wait(lambda t: "3 Inbox" in t.row(29), "the bar at 100 columns")


# The terminal given back.


def test_every_way_out_gives_the_terminal_back():
    for keys, status in [("quit\r", 0), ("exit 3\r", 3), ("\x04", 0), ("\x1b", 0)]:
        with started() as t:
            t.type(keys)
            if keys == "\x1b":  # Esc, then (once the bar has the keys) q
                t.wait(lambda t: t.row(24).startswith(" bar:home"), "the bar focus")
                t.type("q")
            assert t.finish() == status, keys
            assert gave_the_terminal_back(t), (keys, t.output[-200:])


def test_sigterm_and_sighup_give_the_terminal_back_and_keep_the_history():
    for number in (signal.SIGTERM, signal.SIGHUP):
        with started() as t:
            run(t, f"echo kept-{number}")
            t.signal(number)
            assert t.finish() == 128 + number
            assert gave_the_terminal_back(t)
            with open(os.path.join(t.home, "state", "tabshell", "history"), encoding="utf-8") as h:
                assert f"echo kept-{number}\n" in h.read()


def test_a_fatal_signal_gives_the_terminal_back():
    with started() as t:
        t.signal(signal.SIGSEGV)
        assert t.finish() == -signal.SIGSEGV
        assert gave_the_terminal_back(t), t.output[-300:]
        assert b"error: tabshell crashed (SIGSEGV)" in t.output


def test_every_signal_that_ends_the_process_gives_the_terminal_back_first():
    # Those whose default action ends the process (SIGINT, SIGTERM, SIGHUP and the crashes have
    # tests of their own): the terminal is given back, then the signal ends it as it would have.
    numbers = [signal.SIGUSR1, signal.SIGUSR2, signal.SIGXFSZ, signal.SIGXCPU, signal.SIGVTALRM,
               signal.SIGPROF, signal.SIGPIPE, signal.SIGALRM, signal.SIGIO, signal.SIGPWR,
               signal.SIGSTKFLT, signal.SIGSYS, signal.SIGRTMIN, signal.SIGRTMAX]
    for number in numbers:
        with started() as t:
            processed(t)
            t.signal(number)
            assert t.finish() == -number, (signal.Signals(number).name, t.status)
            assert gave_the_terminal_back(t), (signal.Signals(number).name, t.output[-300:])
            local_modes = termios.tcgetattr(t.fd)[3]
            assert local_modes & termios.ICANON and local_modes & termios.ECHO, \
                signal.Signals(number).name


def test_a_crashing_plugin_gives_the_terminal_back():
    plugin = trap_plugin()
    with started() as t:
        t.type(f"load {plugin}\r")
        status = t.finish()
        # A Swift trap: `ud2` (SIGILL) on x86-64, `brk` (SIGTRAP) on arm64.
        assert status == -(signal.SIGILL if platform.machine() == "x86_64" else signal.SIGTRAP), status
        assert gave_the_terminal_back(t), t.output[-300:]
        assert f"error: plugin '{plugin}' crashed".encode() in t.output


def test_a_command_that_never_returns_still_gives_the_terminal_back_on_sigterm():
    # The loop cannot answer SIGTERM while a screen spins in viewDidLoad: the signal's deadline
    # ends the process with _exit, and must give the terminal back itself.
    plugin = fixture_plugin("Hang")
    with started() as t:
        run(t, f"load {plugin}")
        cpu = cpu_seconds(t.process.pid)
        t.type("add-tab hang --id h; tab h\r")
        deadline = time.monotonic() + TIMEOUT
        while cpu_seconds(t.process.pid) < cpu + 0.3:
            assert time.monotonic() < deadline, "the screen did not start spinning"
            t.pump(0.05)
        t.signal(signal.SIGTERM)
        assert t.finish() == 128 + signal.SIGTERM
        assert gave_the_terminal_back(t), t.output[-300:]


def cpu_seconds(pid):
    """The CPU time a process has used (user + system), from /proc."""
    with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def trap_plugin():
    return fixture_plugin("Trap")


def fixture_plugin(name):
    """One of the loader tests' plugins (Tests/TabShellLoaderTests/Fixtures/NAME.swift), built next
    to the binary's core."""
    build = os.path.dirname(BINARY)
    out = os.path.join(tempfile.mkdtemp(prefix="tabshell-fixture-"), f"lib{name}.so")
    subprocess.run(
        ["swiftc", "-emit-library", "-swift-version", "6", "-module-name", name,
         "-I", os.path.join(build, "Modules"), "-L", build, "-lTabShellKit", "-o", out,
         os.path.join(ROOT, "Tests", "TabShellLoaderTests", "Fixtures", f"{name}.swift")],
        check=True, capture_output=True)
    return out


def test_no_color_means_no_colour():
    with started(env=None) as plain:
        assert b"38;5;" in plain.output or b"38;2;" in plain.output
    home = tempfile.mkdtemp(prefix="tabshell-tui-")
    with started(home=home, env=environment(home, NO_COLOR="1")) as t:
        run(t, "tab 2")
        for colour in (b"38;5;", b"48;5;", b"38;2;", b"48;2;"):
            assert colour not in t.output
        assert "[2 Feed]" in t.row(23)
        column, row = t.find("[2 Feed]")
        assert t.screen.buffer[row - 1][column - 1].bold  # the selected tab: bold stays


# Styles: the Styles fixture draws each attribute and each kind of colour on a row of its own.

STYLE_ROWS = ["bold", "dim", "italic", "underline", "reverse", "strike", "named", "bright",
              "indexed", "rgb"]
ATTRIBUTES = {"bold": "bold", "italic": "italics", "underline": "underscore",
              "reverse": "reverse", "strike": "strikethrough"}


def styles_screen(*arguments, **env):
    """A full-screen mode in a terminal of `env` showing the Styles fixture's screen
    (Tests/TabShellLoaderTests/Fixtures/Styles.swift); returns each row's label → pyte's cell of
    its first letter, and everything the terminal got."""
    home = tempfile.mkdtemp(prefix="tabshell-tui-")
    with started("--plugin", fixture_plugin("Styles"), *arguments, home=home,
                 env=environment(home, **env)) as t:
        run(t, "add-tab --id s styles; tab s")
        cells = {}
        for label in STYLE_ROWS:
            column, row = t.find(label)
            cells[label] = t.screen.buffer[row - 1][column - 1]
        t.type("quit\r")
        assert t.finish() == 0
        return cells, t.output


def sgr_parameters(output):
    """Each SGR sequence's parameters, as numbers."""
    return [[int(p) for p in m.split(b";") if p] for m in re.findall(rb"\x1b\[([0-9;]*)m", output)]


def test_every_attribute_shows_and_colours_degrade_to_what_the_terminal_has():
    colours = {
        # TERM=xterm: 8 colours; bright ones and the palette's as their basic kin.
        (("TERM", "xterm"),): {"named": ("red", "blue"), "bright": ("red", "blue"),
                               "indexed": ("brown", "blue"), "rgb": ("blue", "white")},
        (("TERM", "xterm-16color"),): {"named": ("red", "blue"),
                                       "bright": ("brightred", "brightblue"),
                                       "indexed": ("brightbrown", "blue"),
                                       "rgb": ("brightblue", "white")},
        (("TERM", "xterm-256color"),): {"named": ("red", "blue"),
                                        "bright": ("brightred", "brightblue"),
                                        "indexed": ("ff8700", "00005f"),
                                        "rgb": ("0087ff", "c6c6c6")},
        (("TERM", "xterm"), ("COLORTERM", "truecolor")): {
            "named": ("red", "blue"), "bright": ("brightred", "brightblue"),
            "indexed": ("ff8700", "00005f"), "rgb": ("007aff", "c8c8c8")},
    }
    for env, expected in colours.items():
        cells, output = styles_screen(**dict(env))
        for label, (fg, bg) in expected.items():
            assert (cells[label].fg, cells[label].bg) == (fg, bg), (env, label)
        for label, attribute in ATTRIBUTES.items():
            assert getattr(cells[label], attribute), (env, label)
        assert re.search(rb"\x1b\[(0;)?2mdim", output), env  # pyte keeps no dim
        if env in ((("TERM", "xterm"),), (("TERM", "xterm-16color"),)):
            assert b"38;5;" not in output and b"38;2;" not in output, env
        if env == (("TERM", "xterm"),):  # no bright colour either: 30–37 and 40–47 only
            parameters = set(sum(sgr_parameters(output), []))
            # The attributes on (1–9) and off (22–29: an attribute that goes, when that is
            # shorter than a reset), the colours back to the terminal's own (39, 49).
            attributes = {0, 1, 2, 3, 4, 7, 9, 22, 23, 24, 27, 29, 39, 49}
            assert parameters <= attributes | set(range(30, 38)) | set(
                range(40, 48)), sorted(parameters)


def test_no_color_keeps_every_attribute_and_drops_every_colour():
    for arguments, env in (((), {"NO_COLOR": "1"}), (("--no-color",), {})):
        cells, output = styles_screen(*arguments, **env)
        for label in STYLE_ROWS:
            assert (cells[label].fg, cells[label].bg) == ("default", "default"), label
        for label, attribute in ATTRIBUTES.items():
            assert getattr(cells[label], attribute), label
        parameters = sum(sgr_parameters(output), [])
        assert re.search(rb"\x1b\[(0;)?2mdim", output)  # pyte keeps no dim
        assert set(parameters) <= {0, 1, 2, 3, 4, 7, 9}, sorted(set(parameters))


def test_tui_is_refused_without_a_terminal():
    home = tempfile.mkdtemp(prefix="tabshell-tui-")
    with Terminal(("--tui",), home=home, env=environment(home, TERM="dumb")) as t:
        assert t.finish() == 2
        assert b"cannot run on a dumb terminal (TERM=dumb)" in t.output
    piped = subprocess.run([BINARY, "--tui"], input=b"", capture_output=True, env=environment(home))
    assert piped.returncode == 2
    assert b"needs a terminal on standard input and output" in piped.stderr


# Process plugins: their live requests while the full-screen mode waits for a key.


def test_a_live_plugin_updates_the_bar_and_a_killed_one_is_said():
    example = os.path.join(ROOT, "plugins", "python", "example_counter.py")
    with started("--plugin", example) as t:
        run(t, "layout python-demo")
        # The clock sets its badge every second: the bar is drawn again without a key pressed.
        t.wait(lambda t: "◷(" in t.row(22), "the clock's badge")
        first = t.row(22)
        t.wait(lambda t: t.row(22) != first, "the badge to change")
        plugin = int(subprocess.run(["pgrep", "-P", str(t.process.pid)], capture_output=True,
                                    text=True).stdout.split()[0])
        os.kill(plugin, signal.SIGKILL)
        t.wait_text("error: plugin 'example-python' stopped: the plugin was killed by SIGKILL")
        t.type("quit\r")
        assert t.finish() == 0


# The line REPL and the full-screen mode: one session.


def test_tui_and_ctrl_x_ctrl_a_go_between_the_two_modes():
    with Terminal(("--norc",)) as t:
        t.wait_text(PROMPT)
        t.type("tab 2\r")
        t.wait_text("tabshell:feed>")
        t.type("tui\r")
        t.wait(lambda t: t.output.count(ENTER) == 1 and "[2 Feed]" in t.text(), "full-screen")
        t.type("echo half-typed")
        t.key("ctrl-x")
        t.key("ctrl-a")
        t.wait(lambda t: LEAVE in t.output, "the line REPL")
        t.wait(lambda t: t.lines()[t.screen.cursor.y].endswith("echo half-typed"), "the line kept")
        t.key("ctrl-x")
        t.key("ctrl-a")
        t.wait(lambda t: t.output.count(ENTER) == 2, "full-screen again")
        t.wait(lambda t: t.row(24).endswith("echo half-typed"), "the line kept")
        t.type("\r")
        t.wait_text("half-typed")
        t.type("quit\r")
        assert t.finish() == 0


def test_ctrl_z_suspends_and_fg_draws_again():
    home = tempfile.mkdtemp(prefix="tabshell-tui-")
    shell = pexpect.spawn("bash", ["--norc", "--noprofile", "-i"], env=environment(home, PS1="$ "),
                          cwd=home, dimensions=(24, 80), timeout=TIMEOUT)
    try:
        shell.expect_exact("$ ")
        shell.sendline(f"{BINARY} --tui --norc")
        shell.expect_exact("tabshell:home>")
        shell.send("\x1a")
        shell.expect(r"Stopped")
        shell.expect_exact("$ ")
        shell.sendline("fg")
        shell.expect_exact("\x1b[?1049h")  # the alternate screen again, and a whole frame
        shell.expect_exact("tabshell:home>")
        shell.sendline("quit")
        shell.expect_exact("\x1b[?1049l")
        shell.expect_exact("$ ")
        shell.sendline("echo status $?")
        shell.expect_exact("status 0")
    finally:
        shell.close(force=True)


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
