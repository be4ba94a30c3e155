//===- LibraInputs.cpp - LIBRA's YAML files -> core data ------------------===//
//
// The network, cost-model and communicator files, parsed with LLVM's YAML
// parser (no new dependency). LIBRA's files are small and flat: one mapping
// of keys to lists or to mappings of numbers.
//
//===----------------------------------------------------------------------===//

#include "LibraInputs.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/YAMLParser.h"

#include <cmath>

using namespace mlir;
using namespace tacos;
using namespace tacos::libra_import;
namespace yaml = llvm::yaml;

InFlightDiagnostic libra_import::optionError(MLIRContext *context,
                                             llvm::StringRef option) {
  return emitError(UnknownLoc::get(context)) << "--" << option << ": ";
}

IntegerText libra_import::parseInteger(llvm::StringRef text, int64_t &value) {
  llvm::StringRef digits = text;
  digits.consume_front("-");
  if (digits.empty() || !llvm::all_of(digits, llvm::isDigit))
    return IntegerText::NotAnInteger;
  // Only digits are left: getAsInteger fails only past int64.
  return text.getAsInteger(10, value) ? IntegerText::Overflow
                                      : IntegerText::Valid;
}

InputFile::InputFile(std::unique_ptr<llvm::MemoryBuffer> buffer,
                     MLIRContext *context)
    : context(context) {
  sm.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  sm.setDiagHandler(
      [](const llvm::SMDiagnostic &diag, void *self) {
        auto *file = static_cast<InputFile *>(self);
        // SMDiagnostic columns count from 0, MLIR's from 1.
        emitError(FileLineColLoc::get(file->context, diag.getFilename(),
                                      std::max(diag.getLineNo(), 1),
                                      std::max(diag.getColumnNo(), 0) + 1))
            << diag.getMessage();
      },
      this);
}

std::unique_ptr<InputFile> InputFile::open(llvm::StringRef path,
                                           llvm::StringRef option,
                                           MLIRContext *context) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (!buffer) {
    optionError(context, option)
        << "cannot read '" << path << "': " << buffer.getError().message();
    return nullptr;
  }
  return std::make_unique<InputFile>(std::move(*buffer), context);
}

Location InputFile::loc(llvm::SMLoc at) const {
  if (!at.isValid())
    return FileLineColLoc::get(context, name(), 1, 1);
  auto [line, col] = sm.getLineAndColumn(at, 1);
  return FileLineColLoc::get(context, name(), line, col);
}

namespace {

/// A scalar's text and where it starts, kept after its node is gone.
struct Scalar {
  std::string text;
  llvm::SMLoc loc;
};

/// A YAML file holding one mapping. LLVM's parser is a stream: a node must
/// be read before the parser moves past it (iterating a mapping skips the
/// values not read), so the readers below copy what they need on the spot.
class YamlFile {
public:
  explicit YamlFile(InputFile &file) : file(file) {}

  /// The top-level mapping, or null after reporting why there is none.
  yaml::MappingNode *root() {
    // A first pass reports syntax errors anywhere in the file before any
    // node is looked at, and counts documents.
    yaml::Stream check(file.buffer(), file.sm);
    unsigned documents = 0;
    for (yaml::Document &doc : check) {
      doc.skip();
      ++documents;
    }
    if (check.failed())
      return nullptr;
    if (documents != 1) {
      file.error(llvm::SMLoc())
          << "expected one YAML document, found " << documents;
      return nullptr;
    }
    stream = std::make_unique<yaml::Stream>(file.buffer(), file.sm);
    yaml::Node *node = stream->begin()->getRoot();
    auto *mapping = llvm::dyn_cast_or_null<yaml::MappingNode>(node);
    if (!mapping)
      error(node) << "expected a mapping of keys to values";
    return mapping;
  }

  InFlightDiagnostic error(llvm::SMLoc at) { return file.error(at); }
  /// Where a node starts (the file's start without a node).
  static llvm::SMLoc start(yaml::Node *node) {
    if (!node)
      return llvm::SMLoc();
    // LLVM gives an alias the range of the token after it; its name points
    // into the file, just after the '*'.
    if (auto *alias = llvm::dyn_cast<yaml::AliasNode>(node))
      return llvm::SMLoc::getFromPointer(alias->getName().data() - 1);
    return node->getSourceRange().Start;
  }
  InFlightDiagnostic error(yaml::Node *node) { return error(start(node)); }

  /// Reports an alias (`*name`): LIBRA's files never use them, and a value
  /// is read where it is written.
  bool isAlias(yaml::Node *node) {
    if (!llvm::isa_and_nonnull<yaml::AliasNode>(node))
      return false;
    error(node) << "YAML aliases are not supported; write the value";
    return true;
  }

  /// A scalar node, or nullopt after reporting that `what` was expected.
  std::optional<Scalar> scalar(yaml::Node *node, llvm::StringRef what) {
    if (isAlias(node))
      return std::nullopt;
    auto *s = llvm::dyn_cast_or_null<yaml::ScalarNode>(node);
    if (!s) {
      error(node) << "expected " << what;
      return std::nullopt;
    }
    llvm::SmallString<32> storage;
    return Scalar{s->getValue(storage).str(), s->getSourceRange().Start};
  }

  std::optional<int64_t> integer(const Scalar &s, llvm::StringRef what) {
    int64_t value = 0;
    IntegerText parsed = parseInteger(s.text, value);
    if (parsed != IntegerText::Valid) {
      error(s.loc) << "expected " << what << ", got '" << s.text << "'"
                   << (parsed == IntegerText::Overflow
                           ? " (past the 64-bit range)"
                           : "");
      return std::nullopt;
    }
    return value;
  }

  /// The scalars of a list value (flow `[a, b]` or block `- a`); `keyNode`
  /// is where a missing value is reported.
  std::optional<std::vector<Scalar>> list(yaml::Node *keyNode, yaml::Node *node,
                                          llvm::StringRef key) {
    if (isAlias(node))
      return std::nullopt;
    auto *seq = llvm::dyn_cast_or_null<yaml::SequenceNode>(node);
    if (!seq) {
      error(llvm::isa_and_nonnull<yaml::NullNode>(node) ? keyNode : node)
          << key << ": expected a list such as [ 16, 8, 32 ]";
      return std::nullopt;
    }
    std::vector<Scalar> entries;
    for (yaml::Node &entry : *seq) {
      std::optional<Scalar> s = scalar(&entry, "a single value");
      if (!s)
        return std::nullopt;
      entries.push_back(std::move(*s));
    }
    return entries;
  }

  /// Calls `visit(key, keyNode, value)` for every entry of `mapping`,
  /// rejecting non-scalar and repeated keys. Stops at the first failure.
  bool forEachKey(
      yaml::MappingNode *mapping,
      llvm::function_ref<bool(llvm::StringRef, yaml::Node *, yaml::Node *)>
          visit) {
    llvm::StringSet<> seen;
    for (yaml::KeyValueNode &kv : *mapping) {
      yaml::Node *keyNode = kv.getKey();
      std::optional<Scalar> key = scalar(keyNode, "a key");
      if (!key)
        return false;
      if (!seen.insert(key->text).second) {
        error(keyNode) << "key '" << key->text << "' appears twice";
        return false;
      }
      if (!visit(key->text, keyNode, kv.getValue()))
        return false;
    }
    return true;
  }

private:
  InputFile &file;
  std::unique_ptr<yaml::Stream> stream;
};

} // namespace

bool libra_import::readNetwork(InputFile &file, int64_t latencyPs,
                               LibraNetwork &out) {
  YamlFile yaml(file);
  yaml::MappingNode *root = yaml.root();
  if (!root)
    return false;
  static constexpr llvm::StringLiteral keys[] = {"Topology", "NpusCount",
                                                 "CostDimension"};
  std::optional<std::vector<Scalar>> lists[3];
  llvm::SMLoc listLocs[3];
  bool ok = yaml.forEachKey(
      root, [&](llvm::StringRef key, yaml::Node *node, yaml::Node *value) {
        const auto *it = llvm::find(keys, key);
        if (it == std::end(keys)) {
          yaml.error(node) << "unknown key '" << key
                           << "' in a network; expected Topology, NpusCount or "
                              "CostDimension";
          return false;
        }
        size_t i = it - std::begin(keys);
        listLocs[i] = YamlFile::start(value);
        lists[i] = yaml.list(node, value, key);
        return lists[i].has_value();
      });
  if (!ok)
    return false;
  for (size_t i = 0; i < 3; ++i)
    if (!lists[i]) {
      yaml.error(root) << "missing key " << keys[i] << " in a network";
      return false;
    }
  const std::vector<Scalar> &blocks = *lists[0], &sizes = *lists[1],
                            &tiers = *lists[2];
  if (blocks.empty()) {
    yaml.error(listLocs[0]) << "Topology lists no dimension";
    return false;
  }
  for (size_t i : {1, 2})
    if (lists[i]->size() != blocks.size()) {
      yaml.error(listLocs[i]) << keys[i] << " has " << lists[i]->size()
                              << " entries but Topology has " << blocks.size();
      return false;
    }

  out = LibraNetwork();
  for (size_t d = 0; d < blocks.size(); ++d) {
    DimSpec dim;
    if (blocks[d].text == "Ring")
      dim.kind = DimKind::Ring;
    else if (blocks[d].text == "FullyConnected")
      dim.kind = DimKind::FullyConnected;
    else if (blocks[d].text == "Switch")
      dim.kind = DimKind::Switch;
    else {
      yaml.error(blocks[d].loc) << "unknown building block '" << blocks[d].text
                                << "'; expected Ring, FullyConnected or Switch";
      return false;
    }
    std::optional<int64_t> size = yaml.integer(sizes[d], "an NPU count");
    if (!size)
      return false;
    dim.size = *size;
    if (tiers[d].text.empty()) {
      yaml.error(tiers[d].loc) << "empty tier name";
      return false;
    }
    dim.link = LinkSpec{NAN, latencyPs, tiers[d].text};
    out.dims.push_back(dim);
    out.tierLocs.push_back(tiers[d].loc);
  }
  // The core checks sizes (switch ports, the NPU limit) as the IR would.
  TopologySpec spec;
  spec.dims = out.dims;
  std::vector<SpecError> errors = check(spec);
  if (!errors.empty()) {
    size_t d = errors.front().index;
    yaml.error(d < sizes.size() ? sizes[d].loc : listLocs[1])
        << errors.front().message;
    return false;
  }
  return true;
}

bool libra_import::readCostModel(InputFile &file,
                                 std::vector<libra::TierPrice> &prices) {
  YamlFile yaml(file);
  yaml::MappingNode *root = yaml.root();
  if (!root)
    return false;
  return yaml.forEachKey(root, [&](llvm::StringRef tier, yaml::Node *keyNode,
                                   yaml::Node *value) {
    if (yaml.isAlias(value))
      return false;
    auto *fields = llvm::dyn_cast_or_null<yaml::MappingNode>(value);
    if (!fields) {
      yaml.error(llvm::isa_and_nonnull<yaml::NullNode>(value) ? keyNode : value)
          << "tier '" << tier << "': expected Link, Switch and Nic prices";
      return false;
    }
    libra::TierPrice price{tier.str()};
    bool ok = yaml.forEachKey(fields, [&](llvm::StringRef key, yaml::Node *node,
                                          yaml::Node *priceNode) {
      double *slot = key == "Link"     ? &price.link
                     : key == "Switch" ? &price.switchPrice
                     : key == "Nic"    ? &price.nic
                                       : nullptr;
      if (!slot) {
        yaml.error(node) << "unknown cost '" << key << "' in tier '" << tier
                         << "'; expected Link, Switch or Nic";
        return false;
      }
      std::optional<Scalar> text = yaml.scalar(priceNode, "a price");
      if (!text)
        return false;
      if (llvm::StringRef(text->text).getAsDouble(*slot) ||
          !std::isfinite(*slot) || *slot < 0) {
        yaml.error(text->loc)
            << "expected a non-negative price in $ per GB/s, got '"
            << text->text << "'";
        return false;
      }
      return true;
    });
    if (ok)
      prices.push_back(price);
    return ok;
  });
}

bool libra_import::readCommunicator(InputFile &file,
                                    const std::vector<DimSpec> &dims,
                                    libra::Communicator &out) {
  YamlFile yaml(file);
  yaml::MappingNode *root = yaml.root();
  if (!root)
    return false;
  llvm::StringMap<std::vector<int64_t> *> slots = {
      {"Forward", &out.forward},
      {"InputGrad", &out.inputGrad},
      {"WeightGrad", &out.weightGrad}};
  llvm::StringSet<> seen;
  bool ok = yaml.forEachKey(root, [&](llvm::StringRef key, yaml::Node *node,
                                      yaml::Node *value) {
    auto slot = slots.find(key);
    if (slot == slots.end()) {
      yaml.error(node) << "unknown key '" << key
                       << "' in a communicator; expected Forward, InputGrad "
                          "or WeightGrad";
      return false;
    }
    seen.insert(key);
    std::optional<std::vector<Scalar>> entries = yaml.list(node, value, key);
    if (!entries)
      return false;
    if (entries->size() != dims.size()) {
      yaml.error(value) << key << " has " << entries->size()
                        << " entries but the network has " << dims.size()
                        << " dimensions";
      return false;
    }
    for (size_t d = 0; d < entries->size(); ++d) {
      const Scalar &entry = (*entries)[d];
      std::optional<int64_t> group = yaml.integer(entry, "a group size");
      if (!group)
        return false;
      std::string err = libra::checkCommunicatorGroup(*group, dims[d].size);
      if (!err.empty()) {
        yaml.error(entry.loc) << key << ", dimension " << d << ": " << err;
        return false;
      }
      slot->second->push_back(*group);
    }
    return true;
  });
  if (!ok)
    return false;
  for (llvm::StringRef key : {"Forward", "InputGrad", "WeightGrad"})
    if (!seen.contains(key)) {
      yaml.error(root) << "missing key " << key << " in a communicator";
      return false;
    }
  return true;
}
