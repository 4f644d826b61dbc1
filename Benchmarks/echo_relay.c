// The floor under a terminal multiplexer's key-to-echo time (docs/Performance.md, "A fifth pass"):
// a relay that starts `cat` on a pseudo-terminal, writes each key it reads from its own terminal
// to `cat`'s, and writes each echo back with a cursor move, nothing else. Not part of
// scripts/bench; to compare by hand:
//   cc -O2 -o /tmp/echo_relay Benchmarks/echo_relay.c -lutil
// then run it on a pseudo-terminal as term_bench.echo runs TabShell and tmux (Ctrl-D ends it).
#define _GNU_SOURCE
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

int main(void) {
  struct termios saved;
  tcgetattr(0, &saved);
  struct termios raw = saved;
  cfmakeraw(&raw);
  tcsetattr(0, TCSANOW, &raw);
  int program;
  pid_t child = forkpty(&program, NULL, NULL, NULL);
  if (child == 0) {
    execlp("cat", "cat", (char *)NULL);
    _exit(127);
  }
  char buffer[4096];
  char frame[4200];
  int column = 1;
  for (;;) {
    struct pollfd watched[2] = {{0, POLLIN, 0}, {program, POLLIN, 0}};
    if (poll(watched, 2, -1) < 0) continue;
    if (watched[0].revents & POLLIN) {
      ssize_t count = read(0, buffer, sizeof buffer);
      if (count <= 0 || buffer[0] == 4) break;
      if (write(program, buffer, (size_t)count) < 0) break;
    }
    if (watched[1].revents & (POLLIN | POLLHUP)) {
      ssize_t count = read(program, buffer, sizeof buffer);
      if (count <= 0) break;
      int length = snprintf(frame, sizeof frame, "\x1b[2;%dH", column);
      memcpy(frame + length, buffer, (size_t)count);
      column = column % 70 + 1;
      if (write(1, frame, (size_t)(length + count)) < 0) break;
    }
  }
  tcsetattr(0, TCSANOW, &saved);
  return 0;
}
