"""The second reference for scripts/bench: a plain Python loop (no `cmd` module) running a
navigation script on a bare state machine with TabShell's rules (a tap selects a tab when it is in
range; a swipe moves within bounds). Prints nothing, or with a second argument the selected
position at the end, for the bench to compare with TabShell's; the bench times the whole process."""
import sys


def main():
    count = 0
    selected = 0
    with open(sys.argv[1]) as script:
        for line in script:
            words = line.split()
            if not words:
                continue
            if words[0] == "tab":
                position = int(words[1])
                if 1 <= position <= count:
                    selected = position
            elif words[0] == "swipe":
                if words[1] == "left" and selected < count:
                    selected += 1
                elif words[1] == "right" and selected > 1:
                    selected -= 1
            elif words[0] == "add-tab":
                count += 1
                if selected == 0:
                    selected = 1
    if len(sys.argv) > 2:
        print(selected)


if __name__ == "__main__":
    main()
