//===- Emulate.h - tacos-run --emulate: a cluster in namespaces -*- C++ -*-===//
//
// Builds the cluster a TestbedPlan describes on this machine and takes it
// down again. Every host (NPU) and every switch is a network namespace
// named PREFIX-h<npu> / PREFIX-s<j>; a wire is a veth pair whose ends are
// created inside their namespaces, each end shaped by tbf at its
// direction's rate; a switch is a bridge whose ports are those ends. A
// control namespace PREFIX-ctl holds an unshaped management bridge with a
// port to every host: mpirun runs there, Open MPI's out-of-band traffic
// goes over it, and its data goes over the wires (each host's data address
// is a /32 on a port-less bridge, routed over the wires). Nothing is made
// in the machine's own namespace: deleting the namespaces deletes every
// interface, and the guardian deletes them if tacos-run is killed.
// ../shared/reference/EMULATION.md has the measurements behind the
// settings (docs/Emulation.md describes them).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TOOLS_TACOS_RUN_EMULATE_H
#define TACOS_TOOLS_TACOS_RUN_EMULATE_H

#include "Testbed.h"

#include <optional>
#include <string>
#include <vector>

namespace tacos::run {

/// Why this process cannot emulate a cluster (not root, no network
/// namespaces, a program missing), or "".
std::string checkEmulationPossible();

class Emulation {
public:
  /// `prefix` starts every namespace's name; `directory` receives the
  /// hostfile, the hosts file, the launch agent and the command batches.
  Emulation(const TestbedPlan &plan, std::string prefix,
            std::string directory);
  /// Deletes every namespace it made.
  ~Emulation();
  Emulation(const Emulation &) = delete;
  Emulation &operator=(const Emulation &) = delete;

  /// Makes the cluster; returns an error message, or "". `warning` gets
  /// what did not stop it (a TCP setting a kernel refused).
  std::string create(std::string &warning);
  /// Deletes the namespaces (the destructor does it too).
  void destroy();

  /// The namespace (and host name) of NPU `npu`.
  std::string hostName(NodeId npu) const;
  const std::string &hostfile() const { return hostfilePath; }
  /// What starts mpirun inside the control namespace, before its path.
  std::vector<std::string> launchPrefix() const;
  /// mpirun's options for the emulated hosts (after the hostfile).
  std::vector<std::string> mpirunArguments() const;
  /// Environment mpirun and the daemons it starts on the hosts need.
  std::vector<std::string> environment() const;

  /// Bytes sent so far on each direction of each wire (entry 2w: a -> b,
  /// 2w + 1: b -> a), or nothing and `error`.
  std::optional<std::vector<uint64_t>> readCounters(std::string &error) const;

private:
  std::string namespaceOf(NodeId node) const;
  /// The name of a wire's end towards node `to`, inside the namespace of
  /// the node at the other end.
  std::string endToward(NodeId to) const;
  std::string writeFiles();
  std::string makeNamespaces(std::string &warning);
  std::string makeWires();
  std::string configure();

  const TestbedPlan &plan;
  std::string prefix, directory, hostfilePath, hostsPath, agentPath;
  std::string ipPath, tcPath, sysctlPath, unsharePath;
  std::vector<std::string> made;
};

} // namespace tacos::run

#endif // TACOS_TOOLS_TACOS_RUN_EMULATE_H
