#!/usr/bin/env python3
"""The example process plugin: what plugins/ExamplePlugin does, in Python, plus a live clock.

  counter   counts; `increment [N]` shows the count in the tab's badge, `reset` clears it,
            `focus [on|off]` hides the bar while the counter is visible.
  clock     shows the time and sets its tab's badge every second, without being asked.

    tabshell --plugin plugins/python/example_counter.py -c 'layout python-demo; show'
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from tabshell_plugin import (  # noqa: E402
    Plugin, PluginError, Screen, arg, centered, command, layout, option, span)

INT_MAX = 2**63 - 1


class Counter(Screen):
    """One counter. Its state is its own; it tells the host about it through self.host."""

    name = "counter"
    summary = "counts; 'increment [N]' shows the count in the tab's badge"
    default_title = "Counter"
    icon = "○"
    selected_icon = "●"
    options = (option("--start", "integer", "N", "the count to start at (default 0)"),)

    def created(self):
        text = self.parameters.get("start", "0")
        try:
            self.count = int(text)
        except ValueError:
            raise PluginError(f"start '{text}' is not a whole number") from None
        self.focused = False

    def view_did_load(self):
        self.host.log(f"counter '{self.title}' loaded at {self.count}")

    @command(arg("N", "integer", optional=True, abstract="how much (default 1)"),
             abstract="add N to the counter and show it in the tab's badge")
    def increment(self, step=None):
        total = self.count + (1 if step is None else step)
        if not -INT_MAX - 1 <= total <= INT_MAX:
            raise PluginError("the count would overflow")
        self.count = total
        self.host.set_badge(None if total == 0 else str(total))
        return f"{self.title}: {self.count}"

    @command(abstract="set the counter back to zero and clear the badge")
    def reset(self):
        self.count = 0
        self.host.set_badge(None)
        return f"{self.title}: 0"

    @command(arg("on|off", choices=["on", "off"], optional=True),
             abstract="hide the tab bar while counting ('focus off' shows it again)")
    def focus(self, state=None):
        self.focused = state != "off"
        self.host.set_hides_bar(self.focused)

    def draw(self, width, height):
        top = max(0, height // 2 - 1)
        return [""] * top + [
            [span(centered(self.title, width), bold=True)],
            centered(f"count: {self.count}", width),
        ]


class Clock(Screen):
    """A live screen: every second it sets its tab's badge and asks to be drawn again."""

    name = "clock"
    summary = "the time; sets its tab's badge every second"
    default_title = "Clock"
    icon = "◷"

    def created(self):
        self.ticks = 0
        self.every(1.0, self.tick)

    def tick(self):
        self.ticks += 1
        self.host.set_badge(time.strftime("%S"))
        self.host.set_needs_display()

    def draw(self, width, height):
        top = max(0, height // 2 - 1)
        return [""] * top + [
            [span(centered(time.strftime("%H:%M:%S"), width), color="#007aff", bold=True)],
            centered(f"{self.ticks} ticks", width),
        ]


if __name__ == "__main__":
    Plugin(
        "example-python",
        screens=[Counter, Clock],
        layouts=[layout("python-demo", [
            {"type": "counter", "id": "count", "title": "Count"},
            {"type": "clock", "id": "clock"},
        ], summary="a counter and a live clock, from a Python plugin")],
    ).run()
