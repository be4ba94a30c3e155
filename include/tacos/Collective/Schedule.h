//===- Schedule.h - Transfers of a collective algorithm ---------*- C++ -*-===//
//
// A schedule is a list of transfers (chunk, link src -> dst, start, end,
// kind), stored as columns so that 16.8M transfers take 31 bytes each and can
// be viewed in place inside an MLIR resource blob. A Schedule keeps its
// columns in one buffer laid out as that packed form, so the blob can take
// the buffer over instead of a copy. Every consumer reads
// transfers through ScheduleView, whichever storage holds them.
//
// A transfer routed through switches (Routes.h) names its route in the
// lane column and sets bit 1 of the kind byte: routed transfers have no
// lane of their own (each hop takes the first link), so the packed form
// stays 31 bytes a transfer.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_COLLECTIVE_SCHEDULE_H
#define TACOS_COLLECTIVE_SCHEDULE_H

#include "tacos/Collective/Routes.h"
#include "tacos/Support/ResourceLimits.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace tacos {

enum class TransferKind : uint8_t { Copy = 0, Reduce = 1 };

struct Transfer {
  uint32_t chunk = 0;
  uint32_t src = 0, dst = 0;
  /// Which of several parallel links src -> dst (0 for the first); 0 for a
  /// routed transfer.
  uint16_t lane = 0;
  TransferKind kind = TransferKind::Copy;
  /// Picoseconds; end - start is the link's (or the path's) cost for the
  /// chunk.
  int64_t start = 0, end = 0;
  /// 0: over the direct link src -> dst. r >= 1: through the switches of
  /// route r of the schedule's RouteTable, src -> s_1 -> ... -> s_k -> dst.
  uint16_t route = 0;

  bool operator==(const Transfer &o) const {
    return chunk == o.chunk && src == o.src && dst == o.dst &&
           lane == o.lane && kind == o.kind && start == o.start &&
           end == o.end && route == o.route;
  }
};

/// Bit of the packed kind byte that marks a routed transfer (its lane
/// column then holds route - 1).
inline constexpr uint8_t kRoutedKindBit = 2;

/// Non-owning, read-only columns of transfers.
class ScheduleView {
public:
  /// Bytes per transfer in the packed form: two int64 times, three uint32
  /// ids, a uint16 lane and a uint8 kind.
  static constexpr size_t kPackedBytesPerTransfer = 8 + 8 + 4 + 4 + 4 + 2 + 1;
  /// Alignment the packed form needs to be viewed in place.
  static constexpr size_t kPackedAlignment = 8;

  ScheduleView() = default;

  size_t size() const { return count; }
  bool empty() const { return count == 0; }
  Transfer operator[](size_t i) const {
    bool routed = isRouted(i);
    return {chunks[i],
            srcs[i],
            dsts[i],
            routed ? uint16_t(0) : lanes[i],
            TransferKind(kindByte(i)),
            starts[i],
            ends[i],
            routed ? uint16_t(lanes[i] + 1) : uint16_t(0)};
  }
  uint32_t chunk(size_t i) const { return chunks[i]; }
  uint32_t src(size_t i) const { return srcs[i]; }
  uint32_t dst(size_t i) const { return dsts[i]; }
  /// A routed copy (2) or reduce (3); a byte above 3 is malformed, not
  /// routed.
  bool isRouted(size_t i) const {
    return (kinds[i] | 1) == (kRoutedKindBit | 1);
  }
  uint16_t lane(size_t i) const { return isRouted(i) ? 0 : lanes[i]; }
  /// 0 for a direct transfer, else its id in routes().
  uint16_t route(size_t i) const {
    return isRouted(i) ? uint16_t(lanes[i] + 1) : 0;
  }
  /// The kind byte without the route bit; values other than 0 (copy) and 1
  /// (reduce) are malformed input.
  uint8_t kindByte(size_t i) const {
    return isRouted(i) ? uint8_t(kinds[i] - kRoutedKindBit) : kinds[i];
  }
  bool isReduce(size_t i) const {
    return kindByte(i) == uint8_t(TransferKind::Reduce);
  }
  /// The switch sequences routed transfers name (empty if none).
  const RouteTable &routes() const {
    static const RouteTable none;
    return routeTable ? *routeTable : none;
  }
  /// True if some transfer is routed through switches (the route table is
  /// not empty).
  bool hasRoutes() const { return routeTable && !routeTable->empty(); }
  /// The same columns with `table` as the route table (a packed blob keeps
  /// its routes beside it, not inside).
  ScheduleView withRoutes(const RouteTable *table) const {
    ScheduleView v = *this;
    v.routeTable = table;
    return v;
  }
  int64_t start(size_t i) const { return starts[i]; }
  int64_t end(size_t i) const { return ends[i]; }

  /// Views a packed buffer in place: columns start, end, chunk, src, dst,
  /// lane, kind, each `size` entries long, little-endian. Returns nothing if
  /// the length is not a multiple of kPackedBytesPerTransfer or the data is
  /// not 8-byte aligned.
  static std::optional<ScheduleView> fromPacked(const char *data,
                                                size_t bytes);
  /// Writes the packed form (size() * kPackedBytesPerTransfer bytes).
  void packInto(char *out) const;

private:
  friend class Schedule;
  const int64_t *starts = nullptr, *ends = nullptr;
  const uint32_t *chunks = nullptr, *srcs = nullptr, *dsts = nullptr;
  const uint16_t *lanes = nullptr;
  const uint8_t *kinds = nullptr;
  size_t count = 0;
  const RouteTable *routeTable = nullptr;
};

/// The packed form of a schedule in a malloc'd buffer it owns (freed with
/// std::free), so that it can be handed to whoever stores it next (an MLIR
/// resource blob) without a copy.
class PackedSchedule {
public:
  PackedSchedule() = default;
  PackedSchedule(char *data, size_t bytes) : data(data), bytes(bytes) {}
  PackedSchedule(PackedSchedule &&o) noexcept
      : data(std::exchange(o.data, nullptr)), bytes(std::exchange(o.bytes, 0)) {}
  PackedSchedule &operator=(PackedSchedule &&o) noexcept;
  PackedSchedule(const PackedSchedule &) = delete;
  PackedSchedule &operator=(const PackedSchedule &) = delete;
  ~PackedSchedule();

  const char *bytesData() const { return data; }
  size_t size() const { return bytes; }
  /// Gives up ownership: the caller frees the result with std::free.
  char *release() {
    bytes = 0;
    return std::exchange(data, nullptr);
  }

private:
  char *data = nullptr;
  size_t bytes = 0;
};

/// Owning columns, kept in one buffer laid out as the packed form for the
/// capacity: once the capacity is the size (reserve the exact count), the
/// buffer is the packed form and releasePacked() hands it over as is.
class Schedule {
public:
  Schedule() = default;
  /// A copy of the viewed columns.
  explicit Schedule(const ScheduleView &view);
  Schedule(const Schedule &o) : Schedule(o.view()) {}
  Schedule(Schedule &&o) noexcept { swap(o); }
  Schedule &operator=(Schedule o) noexcept {
    swap(o);
    return *this;
  }
  ~Schedule();

  size_t size() const { return count; }
  /// Retimes transfer i in place.
  void setTimes(size_t i, int64_t start, int64_t end) {
    cols.starts[i] = start;
    cols.ends[i] = end;
  }
  /// Makes room for n transfers; reserving the final count up front makes
  /// releasePacked() free of copies.
  void reserve(size_t n);
  /// Routes routed transfers name: intern a route here before pushing a
  /// transfer that uses it.
  RouteTable &routes() { return routeTable; }
  const RouteTable &routes() const { return routeTable; }
  /// The id in this schedule's table of route `route` of another table
  /// (0 stays 0), backwards when `reversed` (for a transfer turned
  /// dst -> src). Ends the process if this table overflows
  /// (RouteTable::kMaxRoutes), as running out of memory does.
  uint16_t adoptRoute(const RouteTable &from, uint16_t route,
                      bool reversed = false);
  /// Appends transfer i of `from`, its route adopted.
  void pushFrom(const ScheduleView &from, size_t i) {
    Transfer t = from[i];
    t.route = adoptRoute(from.routes(), t.route);
    push_back(t);
  }
  void push_back(const Transfer &t) {
    if (count == capacity)
      grow();
    cols.starts[count] = t.start;
    cols.ends[count] = t.end;
    cols.chunks[count] = t.chunk;
    cols.srcs[count] = t.src;
    cols.dsts[count] = t.dst;
    cols.lanes[count] = t.route ? uint16_t(t.route - 1) : t.lane;
    cols.kinds[count] = uint8_t(t.kind) | (t.route ? kRoutedKindBit : 0);
    ++count;
  }
  /// Invalidated by push_back, reserve and releasePacked.
  ScheduleView view() const;
  /// The packed form, taken from this schedule's own buffer (the columns are
  /// moved down in place if the capacity exceeds the size), leaving the
  /// schedule empty. Peak memory stays at one copy of the transfers. The
  /// route table is not part of it: take it first.
  PackedSchedule releasePacked();

private:
  struct Columns {
    int64_t *starts = nullptr, *ends = nullptr;
    uint32_t *chunks = nullptr, *srcs = nullptr, *dsts = nullptr;
    uint16_t *lanes = nullptr;
    uint8_t *kinds = nullptr;
  };
  /// Where the columns of a buffer of the given capacity are.
  static Columns columnsAt(char *buffer, size_t capacity);
  void swap(Schedule &o) noexcept;
  void grow();
  /// Moves the columns into a buffer of capacity n >= count.
  void reallocate(size_t n);

  char *buffer = nullptr;
  size_t count = 0, capacity = 0;
  Columns cols;
  RouteTable routeTable;
};

/// Adds the peak bytes of a Schedule of `transfers` transfers: the packed
/// form's 31 bytes each, and when built by push_back without reserving the
/// count as much again (growing copies the columns into a buffer twice as
/// large; untouched capacity costs no memory).
inline void addSchedule(MemoryEstimate &estimate, double transfers,
                        bool reservedUpFront) {
  double each = double(ScheduleView::kPackedBytesPerTransfer);
  estimate.add(transfers, each, "transfers");
  if (!reservedUpFront)
    estimate.add(transfers * each);
}

} // namespace tacos

#endif // TACOS_COLLECTIVE_SCHEDULE_H
