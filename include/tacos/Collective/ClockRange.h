//===- ClockRange.h - Requests whose times fit the picosecond clock -*- C++ -*-===//
//
// Times are int64 picoseconds, and every time tacos writes must read back:
// the limit is kMaxClockPs (2^62 ps, about 53 days; Network/Quantity.h). A
// request on very slow links could produce a schedule past that; it is
// refused up front, before any synthesizer or simulator adds times.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_COLLECTIVE_CLOCKRANGE_H
#define TACOS_COLLECTIVE_CLOCKRANGE_H

#include "tacos/Collective/Collective.h"
#include "tacos/Network/Network.h"

#include <string>

namespace tacos {

/// The longest one chunk of `chunkBytes` can take on one hop between two
/// NPUs: a point-to-point link, or a switch path with its bandwidth shared
/// by the switch's other ports (as unwinding makes it). Links of undecided
/// bandwidth are skipped. In picoseconds, as a long double: it may exceed
/// int64.
long double longestHopPs(const Network &network, double chunkBytes);

/// An upper bound on the time of any schedule the tools build for `spec`:
/// every chunk reaches each NPU at most once (twice for All-Reduce, once
/// per phase) and a schedule that starts every transfer as soon as it can
/// is never idle, so the time is at most the transfers' durations summed.
long double longestSchedulePs(const Network &network,
                              const CollectiveSpec &spec);

/// "" if every time `spec` can produce on `network` fits the clock; else why
/// not. `spec` must have passed checkCollective.
std::string checkClockRange(const Network &network,
                            const CollectiveSpec &spec);

} // namespace tacos

#endif // TACOS_COLLECTIVE_CLOCKRANGE_H
