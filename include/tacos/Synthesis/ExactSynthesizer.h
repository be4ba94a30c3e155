//===- ExactSynthesizer.h - Optimal schedules with Z3 -----------*- C++ -*-===//
//
// SCCL-style exact synthesis for small networks (DESIGN §5.5): Z3 finds the
// schedule with the fewest steps S, then the fewest rounds R. Variables:
// the step at which each chunk reaches each NPU, whether each chunk crosses
// each link, and the rounds r_s of each step. A link of multiplicity m
// carries at most m * r_s chunks in step s; a chunk crosses u -> v in the
// step it reaches v, after it reached u. The result is ordered by step and
// timed by the simulator, like every other schedule.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_EXACTSYNTHESIZER_H
#define TACOS_SYNTHESIS_EXACTSYNTHESIZER_H

#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"

#include <string>

namespace tacos {

struct ExactOptions {
  LinkModel model = LinkModel::Blocking;
  /// Wall-clock limit for all Z3 calls together (0: none).
  unsigned timeLimitMs = 60000;
  /// Give up beyond this many steps.
  unsigned maxSteps = 16;
};

struct ExactResult {
  Schedule schedule;
  int64_t timePs = 0;
  unsigned steps = 0, rounds = 0;
  /// Empty on success.
  std::string error;
};

/// Networks up to this many NPUs are accepted.
inline constexpr uint32_t kMaxExactNpus = 16;

ExactResult synthesizeExact(const Network &network, const Problem &problem,
                            const ExactOptions &options);

} // namespace tacos

#endif // TACOS_SYNTHESIS_EXACTSYNTHESIZER_H
