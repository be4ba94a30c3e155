//===- tacos-schedule-fuzzer.cpp - Verifier and simulator on schedules ----===//
//
// Structured libFuzzer target for the core, without MLIR: the bytes decode
// into a collective on one of a few fixed small networks and a schedule of
// transfers whose times are mostly plausible (exact link costs, starts at
// the end of an earlier transfer), so that correct schedules are as
// reachable as broken ones. Then:
//
//   - verifyAlgorithm must not depend on the order transfers are listed in
//     (docs/Verification.md): the reversed list gets the same verdict;
//   - for a non-combining collective, a schedule the verifier accepts must
//     simulate (every link exists, every chunk is there before it leaves),
//     no later than its reported time, and the compacted schedule must
//     verify too (retiming as early as order and data allow keeps it
//     correct);
//   - simulateCollective and compactCollective run on every schedule.
//
// TACOS_FUZZ_VERBOSE=1 prints each input's verdict.
//
// Input layout (missing bytes read as 0):
//   byte 0   network (kNetworks)
//   byte 1   bits 0-2 collective, bit 3 pipelined, bits 4-5 chunks per rank
//            - 1, bit 6 group = every NPU but the last, bit 7 report a time
//            one picosecond late
//   byte 2   root (mod NPUs); byte 3 size in bytes above 1 MiB
//   then 5 bytes per transfer: chunk, src << 4 | dst, flags (bit 0 reduce,
//   bit 1 lane 1, bits 2-3 how the start is chosen), start selector,
//   duration offset.
//
//===----------------------------------------------------------------------===//

#include "tacos/Collective/Collective.h"
#include "tacos/Network/LinkCost.h"
#include "tacos/Network/Network.h"
#include "tacos/Network/Topology.h"
#include "tacos/Simulation/Combining.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Verification/Verifier.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace tacos;

namespace {

LinkSpec link(double gbps, int64_t latencyPs) {
  LinkSpec spec;
  spec.bandwidthBps = gbps * 1e9;
  spec.latencyPs = latencyPs;
  return spec;
}

/// Small networks with what the verifier must tell apart: rings, a product
/// of two different dimensions, one-way links, and parallel links (lanes).
std::vector<Network> makeNetworks() {
  std::vector<TopologySpec> specs(4);
  specs[0].dims = {{DimKind::Ring, 4, link(50, 1'000'000)}};
  specs[1].dims = {{DimKind::Line, 3, link(25, 500'000)},
                   {DimKind::Line, 2, link(100, 2'000'000)}};
  specs[2].explicitNpus = 3;
  specs[2].links = {{0, 1, true, false, link(50, 1'000'000)},
                    {1, 2, true, false, link(50, 1'000'000)},
                    {0, 2, false, false, link(10, 3'000'000)},
                    {0, 1, false, true, link(200, 700'000)}};
  specs[3].dims = {{DimKind::UniRing, 3, link(40, 1'500'000)}};
  std::vector<Network> networks;
  for (const TopologySpec &spec : specs) {
    if (!check(spec).empty()) {
      std::fprintf(stderr, "tacos-schedule-fuzzer: a fixed network is "
                           "malformed\n");
      std::abort();
    }
    networks.push_back(buildNetwork(spec));
  }
  return networks;
}

[[noreturn]] void fail(const std::string &message) {
  std::fprintf(stderr, "tacos-schedule-fuzzer: %s\n", message.c_str());
  std::abort();
}

struct Reader {
  const uint8_t *data;
  size_t size, at = 0;
  uint8_t next() { return at < size ? data[at++] : 0; }
  bool done() const { return at >= size; }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const std::vector<Network> networks = makeNetworks();
  Reader in{data, size};
  const Network &network = networks[in.next() % networks.size()];
  uint32_t npus = network.numNpus();

  uint8_t shape = in.next();
  CollectiveSpec spec;
  spec.kind = CollectiveKind(shape & 7);
  LinkModel model = shape & 8 ? LinkModel::Pipelined : LinkModel::Blocking;
  spec.chunksPerRank = 1 + ((shape >> 4) & 3);
  if (shape & 64)
    for (uint32_t v = 0; v + 1 < npus; ++v)
      spec.group.push_back(v);
  uint8_t root = in.next();
  if (hasRoot(spec.kind))
    spec.root = spec.group.empty() ? root % npus
                                   : spec.group[root % spec.group.size()];
  spec.sizeBytes = (int64_t(1) << 20) + in.next();
  if (!checkCollective(spec, npus).empty())
    return 0;
  int64_t numChunks = spec.numChunks(npus);
  ChunkSizes sizes = spec.chunkSizes(npus);

  Schedule schedule;
  std::vector<int64_t> ends;
  int64_t lastEnd = 0;
  while (!in.done()) {
    Transfer t;
    t.chunk = uint32_t(in.next() % numChunks);
    uint8_t pair = in.next();
    t.src = (pair >> 4) % npus;
    t.dst = (pair & 15) % npus;
    if (t.src == t.dst)
      t.dst = (t.src + 1) % npus;
    uint8_t flags = in.next();
    t.kind = flags & 1 ? TransferKind::Reduce : TransferKind::Copy;
    t.lane = (flags >> 1) & 1;
    uint8_t startSelector = in.next();
    switch ((flags >> 2) & 3) {
    case 0:
      t.start = 0;
      break;
    case 1:
      t.start = ends.empty() ? 0 : ends[startSelector % ends.size()];
      break;
    case 2:
      t.start = lastEnd;
      break;
    default:
      t.start = int64_t(startSelector) * 250'000;
      break;
    }
    std::optional<LinkId> l = findLink(network, t.src, t.dst, t.lane);
    int64_t duration =
        l ? linkCost(network, *l, sizes.bytes(t.chunk), model).duration
          : 1'000'000;
    uint8_t offset = in.next();
    // Mostly the exact cost; sometimes a little off, either way.
    if (offset >= 240)
      duration += int64_t(offset) - 247;
    t.end = t.start + std::max<int64_t>(duration, 0);
    ends.push_back(t.end);
    lastEnd = std::max(lastEnd, t.end);
    schedule.push_back(t);
  }
  int64_t reportedTime = lastEnd + (shape & 128 ? 1 : 0);

  ScheduleView view = schedule.view();
  VerificationSpec verification = buildVerificationSpec(spec, npus, model);
  VerificationOptions all;
  all.maxViolations = 0;
  std::vector<Violation> violations =
      verifyAlgorithm(network, verification, view, reportedTime, all);

  if (const char *verbose = std::getenv("TACOS_FUZZ_VERBOSE");
      verbose && *verbose && std::string(verbose) != "0") {
    std::fprintf(stderr, "%s, %zu transfers, time %lld: %s\n",
                 collectiveName(spec.kind), view.size(),
                 (long long)reportedTime,
                 violations.empty() ? "verified"
                                    : violations[0].message.c_str());
  }

  Schedule reversed;
  for (size_t i = view.size(); i-- > 0;)
    reversed.push_back(view[i]);
  std::vector<Violation> reversedViolations = verifyAlgorithm(
      network, verification, reversed.view(), reportedTime, all);
  if (violations.empty() != reversedViolations.empty())
    fail(std::string("the verdict depends on the order of the transfers: ") +
         (violations.empty() ? "reversed: " + reversedViolations[0].message
                             : "as given: " + violations[0].message));

  if (!isCombining(spec.kind)) {
    Problem problem;
    if (std::string error = buildProblem(spec, npus, problem); !error.empty())
      fail("buildProblem refused a checked collective: " + error);
    SimulationResult simulated = simulate(network, problem, view, model);
    if (violations.empty()) {
      if (!simulated.error.empty())
        fail("a verified schedule does not simulate: " + simulated.error);
      if (simulated.timePs > reportedTime)
        fail("a verified schedule simulates later than its time: " +
             std::to_string(simulated.timePs) + " > " +
             std::to_string(reportedTime));
      SimulationResult compacted = compact(network, problem, view, model);
      if (!compacted.error.empty())
        fail("a verified schedule does not compact: " + compacted.error);
      std::vector<Violation> after =
          verifyAlgorithm(network, verification, compacted.schedule.view(),
                          compacted.timePs);
      if (!after.empty())
        fail("the compacted schedule of a verified one fails verification: " +
             std::string(propertyName(after[0].property)) + ": " +
             after[0].message);
    }
  }
  (void)simulateCollective(network, spec, view, model);
  (void)compactCollective(network, spec, view, model);
  return 0;
}
