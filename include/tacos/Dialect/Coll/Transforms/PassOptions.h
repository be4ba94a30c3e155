//===- PassOptions.h - Types of the coll passes' options --------*- C++ -*-===//
//
// The value types of the coll passes' (and tacos-pipeline's) options, each
// checked when the pipeline is parsed (tacos/Dialect/Common/PassOptions.h).
// Options whose values are a core enum use it directly (tacos::LinkModel,
// TransferForm); the rest are the pass layer's own.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_COLL_TRANSFORMS_PASSOPTIONS_H
#define TACOS_DIALECT_COLL_TRANSFORMS_PASSOPTIONS_H

#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Common/PassOptions.h"
#include "tacos/Dialect/Common/ResourceOptions.h"
#include "tacos/Network/LinkCost.h"
#include "tacos/Synthesis/Algorithms.h"

namespace tacos::coll {

/// Algorithms that fit in this many transfers are written one op per line
/// (materialize=auto, coll-decompose).
inline constexpr size_t kReadableLimit = 10000;

/// coll-synthesize materialize=: how to store the synthesized transfers.
enum class Materialization {
  /// Readable ops up to kReadableLimit transfers, else packed.
  Auto,
  Ops,
  Packed,
  /// Time and transfer count only.
  None
};

/// coll-simulate latency=: the link model to time with.
enum class SimulationLatency {
  /// The algorithm's own `latency(...)`: the option was not given.
  Own,
  Blocking,
  Pipelined
};

/// coll-decompose phases=.
enum class DecomposePhases { Pipelined, Strict };

/// coll-report format=.
enum class ReportFormat { Text, Json };

/// coll-synthesize algorithm=: a synthesizer's name, checked against the
/// core catalogue's name table (Synthesis/Algorithms.h) when the option is
/// parsed; the pass then parses it with parseAlgorithm.
struct AlgorithmName : std::string {
  using std::string::string;
  AlgorithmName(std::string name) : std::string(std::move(name)) {}
};

} // namespace tacos::coll

TACOS_ENUM_OPTION_PARSER(::tacos::LinkModel);
TACOS_ENUM_OPTION_PARSER(::tacos::coll::TransferForm);
TACOS_ENUM_OPTION_PARSER(::tacos::coll::Materialization);
TACOS_ENUM_OPTION_PARSER(::tacos::coll::SimulationLatency);
TACOS_ENUM_OPTION_PARSER(::tacos::coll::DecomposePhases);
TACOS_ENUM_OPTION_PARSER(::tacos::coll::ReportFormat);

/// A string option restricted to the catalogue's algorithm names.
template <>
class llvm::cl::parser<::tacos::coll::AlgorithmName>
    : public llvm::cl::parser<std::string> {
  ::tacos::OptionNoun noun{"", "algorithm"};

public:
  using llvm::cl::parser<std::string>::parser;

  void setNoun(const ::tacos::OptionNoun &newNoun) { noun = newNoun; }

  bool parse(Option &option, StringRef, StringRef arg, std::string &value) {
    if (!::tacos::parseAlgorithm(arg.str())) {
      std::vector<llvm::StringRef> names;
      for (::tacos::Algorithm a : ::tacos::allAlgorithms())
        names.push_back(::tacos::algorithmName(a));
      return ::tacos::rejectOptionValue(option, noun, arg, names);
    }
    value = arg.str();
    return false;
  }
};

#endif // TACOS_DIALECT_COLL_TRANSFORMS_PASSOPTIONS_H
