"""The reference for scripts/bench: Python's `cmd` module running a navigation script on a bare
state machine with TabShell's rules (a tap selects a tab when it is in range; a swipe moves within
bounds). Prints nothing, or with a second argument the selected position at the end, for the bench
to compare with TabShell's; the bench times the whole process."""
import cmd
import sys


class Navigator(cmd.Cmd):
    """Tabs 1...count and a selection; `add-tab`, `tab N`, `swipe left|right`."""

    def __init__(self):
        super().__init__()
        self.count = 0
        self.selected = 0

    def do_add_tab(self, argument):
        self.count += 1
        if self.selected == 0:
            self.selected = 1

    def do_tab(self, argument):
        position = int(argument)
        if 1 <= position <= self.count:
            self.selected = position

    def do_swipe(self, argument):
        if argument == "left" and self.selected < self.count:
            self.selected += 1
        elif argument == "right" and self.selected > 1:
            self.selected -= 1

    def precmd(self, line):
        # `cmd` names handlers do_NAME; a dash is not allowed in NAME.
        return line.replace("-", "_", 1) if line.startswith("add-tab") else line


def main():
    navigator = Navigator()
    with open(sys.argv[1]) as script:
        for line in script:
            navigator.onecmd(navigator.precmd(line.rstrip("\n")))
    if len(sys.argv) > 2:
        print(navigator.selected)


if __name__ == "__main__":
    main()
