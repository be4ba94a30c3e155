//===- CollEnums.td - Enums of the coll dialect ------------*- tablegen -*-===//

#ifndef TACOS_COLL_ENUMS
#define TACOS_COLL_ENUMS

include "mlir/IR/EnumAttr.td"

// Values match tacos::CollectiveKind (core); ScheduleModel converts.
def Coll_CollectiveKindAttr : I32EnumAttr<"Collective", "collective pattern", [
    I32EnumAttrCase<"all_gather", 0>,
    I32EnumAttrCase<"reduce_scatter", 1>,
    I32EnumAttrCase<"all_reduce", 2>,
    I32EnumAttrCase<"all_to_all", 3>,
    I32EnumAttrCase<"broadcast", 4>,
    I32EnumAttrCase<"reduce", 5>,
    I32EnumAttrCase<"gather", 6>,
    I32EnumAttrCase<"scatter", 7>
  ]> {
  let cppNamespace = "::tacos::coll";
}

// Values match tacos::TransferKind.
def Coll_TransferKindAttr : I32EnumAttr<"TransferKind", "what a transfer does at its destination", [
    I32EnumAttrCase<"copy", 0>,
    I32EnumAttrCase<"reduce", 1>
  ]> {
  let cppNamespace = "::tacos::coll";
}

def Coll_LinkModelAttr : I32EnumAttr<"LinkModel", "how a link carries consecutive chunks", [
    I32EnumAttrCase<"blocking", 0>,
    I32EnumAttrCase<"pipelined", 1>
  ]> {
  let cppNamespace = "::tacos::coll";
}

#endif // TACOS_COLL_ENUMS
