#!/usr/bin/env python3
"""Tests of a session while a command runs in it (docs/Contract.md, "Sessions"): a command that
waits (`sleep`, `wait-for`) does not hold the session. Other clients are served or told it is busy,
Ctrl-C from the client that started the command interrupts it, and so does that client's end;
attached clients see the frame change while a script waits on a terminal tab.

Real servers, sockets and clients, with the harness of Tests/sessions/session.py.

Run:  python3 Tests/sessions/test_busy.py [WORD...]   (prints "N passed, N failed")
"""

import contextlib
import os
import re
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session import BINARY, Sandbox, still_open  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

SHELL_TAB = "add-tab terminal --id t -- sh"
BUSY = "[session work is busy: waiting for its answer]\n"


@contextlib.contextmanager
def sending(sandbox, commands):
    """`tabshell send COMMANDS` started and left running (its Popen, text): yielded half a second
    later, its commands under way; killed at the end if it has not ended."""
    process = subprocess.Popen([BINARY, "send", commands], env=sandbox.env, cwd=sandbox.home,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(0.5)
        yield process
    finally:
        process.kill()
        process.wait()


def tab_count(sandbox):
    """How many tabs the session `work` has (`info`: answered while a command runs)."""
    with sandbox.connect("work") as connection:
        connection.hello()
        return connection.call("info")["tabs"]


def row_matching(terminal, pattern, timeout):
    """Waits (at most `timeout` s) for a row of the screen matching `pattern`."""
    terminal.wait(lambda t: any(re.search(pattern, line) for line in t.lines()), repr(pattern),
                  timeout=timeout)


def test_a_command_that_waits_does_not_hold_the_other_clients():
    with Sandbox() as s:
        s.start_detached("work")
        with sending(s, "sleep 3; echo slept") as first:
            # Answered while the sleep runs: `sessions` (`info`), not held by it.
            listed = s.tabshell("sessions")
            assert listed.returncode == 0 and listed.stdout.startswith("work: 0 tabs"), listed
            assert listed.seconds < 1.5, listed.seconds
            # A `send` waits for the sleep to end, and says so, instead of being given up.
            second = s.send("echo after")
            assert (second.returncode, second.stdout, second.stderr) == (0, "after\n", BUSY), second
            assert second.seconds > 1, second.seconds
            out, err = first.communicate(timeout=10)
            assert (first.returncode, out, err) == (0, "slept\n", ""), (first.returncode, out, err)


def test_requests_held_while_a_command_runs_are_answered_in_their_order():
    with Sandbox() as s:
        s.start_detached("work")
        with sending(s, "sleep 2"), s.connect("work") as connection:
            started = time.monotonic()
            connection.hello()
            assert time.monotonic() - started < 1, time.monotonic() - started
            run = connection.request("run", {"commands": "echo one"})
            info = connection.request("info")
            busy = connection.line()
            assert busy == {"jsonrpc": "2.0", "method": "busy", "params": {}}, busy
            first, second = connection.line(), connection.line()
            assert (first["id"], first["result"]["output"]) == (run, "one\n"), first
            assert second["id"] == info and second["result"]["name"] == "work", second

        # A client of protocol 2 is also told when its request held starts.
        with sending(s, "sleep 1"), s.connect("work") as connection:
            assert connection.hello(protocols=[1, 2])["protocol"] == 2
            run = connection.request("run", {"commands": "echo two"})
            lines = [connection.line() for _ in range(3)]
            assert lines == [{"jsonrpc": "2.0", "method": "busy", "params": {}},
                             {"jsonrpc": "2.0", "method": "started", "params": {}},
                             {"jsonrpc": "2.0", "id": run, "result": {
                                 "status": 0, "output": "two\n", "errors": ""}}], lines


def test_connections_that_never_say_hello_are_closed_while_a_command_waits():
    with Sandbox() as s:
        s.start_detached("work")
        with sending(s, "sleep 6") as sent:
            # With the send's, the server's 128 connections are taken.
            silent = []
            deadline = time.monotonic() + 5
            while len(silent) < 127:
                try:
                    silent.append(s.connect("work"))
                except BlockingIOError:  # The server's backlog is full: it accepts at wake-ups.
                    assert time.monotonic() < deadline, "the server never took the connections"
                    time.sleep(0.01)
            try:
                # Closed 3 s after they were accepted, though the sleep still runs.
                time.sleep(3.5)
                assert not any(map(still_open, silent))
                listed = s.tabshell("sessions")
                assert listed.returncode == 0 and listed.stdout.startswith("work: "), listed
                assert sent.poll() is None
            finally:
                for connection in silent:
                    connection.close()


def test_attach_and_kill_session_are_not_given_up_while_a_command_waits():
    with Sandbox() as s:
        server = s.start_detached("work")
        with sending(s, "sleep 2") as first:
            # `attach` waits for the sleep to end, and says so; then it is attached.
            client = s.client("attach", "work")
            client.wait_text(BUSY.strip(), timeout=3)
            client.wait_text("No tabs.", timeout=5)
            assert first.wait(timeout=5) == 0
            client.type("detach\r")
            assert client.finish() == 0
        # `kill-session` ends the session at once: the command running is interrupted, and a
        # request held is refused.
        with sending(s, "sleep 30") as second, sending(s, "echo held") as held:
            killed = s.tabshell("kill-session", "work")
            assert (killed.returncode, killed.stderr) == (0, ""), killed
            assert killed.seconds < 2, killed.seconds
            assert second.wait(timeout=3) == 130
            out, err = held.communicate(timeout=3)
            assert (held.returncode, out) == (1, ""), (held.returncode, out, err)
            assert err == BUSY + "error: session 'work' ended before the request ran\n", err
            assert not s.wait_gone([server], timeout=3) and not os.path.exists(s.socket("work"))


def test_a_wait_for_a_regular_expression_does_not_hold_the_session():
    # `(a+)+$` over 26 a's and a `!`: hours for a backtracking search, which held the session
    # (management requests unanswered, SIGTERM not acted on) until it ended.
    program = "add-tab terminal --id t -- sh -c 'printf a%.0s $(seq 26); printf !; sleep 100'"
    wait = "wait-for --to t --timeout 1 a!; wait-for --to t --timeout 60 --regex '(a+)+$'"
    with Sandbox([program]) as s:
        server = s.start_detached("work")
        with sending(s, wait) as sent:
            listed = s.tabshell("sessions")
            assert listed.returncode == 0 and listed.stdout.startswith("work: 1 tab"), listed
            assert listed.seconds < 1.5, listed.seconds
            killed = s.tabshell("kill-session", "work")
            assert (killed.returncode, killed.stderr) == (0, ""), killed
            assert killed.seconds < 2, killed.seconds
            assert sent.wait(timeout=3) == 130
            assert not s.wait_gone([server], timeout=3)
    with Sandbox([program]) as s:
        server = s.start_detached("work")
        with sending(s, wait) as sent:
            os.kill(server, signal.SIGTERM)
            assert not s.wait_gone([server], timeout=3)
            sent.wait(timeout=3)


def test_a_held_request_whose_client_went_does_not_run():
    with Sandbox() as s:
        s.start_detached("work")
        # A `send` told the session is busy, then interrupted or killed: its command never runs.
        for number in (signal.SIGINT, signal.SIGKILL):
            with sending(s, "sleep 1.5") as first:
                given_up = subprocess.Popen([BINARY, "send", "add-tab text --id given-up"],
                                            env=s.env, cwd=s.home, stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                            text=True)
                assert given_up.stderr.readline() == BUSY
                given_up.send_signal(number)
                given_up.communicate(timeout=5)
                assert given_up.returncode == -number, (number, given_up.returncode)
                assert first.wait(timeout=5) == 0
            done = s.send("expect tabs 0; echo free")
            assert (done.returncode, done.stdout, done.stderr) == (0, "free\n", ""), (number, done)
        # A connection closed with a `run` and what follows held: none of it runs; the next
        # connection's request held after it does.
        with sending(s, "sleep 1.5") as first, s.connect("work") as later:
            with s.connect("work") as gone:
                gone.hello()
                gone.request("run", {"commands": "add-tab text --id gone"})
                gone.request("run", {"commands": "add-tab text --id gone-too"})
                assert gone.line()["method"] == "busy"
            later.hello()
            run = later.request("run", {"commands": "expect tabs 0; echo after"})
            assert later.line()["method"] == "busy"
            answer = later.line()
            assert (answer["id"], answer["result"]["output"]) == (run, "after\n"), answer
            assert first.wait(timeout=5) == 0
        done = s.send("expect tabs 0; echo free")
        assert (done.returncode, done.stdout, done.stderr) == (0, "free\n", ""), done


def test_a_send_client_interrupted_or_killed_interrupts_its_commands():
    with Sandbox() as s:
        s.start_detached("work")
        for number in (signal.SIGINT, signal.SIGKILL):
            with sending(s, "sleep 30; echo never") as client:
                client.send_signal(number)
                client.wait(timeout=5)
                # The session is free again at once: its sleep was interrupted.
                done = s.send("echo free")
                assert (done.returncode, done.stdout, done.stderr) == (0, "free\n", ""), done
                assert done.seconds < 2, (number, done.seconds)


def test_ctrl_c_in_send_prints_what_its_commands_printed_and_ends_it_by_sigint():
    with Sandbox() as s:
        s.start_detached("work")
        with sending(s, "echo before; sleep 30; echo never") as client:
            started = time.monotonic()
            client.send_signal(signal.SIGINT)
            out, err = client.communicate(timeout=5)
            assert time.monotonic() - started < 2, time.monotonic() - started
            # What the commands printed before the interruption; then the end a process that
            # does not catch SIGINT has, so that a calling script stops too.
            assert (client.returncode, out, err) == (-signal.SIGINT, "before\n", ""), \
                (client.returncode, out, err)
        done = s.send("echo free")
        assert (done.returncode, done.stdout, done.stderr) == (0, "free\n", ""), done
        # A shell script that runs it stops there when Ctrl-C reaches the whole job.
        script = subprocess.Popen(["sh", "-c", f"'{BINARY}' send 'echo in; sleep 30'; echo after"],
                                  env=s.env, cwd=s.home, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  start_new_session=True)
        time.sleep(0.5)
        os.killpg(script.pid, signal.SIGINT)
        out, err = script.communicate(timeout=5)
        assert (script.returncode, out) == (-signal.SIGINT, "in\n"), (script.returncode, out, err)


def test_ctrl_c_in_send_after_its_held_request_started_prints_what_it_printed():
    with Sandbox() as s:
        s.start_detached("work")
        with sending(s, "sleep 1"):
            # Held behind the sleep, told so; then it runs, and makes a tab that says it does.
            with sending(s, "echo held-first; add-tab text --id ran; sleep 30; echo never") \
                    as held:
                deadline = time.monotonic() + 10
                while tab_count(s) != 1:
                    assert time.monotonic() < deadline, "the held request never ran"
                    time.sleep(0.1)
                held.send_signal(signal.SIGINT)
                out, err = held.communicate(timeout=5)
                assert (held.returncode, out, err) == (-signal.SIGINT, "held-first\n", BUSY), \
                    (held.returncode, out, err)
        done = s.send("echo free")
        assert (done.returncode, done.stdout, done.stderr) == (0, "free\n", ""), done


def test_ctrl_c_in_an_attached_client_interrupts_the_line_it_typed():
    with Sandbox() as s:
        client = s.start("work")
        client.type("sleep 30\r")
        time.sleep(0.5)
        started = time.monotonic()
        client.type("\x03")
        client.wait_text("error: interrupted", timeout=3)
        assert time.monotonic() - started < 2, time.monotonic() - started
        # What it typed before the Ctrl-C is dropped with the command, as a terminal drops it;
        # what it types after is kept.
        client.type("sleep 30\r")
        time.sleep(0.5)
        client.type("add-tab text --id lost\r\x03echo back-again\r")
        row_matching(client, r"^back-again$", timeout=3)
        done = s.send("echo free; expect tabs 0")
        assert (done.returncode, done.stdout, done.stderr) == (0, "free\n", ""), done


def test_ctrl_c_in_an_attached_client_leaves_another_clients_command_alone():
    with Sandbox() as s:
        client = s.start("work")
        with sending(s, "sleep 1.5; echo slept") as sent:
            client.type("\x03")
            out, err = sent.communicate(timeout=5)
            assert (sent.returncode, out, err) == (0, "slept\n", ""), (sent.returncode, out, err)
        client.type("echo typed-after\r")
        row_matching(client, r"^typed-after$", timeout=3)


def test_ctrl_c_in_the_line_client_interrupts_its_line():
    with Sandbox() as s:
        s.start_detached("work")
        line = s.line_client("work")
        line.type("sleep 30; echo never\r")
        time.sleep(0.5)
        started = time.monotonic()
        # Ctrl-C as its terminal sends it (the harness's pseudo-terminal is not the client's
        # controlling terminal).
        line.signal(signal.SIGINT)
        line.wait(lambda t: sum(row.startswith("tabshell[work]>") for row in t.lines()) == 2,
                  "the prompt again", timeout=3)
        assert time.monotonic() - started < 2, time.monotonic() - started
        assert "never" not in line.lines(), line.text()
        line.type("echo back-again\r")
        line.wait(lambda t: "back-again" in t.lines(), "the next line's output", timeout=3)
        assert s.send("echo free").stdout == "free\n"


def test_an_attached_client_sees_a_terminal_tab_change_while_a_script_waits_on_it():
    with Sandbox([SHELL_TAB]) as s:
        client = s.start("work")
        script = ("type --to t 'sleep 1; echo MARK-$((6*7))'; send-keys --to t Enter; "
                  "wait-for --to t --timeout 10 MARK-42; sleep 4; echo waited")
        with sending(s, script) as sent:
            # Drawn while the script still waits (it runs 5 s), not once it has ended.
            row_matching(client, r"^MARK-42$", timeout=3)
            assert sent.poll() is None, sent.communicate()
            out, err = sent.communicate(timeout=10)
            assert (sent.returncode, out, err) == (0, "waited\n", ""), (sent.returncode, out, err)


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
