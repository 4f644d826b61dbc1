"""Split screens' figures for scripts/bench (issue 32), each beside its reference in the same run:
a 30 MB `cat` flooding one of four panes against tmux's four `split-window` panes, key to echo in
`cat` in one of four panes against the same in a tab of one pane, and the instructions from a key
to its finished frame with `cat` echoing in one of four panes against one pane (callgrind, steady
on a busy machine).

The four panes are the same on both sides: the flooded (or echoing) pane at the top left, a split
side by side, then each half split one above the other.
"""

import os
import shutil
import subprocess
import tempfile
import time

import term_bench
import tui_bench

SLEEP = "exec sleep 1000"


def four_panes(command):
    """A start-up file's lines: a terminal tab running `command` split in four, its pane focused."""
    return (f"add-tab terminal --id t1 -- sh -c '{command}'\n"
            f"split --to t1 terminal --id r -- sh -c '{SLEEP}'\n"
            f"split --to t1 --vertical terminal -- sh -c '{SLEEP}'\n"
            f"split --to r --vertical terminal -- sh -c '{SLEEP}'\n"
            "select-pane t1\n")


class PaneShell(term_bench.TabShell):
    """`tabshell --tui` whose one tab is `command` in one of four panes (or alone)."""

    def __init__(self, binary, columns, rows, command, panes=True):
        startup = four_panes(command) if panes else f"add-tab terminal --id t1 -- sh -c '{command}'\n"
        self.session = tui_bench.Session(binary, columns, rows, startup)
        self.pid = self.session.child.pid
        self.reader = term_bench.Reader(self.session.fd)


class PaneTmux(term_bench.Tmux):
    """tmux with one window of `command` split as ``four_panes`` splits it, that pane active."""

    def __init__(self, columns, rows, command):
        super().__init__(columns, rows, [command])
        for arguments in (["-h", "-t", "%0"], ["-v", "-t", "%0"], ["-v", "-t", "%1"]):
            subprocess.run(self.base + ["split-window", "-d", *arguments, SLEEP], check=True,
                           capture_output=True)
        subprocess.run(self.base + ["select-pane", "-t", "%0"], check=True, capture_output=True)


def flood(binary, columns, rows, region, path, runs):
    """The flood's seconds into one of four panes, TabShell's and tmux's, each the best of `runs`."""
    ours, theirs = [], []
    for _ in range(runs):
        shell = PaneShell(binary, columns, rows, term_bench.flood_command(path))
        time.sleep(0.5)
        ours.append(term_bench.flood_time(shell.reader))
        shell.close()
        tmux = PaneTmux(*region, term_bench.flood_command(path))
        time.sleep(0.5)
        theirs.append(term_bench.flood_time(tmux.reader))
        tmux.close()
    return min(ours), min(theirs)


def echo(binary, columns, rows, count):
    """Key to echo in `cat` in one of four panes and in a tab of one pane (p50, p99, slowest): both
    run at once and take turns by blocks of 20 keys, as term_bench's echo does."""
    sides = [PaneShell(binary, columns, rows, "exec cat"),
             PaneShell(binary, columns, rows, "exec cat", panes=False)]
    time.sleep(0.5)
    for side in sides:
        side.reader.drain()
    times = [[], []]
    for block in range((count + 50) // 20 + 1):
        for number_side, side in enumerate(sides):
            for number in range(block * 20, block * 20 + 20):
                if number % 30 == 29:
                    os.write(side.reader.fd, b"\r")
                    side.reader.drain(0.02)
                elapsed = term_bench.echo_time(side.reader, b"xyz"[number % 3:number % 3 + 1])
                if number >= 50:
                    times[number_side].append(elapsed)
                side.reader.drain(0.002)
    for side in sides:
        side.close()
    return tui_bench.percentiles(times[0]), tui_bench.percentiles(times[1])


def figures(binary, host, quick, figure):
    """Measures and records (through bench.py's `figure`) the split screens' figures at 80×24."""
    columns, rows = 80, 24
    region = term_bench.region_size(binary, columns, rows)
    folder = tempfile.mkdtemp(prefix="tabshell-pane-bench-")
    path = term_bench.flood_file(folder)
    runs = 1 if quick else 3
    ours, theirs = flood(binary, columns, rows, region, path, runs)
    shutil.rmtree(folder, ignore_errors=True)
    figure("panes: cat of 30 MB into one of four, tmux's time ÷ TabShell's", theirs / ours, "x", 1,
           True, f"(TabShell {ours:.2f} s, tmux {theirs:.2f} s, four split-window panes; best of "
           f"{runs})")
    (p50, p99, worst), (one50, one99, _) = echo(binary, columns, rows, 300 if quick else 1_000)
    figure("panes: key to echo in cat in one of four, p99 ÷ a tab of one pane's", p99 / one99, "x",
           1.5, False, f"(p50 {p50 * 1e3:.3f} ms against {one50 * 1e3:.3f} ms, p99 "
           f"{p99 * 1e3:.3f} ms against {one99 * 1e3:.3f} ms; slowest {worst * 1e3:.1f} ms)")
    if shutil.which("valgrind"):
        count = 60 if quick else 200
        keys = [b"x", b"y"]
        four = tui_bench.key_instructions(host, columns, rows, four_panes("exec cat"), count, keys,
                                          bar_focus=False)
        one = tui_bench.key_instructions(host, columns, rows,
                                         "add-tab terminal --id t1 -- sh -c 'exec cat'\n", count,
                                         keys, bar_focus=False)
        figure("panes: instructions from a key to its frame, cat echoing in one of four ÷ one pane",
               four / one, "x", 1.2, False,
               f"(callgrind: {four:,.0f} against {one:,.0f} instructions a key, {count} keys)")
