//===- BaselineBuilder.h - Baselines on ranks, mapped onto NPUs -*- C++ -*-===//
//
// Every baseline (Baselines.h) is written on ranks, the problem's
// participants, as logical sends "chunks of this rank to that rank, as a
// copy or a reduce". The Builder maps each send onto a route through the
// network (Router: fewest hops, then least latency, then lowest ids) and
// records one hop per segment of the route. A segment joins two NPUs: today
// it is one link; once transfers can be routed through switches it is one
// transfer over the switches between them (segmentsOf), so the algorithms
// never see links.
//
// The simulator takes a zero-time schedule in index order, so the order in
// which an algorithm emits sends is each link's order: algorithms emit in
// rounds or steps, and every send after the ones that bring its data.
//
// A reduction that relays through NPUs cannot pass a partial sum through an
// NPU that also adds its own share (one value per chunk per NPU), so
// finish() folds the reduce hops of each chunk into the tree they induce:
// an NPU sends its partial once, on its last reduce hop of that chunk, and
// nothing leaves the chunk's reduction root. Then each NPU's partial
// combines everything routed through it before it leaves, and every
// contribution reaches the root once. Copies of a reduced chunk (the
// All-Gather half of an All-Reduce) reach each NPU once: a second copy into
// an NPU would race the first. Non-combining collectives keep every hop.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_BASELINEBUILDER_H
#define TACOS_LIB_SYNTHESIS_BASELINEBUILDER_H

#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tacos {

/// Shortest routes by (hops, total latency, node id sequence), so that a
/// baseline is the same schedule on every run and every machine. Where two
/// NPUs are joined through switches only (an NVSwitch, a rail), that route
/// wins: one transfer cut through the switches, not relays through NPUs.
class Router {
public:
  explicit Router(const Network &network) : network(network) {}

  /// Sets `path` to the nodes from a to b, both included; false if b cannot
  /// be reached from a.
  bool route(NodeId a, NodeId b, std::vector<NodeId> &path);
  /// Fewest links from a to b, or -1 if b cannot be reached.
  int32_t hops(NodeId a, NodeId b);
  /// True if a link joins NPUs a and b, or a path through switches only.
  bool adjacent(NodeId a, NodeId b);

  const Network &network;

private:
  struct Tree {
    std::vector<int32_t> parent, hops;
  };
  /// `throughSwitchesOnly`: the search goes on from switches, not NPUs.
  const Tree &from(NodeId source, bool throughSwitchesOnly);
  Tree search(NodeId source, bool throughSwitchesOnly) const;

  std::unordered_map<NodeId, Tree> trees, switchTrees;
};

/// The NPU-to-NPU segments of a route (nodes from one NPU to another): the
/// positions in `path` of the NPUs it passes, first and last included. A
/// segment's transfer crosses the nodes between two consecutive positions.
std::vector<size_t> segmentsOf(const Network &network,
                               const std::vector<NodeId> &path);

/// The problem seen as ranks and blocks, and the hops being emitted.
/// `kind` is the collective built; `problem` is the chunk layout of its
/// dual (dualOf(kind)): for Reduce-Scatter and All-Reduce block r is the
/// chunks reduced into rank r, for Reduce every chunk is reduced into the
/// root. A block is the `blockSize` consecutive chunks that one rank owns
/// (All-to-All: that go from one rank to another); docs/Syntax.md,
/// collective requests numbers them.
class Builder {
public:
  Builder(const Network &network, CollectiveKind kind, const Problem &problem);

  /// Checks the chunk layout and finds the root; returns an error message.
  std::string init();

  /// Rank r modulo the number of ranks (r may be negative).
  uint32_t wrap(int64_t r) const {
    int64_t g = numRanks;
    return uint32_t(((r % g) + g) % g);
  }
  NodeId npu(uint32_t rank) const { return problem.participants[rank]; }
  bool combining() const { return isCombining(kind); }

  /// First chunk of the block rank s sends to rank d, if the collective
  /// has one: for Reduce-Scatter and All-Reduce, the block reduced into d
  /// (every rank contributes to it); for Reduce, rank s's share of the
  /// whole buffer when d is the root.
  std::optional<uint32_t> block(uint32_t s, uint32_t d) const;

  /// Sends chunks [first, first + count) from rank a to rank b, chunk by
  /// chunk so that they pipeline along the route. The first unreachable
  /// pair becomes the error and silences all later sends.
  void send(uint32_t first, uint32_t count, uint32_t a, uint32_t b,
            TransferKind kind = TransferKind::Copy);
  void sendBlock(uint32_t first, uint32_t a, uint32_t b,
                 TransferKind kind = TransferKind::Copy) {
    send(first, blockSize, a, b, kind);
  }

  /// Where chunk c's reduction ends (combining collectives): by default
  /// its block's rank (Reduce-Scatter, All-Reduce) or the root (Reduce).
  /// An algorithm that reduces elsewhere and then copies the result (a
  /// tree's All-Reduce, at the tree's root) says so before finish().
  void setReductionRoot(uint32_t chunk, uint32_t rank);

  /// The emitted hops as untimed transfers, reductions folded into trees
  /// and redundant copies of reduced chunks left out (see the header).
  Schedule finish();

  const Problem &problem;
  const CollectiveKind kind;
  Router router;
  const uint32_t numRanks;
  uint32_t blockSize = 1, rootRank = 0;
  std::string error;

private:
  struct Hop {
    uint32_t chunk;
    NodeId src, dst;
    TransferKind kind;
    /// 0, or the route through switches in `routes`.
    uint16_t route;
  };
  /// Which hops finish() keeps (combining collectives).
  std::vector<char> foldHops() const;

  std::vector<Hop> hops;
  RouteTable routes;
  std::vector<NodeId> path;
  /// Per chunk, once any is set (else the defaults of setReductionRoot).
  std::vector<NodeId> reductionRoots;
};

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_BASELINEBUILDER_H
