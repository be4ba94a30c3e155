//===- Baselines.cpp - Classic collective algorithms ----------------------===//
//
// The entry points of Baselines.h: what applies where, the memory
// estimate, and the dispatch to the algorithms (BaselineAlgorithms.h),
// which emit on a Builder (BaselineBuilder.h).
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/Baselines.h"
#include "BaselineAlgorithms.h"
#include "HopSample.h"
#include "tacos/Simulation/Simulator.h"

#include <cmath>

namespace tacos {

const char *baselineName(Baseline baseline) {
  switch (baseline) {
  case Baseline::Ring:
    return "ring";
  case Baseline::Direct:
    return "direct";
  case Baseline::RHD:
    return "rhd";
  case Baseline::DBT:
    return "dbt";
  case Baseline::Hierarchical:
    return "hierarchical";
  }
  return "unknown";
}

/// Hops each baseline emits for the non-combining problem `shape`: its
/// logical block sends (as the algorithms emit them) times the chunks of a
/// block times the hops a send takes between the ranks it pairs. A
/// combining collective emits what its dual would (All-Reduce twice).
static double emittedHops(Baseline baseline, const ProblemShape &shape,
                          const HopSample &hops) {
  double g = shape.participants;
  if (g < 2)
    return 0;
  double blocks = shape.kind == CollectiveKind::Broadcast ? 1
                  : shape.kind == CollectiveKind::AllToAll ? g * g
                                                           : g;
  double k = shape.chunks / blocks, rounds = std::ceil(std::log2(g));
  CollectiveKind kind = shape.kind;
  bool rooted = kind == CollectiveKind::Broadcast ||
                kind == CollectiveKind::Scatter ||
                kind == CollectiveKind::Gather;
  bool oneToAll = kind == CollectiveKind::AllGather ||
                  kind == CollectiveKind::Broadcast;
  double perChunk = kind == CollectiveKind::AllGather ? g : 1;
  switch (baseline) {
  case Baseline::Ring:
  case Baseline::Hierarchical:
    // Hierarchical: N-1 steps along the rail and L-1 inside each of N
    // nodes per chunk, g - 1 in all; paths like a ring's.
    if (oneToAll)
      return perChunk * (g - 1) * k * hops.next;
    if (kind == CollectiveKind::AllToAll)
      return g * k * (g - 1) * g / 2 * hops.next;
    return k * g * (g - 1) / 2 * hops.next; // Scatter, Gather
  case Baseline::Direct:
    return rooted ? (g - 1) * k * hops.fromRoot : g * (g - 1) * k * hops.mean;
  case Baseline::RHD:
    if (kind == CollectiveKind::AllGather)
      return g * (g - 1) * k * hops.xorWeighted;
    if (kind == CollectiveKind::AllToAll)
      return rounds * g * g / 2 * k * hops.xorWeighted;
    if (kind == CollectiveKind::Broadcast)
      return (g - 1) * k * hops.xorWeighted;
    return rounds * g / 2 * k * hops.xorWeighted; // Scatter, Gather
  case Baseline::DBT:
    // Every chunk climbs to the root (at most the trees' depth) and goes
    // down to every rank, over tree edges: half of them join ranks that
    // differ in bit 0, a quarter in bit 1, ... Other chunks take one tree
    // path (at most twice the depth).
    if (oneToAll)
      return shape.chunks * (g - 1 + rounds) * hops.xorByEdges;
    return shape.chunks * 2 * rounds * hops.xorByEdges;
  }
  return 0;
}

MemoryEstimate estimateBaseline(Baseline baseline, const Network &network,
                                const CollectiveSpec &spec,
                                const ProblemShape &shape,
                                double *transfersOut) {
  std::vector<uint32_t> participants = spec.participantIds(network.numNpus());
  std::optional<uint32_t> root;
  if (spec.root)
    root = uint32_t(*spec.root);
  HopSample hops = sampleHops(network, participants, root);
  double emitted = emittedHops(baseline, shape, hops);
  double transfers = emitted;
  if (isCombining(spec.kind)) {
    // Folded into a tree per chunk (BaselineBuilder.h), whatever the
    // baseline: each NPU sends each chunk's partial once and receives its
    // result once, about g - 1 transfers per chunk and phase, times the
    // hops that join a member to its nearest other.
    double phases = spec.kind == CollectiveKind::AllReduce ? 2 : 1;
    emitted *= phases;
    transfers = std::min(emitted, phases * shape.chunks *
                                      std::max(0.0, shape.participants - 1) *
                                      hops.nearest);
  }
  if (transfersOut)
    *transfersOut = transfers;
  MemoryEstimate estimate;
  estimate.what = std::string("the ") + baselineName(baseline) + " baseline";
  // The Router keeps a parent and a hop count per node for every source it
  // routed from; rooted Direct sends from the root only.
  bool oneSource = baseline == Baseline::Direct &&
                   (spec.kind == CollectiveKind::Broadcast ||
                    spec.kind == CollectiveKind::Scatter);
  double sources = oneSource ? 1 : shape.participants;
  estimate.add(sources * double(network.numNodes()), 8, "routing trees");
  // Building: the hops, recorded in a vector (up to twice their size once
  // it has doubled), a combining collective's folding order and marks,
  // and the schedule they are copied into, reserved up front. The hops
  // are gone before the schedule is timed.
  MemoryEstimate building, timing;
  building.add(emitted, 32, "emitted hops");
  addSchedule(building, transfers, true);
  addSchedule(timing, transfers, true);
  if (isCombining(spec.kind)) {
    building.add(emitted, 9, "folding order");
    // The compaction's timed copies (and All-Reduce's strict phases: its
    // two halves and their compactions), and its (chunk, NPU) holdings.
    addSchedule(timing, 2 * transfers, true);
    if (spec.kind == CollectiveKind::AllReduce)
      addSchedule(timing, transfers, true);
    timing.add(shape.chunks * shape.npus, 40, "(chunk, NPU) holdings");
  } else {
    // Compacted in place.
    timing.add(estimateSimulation(network, shape, transfers,
                                  /*copies=*/false, /*sorted=*/true));
  }
  estimate.add(building.bytes > timing.bytes ? building : timing);
  return estimate;
}

std::string buildBaseline(Baseline baseline, const Network &network,
                          CollectiveKind kind, const Problem &problem,
                          Schedule &schedule) {
  schedule = Schedule();
  Builder b(network, kind, problem);
  if (std::string error = b.init(); !error.empty())
    return error;
  if (b.numRanks > 1) {
    switch (baseline) {
    case Baseline::Ring:
      ringBaseline(b);
      break;
    case Baseline::Direct:
      directBaseline(b);
      break;
    case Baseline::RHD:
      rhdBaseline(b);
      break;
    case Baseline::DBT:
      dbtBaseline(b);
      break;
    case Baseline::Hierarchical:
      hierarchicalBaseline(b);
      break;
    }
  }
  if (!b.error.empty())
    return b.error;
  schedule = b.finish();
  return "";
}

} // namespace tacos
