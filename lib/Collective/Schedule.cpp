//===- Schedule.cpp - Transfers of a collective algorithm -----------------===//

#include "tacos/Collective/Schedule.h"

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

Schedule::Schedule(const ScheduleView &view)
    : starts(view.starts, view.starts + view.count),
      ends(view.ends, view.ends + view.count),
      chunks(view.chunks, view.chunks + view.count),
      srcs(view.srcs, view.srcs + view.count),
      dsts(view.dsts, view.dsts + view.count),
      lanes(view.lanes, view.lanes + view.count),
      kinds(view.kinds, view.kinds + view.count) {}

void Schedule::reserve(size_t n) {
  starts.reserve(n);
  ends.reserve(n);
  chunks.reserve(n);
  srcs.reserve(n);
  dsts.reserve(n);
  lanes.reserve(n);
  kinds.reserve(n);
}

void Schedule::push_back(const Transfer &t) {
  starts.push_back(t.start);
  ends.push_back(t.end);
  chunks.push_back(t.chunk);
  srcs.push_back(t.src);
  dsts.push_back(t.dst);
  lanes.push_back(t.lane);
  kinds.push_back(uint8_t(t.kind));
}

ScheduleView Schedule::view() const {
  ScheduleView view;
  view.count = size();
  view.starts = starts.data();
  view.ends = ends.data();
  view.chunks = chunks.data();
  view.srcs = srcs.data();
  view.dsts = dsts.data();
  view.lanes = lanes.data();
  view.kinds = kinds.data();
  return view;
}

} // namespace tacos
