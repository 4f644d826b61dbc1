#!/usr/bin/env python3
"""The example process plugin: what plugins/ExamplePlugin does, in Python, plus a live clock.

  counter   counts; `increment [N]` shows the count in the tab's badge, `reset` clears it,
            `focus [on|off]` hides the bar while the counter is visible.
  clock     shows the time and sets its tab's badge every second, without being asked.
  list      a scrolling list that takes input: Up/Down, PPage/NPage, Home/End, the wheel and a
            click move the selection (shown reversed, the cursor on it); Enter chooses it (the
            badge shows it); `choose N` does the same from a script.

    tabshell --plugin plugins/python/example_counter.py -c 'layout python-demo; show'
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from tabshell_plugin import (  # noqa: E402
    Plugin, PluginError, Screen, arg, centered, command, drawing, layout, option, span)

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
        self.every(1.0, self.tick, redraw=True)  # drawn again after each tick

    def tick(self):
        self.ticks += 1
        self.host.set_badge(time.strftime("%S"))

    def draw(self, width, height):
        top = max(0, height // 2 - 1)
        return [""] * top + [
            [span(centered(time.strftime("%H:%M:%S"), width), color="#007aff", bold=True)],
            centered(f"{self.ticks} ticks", width),
        ]


class List(Screen):
    """A screen that takes input: a list of --count items (default 100) under a title line, the
    selected one reversed with the cursor on it, scrolled to keep it in view."""

    name = "list"
    summary = "a scrolling list: arrows, PPage/NPage, the wheel and clicks select, Enter chooses"
    default_title = "List"
    icon = "☰"
    takes_input = True
    options = (option("--count", "integer", "N", "how many items (default 100)"),)

    MOVES = {"Up": -1, "Down": 1, "k": -1, "j": 1}

    def created(self):
        text = self.parameters.get("count", "100")
        try:
            count = int(text)
        except ValueError:
            raise PluginError(f"count '{text}' is not a whole number") from None
        self.items = [f"Item {n}" for n in range(1, max(0, count) + 1)]
        self.selected = 0
        self.top = 0          # the first item shown
        self.rows = 10        # items that fit, from the last draw
        self.chosen = None

    def handle_input(self, event):
        if not self.items:
            return False
        if event.kind == "key":
            step = self.MOVES.get(event.key)
            if step is None:
                step = {"PPage": -self.rows, "NPage": self.rows,
                        "Home": -len(self.items), "End": len(self.items)}.get(event.key)
            if step is not None:
                self.select(self.selected + step)
                return True
            if event.key == "Enter":
                self.choose(self.selected)
                return True
            return False
        if event.kind == "mouse":
            if event.action in ("wheel-up", "wheel-down"):
                self.scroll(-3 if event.action == "wheel-up" else 3)
                return True
            if event.action == "press" and event.button == 1 and event.row >= 1:
                index = self.top + event.row - 1
                if index < len(self.items):
                    self.select(index)
                    return True
            return False
        return False

    def select(self, index):
        self.selected = min(max(0, index), len(self.items) - 1)
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.rows:
            self.top = self.selected - self.rows + 1

    def scroll(self, lines):
        self.top = min(max(0, self.top + lines), max(0, len(self.items) - self.rows))
        self.selected = min(max(self.selected, self.top), self.top + self.rows - 1)

    def choose(self, index):
        self.chosen = self.items[index]
        self.host.set_badge(str(index + 1))

    @command(arg("N", "integer", abstract="the item's number"), name="choose",
             abstract="choose item N, as Enter on it would")
    def choose_item(self, number):
        if not 1 <= number <= len(self.items):
            raise PluginError(f"no item {number} (1 to {len(self.items)})")
        self.select(number - 1)
        self.choose(number - 1)
        return f"chose {self.chosen}"

    def draw(self, width, height):
        self.rows = max(1, height - 1)
        self.select(self.selected)  # the region may have shrunk
        status = f" chose {self.chosen}" if self.chosen else " ↑↓ PgUp PgDn, Enter chooses"
        lines = [[span(f"{self.title} ({self.selected + 1}/{len(self.items)})", bold=True),
                  span(status, dim=True)]]
        for index in range(self.top, min(len(self.items), self.top + self.rows)):
            text = f" {self.items[index]}".ljust(width)
            if index == self.selected:
                # Reversed, so that it shows without colour too (NO_COLOR keeps attributes).
                lines.append([span(text, reverse=True, bold=True)])
            else:
                lines.append(text.rstrip())
        cursor = (self.selected - self.top + 1, 0) if self.items else None
        return drawing(lines, cursor=cursor)


if __name__ == "__main__":
    Plugin(
        "example-python",
        screens=[Counter, Clock, List],
        layouts=[layout("python-demo", [
            {"type": "counter", "id": "count", "title": "Count"},
            {"type": "clock", "id": "clock"},
        ], summary="a counter and a live clock, from a Python plugin")],
    ).run()
