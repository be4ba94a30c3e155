//===- VerifierTest.cpp - The native verifier's six properties ------------===//
//
// Correct schedules must verify with no violation: synthesized and baseline
// ones for the non-combining collectives, and combining ones built by hand
// (ring and line algorithms) or by inverting synthesized All-Gathers and
// Broadcasts (docs/Algorithms.md, inversion). Each mutation of a correct schedule must be
// caught, and the first violation must name the property the mutation breaks
// (and the mutated transfer where there is one). Every check also runs on
// shuffled and reversed copies of the input, which must give the same
// violations: the verifier may not rely on the order transfers are stored in.
//
//===----------------------------------------------------------------------===//

#include "tacos/Verification/Verifier.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/Baselines.h"
#include "tacos/Synthesis/TenSynthesizer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace tacos;

namespace {

constexpr int64_t kUs = 1'000'000; // ps
constexpr int64_t kMB = 1'000'000;
/// One 1 MB chunk over a 50 GB/s, 1 us link: 20 us + 1 us.
constexpr int64_t kHop = 21 * kUs;

using NetworkPtr = std::shared_ptr<const Network>;

LinkSpec link(double bandwidth = 50e9, int64_t latency = kUs) {
  return {bandwidth, latency, ""};
}

NetworkPtr dims(std::vector<std::pair<DimKind, int64_t>> ds) {
  TopologySpec spec;
  for (auto [kind, size] : ds)
    spec.dims.push_back({kind, size, link()});
  EXPECT_TRUE(check(spec).empty());
  return std::make_shared<Network>(buildNetwork(spec));
}

NetworkPtr ring(int64_t n) { return dims({{DimKind::Ring, n}}); }
NetworkPtr line(int64_t n) { return dims({{DimKind::Line, n}}); }

/// A random strongly connected network: a one-way ring backbone plus random
/// links, bandwidths and latencies.
NetworkPtr randomNetwork(uint64_t seed, uint32_t n) {
  std::mt19937_64 rng(seed);
  TopologySpec spec;
  spec.explicitNpus = n;
  auto randomLink = [&] {
    return link(double(10 + rng() % 90) * 1e9, int64_t(1 + rng() % 5) * kUs);
  };
  std::set<std::pair<int64_t, int64_t>> used;
  for (uint32_t v = 0; v < n; ++v) {
    spec.links.push_back({v, (v + 1) % n, false, false, randomLink()});
    used.insert({v, (v + 1) % n});
  }
  for (uint32_t e = 0; e < 2 * n; ++e) {
    int64_t a = rng() % n, b = rng() % n;
    if (a == b || !used.insert({a, b}).second)
      continue;
    spec.links.push_back({a, b, false, false, randomLink()});
  }
  EXPECT_TRUE(check(spec).empty());
  return std::make_shared<Network>(buildNetwork(spec));
}

/// Every link reversed, with the same cost.
NetworkPtr reversedLinks(const Network &g) {
  NetworkBuilder builder(g.numNpus());
  for (LinkId l = 0; l < g.numLinks(); ++l)
    builder.addLink(g.dst(l), g.src(l), link(g.bandwidth(l), g.latency(l)));
  return std::make_shared<Network>(builder.build());
}

CollectiveSpec collective(CollectiveKind kind, int64_t size,
                          std::vector<int64_t> group = {},
                          std::optional<int64_t> root = std::nullopt,
                          int64_t chunks = 1) {
  CollectiveSpec spec;
  spec.kind = kind;
  spec.sizeBytes = size;
  spec.group = std::move(group);
  spec.root = root;
  spec.chunksPerRank = chunks;
  return spec;
}

Problem problemOf(const Network &network, const CollectiveSpec &spec) {
  EXPECT_EQ(checkCollective(spec, network.numNpus()), "");
  Problem problem;
  EXPECT_EQ(buildProblem(spec, network.numNpus(), problem), "");
  return problem;
}

std::vector<Transfer> transfersOf(const ScheduleView &view) {
  std::vector<Transfer> out;
  for (size_t i = 0; i < view.size(); ++i)
    out.push_back(view[i]);
  return out;
}

Schedule scheduleOf(const std::vector<Transfer> &transfers) {
  Schedule schedule;
  for (const Transfer &t : transfers)
    schedule.push_back(t);
  return schedule;
}

int64_t lastEnd(const std::vector<Transfer> &transfers) {
  int64_t end = 0;
  for (const Transfer &t : transfers)
    end = std::max(end, t.end);
  return end;
}

/// A collective, the network it runs on, and a correct schedule for it.
struct Case {
  std::string name;
  NetworkPtr network;
  CollectiveSpec collective;
  LinkModel model = LinkModel::Blocking;
  std::vector<Transfer> transfers;
  int64_t time = 0;

  VerificationSpec spec() const {
    return buildVerificationSpec(collective, network->numNpus(), model);
  }
  /// Cost of transfer t's link under the case's model.
  LinkCost cost(const Transfer &t) const {
    std::optional<LinkId> l = findLink(*network, t.src, t.dst, t.lane);
    EXPECT_TRUE(l.has_value());
    return linkCost(*network, *l, spec().chunkSizes.bytes(t.chunk), model);
  }
};

std::string describe(const std::vector<Violation> &violations) {
  std::string s;
  for (const Violation &v : violations)
    s += std::string("\n  ") + propertyName(v.property) + " @" +
         (v.transfer == SIZE_MAX ? std::string("-")
                                 : std::to_string(v.transfer)) +
         ": " + v.message;
  return s;
}

/// (property, transfer, message) of each violation, sorted, with transfer
/// indices mapped through `inputIndex`.
using Key = std::tuple<int, size_t, std::string>;
std::vector<Key> keysOf(const std::vector<Violation> &violations,
                        const std::vector<size_t> &inputIndex) {
  std::vector<Key> keys;
  for (const Violation &v : violations)
    keys.emplace_back(
        int(v.property),
        v.transfer == SIZE_MAX ? SIZE_MAX : inputIndex[v.transfer], v.message);
  std::sort(keys.begin(), keys.end());
  return keys;
}

/// Verifies `transfers` as given; also checks that a shuffled and a reversed
/// copy give the same complete list of violations.
std::vector<Violation> verify(const Network &network,
                              const VerificationSpec &spec,
                              const std::vector<Transfer> &transfers,
                              int64_t time, size_t maxViolations = 1) {
  Schedule schedule = scheduleOf(transfers);
  std::vector<Violation> result =
      verifyAlgorithm(network, spec, schedule.view(), time, {maxViolations});
  std::vector<size_t> identity(transfers.size());
  std::iota(identity.begin(), identity.end(), size_t(0));
  std::vector<Key> all = keysOf(
      verifyAlgorithm(network, spec, schedule.view(), time, {0}), identity);
  std::vector<size_t> reversed(identity.rbegin(), identity.rend());
  std::vector<size_t> shuffled = identity;
  std::shuffle(shuffled.begin(), shuffled.end(),
               std::mt19937_64(transfers.size()));
  for (const std::vector<size_t> *order : {&reversed, &shuffled}) {
    std::vector<Transfer> permuted;
    for (size_t i : *order)
      permuted.push_back(transfers[i]);
    Schedule other = scheduleOf(permuted);
    EXPECT_EQ(
        keysOf(verifyAlgorithm(network, spec, other.view(), time, {0}), *order),
        all)
        << (order == &reversed ? "reversed" : "shuffled");
  }
  return result;
}

std::vector<Violation> verify(const Case &c,
                              const std::vector<Transfer> &transfers,
                              int64_t time, size_t maxViolations = 1) {
  return verify(*c.network, c.spec(), transfers, time, maxViolations);
}

//===----------------------------------------------------------------------===//
// Correct schedules
//===----------------------------------------------------------------------===//

Case synthesized(std::string name, NetworkPtr network, CollectiveSpec spec,
                 LinkModel model = LinkModel::Blocking) {
  Problem problem = problemOf(*network, spec);
  AlgorithmOptions options;
  options.model = model;
  AlgorithmResult result = synthesizeTen(*network, problem, options);
  EXPECT_EQ(result.error, "") << name;
  return {std::move(name),
          std::move(network),
          std::move(spec),
          model,
          transfersOf(result.schedule.view()),
          result.timePs};
}

Case baseline(std::string name, Baseline which, NetworkPtr network,
              CollectiveSpec spec) {
  Problem problem = problemOf(*network, spec);
  Schedule untimed;
  EXPECT_EQ(buildBaseline(which, *network, problem, untimed), "") << name;
  SimulationResult timed =
      simulate(*network, problem, untimed.view(), LinkModel::Blocking);
  EXPECT_EQ(timed.error, "") << name;
  return {std::move(name),
          std::move(network),
          std::move(spec),
          LinkModel::Blocking,
          transfersOf(timed.schedule.view()),
          timed.timePs};
}

/// A case whose transfers are filled in by hand.
Case handMade(std::string name, NetworkPtr network, CollectiveSpec spec) {
  Case c;
  c.name = std::move(name);
  c.network = std::move(network);
  c.collective = std::move(spec);
  return c;
}

Transfer reduce(uint32_t chunk, uint32_t src, uint32_t dst, int64_t start,
                int64_t end) {
  return {chunk, src, dst, 0, TransferKind::Reduce, start, end};
}
Transfer copy(uint32_t chunk, uint32_t src, uint32_t dst, int64_t start,
              int64_t end) {
  return {chunk, src, dst, 0, TransferKind::Copy, start, end};
}

/// Ring Reduce-Scatter on ring(n), 1 MB chunks: in step s, rank r reduces
/// chunk (r - s - 1) mod n into rank r + 1 (the time-reversed ring
/// All-Gather); chunk c ends complete at rank c. With `allGather`, the ring
/// All-Gather of the reduced chunks follows: in step s, rank r copies chunk
/// (r - s) mod n to rank r + 1.
Case ringReduction(uint32_t n, bool allGather) {
  Case c = handMade(std::string("ring(") + std::to_string(n) + ") " +
                        (allGather ? "all_reduce" : "reduce_scatter"),
                    ring(n),
                    collective(allGather ? CollectiveKind::AllReduce
                                         : CollectiveKind::ReduceScatter,
                               n * kMB));
  auto mod = [n](int64_t x) { return uint32_t(((x % n) + n) % n); };
  for (int64_t s = 0; s + 1 < n; ++s)
    for (int64_t r = 0; r < n; ++r)
      c.transfers.push_back(reduce(mod(r - s - 1), uint32_t(r), mod(r + 1),
                                   s * kHop, (s + 1) * kHop));
  if (allGather)
    for (int64_t s = 0; s + 1 < n; ++s)
      for (int64_t r = 0; r < n; ++r)
        c.transfers.push_back(copy(mod(r - s), uint32_t(r), mod(r + 1),
                                   (n - 1 + s) * kHop, (n + s) * kHop));
  c.time = lastEnd(c.transfers);
  return c;
}

/// Reduce into npu 0 on ring(4): 2 -> 1 -> 0 and 3 -> 0.
Case ringReduce() {
  Case c = handMade("ring(4) reduce", ring(4),
                    collective(CollectiveKind::Reduce, kMB, {}, 0));
  c.transfers = {reduce(0, 2, 1, 0, kHop), reduce(0, 3, 0, 0, kHop),
                 reduce(0, 1, 0, kHop, 2 * kHop)};
  c.time = 2 * kHop;
  return c;
}

/// line(3) Reduce-Scatter (chunk c ends at npu c), optionally followed by an
/// All-Gather of the reduced chunks.
Case lineReduction(bool allGather) {
  Case c = handMade(allGather ? "line(3) all_reduce" : "line(3) reduce_scatter",
                    line(3),
                    collective(allGather ? CollectiveKind::AllReduce
                                         : CollectiveKind::ReduceScatter,
                               3 * kMB));
  const int64_t d = kHop;
  c.transfers = {reduce(0, 2, 1, 0, d),     reduce(0, 1, 0, d, 2 * d),
                 reduce(2, 0, 1, 0, d),     reduce(2, 1, 2, d, 2 * d),
                 reduce(1, 0, 1, d, 2 * d), reduce(1, 2, 1, d, 2 * d)};
  if (allGather) {
    std::vector<Transfer> gather = {
        copy(0, 0, 1, 2 * d, 3 * d), copy(0, 1, 2, 3 * d, 4 * d),
        copy(2, 2, 1, 2 * d, 3 * d), copy(2, 1, 0, 3 * d, 4 * d),
        copy(1, 1, 0, 2 * d, 3 * d), copy(1, 1, 2, 2 * d, 3 * d)};
    c.transfers.insert(c.transfers.end(), gather.begin(), gather.end());
  }
  c.time = lastEnd(c.transfers);
  return c;
}

/// Reduce into npu 0 on line(3), two chunks pipelined along 2 -> 1 -> 0.
Case lineReduce() {
  Case c = handMade("line(3) reduce", line(3),
                    collective(CollectiveKind::Reduce, 2 * kMB, {}, 0, 2));
  const int64_t d = kHop;
  c.transfers = {reduce(0, 2, 1, 0, d), reduce(0, 1, 0, d, 2 * d),
                 reduce(1, 2, 1, d, 2 * d), reduce(1, 1, 0, 2 * d, 3 * d)};
  c.time = 3 * d;
  return c;
}

/// Group [0, 2] on line(3): npu 1 only relays partial sums, holding no
/// contribution of its own. Reduce into npu 0, or Reduce-Scatter (chunk 0
/// ends at npu 0, chunk 1 at npu 2).
Case lineGroupReduction(bool scatter) {
  Case c = handMade(
      scatter ? "line(3) group reduce_scatter" : "line(3) group reduce",
      line(3),
      scatter ? collective(CollectiveKind::ReduceScatter, 2 * kMB, {0, 2})
              : collective(CollectiveKind::Reduce, kMB, {0, 2}, 0));
  const int64_t d = kHop;
  c.transfers = {reduce(0, 2, 1, 0, d), reduce(0, 1, 0, d, 2 * d)};
  if (scatter) {
    c.transfers.push_back(reduce(1, 0, 1, 0, d));
    c.transfers.push_back(reduce(1, 1, 2, d, 2 * d));
  }
  c.time = 2 * d;
  return c;
}

/// docs/Algorithms.md, inversion: a transfer of chunk c over u -> v during [s, e] in a
/// schedule on G^T becomes a reduce of c over v -> u during [T - e, T - s] on
/// G. Requires every (chunk, destination) to be served once (a tree).
std::vector<Transfer> invert(const std::vector<Transfer> &transfers,
                             int64_t time) {
  std::set<std::pair<uint32_t, uint32_t>> served;
  std::vector<Transfer> out;
  for (const Transfer &t : transfers) {
    EXPECT_TRUE(served.insert({t.chunk, t.dst}).second)
        << "chunk " << t.chunk << " reaches " << t.dst << " twice";
    out.push_back({t.chunk, t.dst, t.src, t.lane, TransferKind::Reduce,
                   time - t.end, time - t.start});
  }
  return out;
}

/// Reduce-Scatter (from All-Gather), Reduce (from Broadcast) and All-Reduce
/// (that Reduce-Scatter, then an All-Gather on G) on `network`.
std::vector<Case> inverted(const std::string &name, NetworkPtr network) {
  NetworkPtr reversed = reversedLinks(*network);
  uint32_t n = network->numNpus();
  std::vector<Case> cases;
  CollectiveSpec ag = collective(CollectiveKind::AllGather, n * kMB);
  Case dual = synthesized(name + " dual", reversed, ag);
  Case rs = handMade(name + " inverted reduce_scatter", network,
                     collective(CollectiveKind::ReduceScatter, n * kMB));
  rs.transfers = invert(dual.transfers, dual.time);
  rs.time = dual.time;
  cases.push_back(rs);

  Case bc =
      synthesized(name + " dual broadcast", reversed,
                  collective(CollectiveKind::Broadcast, 2 * kMB, {}, n - 1, 2));
  Case rd = handMade(name + " inverted reduce", network,
                     collective(CollectiveKind::Reduce, 2 * kMB, {}, n - 1, 2));
  rd.transfers = invert(bc.transfers, bc.time);
  rd.time = bc.time;
  cases.push_back(rd);

  Case gather = synthesized(name + " all_gather", network, ag);
  Case ar = handMade(name + " inverted all_reduce", network,
                     collective(CollectiveKind::AllReduce, n * kMB));
  ar.transfers = rs.transfers;
  for (Transfer t : gather.transfers) {
    t.start += rs.time;
    t.end += rs.time;
    ar.transfers.push_back(t);
  }
  ar.time = rs.time + gather.time;
  cases.push_back(ar);
  return cases;
}

std::vector<Case> nonCombiningCases() {
  std::vector<Case> cases;
  struct Net {
    std::string name;
    NetworkPtr network;
    std::vector<int64_t> group;
    int64_t root;
  };
  std::vector<Net> nets = {
      {"ring(4)", ring(4), {}, 1},
      {"mesh 3x3", dims({{DimKind::Line, 3}, {DimKind::Line, 3}}), {}, 4},
      {"random(7)", randomNetwork(7, 7), {}, 3},
      {"random(9)", randomNetwork(11, 9), {}, 0},
      {"mesh 3x3 group",
       dims({{DimKind::Line, 3}, {DimKind::Line, 3}}),
       {0, 2, 6, 8, 5},
       6},
  };
  for (const Net &net : nets) {
    uint32_t g =
        net.group.empty() ? net.network->numNpus() : uint32_t(net.group.size());
    cases.push_back(synthesized(net.name + " all_gather", net.network,
                                collective(CollectiveKind::AllGather, g * kMB,
                                           net.group, std::nullopt, 2)));
    cases.push_back(synthesized(net.name + " broadcast", net.network,
                                collective(CollectiveKind::Broadcast, 3 * kMB,
                                           net.group, net.root, 3)));
    cases.push_back(synthesized(
        net.name + " scatter", net.network,
        collective(CollectiveKind::Scatter, g * kMB, net.group, net.root)));
    cases.push_back(synthesized(
        net.name + " gather", net.network,
        collective(CollectiveKind::Gather, g * kMB, net.group, net.root)));
    cases.push_back(
        synthesized(net.name + " all_to_all", net.network,
                    collective(CollectiveKind::AllToAll, g * kMB, net.group)));
  }
  cases.push_back(synthesized(
      "line(4) pipelined all_gather", line(4),
      collective(CollectiveKind::AllGather, 12 * kMB, {}, std::nullopt, 3),
      LinkModel::Pipelined));
  cases.push_back(
      synthesized("mesh 3x3 pipelined broadcast",
                  dims({{DimKind::Line, 3}, {DimKind::Line, 3}}),
                  collective(CollectiveKind::Broadcast, 4 * kMB, {}, 0, 4),
                  LinkModel::Pipelined));
  cases.push_back(baseline("ring(4) ring all_gather", Baseline::Ring, ring(4),
                           collective(CollectiveKind::AllGather, 4 * kMB)));
  cases.push_back(
      baseline("mesh 3x3 dbt broadcast", Baseline::DBT,
               dims({{DimKind::Line, 3}, {DimKind::Line, 3}}),
               collective(CollectiveKind::Broadcast, 2 * kMB, {}, 0, 2)));
  return cases;
}

std::vector<Case> combiningCases() {
  std::vector<Case> cases = {
      ringReduction(4, false),   ringReduction(4, true),  ringReduce(),
      lineReduction(false),      lineReduction(true),     lineReduce(),
      lineGroupReduction(false), lineGroupReduction(true)};
  for (Case &c :
       inverted("mesh 3x3", dims({{DimKind::Line, 3}, {DimKind::Line, 3}})))
    cases.push_back(std::move(c));
  for (Case &c : inverted("random(8)", randomNetwork(3, 8)))
    cases.push_back(std::move(c));
  return cases;
}

//===----------------------------------------------------------------------===//
// Mutations
//===----------------------------------------------------------------------===//

void expectFirst(const std::vector<Violation> &violations, Property property,
                 size_t transfer, const std::string &what) {
  ASSERT_FALSE(violations.empty()) << what << ": nothing found";
  EXPECT_EQ(propertyName(violations[0].property), propertyName(property))
      << what << describe(violations);
  EXPECT_EQ(violations[0].transfer, transfer) << what << describe(violations);
}

/// What a case's spec says about each chunk.
struct Facts {
  std::vector<std::set<uint32_t>> holders, required;
  explicit Facts(const VerificationSpec &spec) {
    for (const auto &pairs : spec.initial) {
      holders.emplace_back();
      for (auto [npu, rank] : pairs)
        holders.back().insert(npu);
    }
    for (const auto &npus : spec.required)
      required.emplace_back(npus.begin(), npus.end());
  }
};

bool sameLink(const Transfer &a, const Transfer &b) {
  return a.src == b.src && a.dst == b.dst && a.lane == b.lane;
}

/// Which mutations found a place to apply.
struct Applied {
  bool drop = false, causality = false, isolatedCausality = false,
       overlap = false, shorten = false, twice = false, dropLast = false;
};

/// The property a missing final arrival of chunk c at v breaks: Delivery if
/// v then holds nothing, Reduction if it holds an incomplete value.
Property missingArrival(const Facts &facts, const std::vector<Transfer> &rest,
                        uint32_t chunk, uint32_t v) {
  bool holdsSomething = facts.holders[chunk].count(v) > 0;
  for (const Transfer &t : rest)
    holdsSomething = holdsSomething || (t.chunk == chunk && t.dst == v);
  return holdsSomething ? Property::Reduction : Property::Delivery;
}

/// Applies each mutation to a correct case wherever it finds a place for
/// it, and checks the first violation (or, with no limit, all of them).
Applied mutate(const Case &c) {
  SCOPED_TRACE(c.name);
  Applied applied;
  const std::vector<Transfer> &ts = c.transfers;
  Facts facts(c.spec());
  bool combining = isCombining(c.collective.kind);
  size_t n = ts.size();
  std::vector<size_t> byEnd(n);
  std::iota(byEnd.begin(), byEnd.end(), size_t(0));
  // Latest end first, ties by index.
  std::sort(byEnd.begin(), byEnd.end(), [&](size_t a, size_t b) {
    return ts[a].end != ts[b].end ? ts[a].end > ts[b].end : a < b;
  });

  // 1. Drop a final arrival nothing depends on.
  for (size_t i : byEnd) {
    uint32_t chunk = ts[i].chunk, v = ts[i].dst;
    if (!facts.required[chunk].count(v) || facts.holders[chunk].count(v))
      continue;
    bool dependedOn = false, later = false, other = false;
    for (size_t j = 0; j < n; ++j) {
      if (j == i || ts[j].chunk != chunk)
        continue;
      dependedOn = dependedOn || (ts[j].src == v && ts[j].start >= ts[i].end);
      later = later || (ts[j].dst == v && ts[j].end > ts[i].end);
      other = other || ts[j].dst == v;
    }
    if (dependedOn || later || (!combining && other))
      continue;
    std::vector<Transfer> rest = ts;
    rest.erase(rest.begin() + i);
    expectFirst(verify(c, rest, c.time), missingArrival(facts, rest, chunk, v),
                SIZE_MAX, "drop " + std::to_string(i));
    applied.drop = true;
    break;
  }
  // In combining cases every participant holds its own contribution, so a
  // dropped final arrival into one is a Reduction violation.
  for (size_t i : byEnd) {
    if (!combining || applied.drop)
      break;
    uint32_t chunk = ts[i].chunk, v = ts[i].dst;
    if (!facts.required[chunk].count(v))
      continue;
    bool dependedOn = false, later = false;
    for (size_t j = 0; j < n; ++j) {
      if (j == i || ts[j].chunk != chunk)
        continue;
      dependedOn = dependedOn || (ts[j].src == v && ts[j].start >= ts[i].end);
      later = later || (ts[j].dst == v && ts[j].end > ts[i].end);
    }
    if (dependedOn || later)
      continue;
    std::vector<Transfer> rest = ts;
    rest.erase(rest.begin() + i);
    expectFirst(verify(c, rest, c.time), Property::Reduction, SIZE_MAX,
                "drop " + std::to_string(i));
    applied.drop = true;
  }

  // 2. Send a chunk before it arrives: move a relayed transfer earlier, to
  // a time its link is free, so that only causality breaks. Where the link
  // is busy until the chunk arrives (tight schedules), move it earlier by
  // its duration anyway: then it also overlaps, which is reported first,
  // and causality must follow for the same transfer.
  auto busyEnd = [&](const Transfer &t) {
    return c.model == LinkModel::Blocking ? t.end
                                          : t.start + c.cost(t).occupancy;
  };
  std::optional<std::pair<size_t, int64_t>> fallback;
  for (size_t j = 0; j < n && !applied.causality; ++j) {
    const Transfer &t = ts[j];
    if (facts.holders[t.chunk].count(t.src))
      continue;
    int64_t arrival = INT64_MAX;
    for (const Transfer &u : ts)
      if (u.chunk == t.chunk && u.dst == t.src)
        arrival = std::min(arrival, u.end);
    int64_t duration = t.end - t.start;
    int64_t busy = busyEnd(t) - t.start;
    // Candidate starts: where the link frees up, and just before arrival.
    std::vector<int64_t> starts = {0, t.start - duration, arrival - duration,
                                   arrival - 1};
    for (const Transfer &k : ts)
      if (sameLink(k, t))
        starts.push_back(busyEnd(k));
    // 1 ps later than "earlier by its duration", so that it starts after
    // the transfer it overlaps and the overlap is reported at it.
    if (!fallback && t.start - duration + 1 >= 0 &&
        t.start - duration + 1 < arrival)
      fallback = {j, t.start - duration + 1};
    for (int64_t start : starts) {
      if (start < 0 || start >= arrival)
        continue;
      bool free = true;
      for (size_t k = 0; k < n && free; ++k)
        if (k != j && sameLink(ts[k], t))
          free = start + busy <= ts[k].start || busyEnd(ts[k]) <= start;
      if (!free)
        continue;
      std::vector<Transfer> moved = ts;
      moved[j].start = start;
      moved[j].end = start + duration;
      expectFirst(verify(c, moved, c.time), Property::Causality, j,
                  "causality " + std::to_string(j));
      applied.causality = applied.isolatedCausality = true;
      break;
    }
  }
  if (!applied.causality && fallback) {
    auto [j, start] = *fallback;
    std::vector<Transfer> moved = ts;
    moved[j].start = start;
    moved[j].end = start + (ts[j].end - ts[j].start);
    std::vector<Violation> found = verify(c, moved, c.time, 0);
    expectFirst(found, Property::Overlap, j, "causality " + std::to_string(j));
    EXPECT_TRUE(found.size() >= 2 && found[1].property == Property::Causality &&
                found[1].transfer == j)
        << describe(found);
    applied.causality = true;
  }

  // 3. Overlap: move a later transfer on a link to 1 ps after an earlier
  // one starts, where its source already holds the chunk. Where there is no
  // such pair (every link carries one transfer, or later ones carry chunks
  // that arrive later), repeat a transfer 1 ps after itself.
  for (size_t a = 0; a < n && !applied.overlap; ++a)
    for (size_t k = 0; k < n && !applied.overlap; ++k) {
      if (k == a || !sameLink(ts[a], ts[k]) || ts[k].start <= ts[a].start)
        continue;
      int64_t start = ts[a].start + 1;
      bool holds = facts.holders[ts[k].chunk].count(ts[k].src) > 0;
      for (const Transfer &u : ts)
        holds = holds || (u.chunk == ts[k].chunk && u.dst == ts[k].src &&
                          u.end <= start);
      if (!holds || busyEnd(ts[a]) - ts[a].start <= 1)
        continue;
      std::vector<Transfer> moved = ts;
      moved[k].start = start;
      moved[k].end = start + (ts[k].end - ts[k].start);
      std::vector<Violation> found = verify(c, moved, c.time);
      expectFirst(found, Property::Overlap, k, "overlap " + std::to_string(k));
      if (!found.empty()) {
        EXPECT_NE(found[0].message.find("overlaps chunk " +
                                        std::to_string(ts[a].chunk) + " at [" +
                                        std::to_string(ts[a].start) + ", "),
                  std::string::npos)
            << found[0].message;
      }
      applied.overlap = true;
    }
  if (!applied.overlap && n) {
    size_t a = n / 2;
    Transfer again = ts[a];
    again.start += 1;
    again.end += 1;
    std::vector<Transfer> twice = ts;
    twice.push_back(again);
    expectFirst(verify(c, twice, c.time), Property::Overlap, n,
                "overlap with a repeat of " + std::to_string(a));
    applied.overlap = true;
  }

  // 4. Shorten a duration by 1 ps.
  if (n) {
    size_t m = n / 2;
    std::vector<Transfer> shorter = ts;
    shorter[m].end -= 1;
    std::vector<Violation> found = verify(c, shorter, c.time);
    expectFirst(found, Property::Link, m, "shorten");
    if (!found.empty()) {
      EXPECT_NE(found[0].message.find(": takes "), std::string::npos);
    }
    applied.shorten = true;
  }

  // 5. Count a contribution twice: repeat a transfer as a reduce after
  // everything else (its link is free, its source still holds the chunk, and
  // its destination already holds the source's contribution).
  if (n) {
    size_t r = n / 3;
    if (combining)
      while (ts[r].kind != TransferKind::Reduce)
        r = (r + 1) % n;
    Transfer again = ts[r];
    again.kind = TransferKind::Reduce;
    again.start = c.time;
    again.end = c.time + (ts[r].end - ts[r].start);
    std::vector<Transfer> twice = ts;
    twice.push_back(again);
    std::vector<Violation> found = verify(c, twice, c.time);
    expectFirst(found, Property::Reduction, n, "reduce twice");
    if (!found.empty()) {
      EXPECT_NE(
          found[0].message.find(combining ? " twice" : " single contribution"),
          std::string::npos);
    }
    // The reported time is now short of the last end.
    std::vector<Violation> all = verify(c, twice, c.time, 0);
    EXPECT_TRUE(!all.empty() && all.back().property == Property::Time)
        << describe(all);
    applied.twice = true;
  }

  // 6. Drop the last transfer but keep the reported time: the delivery it
  // made is missing, and the reported time is later than the last end.
  if (n) {
    size_t last = byEnd.front();
    std::vector<Transfer> rest = ts;
    rest.erase(rest.begin() + last);
    uint32_t chunk = ts[last].chunk, v = ts[last].dst;
    std::vector<Property> expected;
    bool served = false;
    for (const Transfer &t : rest)
      served = served || (t.chunk == chunk && t.dst == v);
    if (facts.required[chunk].count(v) && (combining || !served))
      expected.push_back(missingArrival(facts, rest, chunk, v));
    if (lastEnd(rest) != c.time)
      expected.push_back(Property::Time);
    std::vector<Violation> all = verify(c, rest, c.time, 0);
    std::vector<Property> got;
    for (const Violation &v : all)
      got.push_back(v.property);
    EXPECT_EQ(got, expected) << "drop last" << describe(all);
    applied.dropLast = true;
  }
  return applied;
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

TEST(VerifierTest, PropertyNames) {
  EXPECT_STREQ(propertyName(Property::Link), "link");
  EXPECT_STREQ(propertyName(Property::Overlap), "overlap");
  EXPECT_STREQ(propertyName(Property::Causality), "causality");
  EXPECT_STREQ(propertyName(Property::Delivery), "delivery");
  EXPECT_STREQ(propertyName(Property::Reduction), "reduction");
  EXPECT_STREQ(propertyName(Property::Time), "time");
}

TEST(VerifierTest, SpecOfEveryCollective) {
  using Pairs = std::vector<std::pair<uint32_t, uint32_t>>;
  using Npus = std::vector<uint32_t>;
  std::vector<int64_t> group = {5, 1, 3};
  auto build = [&](CollectiveKind kind, std::optional<int64_t> root) {
    CollectiveSpec spec = collective(kind, 12 * kMB, group, root, 2);
    EXPECT_EQ(checkCollective(spec, 6), "");
    return buildVerificationSpec(spec, 6, LinkModel::Pipelined);
  };
  Pairs everyone = {{5, 0}, {1, 1}, {3, 2}};

  VerificationSpec ag = build(CollectiveKind::AllGather, std::nullopt);
  EXPECT_EQ(ag.participants, Npus({5, 1, 3}));
  EXPECT_EQ(ag.model, LinkModel::Pipelined);
  ASSERT_EQ(ag.numChunks, 6u);
  EXPECT_EQ(ag.chunkSizes.bytes(0), uint64_t(2 * kMB));
  EXPECT_EQ(ag.initial[3], Pairs({{1, 1}})); // chunk r*k+i = 1*2+1
  EXPECT_EQ(ag.required[3], Npus({5, 1, 3}));

  VerificationSpec bc = build(CollectiveKind::Broadcast, 3);
  ASSERT_EQ(bc.numChunks, 2u);
  EXPECT_EQ(bc.chunkSizes.bytes(0), uint64_t(6 * kMB));
  EXPECT_EQ(bc.initial[1], Pairs({{3, 2}}));
  EXPECT_EQ(bc.required[1], Npus({5, 1, 3}));

  VerificationSpec sc = build(CollectiveKind::Scatter, 3);
  ASSERT_EQ(sc.numChunks, 6u);
  EXPECT_EQ(sc.initial[0], Pairs({{3, 2}}));
  EXPECT_EQ(sc.required[0], Npus({5}));
  EXPECT_EQ(sc.required[5], Npus({3}));

  VerificationSpec ga = build(CollectiveKind::Gather, 1);
  ASSERT_EQ(ga.numChunks, 6u);
  EXPECT_EQ(ga.initial[4], Pairs({{3, 2}}));
  EXPECT_EQ(ga.required[4], Npus({1}));

  VerificationSpec a2a = build(CollectiveKind::AllToAll, std::nullopt);
  ASSERT_EQ(a2a.numChunks, 18u);
  // Chunk (s*G + d)*k + i = (2*3 + 0)*2 + 1 goes from rank 2 to rank 0.
  EXPECT_EQ(a2a.initial[13], Pairs({{3, 2}}));
  EXPECT_EQ(a2a.required[13], Npus({5}));

  VerificationSpec rs = build(CollectiveKind::ReduceScatter, std::nullopt);
  ASSERT_EQ(rs.numChunks, 6u);
  EXPECT_EQ(rs.initial[2], everyone);
  EXPECT_EQ(rs.required[2], Npus({1}));

  VerificationSpec ar = build(CollectiveKind::AllReduce, std::nullopt);
  ASSERT_EQ(ar.numChunks, 6u);
  EXPECT_EQ(ar.initial[5], everyone);
  EXPECT_EQ(ar.required[5], Npus({5, 1, 3}));

  VerificationSpec rd = build(CollectiveKind::Reduce, 5);
  ASSERT_EQ(rd.numChunks, 2u);
  EXPECT_EQ(rd.chunkSizes.bytes(0), uint64_t(6 * kMB));
  EXPECT_EQ(rd.initial[0], everyone);
  EXPECT_EQ(rd.required[0], Npus({5}));

  // No group: every NPU, in id order.
  CollectiveSpec whole = collective(CollectiveKind::AllGather, 4 * kMB);
  VerificationSpec all = buildVerificationSpec(whole, 4, LinkModel::Blocking);
  EXPECT_EQ(all.participants, Npus({0, 1, 2, 3}));
  EXPECT_EQ(all.numChunks, 4u);
}

TEST(VerifierTest, CorrectNonCombiningSchedulesVerify) {
  for (const Case &c : nonCombiningCases()) {
    ASSERT_FALSE(c.transfers.empty()) << c.name;
    std::vector<Violation> found = verify(c, c.transfers, c.time, 0);
    EXPECT_TRUE(found.empty()) << c.name << describe(found);
  }
}

TEST(VerifierTest, CorrectCombiningSchedulesVerify) {
  for (const Case &c : combiningCases()) {
    ASSERT_FALSE(c.transfers.empty()) << c.name;
    std::vector<Violation> found = verify(c, c.transfers, c.time, 0);
    EXPECT_TRUE(found.empty()) << c.name << describe(found);
  }
}

TEST(VerifierTest, MutationsOfNonCombiningSchedules) {
  size_t isolated = 0, relaying = 0;
  for (const Case &c : nonCombiningCases()) {
    Applied applied = mutate(c);
    EXPECT_TRUE(applied.drop && applied.shorten && applied.twice &&
                applied.dropLast && applied.overlap)
        << c.name;
    // Causality applies wherever a chunk is relayed through an NPU.
    bool relays = false;
    Facts facts(c.spec());
    for (const Transfer &t : c.transfers)
      relays = relays || !facts.holders[t.chunk].count(t.src);
    EXPECT_EQ(applied.causality, relays) << c.name;
    relaying += relays;
    isolated += applied.isolatedCausality;
  }
  // Most cases leave room to break causality alone.
  EXPECT_GE(isolated * 2, relaying);
}

TEST(VerifierTest, MutationsOfCombiningSchedules) {
  for (const Case &c : combiningCases()) {
    Applied applied = mutate(c);
    EXPECT_TRUE(applied.drop) << c.name;
    EXPECT_TRUE(applied.shorten && applied.twice && applied.dropLast &&
                applied.overlap)
        << c.name;
    // Only the group cases relay through an NPU without a contribution;
    // there, sending before the partial sum arrives breaks causality alone.
    bool relays = false;
    Facts facts(c.spec());
    for (const Transfer &t : c.transfers)
      relays = relays || !facts.holders[t.chunk].count(t.src);
    EXPECT_EQ(applied.causality, relays) << c.name;
    EXPECT_EQ(applied.isolatedCausality, relays) << c.name;
  }
}

TEST(VerifierTest, Messages) {
  Case c = synthesized("ring(4) all_gather", ring(4),
                       collective(CollectiveKind::AllGather, 4 * kMB));
  std::vector<Transfer> ts = c.transfers;
  ASSERT_EQ(ts.size(), 12u);
  Transfer first = ts[0];
  for (const Transfer &t : ts)
    if (std::tie(t.start, t.chunk) < std::tie(first.start, first.chunk))
      first = t;

  // No such link: ring(4) has no 0 -> 2.
  std::vector<Transfer> bad = ts;
  bad.push_back(copy(0, 0, 2, 0, kHop));
  std::vector<Violation> found = verify(c, bad, c.time);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].property, Property::Link);
  EXPECT_EQ(found[0].transfer, ts.size());
  EXPECT_EQ(found[0].message, "chunk 0 over 0 -> 2 at [0, 21000000]: no such "
                              "link");

  // No such chunk, no such kind, no such lane.
  bad = ts;
  bad.push_back(copy(4, 0, 1, 0, kHop));
  found = verify(c, bad, c.time);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].message, "chunk 4 over 0 -> 1 at [0, 21000000]: no such "
                              "chunk (the collective has 4)");
  bad = ts;
  bad.push_back({0, 0, 1, 0, TransferKind(7), 0, kHop});
  found = verify(c, bad, c.time);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].message, "chunk 0 over 0 -> 1 at [0, 21000000]: kind 7 "
                              "is neither copy (0) nor reduce (1)");
  bad = ts;
  bad.push_back({0, 0, 1, 1, TransferKind::Copy, 0, kHop});
  found = verify(c, bad, c.time);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].message, "chunk 0 over 0 -> 1 lane 1 at [0, 21000000]: "
                              "no such link");

  // Wrong duration, negative start.
  bad = ts;
  for (Transfer &t : bad)
    if (t == first)
      t.end -= 1000;
  found = verify(c, bad, c.time);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].message,
            "chunk " + std::to_string(first.chunk) + " over " +
                std::to_string(first.src) + " -> " + std::to_string(first.dst) +
                " at [0, 20999000]: takes 20999000 ps, the link needs "
                "21000000 ps");
  bad = ts;
  bad.push_back(copy(0, 0, 1, -5, kHop - 5));
  found = verify(c, bad, c.time);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].message,
            "chunk 0 over 0 -> 1 at [-5, 20999995]: starts before time 0");

  // Overlap: a second copy of chunk 0 over 0 -> 1 (0 owns it) 1 ps after
  // the first transfer on that link starts.
  const Transfer *on01 = nullptr;
  for (const Transfer &t : ts)
    if (t.src == 0 && t.dst == 1 && (!on01 || t.start < on01->start))
      on01 = &t;
  ASSERT_NE(on01, nullptr);
  bad = ts;
  bad.push_back(copy(0, 0, 1, on01->start + 1, on01->start + 1 + kHop));
  found = verify(c, bad, c.time);
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found[0].property, Property::Overlap);
  EXPECT_EQ(found[0].message,
            "chunk 0 over 0 -> 1 at [" + std::to_string(on01->start + 1) +
                ", " + std::to_string(on01->start + 1 + kHop) +
                "] overlaps chunk " + std::to_string(on01->chunk) + " at [" +
                std::to_string(on01->start) + ", " + std::to_string(on01->end) +
                "] on the same link");

  // Causality: on line(3), npu 1 does not hold the broadcast chunk at 0.
  NetworkPtr net = line(3);
  VerificationSpec bc =
      buildVerificationSpec(collective(CollectiveKind::Broadcast, kMB, {}, 0),
                            3, LinkModel::Blocking);
  found = verify(*net, bc, {copy(0, 1, 2, 0, kHop)}, kHop);
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found[0].property, Property::Causality);
  EXPECT_EQ(found[0].transfer, 0u);
  EXPECT_EQ(found[0].message, "chunk 0 leaves npu 1 at 0 ps before it is "
                              "there");

  // Delivery and time, with the schedule's real numbers.
  found = verify(c, {}, 0, 0);
  ASSERT_EQ(found.size(), 12u);
  EXPECT_EQ(found[0].property, Property::Delivery);
  EXPECT_EQ(found[0].message, "chunk 0 never reaches npu 1 by 0 ps");
  found = verify(c, ts, c.time - 1, 0);
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found.back().property, Property::Time);
  EXPECT_EQ(found.back().message, "reported time " +
                                      std::to_string(c.time - 1) +
                                      " ps, but the last transfer ends at " +
                                      std::to_string(c.time) + " ps");
  found = verify(c, {}, 5, 0);
  EXPECT_EQ(found.back().message,
            "reported time 5 ps, but there are no transfers (0 ps)");

  // Reduction: a reduce of chunk 0 into npu 1 after it has it. The chunk
  // has one contribution, so any reduce of it is the violation.
  bad = ts;
  bad.push_back(reduce(0, 0, 1, c.time, c.time + kHop));
  found = verify(c, bad, c.time + kHop);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].property, Property::Reduction);
  EXPECT_EQ(found[0].message,
            "chunk 0 reduced over 0 -> 1 at [" + std::to_string(c.time) + ", " +
                std::to_string(c.time + kHop) +
                "]: chunk 0 has a single contribution, so only a copy may "
                "move it");
}

// A reported time earlier than the last end is a Time violation, and only
// that: deliveries are then due by the last end, so that the one mistake is
// not reported again for every chunk that lands after it.
TEST(VerifierTest, ReportedTimeBeforeTheLastEnd) {
  Case c = synthesized("mesh 3x3 all_gather",
                       dims({{DimKind::Line, 3}, {DimKind::Line, 3}}),
                       collective(CollectiveKind::AllGather, 9 * kMB));
  std::vector<Violation> found = verify(c, c.transfers, c.time - 1, 0);
  ASSERT_EQ(found.size(), 1u) << describe(found);
  EXPECT_EQ(found[0].property, Property::Time);
  // A transfer missing as well (one nothing forwards from, ending before
  // the last end) is still a delivery violation, due by the last end.
  size_t dropped = c.transfers.size();
  for (size_t i = 0; i < c.transfers.size() && dropped == c.transfers.size();
       ++i) {
    const Transfer &t = c.transfers[i];
    bool forwarded = false;
    for (const Transfer &u : c.transfers)
      forwarded |= u.chunk == t.chunk && u.src == t.dst;
    if (!forwarded && t.end < c.time)
      dropped = i;
  }
  ASSERT_LT(dropped, c.transfers.size());
  std::vector<Transfer> missing = c.transfers;
  missing.erase(missing.begin() + dropped);
  found = verify(c, missing, c.time - 1, 0);
  ASSERT_EQ(found.size(), 2u) << describe(found);
  EXPECT_EQ(found[0].property, Property::Delivery);
  EXPECT_NE(found[0].message.find("by " + std::to_string(c.time) + " ps"),
            std::string::npos)
      << found[0].message;
  EXPECT_EQ(found[1].property, Property::Time);
  // A later reported time is only a Time violation.
  found = verify(c, c.transfers, c.time + 1, 0);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].property, Property::Time);
}

// A transfer that cannot move its chunk takes the chunk's later transfers
// and deliveries down with it: withoutConsequences keeps the first.
TEST(VerifierTest, WithoutConsequences) {
  NetworkPtr net = line(3);
  VerificationSpec bc = buildVerificationSpec(
      collective(CollectiveKind::Broadcast, 2 * kMB, {}, 0, 2), 3,
      LinkModel::Blocking);
  int64_t hop = kHop; // a chunk of 1 MB
  std::vector<Transfer> ts = {
      copy(0, 0, 2, 0, hop),       // no link 0 -> 2
      copy(0, 2, 1, hop, 2 * hop), // so npu 2 has nothing to send
      copy(1, 0, 1, 0, hop),       // chunk 1 reaches npu 1, never npu 2
  };
  Schedule schedule = scheduleOf(ts);
  std::vector<Violation> all =
      verifyAlgorithm(*net, bc, schedule.view(), 2 * hop, {0});
  std::vector<Violation> kept = withoutConsequences(all, schedule.view());
  ASSERT_EQ(kept.size(), 2u) << describe(all);
  EXPECT_EQ(kept[0].property, Property::Link);
  EXPECT_EQ(kept[0].transfer, 0u);
  EXPECT_EQ(kept[1].property, Property::Delivery);
  EXPECT_EQ(kept[1].chunk, 1u);
  EXPECT_GT(all.size(), kept.size());
}

TEST(VerifierTest, StopsAfterMaxViolationsInTimeOrder) {
  // Broadcast from npu 0 on line(3), plus three broken transfers stored
  // latest first: the violations still come in time order.
  NetworkPtr net = line(3);
  VerificationSpec bc =
      buildVerificationSpec(collective(CollectiveKind::Broadcast, kMB, {}, 0),
                            3, LinkModel::Blocking);
  std::vector<Transfer> ts = {
      copy(0, 0, 2, 5 * kHop, 6 * kHop), // no link 0 -> 2
      copy(7, 0, 1, 3 * kHop, 4 * kHop), // no chunk 7
      copy(0, 2, 1, 0, kHop),            // npu 2 has nothing to send
      copy(0, 0, 1, 0, kHop),
      copy(0, 1, 2, kHop, 2 * kHop),
  };
  std::vector<Violation> all = verify(*net, bc, ts, 6 * kHop, 0);
  ASSERT_EQ(all.size(), 3u) << describe(all);
  EXPECT_EQ(all[0].property, Property::Causality);
  EXPECT_EQ(all[0].transfer, 2u);
  EXPECT_EQ(all[1].property, Property::Link);
  EXPECT_EQ(all[1].transfer, 1u);
  EXPECT_EQ(all[2].property, Property::Link);
  EXPECT_EQ(all[2].transfer, 0u);
  EXPECT_EQ(verify(*net, bc, ts, 6 * kHop, 2).size(), 2u);
  EXPECT_EQ(verify(*net, bc, ts, 6 * kHop, 1).size(), 1u);
  // Global violations come after every transfer's: without its last
  // transfer chunk 0 never reaches npu 2, due by the last end (of the
  // transfer over the missing link, 6 hops) since the reported time of 0
  // is earlier.
  ts.pop_back();
  all = verify(*net, bc, ts, 0, 0);
  std::vector<Property> got;
  for (const Violation &v : all)
    got.push_back(v.property);
  EXPECT_EQ(got, std::vector<Property>({Property::Causality, Property::Link,
                                        Property::Link, Property::Delivery,
                                        Property::Time}))
      << describe(all);
  EXPECT_EQ(all[3].message, "chunk 0 never reaches npu 2 by " +
                                std::to_string(6 * kHop) + " ps");
  EXPECT_EQ(verify(*net, bc, ts, 0, 4).size(), 4u);
}

// Parallel links: the lane picks which one, and its cost is that link's.
TEST(VerifierTest, Lanes) {
  TopologySpec spec;
  spec.explicitNpus = 2;
  spec.links.push_back({0, 1, true, false, link(50e9, kUs)});
  spec.links.push_back({0, 1, false, true, link(100e9, kUs)});
  ASSERT_TRUE(check(spec).empty());
  Network network = buildNetwork(spec);
  CollectiveSpec bc = collective(CollectiveKind::Broadcast, 2 * kMB, {}, 0, 2);
  VerificationSpec vs =
      buildVerificationSpec(bc, network.numNpus(), LinkModel::Blocking);
  // Lane 0 is the 50 GB/s link (21 us), lane 1 the 100 GB/s one (11 us):
  // both chunks travel at once.
  int64_t fast = 11 * kUs;
  std::vector<Transfer> ts = {{0, 0, 1, 0, TransferKind::Copy, 0, kHop},
                              {1, 0, 1, 1, TransferKind::Copy, 0, fast}};
  EXPECT_TRUE(verify(network, vs, ts, kHop, 0).empty());
  ts[1].end = kHop;
  std::vector<Violation> found = verify(network, vs, ts, kHop);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].message, "chunk 1 over 0 -> 1 lane 1 at [0, 21000000]: "
                              "takes 21000000 ps, the link needs 11000000 ps");
  ts[1] = {1, 0, 1, 0, TransferKind::Copy, 1, kHop + 1};
  found = verify(network, vs, ts, kHop + 1);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].property, Property::Overlap);
}

// Pipelined links are busy for size/bandwidth only; the duration still
// includes the latency.
TEST(VerifierTest, PipelinedLinks) {
  NetworkPtr net = line(2);
  CollectiveSpec bc = collective(CollectiveKind::Broadcast, 3 * kMB, {}, 0, 3);
  VerificationSpec pipelined =
      buildVerificationSpec(bc, 2, LinkModel::Pipelined);
  VerificationSpec blocking = buildVerificationSpec(bc, 2, LinkModel::Blocking);
  const int64_t occupancy = 20 * kUs;
  std::vector<Transfer> ts;
  for (uint32_t c = 0; c < 3; ++c)
    ts.push_back(copy(c, 0, 1, c * occupancy, c * occupancy + kHop));
  int64_t time = 2 * occupancy + kHop;
  EXPECT_TRUE(verify(*net, pipelined, ts, time, 0).empty());
  std::vector<Violation> found = verify(*net, blocking, ts, time, 0);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].property, Property::Overlap);
  EXPECT_EQ(found[0].transfer, 1u);
  // One picosecond too early is an overlap under the pipelined model too.
  ts[2].start -= 1;
  ts[2].end -= 1;
  found = verify(*net, pipelined, ts, time - 1, 0);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].property, Property::Overlap);
  EXPECT_EQ(found[0].transfer, 2u);

  // A synthesized pipelined schedule verifies as pipelined, and overlaps as
  // blocking.
  Case c = synthesized(
      "line(4) pipelined all_gather", line(4),
      collective(CollectiveKind::AllGather, 12 * kMB, {}, std::nullopt, 3),
      LinkModel::Pipelined);
  EXPECT_TRUE(verify(c, c.transfers, c.time, 0).empty());
  VerificationSpec asBlocking = c.spec();
  asBlocking.model = LinkModel::Blocking;
  found = verify(*c.network, asBlocking, c.transfers, c.time);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].property, Property::Overlap);
}

// Beyond 64 participants contribution sets are fingerprints: a complete
// ring(70) Reduce-Scatter or All-Reduce verifies; a contribution counted
// twice is caught at the reduce when the count exceeds the total; a missing
// one, or one counted twice while another is missing, at the end.
TEST(VerifierTest, FingerprintsBeyond64Ranks) {
  for (bool allGather : {false, true}) {
    Case c = ringReduction(70, allGather);
    SCOPED_TRACE(c.name);
    EXPECT_TRUE(verify(c, c.transfers, c.time, 0).empty());
    // Chunk 0 is reduced along 1 -> 2 -> ... -> 69 -> 0, one hop a step.
    auto hopFrom = [&](uint32_t src) {
      for (size_t i = 0; i < c.transfers.size(); ++i)
        if (c.transfers[i].kind == TransferKind::Reduce &&
            c.transfers[i].chunk == 0 && c.transfers[i].src == src)
          return i;
      ADD_FAILURE() << "no reduce of chunk 0 from " << src;
      return size_t(0);
    };

    // The last hop into the owner, repeated after everything: the owner's
    // 70 contributions plus npu 69's (69 after the Reduce-Scatter, all 70
    // after the All-Gather).
    std::vector<Transfer> twice = c.transfers;
    Transfer again = c.transfers[hopFrom(69)];
    again.start = c.time;
    again.end = c.time + kHop;
    twice.push_back(again);
    std::vector<Violation> found = verify(c, twice, c.time + kHop);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].property, Property::Reduction);
    EXPECT_EQ(found[0].transfer, c.transfers.size());
    EXPECT_EQ(found[0].message, "chunk 0 reduced over 69 -> 0 at [" +
                                    std::to_string(c.time) + ", " +
                                    std::to_string(c.time + kHop) +
                                    "] counts a contribution twice (" +
                                    std::to_string(allGather ? 140 : 139) +
                                    " contributions, the chunk has 70)");

    // Without the first hop rank 1's contribution is missing. Every NPU
    // still holds its own, so nothing else breaks.
    std::vector<Transfer> rest = c.transfers;
    rest.erase(rest.begin() + hopFrom(1));
    found = verify(c, rest, c.time, 0);
    ASSERT_EQ(found.size(), allGather ? 70u : 1u) << describe(found);
    EXPECT_EQ(found[0].property, Property::Reduction);
    EXPECT_EQ(found[0].transfer, SIZE_MAX);
    EXPECT_EQ(found[0].message,
              "npu 0 ends with chunk 0 missing 1 of its 70 contributions");

    // And with npu 3 reducing its own into npu 2 over the idle reverse link
    // instead, rank 3 is counted twice: 70 contributions, but not the right
    // ones.
    rest.push_back(reduce(0, 3, 2, 0, kHop));
    found = verify(c, rest, c.time, 0);
    ASSERT_EQ(found.size(), allGather ? 70u : 1u) << describe(found);
    EXPECT_EQ(found[0].property, Property::Reduction);
    EXPECT_EQ(found[0].message, "npu 0 ends with chunk 0 counting some "
                                "contribution twice and missing another");
  }
}

// A copy replaces what its destination held, a reduce adds to it; a reduce
// into an NPU that holds nothing sets it.
TEST(VerifierTest, CopyReplacesReduceAdds) {
  NetworkPtr net = line(3);
  VerificationSpec rd = buildVerificationSpec(
      collective(CollectiveKind::Reduce, kMB, {}, 0), 3, LinkModel::Blocking);
  std::vector<Transfer> ts = {reduce(0, 2, 1, 0, kHop),
                              reduce(0, 1, 0, kHop, 2 * kHop)};
  EXPECT_TRUE(verify(*net, rd, ts, 2 * kHop, 0).empty());
  ts[1].kind = TransferKind::Copy;
  std::vector<Violation> found = verify(*net, rd, ts, 2 * kHop, 0);
  ASSERT_EQ(found.size(), 1u) << describe(found);
  EXPECT_EQ(found[0].property, Property::Reduction);
  EXPECT_EQ(found[0].transfer, SIZE_MAX);
  EXPECT_EQ(found[0].message,
            "npu 0 ends with chunk 0 missing the contribution of rank 0");

  // Group [0, 2]: npu 1 holds nothing until the first reduce sets it.
  VerificationSpec group =
      buildVerificationSpec(collective(CollectiveKind::Reduce, kMB, {0, 2}, 0),
                            3, LinkModel::Blocking);
  ts[1].kind = TransferKind::Reduce;
  EXPECT_TRUE(verify(*net, group, ts, 2 * kHop, 0).empty());
}

// Only chunks with several contributions are reduced: a reduce in a
// non-combining collective is a violation whether its destination holds the
// chunk (it would double it) or not, and it lands as a copy.
TEST(VerifierTest, SingleContributionChunksAreNotReduced) {
  NetworkPtr pair = dims({{DimKind::Ring, 2}});
  VerificationSpec ag = buildVerificationSpec(
      collective(CollectiveKind::AllGather, 2 * kMB), 2, LinkModel::Blocking);
  std::vector<Transfer> ts = {copy(0, 0, 1, 0, kHop), copy(1, 1, 0, 0, kHop),
                              reduce(0, 1, 0, kHop, 2 * kHop)};
  std::vector<Violation> found = verify(*pair, ag, ts, 2 * kHop, 0);
  ASSERT_EQ(found.size(), 1u) << describe(found);
  EXPECT_EQ(found[0].property, Property::Reduction);
  EXPECT_EQ(found[0].transfer, 2u);

  // Into an NPU that holds nothing: a Broadcast relayed by a reduce.
  NetworkPtr net = line(3);
  VerificationSpec bc =
      buildVerificationSpec(collective(CollectiveKind::Broadcast, kMB, {}, 0),
                            3, LinkModel::Blocking);
  ts = {copy(0, 0, 1, 0, kHop), reduce(0, 1, 2, kHop, 2 * kHop)};
  found = verify(*net, bc, ts, 2 * kHop, 0);
  ASSERT_EQ(found.size(), 1u) << describe(found);
  EXPECT_EQ(found[0].property, Property::Reduction);
  EXPECT_EQ(found[0].transfer, 1u);
  EXPECT_EQ(found[0].message,
            "chunk 0 reduced over 1 -> 2 at [21000000, 42000000]: chunk 0 has "
            "a single contribution, so only a copy may move it");
}

// Simultaneous writes of a combining chunk into one NPU where one is a copy
// race, in every order the input may list them; reduces alone do not.
// (verify() also checks that reversed and shuffled inputs give the same
// violations.)
TEST(VerifierTest, SimultaneousArrivalsDoNotDependOnOrder) {
  NetworkPtr net = line(3);
  VerificationSpec rd =
      buildVerificationSpec(collective(CollectiveKind::Reduce, kMB, {0, 2}, 0),
                            3, LinkModel::Blocking);
  // Relay npu 1 gets rank 1's part by a copy and rank 0's by a reduce at the
  // same time; landing the copy last would give a correct Reduce.
  std::vector<Transfer> ts = {copy(0, 2, 1, 0, kHop), reduce(0, 0, 1, 0, kHop),
                              reduce(0, 1, 0, kHop, 2 * kHop)};
  for (int order = 0; order < 2; ++order) {
    std::vector<Violation> found = verify(*net, rd, ts, 2 * kHop, 0);
    ASSERT_GE(found.size(), 2u) << describe(found);
    EXPECT_EQ(found[0].property, Property::Reduction);
    EXPECT_EQ(found[1].property, Property::Reduction);
    EXPECT_NE(found[0].message.find("at the same time as another write"),
              std::string::npos)
        << found[0].message;
    std::swap(ts[0], ts[1]);
  }
  // Two reduces landing together commute.
  ts[0].kind = TransferKind::Reduce;
  ts[1].kind = TransferKind::Reduce;
  std::vector<Violation> found = verify(*net, rd, ts, 2 * kHop, 0);
  ASSERT_EQ(found.size(), 1u) << describe(found);
  EXPECT_EQ(found[0].message,
            "chunk 0 reduced over 1 -> 0 at [21000000, 42000000] counts rank "
            "0 twice");
}

// A transfer arrives at its declared end, even when that end is wrong.
TEST(VerifierTest, ArrivalIsTheDeclaredEnd) {
  NetworkPtr net = line(3);
  VerificationSpec bc =
      buildVerificationSpec(collective(CollectiveKind::Broadcast, kMB, {}, 0),
                            3, LinkModel::Blocking);
  std::vector<Transfer> ts = {copy(0, 0, 1, 0, kHop + 5),
                              copy(0, 1, 2, kHop, 2 * kHop)};
  std::vector<Violation> found = verify(*net, bc, ts, 2 * kHop, 0);
  ASSERT_EQ(found.size(), 3u) << describe(found);
  EXPECT_EQ(found[0].property, Property::Link);
  EXPECT_EQ(found[0].message, "chunk 0 over 0 -> 1 at [0, 21000005]: takes "
                              "21000005 ps, the link needs 21000000 ps");
  EXPECT_EQ(found[1].property, Property::Causality);
  EXPECT_EQ(found[1].transfer, 1u);
  EXPECT_EQ(found[2].property, Property::Delivery);
  EXPECT_EQ(found[2].message, "chunk 0 never reaches npu 2 by 42000000 ps");
  // The same through the general sweep (a reduce anywhere selects it).
  VerificationSpec rd =
      buildVerificationSpec(collective(CollectiveKind::Reduce, kMB, {0, 2}, 2),
                            3, LinkModel::Blocking);
  ts = {reduce(0, 0, 1, 0, kHop + 5), reduce(0, 1, 2, kHop, 2 * kHop)};
  found = verify(*net, rd, ts, 2 * kHop, 0);
  ASSERT_EQ(found.size(), 3u) << describe(found);
  EXPECT_EQ(found[0].property, Property::Link);
  EXPECT_EQ(found[1].property, Property::Causality);
  EXPECT_EQ(found[2].property, Property::Reduction);
  EXPECT_EQ(found[2].message,
            "npu 2 ends with chunk 0 missing the contribution of rank 0");

  // A late arrival over one link does not hold back earlier ones over
  // links of the same cost: npu 2 has chunk 1 at one hop, while chunk 0
  // takes five over 1 -> 0.
  VerificationSpec bc2 = buildVerificationSpec(
      collective(CollectiveKind::Broadcast, 2 * kMB, {}, 1, 2), 3,
      LinkModel::Blocking);
  ts = {copy(0, 1, 0, 0, 5 * kHop), copy(1, 1, 2, 0, kHop),
        copy(0, 1, 2, kHop, 2 * kHop), copy(1, 1, 0, 5 * kHop, 6 * kHop),
        copy(1, 2, 1, kHop, 2 * kHop)};
  found = verify(*net, bc2, ts, 6 * kHop, 0);
  ASSERT_EQ(found.size(), 1u) << describe(found);
  EXPECT_EQ(found[0].property, Property::Link);
  EXPECT_EQ(found[0].transfer, 0u);
}

// Input far out of the range the radix sort packs (times spanning more than
// 2^64 / transfers) still sorts, and reports the negative start.
TEST(VerifierTest, ExtremeTimes) {
  Case c = synthesized("ring(4) all_gather", ring(4),
                       collective(CollectiveKind::AllGather, 4 * kMB));
  std::vector<Transfer> ts = c.transfers;
  ts.push_back(copy(0, 0, 1, INT64_MIN / 2, INT64_MIN / 2 + kHop));
  std::vector<Violation> found = verify(c, ts, c.time, 0);
  ASSERT_EQ(found.size(), 1u) << describe(found);
  EXPECT_EQ(found[0].transfer, ts.size() - 1);
  EXPECT_NE(found[0].message.find("starts before time 0"), std::string::npos);
  // An end before the start.
  ts = c.transfers;
  ts.push_back(copy(0, 0, 1, c.time, c.time - 7));
  found = verify(c, ts, c.time, 0);
  ASSERT_EQ(found.size(), 1u) << describe(found);
  EXPECT_NE(found[0].message.find("ends before it starts"), std::string::npos);
}

} // namespace
