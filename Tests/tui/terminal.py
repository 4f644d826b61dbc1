"""A `tabshell` in a pseudo-terminal, with a terminal emulator (pyte) reading its screen back.

Used by Tests/tui/test_tui.py and the full-screen figures of Benchmarks/bench.py. Needs pyte
(`pip install pyte`; `scripts/setup --test` installs it).
"""

import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import subprocess
import tempfile
import termios
import time

import pyte

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BINARY = os.environ.get("TABSHELL_BIN", os.path.join(ROOT, ".build", "debug", "tabshell"))
TIMEOUT = float(os.environ.get("TABSHELL_TUI_TIMEOUT", "10"))

# What the full-screen mode writes when it gives the terminal back (TerminalMode's leave sequence):
# the synchronized update closed, attributes reset, the cursor shown and of the terminal's default
# shape (DECSCUSR 0: xterm-256color's terminfo has `Ss`), focus reports, bracketed paste, SGR
# mouse, button-drag and click reporting off, and the main screen back (last).
CURSOR_SHAPE_RESET = b"\x1b[0 q"
LEAVE = (b"\x1b[?2026l\x1b[m\x1b[?25h" + CURSOR_SHAPE_RESET
         + b"\x1b[?1004l\x1b[?2004l\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[?1049l")
# What an attached client (`tabshell attach`) writes when it gives its terminal back: the same
# without focus reports, which it does not turn on.
CLIENT_LEAVE = LEAVE.replace(b"\x1b[?1004l", b"")
ENTER = b"\x1b[?1049h"


def environment(home, **extra):
    """A clean environment in `home`: its own HOME, XDG folders, TERM=xterm-256color."""
    env = {
        "HOME": home,
        "XDG_STATE_HOME": os.path.join(home, "state"),
        "XDG_CONFIG_HOME": os.path.join(home, "config"),
        "XDG_DATA_HOME": os.path.join(home, "data"),
        "TERM": "xterm-256color",
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "SWIFT_BACKTRACE": "enable=no",
    }
    env.update(extra)
    return {key: value for key, value in env.items() if value is not None}


def shell_with(*lines, columns=80, rows=24, files=None, job_control=False, **variables):
    """A `tabshell --tui` whose start-up file runs `lines`, in a fresh home holding `files`, with
    the environment's `variables` added (closing it removes the home)."""
    home = tempfile.mkdtemp(prefix="tabshell-tui-")
    os.makedirs(os.path.join(home, "config", "tabshell"))
    with open(os.path.join(home, "config", "tabshell", "init.tabsh"), "w") as handle:
        handle.writelines(line + "\n" for line in lines)
    for name, text in (files or {}).items():
        with open(os.path.join(home, name), "w") as handle:
            handle.write(text)
    terminal = Terminal(("--tui",), columns=columns, rows=rows, home=home,
                        env=environment(home, **variables), job_control=job_control)
    terminal.own_home = True
    return terminal


def wait_stopped(pid, timeout=5):
    """Waits until the process `pid` is stopped (its state in /proc is `T`)."""
    deadline = time.monotonic() + timeout
    while True:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            if handle.read().rsplit(")", 1)[1].split()[0] == "T":
                return
        assert time.monotonic() < deadline, f"process {pid} never stopped"
        time.sleep(0.02)


class Terminal:
    """One `tabshell` (full-screen with `--tui`) on a pseudo-terminal of `columns` × `rows`."""

    def __init__(self, arguments=("--tui", "--norc"), columns=80, rows=24, home=None, env=None,
                 binary=BINARY, job_control=False):
        """With `job_control`, the process gets a process group of its own in this session (not a
        session of its own), so that SIGTSTP stops it: in an orphaned group it would be
        discarded."""
        self.own_home = home is None
        self.home = home or tempfile.mkdtemp(prefix="tabshell-tui-")
        self.columns, self.rows = columns, rows
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.output = b""
        primary, secondary = pty.openpty()
        self.resize_pty(secondary, columns, rows)
        self.process = subprocess.Popen(
            [binary, *arguments], stdin=secondary, stdout=secondary, stderr=secondary,
            env=env or environment(self.home), cwd=self.home,
            start_new_session=not job_control, process_group=0 if job_control else None)
        os.close(secondary)
        self.fd = primary
        self.status = None

    @staticmethod
    def resize_pty(fd, columns, rows):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    # Reading.

    def pump(self, seconds=0.05):
        """Reads what arrives within `seconds` (and anything already there)."""
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            ready, _, _ = select.select([self.fd], [], [], max(0, remaining))
            if not ready:
                return
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return
            if not data:
                return
            self.output += data
            self.stream.feed(data)

    def lines(self):
        """The screen's rows, as text without trailing blanks."""
        return [line.rstrip() for line in self.screen.display]

    def text(self):
        return "\n".join(self.lines())

    def wait(self, test, what="", timeout=TIMEOUT):
        """Reads until `test(self)` holds; fails with the screen after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while not test(self):
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; the screen:\n{self.text()}")
            self.pump(0.05)

    def wait_text(self, text, timeout=TIMEOUT):
        self.wait(lambda t: text in t.text(), repr(text), timeout)

    def settle(self, quiet=0.15, timeout=TIMEOUT):
        """Reads until nothing arrives for `quiet` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            before = len(self.output)
            self.pump(quiet)
            if len(self.output) == before:
                return
        raise AssertionError("the screen never settled")

    def row(self, number):
        """Row `number` (1-based, as terminals count) as text."""
        return self.lines()[number - 1]

    def find(self, text):
        """The (column, row) of `text` on the screen, 1-based; None when it is not there."""
        for number, line in enumerate(self.screen.display, start=1):
            index = line.find(text)
            if index >= 0:
                return index + 1, number
        return None

    # Writing.

    def send(self, data):
        if isinstance(data, str):
            data = data.encode()
        os.write(self.fd, data)

    def type(self, text):
        self.send(text)

    def key(self, name):
        self.send(KEYS[name])

    def click(self, column, row, button=0):
        self.send(f"\x1b[<{button};{column};{row}M\x1b[<{button};{column};{row}m")

    def press(self, column, row):
        self.send(f"\x1b[<0;{column};{row}M")

    def move(self, column, row):
        self.send(f"\x1b[<32;{column};{row}M")

    def release(self, column, row):
        self.send(f"\x1b[<0;{column};{row}m")

    def drag(self, start, end, steps=6, pause=0.0):
        """Presses at `start`, moves to `end` in `steps` motion reports, lets go there."""
        (c1, r1), (c2, r2) = start, end
        self.press(c1, r1)
        for step in range(1, steps + 1):
            self.move(c1 + (c2 - c1) * step // steps, r1 + (r2 - r1) * step // steps)
            if pause:
                self.pump(pause)
        self.release(c2, r2)

    def wheel(self, up, column, row):
        self.send(f"\x1b[<{64 if up else 65};{column};{row}M")

    def resize(self, columns, rows):
        self.resize_pty(self.fd, columns, rows)
        self.screen.resize(rows, columns)
        self.columns, self.rows = columns, rows
        os.kill(self.process.pid, signal.SIGWINCH)

    def signal(self, number):
        os.kill(self.process.pid, number)

    # Ending.

    def finish(self, timeout=TIMEOUT):
        """Reads to the end of the output; returns the exit status (-N when killed by signal N)."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self.pump(0.05)
        if self.process.poll() is None:
            self.process.kill()
            raise AssertionError(f"tabshell did not end; the screen:\n{self.text()}")
        self.pump(0.2)
        self.status = self.process.returncode
        return self.status

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        try:
            os.close(self.fd)
        except OSError:
            pass
        if self.own_home:
            shutil.rmtree(self.home, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


KEYS = {
    "enter": "\r", "escape": "\x1b", "left": "\x1b[D", "right": "\x1b[C", "up": "\x1b[A",
    "down": "\x1b[B", "pageup": "\x1b[5~", "pagedown": "\x1b[6~", "tab": "\t",
    "alt-left": "\x1b[1;3D", "alt-right": "\x1b[1;3C", "ctrl-c": "\x03", "ctrl-d": "\x04",
    "ctrl-r": "\x12", "ctrl-x": "\x18", "ctrl-a": "\x01", "ctrl-z": "\x1a", "ctrl-l": "\x0c",
    "f2": "\x1bOQ",
    **{f"alt-{n}": f"\x1b{n}" for n in range(1, 10)},
}
