//===- GridGroups.cpp - Device groups of a grid's axes --------------------===//

#include "tacos/Execution/GridGroups.h"

#include <algorithm>

namespace tacos::exec {

std::optional<DeviceGroups> deviceGroups(const std::vector<int64_t> &shape,
                                         const std::vector<int64_t> &axes,
                                         std::string &error) {
  uint64_t devices = 1;
  for (int64_t extent : shape) {
    if (extent <= 0) {
      error = "grid extents must be static and positive";
      return std::nullopt;
    }
    // Checked: 4 x (2^62 + 1) devices would wrap to 4.
    if (__builtin_mul_overflow(devices, uint64_t(extent), &devices) ||
        devices > UINT32_MAX) {
      error = "the grid has more than 2^32 - 1 devices";
      return std::nullopt;
    }
  }
  std::vector<bool> listed(shape.size(), false);
  for (int64_t axis : axes) {
    if (axis < 0 || size_t(axis) >= shape.size() || listed[axis]) {
      error = "grid axis " + std::to_string(axis) +
              (axis >= 0 && size_t(axis) < shape.size() ? " is listed twice"
                                                        : " is out of range");
      return std::nullopt;
    }
    listed[axis] = true;
  }

  DeviceGroups result;
  result.groupOf.assign(devices, UINT32_MAX);
  result.positionOf.assign(devices, 0);
  std::vector<int64_t> coords(shape.size(), 0);
  for (uint32_t device = 0; device < devices; ++device) {
    // Row-major: the last axis is fastest.
    uint64_t rest = device;
    for (size_t a = shape.size(); a-- > 0;) {
      coords[a] = int64_t(rest % uint64_t(shape[a]));
      rest /= uint64_t(shape[a]);
    }
    uint64_t position = 0;
    for (int64_t axis : axes)
      position = position * uint64_t(shape[axis]) + uint64_t(coords[axis]);
    // The group's first device has coordinate 0 on every listed axis.
    uint64_t first = 0;
    for (size_t a = 0; a < shape.size(); ++a)
      first = first * uint64_t(shape[a]) + (listed[a] ? 0 : coords[a]);
    if (result.groupOf[first] == UINT32_MAX) {
      result.groupOf[first] = uint32_t(result.groups.size());
      uint64_t size = 1;
      for (int64_t axis : axes)
        size *= uint64_t(shape[axis]);
      result.groups.emplace_back(size, 0);
    }
    uint32_t group = result.groupOf[first];
    result.groupOf[device] = group;
    result.positionOf[device] = uint32_t(position);
    result.groups[group][position] = device;
  }
  return result;
}

std::optional<uint32_t> inGroupPosition(const std::vector<int64_t> &shape,
                                        const std::vector<int64_t> &axes,
                                        const std::vector<int64_t> &index,
                                        std::string &error) {
  if (index.size() != axes.size()) {
    error = "the in-group index has " + std::to_string(index.size()) +
            " coordinates, but there are " + std::to_string(axes.size()) +
            " grid axes";
    return std::nullopt;
  }
  uint64_t position = 0;
  for (size_t i = 0; i < axes.size(); ++i) {
    int64_t extent = shape[axes[i]];
    if (index[i] < 0 || index[i] >= extent) {
      error = "in-group coordinate " + std::to_string(index[i]) +
              " is outside grid axis " + std::to_string(axes[i]) +
              " of extent " + std::to_string(extent);
      return std::nullopt;
    }
    position = position * uint64_t(extent) + uint64_t(index[i]);
  }
  return uint32_t(position);
}

} // namespace tacos::exec
