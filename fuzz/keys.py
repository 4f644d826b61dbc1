#!/usr/bin/env python3
"""Fuzzes the line editor: random readline key sequences typed into `tabshell` in a pseudo-terminal.

Each session starts a REPL (the line mode, or the full-screen mode with --tui) with a few lines of
history, types up to --keys random keys drawn from readline's default bindings (history motions and
searches, numeric arguments, kills and yanks, undo, completion, keyboard macros, C-g, C-c, Enter,
C-x C-a between the two modes...), one write each or now and then a few in one write, then leaves. A session that ends by a signal or with a status
of 128 or more is a crash: the keys typed since it started are printed (as Python literals, one
write a line, ready to replay with --replay FILE) and saved in the output folder, and the run fails.

Usage: fuzz/keys.py [--seconds N] [--keys N] [--seed N] [--binary PATH] [--out DIR]
                   [--replay FILE] [--minimize FILE]
--minimize drops keys from a crashing sequence while it still crashes (in the line mode) and prints
the shortest one found.
Prints the figures at the end: sessions, keys typed, keys a second, crashes.
"""

import argparse
import ast
import os
import random
import shutil
import sys
import tempfile
import time

import pexpect

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Keys of readline's default emacs bindings, weighted towards the history and its searches (where
# readline 8.2 frees an undo list twice). Left out: C-d (leaves on an empty line), C-z (stops the
# process), C-\ (SIGQUIT), C-s and C-q (flow control).
HISTORY = ["\x1b<", "\x1b>", "\x1bp", "\x1bn", "\x1b[A", "\x1b[B", "\x10", "\x0e", "\x12", "\x1b\x12",
           "\x1b.", "\x1b_", "\x1b\x19", "\x0f", "\x1br", "\x1b\x1b[A"]
EDITING = ["\x01", "\x05", "\x02", "\x06", "\x1bb", "\x1bf", "\x08", "\x7f", "\x1b[3~", "\x0b", "\x15",
           "\x17", "\x19", "\x1by", "\x1bd", "\x1b\x7f", "\x14", "\x1bt", "\x1bu", "\x1bl", "\x1bc",
           "\x1f", "\x18\x15", "\x18\x18", "\x00", "\x1b ", "\x1d", "\x1b\x1d", "\x16", "\x0c",
           "\x1b[H", "\x1b[F", "\x1b[C", "\x1b[D", "\x1b[1;5C", "\x1b[1;5D", "\x1b\\", "\x1b*",
           "\x1b=", "\x1b?", "\x1b~", "\x1b#", "\x09", "\x09\x09", "\x1b[200~tab 2\x1b[201~"]
CONTROL = ["\x07", "\x07", "\x07", "\x03", "\x1b", "\x1b-", "\x1b1", "\x1b3", "\x1b-2", "\x15\x15",
           "\x18(", "\x18)", "\x18e", "\x18\x01", "\x18\x12", "\x18\x16", "\r"]
LETTERS = list("abcdefghijklmnopqrstuvwxyz0123456789 ;'\"$#-") + ["é", "首"]
WEIGHTED = [(HISTORY, 5), (EDITING, 3), (CONTROL, 2), (LETTERS, 4)]
HISTORY_LINES = ["echo first-line", "tab 2", "echo second line", "show", "badge 1 -- 3"]


def random_key(generator):
    groups = [group for group, weight in WEIGHTED for _ in range(weight)]
    group = generator.choice(groups)
    key = generator.choice(group)
    # Enter runs the line: rarely, so that the history is walked more than it grows.
    if key == "\r" and generator.random() < 0.7:
        return "\x07"
    return key


def random_keys(generator):
    """One key, or now and then a burst of 2 to 6 keys written at once: readline then finds keys
    waiting, as when a user types fast (keys pushed back by a search ended with ESC are read in the
    same call, where readline 8.2's abort jumped to a frame that was gone)."""
    if generator.random() < 0.15:
        return "".join(random_key(generator) for _ in range(generator.randint(2, 6)))
    return random_key(generator)


def environment(home):
    env = {key: value for key, value in os.environ.items()
           if key not in ("INPUTRC", "COLUMNS", "LINES") and not key.startswith("TABSHELL_")}
    env.update(HOME=home, XDG_STATE_HOME=os.path.join(home, "state"),
               XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_DATA_HOME=os.path.join(home, "data"),
               TERM="xterm-256color", NO_COLOR="1")
    return env


def new_home():
    home = tempfile.mkdtemp(prefix="tabshell-keys-")
    state = os.path.join(home, "state", "tabshell")
    os.makedirs(state, mode=0o700)
    with open(os.path.join(state, "history"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(HISTORY_LINES) + "\n")
    return home


def drain(child):
    try:
        while True:
            child.read_nonblocking(65536, timeout=0)
    except (pexpect.TIMEOUT, pexpect.EOF):
        pass


def wait_for_end(child, seconds):
    """Reads what the child writes until it ends or `seconds` have passed."""
    deadline = time.time() + seconds
    while time.time() < deadline and child.isalive():
        drain(child)
        time.sleep(0.02)


def session(binary, keys, full_screen):
    """Types `keys`; returns (crashed, how it ended, the keys typed)."""
    home = new_home()
    typed = []
    child = pexpect.spawn(binary, ["--norc"] + (["--tui"] if full_screen else []), env=environment(home),
                          cwd=home, encoding="utf-8", codec_errors="replace", dimensions=(24, 80),
                          timeout=5)
    child.delaybeforesend = None
    try:
        time.sleep(0.15)
        for key in keys:
            if not child.isalive():
                break
            typed.append(key)
            try:
                child.send(key)
            except OSError:
                break
            drain(child)
        # Give it the time to act on the last keys, then leave as a user would.
        wait_for_end(child, 0.3)
        if child.isalive():
            for key in ("\x07", "\x03", "\x15", "quit\r"):
                try:
                    child.send(key)
                except OSError:
                    break
                time.sleep(0.05)
                drain(child)
            wait_for_end(child, 3)
        if child.isalive():
            child.terminate(force=True)
            return False, "still running after quit (killed)", typed
        child.close()
        if child.signalstatus is not None:
            return True, f"killed by signal {child.signalstatus}", typed
        if child.exitstatus is not None and child.exitstatus >= 128:
            return True, f"exit status {child.exitstatus}", typed
        return False, f"exit status {child.exitstatus}", typed
    finally:
        if child.isalive():
            child.terminate(force=True)
        shutil.rmtree(home, ignore_errors=True)


def read_keys(path):
    with open(path, encoding="utf-8") as handle:
        return [ast.literal_eval(line) for line in handle if line.strip()]


def minimized(binary, keys):
    """Drops chunks of keys, then single keys, while the line mode still crashes on what is left."""
    def crashes(candidate):
        return session(binary, candidate, False)[0]

    if not crashes(keys):
        print("it does not crash (in the line mode)", file=sys.stderr)
        return keys
    chunk = max(1, len(keys) // 2)
    while chunk >= 1:
        index = 0
        while index < len(keys):
            candidate = keys[:index] + keys[index + chunk:]
            if candidate and crashes(candidate):
                keys = candidate
            else:
                index += chunk
        chunk //= 2
    return keys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--keys", type=int, default=120, help="the most keys a session types")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--binary", default=os.environ.get("TABSHELL_BIN", os.path.join(ROOT, ".build", "debug", "tabshell")))
    parser.add_argument("--out", default=os.path.join(ROOT, ".build-fuzz", "keys"))
    parser.add_argument("--replay", help="a file of keys (Python literals, one a line) to type once")
    parser.add_argument("--minimize", help="a file of keys that crash: the fewest that still do")
    options = parser.parse_args()
    if not os.access(options.binary, os.X_OK):
        print(f"no tabshell binary at {options.binary} (build it, or set TABSHELL_BIN)", file=sys.stderr)
        return 2
    if options.minimize:
        keys = read_keys(options.minimize)
        keys = minimized(options.binary, keys)
        print(f"{len(keys)} keys still crash: " + " ".join(repr(key) for key in keys))
        return 0
    if options.replay:
        keys = read_keys(options.replay)
        for full_screen in (False, True):
            crashed, how, _ = session(options.binary, keys, full_screen)
            print(f"{'full-screen' if full_screen else 'line'} mode: {how}{' (CRASH)' if crashed else ''}")
        return 0
    seed = options.seed if options.seed is not None else int(time.time())
    generator = random.Random(seed)
    os.makedirs(options.out, exist_ok=True)
    start = time.time()
    sessions = keys_typed = crashes = 0
    print(f"fuzzing the line editor for {options.seconds:g} s (seed {seed})", file=sys.stderr)
    while time.time() - start < options.seconds:
        full_screen = generator.random() < 0.35
        keys = [random_keys(generator) for _ in range(generator.randint(5, options.keys))]
        crashed, how, typed = session(options.binary, keys, full_screen)
        sessions += 1
        keys_typed += len(typed)
        if crashed:
            crashes += 1
            path = os.path.join(options.out, f"crash-{seed}-{sessions}.keys")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write("".join(repr(key) + "\n" for key in typed))
            mode = "full-screen" if full_screen else "line"
            print(f"CRASH ({how}) in the {mode} mode after {len(typed)} keys, saved as {path}:")
            print("  " + " ".join(repr(key) for key in typed))
    elapsed = time.time() - start
    print(f"{sessions} sessions, {keys_typed} keys in {elapsed:.0f} s ({keys_typed / elapsed:.0f} keys/s), "
          f"{crashes} crash{'es' if crashes != 1 else ''}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
