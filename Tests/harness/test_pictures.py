#!/usr/bin/env python3
"""Pictures and recordings of terminal tabs read by real consumers (docs/Contract.md, "Pictures,
recordings, locators"): `screenshot FILE.svg` rendered by cairosvg (a real SVG renderer) and its
pixels looked at cell by cell; `screenshot FILE.txt` and `.ansi` against what tmux 3.3a captures
of the same program at the same size.

Run:  python3 Tests/harness/test_pictures.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs cairosvg (with Pillow) and tmux
(`scripts/setup --test` installs them).
"""

import io
import re
import os
import shutil
import subprocess
import sys
import tempfile
import time

import cairosvg
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

ROOT = os.path.dirname(os.path.dirname(HERE))
BINARY = os.environ.get("TABSHELL_BIN", os.path.join(ROOT, ".build", "debug", "tabshell"))
# The picture's grid (Sources/TabShellRendering/Picture): 9 × 18 pixels a cell.
CELL_WIDTH, CELL_HEIGHT = 9, 18
# What the program in the tab prints: styled words on two rows, then waits.
PROGRAM = (
    r"printf '\033[1;31mred\033[0m \033[42;30mgreen\033[0m \033[48;5;208mhot\033[0m "
    r"\033[48;2;10;20;200mdeep\033[0m \033[7mrev\033[0m\n\033[4munder\033[0m \346\274\242\345\255\227 ok\n$ '"
    "; sleep 30"
)


def run_script(folder, text):
    path = os.path.join(folder, "s.tabsh")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    result = subprocess.run(
        [BINARY, "--norc", "s.tabsh"], cwd=folder, capture_output=True, text=True, timeout=60,
        env=dict(os.environ, SHELL="/bin/sh"),
    )
    assert result.returncode == 0, result.stderr
    return result


def pictures(*kinds):
    """Runs the program in a terminal tab of 40 × 8 (the bar hidden, the header row above) and
    takes its region's screenshot in each kind; returns the folder and the files' contents."""
    folder = tempfile.mkdtemp(prefix="tabshell-pictures-")
    with open(os.path.join(folder, "program.sh"), "w", encoding="utf-8") as handle:
        handle.write(PROGRAM + "\n")
    shots = "\n".join(f"screenshot --to t shot.{kind}" for kind in kinds)
    run_script(
        folder,
        f"size 40 9\nhide-bar\nadd-tab terminal --id t -- sh program.sh\n"
        f"wait-for --to t '$'\n{shots}\n",
    )
    contents = {}
    for kind in kinds:
        with open(os.path.join(folder, f"shot.{kind}"), "rb") as handle:
            contents[kind] = handle.read()
    shutil.rmtree(folder)
    return contents


def pixel(image, column, row, dx=0.5, dy=0.5):
    """The colour at a point of a cell (0-based), by default its middle."""
    return image.getpixel((int((column + dx) * CELL_WIDTH), int((row + dy) * CELL_HEIGHT)))[:3]


def cell_colours(image, column, row):
    """Every colour in a cell, with how many pixels have it."""
    box = (column * CELL_WIDTH, row * CELL_HEIGHT, (column + 1) * CELL_WIDTH, (row + 1) * CELL_HEIGHT)
    return {colour[:3]: count for count, colour in image.crop(box).getcolors(1000)}


def test_cairosvg_renders_every_cell_where_it_belongs():
    svg = pictures("svg")["svg"]
    png = cairosvg.svg2png(bytestring=svg)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (40 * CELL_WIDTH, 8 * CELL_HEIGHT), image.size
    background = (0x0C, 0x0C, 0x0C)
    # Backgrounds: green (palette 2) under "green", xterm's 208 under "hot", 24-bit under "deep",
    # the terminal's own foreground under "rev" (reversed), and the terminal's own elsewhere.
    assert pixel(image, 4, 0, dy=0.1) == (0x13, 0xA1, 0x0E)
    assert pixel(image, 10, 0, dy=0.1) == (0xFF, 0x87, 0x00)
    assert pixel(image, 14, 0, dy=0.1) == (10, 20, 200)
    assert pixel(image, 19, 0, dy=0.1) == (0xCC, 0xCC, 0xCC)
    assert pixel(image, 3, 0) == background and pixel(image, 30, 5) == background
    # Red text in "red": red pixels in each of its cells, none in the blank after it.
    for column in range(3):
        assert (0xC5, 0x0F, 0x1F) in cell_colours(image, column, 0), column
    assert set(cell_colours(image, 3, 0)) == {background}
    # The underline under "under", in the text's colour, one pixel high at y 16 of the row.
    for column in range(5):
        assert pixel(image, column, 1, dy=16.5 / CELL_HEIGHT) == (0xCC, 0xCC, 0xCC), column
    # The cursor after "$ ": a block in the foreground's colour.
    assert pixel(image, 2, 2) == (0xCC, 0xCC, 0xCC) and pixel(image, 3, 2) == background
    # The two wide characters take columns 6-9: something is drawn in each pair, and "ok" starts
    # at column 11.
    assert len(cell_colours(image, 6, 1)) > 1 and len(cell_colours(image, 8, 1)) > 1
    assert set(cell_colours(image, 10, 1)) == {background}
    assert len(cell_colours(image, 11, 1)) > 1


def tmux_capture(columns, rows, escapes):
    """What tmux shows of the program in a pane of `columns` × `rows`."""
    socket = tempfile.mktemp(prefix="tabshell-tmux-")
    command = ["tmux", "-S", socket, "-f", "/dev/null"]
    subprocess.run(
        command + ["new-session", "-d", "-x", str(columns), "-y", str(rows), "sh", "-c", PROGRAM],
        check=True, env=dict(os.environ, TERM="xterm-256color"),
    )
    try:
        deadline = time.time() + 10
        while True:
            text = subprocess.run(
                command + ["capture-pane", "-p"] + (["-e"] if escapes else []),
                check=True, capture_output=True, text=True,
            ).stdout
            if "$" in text or time.time() > deadline:
                return text
            time.sleep(0.05)
    finally:
        subprocess.run(command + ["kill-server"], capture_output=True)


def test_the_text_is_what_tmux_shows_at_the_same_size():
    shots = pictures("txt", "ansi")
    expected = tmux_capture(40, 8, escapes=False).rstrip("\n").split("\n")
    actual = shots["txt"].decode().rstrip("\n").split("\n")
    assert actual == expected, (actual, expected)
    # With colours: tmux writes each attribute as its own sequence; the words and their order
    # are the same, and every SGR code tmux sends for a word is in the picture's for it.
    ansi = shots["ansi"].decode()
    for sequence in ["\x1b[1;31mred", "\x1b[30;42mgreen", "\x1b[48;5;208mhot",
                     "\x1b[48;2;10;20;200mdeep", "\x1b[7mrev", "\x1b[4munder"]:
        assert sequence in ansi, (sequence, ansi)
    escaped = tmux_capture(40, 8, escapes=True)
    codes = set(re.findall(r"\x1b\[([0-9;]*)m", escaped))
    for code in ["1", "31", "42", "48;5;208", "48;2;10;20;200", "7"]:
        assert code in codes, (code, escaped)
    assert "4" in codes or "0;4" in codes, escaped


def test_a_process_plugins_screen_is_pictured_located_and_clicked_alike():
    """The Python example's list (a process plugin's screen that takes input): its selected item
    reversed and bold, a click on an item's text selects it, the cursor is where it drew it."""
    plugin = os.path.join(ROOT, "plugins", "python", "example_counter.py")
    folder = tempfile.mkdtemp(prefix="tabshell-pictures-")
    try:
        run_script(
            folder,
            f"size 40 12\nload {plugin}\nadd-tab list --id l --count 5\n"
            "expect style --to l 'Item 1' --reverse --bold\nexpect cursor --to l 2 1\n"
            "click --text 'Item 4'\nexpect style 'Item 4' --reverse\nexpect style 'Item 1' --fg default\n"
            "expect text 'List (4/5)' --at 1 1\nexpect cursor 5 1\nscreenshot --to l l.svg\n"
            "expect screen --to l --snapshot l.screen\n",
        )
        image = Image.open(io.BytesIO(cairosvg.svg2png(url=os.path.join(folder, "l.svg"))))
        # Item 4's row (the region's fifth) is reversed: the foreground's colour behind it.
        assert pixel(image.convert("RGB"), 20, 4) == (0xCC, 0xCC, 0xCC)
        assert pixel(image.convert("RGB"), 20, 1) == (0x0C, 0x0C, 0x0C)
        # The snapshot: the cursor on Item 4's row, the row's 40 cells bold and reversed.
        with open(os.path.join(folder, "l.screen"), encoding="utf-8") as handle:
            snapshot = handle.read().split("\n")
        assert snapshot[:2] == ["screen 40x8", "cursor 5 1"], snapshot
        assert snapshot[7] == "| Item 4" and "c fg default, bg default, bold, reverse" in snapshot
        assert snapshot[-5] == "|" + "c" * 40, snapshot
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
