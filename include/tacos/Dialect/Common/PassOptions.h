//===- PassOptions.h - Pass options checked when parsed ---------*- C++ -*-===//
//
// Pass options with a fixed set of values are enums (llvm::cl::values, as
// upstream's Canonicalizer does), so a bad value is rejected when the
// pipeline is parsed, before any pass runs. LLVM's own parser says only
// "Cannot find option named 'x'!"; these parsers name the pass and list the
// valid values:
//
//   tacos-opt: for the --latency option: coll-synthesize: unknown latency
//   model 'eager'; expected blocking or pipelined
//
// An enum option type E opts in with TACOS_ENUM_OPTION_PARSER(E) next to its
// definition, and each option names itself with `optionNoun(...)` among its
// modifiers (ODS: the last argument of `Option<...>`).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_COMMON_PASSOPTIONS_H
#define TACOS_DIALECT_COMMON_PASSOPTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"

#include <optional>
#include <string>

namespace tacos {

/// Who an option belongs to and what it is, for the message on a bad value:
/// "<pass>: unknown <what> '<value>'; expected <values>".
struct OptionNoun {
  llvm::StringRef pass, what;
  /// Write the values as 'a' or 'b' rather than a or b.
  bool quoted = false;

  template <typename Opt> void apply(Opt &option) const {
    option.getParser().setNoun(*this);
  }
};

inline OptionNoun optionNoun(llvm::StringRef pass, llvm::StringRef what,
                             bool quoted = false) {
  return OptionNoun{pass, what, quoted};
}

/// "a, b or c". Empty names are skipped: they stand for "not given" (an
/// option whose default is to decide elsewhere), not a value to suggest.
inline std::string listAlternatives(llvm::ArrayRef<llvm::StringRef> names,
                                    bool quoted) {
  llvm::SmallVector<std::string> shown;
  for (llvm::StringRef name : names)
    if (!name.empty())
      shown.push_back(quoted ? ("'" + name + "'").str() : name.str());
  std::string text;
  for (size_t i = 0; i < shown.size(); ++i) {
    if (i > 0)
      text += i + 1 == shown.size() ? " or " : ", ";
    text += shown[i];
  }
  return text;
}

/// The error for a value not in `names`.
inline bool rejectOptionValue(llvm::cl::Option &option, const OptionNoun &noun,
                              llvm::StringRef value,
                              llvm::ArrayRef<llvm::StringRef> names) {
  return option.error(noun.pass + ": unknown " + noun.what + " '" + value +
                      "'; expected " + listAlternatives(names, noun.quoted));
}

/// llvm::cl::parser<E> for an enum option, with the message above. The body
/// is LLVM's generic parser<E> (MLIR's pass options look up `Values` to
/// print an option back), only `parse` differs.
template <typename E>
class EnumOptionParser : public llvm::cl::generic_parser_base {
protected:
  struct OptionInfo : public GenericOptionInfo {
    OptionInfo(llvm::StringRef name, E v, llvm::StringRef helpStr)
        : GenericOptionInfo(name, helpStr), V(v) {}
    llvm::cl::OptionValue<E> V;
  };
  llvm::SmallVector<OptionInfo, 4> Values;
  OptionNoun noun{"", "value"};

public:
  using parser_data_type = E;

  EnumOptionParser(llvm::cl::Option &option) : generic_parser_base(option) {}

  void setNoun(const OptionNoun &newNoun) { noun = newNoun; }

  unsigned getNumOptions() const override { return unsigned(Values.size()); }
  llvm::StringRef getOption(unsigned n) const override {
    return Values[n].Name;
  }
  llvm::StringRef getDescription(unsigned n) const override {
    return Values[n].HelpStr;
  }
  const llvm::cl::GenericOptionValue &
  getOptionValue(unsigned n) const override {
    return Values[n].V;
  }

  /// True on error, as LLVM's parsers.
  bool parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg,
             E &value) {
    for (const OptionInfo &info : Values)
      if (info.Name == arg) {
        value = info.V.getValue();
        return false;
      }
    llvm::SmallVector<llvm::StringRef> names;
    for (const OptionInfo &info : Values)
      names.push_back(info.Name);
    return rejectOptionValue(option, noun, arg, names);
  }

  template <class DT>
  void addLiteralOption(llvm::StringRef name, const DT &v,
                        llvm::StringRef helpStr) {
    Values.push_back(OptionInfo(name, static_cast<E>(v), helpStr));
    AddLiteralOption(Owner, name);
  }

  void removeLiteralOption(llvm::StringRef name) {
    Values.erase(Values.begin() + findOption(name));
  }
};

/// The name an enum option's value is written with (for reports).
template <typename Opt> llvm::StringRef optionValueName(Opt &option) {
  std::optional<llvm::StringRef> name =
      option.getParser().findArgStrForValue(option.getValue());
  assert(name && "an enum option holds one of its values");
  return *name;
}

} // namespace tacos

/// Makes EnumOptionParser the parser of enum type E (at global scope, next to
/// E's definition, so every option of type E sees it).
#define TACOS_ENUM_OPTION_PARSER(E)                                            \
  template <>                                                                  \
  class llvm::cl::parser<E> : public ::tacos::EnumOptionParser<E> {            \
  public:                                                                      \
    using ::tacos::EnumOptionParser<E>::EnumOptionParser;                      \
  }

#endif // TACOS_DIALECT_COMMON_PASSOPTIONS_H
