//===- Problem.cpp - Pre- and postconditions of a collective --------------===//

#include "tacos/Collective/Problem.h"

namespace tacos {

std::string buildProblem(const CollectiveSpec &spec, uint32_t numNpus,
                         Problem &problem) {
  if (isCombining(spec.kind))
    return std::string(collectiveName(spec.kind)) +
           " is a combining collective; synthesize its dual and invert it";
  problem = Problem();
  problem.kind = spec.kind;
  problem.numNpus = numNpus;
  problem.chunkSizes = spec.chunkSizes(numNpus);
  problem.participants = spec.participantIds(numNpus);

  const auto &ranks = problem.participants;
  uint32_t g = uint32_t(ranks.size());
  uint32_t k = uint32_t(spec.chunksPerRank);
  uint32_t root = spec.root ? uint32_t(*spec.root) : 0;
  if (spec.root)
    problem.root = root;
  // Sources are always participants here, so "every other participant" is
  // exactly the destination set of All-Gather and Broadcast chunks.
  problem.othersAreDestinations = spec.kind == CollectiveKind::AllGather ||
                                  spec.kind == CollectiveKind::Broadcast;
  // Appends one chunk with one source and the given destinations (the source
  // itself is skipped: it already holds the chunk).
  auto addChunk = [&](uint32_t source, auto &&forEachDestination) {
    problem.sources.push_back(source);
    problem.sourceOffsets.push_back(uint32_t(problem.sources.size()));
    if (problem.othersAreDestinations)
      return;
    forEachDestination([&](uint32_t d) {
      if (d != source)
        problem.destinations.push_back(d);
    });
    problem.destinationOffsets.push_back(uint32_t(problem.destinations.size()));
  };
  auto toAll = [&](auto &&add) {
    for (uint32_t d : ranks)
      add(d);
  };
  auto toOne = [](uint32_t d) { return [d](auto &&add) { add(d); }; };

  switch (spec.kind) {
  case CollectiveKind::AllGather:
    for (uint32_t r = 0; r < g; ++r)
      for (uint32_t i = 0; i < k; ++i)
        addChunk(ranks[r], toAll);
    break;
  case CollectiveKind::Broadcast:
    for (uint32_t i = 0; i < k; ++i)
      addChunk(root, toAll);
    break;
  case CollectiveKind::Scatter:
    for (uint32_t r = 0; r < g; ++r)
      for (uint32_t i = 0; i < k; ++i)
        addChunk(root, toOne(ranks[r]));
    break;
  case CollectiveKind::Gather:
    for (uint32_t r = 0; r < g; ++r)
      for (uint32_t i = 0; i < k; ++i)
        addChunk(ranks[r], toOne(root));
    break;
  case CollectiveKind::AllToAll:
    // Chunk (s*G + d)*k + i goes from rank s to rank d.
    for (uint32_t s = 0; s < g; ++s)
      for (uint32_t d = 0; d < g; ++d)
        for (uint32_t i = 0; i < k; ++i)
          addChunk(ranks[s], toOne(ranks[d]));
    break;
  case CollectiveKind::ReduceScatter:
  case CollectiveKind::AllReduce:
  case CollectiveKind::Reduce:
    // Refused above: combining collectives are their duals inverted.
    break;
  }
  return "";
}

ProblemShape problemShape(const CollectiveSpec &spec, uint32_t numNpus) {
  ProblemShape shape;
  shape.kind = spec.kind;
  shape.npus = numNpus;
  double g = double(spec.participants(numNpus)), k = double(spec.chunksPerRank);
  shape.participants = g;
  shape.othersAreDestinations = spec.kind == CollectiveKind::AllGather ||
                                spec.kind == CollectiveKind::Broadcast;
  switch (spec.kind) {
  case CollectiveKind::AllGather:
    shape.chunks = g * k;
    shape.deliveries = g * k * (g - 1);
    shape.destinationNpus = g;
    break;
  case CollectiveKind::Broadcast:
    shape.chunks = k;
    shape.deliveries = k * (g - 1);
    shape.destinationNpus = g - 1;
    break;
  case CollectiveKind::Scatter:
    shape.chunks = g * k;
    shape.deliveries = (g - 1) * k;
    shape.destinationNpus = g - 1;
    break;
  case CollectiveKind::Gather:
    shape.chunks = g * k;
    shape.deliveries = (g - 1) * k;
    shape.destinationNpus = g > 1 ? 1 : 0;
    break;
  case CollectiveKind::AllToAll:
    shape.chunks = g * g * k;
    shape.deliveries = g * (g - 1) * k;
    shape.destinationNpus = g > 1 ? g : 0;
    break;
  case CollectiveKind::ReduceScatter:
  case CollectiveKind::AllReduce:
  case CollectiveKind::Reduce:
    // Combining collectives are estimated through their duals.
    break;
  }
  shape.full = shape.othersAreDestinations && g == double(numNpus);
  return shape;
}

MemoryEstimate estimateProblem(const ProblemShape &shape) {
  MemoryEstimate estimate;
  estimate.what = "the collective's chunk lists";
  // One source and one source offset per chunk; explicit destinations are
  // one id per delivery and one offset per chunk.
  estimate.add(shape.chunks, 8, "chunks");
  if (!shape.othersAreDestinations)
    estimate.add(shape.deliveries + shape.chunks, 4, "chunk destinations");
  estimate.add(shape.participants * 4);
  return estimate;
}

} // namespace tacos
