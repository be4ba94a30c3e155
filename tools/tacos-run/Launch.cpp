//===- Launch.cpp - tacos-run: start mpirun and wait for it ---------------===//
//
// POSIX process control rather than llvm::sys::ExecuteAndWait: on a timeout
// the latter sends SIGKILL to mpirun, which then cannot stop its ranks, and
// ranks blocked in a receive would spin on. SIGTERM lets mpirun stop them;
// SIGKILL is the last resort. mpirun runs in a session of its own: Open MPI
// puts every rank in a process group of its own, but ranks stay in the
// session, and mpirun may exit before they do, so the session is what finds
// the ones left over. tacos-run is also a child subreaper (Linux): whatever
// mpirun leaves behind is re-parented to tacos-run rather than to init, so
// it can be killed and reaped before tacos-run returns, and no zombie of a
// rank outlives the run.
//
// SIGKILL cannot be caught, so what must not outlive tacos-run dies by
// itself: mpirun by its parent-death signal (its ranks end when they lose
// mpirun, as Open MPI's do), and the guardian, a process started before
// anything else that sees its socket to tacos-run close, kills what is left
// of mpirun's session and removes the run's directories (Open MPI's session
// directory and shared-memory segments are inside them).
//
//===----------------------------------------------------------------------===//

#include "Launch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Threading.h"

#include <atomic>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <ftw.h>
#include <chrono>
#include <csignal>
#include <cstring>
#include <sched.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <thread>
#include <unistd.h>

using namespace tacos::run;

// Read and written by the signal handler: lock-free atomics are
// async-signal-safe.
static std::atomic<int> receivedSignal{0};
static std::atomic<pid_t> runningGroup{0};
/// tacos-run's end of the socket to the guardian, or -1.
static std::atomic<int> guardianSocket{-1};
static_assert(std::atomic<int>::is_always_lock_free &&
              std::atomic<pid_t>::is_always_lock_free);

/// "tacos-run: error: interrupted by signal N again: ..." with write(2)
/// alone, as a signal handler may.
static void sayInterruptedAgain(int signal) {
  char digits[12];
  size_t n = 0;
  for (unsigned value = unsigned(signal); n == 0 || value; value /= 10)
    digits[n++] = char('0' + value % 10);
  char number[12];
  for (size_t i = 0; i < n; ++i)
    number[i] = digits[n - 1 - i];
  auto say = [](const char *text, size_t length) {
    ssize_t written = write(STDERR_FILENO, text, length);
    (void)written;
  };
  static const char before[] = "tacos-run: error: interrupted by signal ";
  static const char after[] = " again: mpirun and its ranks were killed\n";
  say(before, sizeof before - 1);
  say(number, n);
  say(after, sizeof after - 1);
}

static void onInterrupt(int signal) {
  int none = 0;
  if (receivedSignal.compare_exchange_strong(none, signal)) {
    if (pid_t group = runningGroup.load())
      kill(-group, SIGTERM);
    return;
  }
  // A second signal: whoever sent it will not wait for the clean stop.
  // The guardian kills what is left of the run and removes the
  // temporaries; then tacos-run ends by the signal.
  if (pid_t group = runningGroup.load())
    kill(-group, SIGKILL);
  finishGuardian();
  sayInterruptedAgain(signal);
  endByInterrupt(signal);
}

void tacos::run::installInterruptHandler() {
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  // A third signal waits until the second one's handler has ended the
  // process. No SA_RESTART, so that a blocking waitpid returns EINTR.
  sigemptyset(&action.sa_mask);
  for (int signal : {SIGINT, SIGTERM, SIGHUP})
    sigaddset(&action.sa_mask, signal);
  for (int signal : {SIGINT, SIGTERM, SIGHUP})
    sigaction(signal, &action, nullptr);
}

int tacos::run::interruptSignal() { return receivedSignal.load(); }

void tacos::run::endByInterrupt(int signal) {
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, nullptr);
  // Delivered at once; inside the signal's own handler, where it is
  // blocked, as soon as it is unblocked.
  raise(signal);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  sigprocmask(SIG_UNBLOCK, &set, nullptr);
  _exit(128 + signal);
}

/// Waits for `pid` until `deadline` (or an interrupt, if `interruptible`);
/// true if it ended (status in `status`).
static bool waitUntil(pid_t pid, std::chrono::steady_clock::time_point deadline,
                      bool limited, int &status, bool interruptible = false) {
  while (true) {
    pid_t done = waitpid(pid, &status, limited ? WNOHANG : 0);
    if (done == pid)
      return true;
    if (done < 0 && errno != EINTR)
      return true;
    if (interruptible && receivedSignal.load())
      return false;
    if (limited && std::chrono::steady_clock::now() >= deadline)
      return false;
    if (limited)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

/// The session of process `pid`, or -1, and its parent (from
/// /proc/PID/stat, whose second field, the command name in parentheses, may
/// itself contain spaces).
static pid_t sessionOf(pid_t pid, bool &zombie, pid_t &parentOut) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line))
    return -1;
  size_t close = line.rfind(')');
  if (close == std::string::npos)
    return -1;
  char state = 0;
  long parent = 0, group = 0, session = -1;
  if (std::sscanf(line.c_str() + close + 1, " %c %ld %ld %ld", &state,
                  &parent, &group, &session) != 4)
    return -1;
  zombie = state == 'Z';
  parentOut = pid_t(parent);
  return pid_t(session);
}

/// Reaps every child that has ended (orphans re-parented to tacos-run, the
/// subreaper); true if no child is left at all.
static bool reapChildren() {
  while (true) {
    int status = 0;
    pid_t done = waitpid(-1, &status, WNOHANG);
    if (done > 0)
      continue;
    return done < 0 && errno == ECHILD;
  }
}

/// Sends SIGKILL to every live process of session `session` and to every
/// child of this process (an orphan of mpirun's, re-parented to tacos-run,
/// that left the session); true if there was any.
static bool killRemaining(pid_t session) {
  bool any = false;
  pid_t self = getpid();
  if (DIR *proc = opendir("/proc")) {
    while (dirent *entry = readdir(proc)) {
      char *end = nullptr;
      long pid = std::strtol(entry->d_name, &end, 10);
      bool zombie = false;
      pid_t parent = 0;
      if (*end || pid <= 0 || pid == self)
        continue;
      pid_t inSession = sessionOf(pid_t(pid), zombie, parent);
      if ((inSession != session && parent != self) || zombie)
        continue;
      kill(pid_t(pid), SIGKILL);
      any = true;
    }
    closedir(proc);
  }
  return any;
}

/// Kills what is left of session `session`, and any process re-parented to
/// tacos-run, and waits (at most five seconds) until none of them runs,
/// reaping what is ours.
static void killSession(pid_t session) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < deadline) {
    bool anyLeft = killRemaining(session);
    bool noChildren = reapChildren();
    if (!anyLeft && noChildren)
      return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

//===----------------------------------------------------------------------===//
// The guardian
//===----------------------------------------------------------------------===//
//
// tacos-run tells it, over a stream socket, records of a letter, a text and
// a NUL:
//   D<path>  remove this directory once tacos-run has ended
//   F<path>  forget it (removed already, or to be kept)
//   N<name>  delete this network namespace once tacos-run has ended
//   G<name>  forget it (deleted already)
//   S<pid>   mpirun's session: kill what is left of it first
//   E        mpirun's session has ended
// and it acts when the socket closes: when tacos-run exits, is killed, or
// calls finishGuardian.

static void tellGuardian(char what, const std::string &text = "") {
  int socket = guardianSocket.load();
  if (socket < 0)
    return;
  std::string record = what + text;
  record.push_back('\0');
  const char *data = record.data();
  size_t left = record.size();
  while (left) {
    // MSG_NOSIGNAL: a guardian that is gone is no reason for SIGPIPE.
    ssize_t sent = send(socket, data, left, MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR)
      continue;
    if (sent <= 0)
      return;
    data += sent;
    left -= size_t(sent);
  }
}

void tacos::run::guardDirectory(const std::string &path) {
  tellGuardian('D', path);
}

void tacos::run::forgetDirectory(const std::string &path) {
  tellGuardian('F', path);
}

void tacos::run::guardNamespace(const std::string &name) {
  tellGuardian('N', name);
}

void tacos::run::forgetNamespace(const std::string &name) {
  tellGuardian('G', name);
}

void tacos::run::deleteNamespace(const std::string &name) {
  // What `ip netns delete` does: the name is a bind mount of the
  // namespace; without it and its last process the namespace ends, and
  // with it every interface inside (the far end of a veth pair too).
  std::string path = "/run/netns/" + name;
  umount2(path.c_str(), MNT_DETACH);
  unlink(path.c_str());
}

namespace {
/// What the guardian has been told.
struct Guarded {
  std::vector<std::string> directories, namespaces;
  pid_t session = 0;

  void apply(const std::string &record) {
    if (record.empty())
      return;
    std::string text = record.substr(1);
    switch (record[0]) {
    case 'D':
      directories.push_back(text);
      break;
    case 'F':
      llvm::erase(directories, text);
      break;
    case 'N':
      namespaces.push_back(text);
      break;
    case 'G':
      llvm::erase(namespaces, text);
      break;
    case 'S':
      session = pid_t(std::atol(text.c_str()));
      break;
    case 'E':
      session = 0;
      break;
    }
  }
};
} // namespace

void tacos::run::removeDirectory(const std::string &path) {
  nftw(
      path.c_str(),
      [](const char *entry, const struct stat *, int, struct FTW *) {
        remove(entry);
        return 0;
      },
      16, FTW_DEPTH | FTW_PHYS);
}

/// removeDirectory, again if something of the run wrote into it meanwhile
/// (the linker that tacos-run started may still be running), for about a
/// second at most.
static void removeDirectoryForGood(const std::string &path) {
  for (int attempt = 0; attempt < 50 && llvm::sys::fs::exists(path);
       ++attempt) {
    if (attempt)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    removeDirectory(path);
  }
}

[[noreturn]] static void guard(int socket) {
  Guarded guarded;
  std::string pending;
  char buffer[4096];
  while (true) {
    ssize_t got = read(socket, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      break;
    pending.append(buffer, size_t(got));
    for (size_t end; (end = pending.find('\0')) != std::string::npos;) {
      guarded.apply(pending.substr(0, end));
      pending.erase(0, end + 1);
    }
  }
  // mpirun's ranks may still write into the directories: first they go.
  if (guarded.session)
    killSession(guarded.session);
  for (const std::string &name : guarded.namespaces)
    deleteNamespace(name);
  for (const std::string &directory : guarded.directories)
    removeDirectoryForGood(directory);
  _exit(0);
}

/// The guardian's standard streams are /dev/null (it holds no pipe of
/// whoever started tacos-run open), and `socket` its only other file,
/// which it returns.
static int detachGuardian(int socket) {
  int moved = fcntl(socket, F_DUPFD, 10);
  int devNull = open("/dev/null", O_RDWR);
  for (int stream : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO})
    dup2(devNull, stream);
  int kept = STDERR_FILENO + 1;
  dup2(moved, kept);
#ifdef __linux__
  close_range(unsigned(kept) + 1, ~0U, 0);
#endif
  return kept;
}

std::string tacos::run::startGuardian() {
  int ends[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0)
    return std::string("socketpair failed: ") + std::strerror(errno);
  pid_t middle = fork();
  if (middle < 0) {
    close(ends[0]);
    close(ends[1]);
    return std::string("fork failed: ") + std::strerror(errno);
  }
  if (middle == 0) {
    // The guardian is the child of a process that exits at once, so it is
    // no child of tacos-run's (whose clean-up kills and reaps its
    // children), and in a session of its own, which signals for
    // tacos-run's process group or terminal (Ctrl-C) do not reach.
    close(ends[0]);
    setsid();
    pid_t guardian = fork();
    if (guardian == 0) {
      for (int signal : {SIGINT, SIGTERM, SIGHUP})
        std::signal(signal, SIG_DFL);
      guard(detachGuardian(ends[1]));
    }
    _exit(guardian < 0 ? 1 : 0);
  }
  close(ends[1]);
  int status = 0;
  while (waitpid(middle, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    close(ends[0]);
    return "fork failed";
  }
  guardianSocket.store(ends[0]);
  return "";
}

void tacos::run::finishGuardian() {
  // Once: from the end of main, or from the handler of a second signal.
  int socket = guardianSocket.exchange(-1);
  if (socket < 0)
    return;
  shutdown(socket, SHUT_WR);
  // The guardian writes nothing: the read ends when it has exited.
  char byte;
  ssize_t got;
  do
    got = read(socket, &byte, 1);
  while (got > 0 || (got < 0 && errno == EINTR));
  close(socket);
}

//===----------------------------------------------------------------------===//
// mpirun
//===----------------------------------------------------------------------===//

/// tacos-run's environment with `extra` (NAME=VALUE) added, each replacing
/// a variable of the same name.
static std::vector<std::string>
environmentWith(const std::vector<std::string> &extra) {
  auto nameOf = [](const std::string &entry) {
    return entry.substr(0, entry.find('='));
  };
  std::vector<std::string> result;
  for (char **entry = environ; *entry; ++entry) {
    std::string name = nameOf(*entry);
    if (llvm::none_of(extra, [&](const std::string &e) {
          return nameOf(e) == name;
        }))
      result.push_back(*entry);
  }
  result.insert(result.end(), extra.begin(), extra.end());
  return result;
}

LaunchStatus
tacos::run::runWithTimeout(const std::vector<std::string> &argv,
                           const std::vector<std::string> &environment,
                           unsigned timeoutSeconds) {
  LaunchStatus result;
  std::vector<char *> args, envp;
  for (const std::string &a : argv)
    args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
  std::vector<std::string> variables = environmentWith(environment);
  for (const std::string &v : variables)
    envp.push_back(const_cast<char *>(v.c_str()));
  envp.push_back(nullptr);
#ifdef __linux__
  // Orphans of mpirun's (ranks it did not wait for) become tacos-run's
  // children, which killSession kills and reaps.
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
  // The child reports a failed exec through a pipe that a successful one
  // closes (close-on-exec), so that any exit status of mpirun's own, 127
  // included, stays mpirun's.
  int execPipe[2];
  if (pipe2(execPipe, O_CLOEXEC) != 0) {
    result.startError = std::string("pipe failed: ") + std::strerror(errno);
    return result;
  }
  pid_t self = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    result.startError = std::string("fork failed: ") + std::strerror(errno);
    close(execPipe[0]);
    close(execPipe[1]);
    return result;
  }
  if (pid == 0) {
    setsid();
#ifdef __linux__
    // mpirun dies with tacos-run, even by SIGKILL, which no handler of
    // tacos-run's sees (the setting survives exec). If tacos-run died
    // before it was set, the parent is another already.
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    if (getppid() != self)
      _exit(127);
#endif
    // mpirun forwards its stdin to rank 0; the ranks read none, and a
    // terminal or a pipe left open must not keep anything waiting.
    int devNull = open("/dev/null", O_RDONLY);
    if (devNull >= 0 && devNull != STDIN_FILENO) {
      dup2(devNull, STDIN_FILENO);
      close(devNull);
    }
    execve(args[0], args.data(), envp.data());
    int error = errno;
    ssize_t written = write(execPipe[1], &error, sizeof error);
    (void)written;
    _exit(127);
  }
  close(execPipe[1]);
  tellGuardian('S', std::to_string(pid));
  runningGroup.store(pid);
  // However mpirun ends: what is left of its session goes, and the
  // guardian need not look for it any more.
  auto endSession = [&] {
    runningGroup.store(0);
    killSession(pid);
    tellGuardian('E');
  };
  int execError = 0;
  ssize_t got;
  do
    got = read(execPipe[0], &execError, sizeof execError);
  while (got < 0 && errno == EINTR);
  close(execPipe[0]);
  if (got == ssize_t(sizeof execError)) {
    int status = 0;
    waitUntil(pid, {}, false, status);
    result.startError =
        "cannot execute " + argv[0] + ": " + std::strerror(execError);
    endSession();
    return result;
  }
  auto start = std::chrono::steady_clock::now();
  int status = 0;
  bool limited = timeoutSeconds > 0;
  bool ended = !receivedSignal.load() &&
               waitUntil(pid, start + std::chrono::seconds(timeoutSeconds),
                         limited, status, /*interruptible=*/true);
  if (!ended) {
    result.interrupted = receivedSignal.load();
    result.timedOut = !result.interrupted;
    // ESRCH: the child has not made its session yet.
    if (kill(-pid, SIGTERM) != 0)
      kill(pid, SIGTERM);
    if (!waitUntil(pid,
                   std::chrono::steady_clock::now() + std::chrono::seconds(5),
                   true, status)) {
      if (kill(-pid, SIGKILL) != 0)
        kill(pid, SIGKILL);
      waitUntil(pid, {}, false, status);
    }
    endSession();
    return result;
  }
  // Ranks that outlived a failed mpirun.
  endSession();
  if (WIFEXITED(status)) {
    result.exitCode = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.exitCode = -1;
    result.signal = WTERMSIG(status);
  }
  return result;
}

unsigned tacos::run::availableCores() {
  // Open MPI gives one slot per core; hardware threads are not slots.
  int physical = llvm::get_physical_cores();
  cpu_set_t set;
  int allowed = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set)
                                                           : 0;
  unsigned cores = physical > 0 ? unsigned(physical) : 0;
  if (allowed > 0 && (cores == 0 || unsigned(allowed) < cores))
    cores = unsigned(allowed);
  return cores ? cores : 1;
}
