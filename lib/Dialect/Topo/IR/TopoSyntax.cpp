//===- TopoSyntax.cpp - Custom syntax of topo ops and attributes ----------===//

#include "TopoSyntax.h"
#include "tacos/Dialect/Common/QuantitySyntax.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace tacos;
using namespace tacos::topo;

//===----------------------------------------------------------------------===//
// Links
//===----------------------------------------------------------------------===//

/// A tier name: a keyword, or a string for any other text.
static ParseResult parseTierNameImpl(AsmParser &parser, StringAttr &tier) {
  std::string name;
  if (parser.parseKeywordOrString(&name))
    return failure();
  tier = parser.getBuilder().getStringAttr(name);
  return success();
}

/// `tier(<name>)`, if present.
static ParseResult parseOptionalTier(AsmParser &parser, StringAttr &tier) {
  if (failed(parser.parseOptionalKeyword("tier")))
    return success();
  return failure(parser.parseLParen() || parseTierNameImpl(parser, tier) ||
                 parser.parseRParen());
}

static void printOptionalTier(AsmPrinter &printer, StringAttr tier) {
  if (!tier)
    return;
  printer << " tier(";
  printer.printKeywordOrString(tier.getValue());
  printer << ")";
}

/// `<bandwidth>, <latency>` then an optional tier. Attribute-verifier
/// failures become errors at `loc` instead of unlocated ones.
static ParseResult parseLinkFields(AsmParser &parser, LinkAttr &spec,
                                   bool parenthesized) {
  SMLoc loc = parser.getCurrentLocation();
  std::optional<double> bandwidth;
  int64_t latency;
  StringAttr tier;
  if (parenthesized && parser.parseLParen())
    return failure();
  if (parseBandwidth(parser, bandwidth) || parser.parseComma() ||
      parseTime(parser, latency))
    return failure();
  if (parenthesized && parser.parseRParen())
    return failure();
  if (parseOptionalTier(parser, tier))
    return failure();
  FloatAttr bandwidthAttr;
  if (bandwidth)
    bandwidthAttr = parser.getBuilder().getF64FloatAttr(*bandwidth);
  spec = LinkAttr::getChecked([&] { return parser.emitError(loc); },
                              parser.getContext(), bandwidthAttr, latency,
                              tier);
  return success(static_cast<bool>(spec));
}

static void printLinkFields(AsmPrinter &printer, LinkAttr spec,
                            bool parenthesized) {
  if (parenthesized)
    printer << "(";
  std::optional<double> bandwidth;
  if (spec.getBandwidth())
    bandwidth = spec.getBandwidth().getValueAsDouble();
  printBandwidth(printer, bandwidth);
  printer << ", ";
  printTime(printer, spec.getLatency());
  if (parenthesized)
    printer << ")";
  printOptionalTier(printer, spec.getTier());
}

ParseResult topo::parseLinkSpec(AsmParser &parser, LinkAttr &spec) {
  if (parser.parseKeyword("link"))
    return failure();
  return parseLinkFields(parser, spec, /*parenthesized=*/true);
}

void topo::printLinkSpec(AsmPrinter &printer, LinkAttr spec) {
  printer << "link";
  printLinkFields(printer, spec, /*parenthesized=*/true);
}

/// `#topo.link<50 GBps, 1 us tier(pod)>`
Attribute LinkAttr::parse(AsmParser &parser, Type) {
  LinkAttr spec;
  if (parser.parseLess() ||
      parseLinkFields(parser, spec, /*parenthesized=*/false) ||
      parser.parseGreater())
    return {};
  return spec;
}

void LinkAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printLinkFields(printer, *this, /*parenthesized=*/false);
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Dimensions
//===----------------------------------------------------------------------===//

ParseResult topo::parseDim(AsmParser &parser, DimAttr &dim) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef name;
  if (parser.parseKeyword(&name))
    return failure();
  std::optional<DimKind> kind =
      llvm::StringSwitch<std::optional<DimKind>>(name)
          .Case("line", DimKind::Line)
          .Case("ring", DimKind::Ring)
          .Case("fully_connected", DimKind::FullyConnected)
          .Case("switch", DimKind::Switch)
          .Default(std::nullopt);
  if (!kind)
    return parser.emitError(loc, "unknown dimension kind '")
           << name << "'; expected line, ring, fully_connected or switch";
  int64_t size;
  SMLoc sizeLoc;
  if (parser.parseLParen() || parser.getCurrentLocation(&sizeLoc) ||
      parser.parseInteger(size))
    return failure();
  if (succeeded(parser.parseOptionalComma())) {
    SMLoc uniLoc = parser.getCurrentLocation();
    if (parser.parseKeyword("uni"))
      return failure();
    if (*kind != DimKind::Ring)
      return parser.emitError(uniLoc, "only a ring can be one-way ('uni')");
    kind = DimKind::UniRing;
  }
  LinkAttr link;
  if (parser.parseRParen() || parseLinkSpec(parser, link))
    return failure();
  dim = DimAttr::getChecked([&] { return parser.emitError(sizeLoc); },
                            parser.getContext(), *kind, size, link);
  return success(static_cast<bool>(dim));
}

void topo::printDim(AsmPrinter &printer, DimAttr dim) {
  if (dim.getKind() == DimKind::UniRing)
    printer << "ring(" << dim.getSize() << ", uni) ";
  else
    printer << dimKindName(dim.getKind()) << "(" << dim.getSize() << ") ";
  printLinkSpec(printer, dim.getLink());
}

/// `#topo.dim<ring(4) link(50 GBps, 1 us)>`
Attribute DimAttr::parse(AsmParser &parser, Type) {
  DimAttr dim;
  if (parser.parseLess() || parseDim(parser, dim) || parser.parseGreater())
    return {};
  return dim;
}

void DimAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printDim(printer, *this);
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Op directives
//===----------------------------------------------------------------------===//

ParseResult topo::parseLinkSpec(OpAsmParser &parser, LinkAttr &spec) {
  return parseLinkSpec(static_cast<AsmParser &>(parser), spec);
}
void topo::printLinkSpec(OpAsmPrinter &printer, Operation *, LinkAttr spec) {
  printLinkSpec(static_cast<AsmPrinter &>(printer), spec);
}

ParseResult topo::parseDimList(OpAsmParser &parser, ArrayAttr &dims) {
  SmallVector<Attribute> list;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        DimAttr dim;
        if (parseDim(parser, dim))
          return failure();
        list.push_back(dim);
        return success();
      }))
    return failure();
  dims = parser.getBuilder().getArrayAttr(list);
  return success();
}

void topo::printDimList(OpAsmPrinter &printer, Operation *, ArrayAttr dims) {
  printer << "[";
  llvm::interleaveComma(dims, printer, [&](Attribute dim) {
    printDim(printer, cast<DimAttr>(dim));
  });
  printer << "]";
}

ParseResult topo::parseTierName(AsmParser &parser, StringAttr &tier) {
  return parseTierNameImpl(parser, tier);
}

ParseResult topo::parseDirection(OpAsmParser &parser, UnitAttr &bidirectional) {
  // `<->` lexes as `<` followed by `->`.
  if (succeeded(parser.parseOptionalLess())) {
    if (parser.parseArrow())
      return failure();
    bidirectional = parser.getBuilder().getUnitAttr();
    return success();
  }
  return parser.parseArrow();
}

void topo::printDirection(OpAsmPrinter &printer, Operation *,
                          UnitAttr bidirectional) {
  printer << (bidirectional ? "<->" : "->");
}

ParseResult topo::parseEndpoint(OpAsmParser &parser, IntegerAttr &npu,
                                FlatSymbolRefAttr &switchName) {
  StringAttr name;
  if (succeeded(parser.parseOptionalSymbolName(name))) {
    switchName = FlatSymbolRefAttr::get(name);
    return success();
  }
  int64_t id;
  if (parser.parseInteger(id))
    return failure();
  npu = parser.getBuilder().getI64IntegerAttr(id);
  return success();
}

void topo::printEndpoint(OpAsmPrinter &printer, Operation *, IntegerAttr npu,
                         FlatSymbolRefAttr switchName) {
  if (switchName)
    printer.printSymbolName(switchName.getValue());
  else if (npu)
    printer << npu.getInt();
}

ParseResult topo::parseSwitchPorts(OpAsmParser &parser, StringAttr &name,
                                   DenseI64ArrayAttr &ports,
                                   ArrayAttr &switchPorts, LinkAttr &spec) {
  Builder &b = parser.getBuilder();
  (void)parser.parseOptionalSymbolName(name);
  SmallVector<int64_t> npus;
  SmallVector<Attribute> switches;
  if (failed(parser.parseOptionalLSquare())) {
    ports = b.getDenseI64ArrayAttr({});
    return success();
  }
  // `[]` parses, so that the verifier can say what is wrong with it.
  if (failed(parser.parseOptionalRSquare())) {
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          StringAttr name;
          if (succeeded(parser.parseOptionalSymbolName(name))) {
            switches.push_back(FlatSymbolRefAttr::get(name));
            return success();
          }
          int64_t id;
          if (parser.parseInteger(id))
            return failure();
          npus.push_back(id);
          return success();
        }) ||
        parser.parseRSquare())
      return failure();
  }
  ports = b.getDenseI64ArrayAttr(npus);
  if (!switches.empty())
    switchPorts = b.getArrayAttr(switches);
  return parseLinkSpec(parser, spec);
}

void topo::printSwitchPorts(OpAsmPrinter &printer, Operation *,
                            StringAttr name, DenseI64ArrayAttr ports,
                            ArrayAttr switchPorts, LinkAttr spec) {
  bool listed = !ports.empty() || (switchPorts && !switchPorts.empty());
  if (name) {
    printer.printSymbolName(name.getValue());
    if (listed || spec)
      printer << " ";
  }
  if (!listed && !spec)
    return;
  raw_ostream &os = printer.getStream();
  llvm::ListSeparator comma;
  os << "[";
  for (int64_t p : ports.asArrayRef())
    os << comma << p;
  if (switchPorts)
    for (Attribute name : switchPorts) {
      os << comma;
      printer.printSymbolName(cast<FlatSymbolRefAttr>(name).getValue());
    }
  os << "]";
  if (spec) {
    printer << " ";
    printLinkSpec(printer, spec);
  }
}

ParseResult topo::parseDropEnd(OpAsmParser &parser, IntegerAttr &npu) {
  SMLoc loc = parser.getCurrentLocation();
  StringAttr name;
  if (succeeded(parser.parseOptionalSymbolName(name)))
    return parser.emitError(loc, "topo.drop removes links between NPUs, not "
                                 "switch ports: leave the port to @")
           << name.getValue()
           << " out of its switch's list (or its topo.link)";
  int64_t id;
  if (parser.parseInteger(id))
    return failure();
  npu = parser.getBuilder().getI64IntegerAttr(id);
  return success();
}

void topo::printDropEnd(OpAsmPrinter &printer, Operation *, IntegerAttr npu) {
  printer << npu.getInt();
}
