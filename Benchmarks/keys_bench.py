"""The newcomer's task 1 of issue 31 (three terminal tabs, switch, rename, close), counted in keys,
for scripts/bench: one program drives TabShell (a session made from the start-up file `tabshell
--init` writes, attached in a pseudo-terminal) and tmux 3.3a (its defaults, `-f /dev/null`) through
the same steps (TabShell with that file's compact bar: its prompts open in the status row),
counts every key it types into each, and checks that each did the task: three shells made, the
first one renamed `build`, the second closed (its program asks first in TabShell, as tmux's `&`
does), two left.

    python3 Benchmarks/keys_bench.py BINARY
"""

import os
import shutil
import subprocess
import sys
import time

import pexpect

import session_bench

PREFIX = "\x02"  # Ctrl-B, in both
# The task, as the keys of each: (what the step does, TabShell's keys, tmux's keys). Both open on
# one shell; TabShell's tabs count from 1, tmux's windows from 0.
STEPS = [
    ("a second shell", PREFIX + "c", PREFIX + "c"),
    ("a third shell", PREFIX + "c", PREFIX + "c"),
    ("back to the first", PREFIX + "1", PREFIX + "0"),
    ("rename it build", PREFIX + "," + "\x15" + "build\r", PREFIX + "," + "\x15" + "build\r"),
    ("to the second", PREFIX + "2", PREFIX + "1"),
    ("close it (yes to the question)", PREFIX + "&" + "y", PREFIX + "&" + "y"),
]
# tmux's count in issue 31's session (the tester's own keys, typing included).
ISSUE_TMUX = 43


def until(test, what, limit=15):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        time.sleep(0.05)
    raise RuntimeError(f"keys bench: timed out waiting for {what}")


def tabshell_count(binary):
    """The keys TabShell took, and the titles of its tabs after them."""
    sandbox = session_bench.Sandbox(binary, "")
    env = dict(sandbox.env, SHELL="/bin/sh")
    client = None
    try:
        # The start-up file `tabshell --init` writes, as a newcomer gets it.
        os.remove(os.path.join(env["XDG_CONFIG_HOME"], "tabshell", "init.tabsh"))
        subprocess.run([binary, "--init"], env=env, check=True, capture_output=True, timeout=30)
        subprocess.run([binary, "--session", "task"], env=env, stdin=subprocess.DEVNULL,
                       check=True, timeout=30)

        def tabs():
            done = subprocess.run([binary, "send", "--session", "task", "tabs"], env=env,
                                  capture_output=True, text=True, timeout=10)
            rows = []
            for row in done.stdout.splitlines()[1:]:
                words = row.split()
                if not words[0].isdigit():  # a mark: * selected, # activity, ! a bell
                    words = words[1:]
                rows.append((row.startswith("*"), words[1], words[2]))
            return rows

        client = pexpect.spawn(binary, ["attach", "task"], env=env, dimensions=(24, 80))
        until(lambda: len(tabs()) == 1, "the first shell")
        count = 0
        for what, keys, _ in STEPS:
            for key in keys:
                client.send(key)
                count += 1
                time.sleep(0.05)
            until(lambda: state_after(what, tabs()), what)
        final = [title for _, _, title in tabs()]
        return count, final
    finally:
        if client is not None:
            client.close(force=True)
        sandbox.close()


def state_after(step, rows):
    """Whether TabShell's tabs (selected, id, title) show `step` done."""
    selected = [i for i, (mark, _, _) in enumerate(rows) if mark]
    titles = [title for _, _, title in rows]
    return {
        "a second shell": len(rows) == 2 and selected == [1],
        "a third shell": len(rows) == 3 and selected == [2],
        "back to the first": selected == [0],
        "rename it build": titles[:1] == ["build"],
        "to the second": selected == [1],
        "close it (yes to the question)": len(rows) == 2,
    }[step]


def tmux_count():
    """The keys tmux took, and its windows' names after them."""
    server = f"keybench{os.getpid()}"
    tmux = ["tmux", "-L", server, "-f", "/dev/null"]
    env = dict(os.environ, SHELL="/bin/sh", TERM="xterm-256color")
    env.pop("TMUX", None)
    client = pexpect.spawn(tmux[0], tmux[1:] + ["new-session", "-s", "task"], env=env,
                           dimensions=(24, 80))
    try:
        def windows():
            done = subprocess.run(
                tmux + ["list-windows", "-t", "task", "-F",
                        "#{window_active} #{window_name}"],
                capture_output=True, text=True, timeout=10)
            return [(line[0] == "1", line[2:]) for line in done.stdout.splitlines()]

        until(lambda: len(windows()) == 1, "tmux's first window")
        count = 0
        checks = {
            "a second shell": lambda w: len(w) == 2 and w[1][0],
            "a third shell": lambda w: len(w) == 3 and w[2][0],
            "back to the first": lambda w: w[0][0],
            "rename it build": lambda w: w[0][1] == "build",
            "to the second": lambda w: len(w) > 1 and w[1][0],
            "close it (yes to the question)": lambda w: len(w) == 2,
        }
        for what, _, keys in STEPS:
            for key in keys:
                client.send(key)
                count += 1
                time.sleep(0.05)
            until(lambda: checks[what](windows()), f"tmux: {what}")
        return count, [name for _, name in windows()]
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)
        client.close(force=True)


def figures(binary, figure):
    """Prints the figure: TabShell's keys beside tmux's (counted by the same steps, and as issue
    31 counted tmux)."""
    count, titles = tabshell_count(binary)
    wrong = None if titles[:1] == ["build"] and len(titles) == 2 else f"left {titles}"
    note = "(tmux, the same steps: "
    if shutil.which("tmux"):
        tmux, names = tmux_count()
        note += f"{tmux} keys, left {names}; "
    else:
        note += "no tmux; "
    note += (f"issue 31's tmux session: {ISSUE_TMUX}; TabShell, with --init's compact bar, left "
             f"{titles})")
    figure("the newcomer's task 1 (three shells, switch, rename, close), keys", count, "keys",
           ISSUE_TMUX, False, note, wrong=wrong)


if __name__ == "__main__":
    rows = []

    def show(name, measured, unit, target, at_least, note="", wrong=None):
        print(f"{name}: {measured} {unit} (target ≤ {target}) {note}"
              + (f" WRONG: {wrong}" if wrong else ""))

    figures(sys.argv[1], show)
