//===- VerifierStorage.h - The native verifier's storage --------*- C++ -*-===//
//
// Private to the Verification library: the containers the verifier's sweeps
// keep their state in, sized for the 16.8M-transfer benchmark (see
// Verifier.cpp for the sweeps). Header-only, because every accessor sits in
// the sweeps' inner loops and must inline there.
//
//  - ZeroArray: zero-filled memory, huge pages for large arrays;
//  - PairStore: one value per (node, chunk), dense or hashed;
//  - HeldBits: one bit per (node, chunk), dense or hashed;
//  - TimeOrder: a stable radix sort of items by time.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_VERIFICATION_VERIFIERSTORAGE_H
#define TACOS_LIB_VERIFICATION_VERIFIERSTORAGE_H

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tacos::verifier_storage {
// Internal linkage, as when these lived in Verifier.cpp (the only file that
// includes this header): the optimizer then inlines them as it did there.
namespace {

/// Dense per-(node, chunk) state is used while it fits in this many bytes;
/// a hash map beyond.
constexpr uint64_t kDenseBudgetBytes = uint64_t(1) << 30;

unsigned bitWidth(uint64_t x) { return x ? 64 - __builtin_clzll(x) : 0; }

/// A zero-filled array of trivially copyable T. Large ones come straight
/// from anonymous memory: the kernel's zeroed pages make a memset
/// unnecessary, and they are advised to use 2 MiB pages, since the sweeps
/// access hundreds of MB at random and would otherwise miss the TLB on
/// almost every access.
template <typename T> class ZeroArray {
  static_assert(std::is_trivially_copyable<T>::value,
                "zeroed memory must be a valid T");

public:
  ZeroArray() = default;
  explicit ZeroArray(size_t n) : count(n) {
    size_t bytes = n * sizeof(T);
#if defined(__linux__)
    constexpr size_t kHuge = size_t(2) << 20;
    if (bytes >= kHuge) {
      mappedBytes = bytes + kHuge;
      void *base = mmap(nullptr, mappedBytes, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (base != MAP_FAILED) {
        mapped = base;
        uintptr_t aligned = (uintptr_t(base) + kHuge - 1) & ~(kHuge - 1);
        madvise(reinterpret_cast<void *>(aligned), bytes, MADV_HUGEPAGE);
        items = reinterpret_cast<T *>(aligned);
        return;
      }
      mappedBytes = 0;
    }
#endif
    items = static_cast<T *>(std::calloc(n ? n : 1, sizeof(T)));
    if (!items)
      std::abort();
  }
  ZeroArray(const ZeroArray &) = delete;
  ZeroArray &operator=(const ZeroArray &) = delete;
  ZeroArray(ZeroArray &&o) noexcept { swap(o); }
  ZeroArray &operator=(ZeroArray &&o) noexcept {
    swap(o);
    return *this;
  }
  ~ZeroArray() {
#if defined(__linux__)
    if (mapped) {
      munmap(mapped, mappedBytes);
      return;
    }
#endif
    std::free(items);
  }
  void swap(ZeroArray &o) noexcept {
    std::swap(items, o.items);
    std::swap(count, o.count);
    std::swap(mapped, o.mapped);
    std::swap(mappedBytes, o.mappedBytes);
  }
  size_t size() const { return count; }
  T *data() { return items; }
  T &operator[](size_t i) { return items[i]; }
  const T &operator[](size_t i) const { return items[i]; }
  T *begin() { return items; }
  T *end() { return items + count; }

private:
  T *items = nullptr;
  size_t count = 0;
  void *mapped = nullptr;
  size_t mappedBytes = 0;
};

/// One value per (node, chunk), zero (T{}) until written.
template <typename T> class PairStore {
public:
  PairStore(uint32_t numNodes, uint32_t numChunks) : numNodes(numNodes) {
    uint64_t pairs = uint64_t(numNodes) * numChunks;
    if (pairs * sizeof(T) <= kDenseBudgetBytes)
      dense = ZeroArray<T>(size_t(pairs));
    else
      isSparse = true;
  }
  T get(uint32_t chunk, uint32_t node) const {
    uint64_t k = key(chunk, node);
    if (!isSparse)
      return dense[k];
    auto it = sparse.find(k);
    return it == sparse.end() ? T{} : it->second;
  }
  T &at(uint32_t chunk, uint32_t node) {
    uint64_t k = key(chunk, node);
    if (!isSparse)
      return dense[k];
    return sparse.try_emplace(k, T{}).first->second;
  }
  void prefetch(uint32_t chunk, uint32_t node) const {
    if (!isSparse)
      __builtin_prefetch(&dense[key(chunk, node)], 1);
  }

private:
  // Chunk-major: the nodes of a transfer are neighbours, often with nearby
  // ids (a ring dimension), so source and destination share cache lines.
  uint64_t key(uint32_t chunk, uint32_t node) const {
    return uint64_t(chunk) * numNodes + node;
  }
  uint64_t numNodes;
  bool isSparse = false;
  ZeroArray<T> dense;
  std::unordered_map<uint64_t, T> sparse;
};

/// Items 0..m-1, given in tie order, sorted stably by a 64-bit time.
class TimeOrder {
public:
  size_t size() const { return keys.size(); }
  /// The item at position p.
  size_t item(size_t p) const { return size_t(keys[p] & indexMask); }
  /// Its time, when hasTimes(); saves a random read of the time column.
  bool hasTimes() const { return withTimes; }
  int64_t time(size_t p) const {
    return int64_t(uint64_t(lo) + (keys[p] >> indexBits));
  }

  /// An m-entry buffer for the caller to overwrite: the radix sort's
  /// scratch when there was one, which saves faulting in fresh pages.
  ZeroArray<uint64_t> takeSpare() {
    if (spare.size() != keys.size())
      return ZeroArray<uint64_t>(keys.size());
    return std::move(spare);
  }

  /// LSD radix over the bits the times actually span, with the item packed
  /// below them so one 8-byte key carries both; std::sort of (time, item)
  /// pairs when they do not fit together.
  template <typename TimeOf> static TimeOrder sort(size_t m, TimeOf timeOf);

private:
  ZeroArray<uint64_t> keys, spare;
  int64_t lo = 0;
  unsigned indexBits = 0;
  uint64_t indexMask = ~uint64_t(0);
  bool withTimes = false;
};

template <typename TimeOf> TimeOrder TimeOrder::sort(size_t m, TimeOf timeOf) {
  TimeOrder order;
  ZeroArray<uint64_t> &keys = order.keys;
  keys = ZeroArray<uint64_t>(m);
  if (m == 0)
    return order;
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (size_t j = 0; j < m; ++j) {
    int64_t t = timeOf(j);
    lo = std::min(lo, t);
    hi = std::max(hi, t);
  }
  unsigned indexBits = bitWidth(m - 1);
  unsigned timeBits = bitWidth(uint64_t(hi) - uint64_t(lo));
  if (timeBits + indexBits > 64) {
    std::vector<std::pair<int64_t, uint64_t>> items(m);
    for (size_t j = 0; j < m; ++j)
      items[j] = {timeOf(j), j};
    std::sort(items.begin(), items.end());
    for (size_t j = 0; j < m; ++j)
      keys[j] = items[j].second;
    return order;
  }
  order.lo = lo;
  order.indexBits = indexBits;
  order.indexMask =
      indexBits == 64 ? ~uint64_t(0) : (uint64_t(1) << indexBits) - 1;
  order.withTimes = true;
  // Digits of at most 12 bits (a 32 KiB histogram stays in L1/L2), counted
  // while the keys are built; a digit that is the same for all keys is
  // skipped. The index bits need no pass: the keys start in index order and
  // every pass is stable.
  unsigned passes = (timeBits + 11) / 12;
  if (passes == 0) {
    for (size_t j = 0; j < m; ++j)
      keys[j] = j;
    return order;
  }
  unsigned digit = (timeBits + passes - 1) / passes;
  size_t buckets = size_t(1) << digit;
  uint64_t digitMask = buckets - 1;
  std::vector<size_t> counts(passes * buckets, 0);
  for (size_t j = 0; j < m; ++j) {
    uint64_t key = ((uint64_t(timeOf(j)) - uint64_t(lo)) << indexBits) | j;
    keys[j] = key;
    for (unsigned p = 0; p < passes; ++p)
      ++counts[p * buckets + ((key >> (indexBits + p * digit)) & digitMask)];
  }
  ZeroArray<uint64_t> &scratch = order.spare;
  scratch = ZeroArray<uint64_t>(m);
  for (unsigned p = 0; p < passes; ++p) {
    size_t *count = counts.data() + p * buckets;
    unsigned shift = indexBits + p * digit;
    if (count[(keys[0] >> shift) & digitMask] == m)
      continue;
    size_t sum = 0;
    for (size_t b = 0; b < buckets; ++b) {
      size_t c = count[b];
      count[b] = sum;
      sum += c;
    }
    for (uint64_t key : keys)
      scratch[count[(key >> shift) & digitMask]++] = key;
    keys.swap(scratch);
  }
  return order;
}

/// Which (chunk, node) pairs hold their chunk, one bit each: 2 MiB for a
/// 64x64 All-Gather, so the random accesses of the copy sweep mostly hit
/// the cache. A hash set beyond 1 GiB of bits.
class HeldBits {
public:
  HeldBits(uint32_t numNodes, uint32_t numChunks) : numNodes(numNodes) {
    uint64_t pairs = uint64_t(numNodes) * numChunks;
    if (pairs / 8 <= kDenseBudgetBytes)
      words = ZeroArray<uint64_t>(size_t(pairs / 64 + 1));
    else
      isSparse = true;
  }
  uint64_t key(uint32_t chunk, uint32_t node) const {
    return uint64_t(chunk) * numNodes + node;
  }
  bool test(uint64_t k) const {
    return isSparse ? sparse.count(k) > 0 : (words[k / 64] >> (k % 64)) & 1;
  }
  void set(uint64_t k) {
    if (isSparse)
      sparse.insert(k);
    else
      words[k / 64] |= uint64_t(1) << (k % 64);
  }
  void prefetch(uint64_t k) const {
    if (!isSparse)
      __builtin_prefetch(&words[k / 64], 1);
  }

private:
  uint64_t numNodes;
  bool isSparse = false;
  ZeroArray<uint64_t> words;
  std::unordered_set<uint64_t> sparse;
};

} // namespace
} // namespace tacos::verifier_storage

#endif // TACOS_LIB_VERIFICATION_VERIFIERSTORAGE_H
