//===- AstraLayers.cpp - ASTRA-sim 1.0 layer text -> core layers ----------===//
//
// One layer per line, 12 whitespace-separated columns (examples/libra/
// README.md); files may start with a parallelism keyword line and/or a
// layer-count line. Tokens stay StringRefs into the file so that every
// error points at its column.
//
//===----------------------------------------------------------------------===//

#include "LibraInputs.h"

#include "tacos/Network/Quantity.h"

#include "llvm/ADT/StringExtras.h"

#include <cstdint>

using namespace mlir;
using namespace tacos;
using namespace tacos::libra_import;

namespace {

/// The whitespace-separated tokens of one line (spaces, tabs, the \r of
/// CRLF files); they point into the file, so each can be located.
llvm::SmallVector<llvm::StringRef, 12> tokenize(llvm::StringRef line) {
  llvm::SmallVector<llvm::StringRef, 12> tokens;
  size_t i = 0;
  while (true) {
    while (i < line.size() && llvm::isSpace(line[i]))
      ++i;
    if (i == line.size())
      return tokens;
    size_t start = i;
    while (i < line.size() && !llvm::isSpace(line[i]))
      ++i;
    tokens.push_back(line.slice(start, i));
  }
}

bool isNumber(llvm::StringRef token) {
  double value;
  return !token.getAsDouble(value);
}

/// ASTRA-sim's parallelism keywords are upper case (DATA, HYBRID_...); a
/// layer name rarely is, and a layer line has a number in column 2.
bool isParallelismHeader(llvm::ArrayRef<llvm::StringRef> tokens) {
  llvm::StringRef first = tokens.front();
  return llvm::all_of(first,
                      [](char c) { return llvm::isUpper(c) || c == '_'; }) &&
         (tokens.size() == 1 || !isNumber(tokens[1]));
}

/// Header lines are recognized only before the first layer: a keyword line
/// first, then a count line, each optional.
class LayerParser {
public:
  LayerParser(InputFile &file, std::vector<llvm::SMLoc> &starts)
      : file(file), starts(starts) {}

  bool parse(std::vector<libra::AstraLayer> &layers) {
    bool sawKeyword = false;
    std::optional<llvm::StringRef> countToken;
    llvm::SmallVector<llvm::StringRef> lines;
    file.text().split(lines, '\n');
    for (llvm::StringRef line : lines) {
      auto tokens = tokenize(line);
      if (tokens.empty())
        continue;
      if (layers.empty() && !sawKeyword && !countToken &&
          isParallelismHeader(tokens)) {
        sawKeyword = true;
        continue;
      }
      if (layers.empty() && !countToken && tokens.size() == 1 &&
          isNumber(tokens[0])) {
        countToken = tokens[0];
        continue;
      }
      layers.emplace_back();
      starts.push_back(llvm::SMLoc::getFromPointer(tokens.front().data()));
      if (!parseLayer(tokens, layers.back()))
        return false;
    }
    if (countToken) {
      int64_t count = 0;
      if (!integer(*countToken, "layer count", "an integer", kCount, count))
        return false;
      if (size_t(count) != layers.size()) {
        file.error(*countToken) << "the header says " << count
                                << " layers but the file has " << layers.size();
        return false;
      }
    }
    if (layers.empty()) {
      file.error(llvm::SMLoc()) << "the file has no layers";
      return false;
    }
    return true;
  }

private:
  bool parseLayer(llvm::ArrayRef<llvm::StringRef> t, libra::AstraLayer &layer) {
    if (t.size() != 12) {
      file.error(t.front())
          << "expected 12 columns (name reserved fwd_compute fwd_coll "
             "fwd_size ig_compute ig_coll ig_size wg_compute wg_coll wg_size "
             "update_time), got "
          << t.size();
      return false;
    }
    layer.name = t[0].str();
    int64_t reserved, update;
    return integer(t[1], "reserved", "an integer", kReserved, reserved) &&
           parsePhase(t.slice(2, 3), "fwd", layer.forward) &&
           parsePhase(t.slice(5, 3), "ig", layer.inputGrad) &&
           parsePhase(t.slice(8, 3), "wg", layer.weightGrad) &&
           integer(t[11], "update_time", "a whole number of ns", kNanoseconds,
                   update);
  }

  /// What a numeric column may hold, and how its messages say it.
  struct Range {
    int64_t min, max;
    /// After the number in messages (" ns"), and the bounds as people read
    /// them.
    const char *unit, *minText, *maxText;
  };
  /// A time: no phase alone may pass the limit the total is held to.
  static constexpr Range kNanoseconds{0, kMaxTimePs / 1000, " ns", "0",
                                      "1000 s"};
  static constexpr Range kBytes{0, kMaxSizeBytes, " bytes", "0", "1 PiB"};
  /// ASTRA-sim reads the column as an int.
  static constexpr Range kReserved{INT32_MIN, INT32_MAX, "", "-2147483648",
                                   "2147483647"};
  static constexpr Range kCount{0, INT64_MAX, "", "0", "2^63 - 1"};

  /// Every numeric column: ASTRA-sim reads each into an integer (Tick,
  /// uint64_t, int), so this takes what parseInteger does and refuses a
  /// value outside `range`, however large (update_time once took any
  /// double and dropped it). Reports at the token.
  bool integer(llvm::StringRef token, const llvm::Twine &column,
               llvm::StringRef expected, const Range &range, int64_t &value) {
    IntegerText parsed = parseInteger(token, value);
    if (parsed == IntegerText::NotAnInteger) {
      file.error(token) << column << ": expected " << expected << ", got '"
                        << token << "'";
      return false;
    }
    if (token.starts_with("-") && range.min == 0) {
      file.error(token) << column << ": must not be negative, got " << token;
      return false;
    }
    if (parsed == IntegerText::Overflow || value < range.min ||
        value > range.max) {
      file.error(token) << column << ": " << token << range.unit
                        << " is outside [" << range.minText << ", "
                        << range.maxText << "]";
      return false;
    }
    return true;
  }

  /// compute (ns), collective, size (bytes).
  bool parsePhase(llvm::ArrayRef<llvm::StringRef> t, llvm::StringRef prefix,
                  libra::AstraPhase &phase) {
    int64_t computeNs = 0;
    if (!integer(t[0], prefix + "_compute", "a whole number of ns",
                 kNanoseconds, computeNs))
      return false;
    phase.computeNs = double(computeNs);
    llvm::StringRef coll = t[1];
    if (coll == "ALLREDUCE")
      phase.collective = CollectiveKind::AllReduce;
    else if (coll == "ALLGATHER")
      phase.collective = CollectiveKind::AllGather;
    else if (coll == "REDUCESCATTER")
      phase.collective = CollectiveKind::ReduceScatter;
    else if (coll == "ALLTOALL")
      phase.collective = CollectiveKind::AllToAll;
    else if (coll != "NONE") {
      file.error(coll) << "unknown collective \"" << coll
                       << "\"; expected ALLREDUCE, ALLGATHER, REDUCESCATTER, "
                          "ALLTOALL or NONE";
      return false;
    }
    // Sizes are whole bytes, within what the IR can hold.
    int64_t bytes = 0;
    if (!integer(t[2], prefix + "_size", "a size in bytes", kBytes, bytes))
      return false;
    phase.bytes = double(bytes);
    return true;
  }

  InputFile &file;
  std::vector<llvm::SMLoc> &starts;
};

} // namespace

bool libra_import::readAstraLayers(InputFile &file,
                                   std::vector<libra::AstraLayer> &layers,
                                   std::vector<llvm::SMLoc> &starts) {
  return LayerParser(file, starts).parse(layers);
}
