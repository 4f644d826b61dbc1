#!/usr/bin/env python3
"""A small curses menu, the program examples/curses-menu.tabsh tests: the arrows move the highlight
(a click picks an item), Enter chooses, q quits."""

import curses

ITEMS = ["Coffee", "Tea", "Water", "Quit"]


def main(screen):
    curses.curs_set(0)
    curses.mousemask(curses.ALL_MOUSE_EVENTS)
    curses.use_default_colors()
    curses.init_pair(1, curses.COLOR_GREEN, -1)
    chosen, current = None, 0
    while True:
        screen.erase()
        screen.addstr(0, 0, "Choose a drink:", curses.A_BOLD)
        for index, item in enumerate(ITEMS):
            screen.addstr(2 + index, 2, f" {item} ", curses.A_REVERSE if index == current else 0)
        if chosen is not None:
            screen.addstr(7, 0, f"You chose {ITEMS[chosen]}", curses.color_pair(1))
        screen.refresh()
        key = screen.getch()
        if key == curses.KEY_UP:
            current = (current - 1) % len(ITEMS)
        elif key == curses.KEY_DOWN:
            current = (current + 1) % len(ITEMS)
        elif key == curses.KEY_MOUSE:
            _, _, row, _, _ = curses.getmouse()
            if 2 <= row < 2 + len(ITEMS):
                current = row - 2
                chosen = current
        elif key in (10, 13):
            chosen = current
        elif key == ord("q"):
            return
        if chosen is not None and ITEMS[chosen] == "Quit":
            return


curses.wrapper(main)
