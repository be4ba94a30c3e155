//===- TenSynthesizer.cpp - Greedy link-chunk matching (TACOS) ------------===//
//
// Matching works per destination, not per (chunk, destination) pair as the
// reference TACOS does (which makes it cubic): at an event, each NPU with
// idle in-links walks them fastest first and picks a chunk for each. Two
// candidate sources:
//
// - "full" problems (every NPU holds or needs every chunk: All-Gather and
//   Broadcast on the whole network) scan word-parallel bitsets
//   have[src] & ~have[dst] & ~due[dst], starting at a seeded random word;
// - other problems scan the source's transit list (chunks it holds that
//   still have somewhere to go), which also allows store-and-forward through
//   NPUs that do not need the chunk.
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/TenSynthesizer.h"
#include "tacos/Network/ShortestPaths.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/ReservationRouter.h"
#include "tacos/Synthesis/Trials.h"

#include <algorithm>
#include <deque>
#include <queue>
#include <random>
#include <set>
#include <unordered_map>

namespace tacos {

namespace {

/// One bitset of `words` 64-bit words per NPU.
class BitRows {
public:
  BitRows(uint32_t rows, size_t words) : words(words), bits(rows * words) {}
  uint64_t *row(uint32_t r) { return &bits[r * words]; }
  const uint64_t *row(uint32_t r) const { return &bits[r * words]; }
  bool test(uint32_t r, uint32_t c) const {
    return bits[r * words + c / 64] >> (c % 64) & 1;
  }
  void set(uint32_t r, uint32_t c) { bits[r * words + c / 64] |= 1ull << (c % 64); }
  void reset(uint32_t r, uint32_t c) {
    bits[r * words + c / 64] &= ~(1ull << (c % 64));
  }

private:
  size_t words;
  std::vector<uint64_t> bits;
};

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
  bool isFull() const;
  void indexLinks();
  void placeSources();
  void indexDestinations();
  void computeDistances();

  bool isDestination(uint32_t v, uint32_t c) const {
    return full ? !sourceOf.test(v, c) : need.test(v, c);
  }
  LinkCost cost(LinkId l, uint32_t c) const { return costs.of(l, c); }
  std::optional<int64_t> earliestInFlight(uint32_t v, uint32_t c) const;
  bool dueSoonerThan(uint32_t v, uint32_t c, int64_t arrival) const;
  /// Picks a chunk for idle link l at time now, or returns -1.
  int64_t pickFull(LinkId l, int64_t now);
  /// Calls f(c) for chunks the source of l holds and its destination lacks,
  /// until f returns false (full problems).
  template <typename F> void forEachMissing(LinkId l, F &&f);
  int64_t pickGeneral(LinkId l, int64_t now);
  /// Whether forwarding c over u->v brings it strictly closer to one of its
  /// remaining destinations; returns that destination's remaining distance.
  int64_t forwardGain(uint32_t c, uint32_t u, uint32_t v) const;
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
  bool full;
  ChunkCosts costs;
  std::vector<uint16_t> laneOf;
  std::vector<std::vector<LinkId>> fastestIn;

  BitRows have, due, sourceOf, need;
  /// Short lists for the sparse phases of full problems: the chunks an NPU
  /// holds (kept only while it holds fewer than shortList) and the chunks it
  /// lacks (built once it lacks fewer than shortList, then pruned).
  static constexpr size_t kListWords = 16;
  size_t shortList;
  std::vector<std::vector<uint32_t>> held, missing;
  std::vector<uint8_t> missingBuilt;
  std::vector<uint32_t> holders;
  std::vector<int64_t> remaining;
  size_t totalRemaining = 0, totalDeliveries = 0;
  std::vector<int64_t> linkFree;
  std::vector<std::deque<InFlight>> inFlight;
  /// Recent arrivals per NPU (time, chunk), to tell what an NPU held when a
  /// transfer started; pruned to the longest transfer duration.
  std::vector<std::deque<std::pair<int64_t, uint32_t>>> recent;
  int64_t longestDuration = 0;

  // General problems only.
  std::vector<std::vector<uint32_t>> transit;
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
      sourceOf(problem.numNpus, words), need(0, 0),
      shortList(std::max<size_t>(64, 2 * words)), held(problem.numNpus),
      missing(problem.numNpus), missingBuilt(problem.numNpus, 0) {
  full = isFull();
  indexLinks();
  placeSources();
  if (full)
    return;
  indexDestinations();
  computeDistances();
}

/// Full problems: every chunk's sources and destinations cover all NPUs.
bool TenRun::isFull() const {
  bool all = problem.participants.size() == numNpus;
  for (uint32_t c = 0; c < numChunks && all; ++c)
    all = problem.numSources(c) + problem.numDestinations(c) == numNpus;
  return all;
}

/// Each link's lane among its parallel links, the longest duration, and
/// every NPU's in-links fastest first.
void TenRun::indexLinks() {
  laneOf.resize(network.numLinks());
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    longestDuration = std::max(longestDuration, costs.largest(l).duration);
    laneOf[l] = l > 0 && network.src(l - 1) == network.src(l) &&
                        network.dst(l - 1) == network.dst(l)
                    ? uint16_t(laneOf[l - 1] + 1)
                    : 0;
  }
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

/// The state at time 0: every chunk at its sources, every link free, and
/// the deliveries each NPU still awaits.
void TenRun::placeSources() {
  holders.assign(numChunks, 0);
  remaining.assign(numNpus, 0);
  linkFree.assign(network.numLinks(), 0);
  inFlight.resize(network.numLinks());
  recent.resize(numNpus);
  dirty.assign(numNpus, 0);
  for (uint32_t c = 0; c < numChunks; ++c) {
    for (uint32_t i = problem.sourceOffsets[c]; i < problem.sourceOffsets[c + 1];
         ++i) {
      have.set(problem.sources[i], c);
      sourceOf.set(problem.sources[i], c);
      if (held[problem.sources[i]].size() < shortList)
        held[problem.sources[i]].push_back(c);
      ++holders[c];
    }
  }
  std::vector<uint64_t> perNpu = problem.deliveriesPerNpu();
  for (uint32_t v = 0; v < numNpus; ++v)
    remaining[v] = int64_t(perNpu[v]);
  totalRemaining = totalDeliveries = problem.numDeliveries();
}

/// General problems: which NPU needs which chunk, the chunks each source
/// has to pass on, and an index for every destination.
void TenRun::indexDestinations() {
  need = BitRows(numNpus, words);
  transit.resize(numNpus);
  destinationIndex.assign(numNpus, -1);
  for (uint32_t c = 0; c < numChunks; ++c) {
    problem.forEachDestination(c, [&](uint32_t d) {
      need.set(d, c);
      if (destinationIndex[d] < 0) {
        destinationIndex[d] = int32_t(distanceTo.size());
        distanceTo.emplace_back();
      }
    });
    if (problem.numDestinations(c) > 0)
      for (uint32_t i = problem.sourceOffsets[c];
           i < problem.sourceOffsets[c + 1]; ++i)
        transit[problem.sources[i]].push_back(c);
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
/// searching them beats keeping a map of due times.
std::optional<int64_t> TenRun::earliestInFlight(uint32_t v, uint32_t c) const {
  std::optional<int64_t> earliest;
  for (LinkId l : network.inLinks(v))
    for (const InFlight &t : inFlight[l])
      if (t.chunk == c && (!earliest || t.end < *earliest))
        earliest = t.end;
  return earliest;
}

bool TenRun::dueSoonerThan(uint32_t v, uint32_t c, int64_t arrival) const {
  std::optional<int64_t> due = earliestInFlight(v, c);
  return due && *due <= arrival;
}

template <typename F> void TenRun::forEachMissing(LinkId l, F &&f) {
  // Enumerate have[u] \ have[v] through whichever is cheapest: the chunks u
  // holds while it holds few, the chunks v lacks once it lacks few, else the
  // bitsets word by word. Each starts at a seeded random offset. Without the
  // short lists, the sparse phases of a large All-Gather (u holds few
  // chunks, or v lacks few) would scan every bitset word per pick.
  uint32_t u = network.src(l), v = network.dst(l);
  const uint64_t *hu = have.row(u), *hv = have.row(v);
  auto test = [](const uint64_t *row, uint32_t c) {
    return (row[c / 64] >> (c % 64) & 1) != 0;
  };
  auto walk = [&](const std::vector<uint32_t> &list, auto &&wanted) {
    size_t n = list.size(), i = n ? size_t(rng() % n) : 0;
    for (size_t k = 0; k < n; ++k, i = i + 1 == n ? 0 : i + 1)
      if (wanted(list[i]) && !f(list[i]))
        return;
  };
  // Small problems (a few words per row) scan the bitsets directly: cheap,
  // and the order the greedy's quality was tuned with.
  bool useLists = words >= kListWords;
  if (useLists && held[u].size() < shortList)
    return walk(held[u], [&](uint32_t c) { return !test(hv, c); });
  if (useLists && remaining[v] < int64_t(shortList)) {
    std::vector<uint32_t> &list = missing[v];
    if (!missingBuilt[v]) {
      missingBuilt[v] = 1;
      for (size_t w = 0; w < words; ++w)
        for (uint64_t m = ~hv[w]; m; m &= m - 1) {
          uint32_t c = uint32_t(w * 64 + __builtin_ctzll(m));
          if (c < numChunks)
            list.push_back(c);
        }
    }
    // Drop chunks v has received since (swap-remove).
    for (size_t i = 0; i < list.size();)
      if (test(hv, list[i])) {
        list[i] = list.back();
        list.pop_back();
      } else {
        ++i;
      }
    return walk(list, [&](uint32_t c) { return test(hu, c); });
  }
  size_t first = words > 1 ? size_t(rng() % words) : 0;
  for (size_t i = 0, w = first; i < words; ++i, w = w + 1 == words ? 0 : w + 1)
    for (uint64_t m = hu[w] & ~hv[w]; m; m &= m - 1)
      if (!f(uint32_t(w * 64 + __builtin_ctzll(m))))
        return;
}

int64_t TenRun::pickFull(LinkId l, int64_t now) {
  uint32_t v = network.dst(l);
  int64_t best = -1;
  uint32_t bestHolders = UINT32_MAX, ties = 0;
  unsigned examined = 0;
  // Rarest first among a bounded sample, so a pick stays cheap; ties are
  // broken uniformly at random (reservoir sampling), because every scan
  // order would otherwise favour some chunk ids.
  constexpr unsigned kSample = 16;
  // Chunks already due at v are candidates only if nothing else is:
  // non-reservation resends one only over a link that delivers it sooner.
  int64_t resend = -1;
  forEachMissing(l, [&](uint32_t c) {
    if (due.test(v, c)) {
      if (resend < 0 && best < 0 &&
          !dueSoonerThan(v, c, now + cost(l, c).duration))
        resend = c;
      return true;
    }
    ++examined;
    if (holders[c] < bestHolders) {
      bestHolders = holders[c];
      best = c;
      ties = 1;
    } else if (holders[c] == bestHolders && rng() % ++ties == 0) {
      best = c;
    }
    return examined < kSample;
  });
  return best >= 0 ? best : resend;
}

int64_t TenRun::forwardGain(uint32_t c, uint32_t u, uint32_t v) const {
  int64_t best = -1;
  problem.forEachDestination(c, [&](uint32_t d) {
    if (have.test(d, c))
      return;
    const std::vector<int64_t> &dist = distanceTo[destinationIndex[d]];
    if (dist[v] < dist[u])
      best = std::max(best, dist[v]);
  });
  return best;
}

int64_t TenRun::pickGeneral(LinkId l, int64_t now) {
  uint32_t u = network.src(l), v = network.dst(l);
  std::vector<uint32_t> &list = transit[u];
  if (list.empty())
    return -1;
  // Score: direct deliveries first (rarest first), then forwarding toward the
  // farthest remaining destination. Ties go to the first seen from a random
  // offset.
  int64_t best = -1;
  std::pair<int, int64_t> bestScore{2, 0};
  size_t first = size_t(rng() % list.size());
  for (size_t i = 0; i < list.size(); ++i) {
    uint32_t c = list[(first + i) % list.size()];
    if (have.test(v, c))
      continue;
    if (due.test(v, c) && dueSoonerThan(v, c, now + cost(l, c).duration))
      continue;
    std::pair<int, int64_t> score;
    if (need.test(v, c)) {
      score = {0, int64_t(holders[c])};
    } else {
      int64_t gain = forwardGain(c, u, v);
      if (gain < 0)
        continue;
      score = {1, -gain};
    }
    if (score < bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

bool TenRun::heldAt(uint32_t u, uint32_t c, int64_t time) const {
  if (!have.test(u, c))
    return false;
  for (auto it = recent[u].rbegin(); it != recent[u].rend(); ++it) {
    if (it->first <= time)
      break;
    if (it->second == c)
      return false;
  }
  return true;
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
  if (full) {
    const uint64_t *hu = have.row(u), *hv = have.row(v), *dv = due.row(v);
    for (size_t w = 0; w < words; ++w) {
      uint64_t m = hu[w] & ~hv[w] & ~dv[w];
      while (m) {
        uint32_t c = uint32_t(w * 64 + __builtin_ctzll(m));
        m &= m - 1;
        if (usable(c))
          return c;
      }
    }
    return -1;
  }
  for (uint32_t c : transit[u])
    if (usable(c))
      return c;
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
  events.push({end, nextSeq++, l});
  if (now + busy != end)
    events.push({now + busy, nextSeq++, l});
  // A chunk with one destination is forwarded from u once: drop it from u's
  // transit list (it is re-added if the transfer turns out redundant).
  if (!full && !need.test(v, chunk) && problem.numDestinations(chunk) == 1) {
    std::vector<uint32_t> &list = transit[u];
    auto pos = std::find(list.begin(), list.end(), chunk);
    if (pos != list.end()) {
      *pos = list.back();
      list.pop_back();
    }
  }
}

void TenRun::deliver(LinkId l, uint32_t chunk, int64_t startTime,
                     int64_t end) {
  uint32_t v = network.dst(l);
  have.set(v, chunk);
  ++holders[chunk];
  if (held[v].size() < shortList)
    held[v].push_back(chunk);
  if (isDestination(v, chunk)) {
    --remaining[v];
    --totalRemaining;
  }
  if (!full) {
    bool moreToGo = false;
    problem.forEachDestination(chunk, [&](uint32_t d) {
      moreToGo = moreToGo || !have.test(d, chunk);
    });
    if (moreToGo)
      transit[v].push_back(chunk);
  }
  auto &log = recent[v];
  log.push_back({end, chunk});
  while (!log.empty() && log.front().first < end - 2 * longestDuration)
    log.pop_front();
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
    int64_t c = full ? pickFull(l, now) : pickGeneral(l, now);
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
  while (totalRemaining > 0) {
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
      if (!earliestInFlight(v, t.chunk))
        due.reset(v, t.chunk);
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

/// Store-and-forward can leave dead ends: a chunk forwarded to an NPU that
/// needs it not and passes it on to nobody (another path got there first).
/// Those transfers only cost bandwidth, and inverted into a reduction they
/// would send a value the NPU never had, so they go. Walking transfers from
/// the latest start backwards sees every forward before the arrival it uses.
static Schedule pruneDeadEnds(const ScheduleView &transfers,
                              const Problem &problem) {
  std::vector<uint8_t> participant(problem.numNpus, 0);
  for (uint32_t v : problem.participants)
    participant[v] = 1;
  std::set<std::pair<uint32_t, uint32_t>> explicitDestinations, forwards;
  if (!problem.othersAreDestinations)
    for (uint32_t c = 0; c < problem.numChunks(); ++c)
      problem.forEachDestination(
          c, [&](uint32_t d) { explicitDestinations.insert({c, d}); });
  auto isDestination = [&](uint32_t c, uint32_t v) {
    return problem.othersAreDestinations
               ? participant[v] && !problem.isSource(c, v)
               : explicitDestinations.count({c, v}) > 0;
  };
  std::vector<size_t> order(transfers.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return transfers.start(a) > transfers.start(b);
  });
  std::vector<uint8_t> keep(transfers.size(), 0);
  for (size_t i : order) {
    uint32_t c = transfers.chunk(i), v = transfers.dst(i);
    if (isDestination(c, v) || forwards.count({c, v})) {
      keep[i] = 1;
      forwards.insert({c, transfers.src(i)});
    }
  }
  Schedule pruned;
  for (size_t i = 0; i < transfers.size(); ++i)
    if (keep[i])
      pruned.push_back(transfers[i]);
  return pruned;
}

std::string checkSynthesizable(const Network &network, const Problem &problem) {
  if (network.numSwitches() > 0)
    return "the network has switches; unwind them first "
           "(topo-unwind-switches)";
  if (network.hasUndecidedBandwidth())
    return "the network has undecided ('?') bandwidths; run "
           "topo-allocate-bandwidth first";
  return checkReachability(network, problem);
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
  routeByReservation(network, problem, options.model, order, routed,
                     evenSlots);
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

/// One trial: the greedy with `seed`, pruned and compacted, and where it
/// applies the reservation router's orders (the first trial also tries the
/// deterministic ones). Runs concurrently with other trials: it reads the
/// shared network, problem and options and writes only its own result.
static AlgorithmResult runTenTrial(const Network &network,
                                  const Problem &problem,
                                  const AlgorithmOptions &options,
                                  uint64_t seed, unsigned trial) {
  AlgorithmResult result;
  result.seed = seed;
  TenRun run(network, problem, options, seed);
  result.error = run.run(result);
  if (!result.error.empty())
    return result;
  if (options.materialize) {
    bool everyoneNeedsEverything =
        problem.othersAreDestinations &&
        problem.participants.size() == problem.numNpus;
    if (!everyoneNeedsEverything) {
      result.schedule = pruneDeadEnds(result.schedule.view(), problem);
      result.numTransfers = result.schedule.size();
    }
    SimulationResult timed =
        compact(network, problem, result.schedule.view(), options.model);
    if (!timed.error.empty()) {
      result.error = "internal error: synthesized schedule does not "
                     "simulate: " +
                     timed.error;
      return result;
    }
    result.schedule = std::move(timed.schedule);
    result.timePs = timed.timePs;
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
  }
  return result;
}

AlgorithmResult synthesizeTen(const Network &network, const Problem &problem,
                              const AlgorithmOptions &options) {
  AlgorithmResult checked;
  checked.error = checkSynthesizable(network, problem);
  if (!checked.error.empty())
    return checked;
  unsigned trials = std::max(1u, options.trials);
  TrialProgress progress(options.progress, trials);
  return fastestOfTrials(trials, options.threads, [&](unsigned trial) {
    AlgorithmOptions own = options;
    own.progress = progress.of(trial);
    AlgorithmResult result =
        runTenTrial(network, problem, own, options.seed + trial, trial);
    progress.report(trial, 1.0);
    return result;
  });
}

} // namespace tacos
