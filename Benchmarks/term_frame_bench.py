"""A key echoed by `cat` in a terminal tab, beside tmux in the same run, for scripts/bench's
terminal section: the bytes of the frame that shows it (one cell and the cursor), and the CPU time
each spends on a key over 1,000 keys (TabShell's process; tmux's server, which draws, and its
client, which relays the bytes), from /proc.

And the instructions a key costs from its arrival to the frame showing its echo (callgrind, through
tui_bench.key_instructions, which follows the host's own exec), steady where the CPU time is not.
"""

import os
import shutil
import time

import term_bench
import tui_bench

KEYS = b"xyz"


def echo_key(reader, number, quiet):
    """Types the `number`th key into `cat` and waits for its echo (a line is ended first, every 40
    keys, so that none wraps; what that drew is drained until quiet for `quiet` seconds)."""
    if number % 40 == 39:
        os.write(reader.fd, b"\r")
        reader.drain(quiet)
    key = KEYS[number % 3:number % 3 + 1]
    reader.data = b""
    os.write(reader.fd, key)
    while key not in term_bench.visible(reader.data):
        if not reader.read(5):
            raise SystemExit(f"bench: no echo: {reader.data[-200:]!r}")


def frame_bytes(reader, count):
    """The mean bytes a terminal got for each of `count` keys echoed by `cat` (the frame showing
    it)."""
    total = 0
    for number in range(count):
        echo_key(reader, number, 0.05)
        # The rest of the frame, if it came in more than one read.
        while reader.read(0.02):
            pass
        total += len(reader.data)
    return total / count


def echo_bytes(binary, columns, rows, region, count=300):
    """Bytes a key echoed by `cat` costs, TabShell's and tmux's (the means over `count` keys)."""
    shell = term_bench.TabShell(binary, columns, rows, ["exec cat"])
    tmux = term_bench.Tmux(*region, ["exec cat"])
    time.sleep(0.3)
    for reader in (shell.reader, tmux.reader):
        reader.drain()
    ours, theirs = frame_bytes(shell.reader, count), frame_bytes(tmux.reader, count)
    shell.close()
    tmux.close()
    return ours, theirs


def type_keys(reader, count):
    """Types `count` keys into `cat`, each once the one before showed."""
    for number in range(count):
        echo_key(reader, number, 0)


def echo_cpu(binary, columns, rows, region, count=1_000):
    """CPU seconds per key echoed by `cat` over `count` keys: TabShell's process, tmux's server
    and tmux's client (each typed in turn, by blocks of 100, so that both see the same machine)."""
    shell = term_bench.TabShell(binary, columns, rows, ["exec cat"])
    tmux = term_bench.Tmux(*region, ["exec cat"])
    time.sleep(0.3)
    for reader in (shell.reader, tmux.reader):
        reader.drain()
    used = [0.0, 0.0, 0.0]
    for _ in range(count // 100):
        before = tui_bench.cpu_seconds(shell.pid)
        type_keys(shell.reader, 100)
        used[0] += tui_bench.cpu_seconds(shell.pid) - before
        pids = (tmux.pid, tmux.client.pid)
        before = [tui_bench.cpu_seconds(pid) for pid in pids]
        type_keys(tmux.reader, 100)
        for side, pid in enumerate(pids):
            used[side + 1] += tui_bench.cpu_seconds(pid) - before[side]
    shell.close()
    tmux.close()
    done = count // 100 * 100
    return tuple(seconds / done for seconds in used)


def figures(binary, columns, rows, region, quick, figure):
    """Records the one-changed-cell figures through bench.py's `figure`."""
    ours, theirs = echo_bytes(binary, columns, rows, region, 100 if quick else 300)
    figure("terminal tab running cat: bytes of the frame showing a key", ours, "bytes", theirs,
           False, f"(tmux {theirs:.1f} bytes; ratio to tmux {ours / theirs:.2f})")
    ours, server, client = echo_cpu(binary, columns, rows, region, 300 if quick else 1_000)
    figure("terminal tab running cat: CPU per echoed key, TabShell ÷ tmux's server",
           ours / server, "x", 1, False,
           f"(TabShell {ours * 1e6:.1f} µs; tmux's server {server * 1e6:.1f} µs, its client "
           f"{client * 1e6:.1f} µs; load {open('/proc/loadavg').read().split()[0]})")
    if shutil.which("valgrind"):
        instructions = tui_bench.key_instructions(
            binary, columns, rows, "add-tab terminal --id t -- sh -c 'exec cat'\n",
            100 if quick else 300, [bytes([key]) for key in KEYS], bar_focus=False)
        # About 29,700 at the sixth pass (2026-12-05, eighth session: no weak reference to the
        # objects a key reaches, so no retain of them on the runtime's slow path); about 32,500
        # at the fifth (2026-12-05: the echo's arrays and objects made once,
        # focuses as integers, the visible screen's facts kept by the shell's count of changes);
        # about 48,000 at the fourth (counted between callgrind_control's zero and dump,
        # after a key not counted; the row's changed columns drawn alone, six system calls a
        # key, the modules on a key's way without run-time exclusivity checks); 95,320 earlier
        # that day (a terminal tab drawing straight into the frame's grid), 196,682 before that,
        # 378,231 the morning before, 552,574 before the command line's row and the layout were
        # kept from frame to frame. The target leaves room for the run-to-run spread (about ±1,000)
        # and catches a regression.
        figure("terminal tab running cat: instructions from a key to the frame of its echo",
               instructions, "instructions", 35_000, False, "(callgrind)")
