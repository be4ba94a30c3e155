//===- Algorithms.h - The catalogue of synthesizers -------------*- C++ -*-===//
//
// One place that knows every synthesizer (in the spirit of CIRCT's
// Scheduling/Algorithms.h): an enum with a name table, one options type, one
// result type and one entry point. Every run is check, synthesize, verify:
// the input is checked (collective, network without undecided bandwidths,
// every destination reachable; tacos and the baselines route through
// switches, exact refuses them), the algorithm builds a timed schedule, and
// the native verifier (Verification/Verifier.h, independent of every
// synthesizer) checks it. A combining collective (Reduce-Scatter,
// All-Reduce, Reduce) is built from its non-combining dual by tacos and
// exact (Combining.h); the baselines build every collective by their own
// construction (Baselines.h; docs/Algorithms.md, what each baseline
// builds). `best` runs every candidate and keeps the fastest verified
// schedule (BestOf.cpp).
//
// Adding a synthesizer: a value of `Algorithm`, a row in kAlgorithms
// (Algorithms.cpp) with its run and memory estimate functions, the
// static_assert there if the value is the new last one, and the option
// help; passes and reports list and parse names through this table
// (docs/HowToAdd.md).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_ALGORITHMS_H
#define TACOS_SYNTHESIS_ALGORITHMS_H

#include "tacos/Collective/Collective.h"
#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"
#include "tacos/Support/ResourceLimits.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tacos {

enum class Algorithm : uint8_t {
  /// Greedy link-chunk matching (TenSynthesizer.h), seeded.
  Tacos,
  /// The fastest schedule, with a proof, between TACOS's and the lower
  /// bounds, with Z3 (ExactSynthesizer.h), small networks.
  Exact,
  /// The classic algorithms of Baselines.h on the physical network.
  Ring,
  Direct,
  RHD,
  DBT,
  Hierarchical,
  /// The fastest verified schedule of every candidate of the catalogue
  /// (BestOf.cpp): the default of the passes.
  Best,
};

/// What `coll-synthesize` runs when no algorithm is named.
inline constexpr Algorithm kDefaultAlgorithm = Algorithm::Best;

/// The option spelling: "tacos", "exact", "ring", "direct", "rhd", "dbt",
/// "hierarchical", "best".
const char *algorithmName(Algorithm algorithm);
/// The algorithm spelled `name`, if any.
std::optional<Algorithm> parseAlgorithm(std::string_view name);
/// Every algorithm, in table order.
std::vector<Algorithm> allAlgorithms();
/// "tacos, exact, ring, direct, rhd, dbt, hierarchical or best", for
/// diagnostics.
std::string algorithmNameList();
/// True for the classic algorithms of Baselines.h.
bool isBaseline(Algorithm algorithm);
/// True if the algorithm draws on `seed` (so `trials` tries several seeds).
bool isSeeded(Algorithm algorithm);
/// True for the algorithms that need point-to-point links, so the
/// pipelines unwind switches first (topo-unwind-switches): exact.
bool needsUnwoundSwitches(Algorithm algorithm);
/// The network `algorithm` synthesizes on: `network` itself (switches as
/// nodes), or, for an algorithm that needs point-to-point links, its
/// switches unwound into `unwound` (NPU ids kept). Null, with `error` set,
/// when the unwound network would have more than kMaxLinks directed links.
const Network *synthesisNetwork(const Network &network, Algorithm algorithm,
                                std::optional<Network> &unwound,
                                std::string &error);
/// True for the algorithms `best` runs and picks from: tacos and the
/// baselines (not exact: Z3 on small networks only, and not best itself).
bool isBestCandidate(Algorithm algorithm);

/// What ended an exact search (ExactSynthesizer.h, Frontier.h) before it
/// settled its question. `Resources`: Z3's resource budget (`rlimit=`),
/// counted by Z3 and the same on every machine, so the result is too.
/// `TimeLimit` (`time-limit-ms=`) and `Deadline` (`timeout=`): the wall
/// clock, so the result depends on the machine's speed and load.
/// `EncodingSize`: the next question's encoding was too large to build.
/// `NoAnswer`: Z3 gave up without a limit running out.
enum class SearchLimit : uint8_t {
  None,
  Resources,
  TimeLimit,
  Deadline,
  EncodingSize,
  NoAnswer,
};

/// The default `rlimit` and `time-limit-ms` of exact searches. 5 x 10^7 of
/// Z3's resource units take 5-35 s of CPU here, depending on the encoding
/// (docs/Algorithms.md has the rates): over 3 times what the documented
/// cases take (SCCL's DGX-1 frontier 7-9 x 10^6, the largest 1.5 x 10^7).
/// The wall clock's 10 minutes are a safety net far beyond.
inline constexpr unsigned kDefaultRlimit = 50000000;
inline constexpr unsigned kDefaultTimeLimitMs = 600000;

struct AlgorithmOptions {
  Algorithm algorithm = Algorithm::Tacos;
  LinkModel model = LinkModel::Blocking;
  /// Seeded algorithms run seeds seed, seed+1, ..., seed+trials-1 and keep
  /// the fastest schedule (ties: the lowest seed). For a combining
  /// collective each seed builds the whole collective and the fastest
  /// combined time wins.
  uint64_t seed = 0;
  unsigned trials = 1;
  /// Threads the trials run on (0: every usable core), at most `trials`
  /// and kMaxThreads (Trials.h); with one trial, the threads a whole-network
  /// All-Gather or Broadcast matches its NPUs on (FullMatching.cpp). The
  /// result is the same whatever the count.
  unsigned threads = 0;
  /// False: only the time and the transfer count are kept (for networks
  /// whose schedule would not fit in memory); nothing is verified then.
  bool materialize = true;
  /// All-Reduce: let a chunk's All-Gather start as soon as its own reduction
  /// is done (true), or only after the whole Reduce-Scatter (false).
  bool pipelinePhases = true;
  /// TACOS: also try routing chunk by chunk with link reservations.
  bool reservationRouting = true;
  /// Exact and the frontier: Z3's resource budget for the whole search of
  /// one phase, in Z3's units (`rlimit`; 0: none). It ends a search at the
  /// same point on every machine, so the result does not depend on speed
  /// or load (SearchBudget.h); past it the best schedule found is kept.
  /// The default covers the documented cases (docs/Algorithms.md).
  unsigned rlimit = kDefaultRlimit;
  /// Exact and the frontier: wall-clock limit of the same search (0:
  /// none), a safety net far beyond what the default budget takes; a
  /// search it ends depends on the machine (SearchLimit::TimeLimit). The
  /// most steps the steps/rounds search (StepSearch.h) tries.
  unsigned timeLimitMs = kDefaultTimeLimitMs;
  unsigned maxSteps = 16;
  /// Run the native verifier on the result (materialized results only).
  bool verify = true;
  /// Refuse (before building anything) what estimateSynthesis says needs
  /// more than limits.maxMemoryBytes; stop, with an error, at
  /// limits.deadline (synthesis loops poll it; Z3 gets the time left).
  /// None by default: the passes set the limits from their options.
  ResourceLimits limits;
  /// Called now and then with the fraction of the work done (0..1): the
  /// mean over the trials of each one's deliveries made. Never called from
  /// two threads at once, but maybe not from the caller's thread.
  std::function<void(double)> progress;
};

/// The spelling of a search limit in attributes: "rlimit",
/// "time-limit-ms", "timeout", "encoding-size", "no-answer" ("" for None).
const char *searchLimitName(SearchLimit limit);
/// What stopped the search and how to raise it, for diagnostics: "the
/// resource budget rlimit=1000 ran out; raise rlimit= (0: no limit)".
/// Empty for None.
std::string searchLimitMessage(SearchLimit limit,
                               const AlgorithmOptions &options);

/// What `best` found for one candidate.
struct BestCandidate {
  Algorithm algorithm = Algorithm::Tacos;
  /// Its verified time; 0 where it does not apply.
  int64_t timePs = 0;
  /// Why it does not apply (its own message); empty where it does.
  std::string refusal;
  /// The seeds it ran (seeded candidates).
  unsigned seeds = 0;
};

struct AlgorithmResult {
  /// Timed: simulating it gives `timePs` back. Empty unless materialized.
  Schedule schedule;
  int64_t timePs = 0;
  size_t numTransfers = 0;
  /// The seed of the kept schedule (seeded algorithms).
  uint64_t seed = 0;
  /// All-Reduce only: the time with strict phases (every All-Gather transfer
  /// after the whole Reduce-Scatter).
  int64_t strictPhasesPs = 0;
  /// Exact only: the optimum's steps and rounds (All-Reduce: both phases').
  unsigned steps = 0, rounds = 0;
  /// Exact only (issue 17): what the search proved. `optimal`: no schedule
  /// is faster than `timePs` under the link model, because it equals a
  /// lower bound or because every faster time was proved infeasible.
  /// `provedInfeasiblePs`: the largest time T the search proved no schedule
  /// finishes by (-1: none beyond the lower bounds), so the optimum lies in
  /// (T, timePs]. `proof`: one line saying why, for diagnostics and
  /// reports (e.g. "equals the discrete lower bound"). `firstBestMs`: when
  /// the returned schedule was found (synthesisMs is then the time to the
  /// proof, or to the limit).
  bool optimal = false;
  int64_t provedInfeasiblePs = -1;
  std::string proof;
  double firstBestMs = 0;
  /// Exact only: the limit that stopped the search before it settled its
  /// question (None: it did, whether or not the result is optimal), and
  /// the resource units its Z3 checks used (All-Reduce: both phases').
  SearchLimit stoppedBy = SearchLimit::None;
  uint64_t rlimitUsed = 0;
  /// Wall-clock time of the synthesis step (not the check nor the verify).
  double synthesisMs = 0;
  /// The algorithm whose schedule this is: options.algorithm, or the
  /// winner of `best`.
  Algorithm builtBy = Algorithm::Tacos;
  /// Best only: every candidate, in catalogue order.
  std::vector<BestCandidate> candidates;
  /// Empty on success.
  std::string error;
};

/// Peak memory of synthesize(network, spec, options), from the request
/// alone (nothing is built): the problem, the algorithm's state and
/// schedules (each running trial's), the phases of a combining collective,
/// and the verification of a materialized result. `spec` must have passed
/// checkCollective. An upper estimate: the unit tests check it against
/// measured peaks (docs/Reliability.md has the ratios). For `best`, the
/// least candidate's: it rules out, one by one, the candidates that do not
/// fit (BestOf.h).
MemoryEstimate estimateSynthesis(const Network &network,
                                 const CollectiveSpec &spec,
                                 const AlgorithmOptions &options);

/// Checks, synthesizes and verifies any collective `spec` on `network` with
/// `options.algorithm`. A failed check or synthesis returns its message; a
/// schedule the verifier rejects is an internal error, named as such. A
/// request whose estimate exceeds options.limits is refused before
/// anything is built; one that reaches the deadline stops with an error.
AlgorithmResult synthesize(const Network &network, const CollectiveSpec &spec,
                           const AlgorithmOptions &options);

/// One run of a non-combining synthesizer with one seed (check and verify
/// are the entry point's): the building block Combining.h composes.
AlgorithmResult runAlgorithm(const Network &network, const Problem &problem,
                             const AlgorithmOptions &options);

} // namespace tacos

#endif // TACOS_SYNTHESIS_ALGORITHMS_H
