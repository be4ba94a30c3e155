//===- Verifier.cpp - Native checker of collective algorithms -------------===//
//
// docs/Verification.md. Written independently of the synthesizer: the only code shared
// with the rest of tacos is the definition of a link's cost (linkCost) and the
// network model; lanes are resolved here, not through the simulator.
//
// Value model. Each (node, chunk) holds a contribution set (the ranks whose
// data it combines) or nothing. A transfer reads its source's set at its
// start and writes it at its end: `copy` replaces the destination's set,
// `reduce` adds to it (reducing into a node that holds nothing sets it).
// Arrivals at time t are visible to departures at t. Only chunks with more
// than one contribution are reduced: a `reduce` of a single-contribution
// chunk (any chunk of All-Gather, Broadcast, Scatter, Gather, All-to-All) is
// a reduction violation whatever its destination holds, and lands as a copy.
// Simultaneous arrivals (docs/Verification.md): writes of one combining
// chunk into one NPU that end at the same time race if one of them is a
// copy (the value would depend on which lands last), a reduction violation
// of each of them; reduces commute, so reduces alone never race. Arrivals at
// one time land in a canonical order (reduces first, then by source, lane
// and start), not the input's, so what each NPU holds, and the verdict,
// does not depend on the order of the input. A transfer that fails
// causality, or whose end is not after its start, carries nothing; one whose
// link, chunk or kind does not exist is reported and otherwise ignored; one
// with a wrong duration still arrives at its declared end.
//
// Order of violations: a transfer's link, overlap, causality and
// single-contribution reduce violations (in that order) at its start, races
// and other reduction ones at its end (arrivals at one time in landing
// order), in order of time
// then input index; then the final-state ones (delivery, incomplete
// reductions, by chunk and required NPU), then the time.
//
// Two sweeps implement the model:
//  - copies: when every chunk has one contribution and no transfer reduces
//    (All-Gather, Broadcast, Scatter, Gather, All-to-All), a set is either
//    that one rank or nothing, and a value, once there, never goes away. So
//    one bit per (chunk, node) says it holds the chunk, and one pass in
//    order of start decides everything: a transfer that ends by time s
//    started before s, so it was seen, and can be landed, before any
//    departure at s. O(1) work per transfer, and 2 MiB of bits for a 64x64
//    All-Gather; this is the path the 16.8M-transfer benchmark takes. Input
//    already in start order (the synthesizer's) is read in place; other
//    input is radix-sorted by start first.
//  - values: otherwise, every transfer becomes a departure and an arrival
//    event; contribution sets are exact 64-bit masks up to 64 ranks, and
//    multiset fingerprints (count, sum and xor of per-rank random keys) beyond.
//    A fingerprint cannot tell which ranks two sets share, so double counting
//    is caught at a reduce only when the count exceeds the chunk's total, and
//    otherwise at the end, where every required set must equal the complete
//    fingerprint; a double count in a partial value that never reaches a
//    required NPU goes unreported (the exact masks report it at the reduce).
//
//===----------------------------------------------------------------------===//

#include "tacos/Verification/Verifier.h"
#include "VerifierStorage.h"
#include "tacos/Collective/ChunkCosts.h"
#include "tacos/Collective/TransferPath.h"
#include "tacos/Support/InterpolationSearch.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <numeric>
#include <tuple>
#include <unordered_set>

namespace tacos {

const char *propertyName(Property property) {
  switch (property) {
  case Property::Link:
    return "link";
  case Property::Overlap:
    return "overlap";
  case Property::Causality:
    return "causality";
  case Property::Delivery:
    return "delivery";
  case Property::Reduction:
    return "reduction";
  case Property::Time:
    return "time";
  }
  return "unknown";
}

VerificationSpec buildVerificationSpec(const CollectiveSpec &spec,
                                       uint32_t numNpus, LinkModel model) {
  VerificationSpec out;
  out.model = model;
  out.chunkSizes = spec.chunkSizes(numNpus);
  out.participants = spec.participantIds(numNpus);
  const std::vector<uint32_t> &ranks = out.participants;
  uint32_t g = uint32_t(ranks.size());
  uint32_t k = uint32_t(spec.chunksPerRank);
  uint32_t root = spec.root ? uint32_t(*spec.root) : 0;
  uint32_t rootRank = 0;
  for (uint32_t r = 0; r < g; ++r)
    if (ranks[r] == root)
      rootRank = r;
  int64_t numChunks = spec.numChunks(numNpus);
  out.numChunks = numChunks < 0 ? 0 : uint32_t(numChunks);

  using Pairs = std::vector<std::pair<uint32_t, uint32_t>>;
  Pairs everyone;
  for (uint32_t r = 0; r < g; ++r)
    everyone.push_back({ranks[r], r});
  out.initial.reserve(out.numChunks);
  out.required.reserve(out.numChunks);
  auto add = [&](Pairs initial, std::vector<uint32_t> required) {
    out.initial.push_back(std::move(initial));
    out.required.push_back(std::move(required));
  };
  // The pre- and postconditions, stated again here on purpose: the core
  // has them in one table (collectiveInfo, Collective.h) and in
  // buildProblem (Problem.h), which the synthesizers use; the verifier
  // derives its own from the request alone, so that a mistake in one
  // statement is caught by the other rather than shared.
  switch (spec.kind) {
  case CollectiveKind::AllGather:
    // The owner is required too: it already holds its chunk, and listing it
    // keeps "every participant ends with every chunk" literal.
    for (uint32_t r = 0; r < g; ++r)
      for (uint32_t i = 0; i < k; ++i)
        add({{ranks[r], r}}, ranks);
    break;
  case CollectiveKind::Broadcast:
    for (uint32_t i = 0; i < k; ++i)
      add({{root, rootRank}}, ranks);
    break;
  case CollectiveKind::Scatter:
    for (uint32_t r = 0; r < g; ++r)
      for (uint32_t i = 0; i < k; ++i)
        add({{root, rootRank}}, {ranks[r]});
    break;
  case CollectiveKind::Gather:
    for (uint32_t r = 0; r < g; ++r)
      for (uint32_t i = 0; i < k; ++i)
        add({{ranks[r], r}}, {root});
    break;
  case CollectiveKind::AllToAll:
    for (uint32_t s = 0; s < g; ++s)
      for (uint32_t d = 0; d < g; ++d)
        for (uint32_t i = 0; i < k; ++i)
          add({{ranks[s], s}}, {ranks[d]});
    break;
  case CollectiveKind::ReduceScatter:
    for (uint32_t r = 0; r < g; ++r)
      for (uint32_t i = 0; i < k; ++i)
        add(everyone, {ranks[r]});
    break;
  case CollectiveKind::AllReduce:
    for (uint32_t r = 0; r < g; ++r)
      for (uint32_t i = 0; i < k; ++i)
        add(everyone, ranks);
    break;
  case CollectiveKind::Reduce:
    for (uint32_t i = 0; i < k; ++i)
      add(everyone, {root});
    break;
  }
  return out;
}

namespace {

using namespace verifier_storage;

/// Collects violations up to the limit.
class Reporter {
public:
  explicit Reporter(size_t max) : max(max) {}
  bool full() const { return max && found.size() >= max; }
  /// 0: no limit.
  size_t limit() const { return max; }
  void add(Property property, size_t transfer, std::string message,
           uint32_t chunk = UINT32_MAX) {
    if (!full())
      found.push_back({property, transfer, std::move(message), chunk});
  }
  std::vector<Violation> take() { return std::move(found); }

private:
  size_t max;
  std::vector<Violation> found;
};

std::string str(int64_t x) { return std::to_string(x); }

/// "chunk 3 over 0 -> 5 at [0, 21000000]" (verb "reduced over" for
/// reduces), "chunk 3 over 0 -> 5 via @nvs0 at [...]" for a routed one.
std::string transferText(const Network &network, const ScheduleView &t,
                         size_t i, const char *verb = "over") {
  return "chunk " + std::to_string(t.chunk(i)) + " " + verb + " " +
         transferLinkText(network, t[i], t.routes()) + " at [" +
         str(t.start(i)) + ", " + str(t.end(i)) + "]";
}

constexpr LinkId kNoLink = ~LinkId(0);

/// One transfer as the sweeps see it at its start.
struct Step {
  size_t index;
  uint32_t chunk, src, dst;
  /// kNoLink if the transfer cannot move data at all: no such link, chunk
  /// or kind.
  LinkId link;
  /// start >= 0 and end - start is the link's duration.
  bool timed;
  int64_t start, end;
  /// 0, or the route of a transfer through switches (`link` is then its
  /// path's first link, and its duration is the path's).
  uint16_t route = 0;
};

/// Properties 1 and 2, checked at each transfer's start in time order (the
/// same for both sweeps). The common, correct case is inlined; reporting is
/// kept out of line.
class LinkChecker {
public:
  LinkChecker(const Network &network, const VerificationSpec &spec,
              const ScheduleView &transfers, Reporter &reporter)
      : network(network), spec(spec), t(transfers), reporter(reporter),
        pipelined(spec.model == LinkModel::Pipelined),
        costs(network, spec.chunkSizes, spec.numChunks, spec.model) {
    // Whole-byte chunks come in at most two sizes, so each link has two
    // costs: slot 2l for the smaller chunks, 2l + 1 for the larger.
    links.resize(network.numLinks());
    durationOf.resize(2 * network.numLinks());
    for (LinkId l = 0; l < network.numLinks(); ++l) {
      durationOf[2 * l] = costs.smallest(l).duration;
      durationOf[2 * l + 1] = costs.largest(l).duration;
    }
    // Each node's out-links as (destination, link) in 8 bytes, in the
    // network's order (by destination, parallel links by id): a node of
    // degree 8 takes one cache line, so resolving a lane is one miss.
    firstOut.reserve(network.numNodes() + 1);
    firstOut.push_back(0);
    outPairs.reserve(network.numLinks());
    for (NodeId v = 0; v < network.numNodes(); ++v) {
      for (LinkId l : network.outLinks(v))
        outPairs.push_back(uint64_t(network.dst(l)) << 32 | l);
      firstOut.push_back(uint32_t(outPairs.size()));
    }
  }

  /// The cost slot of chunk c on link l (see the constructor).
  uint32_t slot(LinkId l, uint32_t c) const {
    return 2 * l + (costs.of(l, c).duration != durationOf[2 * l]);
  }
  int64_t duration(LinkId l, uint32_t c) const {
    return costs.of(l, c).duration;
  }
  /// Durations by slot.
  const std::vector<int64_t> &durations() const { return durationOf; }

  /// The link transfer x uses (the first of its path when routed), or
  /// kNoLink if it cannot move data. Both ends must be NPUs: a switch
  /// stores nothing.
  LinkId resolve(const Transfer &x) const {
    if (__builtin_expect(uint8_t(x.kind) > 1 || x.chunk >= spec.numChunks ||
                             x.src >= network.numNpus() ||
                             x.dst >= network.numNpus(),
                         0))
      return kNoLink;
    if (__builtin_expect(x.route != 0, 0))
      return resolvePath(x) ? path.front() : kNoLink;
    return find(x.src, x.dst, x.lane);
  }
  bool timed(LinkId l, uint32_t c, int64_t start, int64_t end) const {
    return start >= 0 && end >= start && end - start == duration(l, c);
  }
  Step step(size_t i, const Transfer &x) const {
    if (__builtin_expect(x.route != 0, 0))
      return routedStep(i, x);
    LinkId l = resolve(x);
    return {i,       x.chunk, x.src,
            x.dst,   l,       l != kNoLink && timed(l, x.chunk, x.start, x.end),
            x.start, x.end};
  }

  /// Reports property 1 and checks property 2 for s. Returns false if the
  /// transfer cannot move data; the caller then ignores it.
  bool depart(const Step &s) {
    if (__builtin_expect(s.link == kNoLink, 0)) {
      reportMalformed(s.index);
      return false;
    }
    if (__builtin_expect(s.route != 0, 0))
      return departRouted(s);
    LinkState &link = links[s.link];
    if (__builtin_expect(!s.timed, 0))
      reportTiming(s.index, duration(s.link, s.chunk));
    // Later transfers on the link are compared with the one that keeps it
    // busy longest, not just the previous one: with malformed durations a
    // short transfer can sit inside a long one.
    int64_t busy = s.end;
    if (pipelined && __builtin_add_overflow(
                         s.start, costs.of(s.link, s.chunk).occupancy, &busy))
      busy = INT64_MAX;
    if (__builtin_expect(s.start < link.busyUntil, 0))
      reportOverlap(s.index, link.busyBy);
    if (busy > link.busyUntil) {
      link.busyUntil = busy;
      link.busyBy = s.index;
    }
    return true;
  }

private:
  /// Fills `path` with the links of routed transfer x; false if its route
  /// is not in the table or not a path of the network.
  bool resolvePath(const Transfer &x) const {
    const RouteTable &routes = t.routes();
    if (!routes.has(x.route))
      return false;
    RouteSwitches via = routes.switches(x.route);
    path.clear();
    return findPath(network, x.src, x.dst, via.begin(), via.size(), path);
  }
  LinkCost routedCost(uint32_t chunk) const {
    return pathCost(network, path.data(), path.size(),
                    spec.chunkSizes.bytes(chunk), spec.model);
  }
  Step routedStep(size_t i, const Transfer &x) const {
    Step s{i, x.chunk, x.src, x.dst, resolve(x), false, x.start, x.end,
           x.route};
    if (s.link != kNoLink) {
      int64_t duration = routedCost(x.chunk).duration;
      s.timed = x.start >= 0 && x.end >= x.start &&
                x.end - x.start == duration;
    }
    return s;
  }
  /// depart() for a routed transfer: every link of its path is busy at
  /// once (cut-through), each checked against what it carries.
  bool departRouted(const Step &s) {
    resolvePath(t[s.index]);
    LinkCost cost = routedCost(s.chunk);
    if (!s.timed)
      reportTiming(s.index, cost.duration);
    int64_t busy = s.end;
    if (pipelined && __builtin_add_overflow(s.start, cost.occupancy, &busy))
      busy = INT64_MAX;
    bool reported = false;
    for (LinkId l : path) {
      LinkState &link = links[l];
      // One report per transfer, at the first link it shares.
      if (s.start < link.busyUntil && !reported) {
        reportOverlap(s.index, link.busyBy, l);
        reported = true;
      }
      if (busy > link.busyUntil) {
        link.busyUntil = busy;
        link.busyBy = s.index;
      }
    }
    return true;
  }

  /// The lane-th link src -> dst, as findLink defines it: out-links are
  /// sorted by destination, parallel ones adjacent in link-id order.
  LinkId find(uint32_t src, uint32_t dst, uint16_t lane) const {
    if (src >= network.numNodes() || dst >= network.numNodes())
      return kNoLink;
    const uint64_t *first = outPairs.data() + firstOut[src];
    const uint64_t *last = outPairs.data() + firstOut[src + 1];
    const uint64_t *it = first;
    uint64_t key = uint64_t(dst) << 32;
    if (last - first > 8) {
      // Destinations of a dense node are spread evenly: a binary search
      // would miss the cache log2(degree) times per transfer.
      it = interpolatedLowerBound(first, last, dst, [](uint64_t pair) {
        return uint32_t(pair >> 32);
      });
    } else {
      // Count the smaller destinations without an early exit: the trip
      // count is then the degree, which is predictable, while the position
      // of dst is not (it depends on the transfer).
      size_t below = 0;
      for (const uint64_t *p = first; p != last; ++p)
        below += *p < key;
      it += below;
    }
    if (size_t(last - it) <= lane || (it[lane] >> 32) != dst)
      return kNoLink;
    return LinkId(it[lane]);
  }

  __attribute__((noinline, cold)) void reportMalformed(size_t i) {
    uint8_t kind = t.kindByte(i);
    uint32_t end = t.src(i) >= network.numNpus() ? t.src(i) : t.dst(i);
    std::string why =
        kind > 1 ? "kind " + std::to_string(kind) +
                       " is neither copy (0) nor reduce (1)"
        : t.chunk(i) >= spec.numChunks
            ? "no such chunk (the collective has " +
                  std::to_string(spec.numChunks) + ")"
        : end >= network.numNpus()
            ? (end < network.numNodes()
                   ? "switch @" + network.switchName(end) +
                         " stores nothing: a transfer goes from NPU to "
                         "NPU, through switches with `via`"
                   : "no such node " + std::to_string(end))
        : t.route(i) ? (t.routes().has(t.route(i))
                            ? "its route is not a path of switches in the "
                              "network"
                            : "no such route")
                     : "no such link";
    reporter.add(Property::Link, i, transferText(network, t, i) + ": " + why);
  }

  __attribute__((noinline, cold)) void reportTiming(size_t i,
                                                    int64_t duration) {
    int64_t start = t.start(i), end = t.end(i);
    std::string why = start < 0 ? "starts before time 0"
                      : end < start
                          ? "ends before it starts"
                          : "takes " + str(end - start) + " ps, the " +
                                (t.route(i) ? "path" : "link") + " needs " +
                                str(duration) + " ps";
    reporter.add(Property::Link, i, transferText(network, t, i) + ": " + why);
  }

  /// `onPath`: the link of a routed transfer's path they share.
  __attribute__((noinline, cold)) void reportOverlap(size_t i, size_t j,
                                                     LinkId onPath = kNoLink) {
    std::string where = "the same link";
    if (onPath != kNoLink)
      where = "link " + linkText(network, onPath) + " of its path";
    reporter.add(Property::Overlap, i,
                 transferText(network, t, i) + " overlaps chunk " +
                     std::to_string(t.chunk(j)) + " at [" + str(t.start(j)) +
                     ", " + str(t.end(j)) + "] on " + where);
  }


  struct LinkState {
    int64_t busyUntil = INT64_MIN;
    size_t busyBy = 0;
  };
  const Network &network;
  const VerificationSpec &spec;
  const ScheduleView &t;
  Reporter &reporter;
  bool pipelined;
  ChunkCosts costs;
  std::vector<LinkState> links;
  std::vector<int64_t> durationOf; ///< by slot
  std::vector<uint32_t> firstOut;
  std::vector<uint64_t> outPairs;
  /// Scratch: the links of the routed transfer being looked at.
  mutable std::vector<LinkId> path;
};

__attribute__((noinline, cold)) std::string causalityText(const ScheduleView &t,
                                                          size_t i) {
  return "chunk " + std::to_string(t.chunk(i)) + " leaves npu " +
         std::to_string(t.src(i)) + " at " + str(t.start(i)) +
         " ps before it is there";
}

std::string deliveryText(uint32_t chunk, uint32_t npu, int64_t time) {
  return "chunk " + std::to_string(chunk) + " never reaches npu " +
         std::to_string(npu) + " by " + str(time) + " ps";
}

/// Transfers that have left but not landed, landed in order of time. The
/// copy sweep takes transfers in order of start, so on links of one
/// duration they also end in order: one FIFO per distinct duration (per
/// link and chunk size: LinkChecker's slots)
/// (few on real networks: one per dimension or tier) replaces a priority
/// queue. Transfers with a wrong duration, and every transfer when there are
/// many distinct durations, go through a heap.
class InFlight {
public:
  explicit InFlight(const std::vector<int64_t> &durations)
      : queueOf(durations.size(), kHeap) {
    // At most kMaxQueues distinct durations, in order of first appearance:
    // one pass, not a sort of every slot's (18 M at fully_connected(3000)).
    std::vector<int64_t> distinct;
    for (size_t l = 0; l < durations.size(); ++l) {
      if (l > 0 && durations[l] == durations[l - 1]) {
        queueOf[l] = queueOf[l - 1];
        continue;
      }
      auto it = std::find(distinct.begin(), distinct.end(), durations[l]);
      if (it == distinct.end()) {
        if (distinct.size() == kMaxQueues) {
          std::fill(queueOf.begin(), queueOf.end(), kHeap);
          return;
        }
        it = distinct.insert(distinct.end(), durations[l]);
      }
      queueOf[l] = uint32_t(it - distinct.begin());
    }
    queues.resize(distinct.size());
  }

  void push(uint32_t slot, bool timed, int64_t end, uint64_t key) {
    uint32_t q = timed ? queueOf[slot] : kHeap;
    if (q == kHeap) {
      heap.push_back({end, key});
      std::push_heap(heap.begin(), heap.end(), Later());
    } else {
      queues[q].items.push_back({end, key});
    }
  }

  /// Calls land(key) for every transfer that ends by `time`.
  template <typename Land> void landBy(int64_t time, Land land) {
    for (Queue &q : queues) {
      while (q.head < q.items.size() && q.items[q.head].end <= time)
        land(q.items[q.head++].key);
      // Drop the landed prefix now and then (amortized O(1) per item).
      if (q.head > 4096 && q.head * 2 > q.items.size()) {
        q.items.erase(q.items.begin(), q.items.begin() + q.head);
        q.head = 0;
      }
    }
    while (!heap.empty() && heap.front().end <= time) {
      land(heap.front().key);
      std::pop_heap(heap.begin(), heap.end(), Later());
      heap.pop_back();
    }
  }

private:
  static constexpr uint32_t kHeap = ~uint32_t(0);
  static constexpr size_t kMaxQueues = 16;
  struct Entry {
    int64_t end;
    uint64_t key;
  };
  struct Later {
    bool operator()(const Entry &a, const Entry &b) const {
      return a.end > b.end;
    }
  };
  struct Queue {
    std::vector<Entry> items;
    size_t head = 0;
  };
  std::vector<uint32_t> queueOf;
  std::vector<Queue> queues;
  std::vector<Entry> heap;
};

/// Every transfer touches two random (chunk, node) bits; fetching them this
/// many transfers ahead keeps enough cache misses in flight.
constexpr size_t kAhead = 16;

/// The sweep for copy-only schedules of single-contribution chunks. A bit
/// per (chunk, node) says it holds the chunk; a transfer, once it passes
/// causality, is in flight until its end, when it sets its destination's
/// bit. Before each departure at time s, everything that ends by s lands.
class CopySweep {
public:
  CopySweep(const Network &network, const VerificationSpec &spec,
            const ScheduleView &t, Reporter &reporter)
      : network(network), spec(spec), t(t), reporter(reporter),
        numNodes(network.numNodes()), held(numNodes, spec.numChunks),
        links(network, spec, t, reporter), inFlight(links.durations()) {
    for (uint32_t c = 0; c < spec.numChunks && c < spec.initial.size(); ++c)
      for (auto [npu, rank] : spec.initial[c])
        if (npu < numNodes)
          held.set(held.key(c, npu));
  }

  void run(int64_t reportedTimePs, bool sorted) {
    reportedTime = reportedTimePs;
    if (!(sorted ? runSorted() : runUnsorted()))
      return;
    if (!checked)
      checkDelivery();
    // Final-state violations come after every transfer's.
    for (Violation &v : finals)
      reporter.add(v.property, v.transfer, std::move(v.message), v.chunk);
  }

private:
  /// Returns false once the reporter is full.
  bool visit(const Step &s) {
    if (!links.depart(s))
      return !reporter.full();
    // Starts come in order, and many transfers share one. Deliveries are
    // decided on the state at the reported time, before anything later
    // lands.
    if (s.start != landedBy) {
      if (!checked && s.start > reportedTime)
        checkDelivery();
      landedBy = s.start;
      inFlight.landBy(landedBy, [&](uint64_t k) { held.set(k); });
    }
    if (__builtin_expect(!held.test(held.key(s.chunk, s.src)), 0))
      reporter.add(Property::Causality, s.index, causalityText(t, s.index));
    else if (s.end > s.start)
      inFlight.push(links.slot(s.link, s.chunk), s.timed && !s.route, s.end,
                    held.key(s.chunk, s.dst));
    return !reporter.full();
  }

  void prefetch(uint32_t chunk, uint32_t src, uint32_t dst) const {
    if (chunk < spec.numChunks && src < numNodes && dst < numNodes) {
      held.prefetch(held.key(chunk, src));
      held.prefetch(held.key(chunk, dst));
    }
  }

  /// Input already in order of start: columns are read in order (the
  /// hardware prefetcher follows them); only the state needs help.
  bool runSorted() {
    size_t n = t.size();
    for (size_t i = 0; i < n; ++i) {
      if (i + kAhead < n)
        prefetch(t.chunk(i + kAhead), t.src(i + kAhead), t.dst(i + kAhead));
      if (!visit(links.step(i, t[i])))
        return false;
    }
    return true;
  }

  /// Unsorted input. Gathering seven columns per transfer in time order
  /// would cost seven cache and TLB misses each, so one pass in input order
  /// first resolves every transfer's link and packs what the sweep needs
  /// into 8 bytes (chunk, link, timing flag); with the sorted keys (start,
  /// index) that is all the sweep reads. Needs link ids below 2^31.
  bool runUnsorted() {
    size_t n = t.size();
    TimeOrder order = TimeOrder::sort(n, [&](size_t i) { return t.start(i); });
    // Routed transfers need their route, which the packed word lacks.
    if (network.numLinks() >= (size_t(1) << 31) - 1 || t.hasRoutes()) {
      for (size_t p = 0; p < n; ++p)
        if (!visit(links.step(order.item(p), t[order.item(p)])))
          return false;
      return true;
    }
    constexpr uint32_t kUntimed = uint32_t(1) << 31;
    ZeroArray<uint64_t> packed = order.takeSpare();
    for (size_t i = 0; i < n; ++i) {
      Transfer x = t[i];
      LinkId l = links.resolve(x);
      uint32_t word = l == kNoLink                     ? kNoLink
                      : links.timed(l, x.chunk, x.start, x.end) ? l
                                                       : l | kUntimed;
      packed[i] = uint64_t(x.chunk) | uint64_t(word) << 32;
    }
    auto unpack = [&](size_t p) {
      size_t i = order.item(p);
      uint64_t word = packed[i];
      Step s{i, uint32_t(word), 0, 0, kNoLink, false, 0, 0};
      uint32_t l = uint32_t(word >> 32);
      if (l == kNoLink)
        return s;
      s.link = l & ~kUntimed;
      s.timed = !(l & kUntimed);
      s.src = network.src(s.link);
      s.dst = network.dst(s.link);
      s.start = order.hasTimes() ? order.time(p) : t.start(i);
      s.end = s.timed ? s.start + links.duration(s.link, s.chunk) : t.end(i);
      return s;
    };
    // Two stages ahead: the packed word of a later transfer, then the state
    // of a nearer one (whose word is in cache by then).
    for (size_t p = 0; p < n; ++p) {
      if (p + 2 * kAhead < n)
        __builtin_prefetch(&packed[order.item(p + 2 * kAhead)]);
      if (p + kAhead < n) {
        uint64_t word = packed[order.item(p + kAhead)];
        uint32_t l = uint32_t(word >> 32) & ~kUntimed;
        if (uint32_t(word >> 32) != kNoLink)
          prefetch(uint32_t(word), network.src(l), network.dst(l));
      }
      if (!visit(unpack(p)))
        return false;
    }
    return true;
  }

  /// Delivery violations at the reported time, kept aside (up to the
  /// reporter's limit; more are never needed).
  void checkDelivery() {
    checked = true;
    inFlight.landBy(reportedTime, [&](uint64_t k) { held.set(k); });
    size_t limit = reporter.limit() ? reporter.limit() : SIZE_MAX;
    for (uint32_t c = 0; c < spec.numChunks && c < spec.required.size(); ++c)
      for (uint32_t v : spec.required[c]) {
        if (finals.size() >= limit)
          return;
        if (v >= numNodes || !held.test(held.key(c, v)))
          finals.push_back({Property::Delivery, SIZE_MAX,
                            deliveryText(c, v, reportedTime), c});
      }
  }

  const Network &network;
  const VerificationSpec &spec;
  const ScheduleView &t;
  Reporter &reporter;
  uint32_t numNodes;
  HeldBits held;
  LinkChecker links;
  InFlight inFlight;
  /// The time up to which arrivals have landed.
  int64_t landedBy = INT64_MIN;
  int64_t reportedTime = 0;
  bool checked = false;
  std::vector<Violation> finals;
};

/// Exact contribution sets of up to 64 ranks.
class BitSets {
public:
  using Set = uint64_t;
  static Set single(uint32_t rank) { return uint64_t(1) << rank; }
  static bool isEmpty(Set s) { return s == 0; }
  static uint64_t count(Set s) { return __builtin_popcountll(s); }
  static void merge(Set &into, Set s) { into |= s; }
  static std::string twice(Set into, Set s, Set) {
    Set common = into & s;
    if (!common)
      return "";
    return "counts rank " + std::to_string(__builtin_ctzll(common)) + " twice";
  }
  static std::string incomplete(Set have, Set full) {
    if (Set missing = full & ~have)
      return "missing the contribution of rank " +
             std::to_string(__builtin_ctzll(missing));
    if (Set extra = have & ~full)
      return "holding the contribution of rank " +
             std::to_string(__builtin_ctzll(extra)) + ", which is not its";
    return "";
  }
};

/// Multiset fingerprints beyond 64 ranks: the count, the sum and the xor of
/// per-rank 64-bit keys. Two different multisets of ranks collide only if
/// both 64-bit sums and xors agree, which random keys make negligible.
struct Fingerprint {
  uint64_t count = 0, sum = 0, bits = 0;
  bool operator==(const Fingerprint &o) const {
    return count == o.count && sum == o.sum && bits == o.bits;
  }
};

class FingerprintSets {
public:
  using Set = Fingerprint;
  /// The rank-th output of splitmix64 from a fixed seed, computed directly
  /// (splitmix64's state after r+1 steps is seed + (r+1) * gamma), so no
  /// table is needed however large the rank ids of a hand-written spec are.
  /// A fixed seed keeps verdicts reproducible.
  static uint64_t key(uint32_t rank) {
    uint64_t z = 0x7461636f73ULL + (uint64_t(rank) + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  static Set single(uint32_t rank) { return {1, key(rank), key(rank)}; }
  static bool isEmpty(const Set &s) { return s.count == 0; }
  static uint64_t count(const Set &s) { return s.count; }
  static void merge(Set &into, const Set &s) {
    into.count += s.count;
    into.sum += s.sum;
    into.bits ^= s.bits;
  }
  static std::string twice(const Set &into, const Set &s, const Set &full) {
    if (into.count + s.count <= full.count)
      return "";
    return "counts a contribution twice (" +
           std::to_string(into.count + s.count) +
           " contributions, the chunk has " + std::to_string(full.count) + ")";
  }
  static std::string incomplete(const Set &have, const Set &full) {
    if (have == full)
      return "";
    if (have.count < full.count)
      return "missing " + std::to_string(full.count - have.count) + " of its " +
             std::to_string(full.count) + " contributions";
    if (have.count > full.count)
      return "counting " + std::to_string(have.count) +
             " contributions, not its " + std::to_string(full.count);
    return "counting some contribution twice and missing another";
  }
};

std::string singleReduceText(const Network &network, const ScheduleView &t,
                             size_t i) {
  return transferText(network, t, i, "reduced over") + ": chunk " +
         std::to_string(t.chunk(i)) +
         " has a single contribution, so only a copy may move it";
}

const char *verbOf(const ScheduleView &t, size_t i) {
  return t.kindByte(i) == uint8_t(TransferKind::Reduce) ? "reduced over"
                                                        : "over";
}

std::string raceText(const Network &network, const ScheduleView &t,
                     size_t i) {
  return transferText(network, t, i, verbOf(t, i)) + " lands at npu " +
         std::to_string(t.dst(i)) +
         " at the same time as another write of chunk " +
         std::to_string(t.chunk(i)) +
         ", and one of them is a copy: the result would depend on their order";
}

/// Simultaneous arrivals (see the file comment): marks the transfers that
/// can move data (a link, a chunk, a kind, an end after the start) and write
/// a combining chunk into an NPU at the same end as another such transfer,
/// when one of the group is a copy. Every member of such a group is marked,
/// whatever order the input lists them in.
std::vector<uint8_t> findRaces(const ScheduleView &t, const LinkChecker &links,
                               const std::vector<uint8_t> &combining) {
  size_t n = t.size();
  std::vector<uint8_t> races(n, 0);
  std::vector<size_t> writes;
  for (size_t i = 0; i < n; ++i)
    if (links.resolve(t[i]) != kNoLink && combining[t.chunk(i)] &&
        t.end(i) > t.start(i))
      writes.push_back(i);
  auto key = [&](size_t i) {
    return std::make_tuple(t.chunk(i), t.dst(i), t.end(i));
  };
  std::sort(writes.begin(), writes.end(), [&](size_t x, size_t y) {
    return std::make_pair(key(x), x) < std::make_pair(key(y), y);
  });
  for (size_t lo = 0, hi; lo < writes.size(); lo = hi) {
    bool copy = false;
    for (hi = lo; hi < writes.size() && key(writes[hi]) == key(writes[lo]);
         ++hi)
      copy |= t.kindByte(writes[hi]) == uint8_t(TransferKind::Copy);
    if (hi - lo >= 2 && copy)
      for (size_t p = lo; p < hi; ++p)
        races[writes[p]] = 1;
  }
  return races;
}

/// The order in which arrivals at one time land (docs/Verification.md):
/// reduces before copies, then by source, lane and start, so that it does not
/// depend on the order of the input; only transfers that agree on all of
/// these (and so carry the same value) keep their input order.
std::vector<size_t> landingOrder(const ScheduleView &t) {
  std::vector<size_t> order(t.size());
  std::iota(order.begin(), order.end(), size_t(0));
  auto key = [&](size_t i) {
    return std::make_tuple(t.kindByte(i) != uint8_t(TransferKind::Reduce),
                           t.src(i), t.lane(i), t.start(i), i);
  };
  std::sort(order.begin(), order.end(),
            [&](size_t x, size_t y) { return key(x) < key(y); });
  return order;
}

/// The general sweep: departure and arrival events with contribution sets.
template <typename Sets>
void sweepValues(const Network &network, const VerificationSpec &spec,
                 const ScheduleView &t, int64_t reportedTimePs,
                 const Sets &sets, Reporter &reporter) {
  using Set = typename Sets::Set;
  uint32_t numNodes = network.numNodes();
  uint32_t numChunks = spec.numChunks;
  PairStore<Set> state(numNodes, numChunks);
  // The complete value of each chunk: every rank that initially contributes,
  // once. Duplicate (npu, rank) or rank entries are counted once.
  std::vector<Set> full(numChunks, Set{});
  for (uint32_t c = 0; c < numChunks && c < spec.initial.size(); ++c) {
    std::vector<std::pair<uint32_t, uint32_t>> pairs = spec.initial[c];
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    std::vector<uint32_t> ranks;
    for (auto [npu, rank] : pairs) {
      ranks.push_back(rank);
      if (npu < numNodes)
        sets.merge(state.at(c, npu), sets.single(rank));
    }
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    for (uint32_t rank : ranks)
      sets.merge(full[c], sets.single(rank));
  }

  // Chunks with one contribution (every chunk of a non-combining
  // collective) move by copies only.
  std::vector<uint8_t> combining(numChunks, 0);
  for (uint32_t c = 0; c < numChunks; ++c)
    combining[c] = sets.count(full[c]) > 1;

  // Final-state checks at the reported time; they are reported after every
  // transfer's violations, so they are kept aside.
  std::vector<Violation> finals;
  // More than the reporter's limit is never needed.
  size_t limit = reporter.limit() ? reporter.limit() : SIZE_MAX;
  bool checked = false;
  auto checkFinal = [&] {
    checked = true;
    for (uint32_t c = 0; c < numChunks && c < spec.required.size(); ++c)
      for (uint32_t v : spec.required[c]) {
        if (finals.size() >= limit)
          return;
        Set have = v < numNodes ? state.get(c, v) : Set{};
        if (sets.isEmpty(have)) {
          finals.push_back({Property::Delivery, SIZE_MAX,
                            deliveryText(c, v, reportedTimePs), c});
          continue;
        }
        std::string why = sets.incomplete(have, full[c]);
        if (!why.empty())
          finals.push_back({Property::Reduction, SIZE_MAX,
                            "npu " + std::to_string(v) + " ends with chunk " +
                                std::to_string(c) + " " + why,
                            c});
      }
  };

  size_t n = t.size();
  // What each transfer read at its start (empty: it carries nothing).
  ZeroArray<Set> carried(n);
  LinkChecker links(network, spec, t, reporter);
  std::vector<uint8_t> races = findRaces(t, links, combining);
  // Events 0..n-1 are arrivals (of transfers landing[0..n-1]), n..2n-1
  // departures: in tie order, arrivals at a time precede departures at that
  // time, arrivals in canonical order, departures by input index.
  std::vector<size_t> landing = landingOrder(t);
  TimeOrder events = TimeOrder::sort(2 * n, [&](size_t j) {
    return j < n ? t.end(landing[j]) : t.start(j - n);
  });
  for (size_t p = 0; p < events.size(); ++p) {
    size_t event = events.item(p);
    if (event >= n) {
      size_t i = size_t(event - n);
      if (links.depart(links.step(i, t[i]))) {
        Set have = state.get(t.chunk(i), t.src(i));
        if (sets.isEmpty(have))
          reporter.add(Property::Causality, i, causalityText(t, i));
        else if (t.end(i) > t.start(i))
          carried[i] = have;
        if (t.kindByte(i) == uint8_t(TransferKind::Reduce) &&
            !combining[t.chunk(i)])
          reporter.add(Property::Reduction, i, singleReduceText(network, t, i));
      }
    } else {
      size_t i = landing[event];
      // Departures do not change state: the state at the reported time is
      // the one before the first later arrival.
      if (!checked && t.end(i) > reportedTimePs)
        checkFinal();
      if (races[i])
        reporter.add(Property::Reduction, i, raceText(network, t, i));
      const Set &value = carried[i];
      if (sets.isEmpty(value))
        continue;
      uint32_t c = t.chunk(i);
      Set &into = state.at(c, t.dst(i));
      // A reduce of a single-contribution chunk was reported at its start;
      // it lands as the copy it should have been.
      if (t.kindByte(i) == uint8_t(TransferKind::Copy) || !combining[c]) {
        into = value;
        continue;
      }
      if (!sets.isEmpty(into)) {
        std::string why = sets.twice(into, value, full[c]);
        if (!why.empty())
          reporter.add(Property::Reduction, i,
                       transferText(network, t, i, "reduced over") + " " + why);
      }
      sets.merge(into, value);
    }
    if (reporter.full())
      return;
  }
  if (!checked)
    checkFinal();
  for (Violation &v : finals) {
    if (reporter.full())
      return;
    reporter.add(v.property, v.transfer, std::move(v.message), v.chunk);
  }
}

} // namespace

MemoryEstimate estimateVerification(const Network &network,
                                    const CollectiveSpec &spec,
                                    double transfers) {
  MemoryEstimate estimate;
  estimate.what = "verifying the schedule";
  double g = double(spec.participants(network.numNpus()));
  double chunks = double(spec.numChunks(network.numNpus()));
  double k = double(spec.chunksPerRank);
  // The spec (buildVerificationSpec): per chunk two vectors (48 bytes, and
  // their heap blocks' overhead), the required NPUs and the initial (npu,
  // rank) pairs.
  double required = 0, initial = chunks;
  switch (spec.kind) {
  case CollectiveKind::AllGather:
  case CollectiveKind::AllReduce:
    required = chunks * g;
    break;
  case CollectiveKind::Broadcast:
    required = k * g;
    break;
  case CollectiveKind::Scatter:
  case CollectiveKind::Gather:
  case CollectiveKind::AllToAll:
  case CollectiveKind::ReduceScatter:
  case CollectiveKind::Reduce:
    required = chunks;
    break;
  }
  if (isCombining(spec.kind))
    initial = chunks * g;
  estimate.add(chunks, 80, "chunk lists");
  estimate.add(required, 4, "required deliveries");
  estimate.add(initial, 8, "initial contributions");
  // The sweeps: for copies only, the start order's keys and their spare
  // (16 bytes a transfer) and the links' in-flight state; with reductions,
  // time-order keys of departures and arrivals, the landing order,
  // per-transfer flags and carried values (about 64). And what each node
  // holds of each chunk, dense up to kDenseBudgetBytes
  // (VerifierStorage.h), else hashed per delivery.
  estimate.add(transfers, isCombining(spec.kind) ? 64 : 24,
               "transfers to verify");
  // The link checker: two costs, two durations, a busy time and an
  // out-pair per link.
  estimate.add(double(network.numLinks()), 80, "links");
  double pairs = double(network.numNodes()) * chunks;
  double held = isCombining(spec.kind) ? pairs * 16 : pairs / 8;
  if (held <= double(verifier_storage::kDenseBudgetBytes))
    estimate.add(held);
  else
    estimate.add(transfers, 48, "held chunks");
  return estimate;
}

std::vector<Violation> verifyAlgorithm(const Network &network,
                                       const VerificationSpec &spec,
                                       const ScheduleView &transfers,
                                       int64_t reportedTimePs,
                                       const VerificationOptions &options) {
  Reporter reporter(options.maxViolations);
  const ScheduleView &t = transfers;
  size_t n = t.size();

  // One sequential pass for what picks the sweep and for property 6.
  int64_t lastEnd = 0;
  bool sorted = true, reduces = false;
  for (size_t i = 0; i < n; ++i) {
    lastEnd = i == 0 ? t.end(i) : std::max(lastEnd, t.end(i));
    sorted = sorted && (i == 0 || t.start(i - 1) <= t.start(i));
    reduces = reduces || t.kindByte(i) == uint8_t(TransferKind::Reduce);
  }
  // Does every chunk have (at most) one contributing rank?
  bool single = true;
  uint64_t numRanks = spec.participants.size();
  for (const auto &pairs : spec.initial)
    for (const auto &[npu, rank] : pairs) {
      single = single && rank == pairs.front().second;
      numRanks = std::max(numRanks, uint64_t(rank) + 1);
    }

  // Deliveries are due by the reported time, or by the last end when the
  // reported time is earlier: that time is wrong (property 6, reported
  // below), and judging every late arrival against it would report the one
  // mistake once per chunk.
  int64_t dueBy = std::max(reportedTimePs, lastEnd);
  if (single && !reduces)
    CopySweep(network, spec, t, reporter).run(dueBy, sorted);
  else if (numRanks <= 64)
    sweepValues(network, spec, t, dueBy, BitSets(), reporter);
  else
    sweepValues(network, spec, t, dueBy, FingerprintSets(), reporter);

  if (reportedTimePs != lastEnd)
    reporter.add(Property::Time, SIZE_MAX,
                 "reported time " + str(reportedTimePs) + " ps, but " +
                     (n ? "the last transfer ends at " + str(lastEnd) + " ps"
                        : std::string("there are no transfers (0 ps)")));
  return reporter.take();
}

std::vector<Violation> withoutConsequences(std::vector<Violation> found,
                                           const ScheduleView &transfers) {
  std::unordered_set<uint32_t> failed;
  std::vector<Violation> kept;
  for (Violation &v : found) {
    bool ofTransfer = v.transfer != SIZE_MAX && v.transfer < transfers.size();
    uint32_t chunk = ofTransfer ? transfers.chunk(v.transfer) : v.chunk;
    bool follows = failed.count(chunk) &&
                   (ofTransfer ? v.property == Property::Causality
                               : v.chunk != UINT32_MAX);
    if (follows)
      continue;
    if (ofTransfer)
      failed.insert(chunk);
    kept.push_back(std::move(v));
  }
  return kept;
}

} // namespace tacos
