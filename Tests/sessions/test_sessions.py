#!/usr/bin/env python3
"""Tests of sessions (docs/Contract.md, "Sessions"; the protocol: docs/Sessions.md) with real
servers and real sockets: `send` and its statuses, `send -`; `TABSHELL` in a terminal tab;
`sessions` and `kill-session`; SIGTERM; the socket's folder and modes, and a peer of another user.
Faults: clients that send garbage or say nothing; a server killed with SIGKILL, or stopped.

Each test has a HOME and an XDG_RUNTIME_DIR of its own, kills every session it started and fails
when a process it started is left (Tests/sessions/session.py).

Run:  python3 Tests/sessions/test_sessions.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs pyte (`pip install pyte`).
"""

import json
import os
import signal
import stat
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session import BINARY, Sandbox, running  # noqa: E402
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
            c.request("hello", {"protocol": 2, "client": "test"})
            error = c.line()["error"]
            assert error == {"code": 1, "message":
                             "protocol 2 is not spoken here (this server speaks 1)"}, error
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
        silent = [s.connect("work") for _ in range(3)]
        half = s.connect("work")
        half.write(b'{"jsonrpc":"2.0","id":1,"meth')
        hello = s.connect("work")
        hello.hello()
        try:
            for _ in range(5):
                done = s.send("echo fast")
                assert done.stdout == "fast\n" and done.seconds < 0.5, (done, done.seconds)
            listed = s.tabshell("sessions")
            assert listed.returncode == 0 and listed.seconds < 1, listed
        finally:
            for c in [*silent, half, hello]:
                c.close()


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
        try:
            sent = s.send("echo hi")
            assert sent.returncode != 0 and sent.seconds < 1.5, (sent, sent.seconds)
            assert "work" in sent.stderr, sent.stderr
        finally:
            os.kill(pid, signal.SIGCONT)
        assert s.send("echo hi").stdout == "hi\n"


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
