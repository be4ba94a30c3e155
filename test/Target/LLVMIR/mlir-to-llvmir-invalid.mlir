// Only the builtin and llvm dialects translate: anything else left by a
// lowering is an error (here, from the parser: tacos-translate knows no
// other dialect for this translation).
// RUN: not tacos-translate --mlir-to-llvmir %s 2>&1 | FileCheck %s
// CHECK: error: Dialect `func' not found for custom op 'func.func'
func.func @f() {
  return
}
