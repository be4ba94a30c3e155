//===- RankDriver.cpp - tacos-run-rank: one MPI rank of a tacos-run -------===//
//
// mpirun starts this program once per rank: `tacos-run-rank MANIFEST
// RESULTS`. It opens the shared object tacos-run compiled (once, for all
// ranks), and for each algorithm in the manifest
//   1. fills `in` with deterministic rank-dependent data (RunData below),
//   2. calls the lowered function through its C interface
//      (`_mlir_ciface_<name>(memref *in, memref *out, index E) -> i32`),
//   3. checks every output element of every rank against
//      exec::expectedOutput, the reference semantics of the call,
//   4. times K more calls (barrier, MPI_Wtime; the slowest rank counts),
//   5. does the same with Open MPI's own collective on the same ranks and
//      data (a communicator of the group's ranks), the baseline.
// Rank 0 gathers the verdicts and writes the results file; every rank exits
// 0 after MPI_Finalize, so a nonzero mpirun status always means a rank died.
//
//===----------------------------------------------------------------------===//

#include "RunProtocol.h"

#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <unistd.h>
#include <string>
#include <vector>

using namespace tacos;
using namespace tacos::run;

namespace {

//===----------------------------------------------------------------------===//
// Elements
//===----------------------------------------------------------------------===//

/// IEEE binary16 from a float, rounding to nearest even.
uint16_t floatToHalf(float value) {
  uint32_t x;
  std::memcpy(&x, &value, 4);
  uint32_t sign = (x >> 16) & 0x8000, mant = x & 0x7fffff;
  int exp = int((x >> 23) & 0xff);
  if (exp == 0xff)
    return uint16_t(sign | 0x7c00 | (mant ? 0x200 : 0));
  int e = exp - 127 + 15;
  if (e >= 0x1f)
    return uint16_t(sign | 0x7c00);
  uint32_t shift = 13;
  uint32_t base = uint32_t(e) << 10;
  if (e <= 0) {
    if (e < -10)
      return uint16_t(sign);
    mant |= 0x800000;
    shift = uint32_t(14 - e);
    base = 0;
  }
  uint32_t half = base | (mant >> shift);
  uint32_t rem = mant & ((1u << shift) - 1), mid = 1u << (shift - 1);
  if (rem > mid || (rem == mid && (half & 1)))
    ++half; // a carry into the exponent is the correctly rounded result
  return uint16_t(sign | half);
}

float halfToFloat(uint16_t h) {
  float sign = (h & 0x8000) ? -1.0f : 1.0f;
  int exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ff;
  if (exp == 0)
    return sign * std::ldexp(float(mant), -24);
  if (exp == 0x1f)
    return mant ? NAN : sign * INFINITY;
  return sign * std::ldexp(float(mant | 0x400), exp - 25);
}

uint16_t floatToBF16(float value) {
  uint32_t x;
  std::memcpy(&x, &value, 4);
  if (std::isnan(value))
    return uint16_t((x >> 16) | 0x40);
  x += 0x7fff + ((x >> 16) & 1);
  return uint16_t(x >> 16);
}

float bf16ToFloat(uint16_t h) {
  uint32_t x = uint32_t(h) << 16;
  float value;
  std::memcpy(&value, &x, 4);
  return value;
}

void storeElement(DType type, void *base, uint64_t i, double value) {
  switch (type) {
  case DType::F32:
    static_cast<float *>(base)[i] = float(value);
    return;
  case DType::F64:
    static_cast<double *>(base)[i] = value;
    return;
  case DType::I32:
    static_cast<int32_t *>(base)[i] = int32_t(value);
    return;
  case DType::I64:
    static_cast<int64_t *>(base)[i] = int64_t(value);
    return;
  case DType::F16:
    static_cast<uint16_t *>(base)[i] = floatToHalf(float(value));
    return;
  case DType::BF16:
    static_cast<uint16_t *>(base)[i] = floatToBF16(float(value));
    return;
  }
}

double loadElement(DType type, const void *base, uint64_t i) {
  switch (type) {
  case DType::F32:
    return static_cast<const float *>(base)[i];
  case DType::F64:
    return static_cast<const double *>(base)[i];
  case DType::I32:
    return static_cast<const int32_t *>(base)[i];
  case DType::I64:
    return double(static_cast<const int64_t *>(base)[i]);
  case DType::F16:
    return halfToFloat(static_cast<const uint16_t *>(base)[i]);
  case DType::BF16:
    return bf16ToFloat(static_cast<const uint16_t *>(base)[i]);
  }
  return 0;
}

/// An output element the call must overwrite: NaN for floats, a value far
/// outside the data's range for integers.
double sentinel(DType type) {
  return isFloat(type) ? NAN : -1.0 * (1 << 30);
}

//===----------------------------------------------------------------------===//
// Data
//===----------------------------------------------------------------------===//

/// Deterministic rank-dependent inputs: small integers, so that a sum over
/// the G participants is exact in every data type whatever the reduction
/// order (f16 and bf16 included): values lie in [-M/2, M/2) with M a power
/// of two no larger than 2^digits / G, so every partial sum stays below
/// 2^(digits-1) in magnitude. M is capped at 256: small numbers read better
/// in a mismatch report, and 256 values still tell misplaced data apart.
class RunData {
public:
  RunData(DType type, uint32_t participants) {
    unsigned digits = dtypeDigits(type);
    uint64_t bound = participants ? (uint64_t(1) << std::min(digits, 62u)) /
                                        participants
                                  : 2;
    modulus = 2;
    while (modulus * 2 <= bound && modulus < 256)
      modulus *= 2;
  }

  double value(uint32_t rank, uint64_t index) const {
    uint64_t z = (uint64_t(rank) + 1) * 0x9E3779B97F4A7C15ull + index;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return double(int64_t(z & (modulus - 1)) - int64_t(modulus / 2));
  }

private:
  uint64_t modulus;
};

//===----------------------------------------------------------------------===//
// Buffers and the call
//===----------------------------------------------------------------------===//

/// A rank-1 memref descriptor as MLIR's C interface passes it.
struct MemRef1D {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};
using AlgorithmFn = int32_t (*)(MemRef1D *, MemRef1D *, int64_t);

/// Storage in 8-byte words, so every element type is aligned.
struct Storage {
  std::vector<uint64_t> words;
  void resize(uint64_t elements, DType type) {
    words.assign((elements * dtypeBytes(type) + 7) / 8 + 1, 0);
  }
  void *data() { return words.data(); }
};

struct RankBuffers {
  Storage inStorage, outStorage;
  MemRef1D in{}, out{};
  exec::BufferLengths lengths;
};

MemRef1D describe(void *base, uint64_t elements) {
  return MemRef1D{base, base, 0, int64_t(elements), 1};
}

/// Sets up `in` (filled) and `out` (sentinels) of `rank` for one call.
RankBuffers makeBuffers(const Manifest &m, const AlgorithmEntry &a,
                        uint32_t rank, const RunData &data, bool inPlace) {
  RankBuffers b;
  const exec::CallShape &shape = a.shape;
  b.lengths = exec::bufferLength(shape, rank, a.elements);
  uint64_t inLen = b.lengths.in, outLen = b.lengths.out;
  b.outStorage.resize(outLen, m.dtype);
  for (uint64_t i = 0; i < outLen; ++i)
    storeElement(m.dtype, b.outStorage.data(), i, sentinel(m.dtype));
  // In place (EXEC.md): `in` is the part of `out` it would be copied to.
  void *inBase = nullptr;
  if (inPlace && inLen && outLen) {
    uint64_t offset = 0;
    if (auto first = exec::slicePiece(shape, rank, exec::Buffer::In))
      offset = exec::pieceOffset(*first, shape.numPieces(), a.elements);
    inBase = static_cast<char *>(b.outStorage.data()) +
             offset * dtypeBytes(m.dtype);
  } else {
    b.inStorage.resize(inLen, m.dtype);
    inBase = b.inStorage.data();
  }
  for (uint64_t i = 0; i < inLen; ++i)
    storeElement(m.dtype, inBase, i, data.value(rank, i));
  auto shorten = [&](uint64_t length) {
    return length ? length - std::min(length, m.shortenBuffers) : 0;
  };
  b.in = describe(inBase ? inBase : b.outStorage.data(), shorten(inLen));
  b.out = describe(b.outStorage.data(), shorten(outLen));
  return b;
}

/// Element i of rank r's `in`, as the reference computation reads it:
/// through the element type and back, the data the call really sees. It is
/// computed again for every read, so that a check holds no copy of every
/// rank's data (8 ranks of 64 MiB would take 1 GB each).
exec::InputFn inputOf(const Manifest &m, const RunData &data) {
  return [&m, &data](uint32_t r, uint64_t i) {
    uint64_t word = 0;
    storeElement(m.dtype, &word, 0, data.value(r, i));
    return loadElement(m.dtype, &word, 0);
  };
}

//===----------------------------------------------------------------------===//
// The check
//===----------------------------------------------------------------------===//

/// The first wrong element of one rank's `out`, if any.
struct LocalVerdict {
  double wrong = 0; // 1 if a mismatch was found
  double index = 0, expected = 0, got = 0;
};

/// Floats may round differently in another reduction order: a sum of G
/// terms in any order is within (G-1)u * sum|x| of the exact value, plus
/// one rounding of the result (u: unit roundoff). The test data make every
/// sum exact, so this bound only matters for data that are not.
LocalVerdict checkRank(const Manifest &m, const AlgorithmEntry &a,
                       uint32_t rank, const void *out,
                       const exec::InputFn &input) {
  LocalVerdict verdict;
  std::vector<double> expected =
      exec::expectedOutput(a.shape, rank, a.elements, m.op, input);
  std::vector<double> magnitude;
  bool tolerant = isFloat(m.dtype) && m.op == exec::ReduceOp::Sum &&
                  isCombining(a.shape.kind);
  if (tolerant) {
    magnitude = exec::expectedOutput(
        a.shape, rank, a.elements, exec::ReduceOp::Sum,
        [&](uint32_t r, uint64_t i) { return std::fabs(input(r, i)); });
  }
  double u = std::ldexp(1.0, -int(dtypeDigits(m.dtype)));
  double terms = double(a.shape.participants.size());
  for (uint64_t i = 0; i < expected.size(); ++i) {
    double got = loadElement(m.dtype, out, i);
    double bound = tolerant ? terms * u * magnitude[i] : 0;
    if (!(std::fabs(got - expected[i]) <= bound)) {
      verdict = {1, double(i), expected[i], got};
      break;
    }
  }
  return verdict;
}

//===----------------------------------------------------------------------===//
// Collective bookkeeping over MPI_COMM_WORLD
//===----------------------------------------------------------------------===//

struct World {
  int rank = 0, size = 1;
};

/// The lowest rank's nonzero code, gathered at rank 0.
Outcome gatherReturnCodes(const World &w, int32_t code) {
  std::vector<int32_t> codes(size_t(w.size));
  MPI_Gather(&code, 1, MPI_INT32_T, codes.data(), 1, MPI_INT32_T, 0,
             MPI_COMM_WORLD);
  Outcome o;
  for (int r = 0; w.rank == 0 && r < w.size; ++r)
    if (codes[size_t(r)] != 0) {
      o.status = Outcome::Status::ReturnCode;
      o.rank = uint32_t(r);
      o.code = codes[size_t(r)];
      break;
    }
  return o;
}

/// The lowest rank's first wrong element, gathered at rank 0.
Outcome gatherVerdicts(const World &w, const LocalVerdict &local) {
  std::vector<LocalVerdict> all(size_t(w.size));
  MPI_Gather(&local, 4, MPI_DOUBLE, all.data(), 4, MPI_DOUBLE, 0,
             MPI_COMM_WORLD);
  Outcome o;
  for (int r = 0; w.rank == 0 && r < w.size; ++r)
    if (all[size_t(r)].wrong != 0) {
      o.status = Outcome::Status::Mismatch;
      o.rank = uint32_t(r);
      o.index = uint64_t(all[size_t(r)].index);
      o.expected = all[size_t(r)].expected;
      o.got = all[size_t(r)].got;
      break;
    }
  return o;
}

/// Rank 0's verdict, made known to every rank (they skip timing together).
bool agreeOk(const Outcome &atRoot) {
  int ok = atRoot.status == Outcome::Status::Ok;
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return ok != 0;
}

/// Median over `iterations` of the slowest rank's time for `call`.
template <typename Call>
double timeCalls(const World &w, unsigned iterations, Call call) {
  std::vector<double> slowest;
  for (unsigned i = 0; i < iterations; ++i) {
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    call();
    double mine = MPI_Wtime() - start, max = 0;
    MPI_Reduce(&mine, &max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    slowest.push_back(max);
  }
  if (w.rank != 0 || slowest.empty())
    return 0;
  std::sort(slowest.begin(), slowest.end());
  size_t n = slowest.size();
  return n % 2 ? slowest[n / 2] : (slowest[n / 2 - 1] + slowest[n / 2]) / 2;
}

//===----------------------------------------------------------------------===//
// The baseline: Open MPI's own collective
//===----------------------------------------------------------------------===//

/// f16 and bf16 have no MPI type in Open MPI 4: they travel as 16-bit
/// integers, and reductions use a user-defined operation over them.
DType userOpType = DType::F16;
exec::ReduceOp userOpKind = exec::ReduceOp::Sum;

void halfReduce(void *in, void *inout, int *len, MPI_Datatype *) {
  for (int i = 0; i < *len; ++i) {
    double a = loadElement(userOpType, in, uint64_t(i));
    double b = loadElement(userOpType, inout, uint64_t(i));
    double r = userOpKind == exec::ReduceOp::Sum   ? a + b
               : userOpKind == exec::ReduceOp::Max ? std::max(a, b)
                                                   : std::min(a, b);
    storeElement(userOpType, inout, uint64_t(i), r);
  }
}

MPI_Datatype mpiType(DType type) {
  switch (type) {
  case DType::F32:
    return MPI_FLOAT;
  case DType::F64:
    return MPI_DOUBLE;
  case DType::I32:
    return MPI_INT32_T;
  case DType::I64:
    return MPI_INT64_T;
  case DType::F16:
  case DType::BF16:
    return MPI_UINT16_T;
  }
  return MPI_DATATYPE_NULL;
}

/// Owns a user-defined MPI_Op when the type needs one.
struct ReduceOperation {
  MPI_Op op = MPI_OP_NULL;
  bool owned = false;
  ReduceOperation(DType type, exec::ReduceOp kind) {
    if (type == DType::F16 || type == DType::BF16) {
      userOpType = type;
      userOpKind = kind;
      MPI_Op_create(&halfReduce, 1, &op);
      owned = true;
      return;
    }
    op = kind == exec::ReduceOp::Sum   ? MPI_SUM
         : kind == exec::ReduceOp::Max ? MPI_MAX
                                       : MPI_MIN;
  }
  ~ReduceOperation() {
    if (owned)
      MPI_Op_free(&op);
  }
};

/// Open MPI's call for one shape, on a communicator of its participants
/// (in participant order, so participant q is rank q of `comm`).
struct Baseline {
  const Manifest &m;
  const AlgorithmEntry &a;
  const exec::CallShape &shape;
  MPI_Comm comm;
  int q = 0, rootQ = 0;
  std::vector<int> counts, displs;
  bool uniform = true;

  Baseline(const Manifest &m, const AlgorithmEntry &a, MPI_Comm comm)
      : m(m), a(a), shape(a.shape), comm(comm) {
    uint64_t g = shape.participants.size(), k = shape.chunksPerRank,
             p = shape.numPieces();
    for (uint64_t j = 0; j < g; ++j) {
      uint64_t first = exec::pieceOffset(j * k, p, a.elements);
      uint64_t last = exec::pieceOffset((j + 1) * k, p, a.elements);
      counts.push_back(int(last - first));
      displs.push_back(int(first));
      uniform &= counts.back() == counts.front();
    }
    for (size_t j = 0; j < shape.participants.size(); ++j)
      if (shape.root && shape.participants[j] == *shape.root)
        rootQ = int(j);
    if (comm != MPI_COMM_NULL)
      MPI_Comm_rank(comm, &q);
  }

  /// The MPI call's name, as the baseline row shows it.
  std::string name() const {
    switch (shape.kind) {
    case CollectiveKind::AllGather:
      return uniform ? "MPI_Allgather" : "MPI_Allgatherv";
    case CollectiveKind::ReduceScatter:
      return uniform ? "MPI_Reduce_scatter_block" : "MPI_Reduce_scatter";
    case CollectiveKind::AllReduce:
      return "MPI_Allreduce";
    case CollectiveKind::AllToAll:
      return "MPI_Alltoall";
    case CollectiveKind::Broadcast:
      return "MPI_Bcast";
    case CollectiveKind::Reduce:
      return "MPI_Reduce";
    case CollectiveKind::Gather:
      return uniform ? "MPI_Gather" : "MPI_Gatherv";
    case CollectiveKind::Scatter:
      return uniform ? "MPI_Scatter" : "MPI_Scatterv";
    }
    return "?";
  }

  void call(void *in, void *out, MPI_Op op) const {
    if (comm == MPI_COMM_NULL)
      return;
    MPI_Datatype t = mpiType(m.dtype);
    int e = int(a.elements), g = int(counts.size());
    switch (shape.kind) {
    case CollectiveKind::AllGather:
      if (uniform)
        MPI_Allgather(in, counts[0], t, out, counts[0], t, comm);
      else
        MPI_Allgatherv(in, counts[size_t(q)], t, out, counts.data(),
                       displs.data(), t, comm);
      return;
    case CollectiveKind::ReduceScatter:
      if (uniform)
        MPI_Reduce_scatter_block(in, out, counts[0], t, op, comm);
      else
        MPI_Reduce_scatter(in, out, counts.data(), t, op, comm);
      return;
    case CollectiveKind::AllReduce:
      MPI_Allreduce(in, out, e, t, op, comm);
      return;
    case CollectiveKind::AllToAll:
      MPI_Alltoall(in, e / g, t, out, e / g, t, comm);
      return;
    case CollectiveKind::Broadcast:
      if (q == rootQ)
        std::memcpy(out, in, a.elements * dtypeBytes(m.dtype));
      MPI_Bcast(out, e, t, rootQ, comm);
      return;
    case CollectiveKind::Reduce:
      MPI_Reduce(in, out, e, t, op, rootQ, comm);
      return;
    case CollectiveKind::Gather:
      if (uniform)
        MPI_Gather(in, counts[0], t, out, counts[0], t, rootQ, comm);
      else
        MPI_Gatherv(in, counts[size_t(q)], t, out, counts.data(),
                    displs.data(), t, rootQ, comm);
      return;
    case CollectiveKind::Scatter:
      if (uniform)
        MPI_Scatter(in, counts[0], t, out, counts[0], t, rootQ, comm);
      else
        MPI_Scatterv(in, counts.data(), displs.data(), t, out,
                     counts[size_t(q)], t, rootQ, comm);
      return;
    }
  }
};

//===----------------------------------------------------------------------===//
// One algorithm
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Fault injection (tacos-run --test-rank-fault, for its own tests)
//===----------------------------------------------------------------------===//

/// Does what the manifest's fault says, on its rank; the others go on into
/// the call and wait there for a rank that will never answer.
void injectFault(const Manifest &m, const World &w) {
  if (m.fault == FaultKind::None || m.faultRank != uint32_t(w.rank))
    return;
  std::fprintf(stderr, "tacos-run-rank: rank %d: injected fault '%s'\n",
               w.rank, faultKindName(m.fault));
  std::fflush(stderr);
  switch (m.fault) {
  case FaultKind::None:
    return;
  case FaultKind::Abort:
    std::abort();
  case FaultKind::Kill:
    raise(SIGKILL);
    return;
  case FaultKind::Exit:
    _exit(3);
  case FaultKind::Hang:
    while (true)
      pause();
  }
}

class Runner {
public:
  Runner(const Manifest &m, const World &w, void *library)
      : m(m), w(w), library(library) {}

  Outcome runAlgorithm(const AlgorithmEntry &a) {
    std::string symbol = "_mlir_ciface_" + a.name;
    auto fn = reinterpret_cast<AlgorithmFn>(dlsym(library, symbol.c_str()));
    int missing = fn == nullptr, anyMissing = 0;
    MPI_Allreduce(&missing, &anyMissing, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (anyMissing) {
      Outcome o;
      o.status = Outcome::Status::Error;
      o.message = "the compiled module has no function " + symbol;
      return o;
    }
    RunData data(m.dtype, uint32_t(a.shape.participants.size()));
    RankBuffers b = makeBuffers(m, a, uint32_t(w.rank), data, m.inPlace);
    int64_t elements = int64_t(a.elements);
    if (!faulted) {
      faulted = true;
      injectFault(m, w);
    }
    int32_t code = fn(&b.in, &b.out, elements);
    Outcome o = gatherReturnCodes(w, code);
    if (!agreeOk(o))
      return o;
    o = check(a, data, b.outStorage.data());
    if (!agreeOk(o))
      return o;
    o.seconds = timeCalls(w, m.iterations, [&] { fn(&b.in, &b.out, elements); });
    return o;
  }

  Outcome runBaseline(const AlgorithmEntry &a) {
    Outcome o;
    if (a.elements > uint64_t(INT_MAX)) {
      o.status = Outcome::Status::Skipped;
      o.message = "MPI counts are int: " + std::to_string(a.elements) +
                  " elements do not fit";
      return o;
    }
    // A communicator of the participants, in participant order.
    int color = MPI_UNDEFINED, key = 0;
    for (size_t j = 0; j < a.shape.participants.size(); ++j)
      if (a.shape.participants[j] == uint32_t(w.rank)) {
        color = 0;
        key = int(j);
      }
    MPI_Comm comm;
    MPI_Comm_split(MPI_COMM_WORLD, color, key, &comm);
    Baseline baseline(m, a, comm);
    ReduceOperation op(m.dtype, m.op);
    RunData data(m.dtype, uint32_t(a.shape.participants.size()));
    RankBuffers b = makeBuffers(m, a, uint32_t(w.rank), data, false);
    baseline.call(b.in.aligned, b.out.aligned, op.op);
    o = check(a, data, b.outStorage.data());
    if (agreeOk(o))
      o.seconds = timeCalls(w, m.iterations, [&] {
        baseline.call(b.in.aligned, b.out.aligned, op.op);
      });
    o.message = baseline.name();
    if (comm != MPI_COMM_NULL)
      MPI_Comm_free(&comm);
    return o;
  }

private:
  Outcome check(const AlgorithmEntry &a, const RunData &data,
                const void *out) {
    LocalVerdict local =
        checkRank(m, a, uint32_t(w.rank), out, inputOf(m, data));
    return gatherVerdicts(w, local);
  }

  const Manifest &m;
  const World &w;
  void *library;
  bool faulted = false;
};

/// Runs everything; returns what rank 0 writes.
Results runAll(const Manifest &m, const World &w) {
  Results results;
  void *library = dlopen(m.library.c_str(), RTLD_NOW | RTLD_LOCAL);
  int failed = library == nullptr, anyFailed = 0;
  MPI_Allreduce(&failed, &anyFailed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (anyFailed) {
    const char *why = dlerror();
    results.fatal = "cannot load " + m.library + ": " +
                    (why ? why : "failed on another rank");
    return results;
  }
  Runner runner(m, w, library);
  for (const AlgorithmEntry &a : m.algorithms) {
    results.algorithms.push_back(runner.runAlgorithm(a));
    if (m.baseline)
      results.baselines.push_back(runner.runBaseline(a));
  }
  return results;
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  World w;
  MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &w.size);
  if (argc == 3)
    if (FILE *marker =
            std::fopen(startedMarker(argv[2], uint32_t(w.rank)).c_str(), "w"))
      std::fclose(marker);
  if (argc != 3) {
    if (w.rank == 0)
      std::fprintf(stderr, "usage: tacos-run-rank MANIFEST RESULTS (started "
                           "by tacos-run under mpirun)\n");
    MPI_Finalize();
    return 1;
  }
  Manifest manifest;
  Results results;
  results.fatal = readManifest(argv[1], manifest);
  if (results.fatal.empty() && int64_t(w.size) != 0)
    for (const AlgorithmEntry &a : manifest.algorithms)
      if (a.shape.numRanks != uint32_t(w.size))
        results.fatal = "@" + a.name + " needs " +
                        std::to_string(a.shape.numRanks) + " ranks, mpirun started " +
                        std::to_string(w.size);
  if (results.fatal.empty())
    results = runAll(manifest, w);
  int status = 0;
  if (w.rank == 0) {
    std::string error = writeResults(results, argv[2]);
    if (!error.empty()) {
      std::fprintf(stderr, "tacos-run-rank: %s\n", error.c_str());
      status = 1;
    }
  }
  MPI_Finalize();
  return status;
}
