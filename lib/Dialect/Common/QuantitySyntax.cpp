//===- QuantitySyntax.cpp - Parsing and printing quantities ---------------===//

#include "tacos/Dialect/Common/QuantitySyntax.h"
#include "tacos/Network/Quantity.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"

#include <cstdlib>

using namespace mlir;

namespace tacos {

/// Parses `<number> <unit>` and converts it with `convert`, which returns an
/// error message. Integers are read exactly (APInt) so that huge values are
/// reported as out of range rather than wrapping.
/// A number, integer or not. Integers are read exactly (APInt) so that huge
/// values are rounded rather than wrapped.
static ParseResult parseNumber(AsmParser &parser, double &value,
                               std::optional<APInt> *integerRead = nullptr) {
  APInt integer;
  OptionalParseResult isInteger = parser.parseOptionalInteger(integer);
  if (!isInteger.has_value())
    return parser.parseFloat(value);
  if (failed(*isInteger))
    return failure();
  value = integer.roundToDouble(/*isSigned=*/true);
  if (integerRead)
    *integerRead = integer;
  return success();
}

/// MLIR lexes `1e300` as the integer 1 and the keyword `e300` (its floats
/// need a decimal point): true for such a keyword.
static bool isExponent(StringRef keyword) {
  return keyword.size() > 1 && (keyword[0] == 'e' || keyword[0] == 'E') &&
         llvm::all_of(keyword.drop_front(), llvm::isDigit);
}

/// Parses `<number> <unit>` and converts it with `convert`, which returns an
/// error message.
template <typename T, typename Convert>
static ParseResult parseQuantity(AsmParser &parser, QuantityKind kind,
                                 T &result, Convert convert) {
  SMLoc loc = parser.getCurrentLocation();
  double value;
  std::optional<APInt> integer;
  if (parseNumber(parser, value, &integer))
    return failure();
  SMLoc unitLoc = parser.getCurrentLocation();
  std::string unit;
  if (parser.parseOptionalKeywordOrString(&unit))
    return parser.emitError(unitLoc, "expected a unit (")
           << unitList(kind) << ")";
  if (integer && isExponent(unit)) {
    // Read the whole literal with strtod, so that it rounds once.
    value = std::strtod((llvm::toString(*integer, 10, /*Signed=*/true) + unit)
                            .c_str(),
                        nullptr);
    unitLoc = parser.getCurrentLocation();
    if (parser.parseOptionalKeywordOrString(&unit))
      return parser.emitError(unitLoc, "expected a unit (")
             << unitList(kind) << ")";
  }
  if (!unitScale(kind, unit))
    return parser.emitError(unitLoc, "unknown unit '")
           << unit << "'; expected one of " << unitList(kind);
  std::string error = convert(value, unit, result);
  if (!error.empty())
    return parser.emitError(loc, error);
  return success();
}

ParseResult parseBandwidth(AsmParser &parser, std::optional<double> &bps) {
  if (succeeded(parser.parseOptionalQuestion())) {
    bps = std::nullopt;
    return success();
  }
  double value;
  if (parseQuantity(parser, QuantityKind::Bandwidth, value, toBandwidth))
    return failure();
  // `450 GBps / 7`: a share, as switch unwinding prints it.
  if (succeeded(parser.parseOptionalSlash())) {
    SMLoc loc = parser.getCurrentLocation();
    int64_t divisor = 0;
    if (parser.parseInteger(divisor))
      return failure();
    if (divisor < 1)
      return parser.emitError(loc, "bandwidth divisor must be at least 1");
    value /= double(divisor);
  }
  bps = value;
  return success();
}

ParseResult parseTime(AsmParser &parser, int64_t &ps) {
  SMLoc loc = parser.getCurrentLocation();
  if (parseQuantity(parser, QuantityKind::Time, ps, toTime))
    return failure();
  // `9.606 ms + 12 ps`: a readable head and the exact rest, as printed.
  while (succeeded(parser.parseOptionalPlus())) {
    int64_t term = 0;
    if (parseQuantity(parser, QuantityKind::Time, term, toTime))
      return failure();
    // Each term is within the limit, so the sum cannot overflow; check it
    // against the limit like a single time.
    std::string error = toTime(double(ps + term), "ps", ps);
    if (!error.empty())
      return parser.emitError(loc, error);
  }
  return success();
}

ParseResult parseSize(AsmParser &parser, int64_t &bytes) {
  return parseQuantity(parser, QuantityKind::Size, bytes, toSize);
}

void printBandwidth(AsmPrinter &printer, std::optional<double> bps) {
  printer << (bps ? formatBandwidth(*bps) : std::string("?"));
}
void printTime(AsmPrinter &printer, int64_t ps) { printer << formatTime(ps); }
void printSize(AsmPrinter &printer, int64_t bytes) {
  printer << formatSize(bytes);
}

ParseResult parseSize(OpAsmParser &parser, IntegerAttr &attr) {
  int64_t bytes;
  if (parseSize(static_cast<AsmParser &>(parser), bytes))
    return failure();
  attr = parser.getBuilder().getI64IntegerAttr(bytes);
  return success();
}
void printSize(OpAsmPrinter &printer, Operation *, IntegerAttr attr) {
  printSize(printer, attr.getInt());
}
ParseResult parseTime(OpAsmParser &parser, IntegerAttr &attr) {
  int64_t ps;
  if (parseTime(static_cast<AsmParser &>(parser), ps))
    return failure();
  attr = parser.getBuilder().getI64IntegerAttr(ps);
  return success();
}
void printTime(OpAsmPrinter &printer, Operation *, IntegerAttr attr) {
  printTime(printer, attr.getInt());
}

ParseResult parseOptionalNumberIn(AsmParser &parser, StringRef keyword,
                                  std::optional<double> &value) {
  if (failed(parser.parseOptionalKeyword(keyword)))
    return success();
  double number;
  if (parser.parseLParen() || parseNumber(parser, number) ||
      parser.parseRParen())
    return failure();
  value = number;
  return success();
}

void printNumberIn(AsmPrinter &printer, StringRef keyword, double value) {
  printer << " " << keyword << "(" << formatNumber(value) << ")";
}

} // namespace tacos
