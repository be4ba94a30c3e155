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
  /// The exit code, or -1 if a signal ended the program (`signal`).
  int exitCode = 0;
  int signal = 0;
};

/// Runs `argv` (argv[0] a path) in its own process group, standard streams
/// inherited, and waits at most `timeoutSeconds` (0: no limit). On timeout
/// the group gets SIGTERM (mpirun then stops its ranks), and SIGKILL if
/// mpirun is still there five seconds later.
LaunchStatus runWithTimeout(const std::vector<std::string> &argv,
                            unsigned timeoutSeconds);

/// The number of cores mpirun would give slots for, at least 1.
unsigned availableCores();

} // namespace tacos::run

#endif // TACOS_TOOLS_TACOS_RUN_LAUNCH_H
