//===- BestOf.cpp - The fastest of the catalogue's candidates -------------===//

#include "BestOf.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Synthesis/LowerBounds.h"

#include <algorithm>
#include <chrono>
#include <optional>

namespace tacos {

namespace {

/// A candidate's failure that ends `best` instead of ruling the candidate
/// out: a bug (a schedule the verifier rejects) or the run's deadline,
/// which would end every later candidate too.
bool endsTheSearch(const AlgorithmResult &result,
                   const AlgorithmOptions &options) {
  return result.error.rfind("internal error", 0) == 0 ||
         options.limits.deadline.expired();
}

/// The request's options with a candidate's algorithm and seeds; progress
/// only for the first run of tacos (the one that takes the time). The
/// candidate runs within the memory limit less what the best schedule so
/// far holds (`keptTransfers`), so one that would not fit is ruled out
/// with its estimate instead of running.
AlgorithmOptions candidateOptions(const AlgorithmOptions &options,
                                  Algorithm algorithm, uint64_t seed,
                                  unsigned trials, size_t keptTransfers = 0) {
  AlgorithmOptions each = options;
  each.algorithm = algorithm;
  each.seed = seed;
  each.trials = trials;
  if (algorithm != Algorithm::Tacos || seed != options.seed)
    each.progress = nullptr;
  if (uint64_t &limit = each.limits.maxMemoryBytes) {
    uint64_t kept = 2 * keptTransfers * ScheduleView::kPackedBytesPerTransfer;
    // Never 0, which means no limit.
    limit = limit > kept ? limit - kept : 1;
  }
  return each;
}

/// Every candidate, in catalogue order.
std::vector<Algorithm> candidateList() {
  std::vector<Algorithm> list;
  for (Algorithm algorithm : allAlgorithms())
    if (isBestCandidate(algorithm))
      list.push_back(algorithm);
  return list;
}

} // namespace

AlgorithmResult synthesizeBest(const Network &network,
                               const CollectiveSpec &spec,
                               const AlgorithmOptions &options) {
  auto started = std::chrono::steady_clock::now();
  AlgorithmResult best;
  bool found = false;
  // Ties keep the schedule found first.
  auto keep = [&](AlgorithmResult &&result, Algorithm algorithm) {
    result.builtBy = algorithm;
    if (found && best.timePs <= result.timePs)
      return;
    best = std::move(result);
    found = true;
  };
  std::vector<BestCandidate> candidates;
  for (Algorithm algorithm : candidateList()) {
    BestCandidate entry;
    entry.algorithm = algorithm;
    entry.seeds = isSeeded(algorithm) ? 1 : 0;
    AlgorithmResult result =
        synthesize(network, spec,
                   candidateOptions(options, algorithm, options.seed, 1,
                                    best.schedule.size()));
    if (!result.error.empty()) {
      if (endsTheSearch(result, options))
        return result;
      entry.refusal = result.error;
    } else {
      entry.timePs = result.timePs;
      keep(std::move(result), algorithm);
    }
    candidates.push_back(std::move(entry));
  }
  if (!found) {
    AlgorithmResult none;
    none.error = "no algorithm applies:";
    for (const BestCandidate &entry : candidates)
      none.error += std::string(" ") + algorithmName(entry.algorithm) +
                    ": " + entry.refusal + ";";
    none.error.pop_back();
    return none;
  }

  // More seeds of tacos (kBestSeeds > 1, so there are some), only while a
  // faster schedule can exist: not once the winner meets a lower bound
  // valid for the network.
  unsigned seeds = std::max(options.trials, kBestSeeds);
  auto tacos = std::find_if(candidates.begin(), candidates.end(),
                            [](const BestCandidate &entry) {
                              return entry.algorithm == Algorithm::Tacos;
                            });
  if (tacos != candidates.end() && tacos->refusal.empty()) {
    std::optional<LowerBounds> bounds =
        computeCollectiveBounds(network, spec, options.model);
    if (!bounds || best.timePs > bounds->best()) {
      AlgorithmResult more =
          synthesize(network, spec,
                     candidateOptions(options, Algorithm::Tacos,
                                      options.seed + 1, seeds - 1,
                                      best.schedule.size()));
      if (!more.error.empty()) {
        if (endsTheSearch(more, options))
          return more;
      } else {
        tacos->seeds = seeds;
        tacos->timePs = std::min(tacos->timePs, more.timePs);
        keep(std::move(more), Algorithm::Tacos);
      }
    }
  }
  best.candidates = std::move(candidates);
  best.synthesisMs = std::chrono::duration<double, std::milli>(
                         std::chrono::steady_clock::now() - started)
                         .count();
  return best;
}

MemoryEstimate estimateBest(const Network &network, const CollectiveSpec &spec,
                            const AlgorithmOptions &options) {
  std::optional<MemoryEstimate> least;
  for (Algorithm algorithm : candidateList()) {
    MemoryEstimate each = estimateSynthesis(
        network, spec, candidateOptions(options, algorithm, options.seed, 1));
    if (!least || each.bytes < least->bytes)
      least = std::move(each);
  }
  return *least;
}

} // namespace tacos
