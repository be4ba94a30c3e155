//===- Launch.cpp - tacos-run: start mpirun and wait for it ---------------===//
//
// POSIX process control rather than llvm::sys::ExecuteAndWait: on a timeout
// the latter sends SIGKILL to mpirun, which then cannot stop its ranks, and
// ranks blocked in a receive would spin on. SIGTERM lets mpirun stop them
// (Open MPI puts every rank in a process group of its own); SIGKILL to
// mpirun's group is the last resort.
//
//===----------------------------------------------------------------------===//

#include "Launch.h"

#include "llvm/Support/Threading.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <sched.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace tacos::run;

/// Waits for `pid` until `deadline`; true if it ended (status in `status`).
static bool waitUntil(pid_t pid, std::chrono::steady_clock::time_point deadline,
                      bool limited, int &status) {
  while (true) {
    pid_t done = waitpid(pid, &status, limited ? WNOHANG : 0);
    if (done == pid)
      return true;
    if (done < 0 && errno != EINTR)
      return true;
    if (limited && std::chrono::steady_clock::now() >= deadline)
      return false;
    if (limited)
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
  pid_t pid = fork();
  if (pid < 0) {
    result.startError = std::string("fork failed: ") + std::strerror(errno);
    return result;
  }
  if (pid == 0) {
    setpgid(0, 0);
    execv(args[0], args.data());
    // 127 as a shell does: the program could not be started.
    _exit(127);
  }
  setpgid(pid, pid);
  auto start = std::chrono::steady_clock::now();
  int status = 0;
  bool limited = timeoutSeconds > 0;
  if (!waitUntil(pid, start + std::chrono::seconds(timeoutSeconds), limited,
                 status)) {
    result.timedOut = true;
    kill(-pid, SIGTERM);
    if (!waitUntil(pid,
                   std::chrono::steady_clock::now() + std::chrono::seconds(5),
                   true, status)) {
      kill(-pid, SIGKILL);
      waitUntil(pid, {}, false, status);
    }
    // Ranks that outlived mpirun.
    kill(-pid, SIGKILL);
    return result;
  }
  if (WIFEXITED(status)) {
    result.exitCode = WEXITSTATUS(status);
    if (result.exitCode == 127)
      result.startError = "cannot execute " + argv[0];
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
