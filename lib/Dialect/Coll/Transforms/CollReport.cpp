//===- CollReport.cpp - Time, bandwidth and bounds of algorithms ----------===//

#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Dialect/Coll/Transforms/ReportViolation.h"
#include "tacos/Dialect/Coll/Transforms/SynthesisTimes.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Network/Quantity.h"
#include "tacos/Support/ReportSink.h"
#include "tacos/Synthesis/Algorithms.h"
#include "tacos/Synthesis/LowerBounds.h"
#include "tacos/Synthesis/ThroughputBound.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ToolOutputFile.h"

namespace tacos::coll {
#define GEN_PASS_DEF_COLLREPORT
#include "tacos/Dialect/Coll/Transforms/Passes.h.inc"
} // namespace tacos::coll

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {

/// What the report says about one algorithm; text and JSON print the same.
struct Row {
  std::string name;
  CollectiveKind kind = CollectiveKind::AllGather;
  int64_t npus = 0, chunks = 0, sizeBytes = 0, timePs = 0;
  ChunkSizes chunkSizes;
  size_t transfers = 0;
  /// Checked in this run: natively by the report itself, with Z3 by
  /// coll-verify-smt earlier in the pipeline. `check` says why not verified.
  bool verified = false, verifiedSmt = false;
  std::string check;
  std::optional<double> synthesisMs;
  std::optional<LowerBounds> bounds;
  /// The network is an unwound model of switches (topo-unwind-switches):
  /// its bounds hold for that model only, and the certificate is against
  /// `hardwarePs`, the throughput bound of the hardware it records
  /// (nothing when it records none).
  bool unwound = false;
  std::optional<int64_t> hardwarePs;
  /// What the bounds prove about `timePs`: only for a time the native
  /// verifier checked in this run (the input's time is a claim).
  std::optional<OptimalityCertificate> certificate;
  std::vector<std::pair<std::string, std::optional<int64_t>>> baselines;
  std::vector<std::string> baselineNotes;
  /// `best`'s verdict, when it ran in this run: the winner, every
  /// candidate's verified time or refusal, the seeds tacos ran.
  std::optional<SynthesisTimes::BestVerdict> best;
  /// The exact (Z3) optimum's time, steps and rounds, if computed.
  std::optional<int64_t> exactPs;
  /// All-Reduce: the time with strict (unpipelined) phases.
  std::optional<int64_t> strictPhasesPs;
  unsigned exactSteps = 0, exactRounds = 0;
  std::string exactNote;
  /// What the exact search proved (AlgorithmResult), or the bounds'
  /// certificate of its time: the optimum is then exactPs. Otherwise it
  /// lies in (exactInfeasiblePs, exactPs] (-1: nothing proved beyond the
  /// bounds).
  bool exactOptimal = false;
  int64_t exactInfeasiblePs = -1;
  std::string exactProof, exactVerdict;
  double exactMs = 0, exactFirstBestMs = 0;
};

double toUs(int64_t ps) { return double(ps) / 1e6; }

/// A bound of INT64_MAX means "cannot be reached"; print it as such.
std::optional<double> boundUs(int64_t ps) {
  if (ps == INT64_MAX)
    return std::nullopt;
  return toUs(ps);
}

/// time / reference, or nothing when the reference is unreachable or zero
/// (a collective on one NPU takes 0 ps and so does its bound): JSON has no
/// NaN.
std::optional<double> ratio(int64_t timePs, int64_t referencePs) {
  if (referencePs == 0 || referencePs == INT64_MAX)
    return std::nullopt;
  return double(timePs) / double(referencePs);
}

/// time / reference in as many digits as it takes not to read 1.0000 when
/// the time is above (formatRatio), or n/a where ratio() has none.
std::string ratioText(int64_t timePs, int64_t referencePs) {
  if (!ratio(timePs, referencePs))
    return "n/a";
  return formatRatio(timePs, referencePs);
}

llvm::json::Value optionalNumber(std::optional<double> value) {
  return value ? llvm::json::Value(*value) : llvm::json::Value(nullptr);
}

struct CollReportPass : coll::impl::CollReportBase<CollReportPass> {
  using CollReportBase::CollReportBase;

  void runOnOperation() override {
    std::optional<std::reference_wrapper<SynthesisTimes>> times =
        getCachedAnalysis<SynthesisTimes>();
    SymbolTableCollection symbols;
    std::vector<Row> rows;
    limits = resourceLimits(maxMemory, timeout);
    for (AlgorithmOp algorithm : getOperation().getOps<AlgorithmOp>()) {
      FailureOr<Row> row = describe(algorithm, symbols, times);
      if (failed(row))
        return signalPassFailure();
      rows.push_back(std::move(*row));
    }

    std::string text;
    llvm::raw_string_ostream os(text);
    if (format == ReportFormat::Json)
      printJson(os, rows);
    else
      printText(os, rows);
    // The terminal (stderr by default, stdout for '-'), or an embedder's
    // sink instead (ReportSink.h).
    if (output.empty() || output == "-") {
      writeReport(&getContext(), text,
                  output.empty() ? llvm::errs() : llvm::outs());
    } else {
      std::string error;
      std::unique_ptr<llvm::ToolOutputFile> file =
          openOutputFile(output, &error);
      if (!file) {
        mlir::emitError(getOperation().getLoc(), "coll-report: ") << error;
        return signalPassFailure();
      }
      file->os() << text;
      file->keep();
    }
    markAllAnalysesPreserved();
  }

  FailureOr<Row>
  describe(AlgorithmOp algorithm, SymbolTableCollection &symbols,
           std::optional<std::reference_wrapper<SynthesisTimes>> times) {
    FailureOr<CollectiveModel> collective = buildCollectiveModel(
        algorithm, symbols, &getAnalysis<topo::NetworkModels>());
    if (failed(collective))
      return failure();
    FailureOr<size_t> transfers = countTransfers(algorithm);
    if (failed(transfers))
      return failure();
    Row row;
    row.name = algorithm.getSymName().str();
    row.kind = algorithm.getCollectiveKind();
    const CollectiveSpec &spec = collective->spec;
    int64_t numNpus = collective->network.numNpus();
    row.npus = spec.participants(numNpus);
    row.chunks = spec.numChunks(numNpus);
    row.chunkSizes = spec.chunkSizes(numNpus);
    row.sizeBytes = spec.sizeBytes;
    row.timePs = algorithm.getTime();
    row.transfers = *transfers;
    row.check = recheck(algorithm, symbols);
    row.verified = row.check.empty();
    if (auto smt = getCachedAnalysis<SmtVerdicts>())
      row.verifiedSmt = smt->get().proven.contains(row.name);
    // Only what was computed in this run: the input's
    // `coll.strict_phases_time` is a claim nothing here can check.
    if (times) {
      auto strict = times->get().strictPhasesPs.find(row.name);
      if (strict != times->get().strictPhasesPs.end())
        row.strictPhasesPs = strict->second;
      auto it = times->get().milliseconds.find(row.name);
      if (it != times->get().milliseconds.end())
        row.synthesisMs = it->second;
      auto best = times->get().best.find(row.name);
      if (best != times->get().best.end())
        row.best = best->second;
    }
    tacos::LinkModel model = toCore(algorithm.getLinkModel());
    row.bounds =
        computeCollectiveBounds(collective->network, collective->spec, model);
    row.unwound = topo::isUnwound(topo::collectNetworkOps(collective->networkOp));
    if (row.unwound) {
      if (std::optional<Network> hardware =
              topo::buildHardwareModel(collective->networkOp))
        if (std::optional<ThroughputBound> bound =
                computeThroughputBound(*hardware, collective->spec))
          row.hardwarePs = bound->ps;
    }
    if (row.verified && row.bounds && !row.unwound)
      row.certificate = certify(row.timePs, *row.bounds);
    if (row.verified && row.hardwarePs) {
      // Only the hardware's bound holds for the hardware.
      LowerBounds hardware;
      hardware.ingressPs = 0;
      hardware.throughputPs = *row.hardwarePs;
      row.certificate = certify(row.timePs, hardware);
    }
    if (exact)
      compareExact(row, *collective, model, limits);
    if (baselines)
      compareBaselines(row, *collective, model, limits);
    return row;
  }

  /// The exact (Z3) optimum of the same collective, through the catalogue.
  static void compareExact(Row &row, const CollectiveModel &collective,
                           tacos::LinkModel model,
                           const ResourceLimits &limits) {
    AlgorithmOptions options;
    options.algorithm = Algorithm::Exact;
    options.model = model;
    options.limits = limits;
    AlgorithmResult optimum =
        synthesize(collective.network, collective.spec, options);
    if (!optimum.error.empty()) {
      row.exactNote = optimum.error;
      return;
    }
    row.exactPs = optimum.timePs;
    row.exactSteps = optimum.steps;
    row.exactRounds = optimum.rounds;
    row.exactInfeasiblePs = optimum.provedInfeasiblePs;
    row.exactMs = optimum.synthesisMs;
    row.exactFirstBestMs = optimum.firstBestMs;
    // The catalogue verified the exact schedule, so the bounds may certify
    // its time even where the search proved nothing.
    ExactVerdict verdict =
        judgeExact(optimum.timePs, optimum.optimal, optimum.proof,
                   optimum.provedInfeasiblePs, row.bounds);
    row.exactOptimal = verdict.optimal;
    row.exactProof = verdict.proof;
    row.exactVerdict = verdict.text;
  }

  /// Every baseline of the catalogue on the same collective. One that
  /// would need more memory than max-memory= allows is skipped with the
  /// estimate as its note; the report goes on.
  static void compareBaselines(Row &row, const CollectiveModel &collective,
                               tacos::LinkModel model,
                               const ResourceLimits &limits) {
    for (Algorithm baseline : allAlgorithms()) {
      if (!isBaseline(baseline))
        continue;
      AlgorithmOptions options;
      options.algorithm = baseline;
      options.model = model;
      options.limits = limits;
      AlgorithmResult timed =
          synthesize(collective.network, collective.spec, options);
      std::optional<int64_t> time;
      if (timed.error.empty())
        time = timed.timePs;
      row.baselines.push_back({algorithmName(baseline), time});
      if (!timed.error.empty())
        row.baselineNotes.push_back(std::string(algorithmName(baseline)) +
                                    ": " + timed.error);
    }
  }

  /// Runs the native verifier (fast, and independent of the synthesizer)
  /// unless coll-verify passed the algorithm earlier in this run: the
  /// report states only what was checked in this run, never the
  /// `coll.verified` attribute, which the input may carry on anything.
  /// Returns why the algorithm is not verified, or "" if it is.
  std::string recheck(AlgorithmOp algorithm, SymbolTableCollection &symbols) {
    if (algorithm.getUnmaterialized())
      return "not checked: transfers not materialized";
    if (auto verdicts = getCachedAnalysis<NativeVerdicts>();
        verdicts && verdicts->get().verified.contains(algorithm.getSymName()))
      return "";
    FailureOr<AlgorithmModel> model = buildAlgorithmModel(
        algorithm, symbols, "coll-report", &getAnalysis<topo::NetworkModels>());
    if (failed(model))
      return "not checked: the transfers cannot be read";
    std::vector<Violation> found = verifyAlgorithm(
        model->collective.network, model->spec, model->transfers.view(),
        algorithm.getTime(), VerificationOptions{1});
    if (found.empty())
      return "";
    return std::string("invalid: ") + propertyName(found[0].property) + ": " +
           found[0].message;
  }

  /// How much faster the winner is than the next candidate: their ratio.
  static std::optional<double> bestMargin(const Row &row) {
    std::optional<int64_t> next;
    for (const BestCandidate &each : row.best->candidates)
      if (each.refusal.empty() && each.algorithm != row.best->winner &&
          (!next || each.timePs < *next))
        next = each.timePs;
    if (!next)
      return std::nullopt;
    return ratio(*next, row.timePs);
  }

  /// The seeds tacos ran under `best`.
  static unsigned tacosSeeds(const SynthesisTimes::BestVerdict &best) {
    for (const BestCandidate &each : best.candidates)
      if (each.algorithm == Algorithm::Tacos)
        return each.seeds;
    return 0;
  }

  /// "best  direct won, 1.50x faster than the next; tacos 243.000 us
  /// (1.50x), ring ... ; hierarchical n/a; tacos seeds 1".
  static void printBest(llvm::raw_ostream &os, const Row &row) {
    os << "  best         " << algorithmName(row.best->winner) << " won";
    if (std::optional<double> margin = bestMargin(row))
      os << (*margin > 1 ? llvm::formatv(", {0:F2}x faster than the next",
                                         *margin)
                                 .str()
                         : std::string(", tied with the next (found first)"));
    os << ";";
    for (const BestCandidate &each : row.best->candidates) {
      if (each.algorithm == row.best->winner)
        continue;
      os << " " << algorithmName(each.algorithm) << " ";
      if (!each.refusal.empty()) {
        os << "n/a;";
        continue;
      }
      os << llvm::formatv("{0:F3} us", toUs(each.timePs));
      if (std::optional<double> r = ratio(each.timePs, row.timePs))
        os << llvm::formatv(" ({0:F2}x)", *r);
      os << ";";
    }
    os << " tacos seeds " << tacosSeeds(*row.best) << "\n";
  }

  static double algbwGBps(const Row &row) {
    return row.timePs ? double(row.sizeBytes) / (double(row.timePs) * 1e-12) /
                            1e9
                      : 0;
  }

  void printText(llvm::raw_ostream &os, const std::vector<Row> &rows) {
    for (const Row &row : rows) {
      double algbw = algbwGBps(row);
      os << "algorithm @" << row.name << ": " << collectiveName(row.kind)
         << ", "
         << row.npus << " NPUs, " << row.chunks << " chunks of "
         << row.chunkSizes.smallest();
      // Whole-byte chunks of one collective differ by at most one byte.
      if (!row.chunkSizes.uniform())
        os << "-" << row.chunkSizes.largest();
      os << " B ("
         << formatSize(row.sizeBytes) << ")\n";
      os << "  time         " << llvm::format("%.3f", toUs(row.timePs))
         << " us  (algbw " << llvm::format("%.2f", algbw) << " GB/s, busbw "
         << llvm::format("%.2f", algbw * busFactor(row.kind, row.npus))
         << " GB/s)\n";
      if (row.bounds) {
        const LowerBounds &b = *row.bounds;
        auto us = [](int64_t ps) -> std::string {
          std::optional<double> v = boundUs(ps);
          return v ? llvm::formatv("{0:F3}", *v).str() : "unreachable";
        };
        os << "  lower bound  " << us(b.best()) << " us  (ratio "
           << ratioText(row.timePs, b.best())
           << "; ingress " << us(b.ingressPs) << ", latency "
           << us(b.latencyPs) << ", discrete " << us(b.discretePs)
           << ", cut " << (b.cutPs ? us(*b.cutPs) : std::string("n/a"));
        if (b.loadPs)
          os << ", load " << us(*b.loadPs);
        os << ", path " << us(b.pathPs) << ", occupancy " << us(b.occupancyPs);
        if (b.volumePs)
          os << ", volume " << us(*b.volumePs);
        os << ", throughput "
           << (b.throughputPs ? us(*b.throughputPs) : std::string("n/a"));
        os << ")\n";
        if (row.unwound)
          os << "  network      switches unwound (the TACOS paper's model): "
                "the bounds above hold for it only; hardware throughput "
             << (row.hardwarePs ? us(*row.hardwarePs) + " us"
                                : std::string("n/a (no record of the switches)"))
             << "\n";
        if (row.certificate)
          os << "  certificate  "
             << (row.certificate->optimal ? "optimal: "
                 : row.certificate->contradiction ? "none: "
                                                  : "")
             << row.certificate->describe()
             << (row.unwound ? " of the hardware" : "") << "\n";
        else if (!row.verified)
          os << "  certificate  none: the time is not verified\n";
        else
          os << "  certificate  none: no bound of the hardware\n";
      }
      if (row.strictPhasesPs)
        os << "  phases       pipelined; strict phases would take "
           << llvm::format("%.3f", toUs(*row.strictPhasesPs)) << " us (gain "
           << llvm::format("%.2f", 100.0 * (1.0 - double(row.timePs) /
                                                      double(*row.strictPhasesPs)))
           << " %)\n";
      os << "  transfers    " << row.transfers << "  ("
         << (row.verified ? "verified" : row.check)
         << (row.verifiedSmt ? ", verified by z3" : "") << ")\n";
      if (row.exactPs)
        os << "  exact        " << llvm::format("%.3f", toUs(*row.exactPs))
           << " us  (" << row.exactVerdict << "; "
           // A search in time rather than in steps and rounds has none.
           << (row.exactSteps || row.exactRounds
                   ? llvm::formatv("{0} steps, {1} rounds; ", row.exactSteps,
                                   row.exactRounds)
                         .str()
                   : std::string())
           << "time / exact " << ratioText(row.timePs, *row.exactPs)
           << ")\n";
      else if (!row.exactNote.empty())
        os << "  exact        n/a (" << row.exactNote << ")\n";
      if (row.synthesisMs)
        os << "  synthesis    " << llvm::format("%.1f", *row.synthesisMs)
           << " ms\n";
      if (row.best)
        printBest(os, row);
      if (!row.baselines.empty()) {
        os << "  baselines   ";
        for (auto &[name, time] : row.baselines)
          os << " " << name << " "
             << (time ? llvm::formatv("{0:F3} us", toUs(*time)).str()
                      : std::string("n/a"))
             << (time && row.timePs
                     ? llvm::formatv(" ({0:F2}x)", double(*time) /
                                                       double(row.timePs))
                           .str()
                     : std::string())
             << ";";
        os << "\n";
        for (const std::string &note : row.baselineNotes)
          os << "    " << note << "\n";
      }
    }
    // The bound names and the busbw factors need explaining once, not per
    // algorithm.
    if (!rows.empty())
      os << "(lower bounds and busbw: docs/Reports.md)\n";
  }

  /// The limits of the baselines and exact schedules (options).
  ResourceLimits limits;

  void printJson(llvm::raw_ostream &os, const std::vector<Row> &rows) {
    llvm::json::Array array;
    for (const Row &row : rows) {
      double algbw = algbwGBps(row);
      llvm::json::Object object{
          {"name", row.name},
          {"collective", collectiveName(row.kind)},
          {"npus", row.npus},
          {"chunks", row.chunks},
          {"chunk_bytes", int64_t(row.chunkSizes.largest())},
          {"size_bytes", row.sizeBytes},
          {"time_us", toUs(row.timePs)},
          {"transfers", int64_t(row.transfers)},
          {"synthesis_ms", optionalNumber(row.synthesisMs)},
          // Checked in this run (see Row).
          {"verified", row.verified},
          {"verified_smt", row.verifiedSmt},
          {"algbw_gbps", algbw},
          {"busbw_gbps",
           algbw * busFactor(row.kind, row.npus)},
      };
      if (!row.verified)
        object["verification"] = row.check;
      if (row.bounds) {
        const LowerBounds &b = *row.bounds;
        object["lower_bound_us"] = optionalNumber(boundUs(b.best()));
        object["ratio_to_bound"] = optionalNumber(ratio(row.timePs, b.best()));
        object["lower_bounds_us"] = llvm::json::Object{
            {"ingress", optionalNumber(boundUs(b.ingressPs))},
            {"latency", optionalNumber(boundUs(b.latencyPs))},
            {"discrete", optionalNumber(boundUs(b.discretePs))},
            {"cut", b.cutPs ? optionalNumber(boundUs(*b.cutPs))
                            : llvm::json::Value(nullptr)},
            {"load", b.loadPs ? optionalNumber(boundUs(*b.loadPs))
                              : llvm::json::Value(nullptr)},
            {"path", optionalNumber(boundUs(b.pathPs))},
            {"occupancy", optionalNumber(boundUs(b.occupancyPs))},
            {"volume", b.volumePs ? optionalNumber(boundUs(*b.volumePs))
                                  : llvm::json::Value(nullptr)},
            {"throughput", b.throughputPs
                               ? optionalNumber(boundUs(*b.throughputPs))
                               : llvm::json::Value(nullptr)}};
        object["best_bound"] = b.bestName();
      } else {
        object["lower_bound_us"] = nullptr;
      }
      object["unwound"] = row.unwound;
      if (row.unwound)
        object["hardware_throughput_bound_us"] =
            row.hardwarePs ? optionalNumber(boundUs(*row.hardwarePs))
                           : llvm::json::Value(nullptr);
      if (row.certificate)
        object["certificate"] = llvm::json::Object{
            {"optimal", row.certificate->optimal},
            {"bound", row.certificate->bound},
            {"bound_us", optionalNumber(boundUs(row.certificate->boundPs))},
            {"gap", optionalNumber(row.certificate->gap)}};
      else
        object["certificate"] = nullptr;
      if (row.strictPhasesPs)
        object["strict_phases_us"] = toUs(*row.strictPhasesPs);
      if (row.exactPs) {
        object["exact_us"] = toUs(*row.exactPs);
        object["optimality_gap"] =
            optionalNumber(ratio(row.timePs, *row.exactPs));
        object["exact_steps"] = int64_t(row.exactSteps);
        object["exact_rounds"] = int64_t(row.exactRounds);
        object["exact_optimal"] = row.exactOptimal;
        object["exact_proved_infeasible_us"] =
            row.exactInfeasiblePs >= 0
                ? llvm::json::Value(toUs(row.exactInfeasiblePs))
                : llvm::json::Value(nullptr);
        object["exact_proof"] = row.exactProof;
        object["exact_synthesis_ms"] = row.exactMs;
        object["exact_first_best_ms"] = row.exactFirstBestMs;
      } else if (!row.exactNote.empty()) {
        object["exact_note"] = row.exactNote;
      }
      if (row.best) {
        llvm::json::Object candidates;
        for (const BestCandidate &each : row.best->candidates)
          candidates[algorithmName(each.algorithm)] =
              each.refusal.empty() ? llvm::json::Value(toUs(each.timePs))
                                   : llvm::json::Value(nullptr);
        object["best"] = llvm::json::Object{
            {"winner", algorithmName(row.best->winner)},
            {"candidates_us", std::move(candidates)},
            {"tacos_seeds", tacosSeeds(*row.best)},
            {"margin", optionalNumber(bestMargin(row))}};
      }
      if (!row.baselines.empty()) {
        llvm::json::Object baselines;
        for (auto &[name, time] : row.baselines)
          baselines[name] = time ? llvm::json::Value(toUs(*time))
                                 : llvm::json::Value(nullptr);
        object["baselines_us"] = std::move(baselines);
        if (!row.baselineNotes.empty()) {
          llvm::json::Array notes;
          for (const std::string &note : row.baselineNotes)
            notes.push_back(note);
          object["baseline_notes"] = std::move(notes);
        }
      }
      array.push_back(std::move(object));
    }
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(array))) << "\n";
  }
};

} // namespace
