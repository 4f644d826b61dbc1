// The few C library calls Swift cannot make itself (variadic ones, and what a child does between
// `fork` and `exec`, where only async-signal-safe calls may run, and Unix sockets, whose addresses
// and credentials are C structures), each wrapped once, for TabShellPlatform only.
#ifndef TABSHELL_CPLATFORM_SHIM_H
#define TABSHELL_CPLATFORM_SHIM_H
#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/// The last `byte` in the `count` bytes at `bytes` (`memrchr`, which the C library's headers
/// declare only for _GNU_SOURCE), or NULL.
static inline const void *tabshell_last_byte(const void *bytes, int byte, size_t count) {
  extern void *memrchr(const void *bytes, int byte, size_t count);
  return memrchr(bytes, byte, count);
}

/// Makes the calling process the subreaper of its descendants (`PR_SET_CHILD_SUBREAPER`): a
/// process below it whose parent ends is given to it, not to init. 0, or -1 with `errno`.
static inline int tabshell_become_child_subreaper(void) {
  return prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0UL, 0UL, 0UL);
}

/// Asks for SIGKILL when the parent of the calling process ends (`PR_SET_PDEATHSIG`: when the
/// thread that forked it ends), and checks that `parent` is still that parent: it may have ended
/// before the request was made, which the request does not see. 0, or -1 when it has ended (the
/// caller should end at once) or the request failed.
static inline int tabshell_die_with_parent(pid_t parent) {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
  return getppid() == parent ? 0 : -1;
}

/// Closes every descriptor from 3 on except `keep`, in a child before `exec` (async-signal-safe).
static inline void tabshell_close_descriptors_except(int keep) {
#ifdef SYS_close_range
  if (keep > 3) syscall(SYS_close_range, 3U, (unsigned)keep - 1, 0U);
  if (syscall(SYS_close_range, (unsigned)keep + 1, ~0U, 0U) == 0) return;
#endif
  long last = sysconf(_SC_OPEN_MAX);
  if (last < 0 || last > 65536) last = 65536;
  for (int fd = 3; fd < last; fd++) {
    if (fd != keep) close(fd);
  }
}

/// In a child before `exec`: an empty signal mask and every signal at its default action
/// (async-signal-safe).
static inline void tabshell_child_default_signals(void) {
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  struct sigaction standard;
  standard.sa_handler = SIG_DFL;
  standard.sa_flags = 0;
  sigemptyset(&standard.sa_mask);
  for (int number = 1; number < NSIG; number++) sigaction(number, &standard, NULL);
}

/// In a child just forked with the report pipe `report`: closes its read end, asks to be killed
/// with `parent` (ending at once when that has ended already) and resets the signals.
static inline void tabshell_child_begin(int report[2], pid_t parent) {
  close(report[0]);
  if (tabshell_die_with_parent(parent) != 0) _exit(127);
  tabshell_child_default_signals();
}

/// After a fork that failed: closes the report pipe, sets `*error`, returns -1.
static inline int tabshell_fork_failed(int report[2], int *error) {
  *error = errno;
  close(report[0]);
  close(report[1]);
  return -1;
}

/// In a child that could not `exec`: writes `failure` (an `errno`) into the report pipe, exits.
static inline void tabshell_child_failed(int report, int failure) {
  ssize_t written;
  do written = write(report, &failure, sizeof failure);
  while (written < 0 && errno == EINTR);
  _exit(127);
}

/// In the parent, after the fork: waits until the child has `exec`ed (the report pipe, whose
/// write end `exec` closes, ends) or said why it could not; then the child is reaped and this
/// returns -1 with `*error` set. 0 when it started.
static inline int tabshell_child_started(int report[2], pid_t pid, int *error) {
  close(report[1]);
  int failure = 0;
  ssize_t count;
  do count = read(report[0], &failure, sizeof failure);
  while (count < 0 && errno == EINTR);
  close(report[0]);
  if (count != (ssize_t)sizeof failure) return 0;
  int status;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  *error = failure;
  return -1;
}

/// Starts `file` (searched in `envp`'s PATH when it has no `/`, as `execvpe` does) with `argv` and
/// `envp` in a new pseudo-terminal of `rows` × `columns` (`forkpty`): the child is the leader of a
/// session and a process group of its own, the terminal is its controlling terminal and its 0, 1
/// and 2, it runs in `directory` (when not NULL) with an empty signal mask and every signal at its
/// default action, and keeps no other descriptor; it is sent SIGKILL when this process ends
/// (`PR_SET_PDEATHSIG`: the thread that calls this must live as long as the child). Returns the
/// child's pid and sets `*master` to the terminal's other end (close-on-exec); -1 with `*error`
/// set (an `errno`) when it could not be started, `exec` included (the child, reaped, reports its
/// `errno` through a close-on-exec pipe).
static inline int tabshell_spawn_in_pseudo_terminal(
    const char *file, char *const argv[], char *const envp[], const char *directory,
    unsigned short rows, unsigned short columns, int *master, int *error) {
  int report[2];
  if (pipe2(report, O_CLOEXEC) < 0) {
    *error = errno;
    return -1;
  }
  struct winsize size = {rows, columns, 0, 0};
  int terminal = -1;
  pid_t parent = getpid();
  pid_t pid = forkpty(&terminal, NULL, NULL, &size);
  if (pid < 0) return tabshell_fork_failed(report, error);
  if (pid == 0) {
    // Killed with this process, even by SIGKILL, which leaves no time to hang up: a program that
    // ignores SIGHUP would outlive it.
    tabshell_child_begin(report, parent);
    tabshell_close_descriptors_except(report[1]);
    if (directory != NULL && chdir(directory) < 0) tabshell_child_failed(report[1], errno);
    execvpe(file, argv, envp);
    tabshell_child_failed(report[1], errno);
  }
  // Close-on-exec at once, not once the child has started: nothing started meanwhile inherits it.
  fcntl(terminal, F_SETFD, FD_CLOEXEC);
  if (tabshell_child_started(report, pid, error) != 0) {
    close(terminal);
    return -1;
  }
  fcntl(terminal, F_SETFL, fcntl(terminal, F_GETFL) | O_NONBLOCK);
  *master = terminal;
  return pid;
}

/// Starts `path` (no PATH search) with `argv` and `envp`, `input`, `output` and `errors` as its 0,
/// 1 and 2, in a process group of its own, with an empty signal mask and every signal at its
/// default action, keeping no other descriptor; it is sent SIGKILL when this process ends
/// (`PR_SET_PDEATHSIG`: the thread that calls this must live as long as the child). Returns the
/// child's pid; -1 with `*error` set (an `errno`) when it could not be started, `exec` included
/// (the child, reaped, reports its `errno` through a close-on-exec pipe).
static inline int tabshell_spawn(
    const char *path, char *const argv[], char *const envp[], int input, int output, int errors,
    int *error) {
  int report[2];
  if (pipe2(report, O_CLOEXEC) < 0) {
    *error = errno;
    return -1;
  }
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) return tabshell_fork_failed(report, error);
  if (pid == 0) {
    tabshell_child_begin(report, parent);
    setpgid(0, 0);
    // The three may be any descriptors, one another's numbers included: copied above 2 first.
    int moved[3] = {fcntl(input, F_DUPFD_CLOEXEC, 3), fcntl(output, F_DUPFD_CLOEXEC, 3),
                    fcntl(errors, F_DUPFD_CLOEXEC, 3)};
    for (int target = 0; target < 3; target++) {
      if (moved[target] < 0 || dup2(moved[target], target) < 0) {
        tabshell_child_failed(report[1], errno);
      }
    }
    tabshell_close_descriptors_except(report[1]);
    execve(path, argv, envp);
    tabshell_child_failed(report[1], errno);
  }
  if (tabshell_child_started(report, pid, error) != 0) return -1;
  // Its group at once too, so that a kill of the group right after this reaches it.
  setpgid(pid, pid);
  return pid;
}

/// Sets the size of the pseudo-terminal whose other end is `master` (`TIOCSWINSZ`): the kernel
/// sends SIGWINCH to its foreground process group. 0, or -1 with `errno`.
static inline int tabshell_set_terminal_size(int master, unsigned short rows, unsigned short columns) {
  struct winsize size = {rows, columns, 0, 0};
  return ioctl(master, TIOCSWINSZ, &size);
}

/// Fills `address` with the Unix socket address of `path`. 0, or -1 with `errno` `ENAMETOOLONG`
/// when the path does not fit.
static inline int tabshell_unix_address(const char *path, struct sockaddr_un *address) {
  memset(address, 0, sizeof *address);
  address->sun_family = AF_UNIX;
  size_t length = strlen(path);
  if (length >= sizeof address->sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  memcpy(address->sun_path, path, length + 1);
  return 0;
}

/// Binds a listening Unix stream socket at `path` (which must not exist), non-blocking and
/// close-on-exec, with mode 0600, set before it listens. Its folder is the user's own (0700): no
/// other user reaches it in between. (The umask is not set around `bind`: it is the process's, and
/// a file another thread made meanwhile, or a program it started, took 0177 from it.) Returns the
/// descriptor, or -1 with `errno` (`ENAMETOOLONG` for a path that a socket address cannot hold).
static inline int tabshell_listen_unix(const char *path, int backlog) {
  struct sockaddr_un address;
  if (tabshell_unix_address(path, &address) < 0) return -1;
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  if (chmod(path, 0600) < 0 || listen(fd, backlog) < 0) {
    int saved = errno;
    close(fd);
    unlink(path);
    errno = saved;
    return -1;
  }
  return fd;
}

/// Connects a Unix stream socket to `path` (close-on-exec; blocking once connected). Connecting to
/// a local socket does not wait for the server to accept, but for room in its queue of connections
/// not yet accepted: a server that is stopped, or busy for long, leaves it full, and a blocking
/// `connect` would wait forever. It is waited for here at most `timeout_ms` milliseconds (-1: no
/// limit). Returns the descriptor, or -1 with `errno` (`ECONNREFUSED` when no server listens
/// there: a stale socket; `EAGAIN` when the queue stayed full).
static inline int tabshell_connect_unix(const char *path, int timeout_ms) {
  struct sockaddr_un address;
  if (tabshell_unix_address(path, &address) < 0) return -1;
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) return -1;
  struct timespec start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (;;) {
    if (connect(fd, (struct sockaddr *)&address, sizeof address) == 0) break;
    if (errno == EINTR) continue;
    if (errno == EAGAIN) {
      struct timespec now;
      clock_gettime(CLOCK_MONOTONIC, &now);
      long elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
      if (timeout_ms < 0 || elapsed < timeout_ms) {
        struct timespec pause = {0, 10 * 1000 * 1000};
        nanosleep(&pause, NULL);
        continue;
      }
    }
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return fd;
}

/// Accepts one connection on `listener` (non-blocking and close-on-exec). Returns the descriptor,
/// or -1 with `errno` (`EAGAIN` when none waits).
static inline int tabshell_accept(int listener) {
  int fd;
  // Close-on-exec from the start: no program started meanwhile inherits it.
  do fd = accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
  while (fd < 0 && errno == EINTR);
  return fd;
}

/// The user id and pid of the process at the other end of the Unix socket `fd` (`SO_PEERCRED`,
/// as the kernel recorded them at `connect`/`listen`). 0, or -1 with `errno`.
static inline int tabshell_peer_credentials(int fd, unsigned *uid, int *pid) {
  // Linux's `struct ucred` (which <sys/socket.h> declares only with _GNU_SOURCE): its layout is
  // the kernel's.
  struct {
    pid_t pid;
    uid_t uid;
    gid_t gid;
  } credentials;
  socklen_t size = sizeof credentials;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) < 0) return -1;
  *uid = credentials.uid;
  *pid = credentials.pid;
  return 0;
}

/// The longest path a Unix socket's address holds, in bytes (without the final NUL).
static inline int tabshell_unix_path_limit(void) {
  struct sockaddr_un address;
  return (int)sizeof address.sun_path - 1;
}

/// Writes once to `fd` with `send(MSG_NOSIGNAL)`: a socket whose reader is gone fails with `EPIPE`
/// and raises no SIGPIPE. The count, or -1 with `errno`.
static inline long tabshell_send_once(int fd, const void *bytes, unsigned long count) {
  long sent;
  do sent = send(fd, bytes, count, MSG_NOSIGNAL);
  while (sent < 0 && errno == EINTR);
  return sent;
}

#endif
