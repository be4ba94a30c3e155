//===- RingWalks.h - Chunks moved around a ring of ranks --------*- C++ -*-===//
//
// A ring of ranks (RingOrder.h) with its channels: channel 0 runs the ring
// forwards, channel 1 backwards over the reverse links. Where the backward
// ring crosses none of the forward ring's links, chunks alternate between
// the two by id, so each carries half the data (NCCL's rings in both
// directions); else every chunk takes channel 0, except that chains into a
// root run backwards where the steps allow (the time-reversal of a chain
// out of it). A walk moves one chunk a number of steps along a channel;
// walkRing emits a set of walks step by step, so that in every step each
// link of the ring takes the chunks of that step in the order the walks
// are listed. Ring, and the hierarchical baseline's rings inside nodes and
// along rails, are sets of walks. Private to the Synthesis library.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_RINGWALKS_H
#define TACOS_LIB_SYNTHESIS_RINGWALKS_H

#include "BaselineBuilder.h"

#include <cstdint>
#include <vector>

namespace tacos {

class RankRing {
public:
  /// The ring through `ranks` (of b's problem) that findRing finds; sets
  /// b.error if some rank cannot reach another.
  RankRing(Builder &b, const std::vector<uint32_t> &ranks);

  uint32_t size() const { return uint32_t(order.size()); }
  /// 2 where chunks alternate between the directions, else 1.
  uint32_t channels() const { return numChannels; }
  /// The channel of a chunk that goes around the ring or out of a root.
  uint32_t channelOf(uint32_t chunk) const { return chunk % numChannels; }
  /// The channel of a chunk on a chain into a root.
  uint32_t inboundChannelOf(uint32_t chunk) const {
    return numChannels == 2 ? chunk % 2 : backwardsIn;
  }
  /// The rank at position p (taken modulo the size) of `channel`.
  uint32_t at(uint32_t channel, int64_t p) const;
  /// The position of `rank` (a member) on `channel`.
  uint32_t positionOf(uint32_t channel, uint32_t rank) const;
  /// Steps from rank `from` to rank `to` along `channel`.
  uint32_t distance(uint32_t channel, uint32_t from, uint32_t to) const;

private:
  /// Channel 0's ranks in order; channel 1 runs them backwards.
  std::vector<uint32_t> order;
  std::vector<int64_t> position; ///< by rank, -1 for non-members
  uint32_t numChannels = 1, backwardsIn = 0;
};

/// Chunk `chunk` moves `length` steps along `channel` from rank `from`.
struct Walk {
  uint32_t chunk;
  uint32_t channel;
  uint32_t from;
  uint32_t length;
};

/// Emits every walk, step by step, as transfers of `kind`.
void walkRing(Builder &b, const RankRing &ring, const std::vector<Walk> &walks,
              TransferKind kind);

/// The walk that takes `chunk` from rank `from` to every other member
/// (All-Gather, Broadcast); the one that starts after `to` and collects
/// every member's share into `to` (Reduce-Scatter); the chain into a root
/// `to` (Reduce); and the one from `from` to `to`, as a chain out of `from`
/// or, if `inbound`, into `to`.
Walk spreadFrom(const RankRing &ring, uint32_t chunk, uint32_t from);
Walk reduceInto(const RankRing &ring, uint32_t chunk, uint32_t to);
Walk reduceIntoRoot(const RankRing &ring, uint32_t chunk, uint32_t to);
Walk fromTo(const RankRing &ring, uint32_t chunk, uint32_t from, uint32_t to,
            bool inbound = false);

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_RINGWALKS_H
