"""The sessions' figures for scripts/bench (issue 21, docs/Sessions.md): `tabshell send 'tab 2'` as
a whole process beside `tmux select-window -t :2` against a private tmux server, in one run; run
requests a second through one connection, pipelined; attach to the first whole frame through the
protocol; key to frame through an attached client (`tabshell attach` on a pseudo-terminal).

Every session runs in a private XDG_RUNTIME_DIR and HOME, and is killed at the end, as is the tmux
server (`tmux -L NAME -f /dev/null`).
"""

import json
import os
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import threading
import time

import tui_bench

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests",
                                "support"))
from sandbox_home import make_home  # noqa: E402 - the session tests' HOME, made the same way

OUTPUT = 1
# What an answer that did not succeed holds (the server's JSON has no blanks).
FAILED = (b'"status":1', b'"status":2', b'"error"')
FRAME_END = b"\x1b[?2026l"


class Sandbox:
    """A private HOME and XDG_RUNTIME_DIR with a start-up file of `startup`; its sessions are
    killed, and its folder removed, by close()."""

    def __init__(self, binary, startup):
        self.binary = binary
        self.home, self.runtime = make_home("tabshell-session-bench-", startup)
        self.env = {"HOME": self.home, "XDG_RUNTIME_DIR": self.runtime,
                    "XDG_CONFIG_HOME": os.path.join(self.home, "config"),
                    "XDG_STATE_HOME": os.path.join(self.home, "state"),
                    "XDG_DATA_HOME": os.path.join(self.home, "data"),
                    "TERM": "xterm-256color", "PATH": os.environ.get("PATH", "/usr/bin:/bin")}

    def socket(self, name):
        return os.path.join(self.runtime, "tabshell", name)

    def start(self, name):
        """Starts the session `name` with no terminal (its client sends an empty stdin, leaves)."""
        subprocess.run([self.binary, "--session", name], env=self.env, stdin=subprocess.DEVNULL,
                       check=True, timeout=30)

    def close(self):
        folder = os.path.join(self.runtime, "tabshell")
        for name in os.listdir(folder) if os.path.isdir(folder) else []:
            subprocess.run([self.binary, "kill-session", name], env=self.env,
                           capture_output=True, timeout=10)
        shutil.rmtree(self.home, ignore_errors=True)


class Connection:
    """A client of a session's socket speaking the protocol directly."""

    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.settimeout(30)
        self.socket.connect(path)
        self.buffer = b""

    def line(self):
        while b"\n" not in self.buffer:
            data = self.socket.recv(1 << 20)
            if not data:
                raise SystemExit("bench: the session closed the connection")
            self.buffer += data
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def call(self, method, params, number=1):
        self.socket.sendall(json.dumps({"jsonrpc": "2.0", "id": number, "method": method,
                                        "params": params}).encode() + b"\n")
        answer = self.line()
        if "result" not in answer:
            raise SystemExit(f"bench: {method}: {answer}")
        return answer["result"]

    def frame(self):
        while len(self.buffer) < 5 or len(self.buffer) < 5 + struct.unpack(">I", self.buffer[1:5])[0]:
            data = self.socket.recv(1 << 20)
            if not data:
                raise SystemExit("bench: the session closed the connection")
            self.buffer += data
        kind, length = struct.unpack(">BI", self.buffer[:5])
        payload, self.buffer = self.buffer[5:5 + length], self.buffer[5 + length:]
        return kind, payload

    def close(self):
        self.socket.close()


def timed(argv, env):
    """The wall time (s) of one run of `argv`, checked to succeed."""
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"bench: {' '.join(argv)} failed ({done.returncode}): "
                         f"{done.stderr.decode(errors='replace')[:300]}")
    return elapsed


def send_beside_tmux(binary, count=100):
    """`tabshell send 'tab 2'` and `tmux select-window -t :2`, whole processes, each against its
    running server of 3 tabs (windows), `count` runs each taking turns; their medians (s)."""
    sandbox = Sandbox(binary, "add-tab text\nadd-tab text\nadd-tab text\n")
    name = f"tabshell-bench-{os.getpid()}"
    tmux = ["tmux", "-L", name, "-f", "/dev/null"]
    try:
        sandbox.start("bench")
        subprocess.run(tmux + ["new-session", "-d", "-s", "bench", "-x", "80", "-y", "24"],
                       check=True)
        for _ in range(2):
            subprocess.run(tmux + ["new-window", "-t", "bench"], check=True)
        send = [binary, "send", "tab 2"]
        select = tmux + ["select-window", "-t", ":2"]
        # A warm-up of each, then pairs, the one that goes first taking turns: both see the same
        # load.
        for _ in range(5):
            timed(send, sandbox.env)
            timed(select, None)
        ours, theirs = [], []
        for number in range(count):
            pair = [(send, sandbox.env, ours), (select, None, theirs)]
            for argv, env, times in pair if number % 2 else reversed(pair):
                times.append(timed(argv, env))
        return statistics.median(ours), statistics.median(theirs)
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)
        sandbox.close()


def pipelined_runs(binary, count=100_000):
    """`run` requests a second through one connection, `count` of them written at once
    (alternately `tab 2` and `tab 3`) while their answers are read; checks that each succeeded."""
    sandbox = Sandbox(binary, "add-tab text\nadd-tab text\nadd-tab text\n")
    try:
        sandbox.start("bench")
        connection = Connection(sandbox.socket("bench"))
        connection.call("hello", {"protocol": 1, "client": "bench"})
        requests = b"".join(
            json.dumps({"jsonrpc": "2.0", "id": number, "method": "run",
                        "params": {"commands": f"tab {2 + number % 2}"}}).encode() + b"\n"
            for number in range(2, count + 2))
        writer = threading.Thread(target=connection.socket.sendall, args=(requests,))
        start = time.perf_counter()
        writer.start()
        answers, failures, received = 0, 0, connection.buffer
        while answers < count:
            data = connection.socket.recv(1 << 20)
            if not data:
                raise SystemExit("bench: the session closed the connection")
            answers += data.count(b"\n")
            failures += sum(data.count(marker) for marker in FAILED)
            received = received[-4096:] + data
        elapsed = time.perf_counter() - start
        writer.join()
        last = json.loads(received.rstrip(b"\n").rsplit(b"\n", 1)[-1])
        state = connection.call("run", {"commands": "state --json"}, count + 2)["output"]
        selected = json.loads(state)["selected"]
        connection.close()
        wrong = None
        if failures or last.get("result", {}).get("status") != 0 or selected != 2 + (count + 1) % 2:
            wrong = f"{failures} failed; the last answer was {last}; tab {selected} is selected"
        return count / elapsed, wrong
    finally:
        sandbox.close()


def attach_to_frame(binary, count=30):
    """Seconds from connecting to a session's socket to the end of the first whole frame of an
    attach through the protocol (hello, attach, frames); the median and the slowest."""
    sandbox = Sandbox(binary, "layout demo\n")
    try:
        sandbox.start("bench")
        times = []
        for _ in range(count):
            start = time.perf_counter()
            connection = Connection(sandbox.socket("bench"))
            connection.call("hello", {"protocol": 1, "client": "bench"})
            connection.call("attach", {"columns": 80, "rows": 24}, 2)
            drawn = b""
            while FRAME_END not in drawn:
                kind, payload = connection.frame()
                if kind == OUTPUT:
                    drawn += payload
            times.append(time.perf_counter() - start)
            connection.socket.sendall(struct.pack(">BI", 3, 0))  # detach
            connection.close()
        return statistics.median(times), max(times)
    finally:
        sandbox.close()


def attached_key_latency(binary, count):
    """Key to finished frame through `tabshell attach` on a pseudo-terminal (the demo layout at
    80×24, the bar focus, the keys 2 and 1 taking turns); p50, p99 and the slowest (s)."""
    sandbox = Sandbox(binary, "layout demo\n")
    try:
        sandbox.start("bench")
        session = tui_bench.Session(binary, 80, 24, arguments=["attach", "bench"],
                                    env=sandbox.env, home=sandbox.home)
        return tui_bench.latency_of(session, count, [b"2", b"1"], leave=(b"\x02d",))
    finally:
        sandbox.close()
