"""The figures of the harness for testing terminal programs (issue 33), for scripts/bench: a
100-test terminal suite run by `tabshell test` beside the same tests written with pexpect + pyte,
with the same parallelism; a screenshot of an 80×24 terminal tab; the size of a one-minute
recording of a busy program; 1,000 scripts in 4 shards.

    python3 Benchmarks/harness_bench.py BINARY [--quick]
"""

import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import time

# Each test: a shell in a terminal, its prompt, a sum typed, its answer.
PROMPT = "ready> "


def best_of_three(command, **options):
    """The fewest seconds `command` took in three runs (each must succeed)."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, **options)
        best = min(best, time.perf_counter() - started)
    return best


def tabshell_suite(binary, folder, count, jobs):
    """`count` scripts, each driving a shell in a terminal tab; the seconds `tabshell test -j
    JOBS` takes to run them all (and whether all passed)."""
    for n in range(count):
        with open(os.path.join(folder, f"t{n:03}.tabsh"), "w") as handle:
            handle.write(
                f"add-tab terminal --id sh -- env PS1='{PROMPT}' sh\n"
                f"wait-for '{PROMPT.strip()}'\n"
                f"type 'echo $(({n} + 1000))'\nsend-keys Enter\n"
                f"wait-for {n + 1000}\n")
    started = time.perf_counter()
    result = subprocess.run([binary, "test", "-j", str(jobs), folder], capture_output=True,
                            text=True)
    return time.perf_counter() - started, result.returncode == 0


def pexpect_test(n):
    """One test as pexpect + pyte write it: spawn the shell, read its screen until the prompt,
    type, read until the answer."""
    import pexpect
    import pyte

    screen = pyte.Screen(80, 24)
    stream = pyte.Stream(screen)
    child = pexpect.spawn("sh", env={"PS1": PROMPT, "TERM": "xterm-256color", "PATH":
                                     os.environ.get("PATH", "/usr/bin:/bin")},
                          encoding="utf-8", dimensions=(24, 80))

    def until(text):
        deadline = time.time() + 10
        while text not in "\n".join(screen.display):
            if time.time() > deadline:
                raise TimeoutError(text)
            try:
                stream.feed(child.read_nonblocking(4096, timeout=0.05))
            except pexpect.TIMEOUT:
                pass
    until(PROMPT)
    child.send(f"echo $(({n} + 1000))\r")
    until(str(n + 1000))
    child.terminate(force=True)
    return True


def pexpect_suite(count, jobs):
    started = time.perf_counter()
    with multiprocessing.Pool(jobs) as pool:
        passed = all(pool.map(pexpect_test, range(count)))
    return time.perf_counter() - started, passed


def screenshot_time(binary, shots):
    """Milliseconds a `screenshot` of an 80×24 frame (a terminal tab full of coloured text) takes:
    a script that takes `shots` of them, less the same script taking none, divided by `shots`."""
    folder = tempfile.mkdtemp(prefix="tabshell-bench-shots-")
    fill = (r"i=0; while [ $i -lt 30 ]; do printf '\033[3%dm%s \033[1;4%dm%s\033[0m 字符 %s\n' "
            r"$((i % 8)) line$i $((i % 8)) bold$i 'and some plain text to fill the row'; "
            r"i=$((i+1)); done; printf 'done'; sleep 60")
    with open(os.path.join(folder, "fill.sh"), "w") as handle:
        handle.write(fill + "\n")

    def run(count):
        lines = ["size 80 24", "add-tab terminal --id t -- sh fill.sh", "wait-for done"]
        lines += [f"screenshot shot{n % 4}.svg" for n in range(count)]
        path = os.path.join(folder, f"s{count}.tabsh")
        with open(path, "w") as handle:
            handle.write("\n".join(lines) + "\n")
        return best_of_three([binary, path], cwd=folder)
    per_shot = (run(shots) - run(0)) / shots
    size = os.path.getsize(os.path.join(folder, "shot0.svg"))
    shutil.rmtree(folder)
    return per_shot * 1e3, size


def recording_size(binary, seconds):
    """The bytes of a recording of a busy program (`top`-like output: a screen of numbers that
    changes many times a second, and lines scrolling) over `seconds`."""
    folder = tempfile.mkdtemp(prefix="tabshell-bench-cast-")
    busy = (r"i=0; while :; do printf '\033[H\033[1mframe %d\033[0m\n' $i; "
            r"ps -eo pid,comm,rss --sort=-rss | head -12; seq $i $((i + 8)); i=$((i+1)); "
            r"sleep 0.02; done")
    with open(os.path.join(folder, "busy.sh"), "w") as handle:
        handle.write(busy + "\n")
    with open(os.path.join(folder, "r.tabsh"), "w") as handle:
        handle.write(f"size 80 24\nadd-tab terminal --id t -- sh busy.sh\nrecord-cast --to t r.cast\n"
                     f"sleep {seconds}\nrecord-cast --stop\n")
    subprocess.run([binary, "r.tabsh"], cwd=folder, check=True, capture_output=True)
    path = os.path.join(folder, "r.cast")
    size = os.path.getsize(path)
    with open(path) as handle:
        events = sum(1 for _ in handle) - 1
    shutil.rmtree(folder)
    return size, events


def shards(binary, count, parts, jobs):
    """Seconds to run `count` small scripts whole, and each of `parts` shards of them."""
    folder = tempfile.mkdtemp(prefix="tabshell-bench-shards-")
    for n in range(count):
        with open(os.path.join(folder, f"s{n:04}.tabsh"), "w") as handle:
            handle.write(f"add-tab text --id a\nadd-tab text --title 'T {n}'\ntab 2\nexpect tabs 2\n")

    command = [binary, "test", "-j", str(jobs), folder]
    whole = best_of_three(command)
    each = [best_of_three(command + ["--shard", f"{k}/{parts}"]) for k in range(1, parts + 1)]
    shutil.rmtree(folder)
    return whole, each


def figures(binary, quick, figure):
    folder = tempfile.mkdtemp(prefix="tabshell-bench-suite-")
    ours, passed = tabshell_suite(binary, folder, 100, 2)
    shutil.rmtree(folder)
    theirs, their_passed = pexpect_suite(100, 2)
    figure("100 terminal tests, pexpect + pyte ÷ tabshell test, both 2 at a time", theirs / ours,
           "x", 10, True, f"({ours:.2f} s vs {theirs:.2f} s)",
           None if passed and their_passed else "a test failed")
    milliseconds, size = screenshot_time(binary, 50 if quick else 200)
    figure("screenshot of an 80×24 frame (SVG), each", milliseconds, "ms", 5, False,
           f"({size:,} B a picture)")
    seconds = 10 if quick else 60
    size, events = recording_size(binary, seconds)
    per_minute = size * 60 / seconds
    figure("a one-minute recording of a busy program (80×24)", per_minute / 1e6, "MB", 2, False,
           f"({events:,} events in {seconds} s" + (", scaled to a minute)" if quick else ")"))
    whole, each = shards(binary, 400 if quick else 1_000, 4, 2)
    worst = max(each)
    figure(f"{400 if quick else 1_000} scripts in 4 shards: the slowest shard ÷ (a quarter of the "
           "whole run + 10 %)", worst / (whole / 4 * 1.1), "x", 1, False,
           f"(whole {whole:.2f} s, shards " + ", ".join(f"{t:.2f}" for t in each) + " s)")


if __name__ == "__main__":
    rows = []

    def show(name, measured, unit, target, at_least, note="", wrong=None):
        ratio = measured / target if at_least else target / measured if measured else 0
        print(f"{name}: {measured:,.4g} {unit} (target {'≥' if at_least else '<'} {target:,g}, "
              f"ratio {ratio:.2f}) {note}{' WRONG: ' + wrong if wrong else ''}", flush=True)
    figures(sys.argv[1], "--quick" in sys.argv, show)
