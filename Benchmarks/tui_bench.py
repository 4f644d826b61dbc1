"""The full-screen mode's figures for scripts/bench: key to finished frame and a drag motion to
finished frame through a pseudo-terminal, and the bytes a tab switch writes.

A frame is finished when its synchronized update ends (`ESC [ ? 2026 l`, the last thing a frame
writes). Times are wall-clock, from the `write` of the key (or mouse report) to reading that end;
each run is a fresh `tabshell --tui` on a pseudo-terminal of the size given, fed by this process.
"""

import os
import pty
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import fcntl
import termios

FRAME_END = b"\x1b[?2026l"


class Session:
    """`tabshell --tui` on a pseudo-terminal, read raw (no emulator: the figures are the shell's)."""

    def __init__(self, binary, columns, rows, startup=None, colour=True, arguments=None,
                 env=None, home=None):
        """`tabshell --tui` in a home of its own with `startup` as its start-up file (none:
        --norc); or, given `arguments`, `tabshell ARGUMENTS` in `home` with `env` (a session's
        client: its sandbox keeps the home)."""
        self.own_home = home is None
        self.home = home or tempfile.mkdtemp(prefix="tabshell-tui-bench-")
        if arguments is not None:
            arguments = [binary, *arguments]
        else:
            config = os.path.join(self.home, "config", "tabshell")
            os.makedirs(config)
            arguments = [binary, "--tui"]
            if startup is None:
                arguments.append("--norc")
            else:
                with open(os.path.join(config, "init.tabsh"), "w", encoding="utf-8") as handle:
                    handle.write(startup)
        if env is None:
            env = {"HOME": self.home, "XDG_CONFIG_HOME": os.path.join(self.home, "config"),
                   "XDG_STATE_HOME": os.path.join(self.home, "state"),
                   "XDG_DATA_HOME": os.path.join(self.home, "data"),
                   "TERM": "xterm-256color", "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        if not colour:
            env = {**env, "NO_COLOR": "1"}
        primary, secondary = pty.openpty()
        fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.child = subprocess.Popen(arguments, stdin=secondary, stdout=secondary,
                                      stderr=secondary, env=env, cwd=self.home,
                                      start_new_session=True)
        os.close(secondary)
        self.fd = primary
        self.first = b""
        while FRAME_END not in self.first:  # past the enter sequence, the first whole frame
            self.first += self.until_frame(timeout=60)

    @staticmethod
    def finished(data):
        """Whether `data` ends with a whole frame: a synchronized update closed, or (a frame that
        changed no cell) only the cursor put back, after the last synchronized update if any (one
        read can bring several frames)."""
        if data.endswith(FRAME_END):
            return True
        last = data[data.rfind(FRAME_END) + len(FRAME_END):] if FRAME_END in data else data
        return b"\x1b[?2026h" not in last and last.endswith((b"\x1b[?25h", b"\x1b[?25l"))

    def until_frame(self, timeout=10):
        """Reads until a frame's end; returns the bytes read."""
        data = b""
        deadline = time.perf_counter() + timeout
        while not self.finished(data):
            if time.perf_counter() > deadline:
                sys.exit(f"bench: no frame from the full-screen mode: {data[-200:]!r}")
            ready, _, _ = select.select([self.fd], [], [], 1)
            if ready:
                data += os.read(self.fd, 1 << 20)
        return data

    def drain(self, quiet=0.05):
        while select.select([self.fd], [], [], quiet)[0]:
            os.read(self.fd, 1 << 20)

    def timed(self, data):
        """Seconds from writing `data` to the end of the frame it brings, and the frame's bytes."""
        start = time.perf_counter()
        os.write(self.fd, data)
        frame = self.until_frame()
        return time.perf_counter() - start, frame

    def close(self, leave=(b"\x1b", b"q")):
        """Leaves the mode (by default Esc, then q in the bar focus) and cleans up."""
        for number, key in enumerate(leave):
            if number:
                time.sleep(0.05)
            os.write(self.fd, key)
        try:
            self.child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.child.kill()
        os.close(self.fd)
        if self.own_home:
            shutil.rmtree(self.home, ignore_errors=True)


def percentiles(times):
    times = sorted(times)
    return times[len(times) // 2], times[int(len(times) * 0.99)], times[-1]


def key_latency(binary, columns, rows, startup, count, keys):
    """Key to finished frame, the keys taking turns; p50, p99 and the slowest, in seconds."""
    return latency_of(Session(binary, columns, rows, startup), count, keys)


def latency_of(session, count, keys, leave=(b"\x1b", b"q")):
    """Key to finished frame in `session`, from the bar focus, the keys taking turns, after 50 to
    warm up; p50, p99 and the slowest, in seconds. Closes the session by the keys `leave`."""
    os.write(session.fd, b"\x1b")  # the bar focus: single keys select and swipe
    session.until_frame()
    session.drain()
    times = timed_keys(session, count, keys)
    session.close(leave)
    return percentiles(times)


def timed_keys(session, count, keys):
    """Key to finished frame in `session` for `count` keys taking turns, after 50 to warm up; the
    times in seconds."""
    times = []
    for number in range(count + 50):
        elapsed, _ = session.timed(keys[number % len(keys)])
        if number >= 50:
            times.append(elapsed)
        session.drain(0.002)
    return times


def screen_key_latency(binary, columns, rows, startup, count, keys):
    """Key to finished frame for a visible screen that takes input and so has the focus (the
    keys, taking turns, go to it and it draws again); p50, p99 and the slowest, in seconds."""
    session = Session(binary, columns, rows, startup)
    session.drain()
    times = timed_keys(session, count, keys)
    os.write(session.fd, b"\x02b")  # the prefix key, then b: the bar focus, where close() quits
    session.drain()
    session.close()
    return percentiles(times)


def drag_latency(binary, columns, rows, count):
    """A drag's motion report to finished frame, two pages sliding (swipeable), back and forth."""
    session = Session(binary, columns, rows, startup="layout swipeable\n")
    row = rows // 2
    start = columns - 5
    # The press shows nothing (the drag starts with the first motion): no frame to wait for.
    os.write(session.fd, f"\x1b[<0;{start};{row}M".encode())
    session.drain(0.05)
    times = []
    column = start
    step = -1
    for number in range(count + 50):
        column += step
        if column < 10 or column > columns - 5:
            step = -step
            column += 2 * step
        elapsed, _ = session.timed(f"\x1b[<32;{column};{row}M".encode())
        if number >= 50:
            times.append(elapsed)
    os.write(session.fd, f"\x1b[<0;{start};{row}m".encode())
    session.until_frame()
    session.close()
    return percentiles(times)


def switch_bytes(binary, columns, rows, startup, key, colour=True):
    """The bytes of the frame a key brings (a tab switch), and of the same screen drawn whole
    (Ctrl-L)."""
    session = Session(binary, columns, rows, startup, colour)
    os.write(session.fd, b"\x1b")
    session.until_frame()
    session.drain()
    _, frame = session.timed(key)
    session.drain()
    _, full = session.timed(b"\x0c")
    session.close()
    return len(full), len(frame)


def thousand_tabs():
    return "".join(f"add-tab text --id t{n} --title 'Tab {n}'\n" for n in range(1, 1001)) + \
        "tab 500\n"


def callgrind_costs(dump):
    """Each cost line of a callgrind dump as (object, function, position, instructions): the
    instructions run at that position (its address with `--dump-instr=yes`, else its source line)
    in the function itself, not in what it called. Names are compressed as `(N) name` on first
    use, `(N)` after; positions may be relative to the line before (`+N`, `-N`, `*`)."""
    names = {}

    def name(kind, text):
        number, _, given = text.partition(" ")
        if given:
            names[(kind, number)] = given
        return names.get((kind, number), number)

    positions = 1
    obj = function = None
    position = 0
    after_call = False
    with open(dump, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if line.startswith("positions:"):
                positions = len(line.split()) - 1
            elif line.startswith("ob="):
                obj = name("ob", line[3:])
            elif line.startswith("cob="):
                name("ob", line[4:])
            elif line.startswith("fn="):
                function = name("fn", line[3:])
            elif line.startswith("cfn="):
                name("fn", line[4:])
            elif line.startswith("calls="):
                # The line after is the call's inclusive cost, at the call's position.
                after_call = True
            elif line[:1].isdigit() or line[:1] in ("+", "-", "*"):
                fields = line.split()
                first = fields[0]
                if first.startswith("0x"):
                    position = int(first, 16)
                elif first[0] == "+":
                    position += int(first[1:])
                elif first[0] == "-":
                    position -= int(first[1:])
                elif first != "*":
                    position = int(first)
                if after_call:
                    after_call = False
                elif len(fields) > positions:
                    yield obj, function, position, int(fields[positions])


def code_footprint(dump, count):
    """The code a callgrind dump made with `--dump-instr=yes` shows run `count` times or more
    (within a tenth), that is once each of `count` keys: (cache lines of 64 bytes, pages of 4 KB),
    summed over the objects (each object's addresses are its own)."""
    executed = {}
    for obj, _, address, instructions in callgrind_costs(dump):
        counts = executed.setdefault(obj, {})
        counts[address] = counts.get(address, 0) + instructions
    lines = pages = 0
    for counts in executed.values():
        hot = [address for address, times in counts.items() if times >= count * 0.9]
        lines += len({address // 64 for address in hot})
        pages += len({address // 4096 for address in hot})
    return lines, pages


def key_instructions(host, columns, rows, startup, count, keys, bar_focus=True, footprint=None):
    """Instructions the shell spends from a key to its finished frame (callgrind, steady where a
    clock is not): `tabshell-host --tui` under valgrind taking `count` keys in the bar focus (or,
    with `bar_focus` false, in the focus the mode starts in: a terminal tab's program's, after one
    key not counted), the keys taking turns, less the same run taking none, over `count`. In each
    run callgrind's counts are zeroed once the start-up has settled and dumped once what the last
    key brought is read (callgrind_control), so that neither the start nor the exit (which looks
    through /proc for what a terminal tab's program left, for as long as the machine has
    processes) is in the figure; the run taking none takes off what the waits cost meanwhile
    (valgrind has no pidfd_open: a terminal tab's program's end is looked for every 10 ms under
    it). The shell's own programs (a terminal tab's, under /bin and /usr) run outside valgrind.
    KEY_CG_OUT names a folder to keep the dumps in, as cg.KEYS.PID (for callgrind_annotate).
    With `footprint` (a list), the instructions are dumped one by one and the code the `count`
    keys ran once each is appended to it as (cache lines, pages) (``code_footprint``)."""
    def run(keys_to_send):
        folder = tempfile.mkdtemp(prefix="tabshell-key-instructions-")
        wrapper = os.path.join(folder, "host")
        with open(wrapper, "w", encoding="utf-8") as handle:
            # The shell starts itself again at start-up: valgrind follows it (--trace-children).
            dump_instructions = "--dump-instr=yes " if footprint is not None else ""
            handle.write(f"#!/bin/sh\nexec valgrind --tool=callgrind {dump_instructions}"
                         "--trace-children=yes "
                         "--trace-children-skip='/bin/*,/usr/*' "
                         f"--callgrind-out-file={folder}/cg.%p --log-file={folder}/log.%p "
                         f"{host} \"$@\"\n")
        os.chmod(wrapper, 0o755)

        def traced():
            """The pids of the processes callgrind runs, from their logs (a program a traced one
            started and that valgrind left, as the terminal tab's, has a log too)."""
            pids = []
            for name in os.listdir(folder):
                if not name.startswith("log."):
                    continue
                try:
                    if "callgrind" in os.readlink(f"/proc/{name[4:]}/exe"):
                        pids.append(int(name[4:]))
                except OSError:
                    pass
            return pids

        def control(option, pids):
            for pid in pids:
                subprocess.run(["callgrind_control", option, str(pid)], check=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)

        session = Session(wrapper, columns, rows, startup)
        if bar_focus:
            os.write(session.fd, b"\x1b")
            session.until_frame(timeout=60)
        else:
            # A first key, not counted (in both runs): the screen focus is synced and the
            # screen told it has the focus at the first input, once.
            os.write(session.fd, keys[0])
            if not select.select([session.fd], [], [], 60)[0]:
                sys.exit("bench: nothing came after a key")
        session.drain(0.5)
        control("-z", traced())
        for number in range(keys_to_send):
            os.write(session.fd, keys[number % len(keys)])
            # Something of what the key brought (a frame of one changed cell may be that cell
            # alone, with no synchronized update to end): the rest is read with the next.
            if not select.select([session.fd], [], [], 60)[0]:
                sys.exit("bench: nothing came after a key")
            os.read(session.fd, 1 << 20)
        session.drain(0.5)
        pids = traced()
        control("-d", pids)
        total = 0
        kept = os.environ.get("KEY_CG_OUT")
        for pid in pids:
            dump = os.path.join(folder, f"cg.{pid}.1")
            with open(dump, encoding="utf-8") as handle:
                found = [line for line in handle if line.startswith("summary:")]
            total += int(found[-1].split(":")[1].split()[0])
            if footprint is not None and keys_to_send:
                footprint.append(code_footprint(dump, keys_to_send))
            if kept:
                os.makedirs(kept, exist_ok=True)
                shutil.copy(dump, os.path.join(kept, f"cg.{keys_to_send}.{pid}"))
        session.child.terminate()
        session.child.wait(timeout=120)
        os.close(session.fd)
        shutil.rmtree(session.home, ignore_errors=True)
        shutil.rmtree(folder, ignore_errors=True)
        return total
    return (run(count) - run(0)) / count


def cpu_seconds(pid):
    """The CPU time a process has used, from /proc: its time on a CPU in nanoseconds
    (/proc/PID/schedstat) where the kernel keeps it, else user + system in clock ticks."""
    try:
        with open(f"/proc/{pid}/schedstat", encoding="utf-8") as schedstat:
            return int(schedstat.read().split()[0]) / 1e9
    except (OSError, ValueError, IndexError):
        pass
    with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def ticker_cpu(binary, seconds=10.0, columns=80, rows=24):
    """The share of a core the shell uses while full-screen with the built-in ticker (a Swift clock
    whose timer ticks every second) visible and nothing else happening, over `seconds`: its CPU
    time from /proc over the wall time. Also the frames it drew meanwhile (about one a second:
    fewer means the clock did not tick, and the figure does not count)."""
    session = Session(binary, columns, rows, startup="add-tab ticker --id clock\n")
    session.drain(0.5)
    pid = session.child.pid
    frames = 0
    start, before = time.perf_counter(), cpu_seconds(pid)
    while (left := seconds - (time.perf_counter() - start)) > 0:
        if select.select([session.fd], [], [], left)[0]:
            frames += os.read(session.fd, 1 << 20).count(FRAME_END)
    elapsed, used = time.perf_counter() - start, cpu_seconds(pid) - before
    # The screen has the focus: the prefix key reaches the command line.
    session.close(leave=(b"\x02:quit\r",))
    return used / elapsed, frames, elapsed
