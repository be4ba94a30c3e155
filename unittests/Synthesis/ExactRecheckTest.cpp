//===- ExactRecheckTest.cpp - algorithm=exact against a brute force -------===//
//
// An independent re-check of exact's optimality claims (issue 17), written
// from the definitions only (LinkCost.h's link model, DESIGN.md §5.5's
// verifier rules), not from the encoding exact uses. For tiny networks a
// branch-and-bound search over event-driven schedules finds the true
// minimum makespan over all schedules, and every claim exact makes is
// compared with it:
//   - exact's time >= the optimum (else exact's schedule breaks a rule);
//   - exact's time == the optimum when exact says optimal;
//   - exact's provedInfeasiblePs < the optimum.
// exact's schedule for a non-combining collective is also checked here,
// from the rules, by a checker of this file's own.
//
// Why the search is exact: in any schedule, moving transfers earlier in
// start order to max(first arrival of the chunk at the source, when the
// link frees from its previous transfer) keeps every rule and makes no
// arrival later (durations are positive, so the transfer that brought a
// chunk started before any transfer that forwards it). So some optimal
// schedule is "active": each transfer starts when its link frees or when
// its chunk first arrives at the source. The search decides, at each
// event time, which free link starts which chunk under that rule (or
// stays idle), then advances to the next arrival or link release. With
// `allowDuplicates` an NPU may receive a chunk it has in flight already
// (a non-tree schedule); without, each NPU receives each chunk once.
//
// RECHECK_TRACE=1 in the environment prints every request's brute-force
// optimum and exact's verdict (for a combining collective, also exact's
// verdict on the dual), for reproducing a mismatch by hand.
//
//===----------------------------------------------------------------------===//

#include "tacos/Collective/Problem.h"
#include "tacos/Network/LinkCost.h"
#include "tacos/Network/Network.h"
#include "tacos/Synthesis/Algorithms.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

using namespace tacos;

namespace {

constexpr int64_t kInf = INT64_MAX / 4;

//===----------------------------------------------------------------------===//
// The instance, from the definitions
//===----------------------------------------------------------------------===//

struct BfLink {
  uint32_t src, dst;
  /// Per chunk: how long the link is busy, and when the chunk arrives
  /// after the start.
  std::vector<int64_t> occ, dur;
};

struct BfInstance {
  uint32_t npus = 0, chunks = 0;
  std::vector<BfLink> links;
  std::vector<uint32_t> initial, needed; ///< chunk masks per NPU
};

/// latency + bytes/bandwidth, rounded up to a whole picosecond, in exact
/// integer arithmetic (bandwidths here are whole bytes per second).
int64_t durationPs(double bandwidthBps, int64_t latencyPs, uint64_t bytes) {
  __int128 bw = (__int128)std::llround(bandwidthBps);
  __int128 num = (__int128)bytes * 1000000000000LL;
  return latencyPs + int64_t((num + bw - 1) / bw);
}

BfInstance makeInstance(const Network &network, const Problem &problem,
                        LinkModel model) {
  BfInstance inst;
  inst.npus = network.numNpus();
  inst.chunks = problem.numChunks();
  EXPECT_LE(inst.chunks, 32u);
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    BfLink link{network.src(l), network.dst(l), {}, {}};
    for (uint32_t c = 0; c < inst.chunks; ++c) {
      int64_t d = durationPs(network.bandwidth(l), network.latency(l),
                             problem.chunkBytes(c));
      link.dur.push_back(d);
      link.occ.push_back(model == LinkModel::Blocking
                             ? d
                             : d - network.latency(l));
    }
    inst.links.push_back(link);
  }
  inst.initial.assign(inst.npus, 0);
  inst.needed.assign(inst.npus, 0);
  for (uint32_t c = 0; c < inst.chunks; ++c) {
    for (uint32_t i = problem.sourceOffsets[c];
         i < problem.sourceOffsets[c + 1]; ++i)
      inst.initial[problem.sources[i]] |= 1u << c;
    problem.forEachDestination(
        c, [&](uint32_t v) { inst.needed[v] |= 1u << c; });
  }
  return inst;
}

//===----------------------------------------------------------------------===//
// The brute force
//===----------------------------------------------------------------------===//

class BruteForce {
public:
  /// `plain`: no active-schedule rule (a free link may start any chunk at
  /// any event) and no lower-bound pruning, to check that neither loses an
  /// optimum.
  BruteForce(const BfInstance &inst, bool allowDuplicates, uint64_t budget,
             bool plain = false)
      : inst(inst), dups(allowDuplicates), plain(plain), budget(budget) {
    uint32_t n = inst.npus;
    // Shortest arrival times per chunk, ignoring contention: a bound.
    dist.assign(inst.chunks, std::vector<int64_t>(n * n, kInf));
    for (uint32_t c = 0; c < inst.chunks; ++c) {
      auto &d = dist[c];
      for (uint32_t v = 0; v < n; ++v)
        d[v * n + v] = 0;
      for (const BfLink &l : inst.links)
        d[l.src * n + l.dst] = std::min(d[l.src * n + l.dst], l.dur[c]);
      for (uint32_t k = 0; k < n; ++k)
        for (uint32_t i = 0; i < n; ++i)
          for (uint32_t j = 0; j < n; ++j)
            d[i * n + j] =
                std::min(d[i * n + j], d[i * n + k] + d[k * n + j]);
    }
  }

  /// The minimum makespan, kInf if none, -1 if the budget ran out.
  int64_t solve() {
    have = inst.initial;
    arrivedNow = inst.initial; // held at time 0 counts as arriving then
    busyUntil.assign(inst.links.size(), 0);
    inflight.clear();
    t = 0;
    if (done())
      return 0;
    int64_t r = solveAt(kInf);
    if (exhausted)
      return -1;
    return r >= kInf ? kInf : r;
  }
  uint64_t nodes() const { return leaves; }

private:
  struct Flight {
    int64_t arrival;
    uint32_t dst, chunk;
  };
  struct Memo {
    int64_t value; ///< remaining time after now
    bool exact;    ///< else a lower bound
  };

  const BfInstance &inst;
  bool dups, plain;
  uint64_t budget, leaves = 0;
  bool exhausted = false;
  std::vector<std::vector<int64_t>> dist;
  std::unordered_map<std::string, Memo> memo;

  // The state at decision time t.
  int64_t t = 0;
  std::vector<uint32_t> have, arrivedNow;
  std::vector<int64_t> busyUntil;
  std::vector<Flight> inflight;

  bool done() const {
    for (uint32_t v = 0; v < inst.npus; ++v)
      if ((inst.needed[v] & ~have[v]) != 0)
        return false;
    return true;
  }

  uint32_t inflightTo(uint32_t v) const {
    uint32_t m = 0;
    for (const Flight &f : inflight)
      if (f.dst == v)
        m |= 1u << f.chunk;
    return m;
  }

  std::string key() const {
    std::vector<int64_t> k;
    for (uint32_t v = 0; v < inst.npus; ++v) {
      k.push_back(have[v]);
      k.push_back(arrivedNow[v]);
    }
    for (int64_t b : busyUntil)
      k.push_back(b > t ? b - t : b == t ? -1 : 0);
    std::vector<Flight> fs = inflight;
    std::sort(fs.begin(), fs.end(), [](const Flight &a, const Flight &b) {
      return std::tie(a.arrival, a.dst, a.chunk) <
             std::tie(b.arrival, b.dst, b.chunk);
    });
    for (const Flight &f : fs) {
      k.push_back(f.arrival - t);
      k.push_back(f.dst * 64 + f.chunk);
    }
    return std::string(reinterpret_cast<const char *>(k.data()),
                       k.size() * sizeof(int64_t));
  }

  /// A lower bound on the time still needed: the latest of the (chunk,
  /// NPU) pairs' contention-free arrivals, and per NPU the k-th earliest
  /// arrival its in-links allow for the k chunks not yet on their way.
  int64_t lowerBound() const {
    uint32_t n = inst.npus;
    int64_t lb = 0;
    for (uint32_t v = 0; v < n; ++v) {
      uint32_t missing = inst.needed[v] & ~have[v];
      uint32_t coming = inflightTo(v);
      for (uint32_t c = 0; c < inst.chunks; ++c) {
        if (!(missing >> c & 1))
          continue;
        int64_t best = kInf;
        for (uint32_t u = 0; u < n; ++u)
          if (have[u] >> c & 1)
            best = std::min(best, dist[c][u * n + v]);
        for (const Flight &f : inflight)
          if (f.chunk == c)
            best = std::min(best, f.arrival - t + dist[c][f.dst * n + v]);
        lb = std::max(lb, best);
      }
      uint32_t k = __builtin_popcount(missing & ~coming);
      if (k == 0)
        continue;
      // Each in-link can deliver its j-th new chunk at the earliest at
      // start + min duration + j * min occupancy.
      std::vector<int64_t> arrivals;
      for (size_t li = 0; li < inst.links.size(); ++li) {
        const BfLink &l = inst.links[li];
        if (l.dst != v)
          continue;
        int64_t s = std::max<int64_t>(0, busyUntil[li] - t);
        int64_t d = *std::min_element(l.dur.begin(), l.dur.end());
        int64_t o = *std::min_element(l.occ.begin(), l.occ.end());
        for (uint32_t j = 0; j < k; ++j)
          arrivals.push_back(s + d + int64_t(j) * o);
      }
      if (arrivals.size() < k)
        return kInf;
      std::nth_element(arrivals.begin(), arrivals.begin() + (k - 1),
                       arrivals.end());
      lb = std::max(lb, arrivals[k - 1]);
    }
    return lb;
  }

  /// Best remaining time from the current decision point if below `ub`;
  /// otherwise some value >= ub.
  int64_t solveAt(int64_t ub) {
    std::string k = key();
    auto it = memo.find(k);
    if (it != memo.end()) {
      if (it->second.exact || it->second.value >= ub)
        return it->second.value;
    }
    int64_t lb = plain ? 0 : lowerBound();
    if (lb >= ub) {
      memo[k] = {lb, false};
      return lb;
    }
    int64_t best = ub;
    bool found = false;
    decide(0, best, found);
    if (exhausted)
      return kInf;
    if (found) {
      memo[k] = {best, true};
      return best;
    }
    memo[k] = {ub, false};
    return ub;
  }

  /// Chooses what link li (and the links after it) does at time t.
  void decide(size_t li, int64_t &best, bool &found) {
    if (exhausted)
      return;
    if (li == inst.links.size()) {
      advance(best, found);
      return;
    }
    if (busyUntil[li] > t) {
      decide(li + 1, best, found);
      return;
    }
    const BfLink &l = inst.links[li];
    bool freshLink = busyUntil[li] == t;
    uint32_t cand = have[l.src] & ~have[l.dst];
    if (!dups)
      cand &= ~inflightTo(l.dst);
    if (!freshLink && !plain)
      cand &= arrivedNow[l.src];
    int64_t saved = busyUntil[li];
    for (uint32_t c = 0; c < inst.chunks; ++c) {
      if (!(cand >> c & 1))
        continue;
      busyUntil[li] = t + l.occ[c];
      inflight.push_back({t + l.dur[c], l.dst, c});
      decide(li + 1, best, found);
      inflight.pop_back();
      busyUntil[li] = saved;
    }
    decide(li + 1, best, found); // idle
  }

  /// Moves to the next event, recurses, and restores the state.
  void advance(int64_t &best, bool &found) {
    if (++leaves > budget) {
      exhausted = true;
      return;
    }
    int64_t next = kInf;
    for (const Flight &f : inflight)
      next = std::min(next, f.arrival);
    for (int64_t b : busyUntil)
      if (b > t)
        next = std::min(next, b);
    if (next >= kInf)
      return; // nothing moves any more: a dead end
    int64_t step = next - t;
    if (step >= best)
      return;
    // Apply the arrivals at `next`.
    int64_t savedT = t;
    std::vector<uint32_t> savedHave = have, savedArrived = arrivedNow;
    std::vector<Flight> savedFlights = inflight;
    t = next;
    std::fill(arrivedNow.begin(), arrivedNow.end(), 0);
    std::vector<Flight> rest;
    for (const Flight &f : inflight) {
      if (f.arrival == t) {
        if (!(have[f.dst] >> f.chunk & 1))
          arrivedNow[f.dst] |= 1u << f.chunk;
        have[f.dst] |= 1u << f.chunk;
      } else {
        rest.push_back(f);
      }
    }
    inflight = rest;
    int64_t r;
    if (done())
      r = 0;
    else
      r = solveAt(best - step);
    if (!exhausted && r < kInf && step + r < best) {
      best = step + r;
      found = true;
    }
    t = savedT;
    have = savedHave;
    arrivedNow = savedArrived;
    inflight = savedFlights;
  }
};

//===----------------------------------------------------------------------===//
// The comparison, and an independent schedule checker
//===----------------------------------------------------------------------===//

struct ExactClaim {
  int64_t timePs;
  bool optimal;
  int64_t provedInfeasiblePs;
};

/// Empty if the claim agrees with the brute-force optimum.
std::string compareWithOptimum(const ExactClaim &claim, int64_t optimum) {
  char buf[256];
  if (claim.timePs < optimum) {
    snprintf(buf, sizeof buf, "time %lld below the optimum %lld",
             (long long)claim.timePs, (long long)optimum);
    return buf;
  }
  if (claim.optimal && claim.timePs != optimum) {
    snprintf(buf, sizeof buf, "claimed optimal at %lld, optimum is %lld",
             (long long)claim.timePs, (long long)optimum);
    return buf;
  }
  if (claim.provedInfeasiblePs >= optimum) {
    snprintf(buf, sizeof buf, "proved %lld infeasible, optimum is %lld",
             (long long)claim.provedInfeasiblePs, (long long)optimum);
    return buf;
  }
  return "";
}

/// Empty if `schedule` is a valid non-combining schedule of `inst` (links
/// exist, costs match the model, a chunk leaves an NPU only after it is
/// there, a link carries one transfer at a time, every destination gets
/// every chunk it needs) finishing at exactly `timePs`.
std::string checkSchedule(const BfInstance &inst, const Network &network,
                          const std::vector<Transfer> &schedule,
                          int64_t timePs) {
  std::vector<std::vector<int64_t>> arrival(
      inst.npus, std::vector<int64_t>(inst.chunks, kInf));
  for (uint32_t v = 0; v < inst.npus; ++v)
    for (uint32_t c = 0; c < inst.chunks; ++c)
      if (inst.initial[v] >> c & 1)
        arrival[v][c] = 0;
  std::vector<std::vector<std::pair<int64_t, int64_t>>> busy(
      inst.links.size());
  int64_t makespan = 0;
  for (const Transfer &x : schedule) {
    if (x.kind != TransferKind::Copy || x.chunk >= inst.chunks ||
        x.src >= inst.npus || x.dst >= inst.npus)
      return "malformed transfer";
    std::optional<LinkId> l = findLink(network, x.src, x.dst, x.lane);
    if (!l)
      return "no such link";
    if (x.end - x.start != inst.links[*l].dur[x.chunk])
      return "wrong duration";
    busy[*l].push_back({x.start, x.start + inst.links[*l].occ[x.chunk]});
    arrival[x.dst][x.chunk] = std::min(arrival[x.dst][x.chunk], x.end);
    makespan = std::max(makespan, x.end);
  }
  for (const Transfer &x : schedule)
    if (arrival[x.src][x.chunk] > x.start)
      return "chunk sent before it arrived";
  for (auto &b : busy) {
    std::sort(b.begin(), b.end());
    for (size_t i = 1; i < b.size(); ++i)
      if (b[i].first < b[i - 1].second)
        return "link carries two transfers at once";
  }
  for (uint32_t v = 0; v < inst.npus; ++v)
    for (uint32_t c = 0; c < inst.chunks; ++c)
      if ((inst.needed[v] >> c & 1) && arrival[v][c] >= kInf)
        return "chunk " + std::to_string(c) + " never reaches " +
               std::to_string(v);
  if (makespan != timePs)
    return "makespan " + std::to_string(makespan) + " != time " +
           std::to_string(timePs);
  return "";
}

std::vector<Transfer> transfers(const Schedule &schedule) {
  std::vector<Transfer> out;
  ScheduleView view = schedule.view();
  for (size_t i = 0; i < view.size(); ++i)
    out.push_back(view[i]);
  return out;
}

//===----------------------------------------------------------------------===//
// Instances
//===----------------------------------------------------------------------===//

const char *kindName(CollectiveKind kind) {
  switch (kind) {
  case CollectiveKind::AllGather:
    return "all_gather";
  case CollectiveKind::ReduceScatter:
    return "reduce_scatter";
  case CollectiveKind::AllToAll:
    return "all_to_all";
  case CollectiveKind::Broadcast:
    return "broadcast";
  case CollectiveKind::Reduce:
    return "reduce";
  default:
    return "other";
  }
}

std::string describe(const Network &network) {
  std::string s = std::to_string(network.numNpus()) + " NPUs:";
  for (LinkId l = 0; l < network.numLinks(); ++l)
    s += " " + std::to_string(network.src(l)) + "->" +
         std::to_string(network.dst(l)) + "(" +
         std::to_string(int64_t(network.bandwidth(l) / 1e9)) + "GBps," +
         std::to_string(network.latency(l)) + "ps)";
  return s;
}

/// A strongly connected random network: a one-way cycle through the NPUs
/// in random order, plus a few extra links (some both ways, some parallel).
Network randomNetwork(std::mt19937_64 &rng) {
  const double kBandwidths[] = {25e9, 50e9, 100e9};
  const int64_t kLatencies[] = {500000, 750000, 1000000, 1500000, 2000000};
  auto pick = [&](size_t n) { return size_t(rng() % n); };
  auto linkSpec = [&]() {
    return LinkSpec{kBandwidths[pick(3)], kLatencies[pick(5)], ""};
  };
  TopologySpec spec;
  uint32_t n = 2 + uint32_t(pick(3));
  spec.explicitNpus = n;
  std::vector<int64_t> order(n);
  for (uint32_t i = 0; i < n; ++i)
    order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<std::pair<int64_t, int64_t>> present;
  auto add = [&](int64_t u, int64_t v, bool both) {
    bool dup = false;
    for (auto [a, b] : present)
      dup |= (a == u && b == v) || (both && a == v && b == u);
    spec.links.push_back({u, v, both, dup, linkSpec()});
    present.push_back({u, v});
    if (both)
      present.push_back({v, u});
  };
  for (uint32_t i = 0; i < n; ++i)
    add(order[i], order[(i + 1) % n], false);
  size_t extra = pick(n == 2 ? 2 : 3);
  for (size_t e = 0; e < extra; ++e) {
    int64_t u = int64_t(pick(n)), v = int64_t(pick(n - 1));
    if (v >= u)
      ++v;
    add(u, v, pick(2) == 0);
  }
  EXPECT_TRUE(check(spec).empty());
  return buildNetwork(spec);
}

Network product(DimKind kind, int64_t size) {
  TopologySpec spec;
  spec.dims.push_back({kind, size, LinkSpec{50e9, 1000000, ""}});
  return buildNetwork(spec);
}

struct Request {
  std::string name;
  Network network;
  CollectiveSpec spec;
  LinkModel model;
};

CollectiveSpec request(CollectiveKind kind, uint32_t npus, int64_t chunkBytes,
                       int64_t chunks, std::optional<int64_t> root) {
  CollectiveSpec spec;
  spec.kind = kind;
  spec.chunksPerRank = chunks;
  spec.root = root;
  bool oneBuffer =
      kind == CollectiveKind::Broadcast || kind == CollectiveKind::Reduce;
  spec.sizeBytes = chunkBytes * chunks * (oneBuffer ? 1 : npus);
  return spec;
}

struct Totals {
  unsigned checked = 0, skipped = 0, mismatches = 0, optimalClaims = 0,
           dupChecked = 0, dupBetter = 0;
  double bruteMs = 0, exactMs = 0;
};

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

/// Runs exact on one request and compares it with the brute force.
void recheck(const Request &req, Totals &totals) {
  const Network &net = req.network;
  CollectiveKind dual = dualOf(req.spec.kind);
  bool combining = dual != req.spec.kind;
  // A combining collective takes as long as its dual on G^T.
  Network bfNet = combining ? transposed(net) : net;
  CollectiveSpec bfSpec = req.spec;
  bfSpec.kind = dual;
  Problem problem;
  ASSERT_EQ(buildProblem(bfSpec, bfNet.numNpus(), problem), "") << req.name;
  BfInstance inst = makeInstance(bfNet, problem, req.model);
  auto bfStart = std::chrono::steady_clock::now();
  BruteForce bf(inst, /*allowDuplicates=*/false, 300000);
  int64_t optimum = bf.solve();
  totals.bruteMs += msSince(bfStart);
  if (getenv("RECHECK_TRACE"))
    printf("bf %.0f ms %llu leaves opt %lld\n", msSince(bfStart),
           (unsigned long long)bf.nodes(), (long long)optimum);
  std::string what = req.name + " [" +
                     (req.model == LinkModel::Blocking ? "blocking"
                                                       : "pipelined") +
                     "] " + kindName(req.spec.kind) + " chunks(" +
                     std::to_string(req.spec.chunksPerRank) + ") size " +
                     std::to_string(req.spec.sizeBytes) + " on " +
                     describe(net);
  if (optimum < 0) {
    ++totals.skipped;
    printf("skipped (budget): %s\n", what.c_str());
    return;
  }
  ASSERT_LT(optimum, kInf) << what;

  AlgorithmOptions options;
  options.algorithm = Algorithm::Exact;
  options.model = req.model;
  // A resource budget, not seconds: the verdicts compared are the same on
  // every machine.
  options.rlimit = 5000000;
  options.timeLimitMs = 0;
  options.threads = 1;
  auto exactStart = std::chrono::steady_clock::now();
  AlgorithmResult result = synthesize(net, req.spec, options);
  totals.exactMs += msSince(exactStart);
  ASSERT_EQ(result.error, "") << what;
  ++totals.checked;
  if (getenv("RECHECK_TRACE"))
    printf("exact %lld optimal %d infeasible %lld %.0f ms proof '%s': %s\n",
           (long long)result.timePs, result.optimal,
           (long long)result.provedInfeasiblePs, result.synthesisMs,
           result.proof.c_str(),
           what.c_str());
  if (getenv("RECHECK_TRACE") && combining) {
    AlgorithmResult d = synthesize(bfNet, bfSpec, options);
    printf("  dual: %lld optimal %d infeasible %lld %.0f ms proof '%s'\n",
           (long long)d.timePs, d.optimal, (long long)d.provedInfeasiblePs,
           d.synthesisMs, d.proof.c_str());
  }
  totals.optimalClaims += result.optimal;
  std::string verdict = compareWithOptimum(
      {result.timePs, result.optimal, result.provedInfeasiblePs}, optimum);
  if (verdict.empty() && !combining)
    verdict = checkSchedule(inst, net, transfers(result.schedule),
                            result.timePs);
  if (!verdict.empty()) {
    ++totals.mismatches;
    ADD_FAILURE() << what << ": " << verdict << " (exact: " << result.timePs
                  << " ps, optimal " << result.optimal << ", infeasible "
                  << result.provedInfeasiblePs << ", proof '" << result.proof
                  << "'; brute force " << optimum << " ps)";
  }

  // Could receiving a chunk twice ever beat a tree? Small cases only.
  if (inst.chunks <= 4) {
    auto dupStart = std::chrono::steady_clock::now();
    BruteForce withDups(inst, /*allowDuplicates=*/true, 300000);
    int64_t any = withDups.solve();
    totals.bruteMs += msSince(dupStart);
    if (any >= 0) {
      ++totals.dupChecked;
      if (any < optimum) {
        ++totals.dupBetter;
        ADD_FAILURE() << what << ": a non-tree schedule takes " << any
                      << " ps, the best tree " << optimum << " ps";
      }
    }
  }
}

constexpr uint64_t kRandomRequests = 300, kUnevenRequests = 20;

std::vector<Request> allRequests() {
  std::vector<Request> out;
  const LinkModel kModels[] = {LinkModel::Blocking, LinkModel::Pipelined};
  // Fixed shapes.
  for (auto shape : {std::pair{"ring(3)", DimKind::Ring},
                      std::pair{"line(3)", DimKind::Line}}) {
    std::string name = shape.first;
    DimKind kind = shape.second;
    for (LinkModel model : kModels) {
      Network net = product(kind, 3);
      auto push = [&](CollectiveKind k, int64_t bytes, int64_t chunks,
                      std::optional<int64_t> root) {
        out.push_back({name, net, request(k, 3, bytes, chunks, root), model});
      };
      push(CollectiveKind::AllGather, 50000, 1, std::nullopt);
      push(CollectiveKind::AllGather, 50000, 2, std::nullopt);
      push(CollectiveKind::Broadcast, 50000, 1, 0);
      push(CollectiveKind::Broadcast, 50000, 2, 1);
      push(CollectiveKind::AllToAll, 50000, 1, std::nullopt);
      push(CollectiveKind::ReduceScatter, 50000, 1, std::nullopt);
      push(CollectiveKind::ReduceScatter, 25000, 2, std::nullopt);
      push(CollectiveKind::Reduce, 50000, 2, 2);
    }
  }
  // Random tiny networks.
  const CollectiveKind kKinds[] = {
      CollectiveKind::AllGather, CollectiveKind::Broadcast,
      CollectiveKind::AllToAll, CollectiveKind::ReduceScatter,
      CollectiveKind::Reduce};
  // 30 KB chunks take 0.3, 0.6 or 1.2 us: finer time units for exact.
  const int64_t kBytes[] = {25000, 30000, 50000, 100000};
  for (uint64_t seed = 1; seed <= kRandomRequests; ++seed) {
    std::mt19937_64 rng(seed);
    Network net = randomNetwork(rng);
    uint32_t n = net.numNpus();
    CollectiveKind kind = kKinds[rng() % 5];
    int64_t chunks = 1 + int64_t(rng() % 2);
    if (kind == CollectiveKind::AllToAll && n == 4)
      chunks = 1;
    std::optional<int64_t> root;
    if (kind == CollectiveKind::Broadcast || kind == CollectiveKind::Reduce)
      root = int64_t(rng() % n);
    int64_t bytes = kBytes[rng() % 4];
    LinkModel model = kModels[rng() % 2];
    out.push_back({"seed " + std::to_string(seed), net,
                   request(kind, n, bytes, chunks, root), model});
  }
  // Sizes that do not split evenly: chunks differ by a byte, so a time
  // unit is a few ps and exact may stop with a gap rather than a proof.
  for (uint64_t seed = 1001; seed <= 1000 + kUnevenRequests; ++seed) {
    std::mt19937_64 rng(seed);
    Network net = randomNetwork(rng);
    uint32_t n = net.numNpus();
    CollectiveKind kind = kKinds[rng() % 5];
    if (kind == CollectiveKind::AllToAll)
      kind = CollectiveKind::AllGather;
    std::optional<int64_t> root;
    if (kind == CollectiveKind::Broadcast || kind == CollectiveKind::Reduce)
      root = int64_t(rng() % n);
    CollectiveSpec spec = request(kind, n, kBytes[rng() % 4], 2, root);
    spec.sizeBytes += 1;
    LinkModel model = kModels[rng() % 2];
    out.push_back({"uneven seed " + std::to_string(seed), net, spec, model});
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

TEST(ExactRecheckTest, BruteForceKnownOptima) {
  // line(2), one 50 KB chunk each way at 50 GB/s, 1 us: 2 us, both models.
  Network net = product(DimKind::Line, 2);
  for (LinkModel model : {LinkModel::Blocking, LinkModel::Pipelined}) {
    Problem problem;
    ASSERT_EQ(buildProblem(request(CollectiveKind::AllGather, 2, 50000, 1,
                                   std::nullopt),
                           2, problem),
              "");
    BfInstance inst = makeInstance(net, problem, model);
    EXPECT_EQ(BruteForce(inst, false, 1000).solve(), 2000000);
  }
  // Broadcast of two chunks over line(3) from NPU 0: blocking is
  // 2 + 2 + 2 us (the second chunk waits for the first on both links);
  // pipelined lets the second chunk start 1 us after the first: 5 us.
  Network line3 = product(DimKind::Line, 3);
  Problem problem;
  ASSERT_EQ(buildProblem(request(CollectiveKind::Broadcast, 3, 50000, 2, 0),
                         3, problem),
            "");
  EXPECT_EQ(BruteForce(makeInstance(line3, problem, LinkModel::Blocking),
                       false, 100000)
                .solve(),
            6000000);
  EXPECT_EQ(BruteForce(makeInstance(line3, problem, LinkModel::Pipelined),
                       false, 100000)
                .solve(),
            5000000);
}

TEST(ExactRecheckTest, PruningLosesNoOptimum) {
  // The active-schedule rule and the lower bound only cut the search: on
  // the small requests, the plain search (every free link may start every
  // chunk its source holds at every event, no bound) finds the same optima,
  // with and without duplicate receptions.
  unsigned compared = 0;
  for (const Request &req : allRequests()) {
    CollectiveSpec spec = req.spec;
    spec.kind = dualOf(spec.kind);
    Network net =
        spec.kind != req.spec.kind ? transposed(req.network) : req.network;
    Problem problem;
    ASSERT_EQ(buildProblem(spec, net.numNpus(), problem), "");
    if (problem.numChunks() > 3)
      continue;
    BfInstance inst = makeInstance(net, problem, req.model);
    for (bool dups : {false, true}) {
      int64_t plain = BruteForce(inst, dups, 300000, true).solve();
      if (plain < 0)
        continue;
      ++compared;
      EXPECT_EQ(BruteForce(inst, dups, 3000000).solve(), plain)
          << req.name << " " << kindName(req.spec.kind) << " dups " << dups;
    }
  }
  printf("plain search compared on %u requests\n", compared);
  EXPECT_GE(compared, 10u);
}

TEST(ExactRecheckTest, ComparisonRejectsMutations) {
  // The comparison must fail on a claim 1 ps below the optimum, on a
  // claimed optimum above it, and on an infeasibility proof at it.
  EXPECT_EQ(compareWithOptimum({1000, true, 999}, 1000), "");
  EXPECT_EQ(compareWithOptimum({1200, false, 500}, 1000), "");
  EXPECT_NE(compareWithOptimum({999, true, -1}, 1000), "");
  EXPECT_NE(compareWithOptimum({999, false, -1}, 1000), "");
  EXPECT_NE(compareWithOptimum({1001, true, -1}, 1000), "");
  EXPECT_NE(compareWithOptimum({1001, false, 1000}, 1000), "");

  // A real exact schedule passes the checker; without a transfer that
  // delivers a chunk, or with one 1 ps too short, it fails.
  Network net = product(DimKind::Ring, 3);
  CollectiveSpec spec =
      request(CollectiveKind::AllGather, 3, 50000, 1, std::nullopt);
  AlgorithmOptions options;
  options.algorithm = Algorithm::Exact;
  options.threads = 1;
  AlgorithmResult result = synthesize(net, spec, options);
  ASSERT_EQ(result.error, "");
  Problem problem;
  ASSERT_EQ(buildProblem(spec, 3, problem), "");
  BfInstance inst = makeInstance(net, problem, LinkModel::Blocking);
  std::vector<Transfer> xs = transfers(result.schedule);
  ASSERT_FALSE(xs.empty());
  EXPECT_EQ(checkSchedule(inst, net, xs, result.timePs), "");
  std::vector<Transfer> fewer(xs.begin() + 1, xs.end());
  EXPECT_NE(checkSchedule(inst, net, fewer, result.timePs), "");
  std::vector<Transfer> shorter = xs;
  shorter.back().end -= 1;
  EXPECT_NE(checkSchedule(inst, net, shorter, result.timePs), "");
  int64_t optimum = BruteForce(inst, false, 1000000).solve();
  EXPECT_EQ(compareWithOptimum({result.timePs, result.optimal,
                                result.provedInfeasiblePs},
                               optimum),
            "");
  EXPECT_NE(compareWithOptimum({optimum - 1, true, -1}, optimum), "");
}

TEST(ExactRecheckTest, ExactAgreesWithBruteForce) {
  auto start = std::chrono::steady_clock::now();
  Totals totals;
  for (const Request &req : allRequests())
    recheck(req, totals);
  double secs = std::chrono::duration<double>(
                    std::chrono::steady_clock::now() - start)
                    .count();
  printf("exact recheck: %u checked, %u skipped, %u mismatches, %u claimed "
         "optimal; duplicates: %u checked, %u better than a tree; %.1f s "
         "(brute force %.1f s, exact %.1f s)\n",
         totals.checked, totals.skipped, totals.mismatches,
         totals.optimalClaims, totals.dupChecked, totals.dupBetter, secs,
         totals.bruteMs / 1000, totals.exactMs / 1000);
  EXPECT_EQ(totals.mismatches, 0u);
  EXPECT_EQ(totals.dupBetter, 0u);
  EXPECT_GE(totals.checked, 50u);
}

} // namespace
