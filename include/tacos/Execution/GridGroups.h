//===- GridGroups.h - Device groups of a grid's axes ------------*- C++ -*-===//
//
// The process groups of MLIR's `shard` dialect, as plain data: a grid of
// static shape numbers its devices row-major (the last axis fastest, as
// `shard.process_linear_index`), and a collective over `grid_axes` runs once
// per group of devices that share their coordinates on every other axis.
// Within a group, a device's position is its coordinates along `grid_axes`
// linearized in the listed order (the last listed axis fastest), which is
// how shard numbers in-group roots. The shard bridge
// (tacos-lower-shard-collectives) plans one collective per group from this.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_EXECUTION_GRIDGROUPS_H
#define TACOS_EXECUTION_GRIDGROUPS_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tacos::exec {

struct DeviceGroups {
  /// Each group's device linear indices in in-group order. Groups are
  /// numbered in the order of their first device (so by the linear index of
  /// their coordinates on the other axes).
  std::vector<std::vector<uint32_t>> groups;
  /// For each device: its group and its position in it.
  std::vector<uint32_t> groupOf, positionOf;
};

/// The groups of `axes` on a grid of `shape`. Fails (message) unless every
/// extent is positive, the device count fits in 32 bits, and the axes are
/// distinct and in range. No axes: every device is a group of its own.
std::optional<DeviceGroups> deviceGroups(const std::vector<int64_t> &shape,
                                         const std::vector<int64_t> &axes,
                                         std::string &error);

/// The in-group position of the device whose coordinates along `axes` are
/// `index` (one per axis, as shard's `root = [...]`), or nothing (message)
/// if the index is out of range.
std::optional<uint32_t> inGroupPosition(const std::vector<int64_t> &shape,
                                        const std::vector<int64_t> &axes,
                                        const std::vector<int64_t> &index,
                                        std::string &error);

} // namespace tacos::exec

#endif // TACOS_EXECUTION_GRIDGROUPS_H
