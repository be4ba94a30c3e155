//===- TimeIndexedEncoding.h - "Is there a schedule by T?" in Z3 -*- C++ -*-===//
//
// The exact question behind `algorithm=exact` (ExactSynthesizer.h): is there
// a schedule of `problem` on `network` that finishes by T time units?
//
// Time unit. g is the gcd of every link's occupancy and duration (LinkCost.h,
// either link model) for the problem's chunk sizes (at most two). Why slots
// of g lose nothing (left-shift): take any feasible schedule and move every
// transfer, in order of start, to the earliest time its link and its data
// allow: max(arrival of the chunk at its source, when the link's previous
// transfer frees it). Nothing ends later, so it stays feasible and no
// slower; by induction every start is then a sum of durations and
// occupancies, a multiple of g, and so is every end. So the optimum is a
// multiple of g, and "a schedule finishing by T*g" has one whose transfers
// start on slots. (Slots are a time unit, not SCCL's steps: a transfer on a
// slow link spans several.)
//
// Variables: x[c][e][t], chunk c starts on channel e (links u -> v of the
// same cost, parallel lanes merged into one channel of multiplicity m) at
// slot t, for t >= the earliest slot c can be at u and t + duration <= T;
// h[c][u][t], c is at u by slot t. Constraints, all Boolean or
// pseudo-Boolean (Z3_mk_atmost), so Z3's SAT core with cardinality
// reasoning decides them:
//   - c is received at most once by each NPU (a tree, so that inversion,
//     Inversion.h, turns it into a reduction; keeping each NPU's earliest
//     receipt of any schedule loses nothing), never by its sources, and at
//     least once by each destination;
//   - x[c][u->v][t] needs h[c][u][t], and h[c][u][t] needs h[c][u][t-1] or
//     a receipt of c at u ending at slot t (sources hold c from slot 0);
//   - at every slot at most m of channel e's transfers occupy it.
// With symmetry (SCCL's idea), a group of NPU permutations that preserve
// the network and the problem also permutes chunks and channels; asking
// for schedules it maps onto themselves ties each orbit's variables
// together.
// Every duration must be at least one slot (the caller refuses zero
// durations: a zero-time hop would let two receipts justify each other).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_TIMEINDEXEDENCODING_H
#define TACOS_LIB_SYNTHESIS_TIMEINDEXEDENCODING_H

#include "SearchBudget.h"
#include "tacos/Collective/ChunkCosts.h"
#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"

#include <z3.h>

#include <cstdint>
#include <vector>

namespace tacos {

/// Links u -> v of one cost, merged: a transfer may use any free lane.
struct Channel {
  uint32_t src = 0, dst = 0;
  /// Lane numbers (findLink's) of the merged links, and one of them.
  std::vector<uint16_t> lanes;
  LinkId link = 0;
};

/// What the encoding needs of a problem, independent of the horizon.
class SlotModel {
public:
  SlotModel(const Network &network, const Problem &problem, LinkModel model);

  /// g in picoseconds; 0 if some duration is zero (no exact encoding).
  int64_t slotPs() const { return slot; }
  /// The size of the encoding for T slots, for the budget: its variables
  /// (x and h), and its literal occurrences (each x is in its receipt
  /// constraints, its hold implication, and one capacity constraint per
  /// slot it occupies: pipelined links with a small g make that large).
  struct Size {
    uint64_t variables = 0, literals = 0;
  };
  Size size(int64_t horizon) const;

  const Problem &problem;
  std::vector<Channel> channels;
  /// Per chunk and channel: occupancy and duration in slots.
  int64_t occupancy(uint32_t c, size_t e) const;
  int64_t duration(uint32_t c, size_t e) const;
  /// The earliest slot chunk c can be at NPU u (INT64_MAX: never).
  std::vector<std::vector<int64_t>> earliest;
  /// Channels into and out of each NPU.
  std::vector<std::vector<size_t>> into, outOf;
  /// Generators of the network's free automorphisms that keep the problem
  /// (Automorphisms.h, ProblemSymmetry.h), as chunk and channel
  /// permutations; empty if there are none.
  struct Symmetry {
    std::vector<uint32_t> chunk;
    std::vector<size_t> channel;
  };
  std::vector<Symmetry> symmetries;
  /// The order of the group they generate (1: none).
  size_t symmetryOrder = 1;

private:
  ChunkCosts costs;
  int64_t slot = 0;
};

class TimeIndexedEncoding {
public:
  /// Builds the encoding for `horizon` slots in `ctx`. With `symmetric`,
  /// only schedules the symmetries map onto themselves (x[c][e][t] ==
  /// x[g(c)][g(e)][t]): smaller to search, so faster to satisfy, but
  /// unsatisfiable proves nothing about other schedules.
  TimeIndexedEncoding(Z3_context ctx, const SlotModel &slots,
                      int64_t horizon, bool symmetric = false);
  ~TimeIndexedEncoding();
  TimeIndexedEncoding(const TimeIndexedEncoding &) = delete;
  TimeIndexedEncoding &operator=(const TimeIndexedEncoding &) = delete;

  /// Is there a schedule finishing by the horizon? Spends from `budget`, at
  /// most `most` resource units if `most` > 0; Z3_L_UNDEF when they ran
  /// out first (budget.lastStop() says why).
  Z3_lbool check(SearchBudget &budget, uint64_t most = 0);
  /// The transfers of the last satisfiable check, at their slot times (in
  /// ps) and on lanes no two of which overlap: feasible as it stands.
  Schedule schedule() const;

private:
  struct Var {
    uint32_t chunk;
    size_t channel;
    int64_t start;
    Z3_ast ast;
  };
  Z3_context ctx;
  const SlotModel &slots;
  Z3_solver solver;
  Z3_model model = nullptr;
  std::vector<Var> vars;
};

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_TIMEINDEXEDENCODING_H
