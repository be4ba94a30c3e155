//===- Verifier.h - Native checker of collective algorithms -----*- C++ -*-===//
//
// docs/Verification.md: the six properties every algorithm must have. Written
// independently of the synthesizer: it takes the network, what the
// collective requires (VerificationSpec, derived from the request alone) and
// the transfers, and trusts nothing else (not the order transfers are
// stored in, not that chunks arrive once, not the reported time).
//
//   1. every transfer uses a link of the network and a valid chunk, and
//      end - start equals the link's cost under the declared link model;
//   2. transfers on one link do not overlap in time (blocking: [start, end);
//      pipelined: [start, start + size/bandwidth));
//   3. causality: a transfer leaves an NPU only once the chunk is there;
//   4. postcondition: every required (chunk, NPU) holds its final value by
//      the reported time;
//   5. reductions: each reduced result combines every contribution exactly
//      once (contribution sets, exact up to 64 participants, 64-bit
//      multiset fingerprints beyond); only chunks with several
//      contributions are reduced; no copy of a chunk lands at an NPU at the
//      same time as another write of that chunk (docs/Verification.md);
//   6. the reported time equals the last end.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_VERIFICATION_VERIFIER_H
#define TACOS_VERIFICATION_VERIFIER_H

#include "tacos/Collective/Collective.h"
#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tacos {

enum class Property : uint8_t {
  Link = 1,      ///< link, chunk and duration
  Overlap = 2,   ///< transfers on one link overlap
  Causality = 3, ///< a chunk leaves an NPU before it is there
  Delivery = 4,  ///< a required (chunk, NPU) is missing at the end
  Reduction = 5, ///< a contribution is counted twice or missing
  Time = 6,      ///< the reported time is not the last end
};

/// "link", "overlap", "causality", "delivery", "reduction", "time".
const char *propertyName(Property property);

/// What a collective requires, independent of how it is computed.
struct VerificationSpec {
  uint32_t numChunks = 0;
  /// Whole-byte chunk sizes: chunk c has chunkSizes.bytes(c) bytes.
  ChunkSizes chunkSizes;
  LinkModel model = LinkModel::Blocking;
  /// Participants in rank order; contributions are identified by rank.
  std::vector<uint32_t> participants;
  /// For each chunk, the (NPU, rank) pairs that hold a contribution to it at
  /// time 0: for All-Gather the owner with its own rank; for Reduce-Scatter
  /// and All-Reduce every participant with its rank.
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> initial;
  /// For each chunk, the NPUs that must end with the complete value: every
  /// contribution that initially exists for the chunk, each exactly once.
  std::vector<std::vector<uint32_t>> required;
};

/// Builds the spec of any collective (combining or not) from its request:
/// an independent statement of the postconditions (not buildProblem's, not
/// collectiveInfo's), kept separate on purpose.
/// `spec` must have passed checkCollective. All-Reduce requires every
/// participant to end with every chunk fully reduced.
VerificationSpec buildVerificationSpec(const CollectiveSpec &spec,
                                       uint32_t numNpus, LinkModel model);

/// Peak memory of buildVerificationSpec and verifyAlgorithm for `spec` on
/// `network` with `transfers` transfers (the schedule itself not counted).
MemoryEstimate estimateVerification(const Network &network,
                                    const CollectiveSpec &spec,
                                    double transfers);

struct Violation {
  Property property;
  /// Index of the offending transfer in the input, or SIZE_MAX when the
  /// violation is about the whole algorithm (a missing delivery, the time).
  size_t transfer;
  /// Lowercase, no trailing period; names the chunk, link and times.
  std::string message;
  /// For a violation about the whole algorithm, the chunk it concerns (a
  /// delivery, an incomplete reduction); UINT32_MAX otherwise.
  uint32_t chunk = UINT32_MAX;
};

struct VerificationOptions {
  /// Stop after this many violations (0: report all).
  size_t maxViolations = 1;
};

/// Checks all six properties. `reportedTimePs` is the algorithm's `time`.
/// Returns the violations found, in order of the transfers' times; empty
/// means the algorithm is correct.
std::vector<Violation> verifyAlgorithm(const Network &network,
                                       const VerificationSpec &spec,
                                       const ScheduleView &transfers,
                                       int64_t reportedTimePs,
                                       const VerificationOptions &options = {});

/// `found` without the violations that follow from an earlier one, so that
/// one mistake is reported once. A transfer that fails a property may carry
/// nothing (docs/Verification.md): its chunk then fails causality where it
/// is forwarded and delivery or reduction at the end. So after a chunk's
/// first transfer violation, its later causality violations and its final
/// ones are dropped. Other violations are kept, in order.
std::vector<Violation> withoutConsequences(std::vector<Violation> found,
                                           const ScheduleView &transfers);

} // namespace tacos

#endif // TACOS_VERIFICATION_VERIFIER_H
