//===- CollToSMT.h - Algorithms as SMT problems -----------------*- C++ -*-===//
//
// Encodes a collective algorithm with its collective's pre- and
// postconditions in MLIR's `smt` dialect, as a search for a violation of the
// properties of docs/Verification.md: every violation has a boolean `bad_*` that is
// asserted equal to its condition, and their disjunction is asserted. So the
// problem is unsatisfiable exactly when the algorithm is correct, and a model
// names the offending transfer. Times are integers (picoseconds);
// contribution sets are bit-vectors (one bit per participant) with counts.
//
// Where a property is about the order of events (transfers on a link, the
// arrivals into an NPU), the encoder supplies the order as a certificate and
// the problem checks it, so no fact about times is decided outside Z3.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_CONVERSION_COLLTOSMT_H
#define TACOS_CONVERSION_COLLTOSMT_H

#include "tacos/Collective/Schedule.h"
#include "tacos/Conversion/Passes.h"
#include "tacos/Conversion/SolveWithZ3.h"
#include "tacos/Network/Network.h"
#include "tacos/Verification/Verifier.h"

#include "mlir/Dialect/SMT/IR/SMTOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <string>
#include <vector>

namespace tacos {

/// What one `bad_*` boolean stands for.
struct SmtFact {
  std::string name;
  Property property;
  /// The transfer it is about, or SIZE_MAX (a delivery or the time).
  size_t transfer;
  /// Human-readable description, as the native verifier would word it.
  std::string description;
  /// For a fact about the whole algorithm, the chunk it concerns (a
  /// delivery, a reduction); UINT32_MAX otherwise (Violation::chunk).
  uint32_t chunk = UINT32_MAX;
};

struct SmtEncoding {
  mlir::smt::SolverOp solver;
  std::vector<SmtFact> facts;
};

/// Largest participant count the bit-vector encoding of contributions takes.
inline constexpr size_t kMaxSmtParticipants = 64;

/// Bytes per op of the encoding, through its whole life: the `smt` op, its
/// line of SMT-LIB text, and Z3's terms and solver state for it; and what
/// a Z3 context and the smt dialect take before the first op (measured on
/// tori of 16 to 144 NPUs, docs/ResourceLimits.md).
inline constexpr double kSmtBytesPerOp = 1000;
inline constexpr double kSmtFixedBytes = 32e6;

/// Peak memory of encoding `transfers` of an algorithm of `spec` and
/// solving it with Z3 (solveEncoding): about 40 ops per transfer and 10
/// per required delivery, three times as many where contributions combine
/// (bit-vector states, races, reduction checks).
MemoryEstimate estimateSmtEncoding(const VerificationSpec &spec,
                                   size_t transfers);

/// Builds one `smt.solver` at the builder's position. Fails (with a message)
/// for more than kMaxSmtParticipants participants in a combining collective.
mlir::FailureOr<SmtEncoding>
encodeAlgorithmAsSmt(mlir::OpBuilder &builder, mlir::Location loc,
                     const Network &network, const VerificationSpec &spec,
                     const ScheduleView &transfers, int64_t reportedTimePs,
                     std::string &error);

/// Exports `module` (which holds the encoding's solver) to SMT-LIB, runs Z3
/// on it, and fills `violated` with the facts a model makes true, in
/// encoding order (none when the result is Unsat: the algorithm is correct).
Z3Outcome solveEncoding(mlir::ModuleOp module, const SmtEncoding &encoding,
                        unsigned timeoutMs,
                        std::vector<const SmtFact *> &violated);

} // namespace tacos

#endif // TACOS_CONVERSION_COLLTOSMT_H
