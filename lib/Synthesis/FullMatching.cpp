//===- FullMatching.cpp - TACOS matching when everyone needs everything ---===//
//
// The greedy of TenSynthesizer.h: at each instant, every NPU with idle
// in-links walks them fastest first and gives each a chunk the link's
// source holds and the NPU lacks and is not already receiving, the rarest
// of a sample of 8 (ties at random); a chunk already on its way is sent
// again only over a link that delivers it sooner, and a redundant arrival
// is replaced by a chunk the source held when the transfer started, or
// dropped.
//
// Candidates are found word-parallel in bitset rows (have[src] & ~have[dst]
// & ~due[dst]) from a seeded random word, through a second level kept per
// link: one bit per row word that may hold a candidate. An arrival at u
// marks its word on every out-link of u; a pick clears the marks of words
// it finds without one. So a pick visits the words that changed, not the
// row (625 words at 40,000 NPUs, where neighbours differ in a few chunks
// for most of an All-Gather), and each mark costs O(1) once. Per-link lists
// of chunks were tried first: at 40,000 NPUs testing each entry is a cache
// miss and most entries go stale, which made them slower than this.
//
// Marks are written once per NPU and instant, not once per arrival: the
// words of everything u received at an instant are or-ed into each
// out-link's marks, one summary word at a time, after the instant's
// arrivals and before its matching (the only reader). On a dense network
// an NPU receives about one chunk per in-link at an instant, so marking
// each arrival on every out-link cost the degree per transfer
// (fully_connected(3000): 2,999 per transfer, 27 G in all); or-ed per
// instant it costs about one word per transfer. After the last arrival
// nothing is marked at all.
//
// The schedule comes out timed as the simulator (Simulator.h) would time
// it, and is its fixed point, so it needs no compaction pass:
//
// - When no transfer is redundant and every link is held exactly as long as
//   its chunk occupies it (one chunk size, or links of one speed into each
//   NPU), the greedy's own times are the simulator's. The simulator starts
//   a transfer at max(link free, chunk at source). Here a transfer starts
//   when its link is free and its destination is matched; the destination
//   is matched whenever one of its in-links frees and whenever one of its
//   in-neighbours receives a chunk, and a pick returns a chunk whenever the
//   link has a candidate that is not already on its way. So had the chosen
//   chunk been at the source while the link stood idle, the link would have
//   carried something from then on; a chunk on its way arrives (nothing is
//   redundant), so it is never a candidate again.
// - Otherwise each recorded transfer is retimed when it arrives, as the
//   simulator would: max(the link's retimed free time, the retimed arrival
//   of the chunk at the source). Arrivals on a link come in the order the
//   link carried them, and every (chunk, NPU) is recorded at most once (a
//   redundant arrival is recorded as its replacement, or not at all), so
//   the chunk's arrival at the source is already retimed and no later
//   simulation round can move anything: one pass is the fixed point.
//
//===----------------------------------------------------------------------===//

#include "FullMatching.h"
#include "EventCalendar.h"
#include "TenCommon.h"

#include "tacos/Collective/ChunkCosts.h"
#include "tacos/Synthesis/Trials.h"

#include <climits>
#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <optional>
#include <unordered_map>

namespace tacos {

bool isFullProblem(const Problem &problem) {
  if (problem.participants.size() != problem.numNpus)
    return false;
  for (uint32_t c = 0; c < problem.numChunks(); ++c)
    if (problem.numSources(c) + problem.numDestinations(c) != problem.numNpus)
      return false;
  return true;
}

namespace {

/// Per NPU, the chunks it has and the chunks on their way to it,
/// interleaved word by word: a pick reads both words of a row together, and
/// at 40,000 NPUs (5 KB per row) every word read is a cache miss.
class ChunkRows {
public:
  ChunkRows(uint32_t rows, size_t words)
      : words(words), bits(size_t(rows) * words * 2) {}
  struct Row {
    const uint64_t *p;
    uint64_t have(size_t w) const { return p[2 * w]; }
    uint64_t due(size_t w) const { return p[2 * w + 1]; }
  };
  Row row(uint32_t r) const { return {&bits[size_t(r) * words * 2]}; }
  bool has(uint32_t r, uint32_t c) const { return word(r, c, 0) >> (c % 64) & 1; }
  bool isDue(uint32_t r, uint32_t c) const {
    return word(r, c, 1) >> (c % 64) & 1;
  }
  void setHave(uint32_t r, uint32_t c) { word(r, c, 0) |= 1ull << (c % 64); }
  void setDue(uint32_t r, uint32_t c) { word(r, c, 1) |= 1ull << (c % 64); }

private:
  uint64_t &word(uint32_t r, uint32_t c, int due) {
    return bits[(size_t(r) * words + c / 64) * 2 + due];
  }
  uint64_t word(uint32_t r, uint32_t c, int due) const {
    return bits[(size_t(r) * words + c / 64) * 2 + due];
  }
  size_t words;
  std::vector<uint64_t> bits;
};

/// A set of NPUs taken out in increasing order: a bitset plus the words
/// that have bits, so a nearly empty set costs nothing to walk.
class NpuSet {
public:
  explicit NpuSet(uint32_t n) : bits((n + 63) / 64, 0) {}
  void insert(uint32_t v) {
    uint64_t &word = bits[v / 64];
    if (!word)
      touched.push_back(v / 64);
    word |= 1ull << (v % 64);
  }
  /// Moves the members into `out` in increasing order.
  void take(std::vector<uint32_t> &out) {
    out.clear();
    std::sort(touched.begin(), touched.end());
    for (uint32_t w : touched) {
      for (uint64_t m = bits[w]; m; m &= m - 1)
        out.push_back(uint32_t(w * 64 + __builtin_ctzll(m)));
      bits[w] = 0;
    }
    touched.clear();
  }

private:
  std::vector<uint64_t> bits;
  std::vector<uint32_t> touched;
};

/// xoshiro256** seeded by splitmix64: a pick draws a few random numbers, and
/// at 10 M picks std::mt19937_64 and modulo divisions cost more than the
/// rest of the pick. `below` is Lemire's multiply-shift range reduction (no
/// division; a bias of n / 2^32 is harmless for tie-breaking).
class FastRng {
public:
  explicit FastRng(uint64_t seed) {
    for (uint64_t &word : state) {
      seed += 0x9e3779b97f4a7c15ull;
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      word = z ^ (z >> 31);
    }
  }
  uint64_t next() {
    uint64_t result = rotl(state[1] * 5, 7) * 9, t = state[1] << 17;
    state[2] ^= state[0];
    state[3] ^= state[1];
    state[1] ^= state[2];
    state[0] ^= state[3];
    state[2] ^= t;
    state[3] = rotl(state[3], 45);
    return result;
  }
  /// Uniform-enough in [0, n), n < 2^32.
  uint32_t below(uint64_t n) { return uint32_t(((next() >> 32) * n) >> 32); }

private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t state[4];
};

/// Threads kept for a whole run, so that every instant's matching can be
/// split without starting threads: run(f) calls f(0) here and f(1), ...
/// on the others, and returns when all are done.
class Workers {
public:
  explicit Workers(unsigned count) {
    for (unsigned i = 1; i < count; ++i)
      threads.emplace_back([this, i] { serve(i); });
  }
  ~Workers() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stop = true;
    }
    wake.notify_all();
    for (std::thread &t : threads)
      t.join();
  }
  unsigned size() const { return unsigned(threads.size()) + 1; }
  void run(const std::function<void(unsigned)> &f) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      task = &f;
      ++generation;
      pending = unsigned(threads.size());
    }
    wake.notify_all();
    f(0);
    std::unique_lock<std::mutex> lock(mutex);
    done.wait(lock, [&] { return pending == 0; });
  }

private:
  void serve(unsigned index) {
    uint64_t seen = 0;
    for (;;) {
      const std::function<void(unsigned)> *f;
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [&] { return stop || generation != seen; });
        if (stop)
          return;
        seen = generation;
        f = task;
      }
      (*f)(index);
      std::lock_guard<std::mutex> lock(mutex);
      if (--pending == 0)
        done.notify_one();
    }
  }
  std::vector<std::thread> threads;
  std::mutex mutex;
  std::condition_variable wake, done;
  const std::function<void(unsigned)> *task = nullptr;
  uint64_t generation = 0;
  unsigned pending = 0;
  bool stop = false;
};

/// Events a matching started, in order: (time, link).
using StartedEvents = std::vector<std::pair<int64_t, LinkId>>;

struct InFlight {
  uint32_t chunk;
  /// `end` is the chunk's own; the matching takes it as arrived at
  /// `arrival` (later when a smaller chunk holds its link a byte longer).
  int64_t start, end, arrival;
};

/// The transfers in flight on each link, oldest first, in one flat array.
/// A link carries at most `depth` at once (one in the blocking model), so
/// per-link deques (a heap block each: a cache miss per access at 160,000
/// links) are not needed.
class LinkQueues {
public:
  LinkQueues(size_t links, uint32_t depth)
      : depth(depth), slots(links * depth), head(links, 0), count(links, 0) {}
  bool empty(LinkId l) const { return count[l] == 0; }
  const InFlight &front(LinkId l) const { return slots[l * depth + head[l]]; }
  void pop(LinkId l) {
    head[l] = head[l] + 1 == depth ? 0 : head[l] + 1;
    --count[l];
  }
  /// The caller keeps at most `depth` transfers on a link.
  void push(LinkId l, const InFlight &t) {
    uint32_t i = head[l] + count[l];
    slots[l * depth + (i >= depth ? i - depth : i)] = t;
    ++count[l];
  }
  template <typename F> void forEach(LinkId l, F &&f) const {
    for (uint32_t k = 0, i = head[l]; k < count[l];
         ++k, i = i + 1 == depth ? 0 : i + 1)
      f(slots[l * depth + i]);
  }

private:
  uint32_t depth;
  std::vector<InFlight> slots;
  std::vector<uint32_t> head, count;
};

class FullRun {
public:
  FullRun(const Network &network, const Problem &problem,
          const AlgorithmOptions &options, uint64_t seed);
  std::string run(AlgorithmResult &result);
  FullMatchingWork work;

private:
  void indexLinks();
  void placeSources();

  LinkCost cost(LinkId l, uint32_t c) const { return costs.of(l, c); }
  bool dueSoonerThan(uint32_t v, uint32_t c, int64_t arrival) const;
  /// Picks a chunk for idle link l at time now, or returns -1.
  int64_t pick(LinkId l, int64_t now);
  bool heldAt(uint32_t u, uint32_t c, int64_t time) const;
  int64_t pickReplacement(LinkId l, const InFlight &t);
  void start(LinkId l, uint32_t chunk, int64_t now, StartedEvents &started);
  void deliver(LinkId l, uint32_t chunk, int64_t startTime, int64_t end);
  /// After an instant's arrivals: each receiver's out-links learn what it
  /// received (marks, fruitless flags), and their destinations are to be
  /// matched.
  void spreadArrivals();
  void spreadArrivalsOf(uint32_t v);
  void match(uint32_t v, int64_t now, StartedEvents &started);
  /// Matches every NPU of `batch` at `now`, in parallel when it pays; the
  /// result does not depend on the number of threads.
  void matchAll(const std::vector<uint32_t> &batch, int64_t now);

  const Network &network;
  const Problem &problem;
  const AlgorithmOptions &options;
  /// One generator per NPU, drawn from only when that NPU is matched, so
  /// that matching NPUs in parallel gives what matching them in turn does.
  std::vector<FastRng> rngs;
  std::optional<Workers> workers;
  std::vector<StartedEvents> started;
  uint32_t numNpus, numChunks;
  size_t words;
  ChunkCosts costs;
  std::vector<uint16_t> laneOf;
  std::vector<LinkId> fastestIn;    ///< every NPU's in-links, fastest first
  std::vector<uint32_t> fastestAt;  ///< offsets into fastestIn per NPU
  int64_t longestDuration = 0;
  /// Some NPU has in-links of different speeds: only then can a chunk be
  /// sent again over a faster link, and only then can an arrival be
  /// redundant (and the recent arrivals be needed to replace it).
  bool canResend = false;

  ChunkRows chunks;
  std::vector<uint32_t> holders;
  size_t totalRemaining = 0, totalDeliveries = 0;
  std::vector<int64_t> linkFree;
  /// A pick that finds nothing finds nothing again until the link's source
  /// receives a chunk its destination lacks: candidates otherwise only
  /// shrink (the destination receives, chunks become due), and a due chunk
  /// delivered sooner over another link stays so. Such a link is skipped
  /// until then. Without this every instant re-scanned every idle link's
  /// due chunks: 20,000 parallel links with 1,000 chunks took minutes.
  /// Only links into NPUs with manyInLinks are marked (elsewhere a scan
  /// of a few idle links is cheaper than the bookkeeping); feedsMany[u]:
  /// some out-link of u is such a link.
  std::vector<uint8_t> fruitless, feedsMany;
  LinkQueues inFlight;
  /// Recent arrivals per NPU (time, chunk), to tell what an NPU held when a
  /// transfer started (canResend only).
  RecentArrivals recent;
  /// Per NPU v with more than kScannedInLinks in-links, chunk -> the
  /// earliest end of a transfer of it into v (canResend only). Transfers of
  /// c into v start only while v lacks c, and the first to arrive gives v
  /// the chunk, so while v lacks c they are all in flight and this is their
  /// earliest: entries go when v gets c. A search of v's in-links costs
  /// in-degree per query, quadratic with 20,000 parallel links; below the
  /// threshold it beats a hash map (a third faster on a 32x32 torus).
  static constexpr size_t kScannedInLinks = 32;
  bool manyInLinks(uint32_t v) const {
    return network.inLinks(v).size() > kScannedInLinks;
  }
  std::vector<std::unordered_map<uint32_t, int64_t>> dueEnd;

  /// The second level (file comment): bit w of marked[l] is set if word w
  /// of have[src] & ~have[dst] may be non-zero. Rows are per link.
  size_t summaryWords;
  BitRows marked;

  EventCalendar events;
  /// The NPUs to match at this instant.
  NpuSet dirty;
  /// The chunks each NPU received at this instant, for spreadArrivals: a
  /// list per NPU through one flat array (firstArrival[v] - 1 is the index
  /// of v's latest, nextArrival links to the one before, 0 ends), and the
  /// NPUs that have one.
  std::vector<uint32_t> firstArrival, arrivedChunk, nextArrival;
  std::vector<uint32_t> receivers;
  /// spreadArrivalsOf's scratch, zero between calls: the bits received per
  /// row word and per summary word, and which words have any.
  std::vector<uint64_t> receivedBits, receivedSummary;
  std::vector<uint32_t> receivedWords, receivedSummaryWords;
  Schedule *schedule = nullptr;
  size_t recorded = 0;
  int64_t lastEnd = 0;
  /// Retiming (see the file comment): per link, when it is free; per
  /// (chunk, NPU), when the chunk arrived there.
  bool retime = false;
  std::vector<int64_t> retimedFree, retimedArrival;
};

/// ceil(max(duration, occupancy) / occupancy), without the overflow of
/// adding occupancy - 1 when a link's cost saturates at INT64_MAX (found
/// by UBSan through tacos-pipeline-fuzzer).
static int64_t transfersInFlight(int64_t duration, int64_t occupancy) {
  int64_t longest = std::max(duration, occupancy);
  return longest / occupancy + (longest % occupancy != 0);
}

/// Starts on a link are at least its largest occupancy apart, and a
/// transfer leaves the queue at max(end, link free): so a link has at most
/// ceil(max(duration, occupancy) / occupancy) transfers in flight.
static uint32_t maxInFlight(const Network &network, const ChunkCosts &costs) {
  int64_t most = 1;
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    LinkCost c = costs.largest(l);
    int64_t occupancy = std::max<int64_t>(1, c.occupancy);
    most = std::max(most, transfersInFlight(c.duration, occupancy));
  }
  return uint32_t(std::min<int64_t>(most, INT32_MAX));
}

FullRun::FullRun(const Network &network, const Problem &problem,
                 const AlgorithmOptions &options, uint64_t seed)
    : network(network), problem(problem), options(options),
      numNpus(problem.numNpus), numChunks(problem.numChunks()),
      words((problem.numChunks() + 63) / 64),
      costs(network, problem.chunkSizes, problem.numChunks(), options.model),
      chunks(problem.numNpus, words),
      inFlight(network.numLinks(), maxInFlight(network, costs)),
      summaryWords((words + 63) / 64),
      marked(uint32_t(network.numLinks()), summaryWords),
      dirty(problem.numNpus), firstArrival(problem.numNpus, 0),
      receivedBits(words, 0), receivedSummary(summaryWords, 0) {
  indexLinks();
  placeSources();
  rngs.reserve(numNpus);
  for (uint32_t v = 0; v < numNpus; ++v)
    rngs.emplace_back(seed ^ (uint64_t(v) * 0x9e3779b97f4a7c15ull));
}

/// Each link's lane among its parallel links, the longest duration, and
/// every NPU's in-links fastest first.
void FullRun::indexLinks() {
  laneOf = laneIndex(network);
  for (LinkId l = 0; l < network.numLinks(); ++l)
    longestDuration = std::max(longestDuration, costs.largest(l).duration);
  fastestAt.assign(numNpus + 1, 0);
  for (uint32_t v = 0; v < numNpus; ++v) {
    size_t first = fastestIn.size();
    for (LinkId l : network.inLinks(v))
      fastestIn.push_back(l);
    auto duration = [&](LinkId l) { return costs.largest(l).duration; };
    std::stable_sort(fastestIn.begin() + first, fastestIn.end(),
                     [&](LinkId a, LinkId b) { return duration(a) < duration(b); });
    fastestAt[v + 1] = uint32_t(fastestIn.size());
    for (size_t i = first; i < fastestIn.size(); ++i) {
      LinkId a = fastestIn[first], b = fastestIn[i];
      canResend = canResend || duration(a) != duration(b) ||
                  costs.smallest(a).duration != costs.smallest(b).duration;
    }
  }
}

/// The state at time 0: every chunk at its sources, every link free, and
/// the second level of every row.
void FullRun::placeSources() {
  holders.assign(numChunks, 0);
  linkFree.assign(network.numLinks(), 0);
  fruitless.assign(network.numLinks(), 0);
  feedsMany.assign(numNpus, 0);
  for (LinkId l = 0; l < network.numLinks(); ++l)
    if (network.src(l) < numNpus && network.dst(l) < numNpus &&
        manyInLinks(network.dst(l)))
      feedsMany[network.src(l)] = 1;
  if (canResend) {
    recent.reset(numNpus, longestDuration);
    dueEnd.resize(numNpus);
  }
  for (uint32_t c = 0; c < numChunks; ++c)
    for (uint32_t i = problem.sourceOffsets[c];
         i < problem.sourceOffsets[c + 1]; ++i) {
      chunks.setHave(problem.sources[i], c);
      ++holders[c];
    }
  totalRemaining = totalDeliveries = problem.numDeliveries();
  // Sources hold a few words of their rows: only those are tested on each
  // out-link (all words would be links x words, 420 M at 3,000 NPUs).
  std::vector<uint32_t> heldWords;
  for (uint32_t u = 0; u < numNpus; ++u) {
    ChunkRows::Row ru = chunks.row(u);
    heldWords.clear();
    for (size_t w = 0; w < words; ++w)
      if (ru.have(w))
        heldWords.push_back(uint32_t(w));
    for (LinkId l : network.outLinks(u)) {
      ChunkRows::Row rv = chunks.row(network.dst(l));
      for (uint32_t w : heldWords)
        if (ru.have(w) & ~rv.have(w))
          marked.set(l, w);
    }
  }
}

/// Only asked while v lacks c (a candidate), so dueEnd holds every
/// transfer of c into v.
bool FullRun::dueSoonerThan(uint32_t v, uint32_t c, int64_t arrival) const {
  if (manyInLinks(v)) {
    auto it = dueEnd[v].find(c);
    return it != dueEnd[v].end() && it->second <= arrival;
  }
  bool sooner = false;
  for (LinkId l : network.inLinks(v))
    inFlight.forEach(l, [&](const InFlight &t) {
      sooner = sooner || (t.chunk == c && t.end <= arrival);
    });
  return sooner;
}

int64_t FullRun::pick(LinkId l, int64_t now) {
  uint32_t u = network.src(l), v = network.dst(l);
  // Drawn first, also when the pick is skipped, so that skipping changes no
  // schedule (a pick that finds nothing draws nothing else).
  size_t first = words > 1 ? rngs[v].below(words) : 0;
  if (fruitless[l])
    return -1;
  ChunkRows::Row ru = chunks.row(u), rv = chunks.row(v);
  int64_t best = -1;
  uint32_t bestHolders = UINT32_MAX, ties = 0;
  unsigned examined = 0;
  // Chunks already due at v are candidates only if nothing else is, and
  // only over a link that delivers them sooner (so never without
  // canResend).
  int64_t resend = -1;
  // Rarest first among a bounded sample, so a pick stays cheap; ties are
  // broken uniformly at random (reservoir sampling), because every scan
  // order would otherwise favour some chunk ids. False: the sample is full.
  constexpr unsigned kSample = 8;
  auto offer = [&](uint32_t c) {
    if (rv.due(c / 64) >> (c % 64) & 1) {
      if (canResend && resend < 0 && best < 0 &&
          !dueSoonerThan(v, c, now + cost(l, c).duration))
        resend = c;
      return true;
    }
    uint32_t h = holders[c];
    if (h < bestHolders) {
      bestHolders = h;
      best = c;
      ties = 1;
    } else if (h == bestHolders && rngs[v].below(++ties) == 0) {
      best = c;
    }
    return ++examined < kSample;
  };
  // The marked row words in [from, to); unmarks those without a
  // candidate. False: the sample is full.
  uint64_t *marks = marked.row(l);
  uint64_t keepDue = canResend ? ~0ull : 0; // else due chunks are masked out
  auto scan = [&](size_t from, size_t to) {
    for (size_t s = from / 64; s * 64 < to; ++s) {
      uint64_t m = marks[s];
      if (s == from / 64)
        m &= ~0ull << (from % 64);
      if ((s + 1) * 64 > to)
        m &= (1ull << (to % 64)) - 1;
      for (; m; m &= m - 1) {
        size_t w = s * 64 + __builtin_ctzll(m);
        uint64_t lacked = ru.have(w) & ~rv.have(w);
        if (!lacked) {
          marks[s] &= ~(1ull << (w % 64));
          continue;
        }
        for (uint64_t b = lacked & (~rv.due(w) | keepDue); b; b &= b - 1)
          if (!offer(uint32_t(w * 64 + __builtin_ctzll(b))))
            return false;
      }
    }
    return true;
  };
  if (!scan(first, words) || !scan(0, first))
    return best;
  if (best < 0 && resend < 0)
    fruitless[l] = manyInLinks(v);
  return best >= 0 ? best : resend;
}

bool FullRun::heldAt(uint32_t u, uint32_t c, int64_t time) const {
  return chunks.has(u, c) && recent.heldSince(u, c, time);
}

int64_t FullRun::pickReplacement(LinkId l, const InFlight &t) {
  uint32_t u = network.src(l), v = network.dst(l);
  // The replacement arrives when the original would have: it must cost the
  // same on l (chunks differ by at most one byte, and so may their costs).
  LinkCost original = cost(l, t.chunk);
  ChunkRows::Row ru = chunks.row(u), rv = chunks.row(v);
  for (size_t w = 0; w < words; ++w)
    for (uint64_t m = ru.have(w) & ~rv.have(w) & ~rv.due(w); m; m &= m - 1) {
      uint32_t c = uint32_t(w * 64 + __builtin_ctzll(m));
      LinkCost mine = cost(l, c);
      if (heldAt(u, c, t.start) && mine.duration == original.duration &&
          mine.occupancy == original.occupancy)
        return c;
    }
  return -1;
}

void FullRun::start(LinkId l, uint32_t chunk, int64_t now,
                    StartedEvents &started) {
  // The chunk arrives after its own cost, but the link stays busy for the
  // largest chunk's: whole-byte chunks differ by a byte, and links that
  // drift apart by a byte's time fall out of step and lose whole slots. The
  // idle picoseconds are taken back by retiming (run).
  // A chunk that arrives a byte's time before its link frees is taken as
  // arriving then: one event instead of two (retiming restores its time).
  int64_t end = now + cost(l, chunk).duration;
  int64_t free = now + costs.largest(l).occupancy;
  int64_t arrival = std::max(end, free);
  inFlight.push(l, {chunk, now, end, arrival});
  linkFree[l] = free;
  chunks.setDue(network.dst(l), chunk);
  if (canResend && manyInLinks(network.dst(l))) {
    auto [it, added] = dueEnd[network.dst(l)].try_emplace(chunk, end);
    if (!added)
      it->second = std::min(it->second, end);
  }
  started.push_back({arrival, l});
  if (free < arrival) // pipelined: the link frees before the chunk is there
    started.push_back({free, l});
}

void FullRun::deliver(LinkId l, uint32_t chunk, int64_t startTime,
                      int64_t end) {
  uint32_t v = network.dst(l);
  chunks.setHave(v, chunk);
  if (!firstArrival[v])
    receivers.push_back(v);
  arrivedChunk.push_back(chunk);
  nextArrival.push_back(firstArrival[v]);
  firstArrival[v] = uint32_t(arrivedChunk.size());
  ++holders[chunk];
  --totalRemaining; // every NPU that lacks a chunk needs it
  if (canResend) {
    if (manyInLinks(v))
      dueEnd[v].erase(chunk);
    recent.record(v, end, chunk);
  }
  if (retime) {
    LinkCost mine = cost(l, chunk);
    startTime = std::max(retimedFree[l],
                         retimedArrival[size_t(chunk) * numNpus + network.src(l)]);
    retimedFree[l] = startTime + mine.occupancy;
    end = startTime + mine.duration;
    retimedArrival[size_t(chunk) * numNpus + v] = end;
  }
  if (schedule)
    schedule->push_back({chunk, network.src(l), v, laneOf[l],
                         TransferKind::Copy, startTime, end});
  ++recorded;
  lastEnd = std::max(lastEnd, end);
}

void FullRun::spreadArrivals() {
  for (uint32_t v : receivers)
    spreadArrivalsOf(v);
  receivers.clear();
  arrivedChunk.clear();
  nextArrival.clear();
}

void FullRun::spreadArrivalsOf(uint32_t v) {
  // What v received, per row word and per summary word.
  for (uint32_t i = firstArrival[v]; i; i = nextArrival[i - 1]) {
    uint32_t c = arrivedChunk[i - 1], w = c / 64;
    if (!receivedBits[w])
      receivedWords.push_back(w);
    receivedBits[w] |= 1ull << (c % 64);
  }
  firstArrival[v] = 0;
  for (uint32_t w : receivedWords) {
    if (!receivedSummary[w / 64])
      receivedSummaryWords.push_back(w / 64);
    receivedSummary[w / 64] |= 1ull << (w % 64);
  }
  for (LinkId out : network.outLinks(v)) {
    uint32_t w = network.dst(out);
    uint64_t *marks = marked.row(out);
    for (uint32_t s : receivedSummaryWords)
      marks[s] |= receivedSummary[s];
    // A fruitless link has a candidate again if v received a chunk its
    // destination lacks.
    if (feedsMany[v] && fruitless[out]) {
      ChunkRows::Row rw = chunks.row(w);
      for (uint32_t word : receivedWords)
        if (receivedBits[word] & ~rw.have(word)) {
          fruitless[out] = 0;
          break;
        }
      work.arrivalUpdates += receivedWords.size();
    }
    dirty.insert(w);
  }
  work.arrivalUpdates +=
      network.outLinks(v).size() * (1 + receivedSummaryWords.size());
  for (uint32_t w : receivedWords)
    receivedBits[w] = 0;
  for (uint32_t s : receivedSummaryWords)
    receivedSummary[s] = 0;
  receivedWords.clear();
  receivedSummaryWords.clear();
}

void FullRun::match(uint32_t v, int64_t now, StartedEvents &started) {
  for (uint32_t i = fastestAt[v]; i < fastestAt[v + 1]; ++i) {
    LinkId l = fastestIn[i];
    if (linkFree[l] > now)
      continue;
    int64_t c = pick(l, now);
    if (c >= 0)
      start(l, uint32_t(c), now, started);
  }
}

void FullRun::matchAll(const std::vector<uint32_t> &batch, int64_t now) {
  // Matching v writes only v's in-links, v's due chunks and v's generator,
  // and reads what no other matching writes, so NPUs can be matched in
  // parallel; their events are queued in NPU order, as if in turn. Small
  // batches are not worth a hand-off.
  constexpr size_t kParallelBatch = 512;
  unsigned parts = workers && batch.size() >= kParallelBatch ? workers->size() : 1;
  if (parts == 1) {
    for (uint32_t v : batch)
      match(v, now, started[0]);
  } else {
    workers->run([&](unsigned part) {
      size_t from = batch.size() * part / parts,
             to = batch.size() * (part + 1) / parts;
      for (size_t i = from; i < to; ++i)
        match(batch[i], now, started[part]);
    });
  }
  for (unsigned part = 0; part < parts; ++part) {
    for (auto [time, link] : started[part])
      events.push(time, link);
    started[part].clear();
  }
}

std::string FullRun::run(AlgorithmResult &result) {
  schedule = options.materialize ? &result.schedule : nullptr;
  // Times drift from the simulator's only with chunks of two sizes or
  // redundant arrivals (file comment); retiming costs 8 bytes per (chunk,
  // NPU), which only a materialized schedule justifies.
  retime = schedule && (!problem.chunkSizes.uniform() || canResend);
  if (retime) {
    retimedFree.assign(network.numLinks(), 0);
    retimedArrival.assign(size_t(numChunks) * numNpus, 0);
  }
  if (schedule && totalDeliveries < (size_t(1) << 28))
    schedule->reserve(totalDeliveries);
  // A second thread pays only when there are many NPUs to match at once.
  // With several trials the threads run trials instead (Trials.h).
  unsigned threads = trialThreads(options.threads, UINT_MAX);
  if (options.trials > 1 || numNpus < 2 * 512)
    threads = 1;
  if (threads > 1)
    workers.emplace(threads);
  started.resize(threads);
  std::vector<uint32_t> batch;
  for (uint32_t v = 0; v < numNpus; ++v)
    batch.push_back(v);
  matchAll(batch, 0);
  size_t nextReport = 1 << 16;
  std::vector<LinkId> arrived;
  DeadlinePoll poll(options.limits.deadline);
  // Work of an instant, for the poll: the links of the NPUs it matched.
  uint64_t linksPerNpu = 1 + network.numLinks() / std::max(1u, numNpus);
  while (totalRemaining > 0) {
    if (poll.expired(1 + arrived.size() + batch.size() * linksPerNpu))
      return timeoutMessage(options.limits, "synthesis");
    if (events.empty())
      return "synthesis stalled with " + std::to_string(totalRemaining) +
             " deliveries left";
    int64_t now = events.takeNext(arrived);
    for (LinkId l : arrived) {
      uint32_t v = network.dst(l);
      dirty.insert(v);
      // A link-free event that is not an arrival (pipelined model).
      if (inFlight.empty(l) || inFlight.front(l).arrival != now)
        continue;
      InFlight t = inFlight.front(l);
      inFlight.pop(l);
      // Only resends make arrivals redundant.
      if (!canResend || !chunks.has(v, t.chunk)) {
        deliver(l, t.chunk, t.start, t.end);
        continue;
      }
      int64_t replacement = pickReplacement(l, t);
      if (replacement >= 0)
        deliver(l, uint32_t(replacement), t.start, t.end);
    }
    if (totalRemaining == 0)
      break;
    // What an NPU received may be wanted by its out-neighbours.
    spreadArrivals();
    dirty.take(batch);
    matchAll(batch, now);
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

MemoryEstimate estimateFullMatching(const Network &network,
                                    const ProblemShape &shape,
                                    const ChunkSizes &chunkSizes,
                                    const AlgorithmOptions &options) {
  // FullRun's members, as the constructor and run() size them.
  double npus = shape.npus, links = double(network.numLinks());
  double words = std::ceil(shape.chunks / 64);
  // maxInFlight and canResend, from the two chunk sizes' costs (building
  // ChunkCosts would take a byte per chunk).
  int64_t depth = 1;
  bool canResend = false;
  std::vector<int64_t> fastest(network.numNodes(), -1);
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    LinkCost large = linkCost(network, l, chunkSizes.largest(), options.model);
    LinkCost small = linkCost(network, l, chunkSizes.smallest(), options.model);
    int64_t occupancy = std::max<int64_t>(1, large.occupancy);
    depth = std::max(depth, transfersInFlight(large.duration, occupancy));
    int64_t &first = fastest[network.dst(l)];
    if (first < 0)
      first = large.duration;
    canResend = canResend || first != large.duration ||
                small.duration != large.duration;
  }
  bool retime = options.materialize && (!chunkSizes.uniform() || canResend);
  MemoryEstimate estimate;
  estimate.what = "the TACOS matching";
  estimate.add(npus * words, 16, "chunk bit words");
  estimate.add(links * std::ceil(words / 64), 8, "link summary words");
  // Per link: in-flight slots, their head and count, the free time, the
  // lane, the fastest-first order, the two chunk costs.
  estimate.add(links, double(std::min<int64_t>(depth, INT32_MAX)) * 32 + 62,
               "links");
  estimate.add(npus, 96, "NPUs");
  estimate.add(shape.chunks, 5, "chunks");
  if (canResend)
    estimate.add(npus, 640, "arrival logs");
  if (retime)
    estimate.add(shape.chunks * npus, 8, "retimed (chunk, NPU) arrivals");
  if (options.materialize)
    addSchedule(estimate, shape.deliveries,
                shape.deliveries < double(uint64_t(1) << 28));
  return estimate;
}

std::string matchFull(const Network &network, const Problem &problem,
                      const AlgorithmOptions &options, uint64_t seed,
                      AlgorithmResult &result, FullMatchingWork *work) {
  FullRun run(network, problem, options, seed);
  std::string error = run.run(result);
  if (work)
    work->arrivalUpdates += run.work.arrivalUpdates;
  return error;
}

} // namespace tacos
