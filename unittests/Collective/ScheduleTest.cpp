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

/// The packed form of a view, through packInto (the reference).
std::vector<char> packedCopy(const ScheduleView &view) {
  std::vector<char> bytes(view.size() * ScheduleView::kPackedBytesPerTransfer);
  view.packInto(bytes.data());
  return bytes;
}

TEST(ScheduleTest, ReleasePackedIsThePackedForm) {
  // Exact capacity (the buffer as is), grown by push_back (columns moved
  // down, tail given back) and reserved beyond the size.
  for (size_t n : {1, 2, 3, 16, 17, 1000}) {
    for (size_t reserved : {size_t(0), n, 3 * n + 5}) {
      Schedule s;
      s.reserve(reserved);
      Schedule source = randomSchedule(n, unsigned(n + reserved));
      for (size_t i = 0; i < n; ++i)
        s.push_back(source.view()[i]);
      std::vector<char> expected = packedCopy(s.view());
      PackedSchedule packed = s.releasePacked();
      EXPECT_EQ(s.size(), 0u);
      ASSERT_EQ(packed.size(), expected.size()) << n << " " << reserved;
      EXPECT_EQ(reinterpret_cast<uintptr_t>(packed.bytesData()) %
                    ScheduleView::kPackedAlignment,
                0u);
      EXPECT_EQ(std::memcmp(packed.bytesData(), expected.data(),
                            expected.size()),
                0)
          << n << " transfers, " << reserved << " reserved";
      std::optional<ScheduleView> v =
          ScheduleView::fromPacked(packed.bytesData(), packed.size());
      ASSERT_TRUE(v.has_value());
      for (size_t i = 0; i < n; ++i)
        ASSERT_EQ((*v)[i], source.view()[i]) << "transfer " << i;
    }
  }
}

TEST(ScheduleTest, ReleasePackedOfEmptyIsEmpty) {
  Schedule s;
  s.reserve(10);
  PackedSchedule packed = s.releasePacked();
  EXPECT_EQ(packed.size(), 0u);
  EXPECT_EQ(packed.bytesData(), nullptr);
}

TEST(ScheduleTest, CopiesAreDeepAndMovesEmptyTheSource) {
  Schedule s = randomSchedule(100, 1);
  Schedule copy = s;
  copy.setTimes(0, 1, 2);
  EXPECT_FALSE(s.view()[0] == copy.view()[0]);
  for (size_t i = 1; i < 100; ++i)
    ASSERT_EQ(s.view()[i], copy.view()[i]);
  Schedule moved = std::move(copy);
  EXPECT_EQ(copy.size(), 0u);
  ASSERT_EQ(moved.size(), 100u);
  EXPECT_EQ(moved.view().start(0), 1);
  copy = moved; // assignable again after the move
  EXPECT_EQ(copy.size(), 100u);
  Schedule fromView(s.view());
  for (size_t i = 0; i < 100; ++i)
    ASSERT_EQ(fromView.view()[i], s.view()[i]);
}

} // namespace

namespace {

// Routed transfers keep their route through push_back, the packed form and
// copies; adopting a route into another schedule renumbers it, and turning
// a transfer around reverses its switches.
TEST(ScheduleTest, Routes) {
  Schedule s;
  uint16_t a = *s.routes().intern({10, 11});
  uint16_t b = *s.routes().intern({12});
  EXPECT_EQ(*s.routes().intern({10, 11}), a);
  Transfer direct{1, 0, 2, 3, TransferKind::Reduce, 5, 9};
  Transfer routed{2, 0, 2, 0, TransferKind::Reduce, 5, 9, b};
  s.push_back(direct);
  s.push_back(routed);
  ScheduleView v = s.view();
  EXPECT_EQ(v[0], direct);
  EXPECT_EQ(v[1], routed);
  EXPECT_EQ(v.route(1), b);
  EXPECT_EQ(v.lane(1), 0);
  EXPECT_TRUE(v.isReduce(1));
  EXPECT_TRUE(v.hasRoutes());
  // The packed form holds the route id; the table travels beside it.
  std::vector<char> bytes(v.size() * ScheduleView::kPackedBytesPerTransfer +
                          8);
  char *aligned = bytes.data() + (8 - uintptr_t(bytes.data()) % 8) % 8;
  v.packInto(aligned);
  std::optional<ScheduleView> packed = ScheduleView::fromPacked(
      aligned, v.size() * ScheduleView::kPackedBytesPerTransfer);
  ASSERT_TRUE(packed);
  ScheduleView withTable = packed->withRoutes(&s.routes());
  EXPECT_EQ(withTable[1], routed);
  EXPECT_EQ(withTable.routes().switches(b)[0], 12u);
  Schedule copy(v);
  EXPECT_EQ(copy.view()[1], routed);
  EXPECT_EQ(copy.routes().size(), 2u);

  Schedule other;
  uint16_t first = *other.routes().intern({12});
  EXPECT_EQ(other.adoptRoute(s.routes(), a), 2);
  EXPECT_EQ(other.adoptRoute(s.routes(), b), first);
  uint16_t back = other.adoptRoute(s.routes(), a, /*reversed=*/true);
  RouteSwitches reversed = other.routes().switches(back);
  ASSERT_EQ(reversed.size(), 2u);
  EXPECT_EQ(reversed[0], 11u);
  EXPECT_EQ(reversed[1], 10u);
  other.pushFrom(v, 1);
  EXPECT_EQ(other.view().route(0), first);
}

TEST(ScheduleTest, RouteTableLimits) {
  RouteTable table;
  EXPECT_FALSE(table.intern({}));
  EXPECT_FALSE(table.intern(std::vector<uint32_t>(
      RouteTable::kMaxSwitchesPerRoute + 1, 7)));
  for (uint32_t i = 0; i < RouteTable::kMaxRoutes; ++i)
    ASSERT_TRUE(table.intern({i}));
  EXPECT_FALSE(table.intern({uint32_t(RouteTable::kMaxRoutes)}));
  EXPECT_EQ(*table.intern({0}), 1);
}

} // namespace
