//===- QuantitySyntax.cpp - Parsing and printing quantities ---------------===//

#include "tacos/Dialect/Common/QuantitySyntax.h"
#include "tacos/Network/Quantity.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"

#include <cstdlib>

using namespace mlir;

namespace tacos {

/// A number, integer or not. Integers are read exactly (APInt) so that huge
/// values are rounded rather than wrapped; `integerRead` gets the spelling
/// of an integer (sign included), for the exponent MLIR's lexer splits off.
static ParseResult parseNumber(AsmParser &parser, double &value,
                               std::string *integerRead = nullptr) {
  // The sign is read here: the parser's APInt for a large magnitude has no
  // sign bit (2^63 - 1 would read as -1 if taken as signed).
  bool negative = succeeded(parser.parseOptionalMinus());
  APInt magnitude;
  OptionalParseResult isInteger = parser.parseOptionalInteger(magnitude);
  if (!isInteger.has_value()) {
    if (parser.parseFloat(value))
      return failure();
    if (negative)
      value = -value;
    return success();
  }
  if (failed(*isInteger))
    return failure();
  value = magnitude.roundToDouble(/*isSigned=*/false);
  if (negative)
    value = -value;
  if (integerRead)
    *integerRead = (negative ? "-" : "") +
                   llvm::toString(magnitude, 10, /*Signed=*/false);
  return success();
}

/// MLIR lexes `1e300` as the integer 1 and the keyword `e300` (its floats
/// need a decimal point), and `1e-6` as 1, `e`, -6: true for such a keyword.
static bool isExponent(StringRef keyword) {
  return keyword.size() > 0 && (keyword[0] == 'e' || keyword[0] == 'E') &&
         llvm::all_of(keyword.drop_front(), llvm::isDigit);
}

/// The rest of a number whose integer part `integer` MLIR lexed apart from
/// its exponent keyword `exponent` (isExponent): the exponent's sign and
/// digits when the keyword is a bare `e`. Sets `value` to the whole literal.
static ParseResult parseExponent(AsmParser &parser, const std::string &integer,
                                 StringRef exponent, double &value) {
  std::string literal = integer + exponent.str();
  if (exponent.size() == 1) { // `1e-6`, `1e+3`: the exponent's sign and digits
    bool minus = succeeded(parser.parseOptionalMinus());
    if (!minus)
      (void)parser.parseOptionalPlus();
    uint64_t digits = 0;
    if (parser.parseInteger(digits))
      return failure();
    literal += (minus ? "-" : "") + std::to_string(digits);
  }
  // Read the whole literal with strtod, so that it rounds once.
  value = std::strtod(literal.c_str(), nullptr);
  return success();
}

/// Parses `<number> <unit>` and converts it with `convert`, which returns an
/// error message.
template <typename T, typename Convert>
static ParseResult parseQuantity(AsmParser &parser, QuantityKind kind,
                                 T &result, Convert convert) {
  SMLoc loc = parser.getCurrentLocation();
  double value;
  std::string integer;
  if (parseNumber(parser, value, &integer))
    return failure();
  SMLoc unitLoc = parser.getCurrentLocation();
  std::string unit;
  if (parser.parseOptionalKeywordOrString(&unit))
    return parser.emitError(unitLoc, "expected a unit (")
           << unitList(kind) << ")";
  if (!integer.empty() && isExponent(unit)) {
    if (parseExponent(parser, integer, unit, value))
      return failure();
    unitLoc = parser.getCurrentLocation();
    if (parser.parseOptionalKeywordOrString(&unit))
      return parser.emitError(unitLoc, "expected a unit (")
             << unitList(kind) << ")";
  }
  if (!unitScale(kind, unit)) {
    if (std::string ambiguous = ambiguousUnit(kind, unit); !ambiguous.empty())
      return parser.emitError(unitLoc, ambiguous);
    return parser.emitError(unitLoc, "unknown unit '")
           << unit << "'; expected one of " << unitList(kind);
  }
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
    // Each term is within the limit, so neither this test nor the sum can
    // overflow. In integers: a double rounds sums above 2^53 ps (2.5 hours),
    // and `111100 s + 11.11 s + 1.334 ms + 333.334 ns` would read 6 ps off.
    if (ps > kMaxClockPs - term) {
      int64_t unused;
      return parser.emitError(loc, toTime(double(ps) + double(term), "ps",
                                          unused));
    }
    ps += term;
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
  std::string integer;
  if (parser.parseLParen() || parseNumber(parser, number, &integer))
    return failure();
  // `1e-05`, as printNumberIn writes small and large numbers: an integer
  // and an exponent keyword to MLIR's lexer.
  SMLoc exponentLoc = parser.getCurrentLocation();
  std::string exponent;
  if (!integer.empty() &&
      succeeded(parser.parseOptionalKeywordOrString(&exponent))) {
    if (!isExponent(exponent))
      return parser.emitError(exponentLoc, "expected ')'");
    if (parseExponent(parser, integer, exponent, number))
      return failure();
  }
  if (parser.parseRParen())
    return failure();
  value = number;
  return success();
}

void printNumberIn(AsmPrinter &printer, StringRef keyword, double value) {
  printer << " " << keyword << "(" << formatNumber(value) << ")";
}

} // namespace tacos
