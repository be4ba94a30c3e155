//===- LinkCalendar.h - Reserved time per link ------------------*- C++ -*-===//
//
// The reservation router (ReservationRouter.cpp) and repair (Repair.cpp)
// both route chunks through the free gaps of links that other transfers
// already occupy. Each link keeps its reserved intervals [start, end),
// sorted and disjoint, back-to-back ones merged so that a search steps over
// a busy stretch at once. Empty intervals (zero-occupancy chunks) are kept
// apart: they are a boundary a chunk may not straddle, so the link order by
// start that the simulator follows stays the order of reservation.
// Internal to lib/Synthesis.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_LINKCALENDAR_H
#define TACOS_LIB_SYNTHESIS_LINKCALENDAR_H

#include "tacos/Network/Network.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tacos {

class LinkCalendar {
public:
  /// `notBefore`: per link, the time before which it is not available at
  /// all (empty: every link from time 0).
  explicit LinkCalendar(size_t numLinks, std::vector<int64_t> notBefore = {})
      : busy(numLinks), notBefore(std::move(notBefore)) {
    if (this->notBefore.empty())
      this->notBefore.assign(numLinks, 0);
  }

  /// Appends without keeping order; call sortAll() before any query.
  void add(LinkId l, int64_t start, int64_t occupancy) {
    busy[l].push_back({start, start + occupancy});
  }
  void sortAll() {
    for (std::vector<Interval> &list : busy) {
      std::sort(list.begin(), list.end(),
                [](const Interval &a, const Interval &b) {
                  return a.start < b.start;
                });
      size_t runs = 0;
      for (const Interval &i : list) {
        if (runs > 0 && joins(list[runs - 1], i))
          list[runs - 1].end = std::max(list[runs - 1].end, i.end);
        else
          list[runs++] = i;
      }
      list.resize(runs);
    }
  }

  /// The first start at or after `ready` where l is free for `occupancy`.
  /// It is monotone in `ready`, which is what lets Dijkstra on arrival
  /// times find earliest arrivals.
  int64_t earliestStart(LinkId l, int64_t ready, int64_t occupancy) const {
    const std::vector<Interval> &list = busy[l];
    int64_t t = std::max(ready, notBefore[l]);
    // Intervals are disjoint, so their ends are sorted too: the first one
    // that ends after t is the first that can be in the way.
    auto it = std::upper_bound(
        list.begin(), list.end(), t,
        [](int64_t time, const Interval &i) { return time < i.end; });
    for (; it != list.end(); ++it) {
      if (t + occupancy <= it->start)
        return t;
      t = std::max(t, it->end);
    }
    return t;
  }

  /// Reserves [start, start + occupancy), which earliestStart found free.
  void reserve(LinkId l, int64_t start, int64_t occupancy) {
    std::vector<Interval> &list = busy[l];
    Interval i{start, start + occupancy};
    auto it = std::lower_bound(
        list.begin(), list.end(), start,
        [](const Interval &a, int64_t time) { return a.start < time; });
    bool before = it != list.begin() && joins(*std::prev(it), i);
    bool after = it != list.end() && joins(i, *it);
    if (before && after) {
      std::prev(it)->end = it->end;
      list.erase(it);
    } else if (before) {
      std::prev(it)->end = i.end;
    } else if (after) {
      it->start = i.start;
    } else {
      list.insert(it, i);
    }
  }

private:
  struct Interval {
    int64_t start, end;
    bool empty() const { return end <= start; }
  };
  /// Whether b, starting where a ends (or inside a), merges into a.
  static bool joins(const Interval &a, const Interval &b) {
    return !a.empty() && !b.empty() && b.start <= a.end;
  }

  std::vector<std::vector<Interval>> busy;
  std::vector<int64_t> notBefore;
};

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_LINKCALENDAR_H
