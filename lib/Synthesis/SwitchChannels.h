//===- SwitchChannels.h - One-transfer ways between NPUs --------*- C++ -*-===//
//
// On a network with switches as nodes (docs/Algorithms.md, switches), the
// switch synthesizer (SwitchSynthesizer.h) moves a chunk from NPU to NPU in
// transfers that each take one channel: a direct link between the two (one
// channel per parallel link), or the cheapest path between them whose
// interior nodes are all switches, by cut-through cost (LinkCost.h
// pathCost: the path's latency plus the bytes over its slowest link).
// Among equally cheap paths (the spines of a leaf-spine fabric) each pair
// takes one by a hash of its ends, so that pairs spread over them as ECMP
// spreads flows.
//
// Channels into an NPU are grouped by the link they enter it by, its
// port: a direct link is a port of one channel, a switch's downlink a port
// of every channel that ends with it. A port carries one chunk at a time,
// so the matching gives each idle port one chunk (SwitchSynthesizer.cpp).
//
// Hierarchy: a channel whose slowest link is slower than the links that
// join its destination to others (an NIC into a node whose GPUs share an
// NVSwitch) enters the destination's fast group: the NPUs of its strongly
// connected component over strictly faster links. A chunk that group holds
// already reaches the destination faster inside it, so it need not cross
// the slow channel again (item 4 of issue 26).
//
// Internal to lib/Synthesis.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_SWITCHCHANNELS_H
#define TACOS_LIB_SYNTHESIS_SWITCHCHANNELS_H

#include "tacos/Collective/Collective.h"
#include "tacos/Network/LinkCost.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tacos {

/// A channel has no fast group to respect.
inline constexpr uint32_t kNoGroup = UINT32_MAX;

struct Channel {
  // What a pick reads of every channel it looks at comes first, in one
  // cache line.
  uint32_t src = 0, dst = 0;
  /// The path's links are SwitchChannels::links(*this); one for a direct
  /// channel.
  uint32_t firstLink = 0;
  uint16_t numLinks = 1;
  /// The fast group of dst this channel enters from slower links, or
  /// kNoGroup; `fromInside`: src is a member too.
  bool fromInside = false;
  uint32_t group = kNoGroup;
  /// What a chunk of the smallest and of the largest size costs.
  LinkCost small{0, 0}, large{0, 0};
  /// The link into dst (the direct link, or the path's last link).
  LinkId port = 0;
  /// A direct channel's lane among the parallel links src -> dst.
  uint16_t lane = 0;
  /// The slowest link's bandwidth (bytes/s).
  double bottleneck = 0;

  bool routed() const { return numLinks > 1; }
};

class SwitchChannels {
public:
  /// A port of an NPU: its link and the channels that enter by it,
  /// [first, last) of the channel ids, fastest first.
  struct Port {
    LinkId link;
    uint32_t first, last;
  };
  template <typename T> struct Span {
    const T *first, *last;
    const T *begin() const { return first; }
    const T *end() const { return last; }
    size_t size() const { return size_t(last - first); }
    bool empty() const { return first == last; }
  };

  /// Builds the channels of `network` for chunks of `sizes` under `model`.
  /// Returns an error (a route longer than a schedule can name), or "".
  std::string build(const Network &network, const ChunkSizes &sizes,
                    LinkModel model);

  size_t size() const { return channels.size(); }
  const Channel &operator[](uint32_t id) const { return channels[id]; }
  Span<LinkId> links(const Channel &c) const {
    return {pathLinks.data() + c.firstLink,
            pathLinks.data() + c.firstLink + c.numLinks};
  }
  /// The switches a routed channel passes, in path order.
  std::vector<uint32_t> switches(const Network &network,
                                 const Channel &c) const;
  /// The ports of NPU v, fastest first.
  Span<Port> ports(uint32_t v) const {
    return {portList.data() + portOffsets[v],
            portList.data() + portOffsets[v + 1]};
  }
  /// The channels out of NPU u, by id.
  Span<uint32_t> outChannels(uint32_t u) const {
    return {outIds.data() + outOffsets[u], outIds.data() + outOffsets[u + 1]};
  }
  /// The channels whose paths use link l (those l's freeing may make
  /// usable), by id.
  Span<uint32_t> channelsUsing(LinkId l) const {
    return {users.data() + userOffsets[l], users.data() + userOffsets[l + 1]};
  }
  /// Ports are numbered 0..numPorts()-1 across NPUs; the port channel id
  /// enters by.
  uint32_t numPorts() const { return uint32_t(portList.size()); }
  uint32_t portIndex(const Port &p) const {
    return uint32_t(&p - portList.data());
  }
  uint32_t portOf(uint32_t id) const { return channelPort[id]; }
  const Port &port(uint32_t index) const { return portList[index]; }
  /// The fast groups (Channel::group), and those NPU v belongs to.
  uint32_t numGroups() const { return groups; }
  Span<uint32_t> groupsOf(uint32_t v) const {
    return {memberOf.data() + memberOffsets[v],
            memberOf.data() + memberOffsets[v + 1]};
  }
  /// The longest duration of any channel (largest chunk).
  int64_t longestDuration() const { return longest; }

private:
  std::string addRoutedChannels(const Network &network, uint64_t bytes);
  void indexChannels(const Network &network, const ChunkSizes &sizes,
                     LinkModel model);
  void findGroups(const Network &network);

  std::vector<Channel> channels;
  std::vector<LinkId> pathLinks;
  std::vector<Port> portList;
  std::vector<uint32_t> portOffsets, channelPort, outIds, outOffsets, users,
      userOffsets;
  std::vector<uint32_t> memberOf, memberOffsets;
  uint32_t groups = 0;
  int64_t longest = 0;
};

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_SWITCHCHANNELS_H
