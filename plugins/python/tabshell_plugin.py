"""tabshell_plugin: a TabShell screen in Python, standard library only.

A process plugin is a program that speaks JSON-RPC 2.0 with tabshell over its stdin and stdout,
one JSON message per line (protocol versions 1 and 2, docs/ProcessPlugins.md). This module speaks
it for you: subclass `Screen`, declare its commands with `@command`, and call `Plugin(...).run()`.

    from tabshell_plugin import Plugin, Screen, command, arg

    class Hello(Screen):
        name = "hello"                      # the screen type: add-tab hello
        summary = "says hello"

        def created(self):                  # a new screen; self.id, self.title, self.parameters
            self.greeted = 0

        def draw(self, width, height):      # the lines of a width x height region
            return [self.title, f"greeted {self.greeted} times"]

        @command(arg("WHO", optional=True), abstract="greet someone")
        def greet(self, who=None):
            self.greeted += 1
            self.host.set_badge(str(self.greeted))   # requests to the host, at any time
            return f"hello, {who or 'world'}"         # output lines: a string or a list

    Plugin("hello", screens=[Hello]).run()

A screen whose class sets `takes_input = True` gets keys, text, pastes, mouse events and the focus
in `handle_input(event)` (an `Input`), and returns whether it handled it; the host draws it again
after an input it handled. Spans take colours (`'#rrggbb'` or 0…255), a background and attributes;
`drawing(lines, cursor=(row, column))` places the cursor. `self.every(1.0, tick, redraw=True)` is
a timer that draws the screen again after each tick. All of it needs protocol version 2: with an
older tabshell (version 1) the kit answers in version 1, and the screen gets no input.

Anything raised in a callback or a command is the plugin's refusal: the host shows its message
(the command fails, the screen goes into its error state, a screen is not made). Raise
`PluginError("...")` for a message meant for the user; other exceptions also print their
traceback on stderr, which tabshell shows prefixed with the plugin's name. Never print to stdout:
it carries the protocol.
"""

import gc
import heapq
import itertools
import json
import os
import selectors
import sys
import time
import traceback

PROTOCOL_VERSIONS = (1, 2)
PROTOCOL_VERSION = PROTOCOL_VERSIONS[-1]  # the newest the kit speaks

# JSON-RPC error codes (docs/ProcessPlugins.md, "Errors").
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
FAILED = -32000
UNSUPPORTED_VERSION = -32001
UNKNOWN_SCREEN = -32002

KINDS = ("integer", "text", "choice", "tab", "screenType", "path")


class PluginError(Exception):
    """A refusal whose message the host shows to the user."""


def arg(name, kind="text", optional=False, variadic=False, abstract="", choices=None):
    """A positional argument of a command: NAME in usage, its kind (one of KINDS; an integer
    arrives as an int), whether it may be left out (then None) or takes every word left (a list)."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r} (one of {', '.join(KINDS)})")
    if choices is not None:
        kind = "choice"
    declaration = {"name": name, "kind": kind, "optional": optional, "variadic": variadic,
                   "abstract": abstract}
    if kind == "choice":
        declaration["choices"] = list(choices or [])
    return declaration


def option(name, kind=None, value_name=None, abstract="", choices=None):
    """An --option: a flag without a kind (True when given), else one that takes a value. The
    command's method gets it as a keyword argument: --dry-run becomes dry_run."""
    if not name.startswith("--"):
        raise ValueError(f"an option's name starts with '--': {name!r}")
    if choices is not None:
        kind = "choice"
    declaration = {"name": name, "abstract": abstract}
    if kind is not None:
        if kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r} (one of {', '.join(KINDS)})")
        declaration.update(kind=kind, valueName=value_name or "VALUE")
        if kind == "choice":
            declaration["choices"] = list(choices or [])
    return declaration


def command(*arguments, name=None, aliases=(), abstract="", discussion="", options=()):
    """Declares a method of a Screen subclass as a command of its screen type. The method gets
    the arguments in order (typed) and the options as keyword arguments, and returns its output:
    None, a string, or a list of strings."""
    def mark(method):
        method.tabshell_command = {
            "name": name or method.__name__.replace("_", "-"), "aliases": list(aliases),
            "abstract": abstract, "discussion": discussion, "arguments": list(arguments),
            "options": list(options)}
        return method
    return mark


def span(text, color=None, bold=False, background=None, dim=False, italic=False,
         underline=False, reverse=False, strike=False):
    """A styled run of text for a drawn line (a line may be a list of strings and spans). A
    colour is '#rrggbb' or a palette index 0…255 (0–7 the named colours, 8–15 their bright forms);
    background, dim, italic, underline, reverse and strike need protocol version 2 (an older
    tabshell shows the text without them)."""
    result = {"text": text}
    if color is not None:
        result["color"] = color
    if background is not None:
        result["background"] = background
    for name, flag in (("bold", bold), ("dim", dim), ("italic", italic),
                       ("underline", underline), ("reverse", reverse), ("strike", strike)):
        if flag:
            result[name] = True
    return result


def drawing(lines, background=None, cursor=None):
    """What draw() may return instead of its lines: the lines, a background for the whole region,
    and the cursor as (row, column) from the region's top-left (None hides it; version 2)."""
    result = {"lines": list(lines)}
    if background is not None:
        result["background"] = background
    if cursor is not None:
        row, column = cursor
        result["cursor"] = {"row": int(row), "column": int(column)}
    return result


_INPUT_MEMBERS = frozenset(("key", "text", "paste", "action", "button", "column", "row",
                            "modifiers", "focused", "width", "height"))


class Input:
    """One input to a screen that takes input (docs/ProcessPlugins.md, "Input"). `kind` says which
    of the other attributes are set:

      "key"     key: the key as tmux names it ("Up", "Enter", "PPage", "C-x", "a")
      "text"    text, paste (True when pasted)
      "mouse"   action ("press", "release", "drag", "wheel-up", "wheel-down"), button (1 left,
                2 middle, 3 right, 0 a wheel), column, row (from the region's top-left),
                modifiers (a list of "shift", "meta", "control")
      "focus"   focused: whether the screen has the focus from now on
      "resize"  width, height: the region's new size

    A kind the kit does not know keeps its members in `fields` (return False for it)."""

    __slots__ = ("fields", "kind")
    _DEFAULTS = {"paste": False, "modifiers": ()}

    def __init__(self, fields):
        self.fields = fields
        self.kind = fields.get("kind")

    def __getattr__(self, name):
        # Read from the message when asked (an input is handled in microseconds or not at all).
        if name in _INPUT_MEMBERS:
            return self.fields.get(name, self._DEFAULTS.get(name))
        raise AttributeError(name)

    def __repr__(self):
        members = ", ".join(f"{k}={v!r}" for k, v in self.fields.items() if k != "kind")
        return f"Input({self.kind}: {members})"


def centered(text, width):
    """The text with spaces before it that centre it in width columns (one column a character)."""
    return " " * max(0, (width - len(text)) // 2) + text


class Host:
    """A screen's requests to tabshell. They can be made at any time: from a callback, a command
    or a timer. They are sent as notifications; the host applies them after the command that is
    running, or at once when it is idle (docs/ProcessPlugins.md, "Requests to the host")."""

    def __init__(self, plugin, screen):
        self._plugin = plugin
        self._screen = screen

    def _send(self, method, **params):
        self._plugin.notify(method, {"screen": self._screen, **params})

    def set_badge(self, value):
        """Sets the badge of this screen's tab (None clears it)."""
        self._send("host/setBadge", value=None if value is None else str(value))

    def set_bar_hidden(self, hidden):
        """Hides or shows the tab bar."""
        self._send("host/setBarHidden", hidden=bool(hidden))

    def set_hides_bar(self, hides):
        """Hides the bar while this screen is on the selected tab's stack (as push --hides-bar)."""
        self._send("host/setHidesBar", hides=bool(hides))

    def select_tab(self, tab):
        """Selects a tab: a position, an id or a title."""
        self._send("host/selectTab", tab=str(tab))

    def push(self, type, title=None, hides_bar=False):
        """Pushes a new screen of a type onto the selected tab's stack."""
        params = {"type": type, "hidesBar": bool(hides_bar)}
        if title is not None:
            params["title"] = title
        self._send("host/push", **params)

    def present(self, type):
        """Presents a new screen of a type modally."""
        self._send("host/present", type=type)

    def dismiss(self):
        """Dismisses the presented screen."""
        self._send("host/dismiss")

    def log(self, message):
        """A line for the shell's event stream (seen with `trace on`)."""
        self._send("host/log", message=str(message))

    def set_needs_display(self):
        """This screen's content changed: the host draws it again if it is visible."""
        self._send("host/setNeedsDisplay")

    def set_title(self, title):
        """This screen's own title (its tab's when it is the root), unless it was given one."""
        self._send("host/setTitle", title=str(title))

    def bell(self):
        """Rings the bell: a `bell` event; the tab is marked until it is selected."""
        self._send("host/bell")

    def activity(self):
        """This screen's content changed while it is not visible: an `activity` event."""
        self._send("host/activity")

    def exited(self, status):
        """What this screen runs ended with `status`: an `exited` event (`$status`)."""
        self._send("host/exited", status=int(status))


class Timer:
    """A call that a plugin's loop makes later, once or every `interval` seconds."""

    def __init__(self, when, interval, callback):
        self.when, self.interval, self.callback = when, interval, callback
        self.cancelled = False

    def cancel(self):
        self.cancelled = True


class Screen:
    """One screen; subclass it for a screen type. Class attributes describe the type:

    name (required: lower-case letters, digits, '-'), summary, default_title, icon, selected_icon,
    options: option()s with a kind, the parameters a new screen takes (add-tab TYPE --start
    5), each checked by the shell against its kind ("parameters" in the protocol), and
    takes_input: whether its screens get input (handle_input; protocol version 2).

    A screen has self.id, self.title, self.parameters (from add-tab, strings) and self.host. Do
    not override __init__: set your state up in created(), which may raise to refuse the screen.
    Override the lifecycle methods you need (all do nothing by default) and draw()."""

    name = None
    summary = ""
    default_title = None
    icon = "•"
    selected_icon = None
    options = ()
    takes_input = False

    def __init__(self, plugin, id, title, parameters):
        self.plugin = plugin
        self.id = id
        self.title = title
        self.parameters = parameters
        self.host = Host(plugin, id)
        self._timers = []

    def created(self):
        """The screen is made (`init` in docs/Contract.md, "Lifecycle")."""

    def view_did_load(self):
        """Once, just before the screen first appears."""

    def view_will_appear(self):
        """It is about to become the visible screen."""

    def view_did_appear(self):
        """It is now the visible screen."""

    def view_will_disappear(self):
        """It is about to stop being the visible screen."""

    def view_did_disappear(self):
        """It is no longer the visible screen."""

    def deinit(self):
        """It left for good; its timers are cancelled after this."""

    def failed(self, message):
        """The host put it into the error state (one of its callbacks or draws raised, or its
        input failed): it shows message instead of its content. Its timers are cancelled after
        this, as a Swift screen's are; the lifecycle goes on, and timers set later run."""

    def draw(self, width, height):
        """The screen's lines for a region of width x height cells: a list of strings (or of
        lists of strings and span()s), or drawing(lines, background=..., cursor=(row, column)).
        The host clips each line to the width and drops lines past the height."""
        return []

    def handle_input(self, event):
        """One input (an Input: a key, text, a paste, a mouse event, the focus, a new size), when
        the class sets takes_input; returns whether it handled it. The host draws the screen again
        after an input it handled. Raising marks the screen as failed. Handles nothing by
        default."""
        return False

    def redraw(self):
        """Asks the host to draw this screen again (if visible): its content changed on its own."""
        self.host.set_needs_display()

    def every(self, seconds, callback, redraw=False):
        """Calls callback every `seconds` seconds until the screen leaves; returns its Timer. With
        redraw, the screen is drawn again after each call (host/setNeedsDisplay)."""
        timer = self.plugin.call_every(seconds, self._redrawing(callback) if redraw else callback)
        self._timers.append(timer)
        return timer

    def after(self, seconds, callback, redraw=False):
        """Calls callback once, `seconds` seconds from now, unless the screen has left. With
        redraw, the screen is drawn again after the call."""
        timer = self.plugin.call_later(seconds, self._redrawing(callback) if redraw else callback)
        self._timers.append(timer)
        return timer

    def _redrawing(self, callback):
        def call():
            try:
                callback()
            finally:
                self.redraw()
        return call

    @classmethod
    def description(cls):
        """The screen type as the protocol declares it."""
        commands = []
        for klass in reversed(cls.__mro__):
            for attribute in vars(klass).values():
                declaration = getattr(attribute, "tabshell_command", None)
                if declaration is not None:
                    commands = [c for c in commands if c["name"] != declaration["name"]]
                    commands.append(declaration)
        result = {"name": cls.name, "summary": cls.summary, "icon": cls.icon,
                  "selectedIcon": cls.selected_icon or cls.icon, "commands": commands}
        if cls.default_title is not None:
            result["defaultTitle"] = cls.default_title
        if cls.options:
            result["parameters"] = list(cls.options)
        if cls.takes_input:
            result["takesInput"] = True
        return result

    @classmethod
    def command_methods(cls):
        """Command name → method name. A class attribute that hides a command method of a base
        class (`count = 0` over `@command def count`) is refused with a TypeError that names both,
        instead of being called in its place."""
        methods = {}
        for klass in reversed(cls.__mro__):
            for key, attribute in vars(klass).items():
                declaration = getattr(attribute, "tabshell_command", None)
                if declaration is not None:
                    methods = {name: method for name, method in methods.items() if method != key}
                    methods[declaration["name"]] = key
                    for alias in declaration["aliases"]:
                        methods[alias] = key
                elif key in methods.values():
                    hidden = next(name for name, method in methods.items() if method == key)
                    raise TypeError(f"screen type '{cls.name}': {klass.__name__}.{key} hides the "
                                    f"command '{hidden}'; rename the attribute or the method")
        return methods


def layout(name, tabs, summary="", selected=None):
    """A layout: tabs as dicts with the options of add-tab (type, and optionally id, title,
    icon, selectedIcon, parameters); selected is the 1-based position selected at the end."""
    result = {"name": name, "summary": summary, "tabs": list(tabs)}
    if selected is not None:
        result["selected"] = selected
    return result


LIFECYCLE = {
    "screen/viewDidLoad": "view_did_load",
    "screen/viewWillAppear": "view_will_appear",
    "screen/viewDidAppear": "view_did_appear",
    "screen/viewWillDisappear": "view_will_disappear",
    "screen/viewDidDisappear": "view_did_disappear",
}


class Refusal(Exception):
    """An error answer with a code of the protocol's."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


class Plugin:
    """A process plugin: its name, its screen types (Screen subclasses) and layouts, and run(),
    the loop that speaks the protocol on stdin and stdout until the host closes stdin."""

    def __init__(self, name, screens=(), layouts=()):
        self.name = name
        self.types = {}
        for cls in screens:
            if not cls.name:
                raise ValueError(f"{cls.__name__} has no name")
            self.types[cls.name] = cls
        self.layouts = list(layouts)
        self.screens = {}
        self._timers = []
        self._sequence = itertools.count()
        self._output = []
        self._out = 1
        self._handlers = {
            "initialize": self._initialize,
            "screen/create": self._create,
            "screen/draw": self._draw,
            "screen/command": self._command,
            "screen/deinit": self._deinit,
            "screen/failed": self._failed,
            "screen/input": self._input,
        }
        self.version = PROTOCOL_VERSION
        for method, attribute in LIFECYCLE.items():
            self._handlers[method] = self._lifecycle(attribute)

    # Requests to the host and timers: usable at any time.

    def notify(self, method, params):
        """Sends a notification to the host (the Host methods use this)."""
        self._output.append(_line({"jsonrpc": "2.0", "method": method, "params": params}))

    def call_later(self, seconds, callback):
        """Calls callback once, `seconds` from now (while run() is running); returns a Timer."""
        return self._schedule(Timer(time.monotonic() + seconds, None, callback))

    def call_every(self, seconds, callback):
        """Calls callback every `seconds` (while run() is running); returns a Timer."""
        return self._schedule(Timer(time.monotonic() + seconds, seconds, callback))

    def _schedule(self, timer):
        heapq.heappush(self._timers, (timer.when, next(self._sequence), timer))
        return timer

    def _run_timers(self):
        now = time.monotonic()
        while self._timers and self._timers[0][0] <= now:
            _, _, timer = heapq.heappop(self._timers)
            if timer.cancelled:
                continue
            try:
                timer.callback()
            except Exception:
                traceback.print_exc(file=sys.stderr)
            if timer.interval and not timer.cancelled:
                timer.when = max(timer.when + timer.interval, now)
                self._schedule(timer)

    # The loop.

    def run(self):
        """Speaks the protocol until stdin ends, then returns. A stray print() goes to stderr."""
        source = sys.stdin.fileno()
        self._out = sys.stdout.fileno()
        sys.stdout = sys.stderr
        selector = selectors.DefaultSelector()
        selector.register(source, selectors.EVENT_READ)
        pending = b""
        while True:
            self._flush()
            if self._timers:
                timeout = max(0.0, self._timers[0][0] - time.monotonic())
                if not selector.select(timeout):
                    self._run_timers()
                    continue
            data = os.read(source, 65536)
            if not data:
                break
            pending += data
            if b"\n" in data:
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    if line.strip():
                        self._handle(line)
            self._run_timers()
        self._flush()

    def _flush(self):
        if not self._output:
            return
        data = b"".join(self._output)
        self._output.clear()
        try:
            while data:
                data = data[os.write(self._out, data):]
        except OSError:
            sys.exit(0)  # the host is gone

    def _handle(self, line):
        try:
            message = _decode(line.decode("utf-8"))
            method = message.get("method")
            id = message.get("id")
        except (ValueError, AttributeError):
            self._output.append(_line({"jsonrpc": "2.0", "id": None,
                                       "error": {"code": -32700, "message": "not a message"}}))
            return
        if method is None:
            return  # an answer to a request of ours; the kit sends notifications only
        handler = self._handlers.get(method)
        try:
            if handler is None:
                raise Refusal(METHOD_NOT_FOUND, f"unknown method '{method}'")
            result = handler(message.get("params") or {})
        except Refusal as refusal:
            error = {"code": refusal.code, "message": str(refusal)}
        except PluginError as refusal:
            error = {"code": FAILED, "message": str(refusal) or "failed"}
        except Exception as failure:
            traceback.print_exc(file=sys.stderr)
            error = {"code": FAILED, "message": f"{type(failure).__name__}: {failure}"}
        else:
            if id is None:
                return
            if type(id) is int and (result is None or result is HANDLED or result is IGNORED):
                # The answers sent most (callbacks, inputs) are written without json.dumps.
                plain = (_NULL if result is None else _HANDLED if result is HANDLED
                         else _IGNORED)
                self._output.append(plain % id)
            else:
                self._output.append(_line({"jsonrpc": "2.0", "id": id, "result": result}))
            return
        if id is not None:
            self._output.append(_line({"jsonrpc": "2.0", "id": id, "error": error}))

    # The host's requests.

    def _initialize(self, params):
        # The host offers every version it speaks (an older one only "protocolVersion"): the kit
        # chooses the newest it speaks too.
        offered = params.get("protocolVersions") or [params.get("protocolVersion")]
        common = [v for v in offered if type(v) is int and v in PROTOCOL_VERSIONS]
        if not common:
            shown = " or ".join(map(str, PROTOCOL_VERSIONS))
            raise Refusal(UNSUPPORTED_VERSION,
                          f"this plugin speaks protocol version {shown}, not "
                          f"{', '.join(map(str, offered))}")
        self.version = max(common)
        # What exists now lives as long as the plugin: keep the collector from scanning it again
        # and again (fewer pauses in the middle of an answer).
        gc.freeze()
        for cls in self.types.values():
            cls.command_methods()  # a class attribute that hides a command is refused here
        return {"protocolVersion": self.version, "name": self.name,
                "screenTypes": [cls.description() for cls in self.types.values()],
                "layouts": self.layouts}

    def _screen(self, params):
        screen = self.screens.get(params.get("screen"))
        if screen is None:
            raise Refusal(UNKNOWN_SCREEN, f"no screen '{params.get('screen')}'")
        return screen

    def _create(self, params):
        cls = self.types.get(params.get("type"))
        if cls is None:
            raise Refusal(FAILED, f"no screen type '{params.get('type')}'")
        identifier = params.get("screen")
        if identifier in self.screens:
            raise Refusal(FAILED, f"screen '{identifier}' exists already")
        screen = cls(self, identifier, params.get("title", ""), params.get("parameters") or {})
        screen.created()
        self.screens[identifier] = screen

    def _lifecycle(self, attribute):
        def call(params):
            getattr(self._screen(params), attribute)()
        return call

    def _deinit(self, params):
        screen = self.screens.pop(params.get("screen"), None)
        if screen is not None:
            try:
                screen.deinit()
            finally:
                for timer in screen._timers:
                    timer.cancel()

    def _failed(self, params):
        screen = self.screens.get(params.get("screen"))
        if screen is not None:
            try:
                screen.failed(params.get("message", ""))
            finally:
                for timer in screen._timers:
                    timer.cancel()
                screen._timers = []

    def _draw(self, params):
        drawn = self._screen(params).draw(params.get("width", 0), params.get("height", 0))
        drawn = drawn if isinstance(drawn, dict) else {"lines": list(drawn or [])}
        return drawn if self.version >= 2 else _version_one(drawn)

    def _input(self, params):
        screen = self._screen(params)
        if not type(screen).takes_input:
            return IGNORED
        return HANDLED if screen.handle_input(Input(params.get("input") or {})) else IGNORED

    def _command(self, params):
        screen = self._screen(params)
        name = params.get("command")
        method = type(screen).command_methods().get(name)
        if method is None:
            raise Refusal(METHOD_NOT_FOUND, f"no command '{name}'")
        options = {key.lstrip("-").replace("-", "_"): value
                   for key, value in (params.get("options") or {}).items()}
        function = getattr(screen, method)
        if getattr(function, "tabshell_command", None) is None:
            # An instance attribute of the method's name (`self.count = 0`) hides the command.
            raise Refusal(FAILED, f"the attribute '{method}' of screen '{params.get('screen')}' "
                                  f"hides the command '{name}'; rename the attribute or the method")
        output = function(*(params.get("arguments") or []), **options)
        if output is None:
            return {"output": []}
        if isinstance(output, str):
            return {"output": output.splitlines()}
        return {"output": [str(line) for line in output]}


_decode = json.JSONDecoder().decode  # json.loads less its checks (a line is bytes: UTF-8)


def _line(message):
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


# The results of screen/input, and the answers written without json.dumps.
HANDLED = {"handled": True}
IGNORED = {"handled": False}
_NULL = b'{"jsonrpc":"2.0","id":%d,"result":null}\n'
_HANDLED = b'{"jsonrpc":"2.0","id":%d,"result":{"handled":true}}\n'
_IGNORED = b'{"jsonrpc":"2.0","id":%d,"result":{"handled":false}}\n'


def _version_one(drawn):
    """A drawing as protocol version 1 has it: a colour given as an index is dropped (version 1
    takes '#rrggbb' only), and so is the cursor; other version-2 members are ignored by the
    host."""
    def plain(part):
        if isinstance(part, dict) and not isinstance(part.get("color", ""), str):
            return {k: v for k, v in part.items() if k != "color"}
        return part
    lines = [[plain(part) for part in line] if isinstance(line, list) else line
             for line in drawn.get("lines", [])]
    result = {k: v for k, v in drawn.items() if k not in ("lines", "cursor")}
    if not isinstance(result.get("background", ""), str):
        del result["background"]
    result["lines"] = lines
    return result


__all__ = ["Plugin", "Screen", "Host", "Timer", "Input", "PluginError", "arg", "option",
           "command", "span", "drawing", "centered", "layout", "PROTOCOL_VERSION",
           "PROTOCOL_VERSIONS"]
