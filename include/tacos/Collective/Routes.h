//===- Routes.h - Paths of transfers through switches -----------*- C++ -*-===//
//
// A transfer between two NPUs may pass through switches (docs/Syntax.md,
// routed transfers): `coll.transfer copy 3 over 0 -> 5 via @nvs0`. A switch
// stores nothing, so the transfer occupies every link of its path at once
// (cut-through, LinkCost.h pathCost). A schedule keeps each distinct
// sequence of switches once, in a RouteTable, and a transfer names its
// entry: few sequences recur across millions of transfers (one per switch
// of a rail fabric, one per leaf-spine-leaf triple), so a transfer stays
// 31 bytes in the packed form.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_COLLECTIVE_ROUTES_H
#define TACOS_COLLECTIVE_ROUTES_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace tacos {

/// The switches of a route, in path order (a view into a RouteTable).
struct RouteSwitches {
  const uint32_t *first = nullptr, *last = nullptr;
  const uint32_t *begin() const { return first; }
  const uint32_t *end() const { return last; }
  size_t size() const { return size_t(last - first); }
  bool empty() const { return first == last; }
  uint32_t operator[](size_t i) const { return first[i]; }
};

/// Distinct switch sequences, numbered from 1 (route 0 of a transfer is the
/// direct link src -> dst).
class RouteTable {
public:
  /// Most routes one schedule can name (the id is 16 bits).
  static constexpr size_t kMaxRoutes = 65'535;
  /// Longest sequence of switches on one route.
  static constexpr size_t kMaxSwitchesPerRoute = 64;

  /// The id of `switches` (non-empty, node ids of switches), adding it if
  /// new; nothing when the table is full or the sequence too long.
  std::optional<uint16_t> intern(const std::vector<uint32_t> &switches);
  /// Adds a route as the next id without looking for an equal one (readers
  /// of a stored table keep its numbering); nothing when full or too long.
  std::optional<uint16_t> append(const std::vector<uint32_t> &switches);

  /// Number of routes (ids 1..size()).
  size_t size() const { return offsets.size() - 1; }
  bool empty() const { return size() == 0; }
  bool has(uint16_t route) const { return route >= 1 && route <= size(); }
  /// The switches of route `route` (1..size()).
  RouteSwitches switches(uint16_t route) const {
    return {nodes.data() + offsets[route - 1], nodes.data() + offsets[route]};
  }

private:
  std::vector<uint32_t> nodes;
  std::vector<uint32_t> offsets{0};
  std::map<std::vector<uint32_t>, uint16_t> ids;
};

} // namespace tacos

#endif // TACOS_COLLECTIVE_ROUTES_H
