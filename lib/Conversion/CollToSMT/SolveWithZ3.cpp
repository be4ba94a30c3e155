//===- SolveWithZ3.cpp - Run an SMT-LIB script through Z3 -----------------===//

#include "tacos/Conversion/SolveWithZ3.h"

#include <z3.h>

#include <cctype>
#include <memory>

namespace tacos {

namespace {
/// Errors are read back with Z3_get_error_code instead of aborting.
void ignoreErrors(Z3_context, Z3_error_code) {}

struct Context {
  explicit Context(unsigned timeoutMs) {
    Z3_config config = Z3_mk_config();
    if (timeoutMs)
      Z3_set_param_value(config, "timeout", std::to_string(timeoutMs).c_str());
    context = Z3_mk_context(config);
    Z3_del_config(config);
    Z3_set_error_handler(context, ignoreErrors);
  }
  ~Context() { Z3_del_context(context); }
  /// Runs commands; returns false and sets `error` if Z3 failed.
  bool run(const std::string &script, std::string &output,
           std::string &error) {
    Z3_string result = Z3_eval_smtlib2_string(context, script.c_str());
    Z3_error_code code = Z3_get_error_code(context);
    if (code != Z3_OK) {
      error = Z3_get_error_msg(context, code);
      return false;
    }
    output = result ? result : "";
    return true;
  }
  Z3_context context;
};

/// Parses "((a true) (b false) ...)" and keeps the names bound to true.
void collectTrue(const std::string &text, std::vector<std::string> &names) {
  size_t i = 0;
  while ((i = text.find('(', i)) != std::string::npos) {
    ++i;
    size_t nameStart = i;
    while (i < text.size() && !std::isspace((unsigned char)text[i]) &&
           text[i] != '(' && text[i] != ')')
      ++i;
    std::string name = text.substr(nameStart, i - nameStart);
    while (i < text.size() && std::isspace((unsigned char)text[i]))
      ++i;
    if (!name.empty() && text.compare(i, 4, "true") == 0)
      names.push_back(name);
  }
}
} // namespace

Z3Outcome solveWithZ3(const std::string &smtlib,
                      const std::vector<std::string> &flags,
                      unsigned timeoutMs) {
  Z3Outcome outcome;
  Context z3(timeoutMs);
  std::string output;
  if (!z3.run(smtlib, output, outcome.message))
    return outcome;
  // The script's last (check-sat) printed the verdict last.
  size_t end = output.find_last_not_of(" \n\r\t");
  size_t start = output.find_last_of("\n", end == std::string::npos ? 0 : end);
  std::string verdict = output.substr(start == std::string::npos ? 0 : start + 1,
                                      end == std::string::npos ? 0 : end + 1);
  if (verdict == "unsat") {
    outcome.result = Z3Outcome::Result::Unsat;
    return outcome;
  }
  if (verdict != "sat") {
    outcome.result = Z3Outcome::Result::Unknown;
    outcome.message = output;
    return outcome;
  }
  outcome.result = Z3Outcome::Result::Sat;
  // Ask for the flags in batches to keep each command small.
  for (size_t i = 0; i < flags.size(); i += 4096) {
    std::string query = "(get-value (";
    for (size_t j = i; j < flags.size() && j < i + 4096; ++j)
      query += flags[j] + " ";
    query += "))";
    std::string values;
    if (!z3.run(query, values, outcome.message)) {
      outcome.result = Z3Outcome::Result::Error;
      return outcome;
    }
    collectTrue(values, outcome.trueFlags);
  }
  return outcome;
}

} // namespace tacos
