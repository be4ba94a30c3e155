//===- CommonAttrs.td - Attribute constraints shared by dialects -*- tablegen -*-===//

#ifndef TACOS_COMMON_ATTRS
#define TACOS_COMMON_ATTRS

include "mlir/IR/CommonAttrConstraints.td"

// An i64 attribute read back as a signed int64_t (upstream I64Attr returns
// uint64_t, which would hide negative ids and sizes from verifiers).
def Tacos_I64Attr : TypedSignlessIntegerAttrBase<I64, "int64_t",
                                                 "64-bit integer attribute"> {
  let convertFromStorage = "$_self.getValue().getSExtValue()";
}

#endif // TACOS_COMMON_ATTRS
