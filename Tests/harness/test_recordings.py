#!/usr/bin/env python3
"""Recordings read by a real player (docs/Contract.md, "Pictures, recordings, locators"):
`record-cast` files played by `asciinema cat` (PyPI asciinema) into a terminal emulator (pyte) of
the recording's size end on what `screenshot` took of the same screen at the same moment; the
recording of a program whose output scrolls stays small; `tabshell --tui --cast FILE` played so
ends on what the real terminal showed, and a resize is an event of its own.

Run:  python3 Tests/harness/test_recordings.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs asciinema and pyte
(`scripts/setup --test` installs them).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

import pyte

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "support"))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tui"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share
from terminal import Terminal  # noqa: E402 - Tests/tui: tabshell on a pseudo-terminal

ROOT = os.path.dirname(os.path.dirname(HERE))
BINARY = os.environ.get("TABSHELL_BIN", os.path.join(ROOT, ".build", "debug", "tabshell"))
# A program that draws in colour, then scrolls 60 numbered lines out, then says it is done.
PROGRAM = r"""printf '\033[1;31mred\033[0m \033[42;30mgreen\033[0m \346\274\242\345\255\227\n'
i=1; while [ $i -le 60 ]; do echo "line $i"; i=$((i+1)); sleep 0.01; done
printf 'done\n$ '; sleep 30
"""


def run_script(folder, text):
    with open(os.path.join(folder, "program.sh"), "w", encoding="utf-8") as handle:
        handle.write(PROGRAM)
    with open(os.path.join(folder, "s.tabsh"), "w", encoding="utf-8") as handle:
        handle.write(text)
    result = subprocess.run(
        [BINARY, "--norc", "s.tabsh"], cwd=folder, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr


def recorded(script):
    """Runs `script` in a fresh folder with the program beside it; returns the folder (removed by
    the caller)."""
    folder = tempfile.mkdtemp(prefix="tabshell-casts-")
    run_script(folder, script)
    return folder


def played(path):
    """What `asciinema cat` prints of a recording, fed to pyte at the recording's size."""
    with open(path, encoding="utf-8") as handle:
        header = json.loads(handle.readline())
    assert header["version"] == 2, header
    result = subprocess.run(
        [sys.executable, "-m", "asciinema", "cat", path], capture_output=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    screen = pyte.Screen(header["width"], header["height"])
    stream = pyte.ByteStream(screen)
    stream.feed(result.stdout)
    return header, [line.rstrip() for line in screen.display]


def screenshot_lines(folder, name, rows):
    with open(os.path.join(folder, name), encoding="utf-8") as handle:
        lines = handle.read().split("\n")[:rows]
    return lines + [""] * (rows - len(lines))


def test_asciinema_plays_a_terminal_tab_to_what_its_screenshot_shows():
    folder = recorded(
        "size 50 14\nadd-tab terminal --id t -- sh program.sh\nrecord-cast --to t t.cast\n"
        "wait-for --to t done\nscreenshot --to t t.txt\nrecord-cast --stop\n"
    )
    try:
        header, screen = played(os.path.join(folder, "t.cast"))
        # The region at 50 × 14: the header row and the bar's three rows left out.
        assert (header["width"], header["height"]) == (50, 10), header
        assert screen == screenshot_lines(folder, "t.txt", 10), screen
        assert screen[-3:-1] == ["line 60", "done"], screen
    finally:
        shutil.rmtree(folder)


def test_the_whole_frames_recording_plays_to_the_frame():
    folder = recorded(
        "size 50 14\nrecord-cast frame.cast\nadd-tab terminal --id t -- sh program.sh\n"
        "wait-for --to t done\nscreenshot frame.txt\n"
    )
    try:
        header, screen = played(os.path.join(folder, "frame.cast"))
        assert (header["width"], header["height"]) == (50, 14), header
        assert screen == screenshot_lines(folder, "frame.txt", 14), screen
        assert "done" in screen and "[1 sh]" in " ".join(screen), screen
    finally:
        shutil.rmtree(folder)


def test_scrolling_output_is_recorded_as_line_feeds():
    folder = recorded(
        "size 50 14\nadd-tab terminal --id t -- sh program.sh\nrecord-cast --to t t.cast\n"
        "wait-for --to t done\n"
    )
    try:
        with open(os.path.join(folder, "t.cast"), encoding="utf-8") as handle:
            events = [json.loads(line) for line in handle.readlines()[1:]]
        data = "".join(event[2] for event in events if event[1] == "o")
        # Each of the 60 lines is written once (as the last row after a line feed), not the
        # whole screen again each time.
        assert all(data.count(f"line {n}\x1b") + data.count(f"line {n}\n") <= 2
                   for n in range(1, 61)), data
        assert data.count("\x1b[2K") < 200, data.count("\x1b[2K")
    finally:
        shutil.rmtree(folder)


def test_the_full_screen_modes_recording_plays_to_what_the_terminal_showed():
    folder = tempfile.mkdtemp(prefix="tabshell-casts-")
    cast = os.path.join(folder, "tui.cast")
    try:
        with Terminal(("--tui", "--norc", "--cast", cast), columns=60, rows=16) as terminal:
            terminal.wait_text("TabShell")
            terminal.type("add-tab text --id hello --title Hello\r")
            terminal.wait_text("Hello")
            terminal.resize(70, 18)
            terminal.settle()
            terminal.type("echo recorded\r")
            terminal.wait_text("recorded")
            terminal.settle()
            shown = [line.rstrip() for line in terminal.screen.display]
            terminal.type("quit\r")
            assert terminal.finish() == 0
        header, screen = played(cast)
        # The header says the terminal's size at the start; the resize is an event, and the
        # player (asciinema cat into a screen of the new size) ends on what the terminal showed.
        assert (header["width"], header["height"]) == (60, 16), header
        with open(cast, encoding="utf-8") as handle:
            events = [json.loads(line) for line in handle.readlines()[1:]]
        assert ["r", "70x18"] in [event[1:] for event in events], events[:5]
        result = subprocess.run([sys.executable, "-m", "asciinema", "cat", cast],
                                capture_output=True, timeout=60)
        player = pyte.Screen(70, 18)
        pyte.ByteStream(player).feed(result.stdout)
        assert [line.rstrip() for line in player.display] == shown, (player.display, shown)
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
