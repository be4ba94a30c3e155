//===- Algorithms.cpp - The catalogue of synthesizers ---------------------===//

#include "tacos/Synthesis/Algorithms.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/Baselines.h"
#include "tacos/Synthesis/Combining.h"
#include "tacos/Synthesis/ExactSynthesizer.h"
#include "tacos/Synthesis/TenSynthesizer.h"
#include "tacos/Verification/Verifier.h"

#include <chrono>
#include <iterator>

namespace tacos {

namespace {

/// A baseline's transfers come untimed; the simulator times them, like
/// every other schedule.
AlgorithmResult runBaseline(Baseline baseline, const Network &network,
                            const Problem &problem,
                            const AlgorithmOptions &options) {
  AlgorithmResult result;
  Schedule untimed;
  result.error = buildBaseline(baseline, network, problem, untimed);
  if (!result.error.empty())
    return result;
  SimulationResult timed =
      simulate(network, problem, untimed.view(), options.model);
  if (!timed.error.empty()) {
    result.error = "internal error: baseline does not simulate: " + timed.error;
    return result;
  }
  result.schedule = std::move(timed.schedule);
  result.timePs = timed.timePs;
  result.numTransfers = result.schedule.size();
  return result;
}

template <Baseline B>
AlgorithmResult runBaselineOf(const Network &network, const Problem &problem,
                              const AlgorithmOptions &options) {
  return runBaseline(B, network, problem, options);
}

using RunFn = AlgorithmResult (*)(const Network &, const Problem &,
                                  const AlgorithmOptions &);

struct AlgorithmInfo {
  Algorithm algorithm;
  const char *name;
  /// Draws on the seed (trials try several).
  bool seeded;
  /// Synthesizes a non-combining problem with options.seed (and, if it
  /// handles them itself, options.trials).
  RunFn run;
};

/// The catalogue, in Algorithm order.
constexpr AlgorithmInfo kAlgorithms[] = {
    {Algorithm::Tacos, "tacos", true, synthesizeTen},
    {Algorithm::Exact, "exact", false, synthesizeExact},
    {Algorithm::Ring, "ring", false, runBaselineOf<Baseline::Ring>},
    {Algorithm::Direct, "direct", false, runBaselineOf<Baseline::Direct>},
    {Algorithm::RHD, "rhd", false, runBaselineOf<Baseline::RHD>},
    {Algorithm::DBT, "dbt", false, runBaselineOf<Baseline::DBT>},
};

const AlgorithmInfo &info(Algorithm algorithm) {
  const AlgorithmInfo &row = kAlgorithms[size_t(algorithm)];
  return row;
}

/// Whatever every algorithm needs: a valid request, a network without
/// switches or undecided bandwidths, and every destination reachable, on
/// the network each phase runs on (G^T for a reduction, G for the spread).
std::string checkInput(const Network &network, const CollectiveSpec &spec,
                       const Problem &dualProblem) {
  if (std::string error = checkCollective(spec, network.numNpus());
      !error.empty())
    return error;
  if (!isCombining(spec.kind))
    return checkSynthesizable(network, dualProblem);
  if (std::string error =
          checkSynthesizable(transposed(network), dualProblem);
      !error.empty())
    return error;
  if (spec.kind == CollectiveKind::AllReduce)
    return checkSynthesizable(network, dualProblem);
  return "";
}

/// The native verifier's verdict, which shares nothing with the
/// synthesizers but the network and collective models.
std::string verifyResult(const Network &network, const CollectiveSpec &spec,
                         const AlgorithmResult &result,
                         const AlgorithmOptions &options) {
  VerificationSpec required =
      buildVerificationSpec(spec, network.numNpus(), options.model);
  std::vector<Violation> found = verifyAlgorithm(
      network, required, result.schedule.view(), result.timePs);
  if (found.empty())
    return "";
  return std::string("internal error: the ") +
         algorithmName(options.algorithm) + " schedule fails verification: " +
         propertyName(found[0].property) + ": " + found[0].message;
}

} // namespace

static_assert(std::size(kAlgorithms) == size_t(Algorithm::DBT) + 1,
              "every Algorithm has a row in kAlgorithms");

const char *algorithmName(Algorithm algorithm) {
  return info(algorithm).name;
}

std::optional<Algorithm> parseAlgorithm(std::string_view name) {
  for (const AlgorithmInfo &row : kAlgorithms)
    if (name == row.name)
      return row.algorithm;
  return std::nullopt;
}

std::vector<Algorithm> allAlgorithms() {
  std::vector<Algorithm> all;
  for (const AlgorithmInfo &row : kAlgorithms)
    all.push_back(row.algorithm);
  return all;
}

std::string algorithmNameList() {
  std::string list;
  size_t n = std::size(kAlgorithms);
  for (size_t i = 0; i < n; ++i) {
    if (i)
      list += i + 1 == n ? " or " : ", ";
    list += kAlgorithms[i].name;
  }
  return list;
}

bool isSeeded(Algorithm algorithm) { return info(algorithm).seeded; }

AlgorithmResult runAlgorithm(const Network &network, const Problem &problem,
                             const AlgorithmOptions &options) {
  return info(options.algorithm).run(network, problem, options);
}

AlgorithmResult synthesize(const Network &network, const CollectiveSpec &spec,
                           const AlgorithmOptions &options) {
  AlgorithmResult result;
  CollectiveSpec dual = spec;
  dual.kind = dualOf(spec.kind);
  Problem problem;
  // The request is checked before its problem is built: buildProblem trusts
  // the chunk count (a negative or huge chunks(k) would make it loop for
  // hours over 2^32 chunks).
  result.error = checkCollective(spec, network.numNpus());
  if (result.error.empty())
    result.error = buildProblem(dual, network.numNpus(), problem);
  if (result.error.empty())
    result.error = checkInput(network, spec, problem);
  if (!result.error.empty())
    return result;

  auto started = std::chrono::steady_clock::now();
  result = isCombining(spec.kind)
               ? synthesizeCombining(network, spec, problem, options)
               : runAlgorithm(network, problem, options);
  result.synthesisMs = std::chrono::duration<double, std::milli>(
                           std::chrono::steady_clock::now() - started)
                           .count();
  if (!result.error.empty())
    return result;
  if (!options.materialize)
    result.schedule = Schedule();
  else if (options.verify)
    result.error = verifyResult(network, spec, result, options);
  return result;
}

} // namespace tacos
