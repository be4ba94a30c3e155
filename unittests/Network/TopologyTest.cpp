//===- TopologyTest.cpp - Spec arithmetic and validation --------*- C++ -*-===//

#include "tacos/Network/Topology.h"
#include "tacos/Network/Quantity.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace tacos;

namespace {

using Item = SpecError::Item;

LinkSpec link(double bw = 50e9, int64_t latPs = 500000) {
  LinkSpec l;
  l.bandwidthBps = bw;
  l.latencyPs = latPs;
  return l;
}

DimSpec dim(DimKind kind, int64_t size, LinkSpec l = link()) {
  return {kind, size, l};
}

TopologySpec dimsSpec(std::vector<DimSpec> dims) {
  TopologySpec s;
  s.dims = std::move(dims);
  return s;
}

TopologySpec npusSpec(int64_t n) {
  TopologySpec s;
  s.explicitNpus = n;
  return s;
}

TopologySpec torus4x4() {
  return dimsSpec({dim(DimKind::Ring, 4), dim(DimKind::Ring, 4)});
}

ExplicitLink explicitLink(int64_t a, int64_t b, bool bidi = false,
                          bool parallel = false, LinkSpec l = link()) {
  return {a, b, bidi, parallel, l};
}

/// Expects exactly one problem.
void expectOne(const TopologySpec &spec, Item item, size_t index,
               const std::string &message) {
  std::vector<SpecError> errors = check(spec);
  ASSERT_EQ(errors.size(), 1u) << (errors.empty() ? "" : errors[0].message);
  EXPECT_EQ(errors[0].item, item);
  EXPECT_EQ(errors[0].index, index);
  EXPECT_EQ(errors[0].message, message);
}

TEST(TopologyTest, DimKindNames) {
  EXPECT_STREQ(dimKindName(DimKind::Line), "line");
  EXPECT_STREQ(dimKindName(DimKind::Ring), "ring");
  EXPECT_STREQ(dimKindName(DimKind::FullyConnected), "fully_connected");
  EXPECT_STREQ(dimKindName(DimKind::Switch), "switch");
}

TEST(TopologyTest, ProductSize) {
  EXPECT_EQ(productSize({}), 1);
  EXPECT_EQ(productSize({dim(DimKind::Line, 2), dim(DimKind::Ring, 3),
                         dim(DimKind::Switch, 4)}),
            24);
  EXPECT_EQ(productSize({dim(DimKind::Ring, 1000), dim(DimKind::Ring, 1000)}),
            1'000'000);
  EXPECT_EQ(productSize({dim(DimKind::Ring, 1'000'000)}), kMaxNpus);
  EXPECT_EQ(productSize({dim(DimKind::Ring, 1'000'000), dim(DimKind::Line, 2)}),
            -1);
  EXPECT_EQ(productSize({dim(DimKind::Line, 0)}), -1);
  EXPECT_EQ(productSize({dim(DimKind::Line, 4), dim(DimKind::Line, -2)}), -1);
}

TEST(TopologyTest, ProductSizeOverflowIsDetected) {
  // 10^18 fits in int64 but 10^18 * 10^6 does not; neither may be computed.
  EXPECT_EQ(
      productSize({dim(DimKind::Ring, 1'000'000), dim(DimKind::Ring, 1'000'000),
                   dim(DimKind::Ring, 1'000'000)}),
      -1);
  int64_t big = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(productSize({dim(DimKind::Line, big), dim(DimKind::Line, big)}),
            -1);
  EXPECT_EQ(productSize({dim(DimKind::Line, 2), dim(DimKind::Line, big)}), -1);
}

TEST(TopologyTest, NumNpus) {
  EXPECT_EQ(numNpus(npusSpec(6)), 6);
  EXPECT_EQ(numNpus(torus4x4()), 16);
}

TEST(TopologyTest, IsDimsLinkMixedRadix) {
  // line(3) x line(4): NPU id = x + 3 * y.
  std::vector<DimSpec> dims = {dim(DimKind::Line, 3), dim(DimKind::Line, 4)};
  size_t d = 99;
  EXPECT_TRUE(isDimsLink(dims, 1, 4, &d)); // (1,0) -> (1,1)
  EXPECT_EQ(d, 1u);
  EXPECT_TRUE(isDimsLink(dims, 4, 1, &d));
  EXPECT_EQ(d, 1u);
  EXPECT_TRUE(isDimsLink(dims, 1, 2, &d)); // (1,0) -> (2,0)
  EXPECT_EQ(d, 0u);
  EXPECT_FALSE(isDimsLink(dims, 0, 4));   // differ in both coordinates
  EXPECT_FALSE(isDimsLink(dims, 2, 3));   // (2,0), (0,1): no wrap in a line
  EXPECT_FALSE(isDimsLink(dims, 0, 2));   // two steps along dimension 0
  EXPECT_FALSE(isDimsLink(dims, 1, 7));   // two steps along dimension 1
  EXPECT_FALSE(isDimsLink(dims, 5, 5));   // no self links
  EXPECT_FALSE(isDimsLink(dims, 11, 12)); // 12 is out of range
  EXPECT_FALSE(isDimsLink(dims, -1, 0));
}

TEST(TopologyTest, IsDimsLinkPerBlock) {
  std::vector<DimSpec> ring = {dim(DimKind::Ring, 4)};
  EXPECT_TRUE(isDimsLink(ring, 0, 3));
  EXPECT_TRUE(isDimsLink(ring, 3, 0));
  EXPECT_TRUE(isDimsLink(ring, 1, 2));
  EXPECT_FALSE(isDimsLink(ring, 0, 2));

  std::vector<DimSpec> ring2 = {dim(DimKind::Ring, 2)};
  EXPECT_TRUE(isDimsLink(ring2, 0, 1));
  EXPECT_TRUE(isDimsLink(ring2, 1, 0));

  std::vector<DimSpec> uni = {dim(DimKind::UniRing, 4)};
  EXPECT_TRUE(isDimsLink(uni, 0, 1));
  EXPECT_FALSE(isDimsLink(uni, 1, 0));
  EXPECT_TRUE(isDimsLink(uni, 3, 0));
  EXPECT_FALSE(isDimsLink(uni, 0, 3));

  std::vector<DimSpec> uni2 = {dim(DimKind::UniRing, 2)};
  EXPECT_TRUE(isDimsLink(uni2, 0, 1));
  EXPECT_TRUE(isDimsLink(uni2, 1, 0));

  std::vector<DimSpec> fc = {dim(DimKind::FullyConnected, 4)};
  EXPECT_TRUE(isDimsLink(fc, 0, 3));
  EXPECT_TRUE(isDimsLink(fc, 2, 1));

  std::vector<DimSpec> sw = {dim(DimKind::Switch, 4)};
  EXPECT_FALSE(isDimsLink(sw, 0, 1));

  // The second dimension of [ring(4), fully_connected(3)] has stride 4.
  std::vector<DimSpec> mixed = {dim(DimKind::Ring, 4),
                                dim(DimKind::FullyConnected, 3)};
  size_t d = 99;
  EXPECT_TRUE(isDimsLink(mixed, 1, 9, &d));
  EXPECT_EQ(d, 1u);
  EXPECT_FALSE(isDimsLink(mixed, 1, 10));
}

TEST(TopologyTest, ValidSpecsPass) {
  EXPECT_TRUE(check(torus4x4()).empty());
  EXPECT_TRUE(
      check(dimsSpec({dim(DimKind::Switch, 8), dim(DimKind::Switch, 4)}))
          .empty());
  TopologySpec irregular = npusSpec(6);
  irregular.links = {explicitLink(0, 1), explicitLink(1, 2, true)};
  irregular.switches = {{"nvs", {2, 3, 4, 5}, link(100e9, 500000)}};
  EXPECT_TRUE(check(irregular).empty());
  // `?` bandwidth and zero latency are fine.
  EXPECT_TRUE(check(dimsSpec({dim(DimKind::Ring, 4, link(NAN, 0))})).empty());
  TopologySpec degraded = torus4x4();
  degraded.drops = {{5, 6, true}};
  EXPECT_TRUE(check(degraded).empty());
}

TEST(TopologyTest, NoNpus) {
  expectOne(TopologySpec(), Item::Network, 0, "network has no NPUs");
  expectOne(npusSpec(-3), Item::Network, 0, "network has no NPUs");
}

TEST(TopologyTest, DimsAndNpuCount) {
  TopologySpec s = torus4x4();
  s.explicitNpus = 16;
  expectOne(s, Item::Network, 0,
            "network has both dims and an NPU count; write only one");
}

TEST(TopologyTest, DimSizeBelowOne) {
  expectOne(dimsSpec({dim(DimKind::Line, 4), dim(DimKind::Line, 0)}),
            Item::Dims, 1,
            "dimension 1 has size 0; a dimension needs at least 1 NPU");
}

TEST(TopologyTest, SwitchOfOne) {
  expectOne(dimsSpec({dim(DimKind::Ring, 4), dim(DimKind::Switch, 1)}),
            Item::Dims, 1, "switch(1) needs at least 2 ports");
}

TEST(TopologyTest, DimLinkSpecs) {
  expectOne(dimsSpec({dim(DimKind::Ring, 4), dim(DimKind::Ring, 4, link(0))}),
            Item::Dims, 1, "dimension 1 has zero bandwidth");
  expectOne(dimsSpec({dim(DimKind::Ring, 4, link(50e9, -1))}), Item::Dims, 0,
            "dimension 0 has negative latency");
}

TEST(TopologyTest, TooManyNpus) {
  expectOne(dimsSpec({dim(DimKind::Ring, 1000), dim(DimKind::Ring, 1000),
                      dim(DimKind::Ring, 2)}),
            Item::Dims, 2, "network has more than 1000000 NPUs");
  // The running product would overflow int64 at dimension 2.
  expectOne(
      dimsSpec({dim(DimKind::Ring, 1'000'000), dim(DimKind::Ring, 1'000'000),
                dim(DimKind::Ring, 1'000'000)}),
      Item::Dims, 1, "network has more than 1000000 NPUs");
  expectOne(npusSpec(1'000'001), Item::Network, 0,
            "network has more than 1000000 NPUs");
  EXPECT_TRUE(check(npusSpec(1'000'000)).empty());
}

TEST(TopologyTest, IdsOutOfRange) {
  TopologySpec s = npusSpec(6);
  s.links = {explicitLink(0, 1), explicitLink(0, 7)};
  expectOne(s, Item::Link, 1, "npu 7 is out of range: the network has 6 NPUs");
  s.links = {explicitLink(-1, 2)};
  expectOne(s, Item::Link, 0, "npu -1 is out of range: the network has 6 NPUs");

  TopologySpec sw = npusSpec(6);
  sw.switches = {{"a", {0, 1}, link()}, {"b", {2, 6}, link()}};
  expectOne(sw, Item::Switch, 1,
            "npu 6 is out of range: the network has 6 NPUs");

  TopologySpec drop = torus4x4();
  drop.drops = {{16, 0, false}};
  expectOne(drop, Item::Drop, 0,
            "npu 16 is out of range: the network has 16 NPUs");
}

TEST(TopologyTest, SelfLink) {
  TopologySpec s = npusSpec(6);
  s.links = {explicitLink(0, 1), explicitLink(3, 3)};
  expectOne(s, Item::Link, 1, "link 3 -> 3 is a self link");
}

TEST(TopologyTest, LinkSpecs) {
  TopologySpec s = npusSpec(6);
  s.links = {explicitLink(0, 1, false, false, link(0))};
  expectOne(s, Item::Link, 0, "link 0 -> 1 has zero bandwidth");
  s.links = {explicitLink(3, 4, true, false, link(-5))};
  expectOne(s, Item::Link, 0, "link 3 <-> 4 has negative bandwidth");
  s.links = {explicitLink(0, 1, false, false, link(50e9, -1))};
  expectOne(s, Item::Link, 0, "link 0 -> 1 has negative latency");
  s.links = {explicitLink(0, 1, false, false, link(2e18))};
  expectOne(s, Item::Link, 0,
            "link 0 -> 1 has bandwidth above the limit of 1 EBps");
  s.links = {explicitLink(0, 1, false, false, link(NAN, 0))};
  EXPECT_TRUE(check(s).empty());
}

TEST(TopologyTest, SwitchPorts) {
  TopologySpec s = npusSpec(6);
  s.switches = {{"nvs", {2}, link()}};
  expectOne(s, Item::Switch, 0,
            "switch @nvs has 1 port; a switch needs at least 2");
  s.switches = {{"ok", {0, 1}, link()}, {"nvs", {2, 3, 2}, link()}};
  expectOne(s, Item::Switch, 1, "switch @nvs lists npu 2 twice");
  s.switches = {{"nvs", {2, 3}, link(0)}};
  expectOne(s, Item::Switch, 0, "switch @nvs port has zero bandwidth");
}

/// A link with a switch at one or both ends.
ExplicitLink switchLink(int64_t a, const std::string &aSwitch, int64_t b,
                        const std::string &bSwitch, bool bidi = true,
                        bool parallel = false) {
  ExplicitLink l = explicitLink(a, b, bidi, parallel);
  l.srcSwitch = aSwitch;
  l.dstSwitch = bSwitch;
  return l;
}

TEST(TopologyTest, SwitchFabrics) {
  // A leaf-spine: the spine names both leaves (one defined after it), and
  // NPU 3 has a second, slower port on the spine.
  TopologySpec s = npusSpec(4);
  s.switches = {{"spine", {}, link(100e9), {"leaf0", "leaf1"}},
                {"leaf0", {0, 1}, link()},
                {"leaf1", {2, 3}, link()}};
  s.links = {switchLink(3, "", 0, "spine")};
  EXPECT_TRUE(check(s).empty());
  // 2 links per listed port (4 NPUs, 2 switches) + the link pair.
  EXPECT_EQ(countLinks(s), 2u * 6 + 2);

  TopologySpec bad = s;
  bad.switches[0].switchPorts = {"leaf0", "nope"};
  expectOne(bad, Item::Switch, 0, "switch @spine lists an unknown switch @nope");
  bad = s;
  bad.switches[0].switchPorts = {"leaf0", "spine"};
  expectOne(bad, Item::Switch, 0, "switch @spine lists itself");
  bad = s;
  bad.switches[0].switchPorts = {"leaf0", "leaf0", "leaf1"};
  expectOne(bad, Item::Switch, 0, "switch @spine lists switch @leaf0 twice");
  // The pair listed by both switches: the second list is the duplicate.
  bad = s;
  bad.switches[2].switchPorts = {"spine"};
  expectOne(bad, Item::Switch, 2,
            "switch @leaf1 lists @spine, which lists @leaf1 already; write "
            "topo.link @leaf1 <-> @spine ... parallel for a second link pair");
  bad = s;
  bad.links = {switchLink(0, "spine", 0, "spine")};
  expectOne(bad, Item::Link, 0, "link @spine <-> @spine is a self link");
  bad = s;
  bad.links = {switchLink(0, "", 0, "leaf1", false)};
  EXPECT_TRUE(check(bad).empty()); // NPU 0 on leaf1 too
  bad.links = {switchLink(2, "", 0, "leaf1", false)};
  expectOne(bad, Item::Link, 0,
            "duplicate link 2 -> @leaf1; write 'parallel' to add a parallel "
            "link");
  bad.links[0].parallel = true;
  EXPECT_TRUE(check(bad).empty());
  bad.links = {switchLink(0, "leaf0", 0, "mystery")};
  expectOne(bad, Item::Link, 0, "unknown switch @mystery");
  bad.links = {switchLink(9, "", 0, "leaf0")};
  expectOne(bad, Item::Link, 0, "npu 9 is out of range: the network has 4 NPUs");

  // Ports in all: a switch declared bare gets them from links, and one
  // link is one port.
  TopologySpec bare = npusSpec(4);
  bare.switches = {{"s", {}, link(), {}}};
  expectOne(bare, Item::Switch, 0, "switch @s has 0 ports; a switch needs at least 2");
  bare.links = {switchLink(0, "", 0, "s")};
  expectOne(bare, Item::Switch, 0, "switch @s has 1 port; a switch needs at least 2");
  bare.links.push_back(switchLink(1, "", 0, "s"));
  EXPECT_TRUE(check(bare).empty());
  bare.switches[0].name = "";
  bare.links.clear();
  expectOne(bare, Item::Switch, 0, "switch #0 has 0 ports; a switch needs at least 2");
}

TEST(TopologyTest, DimsSwitchNames) {
  // [switch(4), line(2)]: dim0_0 and dim0_1; dimension 1 has no switches.
  TopologySpec s = dimsSpec({dim(DimKind::Switch, 4), dim(DimKind::Line, 2)});
  s.switches = {{"spine", {}, link(), {"dim0_0", "dim0_1"}}};
  EXPECT_TRUE(check(s).empty());
  SwitchTable table(s);
  EXPECT_EQ(table.find("dim0_0"), 8);
  EXPECT_EQ(table.find("dim0_1"), 9);
  EXPECT_EQ(table.find("spine"), 10);
  EXPECT_EQ(table.find("dim0_2"), -1);
  EXPECT_EQ(table.find("dim0_01"), -1); // one name per switch
  s.switches[0].switchPorts = {"dim0_0", "dim0_2"};
  expectOne(s, Item::Switch, 0,
            "switch @spine lists an unknown switch @dim0_2: dimension 0 has 2 "
            "switches (dim0_0 .. dim0_1)");
  s.switches[0].switchPorts = {"dim0_0", "dim1_0"};
  expectOne(s, Item::Switch, 0,
            "switch @spine lists an unknown switch @dim1_0: dimension 1 is "
            "line(2), not a switch");
  s.switches[0].switchPorts = {"dim0_0", "dim2_0"};
  expectOne(s, Item::Switch, 0,
            "switch @spine lists an unknown switch @dim2_0: the network has 2 "
            "dimensions");
  // The names are the dimensions' in a network with dims, anyone's without.
  s.switches = {{"dim0_1", {0, 1}, link()}};
  expectOne(s, Item::Switch, 0,
            "switch name @dim0_1 is reserved: topo.dims names its switches "
            "dimD_R (dimension D, the R-th switch)");
  TopologySpec plain = npusSpec(2);
  plain.switches = {{"dim0_1", {0, 1}, link()}};
  EXPECT_TRUE(check(plain).empty());
  // NPU 1 has its port on dim0_0 already.
  s.switches.clear();
  s.links = {switchLink(1, "", 0, "dim0_0")};
  expectOne(s, Item::Link, 0,
            "duplicate link 1 -> @dim0_0; write 'parallel' to add a parallel "
            "link");
  s.links = {switchLink(1, "", 0, "dim0_1")};
  EXPECT_TRUE(check(s).empty());
}

TEST(TopologyTest, SwitchNamesDefinedTwice) {
  TopologySpec s = npusSpec(4);
  s.switches = {{"a", {0, 1}, link()}, {"a", {2, 3}, link()}};
  expectOne(s, Item::Switch, 1, "redefines switch @a");
}

TEST(TopologyTest, DuplicateExplicitLinks) {
  TopologySpec s = npusSpec(6);
  s.links = {explicitLink(0, 1), explicitLink(1, 0), explicitLink(0, 1)};
  expectOne(s, Item::Link, 2,
            "duplicate link 0 -> 1; write 'parallel' to add a parallel link");
  // A bidirectional link duplicates through its reverse direction too.
  s.links = {explicitLink(0, 1), explicitLink(1, 0, true)};
  expectOne(s, Item::Link, 1,
            "duplicate link 0 -> 1; write 'parallel' to add a parallel link");
  s.links = {explicitLink(0, 1), explicitLink(0, 1, false, true)};
  EXPECT_TRUE(check(s).empty());
  // The parallel link still counts as a link that later ones duplicate.
  s.links = {explicitLink(2, 3, false, true), explicitLink(2, 3)};
  expectOne(s, Item::Link, 1,
            "duplicate link 2 -> 3; write 'parallel' to add a parallel link");
}

TEST(TopologyTest, DuplicateOfDimsLink) {
  TopologySpec s = torus4x4();
  s.links = {explicitLink(5, 10), explicitLink(5, 6)};
  expectOne(s, Item::Link, 1,
            "duplicate link 5 -> 6; write 'parallel' to add a parallel link");
  s.links = {explicitLink(3, 0, false, true)}; // the ring's wrap link
  EXPECT_TRUE(check(s).empty());

  TopologySpec uni = dimsSpec({dim(DimKind::UniRing, 4)});
  uni.links = {explicitLink(1, 0)}; // the reverse of a one-way ring link
  EXPECT_TRUE(check(uni).empty());
  uni.links = {explicitLink(3, 0)};
  expectOne(uni, Item::Link, 0,
            "duplicate link 3 -> 0; write 'parallel' to add a parallel link");
}

TEST(TopologyTest, DropsThatRemoveNothing) {
  TopologySpec s = torus4x4();
  s.drops = {{5, 6, true}, {5, 10, true}};
  expectOne(s, Item::Drop, 1, "topo.drop 5 <-> 10 removes no link");

  TopologySpec uni = dimsSpec({dim(DimKind::UniRing, 4)});
  uni.drops = {{0, 1, false}};
  EXPECT_TRUE(check(uni).empty());
  uni.drops = {{0, 1, true}};
  expectOne(uni, Item::Drop, 0, "topo.drop 0 <-> 1 removes no link 1 -> 0");
  uni.drops = {{1, 0, false}};
  expectOne(uni, Item::Drop, 0, "topo.drop 1 -> 0 removes no link");

  TopologySpec npus = npusSpec(3);
  npus.links = {explicitLink(0, 1)};
  npus.drops = {{0, 1, false}};
  EXPECT_TRUE(check(npus).empty());
  npus.drops = {{1, 0, false}, {2, 2, false}};
  std::vector<SpecError> errors = check(npus);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].message, "topo.drop 1 -> 0 removes no link");
  EXPECT_EQ(errors[1].index, 1u);
  EXPECT_EQ(errors[1].message, "topo.drop 2 -> 2 removes no link");
}

TEST(TopologyTest, ProblemsComeInOpOrder) {
  TopologySpec s = npusSpec(4);
  s.links = {explicitLink(0, 0), explicitLink(0, 1),
             explicitLink(1, 2, false, false, link(0))};
  s.switches = {{"x", {1}, link()}};
  s.drops = {{2, 3, false}};
  std::vector<SpecError> errors = check(s);
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors[0].item, Item::Link);
  EXPECT_EQ(errors[0].index, 0u);
  EXPECT_EQ(errors[1].item, Item::Link);
  EXPECT_EQ(errors[1].index, 2u);
  EXPECT_EQ(errors[2].item, Item::Switch);
  EXPECT_EQ(errors[2].index, 0u);
  EXPECT_EQ(errors[3].item, Item::Drop);
  EXPECT_EQ(errors[3].index, 0u);
}

TEST(TopologyTest, CheckDoesNotExpandTheProduct) {
  // 10^6 NPUs and a few thousand ops: expanding would mean 4 * 10^6 links.
  TopologySpec s =
      dimsSpec({dim(DimKind::Ring, 1000), dim(DimKind::Ring, 1000)});
  for (int64_t i = 0; i < 2000; ++i)
    s.links.push_back(explicitLink(i, i + 2000, true)); // two rows apart
  for (int64_t i = 0; i < 2000; ++i)
    s.drops.push_back({i * 7, i * 7 + 1000, true}); // dimension 1 links
  EXPECT_TRUE(check(s).empty());
  s.links.push_back(explicitLink(999, 0));
  expectOne(s, Item::Link, 2000,
            "duplicate link 999 -> 0; write 'parallel' to add a parallel link");
}

TEST(TopologyTest, CountLinksInClosedForm) {
  EXPECT_EQ(countLinks(torus4x4()), 64u);
  // 10^5 * (10^5 - 1): counted, never built.
  EXPECT_EQ(countLinks(dimsSpec({dim(DimKind::FullyConnected, 100000)})),
            9'999'900'000u);
  // Switch dimensions: an uplink and a downlink per NPU and dimension.
  EXPECT_EQ(countLinks(dimsSpec({dim(DimKind::Switch, 1000),
                                 dim(DimKind::Switch, 1000)})),
            4'000'000u);
  TopologySpec s = npusSpec(4);
  s.links = {explicitLink(0, 1, true), explicitLink(0, 1, false, true),
             explicitLink(2, 3)};
  s.switches = {{"x", {0, 1, 2}, link()}};
  EXPECT_EQ(countLinks(s), 4u + 6u);
  // A drop removes every parallel link of its pair, once.
  s.drops = {{0, 1, false}, {0, 1, false}};
  EXPECT_EQ(countLinks(s), 2u + 6u);
  // An unknown NPU count counts nothing.
  EXPECT_EQ(countLinks(dimsSpec({dim(DimKind::Line, 0)})), 0u);
}

TEST(TopologyTest, TooManyLinks) {
  expectOne(dimsSpec({dim(DimKind::FullyConnected, 100000)}), Item::Dims, 0,
            "network has 9999900000 directed links, more than the limit of "
            "100000000");
  // Any product: two fully_connected(1000) are 10^6 NPUs of 1998 links.
  expectOne(dimsSpec({dim(DimKind::FullyConnected, 1000),
                      dim(DimKind::FullyConnected, 1000)}),
            Item::Dims, 0,
            "network has 1998000000 directed links, more than the limit of "
            "100000000");
  // 99,990,000 links: at the limit's side that is allowed.
  EXPECT_TRUE(check(dimsSpec({dim(DimKind::FullyConnected, 10000)})).empty());
  // The problem is the dims op's, so it comes before later ops' problems.
  TopologySpec s = dimsSpec({dim(DimKind::FullyConnected, 100000)});
  s.links = {explicitLink(0, 0)};
  std::vector<SpecError> errors = check(s);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].item, Item::Dims);
  EXPECT_EQ(errors[1].item, Item::Link);
}

TEST(TopologyTest, TooManyParallelLinks) {
  TopologySpec s = dimsSpec({dim(DimKind::Line, 2)});
  // The line's own link 0 -> 1 is lane 0: 65535 more fit.
  for (int64_t i = 0; i + 1 < kMaxParallelLinks; ++i)
    s.links.push_back(explicitLink(0, 1, true, true));
  EXPECT_TRUE(check(s).empty());
  s.links.push_back(explicitLink(1, 0, false, true));
  s.links.push_back(explicitLink(0, 1, true, true));
  s.links.push_back(explicitLink(0, 1, false, true));
  // Only the first link past the limit says so, once per pair.
  std::vector<SpecError> errors = check(s);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].index, size_t(kMaxParallelLinks) - 1);
  EXPECT_EQ(errors[0].message,
            "link 1 -> 0 is parallel link 65537 from npu 1 to npu 0; a pair "
            "can have at most 65536 (transfers name them by a 16-bit lane)");
  EXPECT_EQ(errors[1].index, size_t(kMaxParallelLinks));
  EXPECT_EQ(errors[1].message.substr(0, 36),
            "link 0 -> 1 is parallel link 65537 f");
}

} // namespace
