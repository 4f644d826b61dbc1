#!/usr/bin/env python3
"""The `template` screen type, as a process plugin in Python: `add-tab template` makes one.

Made by `scripts/new-plugin --python NAME`, with the kit, tabshell_plugin.py, which must stay
next to it. Load it with `tabshell --plugin ./template.py`; after an edit, `reload template` in
the shell starts it again. docs/PluginGuide.md has a walk-through, docs/ProcessPlugins.md the
protocol; the kit's docstrings say the rest.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from tabshell_plugin import Plugin, Screen, arg, centered, command, span  # noqa: E402


class TemplateScreen(Screen):
    """One screen. Each lifecycle method (view_did_load, view_will_appear, ...) does nothing
    unless you override it; one that raises marks the screen as failed, the shell goes on."""

    name = "template"
    summary = "says hello; 'hello [NAME]' greets someone, and so does Enter"
    default_title = "Template"
    icon = "◇"
    selected_icon = "◆"
    takes_input = True  # keys, text, pastes and clicks come to handle_input

    def created(self):
        self.greetings = 0
        self.seconds = 0
        # A timer: every second, then the screen is drawn again (redraw=True).
        self.every(1.0, self.tick, redraw=True)

    def tick(self):
        self.seconds += 1

    @command(arg("NAME", optional=True),
             abstract="greet NAME (default: world) and count it in the tab's badge")
    def hello(self, name=None):
        self.greetings += 1
        self.host.set_badge(str(self.greetings))
        return f"hello, {name or 'world'}"

    def handle_input(self, event):
        """A key (event.key: "Enter", "Up", "a"...), text, a paste, a click (event.row,
        event.column) or the focus; returns whether it was handled."""
        if event.kind == "key" and event.key == "Enter":
            self.hello()
            return True
        if event.kind == "mouse" and event.action == "press":
            self.hello()
            return True
        return False

    def draw(self, width, height):
        top = max(0, height // 2 - 1)
        return [""] * top + [
            [span(centered(self.title, width), bold=True)],
            [span(centered(f"{self.greetings} greetings", width), color=4)],
            [span(centered(f"up {self.seconds} s; Enter or a click greets", width), dim=True)],
        ]


if __name__ == "__main__":
    Plugin("template", screens=[TemplateScreen]).run()
