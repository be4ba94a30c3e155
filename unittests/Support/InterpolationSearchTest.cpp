//===- InterpolationSearchTest.cpp - lower_bound for evenly spread keys ---===//

#include "tacos/Support/InterpolationSearch.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <random>
#include <vector>

using namespace tacos;

namespace {

uint32_t identity(uint32_t k) { return k; }

// Whatever the spread, the answer is std::lower_bound's: runs of equal keys
// (parallel links), gaps, keys outside the range, one element.
TEST(InterpolationSearchTest, AgreesWithLowerBound) {
  std::mt19937_64 rng(11);
  for (int round = 0; round < 300; ++round) {
    size_t n = rng() % 40;
    uint32_t spread = uint32_t(1 + rng() % (round % 3 ? 50 : 100000));
    std::vector<uint32_t> keys(n);
    for (uint32_t &k : keys)
      k = uint32_t(rng() % spread);
    if (round % 5 == 0 && n > 2) // one long run of one key
      std::fill(keys.begin() + 1, keys.end() - 1, keys[1]);
    std::sort(keys.begin(), keys.end());
    for (uint32_t key = 0; key <= spread + 1; key += 1 + spread / 200) {
      auto expected = std::lower_bound(keys.begin(), keys.end(), key);
      auto found =
          interpolatedLowerBound(keys.begin(), keys.end(), key, identity);
      ASSERT_EQ(found - keys.begin(), expected - keys.begin())
          << "round " << round << ", key " << key;
    }
  }
}

// Issue 25: NPU 1234's out-links on fully_connected(3000), by destination.
// A binary search reads 12 keys for each; here a few do, whatever the
// destination (counted, not timed).
TEST(InterpolationSearchTest, FindsAFullyConnectedDestinationInAFewReads) {
  std::vector<uint32_t> row;
  for (uint32_t v = 0; v < 3000; ++v)
    if (v != 1234)
      row.push_back(v);
  size_t most = 0;
  for (uint32_t dst = 0; dst < 3000; ++dst) {
    size_t reads = 0;
    auto found = interpolatedLowerBound(row.begin(), row.end(), dst,
                                        [&](uint32_t k) {
                                          ++reads;
                                          return k;
                                        });
    ASSERT_EQ(found - row.begin(),
              std::lower_bound(row.begin(), row.end(), dst) - row.begin());
    most = std::max(most, reads);
  }
  EXPECT_LE(most, 6u);
}

} // namespace
