// `tabshell`: the front executable. It runs no Swift and loads no library of its own, so that it
// costs next to nothing before the executable that does the work, found in its own folder (links
// followed: an installed bin/tabshell finds lib/tabshell/...) and run in this process (`execv`)
// with the same arguments:
//   tabshell-client  the session commands (SESSION_COMMANDS below, which must be the names
//                    TabShellSessions declares: SessionFrontTests checks it): a small executable
//                    with the Swift runtime linked in, as fast to start as tmux;
//   tabshell-host    everything else: the shell, its REPL, scripts and plugins.
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define SESSION_COMMANDS "attach", "send", "sessions", "kill-session"

int main(int argc, char *argv[]) {
  static const char *const sessionCommands[] = {SESSION_COMMANDS};
  const char *name = "tabshell-host";
  for (size_t i = 0; argc > 1 && i < sizeof sessionCommands / sizeof *sessionCommands; i++) {
    if (strcmp(argv[1], sessionCommands[i]) == 0) name = "tabshell-client";
  }
  char path[PATH_MAX];
  ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
  if (length < 0) length = 0;
  path[length] = '\0';
  char *slash = strrchr(path, '/');
  size_t folder = slash ? (size_t)(slash - path) + 1 : 0;
  if (folder + strlen(name) + 1 > sizeof path) {
    fprintf(stderr, "error: the path of tabshell is too long\n");
    return 127;
  }
  strcpy(path + folder, name);
  execv(path, argv);
  fprintf(stderr, "error: cannot run '%s': %s\n", path, strerror(errno));
  return 127;
}
