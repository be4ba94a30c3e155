//===- Frontier.cpp - SCCL's Pareto frontier of steps and bandwidth -------===//
//
// For each step count S (from the least any schedule needs), the ratios R/C
// below the best so far are tried in increasing order; a ratio p/q in
// lowest terms is tried with C = q, 2q, ... <= maxChunks (a schedule with C
// chunks gives one with 2C by splitting every chunk, not the other way, so
// the larger multiples can succeed where q fails). The first success is the
// least R/C for S.
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/Frontier.h"
#include "SearchBudget.h"
#include "StepEncoding.h"
#include "tacos/Synthesis/StepSearch.h"
#include "tacos/Synthesis/TenSynthesizer.h"
#include "tacos/Verification/Verifier.h"

#include <algorithm>
#include <map>
#include <memory>
#include <numeric>

namespace tacos {

std::string Ratio::str() const {
  return std::to_string(num) + "/" + std::to_string(den);
}

namespace {

/// SCCL's alpha and beta: the largest link latency, the smallest bandwidth.
std::pair<int64_t, double> costModel(const Network &network) {
  int64_t alpha = 0;
  double bandwidth = 0;
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    alpha = std::max(alpha, network.latency(l));
    if (bandwidth == 0 || network.bandwidth(l) < bandwidth)
      bandwidth = network.bandwidth(l);
  }
  return {alpha, bandwidth};
}

/// The bandwidth bound on R/C: for every NPU, its deliveries with one chunk
/// per rank over the multiplicity of its in-links (deliveries grow with C).
Ratio bandwidthBound(const Network &network, const Problem &oneChunk) {
  std::vector<uint64_t> need = oneChunk.deliveriesPerNpu();
  Ratio most{0, 1};
  for (uint32_t v = 0; v < oneChunk.numNpus; ++v) {
    uint64_t in = network.inLinks(v).size();
    if (need[v] && in && most < Ratio{need[v], in})
      most = Ratio{need[v], in};
  }
  uint64_t g = std::gcd(most.num, most.den);
  return {most.num / g, most.den / g};
}

} // namespace

FrontierResult synthesizeFrontier(const Network &network,
                                  const CollectiveSpec &spec,
                                  const AlgorithmOptions &options,
                                  unsigned maxChunks) {
  FrontierResult result;
  SearchBudget budget(options);
  if (isCombining(spec.kind)) {
    result.error = std::string("the frontier takes non-combining collectives "
                               "(all_gather, broadcast, scatter, gather, "
                               "all_to_all), not ") +
                   collectiveName(spec.kind);
    return result;
  }
  if (maxChunks < 1 || maxChunks > kMaxFrontierChunks) {
    result.error = "max-chunks must be between 1 and " +
                   std::to_string(kMaxFrontierChunks) + ", got " +
                   std::to_string(maxChunks);
    return result;
  }
  if (network.numNpus() > kMaxStepSearchNpus) {
    result.error = "exact synthesis takes networks of at most " +
                   std::to_string(kMaxStepSearchNpus) + " NPUs, not " +
                   std::to_string(network.numNpus());
    return result;
  }

  // One problem per chunk count; all share the shape of C = 1.
  std::vector<CollectiveSpec> specs(maxChunks + 1, spec);
  std::vector<Problem> problems(maxChunks + 1);
  for (unsigned c = 1; c <= maxChunks; ++c) {
    specs[c].chunksPerRank = c;
    // A size too small for C chunks is refused for that C only.
    if (std::string error = checkCollective(specs[c], network.numNpus());
        !error.empty()) {
      if (c == 1) {
        result.error = error;
        return result;
      }
      maxChunks = c - 1;
      break;
    }
    if (std::string error = buildProblem(specs[c], network.numNpus(),
                                         problems[c]);
        !error.empty()) {
      result.error = error;
      return result;
    }
  }
  if (std::string error = checkSynthesizable(network, problems[1]);
      !error.empty()) {
    result.error = error;
    return result;
  }
  result.bound = bandwidthBound(network, problems[1]);
  auto [alpha, bandwidth] = costModel(network);


  // The most rounds a step can use with C chunks: its busiest pair carries
  // every chunk. Bounds the search before the first point is found.
  std::vector<unsigned> perStep(maxChunks + 1, 1), roundsBound(maxChunks + 1);
  unsigned fewestLinks = UINT32_MAX;
  for (uint32_t u = 0; u < network.numNpus(); ++u) {
    std::map<uint32_t, unsigned> multiplicity;
    for (LinkId l : network.outLinks(u))
      ++multiplicity[network.dst(l)];
    for (auto [v, m] : multiplicity)
      fewestLinks = std::min(fewestLinks, m);
  }
  for (unsigned c = 1; c <= maxChunks; ++c) {
    perStep[c] = (problems[c].numChunks() + fewestLinks - 1) / fewestLinks;
    roundsBound[c] = StepEncoding::roundsLowerBound(network, problems[c]);
  }

  unsigned fewestSteps =
      std::max(1u, StepEncoding::stepsLowerBound(network, problems[1]));
  std::optional<Ratio> best;
  result.stoppedAt = "max-steps";
  for (unsigned steps = fewestSteps; steps <= options.maxSteps; ++steps) {
    if (SearchLimit stop = budget.exhausted(); stop != SearchLimit::None) {
      result.stoppedBy = stop;
      result.unsearchedSteps = {steps, options.maxSteps};
      break;
    }
    // Every (R, C) whose ratio beats the best, grouped by ratio.
    std::map<std::pair<uint64_t, uint64_t>, std::vector<unsigned>> byRatio;
    for (unsigned c = 1; c <= maxChunks; ++c) {
      unsigned lowest = std::max(steps, roundsBound[c]);
      unsigned highest = steps * perStep[c];
      for (unsigned r = lowest; r <= highest; ++r) {
        if (best && !(Ratio{r, c} < *best))
          break;
        uint64_t g = std::gcd(uint64_t(r), uint64_t(c));
        byRatio[{r / g, c / g}].push_back(c);
      }
    }
    if (byRatio.empty()) {
      // Nothing left to improve with at most maxChunks chunks (only the
      // bound could remain, and it needs more chunks).
      result.stoppedAt = "max-chunks";
      break;
    }
    std::vector<std::pair<Ratio, std::vector<unsigned>>> ratios;
    for (auto &[key, cs] : byRatio) {
      std::sort(cs.begin(), cs.end());
      ratios.push_back({Ratio{key.first, key.second}, cs});
    }
    std::sort(ratios.begin(), ratios.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    // The checks of this step count in order: (rounds, chunks).
    std::vector<std::pair<unsigned, unsigned>> checks;
    for (auto &[ratio, cs] : ratios)
      for (unsigned c : cs)
        checks.push_back({unsigned(ratio.num * (c / ratio.den)), c});

    bool proved = true, found = false;
    size_t next = 0;
    for (; next < checks.size() && !found; ++next) {
      if (budget.exhausted() != SearchLimit::None)
        break;
      auto [rounds, c] = checks[next];
      // One encoding per check, with exactly the rounds it allows: cheap
      // to build (tens of ms), and fewer unary round variables than an
      // encoding shared by the several R of one C.
      auto encoding =
          std::make_unique<StepEncoding>(network, problems[c], steps, rounds);
      Z3_lbool answer = encoding->check(rounds, budget);
      if (answer == Z3_L_UNDEF) {
        proved = false;
        result.undecided.push_back({steps, rounds, c});
        continue;
      }
      if (answer == Z3_L_FALSE)
        continue;
      if (std::string error = encoding->checkModel(rounds); !error.empty()) {
        result.error = error;
        return result;
      }
      FrontierPoint point;
      point.steps = steps;
      point.rounds = encoding->rounds();
      point.chunks = c;
      point.proved = proved;
      point.spec = specs[c];
      point.result =
          timeStepSchedule(network, problems[c], encoding->sends(), options);
      if (!point.result.error.empty()) {
        result.error = point.result.error;
        return result;
      }
      point.result.steps = steps;
      point.result.rounds = point.rounds;
      if (options.verify) {
        VerificationSpec required =
            buildVerificationSpec(specs[c], network.numNpus(), options.model);
        std::vector<Violation> violations =
            verifyAlgorithm(network, required, point.result.schedule.view(),
                            point.result.timePs);
        if (!violations.empty()) {
          result.error = std::string("internal error: the frontier "
                                     "schedule fails verification: ") +
                         propertyName(violations[0].property) + ": " +
                         violations[0].message;
          return result;
        }
      }
      point.alphaPs = int64_t(steps) * alpha;
      uint64_t chunkBytes = 0;
      for (uint32_t k = 0; k < problems[c].numChunks(); ++k)
        chunkBytes = std::max(chunkBytes, problems[c].chunkBytes(k));
      point.betaPs = int64_t(
          double(point.rounds) * double(chunkBytes) / bandwidth * 1e12 + 0.5);
      point.foundMs = budget.elapsedMs();
      best = Ratio{point.rounds, c};
      result.points.push_back(std::move(point));
      found = true;
    }
    if (!found && next < checks.size()) {
      // A limit ran out before this step count was settled.
      result.stoppedBy = budget.exhausted();
      for (; next < checks.size(); ++next)
        result.undecided.push_back(
            {steps, checks[next].first, checks[next].second});
      if (steps < options.maxSteps)
        result.unsearchedSteps = {steps + 1, options.maxSteps};
      break;
    }
    if (found && *best == result.bound) {
      result.bandwidthOptimal = true;
      result.stoppedAt = "the bandwidth bound";
      break;
    }
  }
  if (result.stoppedBy == SearchLimit::None && !result.undecided.empty())
    result.stoppedBy = SearchLimit::NoAnswer;
  if (result.stoppedBy != SearchLimit::None)
    result.stoppedAt = searchLimitName(result.stoppedBy);
  result.synthesisMs = budget.elapsedMs();
  result.rlimitUsed = budget.used();
  if (!result.points.empty())
    return result;
  if (result.stoppedBy == SearchLimit::Deadline)
    result.error = timeoutMessage(options.limits, "frontier synthesis");
  else if (result.stoppedBy != SearchLimit::None)
    result.error = "the frontier search found no point before it stopped: " +
                   searchLimitMessage(result.stoppedBy, options);
  else
    result.error = "no frontier point within " +
                   std::to_string(options.maxSteps) + " steps and " +
                   std::to_string(maxChunks) + " chunks (stopped at " +
                   result.stoppedAt + ")";
  return result;
}

} // namespace tacos
