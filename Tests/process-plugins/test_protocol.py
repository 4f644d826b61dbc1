#!/usr/bin/env python3
"""Drives the example process plugins over pipes as tabshell does, and checks what they answer:
the handshake (and a refused protocol version), a screen's whole lifecycle in the order of
docs/Contract.md, "Lifecycle", drawing, commands with their requests to the host, a live screen's
own requests, and a clean exit when stdin ends.

    python3 Tests/process-plugins/test_protocol.py      # prints "N passed, N failed"
"""

import json
import os
import selectors
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "plugins", "python", "example_counter.py")
TEMPLATE = os.path.join(ROOT, "plugins", "python", "template.py")
HELLO = os.path.join(ROOT, "plugins", "sh", "hello.sh")
HOST = {"protocolVersion": 1, "host": {"name": "tabshell", "version": "test"},
        "limits": {"timeout": 2.0, "maxLineBytes": 1048576, "maxMessagesPerSecond": 1000,
                   "maxQueuedMessages": 1000}}
# This tabshell: it offers versions 1 and 2 (HOST is a tabshell that speaks only version 1).
HOST2 = dict(HOST, protocolVersions=[1, 2])


class Plugin:
    """A plugin on pipes; the host's side of the protocol, one request at a time."""

    def __init__(self, path):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.process.stdout, selectors.EVENT_READ)
        self.buffer = b""
        self.next_id = 1

    def send(self, message):
        data = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def read(self, timeout=5.0):
        """The next message, or None when none comes within timeout seconds."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                return None
            data = os.read(self.process.stdout.fileno(), 65536)
            if not data:
                return None
            self.buffer += data
        line, self.buffer = self.buffer.split(b"\n", 1)
        message = json.loads(line)
        assert message.get("jsonrpc") == "2.0", message
        return message

    def request(self, method, params):
        """(answer, notifications sent before it): answer is {"result": ...} or {"error": ...}."""
        identifier = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params})
        notes = []
        while True:
            message = self.read()
            assert message is not None, f"no answer to {method}"
            if "method" in message:
                assert "id" not in message, f"the kit sends notifications only: {message}"
                notes.append((message["method"], message["params"]))
                continue
            assert message["id"] == identifier, f"answered {message['id']}, expected {identifier}"
            return {k: message[k] for k in ("result", "error") if k in message}, notes

    def result(self, method, params, notes=()):
        answer, sent = self.request(method, params)
        assert "result" in answer, f"{method} failed: {answer}"
        assert sent == list(notes), f"{method} sent {sent}, expected {list(notes)}"
        return answer["result"]

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self):
        """Closes stdin as the host does at shutdown; the exit status."""
        self.process.stdin.close()
        try:
            status = self.process.wait(timeout=5)
        finally:
            self.process.kill()
            self.process.wait()
            self.process.stdout.close()
            self.process.stderr.close()
        return status


def lifecycle(plugin, screen, notes_on_load=()):
    plugin.result("screen/viewDidLoad", {"screen": screen}, notes_on_load)
    for method in ("screen/viewWillAppear", "screen/viewDidAppear"):
        assert plugin.result(method, {"screen": screen}) is None


def test_example_handshake():
    plugin = Plugin(EXAMPLE)
    description = plugin.result("initialize", HOST)
    assert description["protocolVersion"] == 1
    assert description["name"] == "example-python"
    types = {t["name"]: t for t in description["screenTypes"]}
    assert sorted(types) == ["clock", "counter", "list"]
    counter = types["counter"]
    assert (counter["defaultTitle"], counter["icon"], counter["selectedIcon"]) == (
        "Counter", "○", "●")
    assert [c["name"] for c in counter["commands"]] == ["increment", "reset", "focus"]
    assert counter["commands"][0]["arguments"] == [{
        "name": "N", "kind": "integer", "optional": True, "variadic": False,
        "abstract": "how much (default 1)"}]
    assert counter["commands"][2]["arguments"][0]["choices"] == ["on", "off"]
    assert description["layouts"][0]["name"] == "python-demo"
    assert [t["type"] for t in description["layouts"][0]["tabs"]] == ["counter", "clock"]
    assert plugin.close() == 0


def test_example_refuses_another_protocol_version():
    plugin = Plugin(EXAMPLE)
    answer, _ = plugin.request("initialize", dict(HOST, protocolVersion=3))
    assert answer == {"error": {"code": -32001,
                                "message": "this plugin speaks protocol version 1 or 2, not 3"}}
    assert plugin.close() == 0


def test_example_counter_lifecycle():
    plugin = Plugin(EXAMPLE)
    plugin.result("initialize", HOST)
    assert plugin.result("screen/create", {"screen": "c", "type": "counter", "title": "Count",
                                           "parameters": {"start": "3"}}) is None
    lifecycle(plugin, "c", [("host/log", {"screen": "c",
                                          "message": "counter 'Count' loaded at 3"})])
    drawn = plugin.result("screen/draw", {"screen": "c", "width": 20, "height": 6})
    assert drawn == {"lines": ["", "", [{"text": "       Count", "bold": True}],
                               "      count: 3"]}, drawn

    def run(command, *arguments, notes=()):
        return plugin.result("screen/command", {"screen": "c", "command": command,
                                                "arguments": list(arguments), "options": {}},
                             notes)["output"]

    assert run("increment", 4, notes=[("host/setBadge", {"screen": "c", "value": "7"})]) == [
        "Count: 7"]
    assert run("increment", None, notes=[("host/setBadge", {"screen": "c", "value": "8"})]) == [
        "Count: 8"]
    assert run("increment", -8, notes=[("host/setBadge", {"screen": "c", "value": None})]) == [
        "Count: 0"]
    assert run("focus", None, notes=[("host/setHidesBar", {"screen": "c", "hides": True})]) == []
    assert run("focus", "off", notes=[("host/setHidesBar", {"screen": "c", "hides": False})]) == []
    assert run("reset", notes=[("host/setBadge", {"screen": "c", "value": None})]) == ["Count: 0"]
    answer, _ = plugin.request("screen/command", {"screen": "c", "command": "increment",
                                                  "arguments": [2**63 - 1], "options": {}})
    answer, _ = plugin.request("screen/command", {"screen": "c", "command": "increment",
                                                  "arguments": [1], "options": {}})
    assert answer == {"error": {"code": -32000, "message": "the count would overflow"}}, answer
    for method in ("screen/viewWillDisappear", "screen/viewDidDisappear"):
        assert plugin.result(method, {"screen": "c"}) is None
    plugin.notify("screen/deinit", {"screen": "c"})
    answer, _ = plugin.request("screen/draw", {"screen": "c", "width": 20, "height": 6})
    assert answer == {"error": {"code": -32002, "message": "no screen 'c'"}}, answer
    assert plugin.close() == 0


def test_example_refusals():
    plugin = Plugin(EXAMPLE)
    plugin.result("initialize", HOST)
    answer, _ = plugin.request("screen/create", {"screen": "c", "type": "counter", "title": "C",
                                                 "parameters": {"start": "x"}})
    assert answer == {"error": {"code": -32000, "message": "start 'x' is not a whole number"}}
    answer, _ = plugin.request("screen/create", {"screen": "c", "type": "nope", "title": "C",
                                                 "parameters": {}})
    assert answer == {"error": {"code": -32000, "message": "no screen type 'nope'"}}
    answer, _ = plugin.request("screen/rotate", {"screen": "c"})
    assert answer == {"error": {"code": -32601, "message": "unknown method 'screen/rotate'"}}
    plugin.result("screen/create", {"screen": "c", "type": "counter", "title": "C",
                                    "parameters": {}})
    answer, _ = plugin.request("screen/command", {"screen": "c", "command": "jump",
                                                  "arguments": [], "options": {}})
    assert answer == {"error": {"code": -32601, "message": "no command 'jump'"}}
    assert plugin.close() == 0


def started_clock():
    """The example's clock screen `clock`, made and shown."""
    plugin = Plugin(EXAMPLE)
    plugin.result("initialize", HOST)
    plugin.result("screen/create", {"screen": "clock", "type": "clock", "title": "Clock",
                                    "parameters": {}})
    lifecycle(plugin, "clock")
    return plugin


def test_example_clock_is_live():
    plugin = started_clock()
    # Nothing is asked: the clock's own timer sends these.
    seen = []
    for _ in range(4):
        message = plugin.read(timeout=5)
        assert message is not None, "the clock sent nothing by itself"
        seen.append(message["method"])
        if message["method"] == "host/setBadge":
            assert message["params"]["screen"] == "clock"
            assert len(message["params"]["value"]) == 2
    assert seen == ["host/setBadge", "host/setNeedsDisplay"] * 2, seen
    drawn = plugin.result("screen/draw", {"screen": "clock", "width": 30, "height": 4})
    assert drawn["lines"][-1].strip() in ("2 ticks", "3 ticks"), drawn
    plugin.notify("screen/deinit", {"screen": "clock"})
    assert plugin.close() == 0


def test_a_screen_the_host_says_failed_stops_its_timers():
    plugin = started_clock()
    first = [plugin.read(timeout=5) for _ in range(2)]
    assert [message["method"] for message in first] == ["host/setBadge", "host/setNeedsDisplay"]
    # The host put it into the error state (say its draw raised): the kit stops its timers, as
    # the shell stops a Swift screen's; nothing more comes by itself.
    plugin.notify("screen/failed", {"screen": "clock", "message": "draw failed: no"})
    assert plugin.read(timeout=2.5) is None
    # The screen is still the plugin's: its lifecycle goes on.
    assert plugin.result("screen/viewWillDisappear", {"screen": "clock"}) is None
    plugin.notify("screen/deinit", {"screen": "clock"})
    assert plugin.close() == 0


def test_sh_plugin():
    plugin = Plugin(HELLO)
    description = plugin.result("initialize", HOST)
    assert description["name"] == "hello-sh"
    assert description["screenTypes"][0]["commands"][0]["name"] == "greet"
    assert plugin.result("screen/create", {"screen": "h", "type": "hello", "title": "Hello",
                                           "parameters": {}}) is None
    lifecycle(plugin, "h")
    assert plugin.result("screen/draw", {"screen": "h", "width": 40, "height": 5}) == {
        "lines": ["Hello from sh", "(plugins/sh/hello.sh)"]}
    output = plugin.result("screen/command", {"screen": "h", "command": "greet",
                                              "arguments": ["moon"], "options": {}},
                           [("host/setBadge", {"screen": "h", "value": "hi"})])
    assert output == {"output": ["Hello, moon!"]}
    for method in ("screen/viewWillDisappear", "screen/viewDidDisappear"):
        assert plugin.result(method, {"screen": "h"}) is None
    plugin.notify("screen/deinit", {"screen": "h"})
    answer, _ = plugin.request("screen/rotate", {"screen": "h"})
    assert answer["error"]["code"] == -32601
    assert plugin.close() == 0


def test_sh_plugin_answers_version_one_to_this_tabshell():
    # A version-1 plugin reads "protocolVersion" only: this tabshell's offer still reads as 1.
    plugin = Plugin(HELLO)
    assert plugin.result("initialize", HOST2)["protocolVersion"] == 1
    assert plugin.close() == 0


def key(name):
    return {"kind": "key", "key": name}


def test_example_list_takes_input():
    plugin = Plugin(EXAMPLE)
    description = plugin.result("initialize", HOST2)
    assert description["protocolVersion"] == 2
    types = {t["name"]: t for t in description["screenTypes"]}
    assert types["list"]["takesInput"] is True and "takesInput" not in types["counter"]
    plugin.result("screen/create", {"screen": "l", "type": "list", "title": "Pick",
                                    "parameters": {"count": "30"}})
    lifecycle(plugin, "l")

    def handled(event, notes=()):
        return plugin.result("screen/input", {"screen": "l", "input": event}, notes)["handled"]

    def shown():
        """(the selected item's text, the rows shown, the cursor)."""
        drawn = plugin.result("screen/draw", {"screen": "l", "width": 20, "height": 6})
        selected = [line[0] for line in drawn["lines"][1:] if isinstance(line, list)]
        assert len(selected) == 1 and selected[0]["reverse"] is True, drawn
        rows = [line if isinstance(line, str) else line[0]["text"].rstrip()
                for line in drawn["lines"][1:]]
        return selected[0]["text"].strip(), rows, drawn["cursor"]

    assert shown() == ("Item 1", [f" Item {n}" for n in range(1, 6)], {"row": 1, "column": 0})
    assert handled(key("Down")) and handled(key("Down"))
    assert shown()[0] == "Item 3"
    assert handled(key("NPage"))  # 5 rows a page
    assert shown() == ("Item 8", [f" Item {n}" for n in range(4, 9)], {"row": 5, "column": 0})
    assert handled(key("PPage")) and shown()[0] == "Item 3"
    assert handled({"kind": "mouse", "action": "wheel-down", "button": 0, "column": 0, "row": 2,
                    "modifiers": []})
    assert shown()[:2] == ("Item 6", [f" Item {n}" for n in range(6, 11)])  # kept in view
    assert handled({"kind": "mouse", "action": "press", "button": 1, "column": 3, "row": 2,
                    "modifiers": ["shift"]})
    assert shown() == ("Item 7", [f" Item {n}" for n in range(6, 11)], {"row": 2, "column": 0})
    assert handled(key("Enter"), [("host/setBadge", {"screen": "l", "value": "7"})])
    assert not handled(key("x"))
    assert not handled({"kind": "text", "text": "hi", "paste": True})
    assert not handled({"kind": "focus", "focused": True})
    assert not handled({"kind": "someday", "what": 1})
    plugin.result("screen/create", {"screen": "c", "type": "counter", "title": "C",
                                    "parameters": {}})
    assert plugin.result("screen/input", {"screen": "c", "input": key("Up")}) == {"handled": False}
    answer, _ = plugin.request("screen/input", {"screen": "gone", "input": key("Up")})
    assert answer["error"]["code"] == -32002
    assert plugin.close() == 0


def test_kit_answers_version_one_with_version_one_drawings():
    # Under an older tabshell the list is drawn without its cursor (its spans' new members are
    # the host's to ignore), and it gets no input.
    plugin = Plugin(EXAMPLE)
    assert plugin.result("initialize", HOST)["protocolVersion"] == 1
    plugin.result("screen/create", {"screen": "l", "type": "list", "title": "Pick",
                                    "parameters": {}})
    lifecycle(plugin, "l")
    drawn = plugin.result("screen/draw", {"screen": "l", "width": 20, "height": 3})
    assert "cursor" not in drawn and len(drawn["lines"]) == 3
    assert plugin.close() == 0


def test_sh_plugin_refuses_another_protocol_version():
    plugin = Plugin(HELLO)
    answer, _ = plugin.request("initialize", dict(HOST, protocolVersion=2))
    assert answer["error"]["code"] == -32001, answer
    assert plugin.close() == 0


def test_template():
    plugin = Plugin(TEMPLATE)
    assert plugin.result("initialize", HOST)["screenTypes"][0]["name"] == "template"
    plugin.result("screen/create", {"screen": "t", "type": "template", "title": "Template",
                                    "parameters": {}})
    lifecycle(plugin, "t")
    output = plugin.result("screen/command", {"screen": "t", "command": "hello",
                                              "arguments": ["you"], "options": {}},
                           [("host/setBadge", {"screen": "t", "value": "1"})])
    assert output == {"output": ["hello, you"]}
    assert plugin.close() == 0



def test_template_takes_input_and_ticks():
    plugin = Plugin(TEMPLATE)
    description = plugin.result("initialize", HOST2)
    assert description["protocolVersion"] == 2 and description["screenTypes"][0]["takesInput"]
    plugin.result("screen/create", {"screen": "t", "type": "template", "title": "Template",
                                    "parameters": {}})
    lifecycle(plugin, "t")
    assert plugin.result("screen/input", {"screen": "t", "input": key("Enter")},
                         [("host/setBadge", {"screen": "t", "value": "1"})]) == {"handled": True}
    assert plugin.result("screen/input", {"screen": "t", "input": key("q")}) == {"handled": False}
    # Its timer draws it again every second, by itself.
    message = plugin.read(timeout=5)
    assert message == {"jsonrpc": "2.0", "method": "host/setNeedsDisplay",
                       "params": {"screen": "t"}}, message
    drawn = plugin.result("screen/draw", {"screen": "t", "width": 40, "height": 5})
    assert drawn["lines"][3][0]["dim"] is True and "up 1 s" in drawn["lines"][3][0]["text"]
    assert plugin.close() == 0

if __name__ == "__main__":
    sys.exit(testmain.run(globals(), None))
