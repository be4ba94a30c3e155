//===- LibraInputs.h - Readers of the LIBRA / ASTRA-sim files ---*- C++ -*-===//
//
// Private to lib/Target/Libra. Each reader parses one file and reports every
// problem as an MLIR error at the line and column of the offending token
// (YAML syntax errors too), so tacos-translate can point at it.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_TARGET_LIBRA_LIBRAINPUTS_H
#define TACOS_LIB_TARGET_LIBRA_LIBRAINPUTS_H

#include "tacos/Libra/AstraWorkload.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>

namespace tacos::libra_import {

/// An error about a command-line option (it has no place in a file).
mlir::InFlightDiagnostic optionError(mlir::MLIRContext *context,
                                     llvm::StringRef option);

/// The one integer parse of these readers: decimal digits with an optional
/// '-' (no '+', spaces, fraction, exponent, hex, inf or nan), as ASTRA-sim
/// reads its integer columns. A value past int64 is an overflow, never
/// wrapped or read as a double.
enum class IntegerText { Valid, NotAnInteger, Overflow };
IntegerText parseInteger(llvm::StringRef text, int64_t &value);

/// One input file in its own SourceMgr: every diagnostic, including YAML
/// syntax errors reported by LLVM's parser, becomes an MLIR error at a
/// FileLineColLoc of this file.
class InputFile {
public:
  /// The diagnostic handler keeps `this`, so the object never moves.
  InputFile(std::unique_ptr<llvm::MemoryBuffer> buffer,
            mlir::MLIRContext *context);
  InputFile(const InputFile &) = delete;
  InputFile &operator=(const InputFile &) = delete;

  /// Reads `path`, given by --`option`; reports a file that cannot be read.
  static std::unique_ptr<InputFile> open(llvm::StringRef path,
                                         llvm::StringRef option,
                                         mlir::MLIRContext *context);

  llvm::MemoryBufferRef buffer() const {
    return sm.getMemoryBuffer(1)->getMemBufferRef();
  }
  llvm::StringRef text() const { return buffer().getBuffer(); }
  llvm::StringRef name() const { return buffer().getBufferIdentifier(); }

  /// The location of a pointer into text(), or of the file's start.
  mlir::Location loc(llvm::SMLoc at = llvm::SMLoc()) const;
  mlir::InFlightDiagnostic error(llvm::SMLoc at) const {
    return mlir::emitError(loc(at));
  }
  /// At a token, a StringRef into text().
  mlir::InFlightDiagnostic error(llvm::StringRef token) const {
    return error(llvm::SMLoc::getFromPointer(token.data()));
  }

  mlir::MLIRContext *context;
  llvm::SourceMgr sm;
};

/// A LIBRA network: Topology / NpusCount / CostDimension lists. Every
/// bandwidth is `?`; tiers are the CostDimension names.
struct LibraNetwork {
  std::vector<DimSpec> dims;
  std::vector<llvm::SMLoc> tierLocs; ///< for diagnostics about tiers
};
bool readNetwork(InputFile &file, int64_t latencyPs, LibraNetwork &out);

/// A LIBRA cost model: `<Tier>: {Link, Switch, Nic}` in $ per GB/s, in file
/// order.
bool readCostModel(InputFile &file, std::vector<libra::TierPrice> &prices);

/// A LIBRA communicator: Forward / InputGrad / WeightGrad, a group size (or
/// -1) per dimension of `dims`.
bool readCommunicator(InputFile &file, const std::vector<DimSpec> &dims,
                      libra::Communicator &out);

/// An ASTRA-sim 1.0 layer file, with or without its header; `starts` gets
/// where each layer's line starts.
bool readAstraLayers(InputFile &file, std::vector<libra::AstraLayer> &layers,
                     std::vector<llvm::SMLoc> &starts);

} // namespace tacos::libra_import

#endif // TACOS_LIB_TARGET_LIBRA_LIBRAINPUTS_H
