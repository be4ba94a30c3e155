//===- StepEncoding.h - SCCL's steps/rounds/chunks encoding -----*- C++ -*-===//
//
// SCCL's k-synchronous algorithms ("Synthesizing Optimal Collective
// Algorithms", PPoPP 2021) for a non-combining Problem: S steps; step s has
// r_s >= 1 rounds, R = sum r_s; in step s a (src, dst) pair with m parallel
// links carries at most m * r_s chunks; a chunk sent in step s can be
// forwarded from step s+1 on. The chunks C are the problem's (chunks per
// rank). Private to lib/Synthesis: ExactSynthesizer.cpp (fewest steps,
// then rounds) and Frontier.cpp (SCCL's Pareto frontier) use it.
//
// The formula is pure Boolean with pseudo-Boolean constraints, which Z3's
// SAT core handles natively (much faster than the integer "arrival step"
// encoding it replaced):
//   snd[c][p][s]  chunk c crosses pair p = (u, v) in step s;
//   x[s][k]       step s has more than k+1 rounds (unary, x[s][k+1] -> x[s][k]).
// Each (chunk, NPU) is received at most once, so every chunk's sends form a
// tree (what inversion to Reduce-Scatter needs); a send leaves u only after
// u got the chunk in an earlier step (or is a source); every destination
// receives its chunk; for every (step, pair), sum_c snd <= m * r_s as one
// pseudo-Boolean constraint over the sends and the negated x[s][*]. Sends
// that cannot happen because of hop distances are not created at all.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_STEPENCODING_H
#define TACOS_LIB_SYNTHESIS_STEPENCODING_H

#include "SearchBudget.h"
#include "tacos/Collective/Problem.h"
#include "tacos/Network/Network.h"
#include "tacos/Synthesis/Algorithms.h"

#include <z3.h>

#include <cstdint>
#include <tuple>
#include <vector>

namespace tacos {

/// How the rounds of each step are searched: `Unary`, one formula where Z3
/// picks each r_s; `Enumerated`, one check per composition of R into S
/// positive parts (the r_s fixed by assumptions). Unary is the default:
/// StepEncodingTest and docs/Algorithms.md have the measurements.
enum class RoundsSearch { Unary, Enumerated };

/// One send of a solution: (step 1..S, src, dst, chunk).
using StepSend = std::tuple<unsigned, uint32_t, uint32_t, uint32_t>;

/// The resource units (Z3's rlimit) of a check's first attempt; each
/// further attempt, on a fresh solver with the next seed, gets twice as
/// many (StepEncoding::check).
inline constexpr uint64_t kFirstAttemptRlimit = 10000000;

class StepEncoding {
public:
  /// Encodes `problem` on `network` (which passed checkSynthesizable) in
  /// `steps` steps with at most `maxRounds` rounds in all (>= steps).
  StepEncoding(const Network &network, const Problem &problem, unsigned steps,
               unsigned maxRounds);
  ~StepEncoding();
  StepEncoding(const StepEncoding &) = delete;
  StepEncoding &operator=(const StepEncoding &) = delete;

  /// Is there a schedule with at most `rounds` rounds in all (steps <=
  /// rounds <= maxRounds)? Spends from `budget`; Z3_L_UNDEF when it ran out
  /// (budget.exhausted() says which limit) or Z3 gave up.
  Z3_lbool check(unsigned rounds, SearchBudget &budget,
                 RoundsSearch search = RoundsSearch::Unary);
  /// The sends and rounds of the last satisfiable check.
  std::vector<StepSend> sends() const;
  std::vector<unsigned> roundsPerStep() const;
  unsigned rounds() const;
  /// Re-checks the last model against the bandwidth, tree and `rounds`
  /// constraints in plain C++ (a solver option once broke them); an
  /// internal error message, empty if it holds.
  std::string checkModel(unsigned rounds) const;

  /// False when some destination is farther (in hops) from every source of
  /// its chunk than `steps`: no check can succeed.
  bool reachable() const { return canReach; }
  /// The least rounds any schedule needs, whatever its steps: for every NPU,
  /// its deliveries over the multiplicity of its in-links, rounded up.
  static unsigned roundsLowerBound(const Network &network,
                                   const Problem &problem);
  /// The fewest steps any schedule needs: the largest hop distance from a
  /// chunk's nearest source to one of its destinations (0 if nothing moves).
  static unsigned stepsLowerBound(const Network &network,
                                  const Problem &problem);

private:
  Z3_lbool checkOnce(SearchBudget &budget, const std::vector<Z3_ast> &assumed,
                     uint64_t most = 0);
  Z3_ast fresh(const char *prefix);
  /// True if the last model sets Boolean `x`.
  bool holds(Z3_ast x) const;
  /// Indices into sendKeys of the sends the last model makes.
  std::vector<size_t> modelSends() const;
  /// A QF_FD solver with binary-merge PB networks and this random seed.
  Z3_solver makeSolver(unsigned seed);
  /// Moves every assertion to a fresh solver with another seed (a restart:
  /// the seed is only read when the SAT core is created).
  void reseed(unsigned seed);

  Z3_context ctx;
  Z3_solver solver;
  unsigned steps, maxRounds;
  bool canReach = true;
  /// Distinct (src, dst) pairs with their multiplicity.
  std::vector<std::tuple<uint32_t, uint32_t, unsigned>> pairs;
  /// Every created send variable with its (step, pair, chunk).
  std::vector<std::tuple<unsigned, uint32_t, uint32_t>> sendKeys;
  std::vector<Z3_ast> sendVars;
  /// x[s-1][k]: step s has at least k+2 rounds.
  std::vector<std::vector<Z3_ast>> extra;
  Z3_model model = nullptr;
  unsigned counter = 0;
};

/// SCCL's least-steps strategy: the fewest steps S (from stepsLowerBound up
/// to options.maxSteps), then the fewest rounds R for them; the schedule is
/// ordered by step, spread over parallel links and timed by the simulator.
/// Fills steps, rounds, schedule, timePs, stoppedBy, rlimitUsed. Reads
/// model, rlimit and timeLimitMs (all Z3 calls together), maxSteps and
/// limits.deadline. `algorithm=exact` ran this before issue 17
/// (ExactSynthesizer.cpp).
AlgorithmResult synthesizeFewestSteps(const Network &network,
                                      const Problem &problem,
                                      const AlgorithmOptions &options);

/// Orders `sends` by step, gives each step's sends on a pair successive
/// parallel links, and lets the simulator time them (options.model).
AlgorithmResult timeStepSchedule(const Network &network, const Problem &problem,
                                 const std::vector<StepSend> &sends,
                                 const AlgorithmOptions &options);

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_STEPENCODING_H
