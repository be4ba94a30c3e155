//===- TopoSyntax.h - Custom syntax of topo ops and attributes --*- C++ -*-===//
//
// Sub-syntax shared by attributes and ops: `link(50 GBps, 1 us) tier(pod)`,
// `ring(4, uni) link(...)`, `->` / `<->`, link ends and switch ports. Private to the dialect library.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_DIALECT_TOPO_IR_TOPOSYNTAX_H
#define TACOS_LIB_DIALECT_TOPO_IR_TOPOSYNTAX_H

#include "tacos/Dialect/Topo/IR/TopoDialect.h"

namespace tacos::topo {

/// `link(<bandwidth>, <latency>) [tier(<name>)]`
mlir::ParseResult parseLinkSpec(mlir::AsmParser &parser, LinkAttr &spec);
void printLinkSpec(mlir::AsmPrinter &printer, LinkAttr spec);

/// `<kind>(<size>[, uni]) link(...) [tier(...)]`
mlir::ParseResult parseDim(mlir::AsmParser &parser, DimAttr &dim);
void printDim(mlir::AsmPrinter &printer, DimAttr dim);

// Declarative-format directives.
mlir::ParseResult parseLinkSpec(mlir::OpAsmParser &parser, LinkAttr &spec);
void printLinkSpec(mlir::OpAsmPrinter &printer, mlir::Operation *,
                   LinkAttr spec);
mlir::ParseResult parseDimList(mlir::OpAsmParser &parser, mlir::ArrayAttr &dims);
void printDimList(mlir::OpAsmPrinter &printer, mlir::Operation *,
                  mlir::ArrayAttr dims);
mlir::ParseResult parseTierName(mlir::AsmParser &parser,
                                mlir::StringAttr &tier);
/// `3` or `@nvs`: an NPU id or a switch.
mlir::ParseResult parseEndpoint(mlir::OpAsmParser &parser,
                                mlir::IntegerAttr &npu,
                                mlir::FlatSymbolRefAttr &switchName);
void printEndpoint(mlir::OpAsmPrinter &printer, mlir::Operation *,
                   mlir::IntegerAttr npu, mlir::FlatSymbolRefAttr switchName);
/// An NPU id of `topo.drop`; a switch name is an error that says what to
/// write instead.
mlir::ParseResult parseDropEnd(mlir::OpAsmParser &parser, mlir::IntegerAttr &npu);
void printDropEnd(mlir::OpAsmPrinter &printer, mlir::Operation *,
                  mlir::IntegerAttr npu);
/// `[@name] [0, 1, @spine] link(...)`; the list and spec may be left out
/// (a switch whose ports are all given elsewhere).
mlir::ParseResult parseSwitchPorts(mlir::OpAsmParser &parser,
                                   mlir::StringAttr &name,
                                   mlir::DenseI64ArrayAttr &ports,
                                   mlir::ArrayAttr &switchPorts,
                                   LinkAttr &spec);
void printSwitchPorts(mlir::OpAsmPrinter &printer, mlir::Operation *,
                      mlir::StringAttr name, mlir::DenseI64ArrayAttr ports,
                      mlir::ArrayAttr switchPorts, LinkAttr spec);
mlir::ParseResult parseDirection(mlir::OpAsmParser &parser,
                                 mlir::UnitAttr &bidirectional);
void printDirection(mlir::OpAsmPrinter &printer, mlir::Operation *,
                    mlir::UnitAttr bidirectional);

} // namespace tacos::topo

#endif // TACOS_LIB_DIALECT_TOPO_IR_TOPOSYNTAX_H
