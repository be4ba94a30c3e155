//===- SwitchSynthesizer.cpp - TACOS matching with switches as nodes ------===//
//
// State as in TenSynthesizer.cpp, with channels where it has links: what
// each NPU holds and is receiving (bit rows), when each physical link is
// free, the transfers in flight into each NPU. A transfer starts only when
// every link of its channel is free and holds them all (for the largest
// chunk's occupancy, as the TEN matchers do; compaction takes back the
// picoseconds a smaller chunk leaves idle).
//
// Candidates: where every NPU needs every chunk (a whole-network
// All-Gather or Broadcast) a port scans its idle channels' sources word by
// word, have[src] & ~have[dst] & ~due[dst] from a random word, a bounded
// sample of them; otherwise each channel keeps a heap of the chunks its
// source could deliver or forward, filled on arrival (TenSynthesizer.cpp's
// keys: deliveries rarest first, then forwards to the farthest remaining
// destination), distances taken over the channels.
//
// An instant's NPUs are matched in a seeded random order: they compete for
// the switches' uplinks, and a fixed order would always serve the same
// NPUs first.
//
//===----------------------------------------------------------------------===//

#include "SwitchSynthesizer.h"
#include "DeadEnds.h"
#include "FullMatching.h"
#include "TenCommon.h"
#include "tacos/Network/ShortestPaths.h"
#include "tacos/Simulation/Simulator.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <queue>
#include <random>
#include <unordered_map>

namespace tacos {

namespace {

struct Flight {
  uint32_t chunk, channel;
  int64_t start, end;
};

/// The channels a pick looks at: a port's range of ids, or a list.
struct ChannelList {
  const uint32_t *ids = nullptr;
  uint32_t first = 0, size = 0;
  uint32_t operator[](uint32_t i) const { return ids ? ids[i] : first + i; }
};

/// A channel's candidate (general problems), as TenSynthesizer.cpp keys
/// its links': deliveries first (INT64_MIN + holders, rarest first), then
/// forwards (-gain); ties by a seeded number drawn on entry.
struct Candidate {
  int64_t key;
  uint32_t tie, chunk;
  bool operator>(const Candidate &o) const {
    return key != o.key ? key > o.key : tie > o.tie;
  }
};

/// A chunk to start over a channel (and, general problems, the heap entry
/// it was taken from, kept in case the transfer is cancelled).
struct Pick {
  uint32_t channel = UINT32_MAX, chunk = 0;
  std::optional<Candidate> entry;
  bool found() const { return channel != UINT32_MAX; }
};

struct Event {
  int64_t time;
  uint64_t seq;
  Flight flight;
  /// False: the channel's links free (the pipelined model, or a smaller
  /// chunk's arrival before the largest one's occupancy ends).
  bool arrival;
  bool operator>(const Event &o) const {
    return time != o.time ? time > o.time : seq > o.seq;
  }
};

class SwitchRun {
public:
  SwitchRun(const Network &network, const Problem &problem,
            const SwitchChannels &channels, const AlgorithmOptions &options,
            uint64_t seed);
  std::string run(AlgorithmResult &result);

private:
  void placeSources();
  void indexDestinations();
  void computeDistances();

  LinkCost cost(const Channel &ch, uint32_t c) const {
    return !large.empty() && large[c] ? ch.large : ch.small;
  }
  bool pathFree(const Channel &ch, int64_t now) const;
  bool usable(const Channel &ch, int64_t now) const {
    return !(strict && ch.fromInside) && pathFree(ch, now);
  }
  /// A slow channel takes no chunk its destination's fast group holds or
  /// receives.
  bool fenced(const Channel &ch, uint32_t c) const {
    return strict && ch.group != kNoGroup &&
           (groupHeld.test(ch.group, c) || groupDue.test(ch.group, c));
  }
  bool isDestination(uint32_t v, uint32_t c) const {
    return full || neededAt.test(c, v);
  }
  bool dueSoonerThan(uint32_t v, uint32_t c, int64_t arrival) const;
  bool heldAt(uint32_t u, uint32_t c, int64_t time) const {
    return have.test(u, c) && recent.heldSince(u, c, time);
  }

  Pick pickFull(const ChannelList &list, uint32_t v, int64_t now);
  Pick pickGeneral(const ChannelList &list, int64_t now);
  /// Takes channel id's best current candidate out of its heap.
  std::optional<Candidate> takeCandidate(uint32_t id, int64_t now);
  int64_t replacement(uint32_t id, const Flight &f);
  std::optional<int64_t> candidateKey(const Channel &ch, uint32_t c) const;
  int64_t forwardGain(uint32_t c, uint32_t u, uint32_t v) const;
  bool inTransit(uint32_t u, uint32_t c) const { return !forwarded.test(c, u); }
  void offer(uint32_t u, uint32_t c);
  /// After the hierarchy rule is lifted: every held chunk offered again
  /// (the heaps dropped the ones it fenced off).
  void offerEverything();

  void start(uint32_t id, uint32_t chunk, int64_t now,
             const Candidate *entry = nullptr);
  void arrive(const Flight &f, int64_t now);
  void deliver(uint32_t id, uint32_t chunk, int64_t startTime, int64_t end);
  void markHeld(uint32_t v, uint32_t c);
  void markDue(uint32_t v, uint32_t c);
  void unmarkDue(uint32_t v, uint32_t c);
  /// Whether channel id's source has a chunk its destination would take
  /// (full problems; the bit test of pickFull without the choice).
  bool hasFresh(const Channel &ch) const;
  /// A port that found nothing may take over the source of a transfer
  /// started at this instant, if that transfer's destination can be served
  /// by another channel instead: one augmenting step of the bipartite
  /// matching between idle sources and idle ports. On one switch the
  /// greedy alone leaves the last port of a round with only itself to
  /// take from (a round of an All-Gather on switch(8) lost in about one
  /// case of eight).
  bool augment(const ChannelList &list, uint32_t v, int64_t now);
  void cancel(uint32_t started, int64_t now);
  void touch(uint32_t v) {
    if (!dirty[v]) {
      dirty[v] = 1;
      dirtyList.push_back(v);
    }
  }
  /// Channel id may have a candidate its port has not seen.
  void wake(uint32_t id) {
    uint32_t p = channels.portOf(id);
    if (fruitless[p] && !isWoken[id]) {
      isWoken[id] = 1;
      woken[p].push_back(id);
      touch(channels[id].dst);
    }
  }
  /// The links of ch are free again: every channel over them may be usable.
  void wakeUsers(const Channel &ch) {
    touch(ch.dst);
    for (LinkId l : channels.links(ch))
      for (uint32_t id : channels.channelsUsing(l))
        wake(id);
  }
  void match(uint32_t v, int64_t now);
  uint16_t routeOf(uint32_t id);

  const Network &network;
  const Problem &problem;
  const SwitchChannels &channels;
  const AlgorithmOptions &options;
  std::mt19937_64 rng;
  uint32_t numNpus, numChunks;
  size_t words;
  /// Every NPU holds or needs every chunk: candidates come from bit rows.
  bool full;
  /// The hierarchy rule holds (until nothing else can move).
  bool strict = true;
  std::vector<uint8_t> large; ///< per chunk, if sizes differ
  /// pickFull's scratch: the words of the destination's row it lacks
  /// chunks in, what it lacks there and what of that is not on its way.
  struct Lacking {
    uint32_t word;
    uint64_t lacked, fresh;
  };
  std::vector<Lacking> lacking;

  /// groupHeld: some member of the group holds the chunk (only grows);
  /// groupDue: some member is receiving it, counted in dueInGroup (keyed
  /// group << 32 | chunk), for a transfer may be cancelled (augment).
  BitRows have, due, groupHeld, groupDue;
  std::unordered_map<uint64_t, uint32_t> dueInGroup;
  /// Per chunk, the NPUs holding it and the transfers of it in flight:
  /// rarity counts both, so that two ports at one instant do not both take
  /// the one chunk nobody else has yet (a Broadcast's root would send the
  /// same chunk down two paths).
  std::vector<uint32_t> holders, pending;
  uint32_t copies(uint32_t c) const { return holders[c] + pending[c]; }
  size_t totalRemaining = 0, totalDeliveries = 0;
  std::vector<int64_t> linkFree;
  std::vector<std::vector<Flight>> inFlightInto;
  RecentArrivals recent;

  // General problems (TenSynthesizer.cpp's, over channels).
  std::vector<std::vector<Candidate>> candidates; // [channel], min-heap
  std::vector<Candidate> setAside;
  std::vector<std::pair<uint32_t, Candidate>> taken;
  std::vector<std::pair<uint32_t, int64_t>> offerScratch;
  BitRows neededAt, forwarded, presentAt; // chunk-major
  static constexpr uint32_t kSeveral = UINT32_MAX;
  std::vector<uint32_t> soleDestination;
  std::vector<int32_t> destinationIndex;
  std::vector<std::vector<int64_t>> distanceTo; // [dest index][npu]

  std::vector<uint8_t> dirty;
  std::vector<uint32_t> dirtyList;
  /// A port whose last pick found nothing finds nothing again until one of
  /// its channels is woken (a source received a chunk, a link of the path
  /// freed, a heap got an entry): candidates otherwise only go. Such a port
  /// looks at its woken channels alone. Without this every link freed sent
  /// every destination behind it through all its channels again (a rail
  /// switch of 128 ports: 127 channels per port, each scanned in vain).
  std::vector<uint8_t> fruitless, isWoken;
  std::vector<std::vector<uint32_t>> woken;
  std::vector<uint32_t> wokenScratch;
  /// The transfers started at the current instant, and for each link the
  /// one holding it if it started then (augment).
  struct Started {
    uint32_t channel, chunk;
    Candidate entry;
    bool fromHeap, forwarded, cancelled;
  };
  std::vector<Started> startedNow;
  int64_t startedInstant = 0;
  std::vector<int64_t> linkStartedAt;
  std::vector<uint32_t> linkHolder;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events;
  uint64_t nextSeq = 0;
  Schedule *schedule = nullptr;
  std::vector<uint16_t> scheduleRoute; ///< per channel, 0: not yet named
  std::string routeError;
  size_t recorded = 0;
  int64_t lastEnd = 0;
};

SwitchRun::SwitchRun(const Network &network, const Problem &problem,
                     const SwitchChannels &channels,
                     const AlgorithmOptions &options, uint64_t seed)
    : network(network), problem(problem), channels(channels), options(options),
      rng(seed), numNpus(problem.numNpus), numChunks(problem.numChunks()),
      words((problem.numChunks() + 63) / 64), full(isFullProblem(problem)),
      have(numNpus, words), due(numNpus, words),
      groupHeld(channels.numGroups(), words),
      groupDue(channels.numGroups(), words), neededAt(0, 0), forwarded(0, 0),
      presentAt(0, 0) {
  if (!problem.chunkSizes.uniform()) {
    large.resize(numChunks);
    for (uint32_t c = 0; c < numChunks; ++c)
      large[c] = problem.chunkBytes(c) != problem.chunkSizes.smallest();
  }
  linkFree.assign(network.numLinks(), 0);
  linkStartedAt.assign(network.numLinks(), -1);
  linkHolder.assign(network.numLinks(), 0);
  inFlightInto.resize(numNpus);
  recent.reset(numNpus, channels.longestDuration());
  dirty.assign(numNpus, 0);
  fruitless.assign(channels.numPorts(), 0);
  isWoken.assign(channels.size(), 0);
  woken.resize(channels.numPorts());
  scheduleRoute.assign(channels.size(), 0);
  if (!full) {
    indexDestinations();
    computeDistances();
  }
  placeSources();
}

/// General problems: which NPU needs which chunk, and an index for every
/// destination.
void SwitchRun::indexDestinations() {
  size_t npuWords = (numNpus + 63) / 64;
  neededAt = BitRows(numChunks, npuWords);
  forwarded = BitRows(numChunks, npuWords);
  presentAt = BitRows(numChunks, npuWords);
  candidates.resize(channels.size());
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

/// Cost-weighted distance from every NPU to every destination over the
/// channels (Dijkstra on their reverse, weights = the largest chunk's
/// duration), so that a channel towards a destination is one whose
/// destination is strictly closer.
void SwitchRun::computeDistances() {
  using Item = std::pair<int64_t, uint32_t>;
  for (uint32_t d = 0; d < numNpus; ++d) {
    if (destinationIndex[d] < 0)
      continue;
    std::vector<int64_t> &dist = distanceTo[destinationIndex[d]];
    dist.assign(numNpus, kUnreachable);
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
    dist[d] = 0;
    queue.push({0, d});
    while (!queue.empty()) {
      auto [at, x] = queue.top();
      queue.pop();
      if (at != dist[x])
        continue;
      for (const SwitchChannels::Port &port : channels.ports(x))
        for (uint32_t id = port.first; id < port.last; ++id) {
          const Channel &ch = channels[id];
          int64_t next = at + ch.large.duration;
          if (next < dist[ch.src]) {
            dist[ch.src] = next;
            queue.push({next, ch.src});
          }
        }
    }
  }
}

/// The state at time 0: every chunk at its sources.
void SwitchRun::placeSources() {
  holders.assign(numChunks, 0);
  pending.assign(numChunks, 0);
  for (uint32_t c = 0; c < numChunks; ++c)
    for (uint32_t i = problem.sourceOffsets[c];
         i < problem.sourceOffsets[c + 1]; ++i) {
      uint32_t s = problem.sources[i];
      have.set(s, c);
      markHeld(s, c);
      ++holders[c];
      if (!full)
        presentAt.set(c, s);
    }
  totalRemaining = totalDeliveries = problem.numDeliveries();
  if (full)
    return;
  for (uint32_t c = 0; c < numChunks; ++c)
    if (problem.numDestinations(c) > 0)
      for (uint32_t i = problem.sourceOffsets[c];
           i < problem.sourceOffsets[c + 1]; ++i)
        offer(problem.sources[i], c);
}

void SwitchRun::markHeld(uint32_t v, uint32_t c) {
  for (uint32_t g : channels.groupsOf(v))
    groupHeld.set(g, c);
}

void SwitchRun::markDue(uint32_t v, uint32_t c) {
  for (uint32_t g : channels.groupsOf(v))
    if (++dueInGroup[uint64_t(g) << 32 | c] == 1)
      groupDue.set(g, c);
}

void SwitchRun::unmarkDue(uint32_t v, uint32_t c) {
  for (uint32_t g : channels.groupsOf(v)) {
    auto it = dueInGroup.find(uint64_t(g) << 32 | c);
    if (--it->second == 0) {
      dueInGroup.erase(it);
      groupDue.reset(g, c);
    }
  }
}

bool SwitchRun::pathFree(const Channel &ch, int64_t now) const {
  for (LinkId l : channels.links(ch))
    if (linkFree[l] > now)
      return false;
  return true;
}

bool SwitchRun::dueSoonerThan(uint32_t v, uint32_t c, int64_t arrival) const {
  for (const Flight &f : inFlightInto[v])
    if (f.chunk == c && f.end <= arrival)
      return true;
  return false;
}

Pick SwitchRun::pickFull(const ChannelList &list, uint32_t v, int64_t now) {
  // The rarest chunk among a bounded sample, from every idle channel of
  // the port (so sources compete on rarity, then on arrival); ties at
  // random (reservoir sampling). A chunk due at v already is taken only
  // if nothing else is, and only where it would arrive sooner. Sixteen a
  // channel: the xGMI mesh of MI250 is 10 % slower with four (a direct
  // link's port has one channel); 32 in all: more cost a third more time
  // at 512 GPUs on rails for no faster schedule (measured).
  constexpr unsigned kPerChannel = 16, kTotal = 32;
  // The words where v lacks chunks, found once: late in a collective they
  // are few, and each channel looks at those alone.
  const uint64_t *hv = have.row(v), *dv = due.row(v);
  lacking.clear();
  for (size_t w = 0; w < words; ++w)
    if (uint64_t m = ~hv[w])
      lacking.push_back({uint32_t(w), m, m & ~dv[w]});
  if (lacking.empty())
    return {};
  size_t numLacking = lacking.size();
  uint32_t n = list.size;
  uint32_t offset = n > 1 ? uint32_t(rng() % n) : 0;
  Pick best, resend;
  uint32_t bestHolders = UINT32_MAX, ties = 0;
  int64_t bestDuration = INT64_MAX;
  unsigned examined = 0;
  for (uint32_t i = 0; i < n && examined < kTotal; ++i) {
    uint32_t id = list[offset + i < n ? offset + i : offset + i - n];
    const Channel &ch = channels[id];
    if (!usable(ch, now))
      continue;
    const uint64_t *hu = have.row(ch.src);
    bool fence = strict && ch.group != kNoGroup;
    const uint64_t *held = fence ? groupHeld.row(ch.group) : nullptr;
    const uint64_t *coming = fence ? groupDue.row(ch.group) : nullptr;
    size_t first = numLacking > 1 ? size_t(rng() % numLacking) : 0;
    unsigned fromHere = 0;
    for (size_t k = 0; k < numLacking && fromHere < kPerChannel; ++k) {
      const Lacking &at =
          lacking[first + k < numLacking ? first + k : first + k - numLacking];
      uint32_t w = at.word;
      uint64_t fresh = hu[w] & at.fresh;
      if (fence)
        fresh &= ~(held[w] | coming[w]);
      for (; fresh && fromHere < kPerChannel; fresh &= fresh - 1) {
        uint32_t c = uint32_t(w * 64 + __builtin_ctzll(fresh));
        ++fromHere;
        ++examined;
        uint32_t h = copies(c);
        int64_t d = cost(ch, c).duration;
        if (h < bestHolders || (h == bestHolders && d < bestDuration)) {
          best = {id, c, std::nullopt};
          bestHolders = h;
          bestDuration = d;
          ties = 1;
        } else if (h == bestHolders && d == bestDuration &&
                   rng() % ++ties == 0) {
          best = {id, c, std::nullopt};
        }
      }
      if (fence || best.found() || resend.found())
        continue;
      for (uint64_t again = hu[w] & at.lacked & dv[w]; again;
           again &= again - 1) {
        uint32_t c = uint32_t(w * 64 + __builtin_ctzll(again));
        if (!dueSoonerThan(v, c, now + cost(ch, c).duration)) {
          resend = {id, c, std::nullopt};
          break;
        }
      }
    }
  }
  return best.found() ? best : resend;
}

int64_t SwitchRun::forwardGain(uint32_t c, uint32_t u, uint32_t v) const {
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

std::optional<int64_t> SwitchRun::candidateKey(const Channel &ch,
                                               uint32_t c) const {
  uint32_t u = ch.src, v = ch.dst;
  // Held in the group: for good (it only grows). Receiving: for now
  // (takeCandidate sets such chunks aside).
  if (strict && ch.group != kNoGroup && groupHeld.test(ch.group, c))
    return std::nullopt;
  if (uint32_t d = soleDestination[c]; d != kSeveral) {
    if (presentAt.test(c, d))
      return std::nullopt;
    if (v == d)
      return std::numeric_limits<int64_t>::min() + int64_t(copies(c));
    const std::vector<int64_t> &dist = distanceTo[destinationIndex[d]];
    if (dist[v] >= dist[u] || presentAt.test(c, v))
      return std::nullopt;
    return -dist[v];
  }
  if (presentAt.test(c, v))
    return std::nullopt;
  if (neededAt.test(c, v))
    return std::numeric_limits<int64_t>::min() + int64_t(copies(c));
  int64_t gain = forwardGain(c, u, v);
  if (gain < 0)
    return std::nullopt;
  return -gain;
}

void SwitchRun::offer(uint32_t u, uint32_t c) {
  // Among equal keys, chunks with fewer useful channels go first (as in
  // TenSynthesizer.cpp).
  offerScratch.clear();
  for (uint32_t id : channels.outChannels(u))
    if (std::optional<int64_t> key = candidateKey(channels[id], c))
      offerScratch.push_back({id, *key});
  uint32_t choice = soleDestination[c] != kSeveral
                        ? std::min<uint32_t>(uint32_t(offerScratch.size()), 255)
                              << 24
                        : 0;
  for (auto [id, key] : offerScratch) {
    std::vector<Candidate> &heap = candidates[id];
    heap.push_back({key, choice | uint32_t(rng() & 0xffffff), c});
    std::push_heap(heap.begin(), heap.end(), std::greater<Candidate>());
    wake(id);
  }
}

void SwitchRun::offerEverything() {
  for (uint32_t u = 0; u < numNpus; ++u)
    for (uint32_t c = 0; c < numChunks; ++c) {
      if (!have.test(u, c) || !inTransit(u, c))
        continue;
      bool moreToGo = false;
      problem.forEachDestination(
          c, [&](uint32_t d) { moreToGo = moreToGo || !presentAt.test(c, d); });
      if (moreToGo)
        offer(u, c);
    }
}

std::optional<Candidate> SwitchRun::takeCandidate(uint32_t id, int64_t now) {
  const Channel &ch = channels[id];
  std::vector<Candidate> &heap = candidates[id];
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
  // Keys only get worse, so a top whose key is current is the best; a
  // stale one is re-keyed or dropped. Chunks due at the destination sooner
  // are set aside, not dropped: their transfer may yet be redundant.
  std::optional<Candidate> best;
  while (!heap.empty()) {
    Candidate top = pop();
    if (!inTransit(ch.src, top.chunk))
      continue;
    std::optional<int64_t> key = candidateKey(ch, top.chunk);
    if (!key)
      continue;
    if (*key != top.key) {
      top.key = *key;
      push(top);
      continue;
    }
    if ((due.test(ch.dst, top.chunk) &&
         dueSoonerThan(ch.dst, top.chunk,
                       now + cost(ch, top.chunk).duration)) ||
        fenced(ch, top.chunk)) {
      setAside.push_back(top);
      continue;
    }
    best = top;
    break;
  }
  for (const Candidate &entry : setAside)
    push(entry);
  setAside.clear();
  return best;
}

Pick SwitchRun::pickGeneral(const ChannelList &list, int64_t now) {
  // Each idle channel's best candidate; the best of them (key, then
  // arrival, then the tie number) is started, the others go back.
  taken.clear();
  uint32_t n = list.size;
  uint32_t offset = n > 1 ? uint32_t(rng() % n) : 0;
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t id = list[offset + i < n ? offset + i : offset + i - n];
    if (!usable(channels[id], now) || candidates[id].empty())
      continue;
    if (std::optional<Candidate> top = takeCandidate(id, now))
      taken.push_back({id, *top});
  }
  Pick best;
  const Candidate *chosen = nullptr;
  int64_t chosenDuration = 0;
  for (const auto &[id, entry] : taken) {
    int64_t d = cost(channels[id], entry.chunk).duration;
    if (!chosen || entry.key < chosen->key ||
        (entry.key == chosen->key &&
         (d < chosenDuration ||
          (d == chosenDuration && entry.tie < chosen->tie)))) {
      chosen = &entry;
      chosenDuration = d;
      best = {id, entry.chunk, entry};
    }
  }
  for (const auto &[id, entry] : taken) {
    if (&entry == chosen)
      continue;
    std::vector<Candidate> &heap = candidates[id];
    heap.push_back(entry);
    std::push_heap(heap.begin(), heap.end(), std::greater<Candidate>());
  }
  return best;
}

/// A chunk to deliver instead of a redundant arrival: one the source held
/// when the transfer started, that the destination needs and is not
/// receiving, of the same cost, and not fenced off; or -1.
int64_t SwitchRun::replacement(uint32_t id, const Flight &f) {
  const Channel &ch = channels[id];
  uint32_t u = ch.src, v = ch.dst;
  LinkCost original = cost(ch, f.chunk);
  auto usableChunk = [&](uint32_t c) {
    LinkCost mine = cost(ch, c);
    return !have.test(v, c) && !due.test(v, c) && isDestination(v, c) &&
           !fenced(ch, c) && heldAt(u, c, f.start) &&
           mine.duration == original.duration &&
           mine.occupancy == original.occupancy;
  };
  if (!full) {
    for (const Candidate &entry : candidates[id])
      if (inTransit(u, entry.chunk) && usableChunk(entry.chunk))
        return entry.chunk;
    return -1;
  }
  const uint64_t *hu = have.row(u), *hv = have.row(v), *dv = due.row(v);
  for (size_t w = 0; w < words; ++w)
    for (uint64_t m = hu[w] & ~hv[w] & ~dv[w]; m; m &= m - 1) {
      uint32_t c = uint32_t(w * 64 + __builtin_ctzll(m));
      if (usableChunk(c))
        return c;
    }
  return -1;
}

void SwitchRun::start(uint32_t id, uint32_t chunk, int64_t now,
                      const Candidate *entry) {
  const Channel &ch = channels[id];
  uint32_t v = ch.dst;
  int64_t end = now + cost(ch, chunk).duration;
  int64_t busy = now + ch.large.occupancy;
  uint32_t index = uint32_t(startedNow.size());
  for (LinkId l : channels.links(ch)) {
    linkFree[l] = busy;
    linkStartedAt[l] = now;
    linkHolder[l] = index;
  }
  Flight f{chunk, id, now, end};
  inFlightInto[v].push_back(f);
  ++pending[chunk];
  due.set(v, chunk);
  markDue(v, chunk);
  events.push({end, nextSeq++, f, true});
  if (busy != end)
    events.push({busy, nextSeq++, f, false});
  // A chunk with one destination is forwarded from its source once (the
  // next NPU passes it on, even if this transfer turns out redundant).
  bool forwards =
      !full && !neededAt.test(chunk, v) && problem.numDestinations(chunk) == 1;
  if (forwards)
    forwarded.set(chunk, ch.src);
  startedNow.push_back({id, chunk, entry ? *entry : Candidate{},
                        entry != nullptr, forwards, false});
}

/// Undoes transfer `started` of this instant: its links free, nothing due
/// (its heap entry, if any, is the caller's to put back). Its events stay
/// queued and find no flight (arrive skips them).
void SwitchRun::cancel(uint32_t started, int64_t now) {
  Started &t = startedNow[started];
  t.cancelled = true;
  const Channel &ch = channels[t.channel];
  for (LinkId l : channels.links(ch)) {
    linkFree[l] = now;
    linkStartedAt[l] = -1;
  }
  std::vector<Flight> &flights = inFlightInto[ch.dst];
  bool stillDue = false;
  for (size_t i = 0; i < flights.size();) {
    const Flight &g = flights[i];
    if (g.channel == t.channel && g.start == now && g.chunk == t.chunk) {
      flights[i] = flights.back();
      flights.pop_back();
      continue;
    }
    stillDue = stillDue || g.chunk == t.chunk;
    ++i;
  }
  if (!stillDue)
    due.reset(ch.dst, t.chunk);
  unmarkDue(ch.dst, t.chunk);
  --pending[t.chunk];
  if (t.forwarded)
    forwarded.reset(t.chunk, ch.src);
}

bool SwitchRun::hasFresh(const Channel &ch) const {
  const uint64_t *hu = have.row(ch.src), *hv = have.row(ch.dst),
                 *dv = due.row(ch.dst);
  bool fence = strict && ch.group != kNoGroup;
  const uint64_t *held = fence ? groupHeld.row(ch.group) : nullptr;
  const uint64_t *coming = fence ? groupDue.row(ch.group) : nullptr;
  for (size_t w = 0; w < words; ++w) {
    uint64_t fresh = hu[w] & ~hv[w] & ~dv[w];
    if (fence)
      fresh &= ~(held[w] | coming[w]);
    if (fresh)
      return true;
  }
  return false;
}

bool SwitchRun::augment(const ChannelList &list, uint32_t v, int64_t now) {
  // A few swaps tried per port, so that a port with nothing to take costs
  // little more than its pick.
  constexpr unsigned kTries = 4;
  unsigned tries = 0;
  for (uint32_t i = 0; i < list.size && tries < kTries; ++i) {
    uint32_t id = list[i];
    const Channel &ch = channels[id];
    if (strict && ch.fromInside)
      continue;
    // The one transfer of this instant in the way, if that is all.
    uint32_t blocker = UINT32_MAX;
    bool blocked = false;
    for (LinkId l : channels.links(ch)) {
      if (linkFree[l] <= now)
        continue;
      if (linkStartedAt[l] != now ||
          (blocker != UINT32_MAX && linkHolder[l] != blocker)) {
        blocked = true;
        break;
      }
      blocker = linkHolder[l];
    }
    if (blocked || blocker == UINT32_MAX)
      continue;
    Started taken = startedNow[blocker];
    uint32_t w = channels[taken.channel].dst;
    if (w == v)
      continue;
    std::optional<Candidate> mine;
    if (full ? !hasFresh(ch) : !(mine = takeCandidate(id, now)))
      continue;
    ++tries;
    // Undo the blocker and look for another channel into its port, free
    // and sharing no link with ours; put it back if there is none.
    cancel(blocker, now);
    const SwitchChannels::Port &port =
        channels.port(channels.portOf(taken.channel));
    Pick theirs;
    for (uint32_t other = port.first; other < port.last && !theirs.found();
         ++other) {
      const Channel &alt = channels[other];
      if (other == taken.channel || !usable(alt, now))
        continue;
      bool shared = false;
      for (LinkId l : channels.links(alt))
        for (LinkId m : channels.links(ch))
          shared = shared || l == m;
      if (shared)
        continue;
      theirs = full ? pickFull({nullptr, other, 1}, w, now)
                    : pickGeneral({nullptr, other, 1}, now);
    }
    if (!theirs.found()) {
      start(taken.channel, taken.chunk, now,
            taken.fromHeap ? &taken.entry : nullptr);
      if (mine) {
        std::vector<Candidate> &heap = candidates[id];
        heap.push_back(*mine);
        std::push_heap(heap.begin(), heap.end(), std::greater<Candidate>());
      }
      continue;
    }
    if (taken.fromHeap) {
      std::vector<Candidate> &heap = candidates[taken.channel];
      heap.push_back(taken.entry);
      std::push_heap(heap.begin(), heap.end(), std::greater<Candidate>());
    }
    start(theirs.channel, theirs.chunk, now,
          theirs.entry ? &*theirs.entry : nullptr);
    if (full) {
      Pick ours = pickFull({nullptr, id, 1}, v, now);
      if (ours.found())
        start(ours.channel, ours.chunk, now);
      return ours.found();
    }
    start(id, mine->chunk, now, &*mine);
    return true;
  }
  return false;
}

uint16_t SwitchRun::routeOf(uint32_t id) {
  const Channel &ch = channels[id];
  if (!ch.routed())
    return 0;
  if (!scheduleRoute[id]) {
    std::optional<uint16_t> route =
        schedule->routes().intern(channels.switches(network, ch));
    if (!route) {
      routeError = "the schedule would name more than " +
                   std::to_string(RouteTable::kMaxRoutes) +
                   " distinct paths through switches";
      return 0;
    }
    scheduleRoute[id] = *route;
  }
  return scheduleRoute[id];
}

void SwitchRun::deliver(uint32_t id, uint32_t chunk, int64_t startTime,
                        int64_t end) {
  const Channel &ch = channels[id];
  uint32_t v = ch.dst;
  have.set(v, chunk);
  markHeld(v, chunk);
  ++holders[chunk];
  if (isDestination(v, chunk))
    --totalRemaining;
  if (!full) {
    presentAt.set(chunk, v);
    bool moreToGo = false;
    problem.forEachDestination(chunk, [&](uint32_t d) {
      moreToGo = moreToGo || !presentAt.test(chunk, d);
    });
    if (moreToGo)
      offer(v, chunk);
  }
  recent.record(v, end, chunk);
  if (schedule)
    schedule->push_back({chunk, ch.src, v, ch.lane, TransferKind::Copy,
                         startTime, end, routeOf(id)});
  ++recorded;
  lastEnd = std::max(lastEnd, end);
  // What v received may be wanted by the NPUs it reaches.
  for (uint32_t out : channels.outChannels(v))
    wake(out);
}

void SwitchRun::arrive(const Flight &f, int64_t now) {
  const Channel &ch = channels[f.channel];
  uint32_t v = ch.dst;
  std::vector<Flight> &flights = inFlightInto[v];
  bool found = false, stillDue = false;
  for (size_t i = 0; i < flights.size();) {
    const Flight &g = flights[i];
    if (!found && g.channel == f.channel && g.start == f.start &&
        g.chunk == f.chunk) {
      flights[i] = flights.back();
      flights.pop_back();
      found = true;
      continue;
    }
    stillDue = stillDue || g.chunk == f.chunk;
    ++i;
  }
  if (!found)
    return; // cancelled at its start (augment)
  if (!stillDue)
    due.reset(v, f.chunk);
  unmarkDue(v, f.chunk);
  --pending[f.chunk];
  if (!have.test(v, f.chunk)) {
    deliver(f.channel, f.chunk, f.start, now);
  } else if (int64_t other = replacement(f.channel, f); other >= 0) {
    deliver(f.channel, uint32_t(other), f.start, now);
  }
  wakeUsers(ch);
}

void SwitchRun::match(uint32_t v, int64_t now) {
  for (const SwitchChannels::Port &port : channels.ports(v)) {
    if (linkFree[port.link] > now)
      continue;
    uint32_t p = channels.portIndex(port);
    ChannelList list{nullptr, port.first, port.last - port.first};
    if (fruitless[p]) {
      if (woken[p].empty())
        continue;
      // Only the woken channels can have a candidate.
      wokenScratch.swap(woken[p]);
      woken[p].clear();
      for (uint32_t id : wokenScratch)
        isWoken[id] = 0;
      std::sort(wokenScratch.begin(), wokenScratch.end());
      list = {wokenScratch.data(), 0, uint32_t(wokenScratch.size())};
    }
    Pick pick = full ? pickFull(list, v, now) : pickGeneral(list, now);
    if (pick.found()) {
      fruitless[p] = 0;
      start(pick.channel, pick.chunk, now, pick.entry ? &*pick.entry : nullptr);
      continue;
    }
    fruitless[p] =
        !augment({nullptr, port.first, port.last - port.first}, v, now);
  }
}

std::string SwitchRun::run(AlgorithmResult &result) {
  schedule = options.materialize ? &result.schedule : nullptr;
  if (schedule && totalDeliveries < (size_t(1) << 26))
    schedule->reserve(totalDeliveries);
  std::vector<uint32_t> batch;
  for (uint32_t v = 0; v < numNpus; ++v)
    touch(v);
  int64_t now = 0;
  size_t nextReport = 1 << 16;
  DeadlinePoll poll(options.limits.deadline);
  uint64_t channelsPerNpu = 1 + channels.size() / std::max(1u, numNpus);
  while (totalRemaining > 0) {
    // The instant's NPUs, in a seeded random order.
    batch.swap(dirtyList);
    dirtyList.clear();
    for (uint32_t v : batch)
      dirty[v] = 0;
    for (size_t i = batch.size(); i > 1; --i)
      std::swap(batch[i - 1], batch[rng() % i]);
    if (now != startedInstant) {
      startedNow.clear();
      startedInstant = now;
    }
    for (uint32_t v : batch)
      match(v, now);
    if (!routeError.empty())
      return routeError;
    if (poll.expired(1 + batch.size() * channelsPerNpu))
      return timeoutMessage(options.limits, "synthesis");
    if (options.progress && totalDeliveries - totalRemaining >= nextReport) {
      options.progress(double(totalDeliveries - totalRemaining) /
                       double(totalDeliveries));
      nextReport += 1 << 16;
    }
    if (events.empty()) {
      // Nothing moves: the hierarchy rule kept the last chunks from the
      // only channels left to them. Lift it for the rest of the run.
      if (!strict)
        return "synthesis stalled with " + std::to_string(totalRemaining) +
               " deliveries left";
      strict = false;
      std::fill(fruitless.begin(), fruitless.end(), 0);
      if (!full)
        offerEverything();
      for (uint32_t v = 0; v < numNpus; ++v)
        touch(v);
      continue;
    }
    now = events.top().time;
    while (!events.empty() && events.top().time == now) {
      Event e = events.top();
      events.pop();
      if (e.arrival) {
        arrive(e.flight, now);
      } else {
        wakeUsers(channels[e.flight.channel]);
      }
    }
  }
  if (!routeError.empty())
    return routeError;
  result.timePs = lastEnd;
  result.numTransfers = recorded;
  return "";
}

} // namespace

AlgorithmResult runSwitchTrial(const Network &network, const Problem &problem,
                               const SwitchChannels &channels,
                               const AlgorithmOptions &options, uint64_t seed) {
  AlgorithmResult result;
  result.seed = seed;
  {
    SwitchRun run(network, problem, channels, options, seed);
    result.error = run.run(result);
  }
  if (!result.error.empty() || !options.materialize)
    return result;
  bool everyoneNeedsEverything = problem.othersAreDestinations &&
                                 problem.participants.size() == problem.numNpus;
  if (!everyoneNeedsEverything) {
    result.schedule = pruneDeadEnds(result.schedule.view(), problem);
    result.numTransfers = result.schedule.size();
  }
  SimulationResult timed =
      compact(network, problem, std::move(result.schedule), options.model);
  if (!timed.error.empty()) {
    result.error = "internal error: synthesized schedule does not simulate: " +
                   timed.error;
    return result;
  }
  result.schedule = std::move(timed.schedule);
  result.timePs = timed.timePs;
  return result;
}

MemoryEstimate estimateSwitchTrial(const Network &network,
                                   const ProblemShape &shape) {
  // NPUs joined through switches, per connected set of switches: every
  // ordered pair of them is a channel.
  uint32_t npus = network.numNpus();
  std::vector<uint32_t> fabric(network.numNodes(), UINT32_MAX);
  double pairs = 0;
  std::vector<NodeId> work;
  std::vector<uint32_t> seenBy(npus, UINT32_MAX);
  for (NodeId s = npus; s < network.numNodes(); ++s) {
    if (fabric[s] != UINT32_MAX)
      continue;
    fabric[s] = s;
    work.push_back(s);
    double attached = 0;
    while (!work.empty()) {
      NodeId x = work.back();
      work.pop_back();
      for (LinkId l : network.outLinks(x)) {
        NodeId y = network.dst(l);
        if (!network.isSwitch(y)) {
          if (seenBy[y] != s) {
            seenBy[y] = s;
            ++attached;
          }
        } else if (fabric[y] == UINT32_MAX) {
          fabric[y] = s;
          work.push_back(y);
        }
      }
    }
    pairs += attached * std::max(0.0, attached - 1);
  }
  double links = double(network.numLinks());
  MemoryEstimate estimate;
  estimate.what = "the channels through switches";
  // A channel, its path (a few links) and its users; a heap per channel
  // for general problems; a route id per channel.
  estimate.add(pairs + links, 96, "channels");
  if (!shape.full)
    estimate.add(pairs + links, 24, "candidate heaps");
  return estimate;
}

} // namespace tacos
