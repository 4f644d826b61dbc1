#!/usr/bin/env python3
"""Pseudo-terminal tests of the interactive REPL (docs/Contract.md, "The REPL"), driving the built `tabshell` with pexpect.

Run:  python3 Tests/repl/test_repl.py        (prints "N passed, N failed"; exits 1 on a failure)
 or:  python3 -m pytest Tests/repl -q
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Each test gets a fresh HOME, XDG_STATE_HOME
and XDG_CONFIG_HOME (no start-up file, so the REPL starts with the `demo` layout) under a temp folder.
Needs only pexpect (`pip install pexpect`).
"""

import atexit
import ctypes.util
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import termios
import time

import pexpect

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BINARY = os.environ.get("TABSHELL_BIN", os.path.join(ROOT, ".build", "debug", "tabshell"))
TIMEOUT = float(os.environ.get("TABSHELL_REPL_TIMEOUT", "10"))
PROMPT = r"tabshell:[^\r\n>]*> "
UP = "\x1b[A"


class Session:
    """One REPL in a pseudo-terminal, with its own home folder (shared by sessions of one test)."""

    def __init__(self, home, args=(), env=None):
        self.home = home
        self.child = pexpect.spawn(
            BINARY,
            list(args),
            env={**environment(home), **(env or {})},
            cwd=home,
            encoding="utf-8",
            codec_errors="replace",
            timeout=TIMEOUT,
            dimensions=(24, 100),
        )

    def type_keys(self, keys, pause=0.05):
        """Sends each key in a write of its own, `pause` seconds apart: readline takes them one at
        a time, and the full-screen mode joins no ESC to the key after it."""
        for key in keys:
            self.send(key)
            time.sleep(pause)

    def prompt(self):
        """Waits for the next prompt; returns everything printed since the last match."""
        self.child.expect(PROMPT)
        return strip(self.child.before)

    def run(self, line):
        """Types `line` and Return; returns what the command printed (with the bar line, if shown)."""
        self.child.send(line + "\r")
        self.child.expect_exact(line)
        return self.prompt()

    def send(self, text):
        self.child.send(text)

    def expect_exact(self, text):
        self.child.expect_exact(text)

    def expect(self, pattern):
        self.child.expect(pattern)
        return strip(self.child.before)

    def finish(self):
        """Waits for the end; returns the exit status (None when killed by a signal)."""
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus

    def history_file(self):
        return os.path.join(self.home, "state", "tabshell", "history")


def environment(home):
    """The process environment with `home` as HOME and XDG folders, TERM=xterm and no colour."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("INPUTRC", "NO_COLOR", "COLUMNS", "LINES")
    }
    env.update(
        HOME=home,
        XDG_STATE_HOME=os.path.join(home, "state"),
        XDG_CONFIG_HOME=os.path.join(home, "config"),
        TERM="xterm",
        NO_COLOR="1",
    )
    return env


def strip(text):
    """`text` without escape sequences and carriage returns."""
    text = re.sub(r"\x1b\[[0-9;?]*[ -/]*[@-~]", "", text)
    text = re.sub(r"\x1b\][^\x07]*\x07", "", text)
    return text.replace("\r", "").replace("\x01", "").replace("\x02", "")


def new_home():
    """A fresh home folder, removed when the tests end."""
    home = tempfile.mkdtemp(prefix="tabshell-repl-")
    atexit.register(shutil.rmtree, home, True)
    return home


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


# The tests.


def test_a_typed_command_runs_and_the_shell_goes_on():
    repl = Session(new_home())
    repl.prompt()
    assert "hello-world" in repl.run("echo hello-world")
    assert "again" in repl.run("echo again")
    repl.send("\x04")
    assert repl.finish() == 0


def test_tab_completes_a_command_name():
    repl = Session(new_home())
    repl.prompt()
    repl.send("swi\t")
    repl.expect("swipe ")
    repl.send("\x15echo done\r")  # Ctrl-U drops the completed line.
    assert "done" in repl.prompt()


def test_tab_tab_lists_the_tab_ids():
    repl = Session(new_home())
    repl.prompt()
    repl.send("tab \t\t")
    listing = repl.expect(PROMPT)  # readline lists the matches, then shows the prompt again.
    for tab in ("home", "feed", "inbox", "profile"):
        assert tab in listing, listing
    repl.send("\x03")
    repl.prompt()


def test_history_from_an_earlier_run_comes_back_with_up():
    home = new_home()
    first = Session(home)
    first.prompt()
    first.run("echo from-the-first-run")
    first.send("\x04")
    assert first.finish() == 0
    state = os.path.join(home, "state", "tabshell")
    assert stat.S_IMODE(os.stat(state).st_mode) == 0o700
    assert read(first.history_file()) == "echo from-the-first-run\n"

    second = Session(home)
    second.prompt()
    second.send(UP)
    second.expect("echo from-the-first-run")
    second.send("\r")
    assert "from-the-first-run" in second.prompt()
    second.send("\x04")
    assert second.finish() == 0
    assert read(second.history_file()) == "echo from-the-first-run\n"  # no repeat, no blank line


# Readline 8.2 frees one undo list twice after these keys (a non-incremental search aborted away
# from the end of the history, then history motions): M-<, M-p, C-g, Down, a letter, M-<, M-p, C-g,
# M-<, Down, Enter. Bash 5.2 aborts on them; TabShell keeps the history position in step
# (CReadline's tabshell_rl_settle_history_position).
HISTORY_DOUBLE_FREE_KEYS = ["\x1b<", "\x1bp", "\x07", "\x1b[B", "x", "\x1b<", "\x1bp", "\x07", "\x1b<", "\x1b[B"]


def with_two_history_lines(home, lines=("echo first-line", "echo second-line")):
    state = os.path.join(home, "state", "tabshell")
    os.makedirs(state, mode=0o700, exist_ok=True)
    with open(os.path.join(state, "history"), "w", encoding="utf-8") as handle:
        handle.write("".join(line + "\n" for line in lines))
    return home


def test_the_keys_that_make_readline_free_twice_do_not_crash_the_repl():
    repl = Session(with_two_history_lines(new_home()))
    repl.prompt()
    repl.type_keys(HISTORY_DOUBLE_FREE_KEYS)
    repl.send("\r")
    assert "second-line" in repl.prompt()
    assert "two" in repl.run("echo still two")
    repl.send("\x04")
    assert repl.finish() == 0


def test_a_key_sequence_that_ends_an_incremental_search_does_not_crash():
    # Readline 8.2 runs C-x's sequence as the search ends, and an aborting one (C-x e with no
    # keyboard macro, C-x ), an unbound C-x C-v) jumps back to a frame that is gone (SIGSEGV).
    # M-y with nothing yanked aborts too. C-x ends the search; M-y then rings the bell.
    for keys in (["\x12", "\x18e"], ["\x12", "\x18)"], ["\x12", "\x18\x16"], ["\x12", "\x1by", "\x18\x12", "\x10", "\x18\x18"]):
        repl = Session(with_two_history_lines(new_home()))
        repl.prompt()
        repl.child.delaybeforesend = None
        for key in keys:
            repl.send(key)
        time.sleep(0.3)
        repl.send("\x15echo alive\r")
        assert "alive" in repl.prompt(), keys
        repl.send("\x04")
        assert repl.finish() == 0, keys


# Readline 8.2's abort jumps back to `_rl_top_level`, which in callback mode can be a frame that is gone
# when one read goes on to a key pushed back by an incremental search that a fast ESC ended: C-r, then
# ESC C-g with more keys waiting crashed the line REPL (SIGSEGV). CReadline's
# tabshell_rl_make_aborts_safe binds commands that ring the bell and return in place of the aborting
# ones. (The full-screen mode hands readline one key at a time and did not crash; it is checked too.)
ABORT_AFTER_SEARCH_KEYS = "\x1b\x07\x18\x12\x10\x18\x18"  # ESC C-g, C-x C-r, C-p, C-x C-x


def test_an_abort_right_after_an_incremental_search_does_not_crash():
    for args in ([], ["--tui"]):
        repl = started(with_two_history_lines(new_home()), args)
        repl.child.delaybeforesend = None
        repl.send("\x12")
        time.sleep(0.2)
        repl.send(ABORT_AFTER_SEARCH_KEYS)  # in one write, so readline finds the keys waiting
        leave_alive(repl, args, args)


def started(home, args, env=None):
    """A REPL in the line mode (args empty) or the full-screen mode, ready for keys."""
    repl = Session(home, args, env)
    if args:
        repl.expect_exact("\x1b[?1049h")
    else:
        repl.prompt()
    time.sleep(0.3)
    return repl


def leave_alive(repl, args, what):
    """Checks that the REPL still runs a line after the keys sent, then leaves it with status 0."""
    time.sleep(0.5)
    assert repl.child.isalive(), (what, repl.child.signalstatus)
    repl.send("\x15echo still-alive\r")
    repl.expect_exact("still-alive")
    if args:
        time.sleep(0.3)
        repl.send("quit\r")
    else:
        repl.prompt()
        repl.send("\x04")
    assert repl.finish() == 0, what


def test_an_unbound_key_after_a_prefix_does_not_crash():
    """Keys `scripts/fuzz keys` found (kept in unbound-after-prefix.keys) that crashed the line mode
    (and now and then the full-screen mode) with SIGSEGV: readline 8.2 aborts on a key that a prefix
    keymap (ESC, C-x) leaves unbound by the same jump back as `abort`'s, into a frame that is gone;
    such keys now ring the bell as TabShell's abort does."""
    sys.path.insert(0, os.path.join(ROOT, "fuzz"))
    import keys as fuzz_keys  # noqa: E402 - fuzz/keys.py types keys as the fuzzer did
    keys = fuzz_keys.read_keys(os.path.join(HERE, "unbound-after-prefix.keys"))
    for full_screen in (False, True):
        crashed, how, _ = fuzz_keys.session(BINARY, keys, full_screen)
        assert not crashed and how == "exit status 0", (full_screen, how)


# Keys that a macro of ~/.inputrc types are read in the same call of readline as the macro's key, by
# the branches of its loop where a jump back lands in a frame that is gone (CReadline's aborts.h,
# paths 3, 6 and 7): each crashed both modes (SIGSEGV) before those paths were guarded.
MACROS_THAT_ABORTED = [
    ('"\\C-t": "\\e2\\C-y"\n', "\x14"),  # yank with an empty kill ring, after a numeric argument
    ('"\\C-t": "\\e[1;5X"\n', "\x14"),  # a key unbound five keymaps deep
    ('"\\C-xt": "\\C-xt\\C-xt"\n', "\x18t"),  # a macro that types itself, past 16 levels
    ('"\\C-xt": "\\C-xt\\C-xt"\n', "\x18\x12\x18t"),  # the same after ~/.inputrc is read again
    ('"\\C-t": "\\C-tq\\C-tq"\n"\\C-tz": "zz"\n', "\x14q"),  # the same, shadowed by a longer key
]


def test_aborts_in_keys_a_macro_types_ring_the_bell_instead_of_crashing():
    for inputrc, keys in MACROS_THAT_ABORTED:
        for args in ([], ["--tui"]):
            home = with_two_history_lines(new_home())
            with open(os.path.join(home, ".inputrc"), "w", encoding="utf-8") as handle:
                handle.write(inputrc)
            repl = started(home, args)
            repl.send(keys)
            leave_alive(repl, args, (inputrc, args))


def test_macros_yanks_and_vi_puts_still_work_once_guarded():
    home = new_home()
    with open(os.path.join(home, ".inputrc"), "w", encoding="utf-8") as handle:
        handle.write('"\\C-xt": "echo typed-by-"\n"\\C-t": "\\e2\\C-y"\n'
                     '"\\C-xs": "echo shadowed"\n"\\C-xsz": "zz"\n')
    repl = Session(home)
    repl.prompt()
    repl.send("\x18tmacro\r")  # a macro under a prefix types its text
    assert "typed-by-macro" in repl.prompt()
    repl.send("\x18s-macro\r")  # and one that a longer binding shadows, before the next key
    assert "shadowed-macro" in repl.prompt().splitlines()
    # Two words killed (readline joins the kills, typing between them is no command of its own),
    # yanked, popped (the ring holds one text), then yanked by the macro after a numeric argument.
    for keys in ("one\x17", "two\x17", "echo \x19", "\x1by", "-"):
        repl.send(keys)
        time.sleep(0.1)
    repl.send("\x14\r")
    assert "twoone-twoone" in repl.prompt().splitlines()
    repl.send("\x04")
    assert repl.finish() == 0
    vi = new_home()
    with open(os.path.join(vi, ".inputrc"), "w", encoding="utf-8") as handle:
        handle.write("set editing-mode vi\n")
    repl = Session(vi)
    repl.prompt()
    repl.send("\x1bp")  # vi's put with nothing killed rings the bell
    repl.expect_exact("\x07")
    for keys in ("iecho abc", "\x1b", "bdw", "p", "\r"):  # delete the word, put it back
        repl.send(keys)
        time.sleep(0.1)
    assert "abc" in repl.prompt().splitlines()
    repl.send("\x04")
    assert repl.finish() == 0


def test_ctrl_g_still_abandons_a_search_and_rings_the_bell_outside_one():
    repl = Session(with_two_history_lines(new_home()))
    repl.prompt()
    repl.send("\x12first")
    repl.expect(r"first(\x1b\[27m)?-line")  # found (readline may show the match highlighted)
    repl.send("\x07echo abandoned\r")  # the search's line is dropped, as readline does (no bell)
    repl.expect_exact("echo abandoned")
    assert strip(repl.prompt()).splitlines()[1] == "abandoned"  # nothing of the search's line ran
    repl.send("x\x07")  # outside a search C-g rings the bell
    repl.expect_exact("\x07")
    # A keyboard macro is still defined and called, and C-g forgets it: C-x e then rings the bell.
    for keys in ("\x15echo ", "\x18(", "ab", "\x18)", "\x18e", "\r"):
        repl.send(keys)
        time.sleep(0.1)
    line = strip(repl.prompt()).splitlines()[1]
    assert line.startswith("ab") and len(line) > 2, line  # typed, then replayed (readline 8.2 in
    # callback mode drops one key too many from the end of a macro: it replays "a")
    repl.send("\x07\x18e")
    repl.expect_exact("\x07")
    repl.send("\x15echo done\r")
    assert "done" in repl.prompt()
    repl.send("\x04")
    assert repl.finish() == 0


def test_the_keys_that_make_readline_free_twice_do_not_crash_the_full_screen_mode():
    repl = Session(with_two_history_lines(new_home()), ["--tui"])
    repl.expect_exact("\x1b[?1049h")
    time.sleep(0.3)
    repl.type_keys(HISTORY_DOUBLE_FREE_KEYS)
    repl.send("\r")
    repl.expect_exact("second-line")
    repl.send("echo still-alive\r")
    time.sleep(0.3)
    repl.send("quit\r")
    assert repl.finish() == 0
    assert read(repl.history_file()).splitlines()[-2:] == ["echo still-alive", "quit"]


# Readline 8.2's vi search (`/`, `?`) drops the line saved while the history is browsed, then saves the
# history entry being edited in its place with the entry's own undo list; once the search is aborted,
# a `/` after the next history motion frees that list while the entry still holds it, and the one
# after frees it again (status 134). `scripts/fuzz sessions` found it through a session client's keys
# (M-C-j is readline's vi mode): M-C-j, ESC k, A, ESC k, j, then four times `/` C-g and k. TabShell
# hands the line's undo list to its entry first (CReadline's searches.h). ESC goes with the key after
# it, as one key, for the full-screen mode (a lone ESC is the bar's).
VI_SEARCH_DOUBLE_FREE_KEYS = ["\x1b\n", "\x1bk", "A", "\x1bk", "j"] + ["/", "\x07", "k"] * 3 + ["/", "\x07"]


def test_vi_searches_while_the_history_is_browsed_do_not_crash_and_still_find():
    for args in ([], ["--tui"]):
        repl = started(with_two_history_lines(new_home()), args)
        repl.type_keys(VI_SEARCH_DOUBLE_FREE_KEYS)
        repl.send("/first\r")  # vi's search still finds a line; `A` appends to it, Enter runs it
        time.sleep(0.2)
        repl.send("A-again\r")
        repl.expect_exact("first-line-again")
        leave_alive(repl, args, args)


def test_history_searches_that_inputrc_binds_while_the_history_is_browsed_do_not_crash():
    # `history-search-backward` starts as vi's search does (readline 8.2's rl_history_search_reinit):
    # an entry edited, left and come back to, then C-t, Up, C-t... freed its undo list twice.
    home = with_two_history_lines(new_home())
    with open(os.path.join(home, ".inputrc"), "w", encoding="utf-8") as handle:
        handle.write('"\\C-t": history-search-backward\n')
    for args in ([], ["--tui"]):
        repl = started(home, args)
        repl.type_keys([UP, "x", UP, "\x1b[B"] + ["\x14", UP] * 4)
        repl.send("\x15echo fir\x14")  # the search still finds the line the text begins
        time.sleep(0.2)
        repl.send("\x05-again\r")
        repl.expect_exact("first-line-again")
        leave_alive(repl, args, args)


def freed_memory_checked():
    """The environment that preloads AddressSanitizer's runtime (libasan, where installed) into the
    REPL, so that readline's use of an undo list it freed aborts at once (SIGABRT). glibc alone has
    mostly handed such memory to something else by then, and readline reads and frees that instead,
    crashing now and then."""
    library = ctypes.util.find_library("asan")
    if library is None:
        return {}
    return {"LD_PRELOAD": library, "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1"}


# Readline 8.2's vi command mode frees the line's undo list the first time a line goes into it; on a
# history entry edited before, left and come back to, the entry keeps a part of that list (readline
# forgets it only where an entry holds the list's top). Up, x, Down, M-C-j (vi), Up, ESC C-j (the
# command mode, then Enter: the line runs, the entry keeps the freed list), Up, Up and C-_ (undo)
# freed it again (a stress of readline with random keys found it). CReadline's vimode.h forgets the
# whole list in the history first. (The lines' output starts with another letter than the
# full-screen mode's `still-alive`, which is then drawn whole.)
TWO_OTHER_LINES = ("echo one-line", "echo two-line")
VI_COMMAND_MODE_FREED_KEYS = [UP, "x", "\x1b[B", "\x1b\n", UP, "\x1b\n"]


def test_vi_command_mode_on_an_edited_history_entry_does_not_free_its_undo_list():
    for args in ([], ["--tui"]):
        home = with_two_history_lines(new_home(), TWO_OTHER_LINES)
        repl = started(home, args, freed_memory_checked())
        repl.type_keys(VI_COMMAND_MODE_FREED_KEYS)
        repl.expect_exact("two-linex")  # the entry's line, edited, ran
        time.sleep(0.2)
        # The entry, whose changes cannot be undone now; a command put before it runs it.
        repl.type_keys([UP, UP, "\x1f", "\x1f", "\x1bI", "echo again-\r"])
        repl.expect_exact("again-echo two-linex")
        leave_alive(repl, args, args)


# vi's `n` (the search typed again) frees the line's undo list unless the matching entry holds it; on
# an entry edited before, left and come back to, the entry kept a part of it, and `u` back on that
# entry used it again (heap-use-after-free). CReadline's searches.h hands the line's list to its
# entry first, as for `/`: the entry's changes can still be undone there. ESC goes with the key after
# it, as one key, for the full-screen mode (a lone ESC is the bar's).
VI_SEARCH_AGAIN_FREED_KEYS = ["\x1b\n", "\x1b/", "echo\r", "k", "x", "k", "j", "x", "n", "k"]


def test_vi_search_again_while_the_history_is_browsed_does_not_free_an_entrys_undo_list():
    for args in ([], ["--tui"]):
        home = with_two_history_lines(new_home(), TWO_OTHER_LINES)
        repl = started(home, args, freed_memory_checked())
        repl.type_keys(VI_SEARCH_AGAIN_FREED_KEYS)
        repl.send("uu")  # both changes made on the entry are undone
        time.sleep(0.2)
        repl.send("A-again\r")
        repl.expect_exact("two-line-again")
        leave_alive(repl, args, args)


# Readline 8.2 hands over a line accepted by the key after a numeric argument (M-1 Enter) only with
# the next key, which it runs on the accepted line first: Enter did nothing until another key, and
# C-r as that key started a search that outlived the line, whose end (reverting the history entry
# edited) freed the entry's line while the search still pointed at it; the key that ended the search
# read it (heap-use-after-free in rl_replace_line). CReadline's arguments.h has readline hand the
# line over at once. (The full-screen mode did not crash; it is checked too.)
def test_a_line_accepted_after_a_numeric_argument_runs_at_once_and_a_search_after_it_is_safe():
    for args in ([], ["--tui"]):
        home = with_two_history_lines(new_home(), TWO_OTHER_LINES)
        repl = started(home, args, freed_memory_checked())
        repl.type_keys([UP, "x", "\x1b1", "\r"])
        repl.expect_exact("two-linex" if args else "two-linex\r\n")  # accepted before another key
        time.sleep(0.2)
        repl.type_keys(["\x12", "one", "\x07"])  # a search, ended
        leave_alive(repl, args, args)


# Readline 8.2's vi motions go round for ever on a line that ends in invalid UTF-8 (`"é\x80"`): in vi
# command mode a move forward that reaches the end of the line stops on its last character, which the
# scan back puts on the `é`, behind the cursor on the `\x80`, and `e`, `E`, `w`, `W` and `%` loop (`~`
# goes back and forth as many times as its count). `scripts/fuzz sessions` found it through a session
# client's keys: the session server hung. TabShell runs them so that they stop at the end of the line
# (CReadline's vimotions.h). The bytes come from a macro (the terminal's keys are UTF-8 text).
VI_MOTION_LOOP_INPUTRC = 'set editing-mode vi\nset keymap vi-insert\n"\\C-t": "abc \\xc3\\xa9\\x80"\n'
VI_MOTION_LOOP_KEYS = ["\x14", "\x1be", "w", "%", "E", "W", "999999~", "A"]


def test_vi_motions_over_invalid_utf8_at_the_end_of_the_line_do_not_hang():
    home = new_home()
    with open(os.path.join(home, ".inputrc"), "w", encoding="utf-8") as handle:
        handle.write(VI_MOTION_LOOP_INPUTRC)
    for args in ([], ["--tui"]):
        repl = started(home, args)
        repl.type_keys(VI_MOTION_LOOP_KEYS)
        # A motion that loops never lets the line after it run: leave_alive's wait fails then
        # (no bound of our own on how long the keys take, which a busy machine stretches).
        leave_alive(repl, args, args)


# Dropping a line (Ctrl-C; in the full-screen mode `clear-line`) freed its undo list before it ended
# the incremental search under way; ending the search moved the history to the line it found, whose
# entry's undo list became the next line's too; freed with that line, it left the entry a freed
# list, and keys typed back on the entry used it (heap-use-after-free, then a double free at C-_).
# `scripts/fuzz sessions` over readline built with AddressSanitizer found it through a session
# client's keys. CReadline's `tabshell_rl_drop_line_state` ends the search first.
DROPPED_SEARCH_KEYS = [UP, UP, "x", "\x1b[B", "y", "\x12first", "\x03", "echo cleared\r",
                       UP, UP, UP, "w", "\x1f", "v"]


def test_a_line_dropped_during_a_search_leaves_no_freed_undo_list_in_the_history():
    for args in ([], ["--tui"]):
        repl = started(with_two_history_lines(new_home()), args, freed_memory_checked())
        repl.type_keys(DROPPED_SEARCH_KEYS, pause=0.1)
        repl.expect_exact("cleared")
        leave_alive(repl, args, args)


# Readline 8.2 splits a history line into words for `M-.` (yank-last-arg), `M-C-y` (yank-nth-arg)
# and vi's `_` past the line's end when it ends in a backslash or in `$(` and the like, and yanks
# what lies after it in memory (AddressSanitizer: heap-buffer-overflow; `scripts/fuzz sessions` with
# readline built from its source found it through a session client's keys). CReadline's yankargs.h
# pads such lines first (its own test, ReadlineYankArgumentTests, shows the bytes yanked before);
# here the three commands, bound in their place, still yank the right words, and `M-.` typed again
# still goes back a line further. ESC goes with the key after it, as one key, for the full-screen
# mode (a lone ESC is the bar's).
YANK_HISTORY = ("echo first-word", "echo second-word\\", "echo third-$(")


def test_yanking_a_history_lines_words_reads_the_line_only():
    for args in ([], ["--tui"]):
        repl = started(with_two_history_lines(new_home(), YANK_HISTORY), args)
        # M-. three times: `third-$(`, then `second-word\`, then `first-word`.
        repl.type_keys(["echo again-", "\x1b.", "\x1b.", "\x1b.", "\r"])
        repl.expect_exact("again-first-word")
        time.sleep(0.2)
        # M-C-y: the first argument of the line before.
        repl.type_keys(["echo nth-", "\x1b\x19", "\r"])
        repl.expect_exact("nth-again-first-word")
        time.sleep(0.2)
        # vi's `_`: a blank, then the last argument of the line before (vi mode by M-C-j).
        repl.type_keys(["\x1b\n", "echo vi-", "\x1b_", "\r"])
        repl.expect_exact("vi- nth-again-first-word")
        leave_alive(repl, args, args)


def test_blank_lines_and_repeats_are_not_kept():
    repl = Session(new_home())
    repl.prompt()
    repl.run("echo one")
    repl.run("echo one")
    repl.send("   \r")
    repl.prompt()
    repl.run("echo two")
    assert read(repl.history_file()) == "echo one\necho two\n"  # saved after every command
    repl.send("\x04")
    assert repl.finish() == 0


def test_pasted_lines_run_and_are_kept_as_one_line():
    repl = Session(new_home())
    repl.prompt()
    repl.send("\x1b[200~echo pasted-1\necho pasted-2\n\x1b[201~")  # a bracketed paste
    repl.expect_exact("pasted-2")
    repl.send("\r")
    repl.expect(r"[\r\n]pasted-1\r?\npasted-2\r?\n")  # the output of the two commands
    repl.prompt()
    assert read(repl.history_file()) == "echo pasted-1; echo pasted-2\n"


def test_ctrl_r_finds_an_earlier_line():
    repl = Session(new_home())
    repl.prompt()
    repl.run("echo needle-42")
    repl.run("echo haystack")
    repl.send("\x12needle")
    repl.expect("reverse-i-search.*needle")
    repl.send("\r")  # readline redraws the line with the normal prompt, then the command runs:
    repl.expect(r"[\r\n]needle-42\r?\n")
    repl.prompt()


def test_ctrl_c_abandons_the_line_not_the_shell():
    repl = Session(new_home())
    repl.prompt()
    repl.send("echo half-typed")
    repl.expect("half-typed")
    repl.send("\x03")
    repl.prompt()
    output = repl.run("echo after")
    assert "after" in output and "half-typed" not in output, output
    assert repl.child.isalive()
    assert "half-typed" not in read(repl.history_file())


def test_ctrl_d_on_an_empty_line_leaves_with_status_0():
    repl = Session(new_home())
    repl.prompt()
    repl.send("\x04")
    assert repl.finish() == 0


def test_quit_and_ctrl_d_ask_before_ending_running_programs():
    # docs/Contract.md, "A terminal workspace": nothing lost by one key. `exit` does not ask.
    repl = Session(new_home())
    repl.prompt()
    repl.run("new-tab --id sh -- sh")
    repl.run("new-tab --id two -- sh")
    repl.send("quit\r")
    repl.expect_exact("quit: 2 programs are running; quit anyway? (y/n) ")
    repl.send("n\r")
    repl.prompt()
    assert repl.child.isalive()
    repl.send("\x04")
    repl.expect_exact("quit: 2 programs are running; quit anyway? (y/n) ")
    repl.send("\x03")  # Ctrl-C says no
    repl.prompt()
    repl.send("close-tab .\r")
    repl.expect_exact("close-tab: 1 program is running; close the tab anyway? (y/n) ")
    repl.send("Y\r")
    repl.prompt()
    assert "two" not in repl.run("tabs"), "the tab asked about was closed"
    repl.send("\x04")
    repl.expect_exact("quit: 1 program is running; quit anyway? (y/n) ")
    repl.send("\x04")  # Ctrl-D again: yes
    assert repl.finish() == 0


def test_quit_force_and_a_shell_without_programs_do_not_ask():
    repl = Session(new_home())
    repl.prompt()
    repl.run("new-tab --id sh -- sh")
    repl.send("quit --force\r")
    assert repl.finish() == 0


def test_rename_tab_without_a_title_asks_for_it_with_the_old_one_filled_in():
    repl = Session(new_home())
    repl.prompt()
    repl.run("tab feed")
    repl.send("rename-tab .\r")
    repl.expect_exact("(rename-tab) Feed")
    repl.send("\x7f\x7f\x7f\x7fNews\r")
    repl.prompt()
    assert "News" in repl.run("tabs")
    repl.send("rename-tab 1\r")
    repl.expect_exact("(rename-tab) Home")
    repl.send("\x03")  # Ctrl-C leaves the title
    repl.prompt()
    tabs = repl.run("tabs")
    assert "Home" in tabs and "News" in tabs, tabs


def test_exit_leaves_with_its_status():
    repl = Session(new_home())
    repl.prompt()
    repl.send("exit 3\r")
    assert repl.finish() == 3


def test_a_bare_exit_after_a_failed_line_leaves_with_0():
    # Each line typed at the prompt is a script of its own (docs/Contract.md, "help exit").
    repl = Session(new_home())
    repl.prompt()
    repl.send("tab 99\r")
    repl.prompt()
    repl.send("exit\r")
    assert repl.finish() == 0


def test_sigterm_keeps_the_history():
    repl = Session(new_home())
    repl.prompt()
    repl.run("echo before-the-kill")
    repl.send("echo not-entered")
    repl.expect("not-entered")
    repl.child.kill(signal.SIGTERM)
    # An exit with 128 + 15 (the contract's), not the signal itself nor another status.
    assert repl.finish() == 128 + 15
    assert repl.child.signalstatus is None
    assert read(repl.history_file()) == "echo before-the-kill\n"


def test_a_signal_that_ends_the_process_gives_the_terminal_its_settings_back():
    # readline has echo and line editing off while it reads; SIGUSR1 (whose default ends the
    # process) must not leave the terminal so.
    for number in (signal.SIGUSR1, signal.SIGVTALRM, signal.SIGALRM):
        repl = Session(new_home())
        repl.prompt()
        repl.send("half-typ")
        repl.expect_exact("half-typ")
        repl.child.kill(number)
        repl.child.expect(pexpect.EOF)
        local_modes = termios.tcgetattr(repl.child.child_fd)[3]
        repl.child.close()
        assert repl.child.signalstatus == number, (signal.Signals(number).name,
                                                    repl.child.exitstatus, repl.child.signalstatus)
        assert local_modes & termios.ECHO and local_modes & termios.ICANON, \
            signal.Signals(number).name


def test_a_history_file_that_is_a_fifo_is_neither_read_nor_written():
    # Reading it waited for a writer before the first prompt; it is not history (docs/Contract.md,
    # "Files the shell writes").
    home = new_home()
    os.makedirs(os.path.join(home, "state", "tabshell"))
    os.mkfifo(os.path.join(home, "state", "tabshell", "history"))
    repl = Session(home)
    repl.prompt()
    assert "not a regular file" in repl.run("echo typed")
    repl.send("\x04")
    assert repl.finish() == 0
    assert stat.S_ISFIFO(os.lstat(repl.history_file()).st_mode)


def test_sighup_leaves_with_128_plus_1_and_keeps_the_history():
    repl = Session(new_home())
    repl.prompt()
    repl.run("echo before-the-hangup")
    repl.child.kill(signal.SIGHUP)
    assert repl.finish() == 129
    assert read(repl.history_file()) == "echo before-the-hangup\n"
    assert os.listdir(os.path.dirname(repl.history_file())) == ["history"]  # no temporary file left


def test_ctrl_z_stops_and_fg_brings_the_line_back():
    home = new_home()
    env = dict(environment(home), PS1="BASH$ ")
    bash = pexpect.spawn(
        "bash", ["--norc", "--noprofile", "-i"], env=env, cwd=home, encoding="utf-8", timeout=TIMEOUT
    )
    bash.expect_exact("BASH$ ")
    bash.send(BINARY + "\r")
    bash.expect(PROMPT)
    bash.send("echo sus")
    bash.expect_exact("sus")
    bash.send("\x1a")
    bash.expect("Stopped")
    bash.expect_exact("BASH$ ")
    bash.send("fg\r")
    bash.expect(PROMPT + "echo sus")  # the prompt and the line, shown again
    bash.send("pended\r")
    bash.expect(r"[\r\n]suspended\r?\n")
    bash.expect(PROMPT)
    bash.send("\x04")
    bash.expect_exact("BASH$ ")
    bash.send("exit\r")
    bash.expect(pexpect.EOF)


def test_inputrc_sections_for_tabshell_apply():
    home = new_home()
    with open(os.path.join(home, ".inputrc"), "w", encoding="utf-8") as inputrc:
        inputrc.write(
            '$if tabshell\n"\\C-xg": "echo from-the-macro\\n"\n$endif\n'
            '$if other-program\n"\\C-xh": "echo wrong-section\\n"\n$endif\n'
        )
    repl = Session(home)
    repl.prompt()
    repl.send("\x18g")
    assert "from-the-macro" in repl.prompt()
    repl.send("\x18h")
    repl.send("\x03")
    assert "wrong-section" not in repl.prompt()


def test_the_bar_line_shows_above_the_prompt_until_hide_bar():
    repl = Session(new_home())
    first = repl.prompt()
    bar = first.strip().splitlines()[-1].lower()
    assert "feed" in bar and "inbox" in bar, first
    assert "feed" in repl.run("echo x").lower()
    hidden = repl.run("hide-bar")
    assert "feed" not in hidden.lower() and "inbox" not in hidden.lower(), hidden
    assert "feed" not in repl.run("echo y").lower()
    assert "feed" in repl.run("show-bar").lower()


def test_the_bar_follows_a_resized_terminal():
    repl = Session(new_home())
    repl.prompt()
    wide = [line for line in repl.run("echo w").splitlines() if "Feed" in line][-1]
    assert len(wide.rstrip()) > 60, wide
    repl.child.setwinsize(24, 40)  # sends SIGWINCH
    narrow = [line for line in repl.run("echo n").splitlines() if "Feed" in line][-1]
    assert len(narrow.rstrip()) <= 40, narrow
    assert "Home" in narrow, narrow


def test_after_show_the_bar_is_not_printed_again():
    repl = Session(new_home())
    repl.prompt()
    shown = repl.run("show")
    assert "[1 Home]" in shown, shown  # the frame's bar
    assert "[1 ⌂ Home]" not in shown, shown  # and no bar line under it
    assert "[1 ⌂ Home]" in repl.run("echo x")  # the bar line is back after the next command
    repl.send("\x04")
    assert repl.finish() == 0


def test_the_greeting_says_how_to_make_a_start_up_file_and_fits_80_columns():
    child = Session(new_home())
    greeting = child.prompt()
    assert "demo layout" in greeting and "tabshell --init" in greeting, greeting
    lines = greeting.splitlines()[:2]  # the greeting; the bar line follows the terminal's width
    assert all(len(line) <= 80 for line in lines), greeting
    child.send("\x04")
    assert child.finish() == 0


def test_messages_are_broken_at_blanks_to_a_narrow_terminal():
    repl = Session(new_home())
    repl.child.setwinsize(24, 40)
    repl.prompt()
    title = "a rather long expected title for this check"
    printed = repl.run(f"expect title 1 '{title}'")
    message = printed[printed.index("error:") :].splitlines()
    message = message[: next(i for i, line in enumerate(message) if "Feed" in line)]
    assert len(message) > 1, printed
    assert all(len(line) <= 40 for line in message), printed
    # Broken between words, none cut: the lines joined again are the message.
    assert " ".join(message) == (
        f"error: expect failed: title of tab 'home' (1) is 'Home', expected '{title}'"
    ), printed
    repl.send("\x04")
    assert repl.finish() == 0


def test_a_start_up_file_that_makes_no_tabs_says_so():
    home = new_home()
    os.makedirs(os.path.join(home, "config", "tabshell"))
    with open(os.path.join(home, "config", "tabshell", "init.tabsh"), "w") as handle:
        handle.write("echo hello from init\n")
    repl = Session(home)
    opening = repl.prompt()
    assert "hello from init" in opening, opening
    assert "made no tabs; 'layout demo' brings the demo back" in opening, opening
    repl.send("\x04")
    assert repl.finish() == 0


def long_script(home, lines=400_000):
    """A script that takes seconds to run: it says `running` as it starts, then selects tabs back
    and forth."""
    path = os.path.join(home, "long.tabsh")
    with open(path, "w") as handle:
        handle.write("echo running\n" + "tab 1\ntab 2\n" * (lines // 2))
    return path


def test_ctrl_c_stops_a_running_command_and_comes_back_to_the_prompt():
    home = new_home()
    path = long_script(home)
    repl = Session(home)
    repl.prompt()
    repl.send(f"source {path}\r")
    repl.expect_exact(f"source {path}")
    repl.expect_exact("running")  # the run is under way (it takes seconds more to finish)
    repl.send("\x03")
    repl.expect("error: interrupted")
    assert "visible" in repl.run("state --json")  # the shell goes on
    repl.send("\x04")
    assert repl.finish() == 0


def test_sigterm_ends_a_running_command_within_a_second():
    home = new_home()
    path = long_script(home)
    repl = Session(home)
    repl.prompt()
    repl.run("echo kept-in-history")
    repl.send(f"source {path}\r")
    repl.expect_exact(f"source {path}")
    repl.expect_exact("running")  # the run is under way (it takes seconds more to finish)
    start = time.monotonic()
    repl.child.kill(signal.SIGTERM)
    repl.child.expect(pexpect.EOF)
    elapsed = time.monotonic() - start
    repl.child.close()
    assert repl.child.signalstatus is None and repl.child.exitstatus == 128 + 15, (
        repl.child.exitstatus, repl.child.signalstatus)
    # Within the contract's second (its deadline is 0.9 s), and what a loaded machine adds to see it.
    assert elapsed < 2.0, elapsed
    assert "echo kept-in-history" in read(repl.history_file())


def test_a_relative_home_reads_no_start_up_file_from_the_current_folder():
    home = new_home()
    os.makedirs(os.path.join(home, "rel", ".config", "tabshell"))
    with open(os.path.join(home, "rel", ".config", "tabshell", "init.tabsh"), "w") as handle:
        handle.write("echo from-a-relative-home\n")
    env = dict(environment(home), HOME="rel")
    del env["XDG_CONFIG_HOME"]
    child = pexpect.spawn(BINARY, [], env=env, cwd=home, encoding="utf-8", timeout=TIMEOUT)
    child.expect(PROMPT)
    assert "from-a-relative-home" not in child.before and "demo layout" in child.before
    child.send("\x04")
    child.expect(pexpect.EOF)


def test_a_history_file_that_is_a_link_stays_a_link():
    home = new_home()
    state = os.path.join(home, "state", "tabshell")
    os.makedirs(state)
    target = os.path.join(home, "kept-history")
    with open(target, "w", encoding="utf-8") as handle:
        handle.write("echo old\n")
    os.symlink(target, os.path.join(state, "history"))
    repl = Session(home)
    repl.prompt()
    repl.run("echo through-the-link")
    repl.send("\x04")
    assert repl.finish() == 0
    assert os.path.islink(os.path.join(state, "history"))
    assert read(target) == "echo old\necho through-the-link\n"


def test_record_writes_a_script_that_replays_the_session():
    home = new_home()
    repl = Session(home, ["--record", "flow.tabsh"])
    repl.prompt()
    repl.run("tab feed")
    assert "error:" in repl.run("tab 9")
    repl.run("push text --title 'A b'")
    repl.send("\x04")
    assert repl.finish() == 0
    recording = read(os.path.join(home, "flow.tabsh"))
    typed = recording.split("# What was typed:\n", 1)[1]
    assert typed == (
        "tab feed\n# failed: tab 9\npush text --title 'A b'\n"
        "# The final state ('record stop'):\nexpect tabs 4\nexpect selected feed\n"
        "expect visible text\nexpect badge inbox 3\nexpect depth feed 2\nexpect bar shown\n"
    ), typed
    replay = subprocess.run(
        [BINARY, "flow.tabsh"], cwd=home, env=environment(home), capture_output=True, text=True
    )
    assert replay.returncode == 0, replay.stderr


def test_record_refuses_a_fifo_and_a_symbolic_link_and_leaves_them_as_they_were():
    # A FIFO is refused at once (the REPL hung waiting for a reader, deaf to Ctrl-C); a link is
    # neither written through (its target was overwritten) nor replaced (docs/Contract.md, "Files
    # the shell writes").
    home = new_home()
    os.mkfifo(os.path.join(home, "fifo"))
    with open(os.path.join(home, "target"), "w", encoding="utf-8") as handle:
        handle.write("the target\n")
    os.symlink("target", os.path.join(home, "link"))
    reasons = {
        "fifo": "not a regular file (a FIFO, a device or a socket)",
        "link": "it is a symbolic link (the shell writes no file through a link)",
    }
    for name, reason in reasons.items():
        repl = Session(home, ["--record", name])
        repl.expect_exact(f"error: cannot write '{name}': {reason}")
        assert repl.finish() == 1, name
        repl = Session(home)
        repl.prompt()
        assert f"error: cannot write '{name}': {reason}" in repl.run(f"record {name}"), name
        repl.send("\x04")
        assert repl.finish() == 0
    assert stat.S_ISFIFO(os.lstat(os.path.join(home, "fifo")).st_mode)
    assert os.readlink(os.path.join(home, "link")) == "target"
    assert read(os.path.join(home, "target")) == "the target\n"


def test_record_and_record_stop_at_the_prompt():
    home = new_home()
    repl = Session(home)
    repl.prompt()
    repl.run("record short.tabsh")
    repl.run("swipe left")
    repl.run("record stop")
    repl.run("swipe left")
    repl.send("\x04")
    assert repl.finish() == 0
    recording = read(os.path.join(home, "short.tabsh"))
    assert recording.endswith(
        "# What was typed:\nswipe left\n# The final state ('record stop'):\nexpect tabs 4\n"
        "expect selected feed\nexpect visible feed\nexpect badge inbox 3\nexpect bar shown\n"
    ), recording


EXAMPLE = os.path.join(ROOT, "plugins", "python", "example_counter.py")


def children_of(pid):
    """The process ids whose parent is `pid`, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[1] == str(pid):
                found.append(int(entry))
    return found


def test_no_color_keeps_the_attributes_at_a_terminal():
    """NO_COLOR (set here for every test) drops the colours of `show` and the bar line at a
    terminal and keeps bold and dim (docs/Contract.md, "The canvas")."""
    repl = Session(new_home())
    repl.prompt()
    repl.send("layout xianyu; show\r")
    repl.expect_exact("layout xianyu; show")
    repl.child.expect(PROMPT)
    shown = repl.child.before
    assert "首页" in strip(shown)
    parameters = {int(p) for m in re.findall(r"\x1b\[([0-9;]*)m", shown) for p in m.split(";") if p}
    assert 1 in parameters and 2 in parameters, sorted(parameters)  # bold and dim
    assert parameters <= {0, 1, 2, 3, 4, 7, 9}, sorted(parameters)  # no colour
    repl.send("\x04")
    assert repl.finish() == 0


def test_a_live_plugin_redraws_the_bar_line_while_a_line_is_typed():
    repl = Session(new_home(), ["--plugin", EXAMPLE])
    repl.prompt()
    assert "Clock" in repl.run("layout python-demo")
    repl.send("echo typed")
    # The clock sets its badge every second: the bar line is drawn again above the prompt, with
    # the line being typed put back after it, without a key pressed.
    # (NO_COLOR: the badge's bold stays, on a terminal.)
    repl.expect(r"Clock(\x1b\[1m)?\(\d+\)[^\r\n]*\r\n" + PROMPT + "echo typed")
    repl.send(" on\r")
    repl.expect(r"[\r\n]typed on\r\n")
    repl.prompt()
    repl.send("\x04")
    assert repl.finish() == 0


def test_a_swift_screens_timer_redraws_the_bar_line_while_a_line_is_typed():
    repl = Session(new_home(), ["--norc"])
    repl.prompt()
    repl.run("add-tab ticker --id clock; tab clock")
    repl.send("echo typed")
    # The built-in ticker's timer sets its badge every second: the bar line is drawn again above
    # the prompt, the line being typed put back after it, without a key pressed. (NO_COLOR: the
    # title's and the badge's bold stay, on a terminal.)
    repl.expect(r"Clock(\x1b\[[0-9;]*m)*\(\d+\)[^\r\n]*\r\n" + PROMPT + "echo typed")
    repl.send(" on\r")
    repl.expect(r"[\r\n]typed on\r\n")
    repl.prompt()
    repl.send("\x04")
    assert repl.finish() == 0


def test_a_plugin_killed_while_the_shell_waits_is_said_and_the_shell_goes_on():
    repl = Session(new_home(), ["--plugin", EXAMPLE])
    repl.prompt()
    repl.run("layout python-demo")
    (plugin,) = children_of(repl.child.pid)
    os.kill(plugin, signal.SIGKILL)
    repl.expect_exact("error: plugin 'example-python' stopped: the plugin was killed by SIGKILL")
    repl.prompt()
    frame = repl.run("show")
    assert "This screen failed" in frame, frame
    assert "reloaded plugin 'example-python'" in repl.run("reload example-python")
    assert "count: 0" in repl.run("show")
    repl.send("\x04")
    assert repl.finish() == 0
    assert children_of(repl.child.pid) == []


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
