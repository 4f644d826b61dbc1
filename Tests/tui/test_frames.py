"""The frame writer's random frames through a real terminal emulator (pyte), not only the tests' own.

FrameWriterPropertyTests checks random frames with VTScreen, the tests' hand-made emulator, which
measures text with TabShell's own display width: a width TabShell has wrong cannot show there. So
the same property test also writes its frames (the bytes, and after each the grid's rows and the
cursor) to $TABSHELL_FRAME_CORPUS as JSON, one file a seed; this file feeds each frame to pyte,
whose widths are wcwidth's, on a screen the previous frames left, and compares the text of every
row and the cursor with the grid's. (The grids use the characters whose width terminals agree on:
letters, accents and combining marks, CJK, Hangul, kana and emoji of East Asian width W. Flags, ZWJ
sequences and emoji made wide by VS16 are drawn differently by different terminals, pyte included.)

    TABSHELL_FRAME_CORPUS=/tmp/frames swift test --filter FrameWriterPropertyTests
    python3 Tests/tui/test_frames.py /tmp/frames

scripts/test runs both (the corpus in .build/test-logs/frames). No corpus, or an empty one, fails.
"""

import base64
import glob
import json
import os
import sys
import unicodedata

import pyte

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import testmain  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = next(
    (arg for arg in sys.argv[1:] if not arg.startswith("-")),
    os.environ.get("TABSHELL_FRAME_CORPUS", os.path.join(ROOT, ".build", "test-logs", "frames")),
)
# The corpus folder is the argument, not a word that selects tests.
sys.argv = sys.argv[:1]


def corpus():
    files = sorted(glob.glob(os.path.join(CORPUS, "*.json")))
    assert files, f"no frames in {CORPUS} (FrameWriterPropertyTests writes them: see this file)"
    for path in files:
        with open(path, encoding="utf-8") as file:
            yield os.path.basename(path), json.load(file)


def check(name, seed):
    columns, rows = seed["columns"], seed["rows"]
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    # What the screen held before: the first frame must cover all of it.
    stream.feed(b"".join(b"\x1b[%d;1H" % (row + 1) + b"#" * columns for row in range(rows)))
    for number, step in enumerate(seed["steps"]):
        stream.feed(base64.b64decode(step["frame"]))
        place = f"{name}, step {number}"
        for row, expected in enumerate(step["rows"]):
            # pyte joins a combining mark to its letter (NFC), as the grid's text may not.
            shown = unicodedata.normalize("NFC", screen.display[row])
            expected = unicodedata.normalize("NFC", expected)
            assert shown == expected, f"{place}, row {row}: pyte shows {shown!r}, expected {expected!r}"
        column, row, visible = step["cursor"]
        assert (screen.cursor.x, screen.cursor.y) == (column, row), (
            f"{place}: cursor at {(screen.cursor.x, screen.cursor.y)}, expected {(column, row)}"
        )
        assert screen.cursor.hidden != visible, f"{place}: cursor visible is {not screen.cursor.hidden}"


def test_every_frame_gives_the_grid_in_pyte():
    checked = 0
    for name, seed in corpus():
        check(name, seed)
        checked += len(seed["steps"])
    assert checked >= 100, f"only {checked} frames in {CORPUS}"


def test_pyte_sees_a_width_that_is_wrong():
    # The check itself: a frame that puts a wide character where the grid says a narrow one is
    # caught (as a wrong display width in TabShell would be).
    seed = {
        "columns": 4,
        "rows": 1,
        "steps": [
            {
                "frame": base64.b64encode("\x1b[H\x1b[2K中ab".encode()).decode(),
                "rows": ["中a b"],
                "cursor": [4, 0, True],
            }
        ],
    }
    try:
        check("forged", seed)
    except AssertionError as error:
        assert "pyte shows" in str(error), error
    else:
        raise AssertionError("a wrong width was not caught")


if __name__ == "__main__":
    sys.exit(testmain.run(globals()))
