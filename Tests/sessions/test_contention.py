#!/usr/bin/env python3
"""Tests of a session under contention (docs/Contract.md, "Sessions"; docs/Sessions.md): many
starts of one name at once, connections past the server's limit, messages past the size limit.
Each failure is said in words, never as a lost connection.

Real servers, sockets and clients, with the harness of Tests/sessions/session.py.

Run:  python3 Tests/sessions/test_contention.py [WORD...]   (prints "N passed, N failed")
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session import BINARY, DETACH, Sandbox, close_all, still_open  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

JOINED = ("warning: session '{}' runs already: this is a client of it (the other options are not "
          "applied)\n")


def start_at_once(sandbox, name, count, startup_seconds=0):
    """`tabshell --session NAME` started `count` times at once (stdin not a terminal: each sends
    nothing and leaves); returns their (status, stdout, stderr)."""
    processes = [subprocess.Popen([BINARY, "--session", name], env=sandbox.env, cwd=sandbox.home,
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(count)]
    results = []
    for process in processes:
        out, err = process.communicate(timeout=60)
        results.append((process.returncode, out, err))
    return results


def test_starts_of_one_session_at_once_make_one_server_and_the_others_join_it():
    with Sandbox(["echo started"]) as s:
        for round in range(4):
            name = f"race{round}"
            results = start_at_once(s, name, 12)
            started = [r for r in results if r[0] == 0 and r[2].startswith("started\n")]
            joined = [r for r in results if r == (0, "", JOINED.format(name))]
            assert len(started) == 1 and len(joined) == 11, results
            # The starters have ended: what is left of them is the one server.
            servers = [pid for pid, command in s.processes().items()
                       if command.endswith(f"--session {name}")]
            assert len(servers) == 1, servers
            assert s.send("echo one", session=name).stdout == "one\n"
        listed = s.tabshell("sessions").stdout.splitlines()
        assert [line.split(":")[0] for line in listed] == [f"race{n}" for n in range(4)], listed


def test_a_session_still_starting_is_said_to_be_and_a_start_joins_it_when_ready():
    with Sandbox(["sleep 2", "echo started"]) as s:
        first = subprocess.Popen([BINARY, "--session", "slow"], env=s.env, cwd=s.home,
                                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 10
        while not os.path.exists(s.socket("slow")):
            assert time.monotonic() < deadline, "the server never made its socket"
            time.sleep(0.05)
        sent = s.send("echo hi", session="slow")
        assert (sent.returncode, sent.stdout, sent.stderr) == (
            1, "", "error: session 'slow' is starting: its server is not ready yet\n"), sent
        joined = s.tabshell("--session", "slow")
        assert (joined.returncode, joined.stderr) == (0, JOINED.format("slow")), joined
        out, err = first.communicate(timeout=30)
        assert first.returncode == 0 and err.startswith("started\n"), (first.returncode, err)
        assert s.send("echo hi", session="slow").stdout == "hi\n"


def test_idle_connections_past_the_limit_make_room_for_management():
    with Sandbox() as s:
        s.start_detached("work")
        # 128 connections that said hello and then nothing: every place is taken.
        idle = s.connections("work", 128)
        try:
            # Each client that comes takes the place of the one idle longest, which is told why.
            sent = s.send("echo managed")
            assert (sent.returncode, sent.stdout, sent.stderr) == (0, "managed\n", ""), sent
            closed = idle.pop(0)
            notice = closed.line()
            assert notice == {"jsonrpc": "2.0", "method": "closed", "params": {
                "message": "session 'work' closed this connection, idle longest of its 128: "
                           "one more client came"}}, notice
            assert closed.line() is None
            # Its place is free again once it has ended: the next client takes it.
            listed = s.tabshell("sessions")
            assert listed.returncode == 0 and listed.stdout.startswith("work: "), listed
            assert all(map(still_open, idle))
            extra = s.connect("work")
            extra.hello()
            idle.append(extra)
            # A connection that spoke since is no longer the idlest: the next one is.
            assert idle[0].call("info")["name"] == "work"
            assert s.send("echo again").stdout == "again\n"
            assert idle.pop(1).line()["method"] == "closed"
            assert all(map(still_open, idle))
            killed = s.tabshell("kill-session", "work")
            assert killed.returncode == 0 and killed.stderr == "", killed
        finally:
            close_all(idle)


def test_the_line_client_closed_while_idle_connects_again():
    with Sandbox() as s:
        s.start_detached("work")
        line = s.line_client("work")
        # The line client, idle at its prompt since it came, is the idlest of 128.
        idle = s.connections("work", 128)
        try:
            # It connected again, in the place of the next one idle longest.
            assert idle.pop(0).line()["method"] == "closed"
            line.type("echo still-here\r")
            line.wait(lambda t: "still-here" in t.lines(), "the line's output", timeout=5)
            assert line.process.poll() is None
            assert "ended]" not in line.text() and "error" not in line.text(), line.text()
        finally:
            close_all(idle)


def test_a_client_past_the_limit_with_no_connection_idle_is_refused_in_words():
    with Sandbox() as s:
        s.start_detached("work")
        attached = s.connections("work", 128, attach=True)
        try:
            sent = s.send("echo no room")
            assert sent.returncode == 1 and sent.stdout == "", sent
            assert sent.stderr == ("error: session 'work' has 128 connections open, none of them "
                                   "idle: this one is refused\n"), sent.stderr
            # An attached client that leaves frees its place.
            leaving = attached.pop()
            leaving.frame(DETACH)
            assert leaving.until_end()[0]["reason"] == "detached"
            assert s.send("echo room").stdout == "room\n"
        finally:
            close_all(attached)


def test_a_send_longer_than_the_limit_says_so():
    with Sandbox() as s:
        s.start_detached("work")
        commands = "echo " + "x" * (1 << 20)
        # From stdin, and as words (each under the system's limit of an argument) joined by blanks.
        words = ["echo " + "x" * 100000] * 11
        for sent in [s.tabshell("send", "-", input=commands), s.tabshell("send", *words)]:
            assert sent.returncode == 1 and sent.stdout == "", sent
            assert sent.stderr == ("error: the request is longer than 1048576 bytes, the most a "
                                   "session's message may be\n"), sent.stderr
        # A client that sends such a line anyway gets the server's error, then the end.
        with s.connect("work") as raw:
            raw.hello()
            try:
                raw.write(b'{"jsonrpc":"2.0","id":2,"method":"run","params":{"commands":"'
                          + b"x" * (1 << 20) + b'"}}\n')
            except (BrokenPipeError, ConnectionResetError):
                pass  # The server stopped reading past the limit and closed the connection.
            error = raw.line()
            assert error == {"jsonrpc": "2.0", "id": None, "error": {
                "code": -32700, "message": "a message longer than 1048576 bytes"}}, error
            assert raw.line() is None
        assert s.send("echo fine").stdout == "fine\n"


def test_an_answer_longer_than_a_message_comes_whole_or_cut_with_a_word():
    with Sandbox() as s:
        s.start_detached("work")
        # A short request that prints 2 MB.
        script = os.path.join(s.home, "big.tabsh")
        expected = "".join(f"{n:07} {'é' * 24996}\n" for n in range(40))
        with open(script, "w", encoding="utf-8") as handle:
            handle.write("".join(f"echo {line}\n" for line in expected.splitlines()))
        sent = s.send(f"source {script}")
        assert (sent.returncode, sent.stderr) == (0, ""), sent.stderr[:300]
        assert sent.stdout == expected, len(sent.stdout)
        # A client of protocol 1 gets as much as one message holds, and is told so.
        with s.connect("work") as old:
            old.hello()
            answer = old.call("run", {"commands": f"source {script}"})
            assert expected.startswith(answer["output"]) and 0 < len(answer["output"]), answer
            assert answer["errors"].endswith(
                "error: the answer was cut to fit one message of protocol 1 (its output had "
                f"{len(expected.encode())} bytes, its errors 0)\n"), \
                answer["errors"][-300:]
            assert len(json.dumps(answer)) < (1 << 20)
        assert s.send("echo after").stdout == "after\n"


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
