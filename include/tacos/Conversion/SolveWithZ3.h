//===- SolveWithZ3.h - Run an SMT-LIB script through Z3 ---------*- C++ -*-===//
//
// Z3 in process, through its C API (no C++ exceptions, which LLVM's build
// disables): run a script that ends in (check-sat) and, when satisfiable,
// read back which of the named booleans the model makes true.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_CONVERSION_SOLVEWITHZ3_H
#define TACOS_CONVERSION_SOLVEWITHZ3_H

#include <string>
#include <vector>

namespace tacos {

struct Z3Outcome {
  enum class Result { Unsat, Sat, Unknown, Error } result = Result::Error;
  /// With Sat: the names among `flags` that the model makes true.
  std::vector<std::string> trueFlags;
  /// With Error or Unknown: what Z3 said.
  std::string message;
};

/// `timeoutMs` 0 means no limit.
Z3Outcome solveWithZ3(const std::string &smtlib,
                      const std::vector<std::string> &flags,
                      unsigned timeoutMs = 0);

} // namespace tacos

#endif // TACOS_CONVERSION_SOLVEWITHZ3_H
