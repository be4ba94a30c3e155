//===- ScheduleTest.cpp - Columns and the packed form of schedules --------===//

#include "tacos/Collective/Schedule.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

using namespace tacos;

namespace {

Schedule randomSchedule(size_t n, unsigned seed) {
  std::mt19937_64 rng(seed);
  Schedule s;
  for (size_t i = 0; i < n; ++i) {
    Transfer t;
    t.chunk = uint32_t(rng());
    t.src = uint32_t(rng());
    t.dst = uint32_t(rng());
    t.lane = uint16_t(rng());
    t.kind = TransferKind(rng() % 2);
    t.start = int64_t(rng() >> 2);
    t.end = t.start + int64_t(rng() % 1000000);
    s.push_back(t);
  }
  return s;
}

TEST(ScheduleTest, PushBackAndView) {
  Schedule s;
  Transfer t{7, 1, 2, 3, TransferKind::Reduce, 10, 20};
  s.push_back(t);
  ScheduleView v = s.view();
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0], t);
  EXPECT_EQ(v.chunk(0), 7u);
  EXPECT_EQ(v.kindByte(0), 1);
}

TEST(ScheduleTest, PackedFormIs31BytesPerTransfer) {
  EXPECT_EQ(ScheduleView::kPackedBytesPerTransfer, 31u);
  EXPECT_LE(ScheduleView::kPackedBytesPerTransfer, 32u);
}

TEST(ScheduleTest, PackedRoundTripIsExact) {
  for (size_t n : {0, 1, 2, 3, 7, 1000}) {
    Schedule s = randomSchedule(n, unsigned(n));
    std::vector<int64_t> buffer(
        (n * ScheduleView::kPackedBytesPerTransfer + 7) / 8);
    char *bytes = reinterpret_cast<char *>(buffer.data());
    s.view().packInto(bytes);
    std::optional<ScheduleView> v = ScheduleView::fromPacked(
        bytes, n * ScheduleView::kPackedBytesPerTransfer);
    ASSERT_TRUE(v.has_value()) << n;
    ASSERT_EQ(v->size(), n);
    for (size_t i = 0; i < n; ++i)
      ASSERT_EQ((*v)[i], s.view()[i]) << "transfer " << i << " of " << n;
  }
}

TEST(ScheduleTest, PackedRejectsBadLengthAndAlignment) {
  std::vector<int64_t> buffer(16);
  const char *bytes = reinterpret_cast<const char *>(buffer.data());
  EXPECT_FALSE(ScheduleView::fromPacked(bytes, 30).has_value());
  EXPECT_FALSE(ScheduleView::fromPacked(bytes + 1, 31).has_value());
  EXPECT_TRUE(ScheduleView::fromPacked(bytes, 62).has_value());
}

TEST(ScheduleTest, LayoutIsColumnar) {
  // Column order is part of the file format: start, end, chunk, src, dst,
  // lane, kind.
  Schedule s;
  s.push_back({0xA1, 0xB1, 0xC1, 0xD1, TransferKind::Copy, 0x11, 0x21});
  s.push_back({0xA2, 0xB2, 0xC2, 0xD2, TransferKind::Reduce, 0x12, 0x22});
  std::vector<int64_t> buffer(8);
  char *bytes = reinterpret_cast<char *>(buffer.data());
  s.view().packInto(bytes);
  auto at = [&](size_t offset) { return uint8_t(bytes[offset]); };
  EXPECT_EQ(at(0), 0x11);  // start[0]
  EXPECT_EQ(at(8), 0x12);  // start[1]
  EXPECT_EQ(at(16), 0x21); // end[0]
  EXPECT_EQ(at(32), 0xA1); // chunk[0]
  EXPECT_EQ(at(40), 0xB1); // src[0]
  EXPECT_EQ(at(48), 0xC1); // dst[0]
  EXPECT_EQ(at(56), 0xD1); // lane[0]
  EXPECT_EQ(at(60), 0);    // kind[0]
  EXPECT_EQ(at(61), 1);    // kind[1]
}

} // namespace
