//===- InterpolationSearch.h - Search among evenly spread keys -*- C++ -*-===//
//
// A node's out-links are sorted by destination. On a dense network a
// binary search over them costs log2(degree) cache misses per lookup
// (12 at fully_connected(3000), for each of its 9 M transfers), while the
// destinations are spread evenly enough that where a key would sit if they
// were evenly spaced is its place, or next to it.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SUPPORT_INTERPOLATIONSEARCH_H
#define TACOS_SUPPORT_INTERPOLATIONSEARCH_H

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace tacos {

/// What std::lower_bound returns for [first, last) sorted by keyOf (the
/// first element whose key is not below `key`), found by starting where
/// `key` would be if the keys were evenly spaced between the first and the
/// last, then galloping from there: O(log of the distance from that guess),
/// so about a binary search at worst, and one or two probes on evenly
/// spread keys.
template <typename It, typename KeyOf>
It interpolatedLowerBound(It first, It last, uint32_t key, KeyOf keyOf) {
  size_t n = size_t(last - first);
  if (n == 0)
    return first;
  uint32_t lowest = keyOf(first[0]);
  if (key <= lowest)
    return first;
  uint32_t highest = keyOf(first[n - 1]);
  if (key > highest)
    return last;
  // lowest < key <= highest, so the guess is in [0, n - 1].
  size_t guess = size_t(uint64_t(key - lowest) * (n - 1) / (highest - lowest));
  auto below = [&](size_t i) { return keyOf(first[i]) < key; };
  if (below(guess)) {
    // Everything before lo is below key; gallop forwards.
    size_t lo = guess + 1, step = 1;
    while (lo + step - 1 < n && below(lo + step - 1)) {
      lo += step;
      step *= 2;
    }
    size_t hi = std::min(n, lo + step - 1);
    return std::partition_point(first + lo, first + hi, [&](const auto &x) {
      return keyOf(x) < key;
    });
  }
  // first[hi] is not below key; gallop backwards.
  size_t hi = guess, step = 1;
  while (hi >= step && !below(hi - step)) {
    hi -= step;
    step *= 2;
  }
  size_t lo = hi >= step ? hi - step + 1 : 0;
  return std::partition_point(first + lo, first + hi, [&](const auto &x) {
    return keyOf(x) < key;
  });
}

} // namespace tacos

#endif // TACOS_SUPPORT_INTERPOLATIONSEARCH_H
