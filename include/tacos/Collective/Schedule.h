//===- Schedule.h - Transfers of a collective algorithm ---------*- C++ -*-===//
//
// A schedule is a list of transfers (chunk, link src -> dst, start, end,
// kind), stored as columns so that 16.8M transfers take 31 bytes each and can
// be viewed in place inside an MLIR resource blob. Every consumer reads
// transfers through ScheduleView, whichever storage holds them.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_COLLECTIVE_SCHEDULE_H
#define TACOS_COLLECTIVE_SCHEDULE_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace tacos {

enum class TransferKind : uint8_t { Copy = 0, Reduce = 1 };

struct Transfer {
  uint32_t chunk = 0;
  uint32_t src = 0, dst = 0;
  /// Which of several parallel links src -> dst (0 for the first).
  uint16_t lane = 0;
  TransferKind kind = TransferKind::Copy;
  /// Picoseconds; end - start is the link's cost for the chunk.
  int64_t start = 0, end = 0;

  bool operator==(const Transfer &o) const {
    return chunk == o.chunk && src == o.src && dst == o.dst &&
           lane == o.lane && kind == o.kind && start == o.start &&
           end == o.end;
  }
};

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
    return {chunks[i], srcs[i], dsts[i], lanes[i],
            TransferKind(kinds[i]), starts[i], ends[i]};
  }
  uint32_t chunk(size_t i) const { return chunks[i]; }
  uint32_t src(size_t i) const { return srcs[i]; }
  uint32_t dst(size_t i) const { return dsts[i]; }
  uint16_t lane(size_t i) const { return lanes[i]; }
  /// Raw kind byte; values other than 0 and 1 are malformed input.
  uint8_t kindByte(size_t i) const { return kinds[i]; }
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
};

/// Owning columns.
class Schedule {
public:
  Schedule() = default;
  /// A copy of the viewed columns.
  explicit Schedule(const ScheduleView &view);

  size_t size() const { return starts.size(); }
  /// Retimes transfer i in place.
  void setTimes(size_t i, int64_t start, int64_t end) {
    starts[i] = start;
    ends[i] = end;
  }
  void reserve(size_t n);
  void push_back(const Transfer &t);
  /// Invalidated by push_back.
  ScheduleView view() const;

private:
  std::vector<int64_t> starts, ends;
  std::vector<uint32_t> chunks, srcs, dsts;
  std::vector<uint16_t> lanes;
  std::vector<uint8_t> kinds;
};

} // namespace tacos

#endif // TACOS_COLLECTIVE_SCHEDULE_H
