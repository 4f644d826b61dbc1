"""Terminal tabs' figures for scripts/bench, each beside tmux's in the same run: a 30 MB `cat`
flooding a tab, key to echo in a tab running `cat`, the CPU of ten idle tabs and the peak memory of
ten full scrollbacks.

TabShell runs full-screen (`tabshell --tui`) on a pseudo-terminal this process drains; tmux runs as
a client attached on a pseudo-terminal of the size of TabShell's terminal region (its status line
off, so that its window is that size too), on a private server (`tmux -L NAME -f /dev/null`) killed
afterwards. Both are read raw: a figure ends when the text it waits for shows in what the program
wrote to its terminal, escape sequences left out.
"""

import fcntl
import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import time

import term_frame_bench
import tui_bench

ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]"
                     rb"|\x1b[=>78DEHMNOZc]")
# What a flood's end prints: letters the flooded file does not hold, so that a frame writing only
# the cells that changed writes it whole.
MARK = "FLOOD-ENDED"


def visible(data):
    """The text of what a program wrote to its terminal, its escape sequences left out."""
    return ESCAPES.sub(b"", data)


class Reader:
    """A pseudo-terminal's primary end read by this process: everything read is kept for the
    figures that look for text in it."""

    def __init__(self, fd):
        self.fd = fd
        self.data = b""

    def read(self, timeout):
        if select.select([self.fd], [], [], timeout)[0]:
            try:
                chunk = os.read(self.fd, 1 << 20)
            except OSError:
                return False
            self.data += chunk
            return bool(chunk)
        return False

    def until(self, text, timeout=60, start=0):
        """Reads until `text` shows (escape sequences left out) in what came after `start`."""
        deadline = time.perf_counter() + timeout
        while text.encode() not in visible(self.data[start:]):
            if time.perf_counter() > deadline:
                sys.exit(f"bench: {text!r} did not show: {self.data[-300:]!r}")
            self.read(min(1, max(0, deadline - time.perf_counter())))

    def drain(self, quiet=0.2):
        while self.read(quiet):
            pass
        self.data = b""


def remove_tmux_socket(name):
    """Removes the socket of the private tmux server `name`, which a server killed under valgrind
    (or by a signal) leaves behind."""
    folder = os.path.join(os.environ.get("TMUX_TMPDIR") or "/tmp", f"tmux-{os.getuid()}")
    try:
        os.remove(os.path.join(folder, name))
    except OSError:
        pass


class Tmux:
    """A private tmux server (status line off, `history-limit 10000`, dead panes kept) with one
    session of `windows`, each running a shell command, its client attached on a pseudo-terminal of
    `columns` × `rows`."""

    def __init__(self, columns, rows, windows):
        self.name = f"tabshell-bench-{os.getpid()}"
        base = ["tmux", "-L", self.name, "-f", "/dev/null"]
        self.base = base
        command = base + ["set", "-g", "status", "off", ";", "set", "-g", "history-limit", "10000",
                          ";", "set", "-g", "remain-on-exit", "on", ";",
                          "new-session", "-x", str(columns), "-y", str(rows), windows[0]]
        for window in windows[1:]:
            command += [";", "new-window", "-d", window]
        primary, secondary = pty.openpty()
        fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = dict(os.environ, TERM="xterm-256color")
        env.pop("TMUX", None)
        self.client = subprocess.Popen(command, stdin=secondary, stdout=secondary,
                                       stderr=secondary, env=env, start_new_session=True)
        os.close(secondary)
        self.reader = Reader(primary)
        deadline = time.perf_counter() + 30
        while (pid := self.server_pid()) is None:
            if time.perf_counter() > deadline:
                sys.exit("bench: tmux did not start")
            self.reader.read(0.05)
        self.pid = pid

    def server_pid(self):
        out = subprocess.run(self.base + ["display-message", "-p", "#{pid}"], capture_output=True,
                             text=True)
        return int(out.stdout) if out.returncode == 0 and out.stdout.strip().isdigit() else None

    def close(self):
        subprocess.run(self.base + ["kill-server"], capture_output=True)
        remove_tmux_socket(self.name)
        try:
            self.client.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.client.kill()
            self.client.wait()
        os.close(self.reader.fd)


class TabShell:
    """`tabshell --tui` on a pseudo-terminal of `columns` × `rows`, its terminal tabs added by its
    start-up file; the last one is visible and has the focus."""

    def __init__(self, binary, columns, rows, tabs):
        startup = "".join(f"add-tab terminal --id t{number} -- sh -c '{command}'\n"
                          for number, command in enumerate(tabs, 1))
        self.session = tui_bench.Session(binary, columns, rows, startup)
        self.pid = self.session.child.pid
        self.reader = Reader(self.session.fd)

    def close(self):
        # The terminal tab has the focus: the prefix key reaches the command line.
        self.session.close(leave=(b"\x02:quit\r",))


def region_size(binary, columns, rows):
    """The size of the terminal region TabShell gives its visible tab in a terminal of
    `columns` × `rows`, as the tab's program sees it (`stty size`)."""
    folder = tempfile.mkdtemp(prefix="tabshell-term-bench-")
    path = os.path.join(folder, "size")
    shell = TabShell(binary, columns, rows, [f"sleep 0.5; stty size > {path}.new; "
                                             f"mv {path}.new {path}; exec sleep 1000"])
    deadline = time.perf_counter() + 30
    while not os.path.exists(path):
        if time.perf_counter() > deadline:
            sys.exit("bench: the terminal tab did not say its size")
        shell.reader.read(0.05)
    shell.close()
    with open(path, encoding="utf-8") as file:
        height, width = (int(word) for word in file.read().split())
    shutil.rmtree(folder, ignore_errors=True)
    return width, height


def flood_file(folder, size=30 << 20):
    """A text file of `size` bytes: lines of lower-case words and numbers, 20 to 120 columns."""
    path = os.path.join(folder, "flood.txt")
    words = ["lorem", "ipsum", "dolor", "sit", "amet", "tab", "shell", "terminal", "frame",
             "scroll", "emulator", "cell", "program", "output", "line"]
    lines = []
    total = 0
    number = 0
    while total < size:
        count = 3 + number % 15
        line = f"{number:08d} " + " ".join(words[(number * 7 + k) % len(words)]
                                            for k in range(count)) + "\n"
        lines.append(line)
        total += len(line)
        number += 1
    with open(path, "w", encoding="ascii") as file:
        file.write("".join(lines)[:size])
    return path


def flood_command(path):
    return f"read x; cat {path}; echo {MARK}; exec sleep 1000"


def flood_time(reader, start_key=b"\r"):
    """Seconds from Enter (which starts the `cat`) to the mark printed after it showing."""
    reader.drain()
    start = time.perf_counter()
    os.write(reader.fd, start_key)
    mark = MARK.encode()
    # Only the last bytes need searching again after each read.
    seen = b""
    deadline = start + 300
    while mark not in visible(seen):
        if time.perf_counter() > deadline:
            sys.exit(f"bench: the flood did not end: {seen[-300:]!r}")
        before = len(reader.data)
        reader.read(1)
        seen = seen[-4096:] + reader.data[before:]
        reader.data = b""
    return time.perf_counter() - start


def flood(binary, columns, rows, region, path, runs):
    """The flood's seconds in TabShell (outer terminal `columns` × `rows`) and in tmux (a window of
    `region`), each the best of `runs`, the two taking turns; and the CPU seconds each used in its
    best run (tmux's server and client together)."""
    ours, theirs = [], []
    for _ in range(runs):
        shell = TabShell(binary, columns, rows, [flood_command(path)])
        time.sleep(0.3)
        before = tui_bench.cpu_seconds(shell.pid)
        ours.append((flood_time(shell.reader), tui_bench.cpu_seconds(shell.pid) - before))
        shell.close()
        tmux = Tmux(*region, [flood_command(path)])
        time.sleep(0.3)
        pids = (tmux.pid, tmux.client.pid)
        before = sum(tui_bench.cpu_seconds(pid) for pid in pids)
        elapsed = flood_time(tmux.reader)
        theirs.append((elapsed, sum(tui_bench.cpu_seconds(pid) for pid in pids) - before))
        tmux.close()
    return min(ours), min(theirs)


def echo_time(reader, key):
    """Seconds from writing `key` to seeing it come back."""
    reader.data = b""
    start = time.perf_counter()
    os.write(reader.fd, key)
    while key not in visible(reader.data):
        if time.perf_counter() - start > 10:
            sys.exit(f"bench: no echo: {reader.data[-200:]!r}")
        reader.read(10)
    return time.perf_counter() - start


def echo(binary, columns, rows, region, count):
    """Key to echo in `cat`, TabShell's and tmux's (p50, p99, slowest): both run at once and take
    turns by blocks of 20 keys, so that both see the same machine. Letters take turns; a line is
    ended (untimed) every 40."""
    shell = TabShell(binary, columns, rows, ["exec cat"])
    tmux = Tmux(*region, ["exec cat"])
    time.sleep(0.3)
    readers = [shell.reader, tmux.reader]
    for reader in readers:
        reader.drain()
    times = [[], []]
    for block in range((count + 50) // 20 + 1):
        for side, reader in enumerate(readers):
            for number in range(block * 20, block * 20 + 20):
                if number % 40 == 39:
                    os.write(reader.fd, b"\r")
                    reader.drain(0.02)
                elapsed = echo_time(reader, b"xyz"[number % 3:number % 3 + 1])
                if number >= 50:
                    times[side].append(elapsed)
                reader.drain(0.002)
    shell.close()
    tmux.close()
    return tui_bench.percentiles(times[0]), tui_bench.percentiles(times[1])


def cpu_share(pids, readers, seconds):
    """The share of a core each group of processes uses over the same `seconds` (their CPU time
    from /proc), the terminals drained meanwhile."""
    start = time.perf_counter()
    before = [sum(tui_bench.cpu_seconds(pid) for pid in group) for group in pids]
    while (left := seconds - (time.perf_counter() - start)) > 0:
        ready = select.select([reader.fd for reader in readers], [], [], left)[0]
        for reader in readers:
            if reader.fd in ready:
                reader.read(0)
                reader.data = b""
    elapsed = time.perf_counter() - start
    return [(sum(tui_bench.cpu_seconds(pid) for pid in group) - used) / elapsed
            for group, used in zip(pids, before)]


def idle(binary, columns, rows, region, seconds=10.0):
    """CPU share of 10 tabs (windows) running `sleep 1000` over the same `seconds`: TabShell's, and
    tmux's server and client together."""
    shell = TabShell(binary, columns, rows, ["exec sleep 1000"] * 10)
    tmux = Tmux(*region, ["exec sleep 1000"] * 10)
    for reader in (shell.reader, tmux.reader):
        reader.drain(1)
    ours, theirs = cpu_share([[shell.pid], [tmux.pid, tmux.client.pid]],
                             [shell.reader, tmux.reader], seconds)
    shell.close()
    tmux.close()
    return ours, theirs


def children(pid):
    """The processes whose parent is `pid` and that are not zombies."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry))
    return found


def peak_rss(pid):
    """A process's peak resident memory (VmHWM), in KiB."""
    with open(f"/proc/{pid}/status", encoding="utf-8") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def scrollback_memory(binary, columns, rows, region, lines=12_000):
    """Peak RSS (KiB) of TabShell and of tmux's server with 10 tabs (windows) each having printed
    `seq LINES` (enough to fill 10,000 lines of scrollback), once every `seq` has ended and its
    output was taken in."""
    command = f"seq {lines}"
    shell = TabShell(binary, columns, rows, [command] * 10)
    tmux = Tmux(*region, [command] * 10)
    for pid, reader in ((shell.pid, shell.reader), (tmux.pid, tmux.reader)):
        wait_for_children(pid, reader)
    ours, theirs = peak_rss(shell.pid), peak_rss(tmux.pid)
    shell.close()
    tmux.close()
    return ours, theirs


def wide_scrollback_memory(binary, columns=2_000, rows=50, lines=12_000):
    """Peak RSS (KiB) of TabShell and of tmux's server with one tab (window) `columns` wide that
    printed `lines` lines filling its width (enough to fill 10,000 lines of scrollback), once the
    program has ended and its output was taken in."""
    folder = tempfile.mkdtemp(prefix="tabshell-term-bench-")
    path = os.path.join(folder, "wide.txt")
    with open(path, "w", encoding="ascii") as file:
        for number in range(lines):
            file.write((f"{number:08d} " * (columns // 9 + 1))[:columns - 1] + "\n")
    region = region_size(binary, columns, rows)
    command = f"cat {path}"
    shell = TabShell(binary, columns, rows, [command])
    tmux = Tmux(*region, [command])
    for pid, reader in ((shell.pid, shell.reader), (tmux.pid, tmux.reader)):
        wait_for_children(pid, reader)
    ours, theirs = peak_rss(shell.pid), peak_rss(tmux.pid)
    shell.close()
    tmux.close()
    shutil.rmtree(folder, ignore_errors=True)
    return ours, theirs, region


def wait_for_children(pid, reader, timeout=60):
    """Waits (draining the terminal) until the process `pid` has no child left running."""
    deadline = time.perf_counter() + timeout
    while children(pid):
        if time.perf_counter() > deadline:
            sys.exit(f"bench: the programs of {pid} did not end")
        reader.read(0.05)
    reader.drain(0.3)


def figures(binary, quick, figure):
    """Measures and records (through bench.py's `figure`) the terminal tabs' figures at 80×24."""
    columns, rows = 80, 24
    region = region_size(binary, columns, rows)
    size = f"{region[0]}×{region[1]}"
    folder = tempfile.mkdtemp(prefix="tabshell-term-bench-")
    path = flood_file(folder)
    (ours, our_cpu), (theirs, their_cpu) = flood(binary, columns, rows, region, path,
                                                 1 if quick else 3)
    shutil.rmtree(folder, ignore_errors=True)
    figure(f"terminal tab: cat of 30 MB, tmux's time ÷ TabShell's ({size})", theirs / ours, "x", 1,
           True, f"(TabShell {ours:.2f} s, CPU {our_cpu:.2f} s; tmux {theirs:.2f} s, CPU "
           f"{their_cpu:.2f} s; best of {1 if quick else 3})")
    (p50, p99, worst), (tmux50, tmux99, _) = echo(binary, columns, rows, region,
                                                 300 if quick else 2_000)
    load = open("/proc/loadavg").read().split()[0]
    figure("terminal tab running cat: key to echo, p50", p50 * 1e3, "ms", 1, False,
           f"(tmux {tmux50 * 1e3:.3f} ms)")
    figure("terminal tab running cat: key to echo, p99", p99 * 1e3, "ms", 5, False,
           f"(tmux {tmux99 * 1e3:.3f} ms; slowest {worst * 1e3:.1f} ms; load {load})")
    figure("terminal tab running cat: key to echo, p50 ÷ tmux's p50", p50 / tmux50, "x", 1, False)
    figure("terminal tab running cat: key to echo, p99 ÷ tmux's p99", p99 / tmux99, "x", 1.5, False)
    term_frame_bench.figures(binary, columns, rows, region, quick, figure)
    ours, theirs = idle(binary, columns, rows, region)
    figure("10 terminal tabs running sleep: CPU over 10 s", ours * 100, "% of a core", 1, False,
           f"(tmux, server and client: {theirs * 100:.3f}%)")
    ours, theirs = scrollback_memory(binary, columns, rows, region)
    figure("10 terminal tabs with 10,000 lines of scrollback each: peak RSS", ours / 1024, "MB",
           100, False, f"(tmux's server {theirs / 1024:.1f} MB, history-limit 10000)")
    figure("10 terminal tabs with 10,000 lines of scrollback each: peak RSS ÷ tmux's",
           ours / theirs, "x", 1, False)
    ours, theirs, wide = wide_scrollback_memory(binary)
    figure(f"a terminal tab with 10,000 lines of scrollback at {wide[0]} columns: peak RSS",
           ours / 1024, "MB", 200, False, f"(tmux's server {theirs / 1024:.1f} MB)")
