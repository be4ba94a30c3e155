//===- CollDialect.cpp - The coll dialect and its attributes --------------===//

#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Coll/IR/WorkloadSyntax.h"
#include "tacos/Dialect/Common/QuantitySyntax.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

#include "tacos/Dialect/Coll/IR/CollOpsDialect.cpp.inc"
#include "tacos/Dialect/Coll/IR/CollEnums.cpp.inc"
#include "tacos/Dialect/Coll/IR/CollInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tacos/Dialect/Coll/IR/CollAttrs.cpp.inc"

void CollDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tacos/Dialect/Coll/IR/CollAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tacos/Dialect/Coll/IR/CollOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// WorkloadCollectiveAttr
//===----------------------------------------------------------------------===//

static ParseResult parseIntegerList(AsmParser &parser,
                                    SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square,
      [&] { return parser.parseInteger(values.emplace_back()); });
}

ParseResult coll::parseWorkloadCollective(AsmParser &parser,
                                          WorkloadCollectiveAttr &attr) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef name;
  if (parser.parseKeyword(&name))
    return failure();
  name.consume_front("coll.");
  std::optional<Collective> kind = symbolizeCollective(name);
  if (!kind)
    return parser.emitError(loc, "unknown collective '") << name << "'";
  int64_t size, count = 1;
  SmallVector<int64_t> dims, groups;
  if (parser.parseKeyword("size") || parser.parseLParen() ||
      parseSize(parser, size) || parser.parseRParen() ||
      parser.parseKeyword("dims") || parseIntegerList(parser, dims))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("groups")) &&
      parseIntegerList(parser, groups))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("count")) &&
      (parser.parseLParen() || parser.parseInteger(count) ||
       parser.parseRParen()))
    return failure();
  // Verifier failures become errors at the collective, not unlocated ones.
  attr = WorkloadCollectiveAttr::getChecked(
      [&] { return parser.emitError(loc); }, parser.getContext(), *kind, size,
      dims, groups, count);
  return success(static_cast<bool>(attr));
}

void coll::printWorkloadCollective(AsmPrinter &printer,
                                   WorkloadCollectiveAttr attr) {
  raw_ostream &os = printer.getStream();
  os << stringifyCollective(attr.getKind()) << " size(";
  printSize(printer, attr.getSize());
  os << ") dims [";
  llvm::interleaveComma(attr.getDims(), os);
  os << "]";
  if (!attr.getGroups().empty()) {
    os << " groups [";
    llvm::interleaveComma(attr.getGroups(), os);
    os << "]";
  }
  if (attr.getCount() != 1)
    os << " count(" << attr.getCount() << ")";
}

Attribute WorkloadCollectiveAttr::parse(AsmParser &parser, Type) {
  WorkloadCollectiveAttr attr;
  if (parser.parseLess() || parseWorkloadCollective(parser, attr) ||
      parser.parseGreater())
    return {};
  return attr;
}

void WorkloadCollectiveAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printWorkloadCollective(printer, *this);
  printer << ">";
}

LogicalResult WorkloadCollectiveAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, Collective kind,
    int64_t size, ArrayRef<int64_t> dims, ArrayRef<int64_t> groups,
    int64_t count) {
  // No default: a new collective must say whether LIBRA models it.
  switch (kind) {
  case Collective::all_reduce:
  case Collective::reduce_scatter:
  case Collective::all_gather:
  case Collective::all_to_all:
    break;
  case Collective::broadcast:
  case Collective::reduce:
  case Collective::gather:
  case Collective::scatter:
    return emitError() << "LIBRA models all_reduce, reduce_scatter, "
                          "all_gather and all_to_all, not "
                       << stringifyCollective(kind);
  }
  if (size <= 0)
    return emitError() << "collective size must be positive";
  if (count < 1)
    return emitError() << "collective count must be at least 1";
  if (dims.empty())
    return emitError() << "collective uses no dimension";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0)
      return emitError() << "dimension " << dims[i] << " is negative";
    for (size_t j = 0; j < i; ++j)
      if (dims[j] == dims[i])
        return emitError() << "dimension " << dims[i] << " is listed twice";
  }
  if (!groups.empty() && groups.size() != dims.size())
    return emitError() << "'groups' has " << groups.size()
                       << " sizes for " << dims.size() << " dimensions";
  for (int64_t group : groups)
    if (group < 2)
      return emitError() << "group size " << group
                         << " moves no data; leave that dimension out";
  return success();
}
