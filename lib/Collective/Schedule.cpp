//===- Schedule.cpp - Transfers of a collective algorithm -----------------===//

#include "tacos/Collective/Schedule.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tacos {

/// Column offsets of the packed form, in bytes, for n transfers. Wider
/// columns come first so every column is naturally aligned.
namespace {
struct PackedLayout {
  size_t starts, ends, chunks, srcs, dsts, lanes, kinds;
  explicit PackedLayout(size_t n)
      : starts(0), ends(8 * n), chunks(16 * n), srcs(20 * n), dsts(24 * n),
        lanes(28 * n), kinds(30 * n) {}
};
} // namespace

std::optional<ScheduleView> ScheduleView::fromPacked(const char *data,
                                                     size_t bytes) {
  if (bytes % kPackedBytesPerTransfer != 0 ||
      reinterpret_cast<uintptr_t>(data) % kPackedAlignment != 0)
    return std::nullopt;
  size_t n = bytes / kPackedBytesPerTransfer;
  PackedLayout at(n);
  ScheduleView view;
  view.count = n;
  view.starts = reinterpret_cast<const int64_t *>(data + at.starts);
  view.ends = reinterpret_cast<const int64_t *>(data + at.ends);
  view.chunks = reinterpret_cast<const uint32_t *>(data + at.chunks);
  view.srcs = reinterpret_cast<const uint32_t *>(data + at.srcs);
  view.dsts = reinterpret_cast<const uint32_t *>(data + at.dsts);
  view.lanes = reinterpret_cast<const uint16_t *>(data + at.lanes);
  view.kinds = reinterpret_cast<const uint8_t *>(data + at.kinds);
  return view;
}

void ScheduleView::packInto(char *out) const {
  PackedLayout at(count);
  if (count == 0)
    return;
  std::memcpy(out + at.starts, starts, count * 8);
  std::memcpy(out + at.ends, ends, count * 8);
  std::memcpy(out + at.chunks, chunks, count * 4);
  std::memcpy(out + at.srcs, srcs, count * 4);
  std::memcpy(out + at.dsts, dsts, count * 4);
  std::memcpy(out + at.lanes, lanes, count * 2);
  std::memcpy(out + at.kinds, kinds, count);
}

PackedSchedule &PackedSchedule::operator=(PackedSchedule &&o) noexcept {
  std::free(data);
  data = std::exchange(o.data, nullptr);
  bytes = std::exchange(o.bytes, 0);
  return *this;
}

PackedSchedule::~PackedSchedule() { std::free(data); }

namespace {
/// Allocates the packed form of n > 0 transfers (malloc aligns to at least
/// kPackedAlignment). Pages stay untouched until written, so capacity that
/// is never used costs address space, not memory. Out of memory ends the
/// process, as a std::vector would without exceptions.
char *allocatePacked(size_t n) {
  void *p = std::malloc(n * ScheduleView::kPackedBytesPerTransfer);
  if (!p) {
    std::fprintf(stderr, "tacos: out of memory for a schedule of %zu "
                         "transfers\n", n);
    std::abort();
  }
  return static_cast<char *>(p);
}
} // namespace

Schedule::Schedule(const ScheduleView &view) {
  routeTable = view.routes();
  if (view.count == 0)
    return;
  buffer = allocatePacked(view.count);
  view.packInto(buffer);
  count = capacity = view.count;
  cols = columnsAt(buffer, capacity);
}

Schedule::~Schedule() { std::free(buffer); }

void Schedule::swap(Schedule &o) noexcept {
  std::swap(buffer, o.buffer);
  std::swap(count, o.count);
  std::swap(capacity, o.capacity);
  std::swap(cols, o.cols);
  std::swap(routeTable, o.routeTable);
}

Schedule::Columns Schedule::columnsAt(char *buffer, size_t capacity) {
  PackedLayout at(capacity);
  return {reinterpret_cast<int64_t *>(buffer + at.starts),
          reinterpret_cast<int64_t *>(buffer + at.ends),
          reinterpret_cast<uint32_t *>(buffer + at.chunks),
          reinterpret_cast<uint32_t *>(buffer + at.srcs),
          reinterpret_cast<uint32_t *>(buffer + at.dsts),
          reinterpret_cast<uint16_t *>(buffer + at.lanes),
          reinterpret_cast<uint8_t *>(buffer + at.kinds)};
}

void Schedule::reserve(size_t n) {
  if (n > capacity)
    reallocate(n);
}

void Schedule::grow() { reallocate(capacity < 8 ? 16 : 2 * capacity); }

void Schedule::reallocate(size_t n) {
  char *next = allocatePacked(n);
  Columns moved = columnsAt(next, n);
  if (count) {
    std::memcpy(moved.starts, cols.starts, count * 8);
    std::memcpy(moved.ends, cols.ends, count * 8);
    std::memcpy(moved.chunks, cols.chunks, count * 4);
    std::memcpy(moved.srcs, cols.srcs, count * 4);
    std::memcpy(moved.dsts, cols.dsts, count * 4);
    std::memcpy(moved.lanes, cols.lanes, count * 2);
    std::memcpy(moved.kinds, cols.kinds, count);
  }
  std::free(buffer);
  buffer = next;
  capacity = n;
  cols = moved;
}

PackedSchedule Schedule::releasePacked() {
  Schedule taken = std::move(*this);
  if (taken.count == 0)
    return PackedSchedule();
  size_t n = taken.count;
  if (n != taken.capacity) {
    // Each column moves down to its offset for n transfers. Destinations
    // never reach a column not yet moved (offsets grow with the capacity),
    // so moving them in layout order is safe.
    PackedLayout at(n);
    char *b = taken.buffer;
    std::memmove(b + at.ends, taken.cols.ends, n * 8);
    std::memmove(b + at.chunks, taken.cols.chunks, n * 4);
    std::memmove(b + at.srcs, taken.cols.srcs, n * 4);
    std::memmove(b + at.dsts, taken.cols.dsts, n * 4);
    std::memmove(b + at.lanes, taken.cols.lanes, n * 2);
    std::memmove(b + at.kinds, taken.cols.kinds, n);
    size_t bytes = n * ScheduleView::kPackedBytesPerTransfer;
    // Shrinking gives the unused tail back; if it fails, the larger block
    // still holds the packed form at its start.
    if (void *shrunk = std::realloc(b, bytes))
      taken.buffer = static_cast<char *>(shrunk);
  }
  PackedSchedule packed(std::exchange(taken.buffer, nullptr),
                        n * ScheduleView::kPackedBytesPerTransfer);
  taken.count = taken.capacity = 0;
  return packed;
}

uint16_t Schedule::adoptRoute(const RouteTable &from, uint16_t route,
                              bool reversed) {
  if (route == 0)
    return 0;
  RouteSwitches via = from.switches(route);
  std::vector<uint32_t> switches(via.begin(), via.end());
  if (reversed)
    std::reverse(switches.begin(), switches.end());
  std::optional<uint16_t> id = routeTable.intern(switches);
  if (!id) {
    std::fprintf(stderr, "tacos: a schedule names more than %zu routes\n",
                 RouteTable::kMaxRoutes);
    std::abort();
  }
  return *id;
}

ScheduleView Schedule::view() const {
  ScheduleView view;
  view.count = count;
  view.starts = cols.starts;
  view.ends = cols.ends;
  view.chunks = cols.chunks;
  view.srcs = cols.srcs;
  view.dsts = cols.dsts;
  view.lanes = cols.lanes;
  view.kinds = cols.kinds;
  view.routeTable = routeTable.empty() ? nullptr : &routeTable;
  return view;
}

} // namespace tacos
