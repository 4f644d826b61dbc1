"""Copy mode's figures for scripts/bench (section 13): in the full-screen mode on a pseudo-terminal,
a terminal tab that kept 100,000 lines, in copy mode: a search that goes through every one of them
(n, repeating `?START` from the last line, START being the first line), and the vi keys j and k, each
timed from the key written to the end of the frame it brings (tui_bench's Session, read raw).
"""
import os

import tui_bench

LINES = 100_000
PREFIX = b"\x02"


def session(binary, columns=80, rows=24):
    """The full-screen mode with the tab `t` holding START and 1 to 100,000, in copy mode, with the
    search `?START` made (the cursor then on START)."""
    startup = (
        f"add-tab terminal --id t --scrollback {LINES + 100} -- sh -c "
        f"'echo START; seq 1 {LINES}; exec sleep 600'\n"
        f"wait-for --to t --timeout 120 {LINES}\n")
    running = tui_bench.Session(binary, columns, rows, startup)
    running.drain(0.5)
    os.write(running.fd, PREFIX + b"[")
    running.until_frame()
    running.drain()
    os.write(running.fd, b"?")
    running.until_frame()
    running.drain()
    os.write(running.fd, b"START")
    running.drain()
    running.timed(b"\r")
    running.drain()
    return running


def figures(binary, quick, figure):
    running = session(binary)
    try:
        searches, cpu = [], []
        for number in range(20 if quick else 100):
            os.write(running.fd, b"G")  # back to the last line
            running.until_frame()
            running.drain(0.002)
            before = tui_bench.cpu_seconds(running.child.pid)
            elapsed, frame = running.timed(b"n")
            cpu.append(tui_bench.cpu_seconds(running.child.pid) - before)
            if number == 0 and b"START" not in frame:
                figure("copy mode: a search through 100,000 lines kept, to its frame", elapsed * 1e3,
                       "ms", 16, False, wrong="the search did not reach START: its frame does not show it")
                return
            searches.append(elapsed)
            running.drain(0.002)
        # The shell's CPU time for the key (the search and its frame): the machine's load does not
        # count, as it does in the wall time noted beside it.
        p50, _, worst = tui_bench.percentiles(cpu)
        wall50, _, wall_worst = tui_bench.percentiles(searches)
        figure("copy mode: n, a search through 100,000 lines kept, CPU to its frame, slowest",
               worst * 1e3, "ms", 16, False,
               f"(p50 {p50 * 1e3:.2f} ms; wall p50 {wall50 * 1e3:.2f} ms, slowest "
               f"{wall_worst * 1e3:.1f} ms; load {open('/proc/loadavg').read().split()[0]})")
        os.write(running.fd, b"G")
        running.until_frame()
        running.drain()
        times = tui_bench.timed_keys(running, 300 if quick else 2_000, [b"k", b"j"])
        p50, p99, worst = tui_bench.percentiles(times)
        figure("copy mode: j and k, key to frame, 80×24, 100,000 lines kept, p99", p99 * 1e3, "ms", 5,
               False, f"(p50 {p50 * 1e3:.3f} ms, slowest {worst * 1e3:.1f} ms; "
               f"load {open('/proc/loadavg').read().split()[0]})")
    finally:
        # q leaves copy mode, the prefix key then b the bar focus, where q quits.
        os.write(running.fd, b"q")
        running.drain()
        os.write(running.fd, PREFIX + b"b")
        running.drain()
        running.close((b"q",))
