#!/usr/bin/env python3
"""Tests of sessions (docs/Contract.md, "Sessions"; the protocol: docs/Sessions.md) with real
servers, real sockets and real clients in pseudo-terminals read back with a terminal emulator
(pyte): `send` and its statuses, `send -`, `send --events`; `TABSHELL` in a terminal tab; `sessions`
and `kill-session`; SIGTERM; the socket's folder and modes, and a peer of another user; detach and
attach with a program still running in a terminal tab and its output kept; two clients at once;
`exit` in a session. Faults: clients that send garbage (before and after attach), say nothing or
never read; a server killed with SIGKILL, or stopped.

Each test has a HOME and an XDG_RUNTIME_DIR of its own, kills every session it started and fails
when a process it started is left (Tests/sessions/session.py).

Run:  python3 Tests/sessions/test_sessions.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs pyte (`pip install pyte`).
"""

import json
import os
import re
import resource
import signal
import socket
import stat
import subprocess
import sys
import termios
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session import (  # noqa: E402
    BINARY, DETACH, OUTPUT, PREFIX, Connection, ProtocolError, Sandbox, running, still_open)
from terminal import CLIENT_LEAVE as LEAVE, ENTER  # noqa: E402 - Tests/tui, on the path through session
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

SHELL_TAB = "add-tab terminal --id t -- sh"


# The server.

def test_sigterm_ends_a_session_as_quit_does():
    with Sandbox([SHELL_TAB]) as s:
        server = s.start_detached("work")
        programs = s.programs("work")
        assert len(programs) == 1, programs
        os.kill(server, signal.SIGTERM)
        assert not s.wait_gone([server, *programs], timeout=3)
        assert not os.path.exists(s.socket("work"))


def test_a_start_up_file_may_print_more_than_a_pipe_holds():
    lines = [f"echo {n:04} " + "x" * 500 for n in range(3000)]  # 1.5 MB
    with Sandbox(lines) as s:
        done = s.tabshell("--session", "work")
        assert done.returncode == 0, (done.returncode, done.stderr[-300:])
        # (Then a note: the start-up file made no tabs.)
        printed = done.stderr.splitlines()[:-1]
        assert printed == [line[len("echo "):] for line in lines], (len(printed), printed[-1:])
        assert s.send("echo alive").stdout == "alive\n"


def test_send_prints_output_and_errors_with_a_scripts_statuses():
    with Sandbox() as s:
        s.start_detached("work")
        done = s.send("add-tab text --id a; add-tab text --id b; tab b; echo on b")
        assert (done.returncode, done.stdout, done.stderr) == (0, "on b\n", ""), done
        failed = s.send("echo before\nexpect tabs 9\necho never")
        assert (failed.returncode, failed.stdout) == (1, "before\n"), failed
        assert failed.stderr == "send:2:1: error: expect failed: there are 2 tabs, expected 9\n", \
            failed.stderr
        bad = s.send('echo never; echo "unterminated')
        assert (bad.returncode, bad.stdout) == (2, ""), bad
        assert bad.stderr == 'send:1:18: error: unterminated " quote\n', bad.stderr
        # Each command was its own change in the session, which kept them.
        state = json.loads(s.send("state --json").stdout)
        assert [tab["id"] for tab in state["tabs"]] == ["a", "b"] and state["visible"] == "b"


def test_send_reads_commands_from_stdin():
    with Sandbox() as s:
        s.start_detached("work")
        done = s.tabshell("send", "-", input="add-tab text --id x\nbadge x 7\necho done\n")
        assert (done.returncode, done.stdout, done.stderr) == (0, "done\n", ""), done
        state = json.loads(s.send("state --json").stdout)
        assert state["tabs"][0]["badge"] == "7", state


def test_send_names_the_session_or_says_why_it_cannot():
    with Sandbox() as s:
        nothing = s.send("echo hi")
        assert nothing.returncode != 0 and "session" in nothing.stderr, nothing
        s.start_detached("one")
        s.start_detached("two")
        either = s.send("echo hi")
        assert either.returncode != 0, either
        assert "one" in either.stderr and "two" in either.stderr, either.stderr
        named = s.send("echo hi", session="two")
        assert (named.returncode, named.stdout) == (0, "hi\n"), named
        missing = s.send("echo hi", session="three")
        assert missing.returncode != 0 and "three" in missing.stderr, missing
        assert missing.stdout == "", missing


def test_send_events_prints_the_trace_as_json_lines():
    with Sandbox(["add-tab text --id a", "add-tab text --id b"]) as s:
        s.start_detached("work")
        events = subprocess.Popen([BINARY, "send", "--events"], env=s.env, cwd=s.home,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            lines = []
            reader = threading.Thread(target=lambda: lines.extend(events.stdout), daemon=True)
            reader.start()
            # Until the stream is known to be there: changes until an event comes.
            deadline = time.monotonic() + 5
            while not lines:
                assert time.monotonic() < deadline, "no event from send --events"
                assert s.send("tab b; tab a").returncode == 0
                time.sleep(0.1)
            # Quiet, then one switch: its events, in order, and nothing else.
            time.sleep(0.3)
            before = len(lines)
            assert s.send("tab b").returncode == 0
            expected = [
                {"event": "should-select", "tab": 2, "id": "b"},
                {"event": "viewWillAppear", "screen": "b"},
                {"event": "viewWillDisappear", "screen": "a"},
                {"event": "viewDidDisappear", "screen": "a"},
                {"event": "viewDidAppear", "screen": "b"},
                {"event": "did-select", "tab": 2, "id": "b"}]
            deadline = time.monotonic() + 5
            while len(lines) < before + len(expected):
                assert time.monotonic() < deadline, f"the events of 'tab b' did not come: {lines}"
                time.sleep(0.05)
            time.sleep(0.1)
            assert [json.loads(line) for line in lines[before:]] == expected, lines[before:]
            events.send_signal(signal.SIGINT)
            events.wait(timeout=2)
        finally:
            events.kill()
            events.wait()
        assert s.send("echo still").stdout == "still\n"


def test_a_program_in_a_session_finds_it_through_TABSHELL():
    with Sandbox(["add-tab terminal --id build -- sh", "add-tab text --id other"]) as s:
        s.start_detached("work")
        s.start_detached("second")
        # Typed into the tab's shell: where TABSHELL points, then a send with no session named
        # (two run: TABSHELL is what picks this one).
        result = os.path.join(s.home, "result")
        typed = s.send(f"type --to build 'echo \"$$TABSHELL\" > {result}; "
                       f"tabshell send \"badge build !\" && echo sent >> {result}'; "
                       "send-keys --to build Enter", session="work")
        assert (typed.returncode, typed.stderr) == (0, ""), typed
        deadline = time.monotonic() + 10
        while not os.path.exists(result) or len(open(result).read().splitlines()) < 2:
            assert time.monotonic() < deadline, "the shell in the tab did not send"
            time.sleep(0.05)
        with open(result, encoding="utf-8") as handle:
            assert handle.read() == f"{s.socket('work')}\nsent\n"
        badges = {name: [tab["badge"] for tab in json.loads(
            s.send("state --json", session=name).stdout)["tabs"]] for name in ("work", "second")}
        assert badges == {"work": ["!", None], "second": [None, None]}, badges


def test_sessions_lists_them_and_kill_session_ends_one_with_its_programs():
    with Sandbox([SHELL_TAB]) as s:
        servers = {name: s.start_detached(name) for name in ("alpha", "beta")}
        programs = s.programs("alpha")
        assert len(programs) == 1, programs
        listed = s.tabshell("sessions")
        assert listed.returncode == 0, listed
        assert listed_names(listed.stdout) == ["alpha", "beta"], listed.stdout
        killed = s.tabshell("kill-session", "alpha")
        assert (killed.returncode, killed.stderr) == (0, ""), killed
        assert not s.wait_gone([servers["alpha"], *programs], timeout=3)
        assert not os.path.exists(s.socket("alpha"))
        assert running(servers["beta"])
        listed = s.tabshell("sessions")
        assert listed_names(listed.stdout) == ["beta"], listed.stdout
        again = s.tabshell("kill-session", "alpha")
        assert again.returncode != 0 and "alpha" in again.stderr, again


def listed_names(listing):
    """The session names of `tabshell sessions`' lines (`NAME: 3 tabs, ...`)."""
    return [line.split(":")[0] for line in listing.splitlines() if line.strip()]


# The socket.

def test_the_socket_folder_and_the_socket_are_private():
    with Sandbox() as s:
        s.start_detached("work")
        folder, sock = os.lstat(s.folder), os.lstat(s.socket("work"))
        assert stat.S_ISDIR(folder.st_mode) and stat.S_IMODE(folder.st_mode) == 0o700
        assert stat.S_ISSOCK(sock.st_mode) and stat.S_IMODE(sock.st_mode) == 0o600
        assert folder.st_uid == sock.st_uid == os.getuid()


def test_a_folder_open_to_others_or_a_link_is_refused_and_left_alone():
    with Sandbox() as s:
        os.mkdir(s.folder, 0o755)
        os.chmod(s.folder, 0o755)
        refused = s.send("echo hi")
        assert refused.returncode != 0 and s.folder in refused.stderr, refused
        start = s.tabshell("--session", "work")
        assert start.returncode == 1 and s.folder in start.stderr, start
        assert stat.S_IMODE(os.lstat(s.folder).st_mode) == 0o755
        os.rmdir(s.folder)
        elsewhere = os.path.join(s.home, "elsewhere")
        os.mkdir(elsewhere, 0o700)
        os.symlink(elsewhere, s.folder)
        refused = s.send("echo hi")
        assert refused.returncode != 0 and s.folder in refused.stderr, refused
        assert os.path.islink(s.folder) and os.listdir(elsewhere) == []


NOBODY_CLIENT = """
import socket, sys
client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
client.settimeout(3)
client.connect(sys.argv[1])
received = b""
try:
    client.sendall(b'{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"client":"x"}}\\n')
    while data := client.recv(65536):
        received += data
except socket.timeout:
    received += b"<timed out>"
except (BrokenPipeError, ConnectionResetError):
    received += b"<closed>"
sys.stdout.write(received.decode(errors="replace"))
"""


def test_a_peer_of_another_user_is_refused():
    if os.getuid() != 0:
        return  # Only root can be another user here (scripts/test runs as root in CI).
    with Sandbox() as s:
        s.start_detached("work")
        # Only the credentials stand in its way: the folders and the socket let anyone in.
        for path in (s.home, s.runtime, s.folder):
            os.chmod(path, 0o711)
        os.chmod(s.socket("work"), 0o666)
        nobody = subprocess.run(
            ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3",
             "-c", NOBODY_CLIENT, s.socket("work")], capture_output=True, text=True, timeout=10)
        assert nobody.returncode == 0, nobody
        assert '"result"' not in nobody.stdout and "<timed out>" not in nobody.stdout, nobody.stdout
        # (A client refuses a folder open to others: the modes go back first.)
        os.chmod(s.folder, 0o700)
        assert s.send("echo still").stdout == "still\n"


# Faults.

def test_garbage_in_line_mode_gets_one_error_and_the_connection_closed():
    with Sandbox() as s:
        s.start_detached("work")
        for garbage, code in [(b"this is not json\n", -32700), (b"\xff\xfe\x00{]\n", -32700),
                              (b'{"jsonrpc":"2.0","id":1,"method":"run","params":'
                               b'{"commands":"echo x"}}\n', -32600),
                              (b"[1, 2, 3]\n", -32600)]:
            with s.connect("work") as c:
                c.write(garbage)
                error = c.line()
                assert error is not None and error["error"]["code"] == code, (garbage, error)
                assert c.line() is None, garbage
        with s.connect("work") as c:
            c.request("hello", {"protocol": 3, "client": "test"})
            error = c.line()["error"]
            assert error == {"code": 1, "message":
                             "protocol 3 is not spoken here (this server speaks 1 and 2)"}, error
            assert c.line() is None
        with s.connect("work") as c:
            c.hello()
            c.write(b'{"jsonrpc":"2.0","id":7,"method":"dance","params":{}}\n')
            assert c.line()["error"]["code"] == -32601
            assert c.call("run", {"commands": "echo after"})["output"] == "after\n"
            c.write(b"x" * (1 << 20) + b"xx\n")
            assert c.line()["error"]["code"] in (-32700, -32600)
            assert c.line() is None
        assert s.send("echo still").stdout == "still\n"


def test_a_silent_client_does_not_hold_the_session():
    with Sandbox() as s:
        s.start_detached("work")
        hello = s.connect("work")
        hello.hello()
        try:
            for command in [["send", "echo fast"]] * 5 + [["sessions"]]:
                silent = [s.connect("work") for _ in range(3)]
                half = s.connect("work")
                half.write(b'{"jsonrpc":"2.0","id":1,"meth')
                try:
                    done = s.tabshell(*command)
                    assert done.returncode == 0, done
                    assert command[0] != "send" or done.stdout == "fast\n", done
                    # Answered while the silent ones were still there (the server closes them
                    # 3 s after they came): they did not hold it, however slow the machine.
                    assert all(map(still_open, [*silent, half])), (command, done.seconds)
                finally:
                    for c in [*silent, half]:
                        c.close()
            assert s.send("echo fast").stdout == "fast\n"
        finally:
            hello.close()


def patient_connect(sandbox, name):
    """A connection to the session `name`, connecting again while the server's backlog is full (a
    burst of connections can outrun its accepts)."""
    deadline = time.monotonic() + 5
    while True:
        try:
            return sandbox.connect(name)
        except BlockingIOError:
            assert time.monotonic() < deadline, "the server never took the connection"
            time.sleep(0.01)


def test_connections_that_never_say_hello_are_closed_after_3_seconds():
    with Sandbox() as s:
        s.start_detached("work")
        # 127 that never speak and one that is slow: the server's 128 connections are taken.
        silent = [(patient_connect(s, "work"), time.monotonic()) for _ in range(127)]
        late = patient_connect(s, "work")
        try:
            # One more client takes the place of the oldest silent one, which is told why.
            sent = s.send("echo through")
            assert sent.stdout == "through\n", sent
            (evicted, _), silent = silent[0], silent[1:]
            assert evicted.line()["method"] == "closed"
            evicted.close()
            # A hello 2 s after connecting is in time.
            time.sleep(2)
            assert late.hello()["session"] == "work"
            # The silent ones are closed 3 s after they were accepted (which came after connect).
            for connection, connected in silent:
                connection.socket.settimeout(10)
                assert connection.socket.recv(1) == b""
                closed = time.monotonic() - connected
                assert 2.95 < closed < 6, closed
            assert s.send("echo back").stdout == "back\n"
            assert late.call("info")["name"] == "work"
        finally:
            for connection, _ in silent:
                connection.close()
            late.close()


def cpu_seconds(pid):
    """The CPU time `pid` has used (user and system), in seconds."""
    with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_server_with_no_descriptor_left_refuses_a_connection_and_does_not_spin():
    with Sandbox() as s:
        server = s.start_detached("work")
        # Room for a few connections only (as when its terminal tabs took the descriptors).
        highest = max(int(fd) for fd in os.listdir(f"/proc/{server}/fd"))
        limits = resource.prlimit(server, resource.RLIMIT_NOFILE)
        resource.prlimit(server, resource.RLIMIT_NOFILE, (highest + 4, limits[1]))
        kept, refused = [], None
        try:
            for _ in range(20):
                connection = s.connect("work", timeout=2)
                try:
                    connection.hello()
                    kept.append(connection)
                except (ProtocolError, BrokenPipeError, ConnectionResetError):
                    # Closed at once (maybe before hello was written): no descriptor was left.
                    refused = connection
                    break
            assert kept and refused is not None, (len(kept), refused)
            before = cpu_seconds(server)
            with s.connect("work", timeout=2) as again:
                assert again.line() is None
            time.sleep(1)
            assert cpu_seconds(server) - before < 0.3
            # A descriptor freed (once the server has closed its end), a client is served again.
            count = len(os.listdir(f"/proc/{server}/fd"))
            kept.pop().close()
            deadline = time.monotonic() + 5
            while len(os.listdir(f"/proc/{server}/fd")) >= count:
                assert time.monotonic() < deadline, "the server never closed its end"
                time.sleep(0.01)
            assert s.send("echo back").stdout == "back\n"
        finally:
            for connection in kept:
                connection.close()
            if refused is not None:
                refused.close()
            # The sandbox's `kill` must find a descriptor to be taken in.
            resource.prlimit(server, resource.RLIMIT_NOFILE, limits)


def test_a_killed_server_is_reported_and_cleaned_within_a_second():
    with Sandbox([SHELL_TAB]) as s:
        names = ("one", "two")
        servers = {name: s.start_detached(name) for name in names}
        programs = [pid for name in names for pid in s.programs(name)]
        assert len(programs) == 2, programs
        for pid in servers.values():
            os.kill(pid, signal.SIGKILL)
        assert not s.wait_gone(list(servers.values()), timeout=3)
        # Its terminal programs are hung up (the kernel closes their terminals), not left on.
        assert not s.wait_gone(programs, timeout=3)
        sent = s.send("echo hi", session="one")
        assert sent.returncode != 0 and sent.seconds < 1, (sent, sent.seconds)
        assert sent.stderr == "error: the server of session 'one' died; its socket was removed\n", \
            sent.stderr
        assert not os.path.exists(s.socket("one"))
        listed = s.tabshell("sessions")
        assert listed.returncode == 0 and listed.seconds < 1, (listed, listed.seconds)
        assert "two: the server died; its socket was removed" in listed.stdout + listed.stderr, \
            listed
        assert not os.path.exists(s.socket("two"))
        assert listed_names(s.tabshell("sessions").stdout) == []
        # A new server of the same name takes its place.
        s.start_detached("one")
        assert s.send("echo back", session="one").stdout == "back\n"


def test_a_server_that_does_not_answer_is_given_up_after_a_second():
    with Sandbox() as s:
        pid = s.start_detached("work")
        os.kill(pid, signal.SIGSTOP)
        queued = []
        try:
            sent = s.send("echo hi")
            assert sent.returncode != 0 and sent.seconds < 1.5, (sent, sent.seconds)
            assert "work" in sent.stderr, sent.stderr
            # Its queue of connections not yet accepted full, connecting itself waits: as long.
            while True:
                connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                connection.setblocking(False)
                try:
                    connection.connect(s.socket("work"))
                except BlockingIOError:
                    connection.close()
                    break
                queued.append(connection)
            sent = s.send("echo hi")
            assert sent.returncode != 0 and sent.seconds < 1.5, (sent, sent.seconds)
            assert sent.stderr == \
                "error: the server of session 'work' did not answer within 1000 ms\n", sent.stderr
        finally:
            os.kill(pid, signal.SIGCONT)
            for connection in queued:
                connection.close()
        assert s.send("echo hi").stdout == "hi\n"


def test_an_old_server_ending_leaves_a_newer_servers_socket_alone():
    with Sandbox() as s:
        old = s.start_detached("work")
        # Its socket goes (removed by hand), and a new server takes the name.
        os.unlink(s.socket("work"))
        new = s.start_detached("work")
        assert new != old
        os.kill(old, signal.SIGTERM)
        assert not s.wait_gone([old], timeout=3)
        assert os.path.exists(s.socket("work"))
        assert s.server_pid("work") == new


def test_the_line_client_waits_for_a_busy_server_and_says_so():
    with Sandbox() as s:
        s.start_detached("work")
        line = s.line_client("work")
        busy = s.connect("work")
        busy.hello()
        try:
            line.type("sleep 0.3; echo one\r")
            time.sleep(0.1)
            # Comes while the line runs, and runs (2 s) right after its answer.
            busy.request("run", {"commands": "sleep 2"})
            line.wait_text("one")
            line.type("echo two\r")
            line.wait_text("[session work is busy: waiting for its answer]", timeout=5)
            line.wait(lambda t: any(row == "two" for row in t.lines()), "two", timeout=5)
            assert line.process.poll() is None
            # A line that ends the session ends the client with its status, and nothing said.
            line.type("exit 3\r")
            assert line.finish() == 3
            assert "ended]" not in line.text(), line.text()
        finally:
            busy.close()


def test_the_line_client_says_when_its_session_ends_while_a_line_is_typed():
    with Sandbox() as s:
        s.start_detached("work")
        line = s.line_client("work")
        line.type("echo half")
        assert s.tabshell("kill-session", "work").returncode == 0
        line.wait_text("[session work ended]", timeout=5)
        assert line.finish() == 0


# Attached clients.

def answer(terminal, pattern):
    """Waits for a row of the screen matching `pattern`; returns its match."""
    found = []

    def test(t):
        found[:] = [m for line in t.lines() if (m := re.search(pattern, line))]
        return found
    terminal.wait(test, repr(pattern))
    return found[-1]


def test_a_detached_session_keeps_its_program_running_and_its_output():
    with Sandbox([SHELL_TAB]) as s:
        first = s.start("work")
        first.type("echo pid-$$ mark-$((6*7))\r")
        pid = int(answer(first, r"^pid-(\d+) mark-42$").group(1))
        first.type(PREFIX + "d")
        assert first.finish() == 0
        assert b"[detached from session work]" in first.output, first.output[-300:]
        assert first.output.rindex(b"[detached") > first.output.rindex(b"\x1b[?1049l")
        # The session and its program go on with no client, and the program's output is taken in.
        assert running(pid) and os.path.exists(s.socket("work"))
        sent = s.send("type --to t 'echo away | tr a-z A-Z'; send-keys --to t Enter")
        assert (sent.returncode, sent.stderr) == (0, ""), sent
        second = s.client("attach", "work")
        second.wait_text("AWAY")
        assert f"pid-{pid} mark-42" in second.text()
        second.type("echo back-$((2+2))\r")
        answer(second, r"^back-4$")
        # Detaching again; the program is still the same process.
        second.type(PREFIX + "d")
        assert second.finish() == 0 and running(pid)


def test_attach_with_no_name_attaches_the_only_session_and_a_client_gone_is_detached():
    with Sandbox([SHELL_TAB]) as s:
        s.start_detached("work")
        client = s.client("attach")
        client.type("echo one-$((0+1))\r")
        answer(client, r"^one-1$")
        # SIGHUP to a client is a detach, and so is a client killed: the session goes on.
        client.signal(signal.SIGHUP)
        client.finish()
        clients_become(s, "work", 0)
        again = s.client("attach")
        again.wait_text("one-1")
        clients_become(s, "work", 1)
        again.signal(signal.SIGKILL)
        again.finish()
        clients_become(s, "work", 0)
        assert s.send("echo still").stdout == "still\n"


def clients_become(sandbox, name, count, timeout=3):
    """Waits until the session says `count` clients are attached (its `info`)."""
    with sandbox.connect(name) as connection:
        connection.hello()
        deadline = time.monotonic() + timeout
        while (clients := connection.call("info")["clients"]) != count:
            assert time.monotonic() < deadline, f"{clients} clients attached, not {count}"
            time.sleep(0.05)


def test_exit_in_a_session_ends_it_and_every_client_with_its_status():
    with Sandbox([SHELL_TAB]) as s:
        first = s.start("work")
        first.type("echo pid-$$\r")
        pid = int(answer(first, r"^pid-(\d+)$").group(1))
        server = s.server_pid("work")
        second = s.client("attach", "work")
        second.wait_text(f"pid-{pid}")
        second.type(PREFIX + ":exit 3\r")
        assert first.finish() == 3 and second.finish() == 3
        assert not s.wait_gone([pid, server], timeout=3)
        assert not os.path.exists(s.socket("work"))


def test_q_and_ctrl_d_detach_and_quit_asks_before_ending_the_sessions_programs():
    # docs/Contract.md, "A terminal workspace": nothing lost by one key.
    with Sandbox([SHELL_TAB]) as s:
        first = s.start("work")
        first.type("echo pid-$$\r")
        pid = int(answer(first, r"^pid-(\d+)$").group(1))
        first.type(PREFIX + "b")
        first.wait(lambda t: t.row(t.rows).startswith(" bar:"), "the bar focus")
        first.type("q")
        assert first.finish() == 0
        assert b"[detached from session work]" in first.output, first.output[-300:]
        second = s.client("attach", "work")
        second.wait_text(f"pid-{pid}")
        second.type(PREFIX + ":")
        second.wait(lambda t: t.row(t.rows).startswith("tabshell:t>"), "the command line")
        second.type("\x04")
        assert second.finish() == 0 and running(pid)
        third = s.client("attach", "work")
        # The session's one full-screen state is as the second client left it: the command line.
        third.wait(lambda t: t.row(t.rows).startswith("tabshell:t>"), "the command line")
        third.type("quit\r")
        third.wait(lambda t: t.row(t.rows) == "quit: 1 program is running; quit anyway? (y/n)",
                   "the question")
        third.type("n")
        third.wait(lambda t: t.row(t.rows).startswith("tabshell:t>"), "the command line again")
        # `send` never asks.
        assert s.send("quit").returncode == 0
        assert third.finish() == 0
        assert not s.wait_gone([pid], timeout=3)


def process_state(pid):
    """The state letter of `pid` in /proc (`T`: stopped)."""
    with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
        return handle.read().rsplit(")", 1)[1].split()[0]


def cooked(terminal):
    """Whether the pseudo-terminal is in canonical mode with echo (given back), not raw."""
    local = termios.tcgetattr(terminal.fd)[3]
    return bool(local & termios.ICANON) and bool(local & termios.ECHO)


def test_an_attached_client_stopped_with_sigtstp_gives_the_terminal_back_and_takes_it_again():
    with Sandbox([SHELL_TAB]) as s:
        s.start_detached("work")
        client = s.client("attach", "work", job_control=True)
        client.wait(lambda t: t.text().strip(), "the first frame")
        client.settle()
        assert not cooked(client)
        client.signal(signal.SIGTSTP)
        deadline = time.monotonic() + 5
        while process_state(client.process.pid) != "T":
            assert time.monotonic() < deadline, "the client never stopped"
            time.sleep(0.02)
        client.pump(0.2)
        assert cooked(client), "the terminal was left raw"
        assert client.output.endswith(LEAVE), client.output[-80:]
        before = len(client.output)
        client.signal(signal.SIGCONT)
        client.wait(lambda t: not cooked(t), "raw mode again")
        # A whole frame again, after the terminal was taken again.
        client.wait(lambda t: ENTER in t.output[before:] and t.text().strip(), "a whole frame")
        # Stopped with SIGSTOP (which it cannot see), it takes the terminal again on SIGCONT.
        client.settle()
        client.signal(signal.SIGSTOP)
        while process_state(client.process.pid) != "T":
            time.sleep(0.02)
        before = len(client.output)
        client.signal(signal.SIGCONT)
        client.wait(lambda t: ENTER in t.output[before:] and t.text().strip(), "a whole frame")
        assert s.send("echo alive").stdout == "alive\n"


SIZES = """stty size >> sizes
trap 'stty size >> sizes' WINCH
while :; do sleep 0.05; done
"""


def test_a_start_up_files_terminal_tab_starts_at_the_starting_terminals_size():
    with Sandbox(["add-tab terminal --id t -- sh sizes.sh"]) as s:
        with open(os.path.join(s.home, "sizes.sh"), "w", encoding="utf-8") as handle:
            handle.write(SIZES)
        s.start("work", columns=100, rows=40)
        sizes = os.path.join(s.home, "sizes")
        deadline = time.monotonic() + 5
        while not os.path.exists(sizes):
            assert time.monotonic() < deadline, "the tab's program never wrote its size"
            time.sleep(0.05)
        time.sleep(0.5)
        with open(sizes, encoding="utf-8") as handle:
            seen = handle.read().splitlines()
        # Its first size is the one it is drawn at once the starting terminal attached: no resize.
        assert len(set(seen)) == 1 and seen[0].endswith(" 100"), seen


def test_two_clients_draw_one_state_at_the_smaller_size():
    with Sandbox([SHELL_TAB]) as s:
        big = s.start("work", columns=100, rows=30)
        big.type("stty size\r")
        tall = int(answer(big, r"^(\d+) 100$").group(1))
        small = s.client("attach", "work", columns=80, rows=24)
        small.wait(lambda t: t.text().strip(), "the second client's first frame")
        small.type("clear; stty size\r")
        rows = int(answer(small, r"^(\d+) 80$").group(1))
        assert rows < tall, (rows, tall)
        answer(big, r"^\d+ 80$")
        big.settle()
        small.settle()
        # One frame for both: the larger terminal shows it in its top-left corner, the rest clear.
        assert big.lines()[:24] == small.lines(), f"{big.text()}\n----\n{small.text()}"
        assert all(len(line) <= 80 for line in big.lines()), big.text()
        assert not any(big.lines()[24:]), big.text()
        # Typed in the larger one, seen in both.
        big.type("echo both-$((2+3))\r")
        answer(small, r"^both-5$")
        answer(big, r"^both-5$")
        # The smaller one leaves: the session takes the larger size again.
        small.type(PREFIX + "d")
        assert small.finish() == 0
        big.type("clear; stty size\r")
        assert int(answer(big, r"^(\d+) 100$").group(1)) == tall


# Attached clients' faults.

def test_garbage_after_attach_ends_the_connection_and_others_go_on():
    with Sandbox([SHELL_TAB]) as s:
        watcher = s.start("work")
        # A frame of an unknown type; one longer than 1 MiB.
        for garbage in [b"\x09\x00\x00\x00\x02hi", b"\x01\x00\x20\x00\x00" + b"x" * 4096]:
            with s.connect("work") as c:
                c.attach()
                kind, _ = c.read_frame()
                assert kind == OUTPUT
                c.write(garbage)
                end, _ = c.until_end()
                assert end is not None and end["reason"] == "protocol", (garbage, end)
        # One that dies in the middle of a frame.
        with s.connect("work") as c:
            c.attach()
            c.write(b"\x01\x00\x00\x01\x00abc")
        watcher.type("echo fine-$((3+3))\r")
        answer(watcher, r"^fine-6$")
        assert s.send("echo still").stdout == "still\n"


# A screen of colours, a colour a cell, as wide and high as the program's terminal, then nothing:
# switching between two tabs that show it ($1: a letter for each) redraws the whole region.
SCREEN = """size=$(stty size); rows=${size% *}; columns=${size#* }
line=$(i=0; while [ $i -lt "$columns" ]; do printf '\\033[3%dm%s' $((i % 7 + 1)) "$1"; i=$((i+1)); done)
i=2
while [ $i -lt "$rows" ]; do printf '%s\\033[m\\r\\n' "$line"; i=$((i+1)); done
printf 'ready-%s' "$1"
exec sleep 1000
"""


def test_a_client_that_never_reads_is_cut_off_and_the_others_go_on():
    with Sandbox() as s:
        s.start_detached("work")
        with open(os.path.join(s.home, "screen.sh"), "w", encoding="utf-8") as handle:
            handle.write(SCREEN)
        stuck = Connection(s.socket("work"), receive_buffer=4096)
        stuck.attach(200, 60)
        reader = s.connect("work")
        reader.attach(200, 60)
        received = [0]

        def read():
            try:
                while (frame := reader.read_frame()) is not None and frame[0] == OUTPUT:
                    received[0] += len(frame[1])
            except OSError:
                pass  # closed at the end
        thread = threading.Thread(target=read, daemon=True)
        thread.start()
        control = s.connect("work")
        control.hello()
        assert control.call("info")["clients"] == 2
        for letter in "ab":
            control.call("run", {"commands": f"add-tab terminal --id {letter} -- sh "
                                             f"{s.home}/screen.sh {letter}"})
        control.call("run", {"commands": "wait-for --to a ready-a; wait-for --to b ready-b"})
        # Each switch is a whole region of colours for both; one of them never reads.
        deadline = time.monotonic() + 60
        switches = 0
        while control.call("info")["clients"] != 1:
            assert time.monotonic() < deadline, \
                f"the client that never reads was never cut off ({switches} switches)"
            control.call("run", {"commands": f"tab {'ab'[switches % 2]}"})
            switches += 1
        assert received[0] > 4 << 20, received
        before = received[0]
        done = s.send("echo fast")
        assert done.stdout == "fast\n" and done.seconds < 1, (done, done.seconds)
        control.call("run", {"commands": "badge a 1"})
        deadline = time.monotonic() + 10
        while received[0] == before:
            assert time.monotonic() < deadline, "the client that reads got nothing more"
            time.sleep(0.05)
        # The one cut off finds the end of its connection after what it was sent.
        stuck.socket.settimeout(10)
        end, _ = stuck.until_end()
        assert end is None or end["reason"] == "too-slow", end
        for connection in (stuck, reader, control):
            connection.close()


def test_an_attached_client_may_detach_with_a_frame():
    with Sandbox() as s:
        s.start_detached("work")
        with s.connect("work") as c:
            c.attach()
            kind, first = c.read_frame()
            assert kind == OUTPUT and first
            c.frame(DETACH)
            end, _ = c.until_end()
            assert end is not None and end["reason"] == "detached", end
        assert s.send("echo hi").stdout == "hi\n"


def test_attach_to_a_killed_server_says_so_within_a_second():
    with Sandbox() as s:
        server = s.start_detached("work")
        os.kill(server, signal.SIGKILL)
        # SIGKILL is delivered later: a client that came first would be accepted, then lost.
        assert s.wait_gone([server]) == []
        start = time.monotonic()
        attach = s.client("attach", "work")
        assert attach.finish(timeout=2) == 1 and time.monotonic() - start < 1
        assert b"error: the server of session 'work' died; its socket was removed" in \
            attach.output, attach.output
        assert not os.path.exists(s.socket("work"))


def test_a_flood_of_input_does_not_stall_the_session():
    with Sandbox(["add-tab terminal --id sink -- sh -c 'stty -echo; cat > /dev/null'"]) as s:
        s.start_detached("work")
        flood = s.connect("work")
        flood.attach()
        stop = threading.Event()
        sent = [0]

        def write():
            small = b"".join(b"\x01\x00\x00\x00\x01x" for _ in range(4096))
            big = b"\x01\x00\x01\x00\x00" + b"y" * 65536
            try:
                while not stop.is_set():
                    flood.write(small)
                    flood.write(big)
                    sent[0] += 4096 + 1
            except OSError:
                pass

        def read():
            try:
                while flood.read_frame() is not None:
                    pass
            except OSError:
                pass
        threads = [threading.Thread(target=write, daemon=True),
                   threading.Thread(target=read, daemon=True)]
        for thread in threads:
            thread.start()
        try:
            time.sleep(0.5)
            # Each is answered while the flood goes on (until the session cuts its client off,
            # `flood`, its input waiting past 1 MiB: sooner on a slow machine): a session held by
            # the flood would answer none. How long an answer takes is the machine's affair (a
            # send takes 0.3-0.5 s during the flood on a loaded 2-core machine, 0.03 s without):
            # 5 s only ends a run that is held. That a round takes in one slice of the flood is
            # checked in process (SessionScreenTests.aFloodOfKeysIsTakenInASliceARound).
            for _ in range(5):
                done = s.send("echo fast")
                assert done.stdout == "fast\n" and done.seconds < 5, (done, done.seconds)
            assert sent[0] > 10_000, sent
        finally:
            stop.set()
            flood.socket.shutdown(2)
            for thread in threads:
                thread.join(5)
            flood.close()
        assert s.send("expect tabs 1").returncode == 0


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
