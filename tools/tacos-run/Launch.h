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

/// Runs `argv` (argv[0] a path) in a session of its own, with `environment`
/// (NAME=VALUE) added to tacos-run's, stdin from /dev/null, stdout and
/// stderr inherited, and waits at most `timeoutSeconds` (0: no limit). On
/// timeout mpirun's group gets SIGTERM (mpirun then stops its ranks), and
/// SIGKILL if mpirun is still there five seconds later; likewise when
/// tacos-run is interrupted (installInterruptHandler). However mpirun ends,
/// whatever is left of its session, and any orphan of it (tacos-run makes
/// itself a child subreaper), is killed and reaped before this returns. If
/// tacos-run itself dies, mpirun gets SIGKILL (PR_SET_PDEATHSIG), and the
/// guardian kills what is left of its session. A failed exec is a
/// `startError`, told apart from mpirun's own exit codes. Call from the
/// main thread: the parent-death signal comes when the thread that started
/// mpirun ends.
LaunchStatus runWithTimeout(const std::vector<std::string> &argv,
                            const std::vector<std::string> &environment,
                            unsigned timeoutSeconds);

/// SIGINT, SIGTERM and SIGHUP no longer end tacos-run at once: the first
/// is recorded, passed on to the running mpirun's group as SIGTERM, and the
/// run ends through the normal clean-up (temporaries removed), after which
/// tacos-run ends by that signal (endByInterrupt). A second one kills
/// mpirun's group, lets the guardian stop what is left of the run and
/// remove the temporaries, and ends tacos-run by the signal at once. Call
/// once, before anything is started.
void installInterruptHandler();
/// The signal that interrupted the run, or 0.
int interruptSignal();

/// Starts the guardian: a process of its own (in a session of its own, and
/// no child of tacos-run's) that waits for tacos-run to end, however it
/// ends (SIGKILL included: it sees its socket to tacos-run close), then
/// kills what is left of mpirun's session and removes the directories it
/// was given (guardDirectory). Call first, before any thread or child
/// exists. Returns an error message, or "".
std::string startGuardian();
/// The guardian removes `path` (recursively) when tacos-run has ended,
/// unless tacos-run forgets it first (having removed it, or to keep it).
void guardDirectory(const std::string &path);
void forgetDirectory(const std::string &path);
/// The guardian deletes network namespace `name` (its name in /run/netns,
/// as `ip netns delete` does) when tacos-run has ended, unless tacos-run
/// forgets it first. Tell it before the namespace is made, so that no
/// moment exists where tacos-run could die and leave it.
void guardNamespace(const std::string &name);
void forgetNamespace(const std::string &name);
/// Deletes network namespace `name` (nothing if there is none): its name
/// goes, and the namespace with its interfaces once no process is in it.
void deleteNamespace(const std::string &name);
/// Removes `path` and everything in it: fifos too, which Open MPI's
/// session directory holds and llvm::sys::fs::remove_directories leaves.
void removeDirectory(const std::string &path);
/// Tells the guardian that tacos-run is done and waits until it has done
/// what was left (nothing, after a normal clean-up) and exited, so that no
/// process of the run outlives tacos-run.
void finishGuardian();
/// Ends tacos-run by `signal` (its default action), as a shell expects of
/// a program that a signal interrupted.
[[noreturn]] void endByInterrupt(int signal);

/// The number of cores mpirun would give slots for, at least 1.
unsigned availableCores();

} // namespace tacos::run

#endif // TACOS_TOOLS_TACOS_RUN_LAUNCH_H
