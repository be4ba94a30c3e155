//===- TenSynthesizer.cpp - Greedy link-chunk matching (TACOS) ------------===//
//
// Matching works per destination, not per (chunk, destination) pair as the
// reference TACOS does (which makes it cubic): at an event, each NPU with
// idle in-links walks them fastest first and picks a chunk for each.
// "Full" problems (every NPU holds or needs every chunk: All-Gather and
// Broadcast on the whole network) have their own lean state
// (FullMatching.cpp). Here, for the others, each link keeps a heap of the
// chunks its source holds that its destination needs or that the link
// brings closer to a remaining destination (store-and-forward through NPUs
// that do not need them), filled when a chunk arrives and pruned lazily
// when a pick meets a stale entry: a pick does not scan every chunk the
// source holds (hundreds to thousands per NPU in an All-to-All).
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/TenSynthesizer.h"
#include "FullMatching.h"
#include "DeadEnds.h"
#include "HopSample.h"
#include "SwitchSynthesizer.h"
#include "TenCommon.h"
#include "tacos/Network/ShortestPaths.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/ReservationRouter.h"
#include "tacos/Synthesis/Trials.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <queue>
#include <random>
#include <unordered_map>

namespace tacos {

namespace {

struct InFlight {
  uint32_t chunk;
  int64_t start, end;
};

class TenRun {
public:
  TenRun(const Network &network, const Problem &problem,
         const AlgorithmOptions &options, uint64_t seed);
  std::string run(AlgorithmResult &result);

private:
  // The constructor's steps, in order.
  void indexLinks();
  void placeSources();
  void indexDestinations();
  void computeDistances();

  bool isDestination(uint32_t v, uint32_t c) const {
    return neededAt.test(c, v);
  }
  LinkCost cost(LinkId l, uint32_t c) const { return costs.of(l, c); }
  std::optional<int64_t> earliestInFlight(uint32_t v, uint32_t c) const;
  bool dueSoonerThan(uint32_t v, uint32_t c, int64_t arrival) const;
  /// Picks a chunk for idle link l at time now, or returns -1.
  int64_t pickGeneral(LinkId l, int64_t now);
  /// Whether forwarding c over u->v brings it strictly closer to one of its
  /// remaining destinations; returns that destination's remaining distance.
  int64_t forwardGain(uint32_t c, uint32_t u, uint32_t v) const;
  /// The heap key of c on l (smaller is better), or none if l is of no use
  /// to c any more.
  std::optional<int64_t> candidateKey(LinkId l, uint32_t c) const;
  /// Offers c, just arrived at (or starting at) u, to u's out-links.
  void offer(uint32_t u, uint32_t c);
  /// Whether u still passes c on: a chunk with one destination is forwarded
  /// from u only once.
  bool inTransit(uint32_t u, uint32_t c) const { return !forwarded.test(c, u); }
  bool heldAt(uint32_t u, uint32_t c, int64_t time) const;
  int64_t pickReplacement(LinkId l, const InFlight &t);
  void start(LinkId l, uint32_t chunk, int64_t now);
  void deliver(LinkId l, uint32_t chunk, int64_t startTime, int64_t end);
  void match(uint32_t v, int64_t now);

  const Network &network;
  const Problem &problem;
  const AlgorithmOptions &options;
  std::mt19937_64 rng;
  uint32_t numNpus, numChunks;
  size_t words;
  ChunkCosts costs;
  std::vector<uint16_t> laneOf;
  std::vector<std::vector<LinkId>> fastestIn;

  BitRows have, due;
  std::vector<uint32_t> holders;
  size_t totalRemaining = 0, totalDeliveries = 0;
  std::vector<int64_t> linkFree;
  /// A pick that finds nothing finds nothing again until offer() gives the
  /// link a new candidate: entries only go stale, and a chunk set aside as
  /// due sooner stays so. Such a link is skipped until then:
  /// fruitless[l] == offers[l] + 1 (0: unknown). Without this, every
  /// instant re-examined every idle link's set-aside chunks, quadratic with
  /// 20,000 parallel links.
  std::vector<uint32_t> offers, fruitless;
  std::vector<std::deque<InFlight>> inFlight;
  /// Transfers of chunk c into v in flight, keyed v << 32 | c, for NPUs v
  /// with more than kScannedInLinks in-links: how many, and the earliest
  /// end. They start only while v lacks c, and the first to arrive gives v
  /// the chunk, so the earliest end is exact whenever it is asked (v lacks
  /// c); the count says when c stops being due at v. A search of v's
  /// in-links costs in-degree per query and arrival, quadratic with 20,000
  /// parallel links; below the threshold it beats a hash map.
  static constexpr size_t kScannedInLinks = 32;
  bool manyInLinks(uint32_t v) const {
    return network.inLinks(v).size() > kScannedInLinks;
  }
  struct Due {
    int64_t earliestEnd;
    uint32_t inFlight;
  };
  std::unordered_map<uint64_t, Due> dueAt;
  static uint64_t dueKey(uint32_t v, uint32_t c) {
    return uint64_t(v) << 32 | c;
  }
  RecentArrivals recent;
  int64_t longestDuration = 0;

  // General problems only.
  /// A link's candidate: deliveries first (key INT64_MIN + holders at the
  /// last look, rarest first), then forwards (key -gain, farthest remaining
  /// destination first); ties by a seeded random number drawn on entry.
  struct Candidate {
    int64_t key;
    uint32_t tie, chunk;
    bool operator>(const Candidate &o) const {
      return key != o.key ? key > o.key : tie > o.tie;
    }
  };
  std::vector<std::vector<Candidate>> candidates; // [link], min-heap
  std::vector<Candidate> setAside;
  std::vector<std::pair<LinkId, int64_t>> offerScratch;
  /// Chunk-major (row = chunk, column = NPU): a chunk's bits for every NPU
  /// share a few cache lines, and general problems mostly look up one chunk
  /// at several NPUs. neededAt: destinations; forwarded: NPUs that passed on
  /// a one-destination chunk; presentAt: a copy of have.
  BitRows neededAt, forwarded, presentAt;
  /// The destination of chunks that have one, else kSeveral.
  static constexpr uint32_t kSeveral = UINT32_MAX;
  std::vector<uint32_t> soleDestination;
  std::vector<int32_t> destinationIndex;
  std::vector<std::vector<int64_t>> distanceTo; // [dest index][npu]

  std::vector<uint8_t> dirty;
  std::vector<uint32_t> dirtyList;
  struct Event {
    int64_t time;
    uint64_t seq;
    LinkId link;
    bool operator>(const Event &o) const {
      return time != o.time ? time > o.time : seq > o.seq;
    }
  };
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events;
  uint64_t nextSeq = 0;
  Schedule *schedule = nullptr;
  size_t recorded = 0;
  int64_t lastEnd = 0;
};

TenRun::TenRun(const Network &network, const Problem &problem,
               const AlgorithmOptions &options, uint64_t seed)
    : network(network), problem(problem), options(options), rng(seed),
      numNpus(problem.numNpus), numChunks(problem.numChunks()),
      words((problem.numChunks() + 63) / 64),
      costs(network, problem.chunkSizes, problem.numChunks(), options.model),
      have(problem.numNpus, words), due(problem.numNpus, words),
      neededAt(0, 0), forwarded(0, 0), presentAt(0, 0) {
  indexLinks();
  placeSources();
  indexDestinations();
  computeDistances();
  for (uint32_t c = 0; c < numChunks; ++c) {
    for (uint32_t i = problem.sourceOffsets[c];
         i < problem.sourceOffsets[c + 1]; ++i)
      presentAt.set(c, problem.sources[i]);
    if (problem.numDestinations(c) > 0)
      for (uint32_t i = problem.sourceOffsets[c];
           i < problem.sourceOffsets[c + 1]; ++i)
        offer(problem.sources[i], c);
  }
}

/// Each link's lane among its parallel links, the longest duration, and
/// every NPU's in-links fastest first.
void TenRun::indexLinks() {
  laneOf = laneIndex(network);
  for (LinkId l = 0; l < network.numLinks(); ++l)
    longestDuration = std::max(longestDuration, costs.largest(l).duration);
  fastestIn.resize(numNpus);
  for (uint32_t v = 0; v < numNpus; ++v) {
    for (LinkId l : network.inLinks(v))
      fastestIn[v].push_back(l);
    std::stable_sort(fastestIn[v].begin(), fastestIn[v].end(),
                     [&](LinkId a, LinkId b) {
                       return costs.largest(a).duration <
                              costs.largest(b).duration;
                     });
  }
}

/// The state at time 0: every chunk at its sources, every link free.
void TenRun::placeSources() {
  holders.assign(numChunks, 0);
  linkFree.assign(network.numLinks(), 0);
  offers.assign(network.numLinks(), 0);
  fruitless.assign(network.numLinks(), 0);
  inFlight.resize(network.numLinks());
  recent.reset(numNpus, longestDuration);
  dirty.assign(numNpus, 0);
  for (uint32_t c = 0; c < numChunks; ++c) {
    for (uint32_t i = problem.sourceOffsets[c]; i < problem.sourceOffsets[c + 1];
         ++i) {
      have.set(problem.sources[i], c);
      ++holders[c];
    }
  }
  totalRemaining = totalDeliveries = problem.numDeliveries();
}

/// General problems: which NPU needs which chunk, and an index for every
/// destination.
void TenRun::indexDestinations() {
  size_t npuWords = (numNpus + 63) / 64;
  neededAt = BitRows(numChunks, npuWords);
  forwarded = BitRows(numChunks, npuWords);
  presentAt = BitRows(numChunks, npuWords);
  candidates.resize(network.numLinks());
  destinationIndex.assign(numNpus, -1);
  soleDestination.assign(numChunks, kSeveral);
  for (uint32_t c = 0; c < numChunks; ++c) {
    problem.forEachDestination(c, [&](uint32_t d) {
      neededAt.set(c, d);
      if (problem.numDestinations(c) == 1)
        soleDestination[c] = d;
      if (destinationIndex[d] < 0) {
        destinationIndex[d] = int32_t(distanceTo.size());
        distanceTo.emplace_back();
      }
    });
  }
}

/// Cost-weighted distance from every NPU to every destination (Dijkstra on
/// the reversed graph, weights = the chunk's duration on each link).
void TenRun::computeDistances() {
  for (uint32_t d = 0; d < numNpus; ++d) {
    if (destinationIndex[d] < 0)
      continue;
    distanceTo[destinationIndex[d]] = shortestDistances(
        network, {d}, [&](LinkId l) { return costs.largest(l).duration; },
        PathDirection::ToSources);
  }
}

/// The in-flight transfers into v are few (in-degree times link depth), so
/// searching them beats keeping a map of due times for most NPUs.
std::optional<int64_t> TenRun::earliestInFlight(uint32_t v, uint32_t c) const {
  std::optional<int64_t> earliest;
  for (LinkId l : network.inLinks(v))
    for (const InFlight &t : inFlight[l])
      if (t.chunk == c && (!earliest || t.end < *earliest))
        earliest = t.end;
  return earliest;
}

/// Only asked while v lacks c (a candidate), when dueAt is exact.
bool TenRun::dueSoonerThan(uint32_t v, uint32_t c, int64_t arrival) const {
  if (!manyInLinks(v)) {
    std::optional<int64_t> due = earliestInFlight(v, c);
    return due && *due <= arrival;
  }
  auto it = dueAt.find(dueKey(v, c));
  return it != dueAt.end() && it->second.earliestEnd <= arrival;
}

int64_t TenRun::forwardGain(uint32_t c, uint32_t u, uint32_t v) const {
  int64_t best = -1;
  problem.forEachDestination(c, [&](uint32_t d) {
    if (presentAt.test(c, d))
      return;
    const std::vector<int64_t> &dist = distanceTo[destinationIndex[d]];
    if (dist[v] < dist[u])
      best = std::max(best, dist[v]);
  });
  return best;
}

std::optional<int64_t> TenRun::candidateKey(LinkId l, uint32_t c) const {
  uint32_t u = network.src(l), v = network.dst(l);
  if (uint32_t d = soleDestination[c]; d != kSeveral) {
    // The common case (All-to-All, Scatter, Gather), with fewer lookups in
    // the large bitsets.
    if (presentAt.test(c, d))
      return std::nullopt;
    if (v == d)
      return std::numeric_limits<int64_t>::min() + int64_t(holders[c]);
    const std::vector<int64_t> &dist = distanceTo[destinationIndex[d]];
    if (dist[v] >= dist[u] || presentAt.test(c, v))
      return std::nullopt;
    return -dist[v];
  }
  if (presentAt.test(c, v))
    return std::nullopt;
  if (neededAt.test(c, v))
    return std::numeric_limits<int64_t>::min() + int64_t(holders[c]);
  int64_t gain = forwardGain(c, u, v);
  if (gain < 0)
    return std::nullopt;
  return -gain;
}

void TenRun::offer(uint32_t u, uint32_t c) {
  // Among equal keys, chunks with fewer useful links go first: a chunk only
  // one link serves waits for it, one with a choice can take another.
  std::vector<std::pair<LinkId, int64_t>> &useful = offerScratch;
  useful.clear();
  for (LinkId l : network.outLinks(u)) {
    if (network.dst(l) >= numNpus)
      continue;
    if (std::optional<int64_t> key = candidateKey(l, c))
      useful.push_back({l, *key});
  }
  uint32_t choice = soleDestination[c] != kSeveral
                        ? std::min<uint32_t>(uint32_t(useful.size()), 255) << 24
                        : 0;
  for (auto [l, key] : useful) {
    std::vector<Candidate> &heap = candidates[l];
    heap.push_back({key, choice | uint32_t(rng() & 0xffffff), c});
    std::push_heap(heap.begin(), heap.end(), std::greater<Candidate>());
    ++offers[l];
  }
}

int64_t TenRun::pickGeneral(LinkId l, int64_t now) {
  if (fruitless[l] == offers[l] + 1)
    return -1;
  uint32_t u = network.src(l), v = network.dst(l);
  std::vector<Candidate> &heap = candidates[l];
  auto pop = [&] {
    std::pop_heap(heap.begin(), heap.end(), std::greater<Candidate>());
    Candidate top = heap.back();
    heap.pop_back();
    return top;
  };
  auto push = [&](const Candidate &entry) {
    heap.push_back(entry);
    std::push_heap(heap.begin(), heap.end(), std::greater<Candidate>());
  };
  // Keys only get worse (holders grow, destinations get served), so a top
  // whose key is still current is the best candidate; a stale one is
  // re-keyed or dropped. Chunks due at v sooner are skipped, not dropped:
  // their transfer may yet turn out redundant.
  int64_t best = -1;
  while (!heap.empty()) {
    Candidate top = pop();
    if (!inTransit(u, top.chunk))
      continue;
    std::optional<int64_t> key = candidateKey(l, top.chunk);
    if (!key)
      continue;
    if (*key != top.key) {
      top.key = *key;
      push(top);
      continue;
    }
    if (due.test(v, top.chunk) &&
        dueSoonerThan(v, top.chunk, now + cost(l, top.chunk).duration)) {
      setAside.push_back(top);
      continue;
    }
    best = top.chunk;
    break;
  }
  for (const Candidate &entry : setAside)
    push(entry);
  setAside.clear();
  if (best < 0)
    fruitless[l] = offers[l] + 1;
  return best;
}

bool TenRun::heldAt(uint32_t u, uint32_t c, int64_t time) const {
  return have.test(u, c) && recent.heldSince(u, c, time);
}

int64_t TenRun::pickReplacement(LinkId l, const InFlight &t) {
  uint32_t u = network.src(l), v = network.dst(l);
  // The replacement arrives when the original would have: it must cost the
  // same on l (chunks differ by at most one byte, and so may their costs).
  LinkCost original = cost(l, t.chunk);
  auto usable = [&](uint32_t c) {
    LinkCost mine = cost(l, c);
    return !have.test(v, c) && !due.test(v, c) && isDestination(v, c) &&
           heldAt(u, c, t.start) && mine.duration == original.duration &&
           mine.occupancy == original.occupancy;
  };
  // The chunks u could deliver over l are among l's candidates.
  for (const Candidate &entry : candidates[l])
    if (inTransit(u, entry.chunk) && usable(entry.chunk))
      return entry.chunk;
  return -1;
}

void TenRun::start(LinkId l, uint32_t chunk, int64_t now) {
  uint32_t u = network.src(l), v = network.dst(l);
  // The chunk arrives after its own cost, but the link stays busy for the
  // largest chunk's: whole-byte chunks differ by a byte, and links that
  // drift apart by a byte's time fall out of step and lose whole slots. The
  // idle picoseconds are taken back by compaction (synthesizeTen).
  int64_t end = now + cost(l, chunk).duration;
  int64_t busy = costs.largest(l).occupancy;
  inFlight[l].push_back({chunk, now, end});
  linkFree[l] = now + busy;
  due.set(v, chunk);
  if (manyInLinks(v)) {
    auto entry = dueAt.try_emplace(dueKey(v, chunk), Due{end, 0}).first;
    entry->second.earliestEnd = std::min(entry->second.earliestEnd, end);
    ++entry->second.inFlight;
  }
  events.push({end, nextSeq++, l});
  if (now + busy != end)
    events.push({now + busy, nextSeq++, l});
  // A chunk with one destination is forwarded from u once (v passes it on,
  // even if the transfer turns out redundant).
  if (!neededAt.test(chunk, v) && problem.numDestinations(chunk) == 1)
    forwarded.set(chunk, u);
}

void TenRun::deliver(LinkId l, uint32_t chunk, int64_t startTime,
                     int64_t end) {
  uint32_t v = network.dst(l);
  have.set(v, chunk);
  ++holders[chunk];
  if (isDestination(v, chunk))
    --totalRemaining;
  presentAt.set(chunk, v);
  bool moreToGo = false;
  problem.forEachDestination(chunk, [&](uint32_t d) {
    moreToGo = moreToGo || !presentAt.test(chunk, d);
  });
  if (moreToGo)
    offer(v, chunk);
  recent.record(v, end, chunk);
  if (schedule)
    schedule->push_back({chunk, network.src(l), v, laneOf[l],
                         TransferKind::Copy, startTime, end});
  ++recorded;
  lastEnd = std::max(lastEnd, end);
  for (LinkId out : network.outLinks(v)) {
    uint32_t w = network.dst(out);
    if (w < numNpus && !dirty[w]) {
      dirty[w] = 1;
      dirtyList.push_back(w);
    }
  }
}

void TenRun::match(uint32_t v, int64_t now) {
  for (LinkId l : fastestIn[v]) {
    if (linkFree[l] > now)
      continue;
    int64_t c = pickGeneral(l, now);
    if (c >= 0)
      start(l, uint32_t(c), now);
  }
}

std::string TenRun::run(AlgorithmResult &result) {
  schedule = options.materialize ? &result.schedule : nullptr;
  if (schedule && totalDeliveries < (size_t(1) << 26))
    schedule->reserve(totalDeliveries);
  for (uint32_t v = 0; v < numNpus; ++v)
    match(v, 0);
  size_t nextReport = 1 << 16;
  DeadlinePoll poll(options.limits.deadline);
  // Work of an instant, for the poll: the links of the NPUs it matched.
  uint64_t linksPerNpu = 1 + network.numLinks() / std::max(1u, numNpus);
  size_t matched = numNpus;
  while (totalRemaining > 0) {
    if (poll.expired(1 + matched * linksPerNpu))
      return timeoutMessage(options.limits, "synthesis");
    if (events.empty())
      return "synthesis stalled with " + std::to_string(totalRemaining) +
             " deliveries left";
    int64_t now = events.top().time;
    while (!events.empty() && events.top().time == now) {
      LinkId l = events.top().link;
      events.pop();
      std::deque<InFlight> &queue = inFlight[l];
      if (queue.empty() || queue.front().end != now) {
        // A link-free event that is not an arrival (pipelined model, or a
        // smaller chunk that arrived before the link frees).
        uint32_t v = network.dst(l);
        if (!dirty[v]) {
          dirty[v] = 1;
          dirtyList.push_back(v);
        }
        continue;
      }
      InFlight t = queue.front();
      queue.pop_front();
      uint32_t v = network.dst(l);
      if (!manyInLinks(v)) {
        if (!earliestInFlight(v, t.chunk))
          due.reset(v, t.chunk);
      } else if (auto entry = dueAt.find(dueKey(v, t.chunk));
                 --entry->second.inFlight == 0) {
        dueAt.erase(entry);
        due.reset(v, t.chunk);
      }
      if (!have.test(v, t.chunk)) {
        deliver(l, t.chunk, t.start, now);
      } else {
        int64_t replacement = pickReplacement(l, t);
        if (replacement >= 0)
          deliver(l, uint32_t(replacement), t.start, now);
      }
      if (!dirty[v]) {
        dirty[v] = 1;
        dirtyList.push_back(v);
      }
    }
    if (totalRemaining == 0)
      break;
    std::sort(dirtyList.begin(), dirtyList.end());
    std::vector<uint32_t> batch;
    batch.swap(dirtyList);
    for (uint32_t v : batch)
      dirty[v] = 0;
    for (uint32_t v : batch)
      match(v, now);
    matched = batch.size();
    if (options.progress && totalDeliveries - totalRemaining >= nextReport) {
      options.progress(double(totalDeliveries - totalRemaining) /
                       double(totalDeliveries));
      nextReport += 1 << 16;
    }
  }
  result.timePs = lastEnd;
  result.numTransfers = recorded;
  return "";
}

} // namespace

std::string checkReachability(const Network &network, const Problem &problem) {
  if (!network.findUnreachablePair())
    return "";
  std::unordered_map<uint32_t, std::vector<int32_t>> hops;
  for (uint32_t c = 0; c < problem.numChunks(); ++c) {
    std::string error;
    problem.forEachDestination(c, [&](uint32_t d) {
      if (!error.empty())
        return;
      bool reached = false;
      for (uint32_t j = problem.sourceOffsets[c];
           j < problem.sourceOffsets[c + 1] && !reached; ++j) {
        uint32_t s = problem.sources[j];
        auto it = hops.find(s);
        if (it == hops.end())
          it = hops.emplace(s, network.hopDistances(s)).first;
        reached = it->second[d] >= 0;
      }
      if (!reached)
        error = "npu " +
                std::to_string(problem.sources[problem.sourceOffsets[c]]) +
                " cannot reach npu " + std::to_string(d) + " (chunk " +
                std::to_string(c) + ")";
    });
    if (!error.empty())
      return error;
  }
  return "";
}

std::string checkServable(const Network &network, const Problem &problem) {
  if (network.hasUndecidedBandwidth())
    return "the network has undecided ('?') bandwidths; run "
           "topo-allocate-bandwidth first";
  return checkReachability(network, problem);
}

std::string checkSynthesizable(const Network &network, const Problem &problem) {
  if (network.numSwitches() > 0)
    return "the network has switches; unwind them first "
           "(topo-unwind-switches)";
  return checkServable(network, problem);
}

/// One trial of the reservation router, compacted like the greedy's.
static AlgorithmResult routeTrial(const Network &network,
                                  const Problem &problem,
                                  const AlgorithmOptions &options,
                                  uint64_t seed, uint64_t order,
                                  bool evenSlots) {
  AlgorithmResult result;
  result.seed = seed;
  Schedule routed;
  if (routeByReservation(network, problem, options.model, order, routed,
                         evenSlots, options.limits.deadline) < 0) {
    result.error = timeoutMessage(options.limits, "synthesis");
    return result;
  }
  SimulationResult timed =
      compact(network, problem, routed.view(), options.model);
  if (!timed.error.empty()) {
    result.error =
        "internal error: routed schedule does not simulate: " + timed.error;
    return result;
  }
  result.schedule = std::move(timed.schedule);
  result.timePs = timed.timePs;
  result.numTransfers = result.schedule.size();
  return result;
}

/// One trial: the greedy with `seed` (full problems: FullMatching.h, whose
/// schedule needs no compaction; others pruned and compacted), and where
/// it applies the reservation router's orders (the first trial also tries
/// the deterministic ones). Runs concurrently with other trials: it reads
/// the shared network, problem and options and writes only its own result.
static AlgorithmResult runTenTrial(const Network &network,
                                   const Problem &problem,
                                   const AlgorithmOptions &options,
                                   uint64_t seed, unsigned trial) {
  AlgorithmResult result;
  result.seed = seed;
  bool compacted = isFullProblem(problem);
  if (compacted) {
    result.error = matchFull(network, problem, options, seed, result);
  } else {
    TenRun run(network, problem, options, seed);
    result.error = run.run(result);
  }
  if (!result.error.empty() || !options.materialize)
    return result;
  if (!compacted) {
    bool everyoneNeedsEverything =
        problem.othersAreDestinations &&
        problem.participants.size() == problem.numNpus;
    if (!everyoneNeedsEverything) {
      result.schedule = pruneDeadEnds(result.schedule.view(), problem);
      result.numTransfers = result.schedule.size();
    }
    SimulationResult timed = compact(network, problem,
                                     std::move(result.schedule), options.model);
    if (!timed.error.empty()) {
      result.error = "internal error: synthesized schedule does not "
                     "simulate: " +
                     timed.error;
      return result;
    }
    result.schedule = std::move(timed.schedule);
    result.timePs = timed.timePs;
  }
  if (options.reservationRouting && routerApplies(network, problem)) {
    // Every trial tries a shuffled order; the first also both
    // deterministic ones (ReservationRouter.h). No order wins everywhere.
    std::vector<uint64_t> orders = {seed + 2};
    if (trial == 0)
      orders.insert(orders.begin(), {0, 1});
    // Chunks of two sizes: exact and even slots both (see the router).
    std::vector<bool> slotModes = {false};
    if (!problem.chunkSizes.uniform())
      slotModes.push_back(true);
    for (uint64_t order : orders)
      for (bool evenSlots : slotModes) {
        AlgorithmResult routed =
            routeTrial(network, problem, options, seed, order, evenSlots);
        if (!routed.error.empty())
          return routed;
        if (routed.timePs < result.timePs)
          result = std::move(routed);
      }
  }
  return result;
}

/// The transfers a general problem's schedule has: one per hop of each
/// delivery where chunks go to one destination; where they go to several
/// (a group's All-Gather or Broadcast) a tree per chunk: at most one
/// transfer per NPU and a path per member, and about three times what
/// joining each member to its nearest other member takes (the greedy's
/// trees are no minimal ones; measured on tori).
static double estimateTransfers(const ProblemShape &shape,
                                const HopSample &hops) {
  switch (shape.kind) {
  case CollectiveKind::AllGather:
  case CollectiveKind::Broadcast:
    return shape.chunks *
           std::min(shape.npus - 1, (shape.participants - 1) *
                                        std::min(hops.mean, 3 * hops.nearest));
  case CollectiveKind::Scatter:
  case CollectiveKind::Gather:
    // The reservation router detours around the root's busy links (half
    // again as many hops, measured on tori).
    return 1.5 * shape.deliveries * hops.fromRoot;
  case CollectiveKind::AllToAll:
  case CollectiveKind::ReduceScatter:
  case CollectiveKind::AllReduce:
  case CollectiveKind::Reduce:
    break;
  }
  return shape.deliveries * hops.mean;
}

/// The reservation router's schedule, its reserved intervals and its
/// compaction, where runTenTrial runs it (routerApplies).
static MemoryEstimate estimateRouting(const Network &network,
                                      const ProblemShape &shape,
                                      const AlgorithmOptions &options,
                                      double transfers) {
  MemoryEstimate routing;
  bool wholeAllGather =
      shape.kind == CollectiveKind::AllGather && shape.participants == shape.npus;
  if (!options.materialize || !options.reservationRouting || wholeAllGather ||
      shape.chunks * double(network.numLinks() + network.numNodes()) > 40e6)
    return routing;
  addSchedule(routing, transfers, false);
  routing.add(transfers, 16, "reserved intervals");
  routing.add(estimateSimulation(network, shape, transfers, false, false));
  return routing;
}

/// One trial of TenRun on a general problem, then pruning, compaction and
/// reservation routing, which do not overlap (TenRun is gone when pruning
/// starts): the schedule plus the largest of them.
static MemoryEstimate estimateGeneralTrial(const Network &network,
                                           const CollectiveSpec &spec,
                                           const ProblemShape &shape,
                                           const AlgorithmOptions &options,
                                           double &transfers) {
  std::vector<uint32_t> participants = spec.participantIds(network.numNpus());
  std::optional<uint32_t> root;
  if (spec.root)
    root = uint32_t(*spec.root);
  HopSample hops = sampleHops(network, participants, root);
  transfers = estimateTransfers(shape, hops);
  double npus = shape.npus, links = double(network.numLinks());
  // What the matching records before pruning: chunks with several
  // destinations are forwarded towards all of them and reach most NPUs (at
  // most once each), most of it dead ends (measured: 7 times the pruned
  // schedule for a 64-member group on a 64x64 torus).
  bool severalDestinations = shape.kind == CollectiveKind::AllGather ||
                             shape.kind == CollectiveKind::Broadcast;
  double recorded =
      severalDestinations ? std::max(transfers, shape.chunks * (npus - 1))
                          : transfers;
  double chunks = shape.chunks, words = std::ceil(chunks / 64),
         npuWords = std::ceil(npus / 64);
  double outDegree = npus > 0 ? links / npus : 0;

  MemoryEstimate matching; // TenRun's members
  matching.add(npus * words, 16, "chunk bit words");
  matching.add(chunks * npuWords, 24, "NPU bit words");
  matching.add(shape.destinationNpus * npus, 8, "distances to destinations");
  // std::deque allocates a 512-byte block and its map on construction.
  matching.add(links + npus, 640, "link and NPU queues");
  // Per link: its heap's vector, two chunk costs, the free time, the lane.
  matching.add(links * 66);
  // Each arrival offers the chunk to the out-links that serve it; stale
  // entries stay until popped, and heaps grow by doubling (half again on
  // average). Arrivals that end in dead ends were offered on few links.
  matching.add(transfers + chunks, 1.5 * 12 * outDegree, "candidates");
  matching.add(chunks, 12, "chunks");
  if (!options.materialize)
    return matching;

  // The steps after matching do not overlap: the largest counts.
  addSchedule(matching, recorded, false);
  MemoryEstimate prune; // sort keys of the recorded schedule, the pruned one
  addSchedule(prune, recorded, true);
  prune.add(recorded, 25, "pruning keys");
  prune.add(chunks, 8, "chunks");
  addSchedule(prune, transfers, false);
  MemoryEstimate compaction;
  addSchedule(compaction, transfers, true);
  compaction.add(estimateSimulation(network, shape, transfers, /*copies=*/false, false));
  MemoryEstimate routing = estimateRouting(network, shape, options, transfers);
  if (routing.bytes > 0)
    addSchedule(routing, transfers, true);
  MemoryEstimate trial;
  for (const MemoryEstimate *step : {&matching, &prune, &compaction, &routing})
    if (step->bytes > trial.bytes)
      trial = *step;
  return trial;
}

MemoryEstimate estimateTen(const Network &network, const CollectiveSpec &spec,
                           const ProblemShape &shape,
                           const AlgorithmOptions &options,
                           double *transfersOut) {
  unsigned trials = std::max(1u, options.trials);
  MemoryEstimate estimate;
  double transfers = shape.deliveries;
  if (shape.full) {
    // The matching's state is gone when the router runs; its schedule
    // stays.
    MemoryEstimate matching = estimateFullMatching(
        network, shape, spec.chunkSizes(network.numNpus()), options);
    MemoryEstimate routing = estimateRouting(network, shape, options, transfers);
    if (routing.bytes > 0)
      addSchedule(routing, transfers, true);
    estimate = routing.bytes > matching.bytes ? routing : matching;
  } else
    estimate = estimateGeneralTrial(network, spec, shape, options, transfers);
  if (network.numSwitches() > 0)
    estimate.add(estimateSwitchTrial(network, shape));
  // Every running trial has its own state; the kept result waits besides.
  estimate.scaleForThreads(trialThreads(options.threads, trials));
  if (trials > 1 && options.materialize)
    addSchedule(estimate, transfers, true);
  estimate.what = "TACOS synthesis";
  if (transfersOut)
    *transfersOut = transfers;
  return estimate;
}

AlgorithmResult synthesizeTen(const Network &network, const Problem &problem,
                              const AlgorithmOptions &options) {
  AlgorithmResult checked;
  checked.error = checkServable(network, problem);
  if (!checked.error.empty())
    return checked;
  // Switches as nodes: the channels between NPUs are found once for every
  // trial (SwitchSynthesizer.h).
  std::optional<SwitchChannels> channels;
  if (network.numSwitches() > 0) {
    channels.emplace();
    checked.error =
        channels->build(network, problem.chunkSizes, options.model);
    if (!checked.error.empty())
      return checked;
  }
  unsigned trials = std::max(1u, options.trials);
  TrialProgress progress(options.progress, trials);
  return fastestOfTrials(trials, options.threads, [&](unsigned trial) {
    // Trials not started by the deadline fail like the running ones.
    if (options.limits.deadline.expired()) {
      AlgorithmResult late;
      late.error = timeoutMessage(options.limits, "synthesis");
      return late;
    }
    AlgorithmOptions own = options;
    own.progress = progress.of(trial);
    uint64_t seed = options.seed + trial;
    AlgorithmResult result =
        channels ? runSwitchTrial(network, problem, *channels, own, seed)
                 : runTenTrial(network, problem, own, seed, trial);
    progress.report(trial, 1.0);
    return result;
  });
}

} // namespace tacos
