"""scripts/bench: measures TabShell's release build and prints each figure with its target.

A program that prints figures, not a test. Wall-clock times are of whole processes (start-up, reading
and parsing the script, running it, exit); each is the best of several runs, because the machine is
shared and noisy. Peak memory is the child's ru_maxrss (from wait4).

Usage: bench.py BIN_DIR [--quick]
"""
import json
import os
import shutil
import random
import resource
import subprocess
import sys
import tempfile
import time

BIN_DIR = sys.argv[1]
QUICK = "--quick" in sys.argv
TABSHELL = os.path.join(BIN_DIR, "tabshell")
# The program `tabshell` execs (it is a small static client): valgrind measures it directly, as it
# would not follow the exec without --trace-children and would print no count for it.
TABSHELL_HOST = os.path.join(BIN_DIR, "tabshell-host")
RENDER_BENCH = os.path.join(BIN_DIR, "RenderBench")
RPC_BENCH = os.path.join(BIN_DIR, "RPCBench")
REFERENCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference_cmd.py")
REFERENCE_LOOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference_loop.py")
COMMANDS = 100_000 if QUICK else 1_000_000
RUNS = 2 if QUICK else 5
WORK = tempfile.mkdtemp(prefix="tabshell-bench-")


def run(argv, runs=RUNS):
    """Best wall time (s) of `runs` runs, and the peak RSS (KiB) of one more run under GNU time.

    The peak RSS comes from /usr/bin/time, a small process: a child forked from this big Python
    process would report Python's resident memory as its own high-water mark (ru_maxrss survives
    exec). Fails loudly on a non-zero status.
    """
    def once(command):
        start = time.perf_counter()
        child = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if child.returncode != 0:
            sys.exit(f"bench: {' '.join(argv)} failed ({child.returncode}): "
                     f"{child.stderr.decode(errors='replace')[:500]}")
        return time.perf_counter() - start
    wall = min(once(argv) for _ in range(runs))
    report = os.path.join(WORK, "time.txt")
    once(["/usr/bin/time", "-f", "%M", "-o", report] + argv)
    with open(report) as file:
        rss = int(file.read().split()[-1])
    return wall, rss


def script(name, lines):
    path = os.path.join(WORK, name)
    with open(path, "w") as file:
        file.writelines(lines)
    return path


def navigation(count, tabs, seed=6):
    """`count` commands: `tab N` 50%, `swipe left` 25%, `swipe right` 25%, seeded."""
    rng = random.Random(seed)
    for _ in range(count):
        x = rng.random()
        if x < 0.5:
            yield f"tab {rng.randint(1, tabs)}\n"
        elif x < 0.75:
            yield "swipe left\n"
        else:
            yield "swipe right\n"


rows = []


def disk_folder():
    """A folder on a real disk for files whose writing is measured: WORK, unless it is on a memory
    file system (tmpfs), then the build folder beside the binary."""
    def filesystem(path):
        path = os.path.realpath(path)
        best, kind = "", ""
        with open("/proc/mounts") as mounts:
            for line in mounts:
                fields = line.split()
                point = fields[1]
                if (path == point or path.startswith(point.rstrip("/") + "/")) and len(point) > len(best):
                    best, kind = point, fields[2]
        return kind
    if filesystem(WORK) not in ("tmpfs", "ramfs"):
        return WORK
    return tempfile.mkdtemp(prefix="tabshell-bench-", dir=BIN_DIR)


def repl_latency(binary, count):
    """Seconds from typing Return after `echo tokN` to the next prompt, in the REPL on a
    pseudo-terminal, every line new (so each is added to the history file, which starts with 1,000
    lines, the limit, so that trims happen too). Returns p50, p99, the slowest and the folder."""
    import pty
    import select
    home = tempfile.mkdtemp(prefix="repl-", dir=disk_folder())
    state = os.path.join(home, "state", "tabshell")
    os.makedirs(state, mode=0o700)
    with open(os.path.join(state, "history"), "w") as history:
        history.writelines(f"echo old-{number}\n" for number in range(1_000))
    env = {"HOME": home, "XDG_STATE_HOME": os.path.join(home, "state"),
           "XDG_CONFIG_HOME": os.path.join(home, "config"), "TERM": "xterm", "NO_COLOR": "1",
           "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "COLUMNS": "100", "LINES": "24"}
    primary, secondary = pty.openpty()
    child = subprocess.Popen([binary], stdin=secondary, stdout=secondary, stderr=secondary, env=env,
                             cwd=home, start_new_session=True)
    os.close(secondary)
    buffer = b""

    def until(test, limit=30):
        nonlocal buffer
        deadline = time.perf_counter() + limit
        while not test(buffer):
            if time.perf_counter() > deadline:
                sys.exit(f"bench: the REPL did not answer: {buffer[-300:]!r}")
            ready, _, _ = select.select([primary], [], [], 1)
            if ready:
                buffer += os.read(primary, 65536)

    prompt = b"> "
    until(lambda text: text.endswith(prompt))
    times = []
    for number in range(count + 50):
        token = f"tok{number}".encode()
        buffer = b""
        start = time.perf_counter()
        os.write(primary, b"echo " + token + b"\r")
        # The typed line comes back (`echo tokN`), then the output (`tokN`), the bar, the prompt.
        until(lambda text: text.count(token + b"\r\n") >= 2 and text.endswith(prompt))
        if number >= 50:  # the first ones warm up
            times.append(time.perf_counter() - start)
    os.write(primary, b"\x04")
    child.wait(timeout=30)
    os.close(primary)
    times.sort()
    shutil.rmtree(home, ignore_errors=True)
    return times[len(times) // 2], times[int(len(times) * 0.99)], times[-1], os.path.dirname(home)


def figure(name, measured, unit, target, at_least, note="", wrong=None):
    """Records a figure; the ratio is how far it is from its target (≥ 1 meets it). `wrong` says
    why the figure does not count (the run it measures did not do what it should): it is WRONG,
    whatever its ratio."""
    if wrong is not None:
        rows.append((name, f"{'≥' if at_least else '<'} {target:,g} {unit}" if target else "(none)",
                     f"{measured:,.3g} {unit}", "", "WRONG", wrong))
        print(f"  {name}: {measured:,.4g} {unit} WRONG: {wrong}", flush=True)
        return
    if target is None:
        rows.append((name, "(none)", f"{measured:,.3g} {unit}", "", "", note))
        print(f"  {name}: {measured:,.4g} {unit} {note}", flush=True)
        return
    ratio = measured / target if at_least else target / measured if measured else float("inf")
    rows.append((name, f"{'≥' if at_least else '<'} {target:,g} {unit}", f"{measured:,.3g} {unit}",
                 f"{ratio:.2f}", "ok" if ratio >= 1 else "MISS", note))
    print(f"  {name}: {measured:,.4g} {unit} (target {'≥' if at_least else '<'} {target:,g}, "
          f"ratio {ratio:.2f}) {note}", flush=True)


def pipe_round_trips(count=20_000):
    """Round trips a second of one byte between this process and a forked child over two pipes:
    the floor under any process plugin's round trip at this moment on this machine."""
    to_child, from_parent = os.pipe()
    from_child, to_parent = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(from_parent)
        os.close(from_child)
        while os.read(to_child, 64):
            os.write(to_parent, b"x")
        os._exit(0)
    os.close(to_child)
    os.close(to_parent)
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(count):
            os.write(from_parent, b"x")
            os.read(from_child, 64)
        best = max(best, count / (time.perf_counter() - start))
    os.close(from_parent)
    os.waitpid(pid, 0)
    os.close(from_child)
    return best


def per_command(path, setup, runs=RUNS):
    """Seconds per command of a script, less the process that runs only its set-up lines."""
    wall, rss = run([TABSHELL, path], runs)
    base, _ = run([TABSHELL, setup], runs)
    return wall, rss, (wall - base) / COMMANDS


print(f"bench: {COMMANDS:,} commands, best of {RUNS} runs, scripts in {WORK}", flush=True)

# 1. Batch throughput, 3 tabs, trace off; the reference runs the same script.
setup3 = ["add-tab text\n"] * 3
nav3 = script("nav3.tabsh", setup3 + list(navigation(COMMANDS, 3)))
only3 = script("setup3.tabsh", setup3)
print("1. batch throughput (3 tabs, trace off)", flush=True)
wall, rss, cost3 = per_command(nav3, only3)
check, _ = run([TABSHELL, "--check", nav3])
figure("commands/s, whole process", COMMANDS / wall / 1e6, "M/s", 5, True,
       f"({wall * 1e3:.0f} ms, peak {rss / 1024:.0f} MB; of which read+parse {check * 1e3:.0f} ms)")
figure("commands/s, after start-up", 1 / cost3 / 1e6, "M/s", 5, True, f"({cost3 * 1e9:.0f} ns each)")


def final_selection_of_tabshell():
    """The selected position once the navigation script has run: the same script (the same seed)
    with `state --json` at its end."""
    path = script("nav3-state.tabsh", setup3 + list(navigation(COMMANDS, 3)) + ["state --json\n"])
    out = subprocess.run([TABSHELL, path], capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])["selected"]


tabshell_selected = final_selection_of_tabshell()
# Two references, each the best of as many runs as TabShell, each checked: a reference that ends
# elsewhere did not do the same work, and its figure does not count.
for label, program in [("Python cmd", REFERENCE), ("a plain Python loop", REFERENCE_LOOP)]:
    reference, _ = run([sys.executable, program, nav3], RUNS)
    ended = subprocess.run([sys.executable, program, nav3, "--print-selected"], capture_output=True,
                           text=True, check=True).stdout.strip()
    wrong = (None if ended == str(tabshell_selected) else
             f"the reference ends on tab {ended}, TabShell on tab {tabshell_selected}")
    figure(f"speed-up over {label}", reference / wall, "x", 5, True,
           f"(reference {reference * 1e3:.0f} ms; both end on tab {tabshell_selected}; aim 10)",
           wrong)

# 2. trace json to /dev/null; 10,000 tabs (trace off and trace json).
print("2. trace json to /dev/null; 10,000 tabs", flush=True)
trace3 = script("trace3.tabsh", setup3 + ["trace json\n"] + list(navigation(COMMANDS, 3)))
twall, _, tcost3 = per_command(trace3, only3)
figure("trace json, commands/s", COMMANDS / twall / 1e6, "M/s", None, True,
       f"({twall * 1e3:.0f} ms, {tcost3 * 1e9:.0f} ns each)")
setup10k = ["add-tab text\n"] * 10_000
nav10k = script("nav10k.tabsh", setup10k + list(navigation(COMMANDS, 10_000)))
trace10k = script("trace10k.tabsh", setup10k + ["trace json\n"] + list(navigation(COMMANDS, 10_000)))
only10k = script("setup10k.tabsh", setup10k)
_, _, cost10k = per_command(nav10k, only10k)
_, _, tcost10k = per_command(trace10k, only10k)
figure("cost/command, 10,000 tabs ÷ 3 tabs", cost10k / cost3, "x", 1.25, False,
       f"({cost10k * 1e9:.0f} ns vs {cost3 * 1e9:.0f} ns)")
figure("trace json cost/command, 10,000 ÷ 3 tabs", tcost10k / tcost3, "x", 1.25, False,
       f"({tcost10k * 1e9:.0f} ns vs {tcost3 * 1e9:.0f} ns)")


def events(tabs, count=100_000):
    """Trace lines per command: with more tabs, fewer taps are reselects and fewer swipes bounce,
    so a command does more (a whole switch: 7 events instead of 2)."""
    path = script(f"events{tabs}.tabsh", ["add-tab text\n"] * tabs + ["trace json\n"]
                  + list(navigation(count, tabs)))
    setup = script(f"events-setup{tabs}.tabsh", ["add-tab text\n"] * tabs + ["trace json\n"])
    lines = lambda argv: subprocess.run(argv, capture_output=True, check=True).stdout.count(b"\n")
    return (lines([TABSHELL, path]) - lines([TABSHELL, setup])) / count


e3, e10k = events(3), events(10_000)
figure("trace json cost/event, 10,000 ÷ 3 tabs", (tcost10k / e10k) / (tcost3 / e3), "x", 1.25,
       False, f"({tcost10k / e10k * 1e9:.0f} ns vs {tcost3 / e3 * 1e9:.0f} ns; "
       f"{e10k:.2f} vs {e3:.2f} events a command)")

# Instruction counts (callgrind) are steady where wall-clock times are noisy: per command, at 3 and at
# 10,000 tabs, over 100,000 commands each.
if shutil.which("valgrind"):
    def instructions(path):
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                              TABSHELL_HOST, path], capture_output=True, text=True).stderr
        return int(out.split("refs:")[-1].split()[0].replace(",", ""))
    small = 100_000
    i3 = (instructions(script("i3.tabsh", setup3 + list(navigation(small, 3))))
          - instructions(only3)) / small
    i10k = (instructions(script("i10k.tabsh", setup10k + list(navigation(small, 10_000))))
            - instructions(only10k)) / small
    # Targets: at most 1,387 instructions a command at 3 tabs (aiming for 1,000), at most 2,467 at
    # 10,000 tabs, where each `tab N` line is new to the parser far more often.
    figure("instructions/command, 3 tabs", i3, "instructions", 1_387, False,
           "(callgrind, 100,000 commands; aim 1,000)")
    figure("instructions/command, 10,000 tabs", i10k, "instructions", 2_467, False,
           "(callgrind, 100,000 commands)")
    figure("instructions/command, 10,000 ÷ 3 tabs", i10k / i3, "x", 1.25, False,
           f"({i10k:,.0f} vs {i3:,.0f})")
    # 1,000 and 10,000 tabs have the same mix of work (hardly a reselect or a bounce): their ratio
    # is the cost of the number of tabs alone.
    tabs1k = ["add-tab text\n"] * 1_000
    i1k = (instructions(script("i1k.tabsh", tabs1k + list(navigation(small, 1_000))))
           - instructions(script("i1k-setup.tabsh", tabs1k))) / small
    figure("instructions/command, 10,000 ÷ 1,000 tabs", i10k / i1k, "x", 1.25, False,
           f"({i10k:,.0f} vs {i1k:,.0f})")

    # Running alone, parsing excluded (`--check` parses and runs nothing): 10,000 tabs bring 10,000
    # different `tab N` lines, each parsed once, where 1,000 tabs bring 1,000, so the figure above
    # still carries some parsing. This one is the cost of running a command at each size.
    def run_instructions(tabs):
        setup = ["add-tab text\n"] * tabs
        full = script(f"r{tabs}.tabsh", setup + list(navigation(small, tabs)))
        only = script(f"r{tabs}-setup.tabsh", setup)
        def running(path):
            checked = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                                      TABSHELL_HOST, "--check", path], capture_output=True, text=True)
            parse = int(checked.stderr.split("refs:")[-1].split()[0].replace(",", ""))
            return instructions(path) - parse
        return (running(full) - running(only)) / small
    r1k, r10k = run_instructions(1_000), run_instructions(10_000)
    figure("run instructions/command (parse excluded), 10,000 ÷ 1,000 tabs", r10k / r1k, "x",
           1.25, False, f"({r10k:,.0f} vs {r1k:,.0f})")

# 3. Start-up.
print("3. start-up: tabshell -c 'exit'", flush=True)
swall, srss = run([TABSHELL, "-c", "exit"], 20)
figure("start-up wall", swall * 1e3, "ms", 10, False)
figure("start-up peak RSS", srss / 1024, "MB", 15, False)

# 4. Scale: 100,000 tabs.
print("4. scale: add-tab text x 100,000", flush=True)
adds = script("add100k.tabsh", ["add-tab text\n"] * 100_000)
awall, arss = run([TABSHELL, adds], max(1, RUNS // 2))
figure("100,000 add-tab, wall", awall * 1e3, "ms", 1000, False)
figure("100,000 add-tab, peak RSS", arss / 1024, "MB", 100, False)

# 5. Rendering: 1,000 tabs at width 200.
print("5. rendering: 1,000 tabs, width 200", flush=True)
setup1k = ["add-tab text\n"] * 1_000 + ["tab 500\n"]
shows = script("show1k.tabsh", setup1k + ["show\n"] * 1_000)
only1k = script("setup1k.tabsh", setup1k)
show_wall, _ = run([TABSHELL, "--width", "200", shows])
base_wall, _ = run([TABSHELL, "--width", "200", only1k])
figure("show (script), per frame", (show_wall - base_wall) / 1_000 * 1e3, "ms", 1, False)
if os.path.exists(RENDER_BENCH):
    out = subprocess.run([RENDER_BENCH, "1000", "200", "200" if QUICK else "1000"],
                         capture_output=True, text=True, check=True).stdout.split("\n")
    values = {line.split()[0]: float(line.split()[1]) for line in out if line}
    figure("Renderer.frame, per frame", values["frame"] * 1e3, "ms", 1, False)
    figure("Renderer.barLine, per line", values["bar"] * 1e3, "ms", 1, False)

# 6. Process plugins: round trips to the Python example (Benchmarks/RPCBench).
if os.path.exists(RPC_BENCH):
    print("6. process plugins: the Python example", flush=True)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    example = os.path.join(root, "plugins", "python", "example_counter.py")
    out = subprocess.run([RPC_BENCH, "--raw", example, "5000" if QUICK else "20000"],
                         capture_output=True, text=True, check=True).stdout.split("\n")
    values = {line.split()[0]: float(line.split()[1]) for line in out if line}
    load = open("/proc/loadavg").read().split()[0]
    figure("process plugin: lifecycle round trips", values["lifecycle"], "/s", 20_000, True)
    floor = pipe_round_trips()
    figure("the machine's floor: bare pipe round trips between two Python processes",
           floor, "/s", None, True, "(no plugin, no JSON: what the scheduler allows)")
    figure("process plugin: draw round trip, p99", values["draw-p99"], "ms", 2, False)
    figure("process plugin: tab switch drawn, p99", values["switch-p99"], "ms", 2, False,
           f"(p50 {values['switch-p50']:.3f} ms; load {load})")
    figure("process plugin: tab switch drawn, pipelined (transport only; the shell does not pipeline yet), p99",
           values["pipelined-p99"], "ms", 2,
           False, f"(p50 {values['pipelined-p50']:.3f} ms)")
    figure("process plugin: fault noticed, limit 0.2 s", values["fault"], "ms", 300, False)
    figure("process plugin through the shell: tab switch drawn, p99", values["shell-switch-p99"],
           "ms", 2, False, f"(p50 {values['shell-switch-p50']:.3f} ms)")
    figure("process plugin through the shell: fault noticed and usable again, limit 0.5 s",
           values["shell-fault"], "ms", 600, False)
    # Input (protocol version 2) to the example's `list`: the target is 20,000 round trips a
    # second, or twice the machine's floor above when that is lower (a loaded machine).
    target = min(20_000, 2 * floor)
    floor_note = f"(target: 20,000/s or 2 × the floor, {2 * floor:,.0f}/s, whichever is lower)"
    figure("process plugin: input round trips, one at a time", values["input"], "/s", target,
           True, floor_note)
    figure("process plugin: input round trips, pipelined in bursts of 32",
           values["input-pipelined"], "/s", target, True, floor_note)
    figure("process plugin through the shell: key to frame of a screen that takes input, p99",
           values["input-frame-p99"], "ms", 2, False,
           f"(p50 {values['input-frame-p50']:.3f} ms; load {load})")

# 6b. Process plugins at exit: plugins that ignore the end of their input share one grace.
STUBBORN = """#!/bin/sh
# A process plugin that answers the handshake and ignores the end of its input (until SIGTERM).
read -r line
id=${line#*\\"id\\":}; id=${id%%,*}
printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":1,"name":"%s","screenTypes":[{"name":"%s"}]}}\\n' "$id" "$1" "$1"
while :; do sleep 0.05; done
"""


def stubborn_exit(count):
    """Seconds for `tabshell -c` to load `count` stubborn plugins and exit (best of RUNS)."""
    folder = tempfile.mkdtemp(prefix="stubborn-", dir=WORK)
    loads = []
    for number in range(count):
        path = os.path.join(folder, f"stubborn{number}")
        with open(path, "w") as file:
            file.write(STUBBORN.replace('"$1"', f'"stubborn{number}"'))
        os.chmod(path, 0o755)
        loads.append(f"load {path}")
    wall, _ = run([TABSHELL, "--norc", "-c", "; ".join(loads)], RUNS)
    return wall


print("6b. process plugins at exit: plugins that ignore the end of their input", flush=True)
one_stubborn, three_stubborn = stubborn_exit(1), stubborn_exit(3)
figure("exit with three process plugins that ignore the end of their input", three_stubborn, "s",
       1.2, False, f"(one such plugin: {one_stubborn:.2f} s)")
figure("exit with three such plugins ÷ with one", three_stubborn / one_stubborn, "x", 1.25, False,
       "(one shared grace, not one each)")

# 7. The REPL: command-to-prompt through a pseudo-terminal, the history file on a real disk.
print("7. REPL: command-to-prompt through a pseudo-terminal (history on disk)", flush=True)
p50, p99, worst, where = repl_latency(TABSHELL, 300 if QUICK else 2_000)
figure("REPL command-to-prompt, p50", p50 * 1e3, "ms", 2, False, f"(history in {where})")
figure("REPL command-to-prompt, p99", p99 * 1e3, "ms", 10, False, f"(slowest {worst * 1e3:.1f} ms)")

# 8. The test runner: 1,000 small scripts, two at a time (each a child forked from the runner).
print("8. tabshell test: 1,000 scripts of 5-20 commands, -j 2", flush=True)
suite = os.path.join(WORK, "suite")
os.makedirs(suite, exist_ok=True)
rng = random.Random(11)
for i in range(1_000):
    lines = ["add-tab text --id a\n", "add-tab text --id b\n", "add-tab text --id c\n"]
    while len(lines) < rng.randint(5, 20):
        lines.append(rng.choice(["tab 2\n", "swipe left\n", "swipe right\n", "expect tabs 3\n",
                                 "push text\n", "pop-to-root\n", "badge b 1\n", "tab 1\n"]))
    with open(os.path.join(suite, f"s{i:04d}.tabsh"), "w") as file:
        file.writelines(lines)


def cpu_of_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


cpu_before = cpu_of_children()
runner_wall, _ = run([TABSHELL, "test", "-j", "2", suite], RUNS)
runner_cpu = (cpu_of_children() - cpu_before) / (RUNS + 1)
load = open("/proc/loadavg").read().split()[0]
figure("tabshell test, 1,000 scripts, -j 2", runner_wall, "s", 3, False,
       f"({runner_wall:.2f} ms a script; CPU {runner_cpu:.2f} s, user+sys; load {load})")

# 9. The full-screen mode through a pseudo-terminal (Benchmarks/tui_bench.py).
print("9. full-screen mode: key and drag to finished frame, bytes of a tab switch", flush=True)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tui_bench  # noqa: E402

keys = 300 if QUICK else 2_000
load = open("/proc/loadavg").read().split()[0]
for label, size, startup, moves in [
        ("demo, 80×24", (80, 24), "layout demo\n", [b"2", b"1"]),
        ("1,000 tabs, 200×60", (200, 60), tui_bench.thousand_tabs(), [b"\x1b[C", b"\x1b[D"])]:
    p50, p99, worst = tui_bench.key_latency(TABSHELL, *size, startup, keys, moves)
    figure(f"key to frame, {label}, p50", p50 * 1e3, "ms", 1, False)
    figure(f"key to frame, {label}, p99", p99 * 1e3, "ms", 5, False,
           f"(slowest {worst * 1e3:.1f} ms; load {load})")
# The same in instructions (callgrind), steady on a busy machine: the target is the figure before
# issue 29 redesigned the edge (4,383,030 at 3927bd4), so that nothing got slower.
if shutil.which("valgrind"):
    per_key = tui_bench.key_instructions(TABSHELL_HOST, 80, 24,
                                         "layout demo\n", 100 if QUICK else 400, [b"2", b"1"])
    figure("key to frame, demo, 80×24, instructions", per_key, "instructions", 4_383_030, False,
           "(callgrind; 4,383,030 before issue 29's redesign)")
# A process plugin's screen that takes input (the Python example's list, protocol version 2) has
# the focus: Down and Up go to it, and it is drawn again.
example = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "plugins",
                       "python", "example_counter.py")
p50, p99, worst = tui_bench.screen_key_latency(
    TABSHELL, 80, 24, f"load {example}\nadd-tab list --count 200\n", keys,
    [b"\x1b[B", b"\x1b[A"])
figure("key to frame, a Python plugin's list that takes input, 80×24, p99", p99 * 1e3, "ms", 2,
       False, f"(p50 {p50 * 1e3:.3f} ms, slowest {worst * 1e3:.1f} ms; load {load})")
p50, p99, worst = tui_bench.drag_latency(TABSHELL, 200, 60, keys)
figure("drag motion to frame, two pages sliding, 200×60, p99", p99 * 1e3, "ms", 2, False,
       f"(p50 {p50 * 1e3:.3f} ms, slowest {worst * 1e3:.1f} ms)")
for label, size, startup, key in [
        ("1,000 text tabs, 200×60", (200, 60), tui_bench.thousand_tabs(), b"\x1b[C"),
        ("xianyu, 80×24", (80, 24), "layout xianyu\n", b"2"),
        ("demo Home → Feed (a whole page of colour), 80×24", (80, 24), "layout demo\n", b"2")]:
    full, switch = tui_bench.switch_bytes(TABSHELL, *size, startup, key)
    figure(f"tab switch bytes ÷ the screen drawn whole, {label}", 100 * switch / full, "%", 10,
           False, f"({switch} B of {full} B; {100 * switch / (size[0] * size[1]):.1f}% of its cells)")

# 9b. A Swift clock (the built-in ticker) ticking every second in the full-screen mode, nothing else
# happening: the shell's CPU time over 10 s, from /proc (no polling loop: it sleeps until the timer).
print("9b. full-screen mode: a Swift clock ticking every second, idle otherwise", flush=True)
share, frames, elapsed = tui_bench.ticker_cpu(TABSHELL, 10.0)
figure("a Swift clock ticking every second, full-screen, idle otherwise: CPU over 10 s",
       share * 100, "% of a core", 0.5, False,
       f"({frames} frames in {elapsed:.1f} s, /proc/PID/schedstat)",
       wrong=None if frames >= elapsed - 2 else f"only {frames} frames in {elapsed:.1f} s: "
       "the clock did not tick")

# 10. Terminal tabs beside tmux (Benchmarks/term_bench.py): a flood, key to echo, idle tabs, memory.
if shutil.which("tmux"):
    print("10. terminal tabs, beside tmux: a 30 MB cat, key to echo, 10 idle tabs, 10 scrollbacks",
          flush=True)
    import term_bench  # noqa: E402
    term_bench.figures(TABSHELL, QUICK, figure)
else:
    print("10. terminal tabs: skipped (no tmux to compare with)", flush=True)

# 10b. Split screens (issue 32, Benchmarks/pane_bench.py): one of four panes beside tmux's panes
# and beside a tab of one pane.
if shutil.which("tmux"):
    print("10b. split screens: a 30 MB cat into one of four panes beside tmux, key to echo and "
          "instructions to the frame beside one pane", flush=True)
    import pane_bench  # noqa: E402
    pane_bench.figures(TABSHELL, TABSHELL_HOST, QUICK, figure)
else:
    print("10b. split screens: skipped (no tmux to compare with)", flush=True)

# 11. Sessions (issue 21): a session's server driven from outside, beside tmux in the same run.
print("11. sessions: send beside tmux, pipelined run requests, attach, key to frame attached",
      flush=True)
import session_bench  # noqa: E402

if shutil.which("tmux"):
    ours, theirs = session_bench.send_beside_tmux(TABSHELL, 100)
    figure("tabshell send 'tab 2' ÷ tmux select-window -t :2, whole processes, medians of 100",
           ours / theirs, "x", 1, False,
           f"({ours * 1e3:.2f} ms vs {theirs * 1e3:.2f} ms; load {open('/proc/loadavg').read().split()[0]})")
else:
    print("  (no tmux: tabshell send beside tmux select-window not measured)", flush=True)
rate, wrong = session_bench.pipelined_runs(TABSHELL, 20_000 if QUICK else 100_000)
figure("run requests through one connection, pipelined", rate, "/s", 20_000, True,
       "(tab 2, tab 3 taking turns; every answer read)", wrong)
median, worst = session_bench.attach_to_frame(TABSHELL)
figure("attach to the first whole frame, through the protocol, median of 30", median * 1e3, "ms",
       50, False, f"(demo layout, 80×24; slowest {worst * 1e3:.1f} ms)")
p50, p99, worst = session_bench.attached_key_latency(TABSHELL, keys)
figure("key to frame through an attached client (tabshell attach), demo, 80×24, p99", p99 * 1e3,
       "ms", 5, False, f"(p50 {p50 * 1e3:.3f} ms, slowest {worst * 1e3:.1f} ms)")

# 12. The harness for testing terminal programs (Benchmarks/harness_bench.py): a terminal suite
# beside pexpect + pyte, a screenshot, a recording's size, shards.
print("12. testing terminal programs: 100 tests beside pexpect + pyte, a screenshot, a recording, "
      "shards", flush=True)
import harness_bench  # noqa: E402

harness_bench.figures(TABSHELL, QUICK, figure)

# 13. Copy mode (issue 31): a search through 100,000 lines kept, and the vi keys, key to frame.
print("13. copy mode: a search through 100,000 lines kept, j and k", flush=True)
import copy_bench  # noqa: E402

copy_bench.figures(TABSHELL, QUICK, figure)

# 14. A terminal workspace (issue 31): the newcomer's task 1 (three shells, switch, rename, close)
# in keys, TabShell and tmux driven through the same steps by one program
# (Benchmarks/keys_bench.py).
print("14. a terminal workspace: the newcomer's task 1 in keys, beside tmux", flush=True)
import keys_bench  # noqa: E402

keys_bench.figures(TABSHELL, figure)

print()
print("| figure | target | measured | ratio | | notes |")
print("|---|---|---|---|---|---|")
for row in rows:
    print("| " + " | ".join(row) + " |")
