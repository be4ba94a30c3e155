//===- RootedRatios.cpp - Time over best lower bound on random networks ---===//
//
// Synthesizes rooted, group and All-to-All collectives on seeded random
// networks (explicit links, switches, products of dimensions; random roots,
// sizes, chunk counts and groups), verifies every schedule natively, and
// prints per collective the distribution of time / best lower bound:
//   build/bench/bench-rooted-ratios [CASES] [greedy]
// `greedy` turns the reservation router off (AlgorithmOptions::
// reservationRouting), which is the synthesis before issue 10 item 13; the
// bounds are the same in both runs.
//
//===----------------------------------------------------------------------===//

#include "tacos/Network/Unwind.h"
#include "tacos/Synthesis/Algorithms.h"
#include "tacos/Synthesis/LowerBounds.h"
#include "tacos/Verification/Verifier.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace tacos;

namespace {

constexpr int64_t kUs = 1'000'000;

LinkSpec randomLink(std::mt19937_64 &rng) {
  return {double(10 + rng() % 191) * 1e9, int64_t(1 + rng() % 6) * kUs / 2, ""};
}

/// One of three families, by case index: explicit links on a two-way ring
/// backbone; switches over random subsets plus one over everyone; a product
/// of two or three dimensions of random kinds.
TopologySpec randomSpec(std::mt19937_64 &rng, unsigned family) {
  TopologySpec spec;
  if (family == 2) {
    const DimKind kinds[] = {DimKind::Ring, DimKind::Line,
                             DimKind::FullyConnected, DimKind::Switch};
    unsigned dims = 2 + unsigned(rng() % 2);
    for (unsigned d = 0; d < dims; ++d)
      spec.dims.push_back({kinds[rng() % 4],
                           int64_t(2 + rng() % (dims == 2 ? 5 : 3)),
                           randomLink(rng)});
    return spec;
  }
  int64_t n = 4 + int64_t(rng() % 13);
  spec.explicitNpus = n;
  std::set<std::pair<int64_t, int64_t>> used;
  auto add = [&](int64_t a, int64_t b, bool both) {
    if (a == b || used.count({a, b}) || (both && used.count({b, a})))
      return;
    used.insert({a, b});
    if (both)
      used.insert({b, a});
    spec.links.push_back({a, b, both, false, randomLink(rng)});
  };
  if (family == 0) {
    for (int64_t v = 0; v < n; ++v)
      add(v, (v + 1) % n, true);
    for (int64_t e = 0; e < n; ++e)
      add(int64_t(rng() % n), int64_t(rng() % n), rng() % 2 == 0);
    return spec;
  }
  std::vector<int64_t> all(n);
  for (int64_t v = 0; v < n; ++v)
    all[v] = v;
  spec.switches.push_back({"all", all, randomLink(rng)});
  for (unsigned s = 0; s < 2; ++s) {
    std::vector<int64_t> ports;
    for (int64_t v = 0; v < n; ++v)
      if (rng() % 3 == 0)
        ports.push_back(v);
    if (ports.size() >= 2)
      spec.switches.push_back(
          {"s" + std::to_string(s), ports, randomLink(rng)});
  }
  for (int64_t e = 0; e < n / 2; ++e)
    add(int64_t(rng() % n), int64_t(rng() % n), true);
  return spec;
}

double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  size_t i = size_t(q * double(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

} // namespace

int main(int argc, char **argv) {
  unsigned cases = argc > 1 ? unsigned(std::atoi(argv[1])) : 300;
  bool greedy = argc > 2 && std::strcmp(argv[2], "greedy") == 0;
  const CollectiveKind kinds[] = {
      CollectiveKind::Broadcast, CollectiveKind::Reduce,
      CollectiveKind::Scatter,   CollectiveKind::Gather,
      CollectiveKind::AllToAll,  CollectiveKind::AllGather};
  // Against the best bound, and against the bounds before the path and
  // occupancy bounds (issue 10 item 12), which the report printed then.
  std::map<CollectiveKind, std::vector<double>> ratios, oldRatios;
  unsigned stronger = 0, measured = 0;
  unsigned failures = 0;
  double seconds = 0;
  for (unsigned i = 0; i < cases; ++i) {
    std::mt19937_64 rng(1000 + i);
    TopologySpec spec = randomSpec(rng, i % 3);
    if (!check(spec).empty())
      continue;
    std::vector<LinkOrigin> origins;
    Network network = unwindSwitches(buildNetwork(spec), origins);
    uint32_t n = network.numNpus();
    LinkModel model =
        rng() % 4 == 0 ? LinkModel::Pipelined : LinkModel::Blocking;
    for (CollectiveKind kind : kinds) {
      CollectiveSpec collective;
      collective.kind = kind;
      // A group in about half the cases (always for All-Gather: the whole
      // network's All-Gather is not what this measures).
      if (kind == CollectiveKind::AllGather || rng() % 2) {
        for (uint32_t v = 0; v < n; ++v)
          if (rng() % 2)
            collective.group.push_back(v);
        if (collective.group.size() < 2)
          collective.group = {0, int64_t(n - 1)};
      }
      int64_t g = collective.group.empty() ? n : collective.group.size();
      if (kind != CollectiveKind::AllToAll && kind != CollectiveKind::AllGather)
        collective.root = collective.group.empty()
                              ? int64_t(rng() % n)
                              : collective.group[rng() % g];
      collective.chunksPerRank = 1 + int64_t(rng() % 4);
      collective.sizeBytes =
          g * (int64_t(1) << (14 + rng() % 12)) * collective.chunksPerRank;
      if (!checkCollective(collective, n).empty())
        continue;
      AlgorithmOptions options;
      options.verify = false;
      options.model = model;
      options.seed = i;
      options.reservationRouting = !greedy;
      auto started = std::chrono::steady_clock::now();
      AlgorithmResult result = synthesize(network, collective, options);
      seconds += std::chrono::duration<double>(
                     std::chrono::steady_clock::now() - started)
                     .count();
      VerificationSpec vspec = buildVerificationSpec(collective, n, model);
      if (!result.error.empty() ||
          !verifyAlgorithm(network, vspec, result.schedule.view(),
                           result.timePs)
               .empty()) {
        std::fprintf(stderr, "case %u %s: %s\n", i, collectiveName(kind),
                     result.error.empty() ? "does not verify"
                                          : result.error.c_str());
        ++failures;
        continue;
      }
      // Combining collectives: their dual's bounds on G^T.
      CollectiveSpec dual = collective;
      dual.kind = dualOf(kind);
      Problem problem;
      buildProblem(dual, n, problem);
      LowerBounds bounds = computeLowerBounds(
          dual.kind == kind ? network : transposed(network), problem, model);
      if (result.timePs < bounds.best()) {
        std::fprintf(stderr, "case %u %s: time below the bound\n", i,
                     collectiveName(kind));
        ++failures;
      }
      double ratio = double(result.timePs) / double(bounds.best());
      ratios[kind].push_back(ratio);
      int64_t old = std::max(
          {bounds.ingressPs, bounds.latencyPs, bounds.discretePs,
           bounds.cutPs.value_or(0), bounds.loadPs.value_or(0)});
      oldRatios[kind].push_back(double(result.timePs) / double(old));
      stronger += bounds.best() > old;
      ++measured;
    }
  }
  std::printf("%u cases, %s synthesis, %.2f s synthesizing, %u failures\n",
              cases, greedy ? "greedy-only" : "greedy + router", seconds,
              failures);
  std::printf("path or occupancy above the other bounds in %u of %u\n",
              stronger, measured);
  std::printf("%-11s %6s %8s %8s %8s   %s\n", "collective", "count", "median",
              "p90", "max", "(old bounds: median p90 max)");
  for (CollectiveKind kind : kinds) {
    const std::vector<double> &v = ratios[kind], &o = oldRatios[kind];
    if (v.empty())
      continue;
    std::printf("%-11s %6zu %8.3f %8.3f %8.3f   %8.3f %8.3f %8.3f\n",
                collectiveName(kind), v.size(), quantile(v, 0.5),
                quantile(v, 0.9), *std::max_element(v.begin(), v.end()),
                quantile(o, 0.5), quantile(o, 0.9),
                *std::max_element(o.begin(), o.end()));
  }
  return failures == 0 ? 0 : 1;
}
