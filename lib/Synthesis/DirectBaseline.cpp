//===- DirectBaseline.cpp - Every rank sends to every rank ----------------===//
//
// In step j every rank sends to the rank j after it, so that the sends of a
// step spread over the network instead of queueing at one NPU. A
// reduction sends each peer its share of the peer's block (Reduce-Scatter;
// Reduce: of the whole buffer to the root), and All-Reduce then sends each
// peer the reduced block. Where a route relays, the shares merge on the
// way (BaselineBuilder.h).
//
//===----------------------------------------------------------------------===//

#include "BaselineAlgorithms.h"

namespace tacos {

namespace {

/// Every rank s sends block(s, d) of `b.kind` to every rank d.
void everyPair(Builder &b, TransferKind kind) {
  for (uint32_t j = 1; j < b.numRanks; ++j)
    for (uint32_t s = 0; s < b.numRanks; ++s) {
      uint32_t d = b.wrap(s + j);
      if (std::optional<uint32_t> first = b.block(s, d))
        b.sendBlock(*first, s, d, kind);
    }
}

} // namespace

void directBaseline(Builder &b) {
  if (!b.combining()) {
    everyPair(b, TransferKind::Copy);
    return;
  }
  everyPair(b, TransferKind::Reduce);
  if (b.kind != CollectiveKind::AllReduce)
    return;
  // Each rank now holds its block reduced: send it to every peer.
  for (uint32_t j = 1; j < b.numRanks; ++j)
    for (uint32_t s = 0; s < b.numRanks; ++s)
      b.sendBlock(s * b.blockSize, s, b.wrap(s + j));
}

} // namespace tacos
