//===- EventCalendar.h - Link events of the TEN, batched by time -*- C++ -*-===//
//
// The greedy matching handles all events of one instant together, and the
// instants pending at any time are few (each link has a transfer or two in
// flight, and links come in a handful of speeds). So events are kept in one
// bucket per instant: pushing is a lookup among those few instants instead
// of a heap operation per event, and a whole instant is taken at once.
// Within an instant, events come out in the order they went in.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_EVENTCALENDAR_H
#define TACOS_LIB_SYNTHESIS_EVENTCALENDAR_H

#include "tacos/Network/Network.h"

#include <cstdint>
#include <map>
#include <vector>

namespace tacos {

class EventCalendar {
public:
  bool empty() const { return pending.empty(); }
  void push(int64_t time, LinkId link) {
    // Most pushes of an instant share their time (links of one speed), so
    // the last bucket is tried before the map.
    if (last == pending.end() || last->first != time) {
      auto [it, fresh] = pending.try_emplace(time);
      if (fresh && !spare.empty()) {
        it->second.swap(spare.back());
        spare.pop_back();
      }
      last = it;
    }
    last->second.push_back(link);
  }
  /// The earliest instant; the calendar must not be empty.
  int64_t nextTime() const { return pending.begin()->first; }
  /// Moves the earliest instant's links into `links` (replacing its
  /// contents) and returns the instant.
  int64_t takeNext(std::vector<LinkId> &links) {
    auto it = pending.begin();
    int64_t time = it->first;
    links.clear();
    links.swap(it->second);
    spare.push_back(std::move(it->second));
    if (last == it)
      last = pending.end();
    pending.erase(it);
    return time;
  }

private:
  std::map<int64_t, std::vector<LinkId>> pending;
  std::map<int64_t, std::vector<LinkId>>::iterator last = pending.end();
  /// Emptied buckets, reused so that steady state allocates nothing.
  std::vector<std::vector<LinkId>> spare;
};

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_EVENTCALENDAR_H
