"""What the session tests (Tests/sessions/test_sessions.py) share: a sandbox of their own (HOME and
XDG_RUNTIME_DIR) whose servers are all ended when it closes, with no process left behind; clients on
pseudo-terminals read back with pyte (Tests/tui/terminal.py); `tabshell` run as a command; and a raw
client of the protocol (docs/Sessions.md) that a test can make misbehave.
"""

import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import time

TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(TESTS, "tui"), os.path.join(TESTS, "support")]
from sandbox_home import make_home  # noqa: E402
from terminal import BINARY, TIMEOUT, Terminal, environment  # noqa: E402

PREFIX = "\x02"  # Ctrl-B
# Frame types (docs/Sessions.md, "Frame mode").
INPUT, RESIZE, DETACH = 1, 2, 3
OUTPUT, END = 1, 2
PROTOCOL = 1


class Sandbox:
    """A HOME and an XDG_RUNTIME_DIR of its own, a start-up file of `startup` lines, and the built
    binary's folder first on PATH (so a program in a terminal tab finds `tabshell`). Closing it
    closes its clients, kills every session whose socket is in its folder, waits for every process
    started with its HOME to end, and fails, naming them, if any is left (after killing them)."""

    def __init__(self, startup=()):
        startup_text = "".join(line + "\n" for line in startup)
        self.home, self.runtime = make_home("tabshell-sessions-", startup_text)
        path = os.path.dirname(BINARY) + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin")
        self.env = environment(self.home, XDG_RUNTIME_DIR=self.runtime, PATH=path)
        self.terminals = []

    @property
    def folder(self):
        return os.path.join(self.runtime, "tabshell")

    def socket(self, name):
        return os.path.join(self.folder, name)

    # Clients.

    def tabshell(self, *arguments, input=None, timeout=TIMEOUT):
        """`tabshell ARGUMENTS` with no terminal; its CompletedProcess (text) and its wall time."""
        start = time.monotonic()
        done = subprocess.run([BINARY, *arguments], input=input, capture_output=True, text=True,
                              env=self.env, cwd=self.home, timeout=timeout,
                              stdin=None if input is not None else subprocess.DEVNULL)
        done.seconds = time.monotonic() - start
        return done

    def send(self, commands, session=None):
        return self.tabshell("send", *(["--session", session] if session else []), commands)

    def client(self, *arguments, columns=80, rows=24, job_control=False):
        """`tabshell ARGUMENTS` on a pseudo-terminal of its own, closed with the sandbox."""
        terminal = Terminal(arguments, columns=columns, rows=rows, home=self.home, env=self.env,
                            job_control=job_control)
        self.terminals.append(terminal)
        return terminal

    def start(self, name, columns=80, rows=24):
        """Starts the session `name` full-screen on a pseudo-terminal; returns the client once it
        has drawn its first frame."""
        terminal = self.client("--session", name, "--tui", columns=columns, rows=rows)
        terminal.wait(lambda t: t.text().strip(), "the first frame")
        terminal.settle()
        return terminal

    def line_client(self, name):
        """The line client of the session `name` (`tabshell --session NAME` on a pseudo-terminal,
        the session started first when it does not run) once it shows its prompt."""
        terminal = self.client("--session", name)
        terminal.wait_text(f"tabshell[{name}]>")
        return terminal

    def connections(self, name, count, attach=False):
        """`count` connections to the session `name` that said hello (and, with `attach`,
        attached), in the order they came; close them with `close_all`."""
        connections = []
        try:
            for _ in range(count):
                connection = self.connect(name)
                connections.append(connection)
                if attach:
                    connection.attach()
                else:
                    connection.hello()
        except BaseException:
            close_all(connections)
            raise
        return connections

    def start_detached(self, name):
        """Starts the session `name` with no terminal (`tabshell --session NAME` with stdin not a
        terminal: its client sends stdin, here nothing, and leaves); returns the server's pid."""
        done = self.tabshell("--session", name)
        # (An empty start-up file gets a note on stderr: it made no tabs.)
        assert done.returncode == 0 and "error" not in done.stderr, done
        return self.server_pid(name)

    def connect(self, name, timeout=TIMEOUT):
        return Connection(self.socket(name), timeout)

    def server_pid(self, name):
        with self.connect(name) as connection:
            return connection.hello()["pid"]

    # Processes.

    def processes(self):
        """The processes started with this sandbox's HOME (servers, clients, their programs), as
        {pid: command line}: read from /proc, so a process that left its group is still seen."""
        marker = f"HOME={self.home}\0".encode()
        found = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == os.getpid():
                continue
            try:
                with open(f"/proc/{entry}/environ", "rb") as handle:
                    if marker not in handle.read():
                        continue
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    found[int(entry)] = handle.read().replace(b"\0", b" ").decode().strip()
            except OSError:
                continue
        return found

    def programs(self, name):
        """The pids of the processes whose environment names the session `name`'s socket: its
        terminal programs (TABSHELL)."""
        marker = f"TABSHELL={self.socket(name)}\0".encode()
        found = []
        for pid in self.processes():
            try:
                with open(f"/proc/{pid}/environ", "rb") as handle:
                    if marker in handle.read():
                        found.append(pid)
            except OSError:
                continue
        return found

    def wait_gone(self, pids, timeout=5):
        """Waits until none of `pids` runs; returns those still running after `timeout` s."""
        deadline = time.monotonic() + timeout
        while True:
            left = [pid for pid in pids if running(pid)]
            if not left or time.monotonic() > deadline:
                return left
            time.sleep(0.05)

    def close(self):
        """Ends everything this sandbox started; returns the processes that were left behind."""
        for terminal in self.terminals:
            terminal.close()
        if os.path.isdir(self.folder):
            for name in os.listdir(self.folder):
                try:
                    with self.connect(name, timeout=2) as connection:
                        connection.hello()
                        connection.call("kill")
                except (OSError, ProtocolError):
                    pass
        left = self.wait_gone(list(self.processes()), timeout=5)
        described = {pid: command for pid, command in self.processes().items() if pid in left}
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        shutil.rmtree(self.home, ignore_errors=True)
        return described

    def __enter__(self):
        return self

    def __exit__(self, kind, value, trace):
        left = self.close()
        if kind is None and left:
            raise AssertionError(f"processes left behind: {left}")


def running(pid):
    """Whether `pid` is a process that has not ended (a zombie has ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def close_all(connections):
    for connection in connections:
        connection.close()


def still_open(connection):
    """Whether the server has not closed `connection` (nothing to read, no end)."""
    timeout = connection.socket.gettimeout()
    connection.socket.setblocking(False)
    try:
        return connection.socket.recv(1) != b""
    except BlockingIOError:
        return True
    finally:
        connection.socket.settimeout(timeout)


class ProtocolError(Exception):
    """An answer that is not what the protocol says, or an error answer."""


class Connection:
    """A raw client of a session's socket: line-mode JSON-RPC requests, then frames after `attach`.
    Every read waits at most `timeout` seconds (then socket.timeout)."""

    def __init__(self, path, timeout=TIMEOUT, receive_buffer=None):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        if receive_buffer is not None:
            self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.socket.settimeout(timeout)
        self.socket.connect(path)
        self.buffer = b""
        self.next_id = 1

    def write(self, data):
        self.socket.sendall(data)

    def request(self, method, params=None):
        """Writes a request; returns its id."""
        number = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": number, "method": method, "params": params or {}}
        self.write(json.dumps(message).encode() + b"\n")
        return number

    def fill(self):
        """Reads more into the buffer; False at the end of the connection."""
        try:
            data = self.socket.recv(1 << 20)
        except ConnectionResetError:
            data = b""
        self.buffer += data
        return bool(data)

    def line(self):
        """The next line-mode message (a dict), or None when the connection ended."""
        while b"\n" not in self.buffer:
            if not self.fill():
                return None
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def call(self, method, params=None):
        """A request and its answer's result; ProtocolError for an error answer or none."""
        number = self.request(method, params)
        answer = self.line()
        if answer is None:
            raise ProtocolError(f"the connection ended before the answer to {method}")
        if answer.get("id") != number or "result" not in answer:
            raise ProtocolError(f"{method}: {answer}")
        return answer["result"]

    def hello(self, client="test", protocol=PROTOCOL, protocols=None):
        """hello in `protocol` (1 by default), or in the newest of `protocols` the server speaks
        too: the answer's result."""
        params = {"protocol": protocol, "client": client}
        if protocols is not None:
            params["protocols"] = protocols
        return self.call("hello", params)

    def attach(self, columns=80, rows=24):
        """hello, then attach: the connection is in frame mode from here."""
        self.hello("attach")
        self.call("attach", {"columns": columns, "rows": rows})

    def frame(self, kind, payload=b""):
        self.write(struct.pack(">BI", kind, len(payload)) + payload)

    def read_frame(self):
        """The next frame as (type, payload), or None when the connection ended."""
        while len(self.buffer) < 5:
            if not self.fill():
                return None
        kind, length = struct.unpack(">BI", self.buffer[:5])
        while len(self.buffer) < 5 + length:
            if not self.fill():
                return None
        payload, self.buffer = self.buffer[5:5 + length], self.buffer[5 + length:]
        return kind, payload

    def until_end(self):
        """Reads frames to the end of the connection; returns the `end` frame's object (None when
        the connection ended without one) and the output's bytes."""
        end, output = None, b""
        while (frame := self.read_frame()) is not None:
            if frame[0] == END:
                end = json.loads(frame[1])
            elif frame[0] == OUTPUT:
                output += frame[1]
        return end, output

    def close(self):
        self.socket.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
