#!/usr/bin/env python3
"""SIGINT at every moment of an interactive shell's life (docs/Contract.md, "The REPL"): while it
starts, at the prompt, while it goes full-screen and back, and while it leaves. Ctrl-C abandons the
line, stops a running command, and never ends the shell: its SIGINT is never at the default action.

A thread sends SIGINT to the shell without a pause (every half millisecond) through each of these
windows, from the moment the process blocks or catches SIGINT (the `tabshell` executable's `main`
has started: before, the action is the system's default, which no program can change). Before the
fix, the start-up ended the shell in each run: the script's handler ended the process on a second
SIGINT, and `exec` (the `tabshell` executable handing over to `tabshell-host`, which may start
again to turn the backtracer's interactive mode off) put the default action back meanwhile.

Run:  python3 Tests/repl/test_interrupts.py     (prints "N passed, N failed"; exits 1 on a failure)
"""

import os
import signal
import sys
import threading
import time

import pexpect

from test_repl import BINARY, PROMPT, Session, new_home, testmain

# The runs of each test: each start, switch and end is one more chance to hit a window.
RUNS = int(os.environ.get("TABSHELL_INTERRUPT_RUNS", "5"))
ALTERNATE_SCREEN_ON = "\x1b[?1049h"
ALTERNATE_SCREEN_OFF = "\x1b[?1049l"


def holds_or_catches_sigint(pid):
    """Whether process `pid` runs tabshell (not the test's own process before it runs tabshell)
    and blocks SIGINT or has a handler for it (its /proc status's SigBlk and SigCgt masks): the
    `tabshell` executable blocks it as it hands the process over to the shell."""
    try:
        if os.path.dirname(os.readlink(f"/proc/{pid}/exe")) != os.path.dirname(
                os.path.realpath(BINARY)):
            return False
        with open(f"/proc/{pid}/status", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith(("SigBlk:", "SigCgt:")):
                    if (int(line.split()[1], 16) >> (signal.SIGINT - 1)) & 1:
                        return True
    except OSError:
        pass
    return False


class Storm:
    """Sends SIGINT to `pid` every half millisecond, from a thread, until stopped or the process
    is gone."""

    def __init__(self, pid):
        self.pid = pid
        self.sent = 0
        self.running = True
        self.thread = threading.Thread(target=self.send, daemon=True)
        self.thread.start()

    def send(self):
        while self.running:
            try:
                os.kill(self.pid, signal.SIGINT)
            except ProcessLookupError:
                return
            self.sent += 1
            time.sleep(0.0005)

    def stop(self):
        self.running = False
        self.thread.join()
        return self.sent


def started_under_storm(args=()):
    """A shell started with SIGINT sent throughout its start-up (from the moment it catches
    SIGINT to its first prompt or frame); the storm stopped and the signals' effects settled."""
    repl = Session(new_home(), args)
    pid = repl.child.pid
    deadline = time.time() + 10
    while not holds_or_catches_sigint(pid):
        assert time.time() < deadline and repl.child.isalive(), "the shell never caught SIGINT"
        time.sleep(0.0005)
    storm = Storm(pid)
    try:
        repl.child.expect_exact(ALTERNATE_SCREEN_ON) if args else repl.child.expect(PROMPT)
    except pexpect.EOF:
        repl.child.close()
        raise AssertionError(f"the shell ended while it started: {how_it_ended(repl)}") from None
    finally:
        sent = storm.stop()
    assert sent > 0
    time.sleep(0.3)
    assert repl.child.isalive(), f"the shell ended: {how_it_ended(repl)}"
    return repl


def how_it_ended(repl):
    if not repl.child.closed:
        repl.child.close()
    if repl.child.signalstatus is not None:
        return f"killed by signal {repl.child.signalstatus}"
    return f"exit status {repl.child.exitstatus}"


def still_runs_a_line(repl):
    """Abandons what a late SIGINT left on the line, then runs a command: it is not taken for
    interrupted (a SIGINT of the start-up is not the command's)."""
    repl.send("\x15echo still-alive\r")
    repl.expect_exact("echo still-alive")
    output = repl.prompt()
    assert "still-alive" in output and "interrupted" not in output, output


def leaves_under_storm(repl):
    """Ctrl-D on an empty line with SIGINT sent until the process is gone: it ends with status 0.
    Each SIGINT abandons the line, and readline gives the terminal its own settings back until
    the next prompt (as between any two lines): a Ctrl-D that comes in that moment is the
    terminal's end of file, not a key, and is gone once readline takes the terminal again (1
    leave in 40 under the storm). So Ctrl-D is sent again until the shell leaves."""
    storm = Storm(repl.child.pid)
    try:
        send_until(repl, "\x04", pexpect.EOF, "the shell never left")
    finally:
        storm.stop()
    how = how_it_ended(repl)
    assert how == "exit status 0", how


def send_until(repl, keys, until, never):
    """Sends `keys` until `until` (a string, or pexpect.EOF) comes, every half second, at most 50
    times: a key that the storm made the shell lose is sent again. An end that is not `until`
    raises pexpect.EOF."""
    for _ in range(50):
        try:
            repl.send(keys)
        except OSError:  # the shell is gone: its end is read below
            pass
        try:
            repl.child.expect_exact(until, timeout=0.5)
            return
        except pexpect.TIMEOUT:
            pass
    raise AssertionError(never)


def switch_under_storm(repl, keys, marker):
    """Sends `keys` (Ctrl-X Ctrl-A) until `marker` shows that the mode changed, with SIGINT sent
    throughout (a SIGINT can abandon a half-read key sequence in the line mode: it is sent again),
    then makes sure the shell stays in that mode (``settle_in_mode``)."""
    storm = Storm(repl.child.pid)
    try:
        send_until(repl, keys, marker, f"the mode never changed ({marker!r})")
    except pexpect.EOF:
        raise AssertionError(f"the shell ended: {how_it_ended(repl)}") from None
    finally:
        storm.stop()
    settle_in_mode(repl, keys, marker)


def settle_in_mode(repl, keys, marker):
    """On a loaded machine a switch can take longer than `send_until`'s half second, and the keys
    sent again then switch the mode once more after `marker` came: with the storm stopped, the
    switches that follow are read until none comes for a while, and `keys` sent again (once at a
    time) until the last one is `marker`'s mode."""
    other = ALTERNATE_SCREEN_OFF if marker == ALTERNATE_SCREEN_ON else ALTERNATE_SCREEN_ON
    current = marker
    for _ in range(10):
        try:
            while True:
                index = repl.child.expect_exact([marker, other], timeout=0.6)
                current = marker if index == 0 else other
        except pexpect.TIMEOUT:
            pass
        except pexpect.EOF:
            raise AssertionError(f"the shell ended: {how_it_ended(repl)}") from None
        if current == marker:
            return
        repl.send(keys)
    raise AssertionError(f"the mode did not stay {marker!r}")


def test_sigint_while_the_line_mode_starts_and_leaves_never_ends_the_shell():
    for _ in range(RUNS):
        repl = started_under_storm()
        still_runs_a_line(repl)
        leaves_under_storm(repl)


def test_sigint_while_the_full_screen_mode_starts_never_ends_the_shell():
    for _ in range(RUNS):
        repl = started_under_storm(["--tui"])
        time.sleep(0.3)
        repl.send("quit\r")
        repl.child.expect(pexpect.EOF)
        how = how_it_ended(repl)
        assert how == "exit status 0", how


def test_sigint_while_going_full_screen_and_back_never_ends_the_shell():
    repl = started_under_storm()
    for _ in range(RUNS):
        switch_under_storm(repl, "\x18\x01", ALTERNATE_SCREEN_ON)
        time.sleep(0.2)
        switch_under_storm(repl, "\x18\x01", ALTERNATE_SCREEN_OFF)
        time.sleep(0.2)
    still_runs_a_line(repl)
    leaves_under_storm(repl)


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
