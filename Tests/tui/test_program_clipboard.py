#!/usr/bin/env python3
"""A terminal tab's program setting the clipboard with its own OSC 52 (docs/Contract.md, "Copy
mode, buffers and the clipboard"), in the full-screen mode on a real pseudo-terminal: dropped with
`set clipboard external` (the default), passed on to the outer terminal with `on`, encoded again
from its text (never the program's bytes); a flood that never ends holds no more than its bound
and stalls no tab; in a session, the buffer is the session's and the sequence goes to every
attached client.

Run:  python3 Tests/tui/test_program_clipboard.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs pyte.
"""

import base64
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import BINARY  # noqa: E402
from test_terminal_tabs import PREFIX, in_screen_focus, region, shell_with  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sessions"))
from session import Sandbox  # noqa: E402 - Tests/sessions: sessions in a sandbox of their own


def passed_on(text):
    """The OSC 52 the shell sends for a copy of `text`."""
    return b"\x1b]52;c;" + base64.b64encode(text.encode()) + b"\x07"


def run_command(t, line, screen):
    """Runs `line` on the command line (the prefix, then :), and gives the keys back to `screen`."""
    t.type(PREFIX + ":")
    t.wait(lambda t: t.row(t.rows).startswith("tabshell:"), "the command line")
    t.type(line + "\r")
    t.settle()
    t.type("\x1b")
    in_screen_focus(t, screen)


def test_a_programs_osc_52_is_passed_on_with_clipboard_on_alone():
    with shell_with("add-tab terminal --id sh -- sh") as t:
        in_screen_focus(t, "sh")
        t.wait(lambda t: region(t)[0] == "$", "sh's prompt")
        # external, the default: dropped.
        t.type("printf '\\033]52;c;ZXh0LTE=\\007'; echo ext-$((1 + 1))\r")
        t.wait(lambda t: "ext-2" in region(t), "the first output")
        t.settle()
        assert b"\x1b]52" not in t.output, t.output[-300:]
        # on: the text, sent as the shell sends a copy (c, padded, BEL), not as written (p, not
        # padded, ST), after the next frame.
        run_command(t, "set clipboard on", "sh")
        t.type("printf '\\033]52;p;b24tMg\\033\\\\'; echo on-$((1 + 1))\r")
        t.wait(lambda t: passed_on("on-2") in t.output, "the OSC 52 passed on")
        t.wait(lambda t: "on-2" in region(t), "the second output")
        t.settle()
        assert t.output.count(b"\x1b]52") == 1, t.output[-300:]
        # The program's own ending (ST) never follows its text: the echo of the line typed may be
        # cut by a frame right after `b24tMg` (an ESC of the next frame, but `ESC [`, not `ESC \`).
        assert b"\x1b]52;p;" not in t.output and b"b24tMg\x1b\\" not in t.output, t.output[-300:]
        # off: dropped again.
        run_command(t, "set clipboard off", "sh")
        t.type("printf '\\033]52;c;b2ZmLTM=\\007'; echo off-$((1 + 2))\r")
        t.wait(lambda t: "off-3" in region(t), "the third output")
        t.settle()
        assert t.output.count(b"\x1b]52") == 1, t.output[-300:]


def status_kib(pid, field):
    """A field of /proc/PID/status in KiB (VmHWM, VmRSS)."""
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


def bytes_read(pid):
    """What the process read so far, in bytes (/proc/PID/io's rchar): the flood it took in."""
    with open(f"/proc/{pid}/io") as handle:
        for line in handle:
            if line.startswith("rchar:"):
                return int(line.split()[1])
    raise AssertionError(f"no rchar for {pid}")


def test_an_osc_52_never_ended_neither_grows_memory_nor_stalls_a_tab():
    # The flood starts when the test says (the file go), and never ends its OSC 52.
    flood = ("while [ ! -e go ]; do sleep 0.05; done\n"
             "printf '\\033]52;c;'\n"
             "cat /dev/zero | tr '\\0' A\n")
    with shell_with("set clipboard on", "add-tab terminal --id flood -- sh flood.sh",
                    "add-tab terminal --id sh -- sh", "tab sh", files={"flood.sh": flood}) as t:
        in_screen_focus(t, "sh")
        t.wait(lambda t: region(t)[0] == "$", "sh's prompt")
        pid = t.process.pid
        t.settle()
        before = status_kib(pid, "VmHWM")
        start = bytes_read(pid)
        open(os.path.join(t.home, "go"), "w").close()
        # 64 MiB of it taken in (its bound is 1 MiB).
        deadline = time.monotonic() + 120
        while bytes_read(pid) - start < 64 << 20:
            assert time.monotonic() < deadline, f"{bytes_read(pid) - start} bytes taken in 120 s"
            t.pump(0.2)
        # The other tab answers meanwhile.
        t.type("echo alive-$((1 + 1))\r")
        t.wait(lambda t: "alive-2" in region(t), "sh's answer during the flood")
        grown = status_kib(pid, "VmHWM") - before
        assert grown < 16 << 10, f"the peak grew by {grown} KiB over 64 MiB of one OSC 52"
        assert b"\x1b]52" not in t.output, t.output[-300:]


def test_in_a_session_the_buffer_is_the_sessions_and_every_client_gets_the_clipboard():
    with Sandbox(["set clipboard on", "add-tab terminal --id t -- sh"]) as s:
        first = s.start("work")
        first.wait(lambda t: region(t)[0] != "", "sh's prompt")
        second = s.client("attach", "work")
        second.wait(lambda t: region(t)[0] != "", "sh's prompt, attached")
        second.type("printf '\\033]52;c;c2hhcmVk\\007'; echo shared-$((1 + 1))\r")
        for client in (first, second):
            client.wait(lambda t: passed_on("shared") in t.output, "the OSC 52 in each client")
            client.wait(lambda t: "shared-2" in "\n".join(region(t)), "the output in each client")
        assert s.send("show-buffer").stdout == "shared\n"
        assert s.send("buffers").stdout == 'buffer0: 6 bytes: "shared"\n'
        # Each detaches.
        for client in (first, second):
            client.type(PREFIX + "d")
        assert [client.finish() for client in (first, second)] == [0, 0]


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
