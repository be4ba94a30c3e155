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
//===----------------------------------------------------------------------===//

#include "Launch.h"

#include "llvm/Support/Threading.h"

#include <atomic>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <chrono>
#include <csignal>
#include <cstring>
#include <sched.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <thread>
#include <unistd.h>

using namespace tacos::run;

// Written by the signal handler: lock-free atomics are async-signal-safe.
static std::atomic<int> receivedSignal{0};
static std::atomic<pid_t> runningGroup{0};
static_assert(std::atomic<int>::is_always_lock_free &&
              std::atomic<pid_t>::is_always_lock_free);

static void onInterrupt(int signal) {
  receivedSignal.store(signal);
  if (pid_t group = runningGroup.load())
    kill(-group, SIGTERM);
}

void tacos::run::installInterruptHandler() {
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  // One-shot: a second signal ends tacos-run the default way. No
  // SA_RESTART, so that a blocking waitpid returns EINTR.
  action.sa_flags = SA_RESETHAND;
  for (int signal : {SIGINT, SIGTERM, SIGHUP})
    sigaction(signal, &action, nullptr);
}

int tacos::run::interruptSignal() { return receivedSignal.load(); }

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

/// Kills what is left of session `session`, and any process re-parented to
/// tacos-run (an orphan of mpirun's that left the session), and waits (at
/// most five seconds) until none of them runs, reaping what is ours.
static void killSession(pid_t session) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  pid_t self = getpid();
  while (std::chrono::steady_clock::now() < deadline) {
    bool anyLeft = false;
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
        anyLeft = true;
      }
      closedir(proc);
    }
    bool noChildren = reapChildren();
    if (!anyLeft && noChildren)
      return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

LaunchStatus tacos::run::runWithTimeout(const std::vector<std::string> &argv,
                                        unsigned timeoutSeconds) {
  LaunchStatus result;
  std::vector<char *> args;
  for (const std::string &a : argv)
    args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
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
  pid_t pid = fork();
  if (pid < 0) {
    result.startError = std::string("fork failed: ") + std::strerror(errno);
    close(execPipe[0]);
    close(execPipe[1]);
    return result;
  }
  if (pid == 0) {
    setsid();
    // mpirun forwards its stdin to rank 0; the ranks read none, and a
    // terminal or a pipe left open must not keep anything waiting.
    int devNull = open("/dev/null", O_RDONLY);
    if (devNull >= 0 && devNull != STDIN_FILENO) {
      dup2(devNull, STDIN_FILENO);
      close(devNull);
    }
    execv(args[0], args.data());
    int error = errno;
    ssize_t written = write(execPipe[1], &error, sizeof error);
    (void)written;
    _exit(127);
  }
  close(execPipe[1]);
  runningGroup.store(pid);
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
    runningGroup.store(0);
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
    runningGroup.store(0);
    killSession(pid);
    return result;
  }
  runningGroup.store(0);
  // Ranks that outlived a failed mpirun.
  killSession(pid);
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
