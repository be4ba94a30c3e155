//===- Launch.h - tacos-run: start mpirun and wait for it -------*- C++ -*-===//

#ifndef TACOS_TOOLS_TACOS_RUN_LAUNCH_H
#define TACOS_TOOLS_TACOS_RUN_LAUNCH_H

#include <string>
#include <vector>

namespace tacos::run {

struct LaunchStatus {
  /// Empty if the program started.
  std::string startError;
  bool timedOut = false;
  /// tacos-run got SIGINT, SIGTERM or SIGHUP while waiting (the signal).
  int interrupted = 0;
  /// The exit code, or -1 if a signal ended the program (`signal`).
  int exitCode = 0;
  int signal = 0;
};

/// Runs `argv` (argv[0] a path) in a session of its own, stdin from
/// /dev/null, stdout and stderr inherited, and waits at most
/// `timeoutSeconds` (0: no limit). On timeout mpirun's group gets SIGTERM
/// (mpirun then stops its ranks), and SIGKILL if mpirun is still there five
/// seconds later; likewise when tacos-run is interrupted
/// (installInterruptHandler). However mpirun ends, whatever is left of its
/// session, and any orphan of it (tacos-run makes itself a child subreaper),
/// is killed and reaped before this returns. A failed exec is a
/// `startError`, told apart from mpirun's own exit codes.
LaunchStatus runWithTimeout(const std::vector<std::string> &argv,
                            unsigned timeoutSeconds);

/// SIGINT, SIGTERM and SIGHUP no longer end tacos-run at once: the first
/// is recorded, passed on to the running mpirun's group as SIGTERM, and the
/// run ends through the normal clean-up (temporaries removed); a second one
/// ends the process. Call once, before anything is started.
void installInterruptHandler();
/// The signal that interrupted the run, or 0.
int interruptSignal();

/// The number of cores mpirun would give slots for, at least 1.
unsigned availableCores();

} // namespace tacos::run

#endif // TACOS_TOOLS_TACOS_RUN_LAUNCH_H
