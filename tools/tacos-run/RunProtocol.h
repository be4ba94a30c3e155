//===- RunProtocol.h - What tacos-run and its rank driver exchange -*- C++ -*-===//
//
// tacos-run (the launcher: parse, verify, lower, compile, launch) and
// tacos-run-rank (the program mpirun starts once per rank) talk through two
// small text files in the run's temporary directory: the launcher writes a
// manifest (the shared object, the data type, the reduction, the element
// count and each algorithm's call shape), rank 0 writes the results. Plain
// C++ on both sides: the rank driver links no LLVM or MLIR, so every rank
// starts quickly and loads nothing it does not use.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TOOLS_TACOS_RUN_RUNPROTOCOL_H
#define TACOS_TOOLS_TACOS_RUN_RUNPROTOCOL_H

#include "tacos/Execution/RankProgram.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tacos::run {

/// The element types tacos-run fills buffers with; the names are MLIR's
/// spellings, which convert-coll-to-mpi's element-type option takes as is.
enum class DType : uint8_t { F32, F64, I32, I64, F16, BF16 };

std::optional<DType> parseDType(const std::string &name);
const char *dtypeName(DType type);
unsigned dtypeBytes(DType type);
bool isFloat(DType type);
/// Significand bits (with the implicit one) for floats, value bits for
/// integers: integers of magnitude below 2^digits are exact.
unsigned dtypeDigits(DType type);

std::optional<exec::ReduceOp> parseReduceOp(const std::string &name);
const char *reduceOpName(exec::ReduceOp op);

/// One algorithm to run: its symbol in the shared object (the C interface
/// wrapper `_mlir_ciface_<symbol>`) and its call shape.
struct AlgorithmEntry {
  std::string name;
  exec::CallShape shape;
  /// E: the element count of the request's `size` buffer.
  uint64_t elements = 0;
};

/// A fault the rank driver injects, for tacos-run's own tests
/// (--test-rank-fault, hidden): rank `rank` does `kind` just before its
/// first call of a lowered function, while the other ranks are inside it.
enum class FaultKind : uint8_t {
  None,
  /// abort(): SIGABRT, as a failed assertion.
  Abort,
  /// SIGKILL to itself, as the OOM killer.
  Kill,
  /// _exit(3) without MPI_Finalize.
  Exit,
  /// Sleeps until killed: the others wait for it forever.
  Hang,
};
std::optional<FaultKind> parseFaultKind(const std::string &name);
const char *faultKindName(FaultKind kind);

struct Manifest {
  std::string library;
  DType dtype = DType::F32;
  exec::ReduceOp op = exec::ReduceOp::Sum;
  unsigned iterations = 1;
  bool baseline = true;
  bool inPlace = false;
  /// Fault injection for tests: elements taken off every non-empty buffer,
  /// so that the function must answer "buffer too short" (code 2).
  uint64_t shortenBuffers = 0;
  FaultKind fault = FaultKind::None;
  uint32_t faultRank = 0;
  std::vector<AlgorithmEntry> algorithms;
};

/// Whether `name` can be carried by the manifest and found as the C symbol
/// `_mlir_ciface_<name>`: letters, digits, '_', '.', '$' and '-' only. The
/// names come from the input; a space or a newline in one would let it add
/// fields or lines (a `library` to load) to the manifest.
bool isRunnableName(const std::string &name);

/// Every rank creates this file (empty) as soon as MPI_Init returns, so
/// that tacos-run can tell an mpirun that started no rank from a rank that
/// died: `<results>.started.<rank>`.
std::string startedMarker(const std::string &results, uint32_t rank);
/// How many of ranks 0..numRanks-1 created their marker.
uint32_t countStartedRanks(const std::string &results, uint32_t numRanks);

/// Both return an error message, empty on success.
std::string writeManifest(const Manifest &manifest, const std::string &path);
std::string readManifest(const std::string &path, Manifest &manifest);

/// What happened to one algorithm or baseline, as rank 0 saw it.
struct Outcome {
  enum class Status : uint8_t {
    Ok,
    /// The check found a wrong element (rank, index, expected, got).
    Mismatch,
    /// The function returned a nonzero code on `rank`.
    ReturnCode,
    /// The run could not happen (`message` says why).
    Error,
    /// Not run (a baseline Open MPI has no call for, ...): `message`.
    Skipped,
  };
  Status status = Status::Ok;
  /// Median over iterations of the slowest rank's time, in seconds.
  double seconds = 0;
  uint32_t rank = 0;
  uint64_t index = 0;
  int64_t code = 0;
  double expected = 0, got = 0;
  /// The baseline's MPI call, or why something did not run.
  std::string message;
};

/// Per algorithm, the lowered function's outcome and the baseline's.
struct Results {
  std::vector<Outcome> algorithms, baselines;
  /// Set when the driver stopped before running anything.
  std::string fatal;
  /// False if rank 0 never wrote the end marker (a rank died).
  bool complete = false;
};

std::string writeResults(const Results &results, const std::string &path);
std::string readResults(const std::string &path, Results &results);

/// What the function's nonzero return codes mean (EXEC.md, the ABI).
const char *returnCodeMeaning(int64_t code);

} // namespace tacos::run

#endif // TACOS_TOOLS_TACOS_RUN_RUNPROTOCOL_H
