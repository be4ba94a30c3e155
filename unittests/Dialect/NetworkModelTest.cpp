//===- NetworkModelTest.cpp - Unwound networks written as IR read back ----===//
//
// Properties: for random explicit networks with switches, the IR that
// writeExplicitNetwork produces for the unwound network is valid and reads
// back as the same links, bit for bit; so do printed link specs.
//
//===----------------------------------------------------------------------===//

#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Network/Quantity.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <set>
#include <tuple>

using namespace mlir;
using namespace tacos;

namespace {

/// A random `topo.network` with explicit one- and two-way links (few
/// distinct specs, so that pairs in both directions often match) and
/// switches over random port sets.
std::string randomNetwork(unsigned seed) {
  std::mt19937 rng(seed);
  auto pick = [&](unsigned n) { return unsigned(rng() % n); };
  const char *bandwidths[] = {"50 GBps", "67 GBps", "87 GBps", "98 GBps",
                              "450 GBps"};
  const char *latencies[] = {"1 us", "0.7 us"};
  unsigned npus = 2 + pick(5);
  std::string text = "topo.network @net { topo.npus " + std::to_string(npus);
  std::set<std::pair<unsigned, unsigned>> present;
  for (unsigned i = 0, n = pick(3 * npus); i < n; ++i) {
    unsigned u = pick(npus), v = pick(npus);
    if (u == v)
      continue;
    bool both = pick(2);
    bool parallel = present.count({u, v}) || (both && present.count({v, u}));
    present.insert({u, v});
    if (both)
      present.insert({v, u});
    text += "\n  topo.link " + std::to_string(u) + (both ? " <-> " : " -> ") +
            std::to_string(v) + " link(" + bandwidths[pick(5)] + ", " +
            latencies[pick(2)] + ")" + (parallel ? " parallel" : "");
  }
  for (unsigned s = 0, n = 1 + pick(2); s < n; ++s) {
    std::string ports;
    for (unsigned p = 0; p < npus; ++p)
      if (pick(4) != 0)
        ports += (ports.empty() ? "" : ", ") + std::to_string(p);
    if (ports.find(',') == std::string::npos)
      ports = "0, 1";
    text += "\n  topo.switch @sw" + std::to_string(s) + " [" + ports +
            "] link(" + bandwidths[pick(5)] + ", " + latencies[pick(2)] + ")";
  }
  return text + "\n}\n";
}

using LinkKey = std::tuple<NodeId, NodeId, double, int64_t, std::string>;

std::multiset<LinkKey> linksOf(const Network &network) {
  std::multiset<LinkKey> links;
  for (LinkId l = 0; l < network.numLinks(); ++l)
    links.insert({network.src(l), network.dst(l), network.bandwidth(l),
                  network.latency(l), network.tier(l)});
  return links;
}

topo::NetworkOp onlyNetwork(ModuleOp module) {
  auto networks = module.getOps<topo::NetworkOp>();
  return networks.empty() ? topo::NetworkOp() : *networks.begin();
}

TEST(NetworkModelTest, UnwoundRandomNetworksReadBackExactly) {
  MLIRContext context;
  context.loadDialect<topo::TopoDialect>();
  for (unsigned seed = 0; seed < 500; ++seed) {
    std::string input = randomNetwork(seed);
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(input, &context);
    ASSERT_TRUE(module) << input;
    topo::NetworkOp network = onlyNetwork(*module);
    FailureOr<Network> model = topo::buildNetworkModel(network);
    ASSERT_TRUE(succeeded(model)) << input;
    std::vector<LinkOrigin> origins;
    Network unwound = unwindSwitches(*model, origins);
    topo::writeExplicitNetwork(network, unwound, &origins);

    std::string written;
    llvm::raw_string_ostream os(written);
    module->print(os);
    OwningOpRef<ModuleOp> reread =
        parseSourceString<ModuleOp>(written, &context);
    ASSERT_TRUE(reread) << input << "\nwrote:\n" << written;
    FailureOr<Network> back = topo::buildNetworkModel(onlyNetwork(*reread));
    ASSERT_TRUE(succeeded(back)) << input << "\nwrote:\n" << written;
    EXPECT_EQ(back->numNpus(), unwound.numNpus()) << input;
    EXPECT_EQ(back->numSwitches(), 0u) << input;
    EXPECT_EQ(linksOf(*back), linksOf(unwound))
        << input << "\nwrote:\n" << written;
  }
}

/// Printed quantities parse back bit for bit through the IR parser itself:
/// shares (`450 GBps / 7`) and sums of times (`9.606 ms + 12 ps`) included.
TEST(NetworkModelTest, PrintedLinkSpecsParseBackExactly) {
  MLIRContext context;
  context.loadDialect<topo::TopoDialect>();
  std::mt19937_64 rng(7);
  const double units[] = {1e9, 1073741824.0, 1e6};
  for (int i = 0; i < 300; ++i) {
    double bps =
        i % 2 ? std::pow(10.0, std::uniform_real_distribution<double>(0, 15)(rng))
              : double(1 + rng() % 1000) * units[rng() % 3] /
                    double(1 + rng() % 1023);
    int64_t ps = int64_t(rng() % 1'000'000'000'000'000) + 1;
    std::string text = "topo.network @n { topo.npus 2 topo.link 0 -> 1 link(" +
                       formatBandwidth(bps) + ", " + formatTime(ps) + ") }";
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    ASSERT_TRUE(module) << text;
    FailureOr<Network> network = topo::buildNetworkModel(onlyNetwork(*module));
    ASSERT_TRUE(succeeded(network)) << text;
    double back = network->bandwidth(0);
    EXPECT_EQ(std::memcmp(&back, &bps, sizeof bps), 0) << text;
    EXPECT_EQ(network->latency(0), ps) << text;
  }
}

} // namespace
