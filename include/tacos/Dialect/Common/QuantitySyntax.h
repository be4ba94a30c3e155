//===- QuantitySyntax.h - Parsing and printing quantities -------*- C++ -*-===//
//
// `50 GiBps`, `0.5 us`, `1 GiB` and `?` in op and attribute syntax. Every
// parse error is located at the offending token and says which units exist.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_COMMON_QUANTITYSYNTAX_H
#define TACOS_DIALECT_COMMON_QUANTITYSYNTAX_H

#include "mlir/IR/OpImplementation.h"
#include <optional>

namespace tacos {

/// `<number> <unit>` or `?` (returns nullopt).
mlir::ParseResult parseBandwidth(mlir::AsmParser &parser,
                                 std::optional<double> &bps);
/// `<number> <unit>`, a duration >= 0.
mlir::ParseResult parseTime(mlir::AsmParser &parser, int64_t &ps);
mlir::ParseResult parseSize(mlir::AsmParser &parser, int64_t &bytes);

void printBandwidth(mlir::AsmPrinter &printer, std::optional<double> bps);
void printTime(mlir::AsmPrinter &printer, int64_t ps);
void printSize(mlir::AsmPrinter &printer, int64_t bytes);

/// `<keyword>(<number>)` if the keyword comes next (prices, weights);
/// `value` stays unset otherwise.
mlir::ParseResult parseOptionalNumberIn(mlir::AsmParser &parser,
                                        llvm::StringRef keyword,
                                        std::optional<double> &value);
/// Prints ` <keyword>(<number>)` with the shortest exact number.
void printNumberIn(mlir::AsmPrinter &printer, llvm::StringRef keyword,
                   double value);

/// For declarative assembly formats: `custom<Size>($size)`, `custom<Time>`.
mlir::ParseResult parseSize(mlir::OpAsmParser &parser, mlir::IntegerAttr &attr);
void printSize(mlir::OpAsmPrinter &printer, mlir::Operation *,
               mlir::IntegerAttr attr);
mlir::ParseResult parseTime(mlir::OpAsmParser &parser, mlir::IntegerAttr &attr);
void printTime(mlir::OpAsmPrinter &printer, mlir::Operation *,
               mlir::IntegerAttr attr);

} // namespace tacos

#endif // TACOS_DIALECT_COMMON_QUANTITYSYNTAX_H
