//===- RunProtocol.cpp - What tacos-run and its rank driver exchange ------===//
//
// Line-oriented text: one record per line, whitespace-separated fields, a
// free-text message (if any) last. Doubles are printed with 17 significant
// digits so that they read back bit for bit.
//
//===----------------------------------------------------------------------===//

#include "RunProtocol.h"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace tacos::run {

namespace {
struct DTypeInfo {
  DType type;
  const char *name;
  unsigned bytes;
  bool isFloat;
  unsigned digits;
};
constexpr DTypeInfo kDTypes[] = {
    {DType::F32, "f32", 4, true, 24},  {DType::F64, "f64", 8, true, 53},
    {DType::I32, "i32", 4, false, 31}, {DType::I64, "i64", 8, false, 63},
    {DType::F16, "f16", 2, true, 11},  {DType::BF16, "bf16", 2, true, 8},
};
const DTypeInfo &info(DType type) { return kDTypes[unsigned(type)]; }
} // namespace

std::optional<DType> parseDType(const std::string &name) {
  for (const DTypeInfo &d : kDTypes)
    if (name == d.name)
      return d.type;
  return std::nullopt;
}
const char *dtypeName(DType type) { return info(type).name; }
unsigned dtypeBytes(DType type) { return info(type).bytes; }
bool isFloat(DType type) { return info(type).isFloat; }
unsigned dtypeDigits(DType type) { return info(type).digits; }

std::optional<exec::ReduceOp> parseReduceOp(const std::string &name) {
  if (name == "sum")
    return exec::ReduceOp::Sum;
  if (name == "max")
    return exec::ReduceOp::Max;
  if (name == "min")
    return exec::ReduceOp::Min;
  return std::nullopt;
}

const char *reduceOpName(exec::ReduceOp op) {
  switch (op) {
  case exec::ReduceOp::Sum:
    return "sum";
  case exec::ReduceOp::Max:
    return "max";
  case exec::ReduceOp::Min:
    return "min";
  }
  return "?";
}

const char *returnCodeMeaning(int64_t code) {
  switch (code) {
  case 1:
    return "the communicator's size differs from the algorithm's rank count";
  case 2:
    return "a buffer is shorter than required";
  case 3:
    return "the element count cannot be split";
  default:
    return "an unknown code";
  }
}

static std::string printDouble(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

/// The rest of a line after the fields already read, without the separator.
static std::string restOfLine(std::istringstream &line) {
  std::string rest;
  std::getline(line, rest);
  size_t first = rest.find_first_not_of(' ');
  return first == std::string::npos ? "" : rest.substr(first);
}

//===----------------------------------------------------------------------===//
// Manifest
//===----------------------------------------------------------------------===//

static constexpr const char *kManifestMagic = "tacos-run-manifest 1";

static constexpr std::pair<FaultKind, const char *> kFaultKinds[] = {
    {FaultKind::None, "none"}, {FaultKind::Abort, "abort"},
    {FaultKind::Kill, "kill"}, {FaultKind::Exit, "exit"},
    {FaultKind::Hang, "hang"}};

std::optional<FaultKind> parseFaultKind(const std::string &name) {
  for (auto [kind, spelling] : kFaultKinds)
    if (name == spelling)
      return kind;
  return std::nullopt;
}

const char *faultKindName(FaultKind kind) {
  for (auto [k, spelling] : kFaultKinds)
    if (k == kind)
      return spelling;
  return "?";
}

bool isRunnableName(const std::string &name) {
  if (name.empty())
    return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
          c == '.' || c == '$' || c == '-'))
      return false;
  return true;
}

std::string startedMarker(const std::string &results, uint32_t rank) {
  return results + ".started." + std::to_string(rank);
}

uint32_t countStartedRanks(const std::string &results, uint32_t numRanks) {
  uint32_t started = 0;
  for (uint32_t r = 0; r < numRanks; ++r)
    started += std::ifstream(startedMarker(results, r)).good();
  return started;
}

std::string writeManifest(const Manifest &m, const std::string &path) {
  std::ofstream out(path);
  if (!out)
    return "cannot write " + path;
  out << kManifestMagic << "\n"
      << "library " << m.library << "\n"
      << "dtype " << dtypeName(m.dtype) << "\n"
      << "op " << reduceOpName(m.op) << "\n"
      << "iterations " << m.iterations << "\n"
      << "baseline " << m.baseline << "\n"
      << "in-place " << m.inPlace << "\n"
      << "shorten " << m.shortenBuffers << "\n";
  if (m.fault != FaultKind::None)
    out << "fault " << faultKindName(m.fault) << " " << m.faultRank << "\n";
  for (const AlgorithmEntry &a : m.algorithms) {
    const exec::CallShape &s = a.shape;
    out << "algorithm " << a.name << " " << collectiveName(s.kind) << " "
        << a.elements << " " << s.numRanks << " " << s.chunksPerRank << " "
        << (s.root ? std::to_string(*s.root) : "-") << " "
        << s.participants.size();
    for (uint32_t p : s.participants)
      out << " " << p;
    out << "\n";
  }
  out.close();
  return out ? "" : "cannot write " + path;
}

static bool readAlgorithm(std::istringstream &line, AlgorithmEntry &a) {
  std::string kind, root;
  size_t count = 0;
  exec::CallShape &s = a.shape;
  if (!(line >> a.name >> kind >> a.elements >> s.numRanks >> s.chunksPerRank >> root >>
        count))
    return false;
  auto parsed = parseCollective(kind);
  if (!parsed)
    return false;
  s.kind = *parsed;
  if (root != "-")
    s.root = uint32_t(std::stoul(root));
  s.participants.resize(count);
  for (uint32_t &p : s.participants)
    if (!(line >> p))
      return false;
  return true;
}

std::string readManifest(const std::string &path, Manifest &m) {
  std::ifstream in(path);
  if (!in)
    return "cannot read the manifest " + path;
  std::string text;
  if (!std::getline(in, text) || text != kManifestMagic)
    return path + " is not a tacos-run manifest";
  while (std::getline(in, text)) {
    std::istringstream line(text);
    std::string key, value;
    line >> key;
    bool ok = true;
    if (key == "library") {
      ok = m.library.empty();
      m.library = restOfLine(line);
    } else if (key == "dtype") {
      line >> value;
      auto d = parseDType(value);
      ok = d.has_value();
      if (d)
        m.dtype = *d;
    } else if (key == "op") {
      line >> value;
      auto op = parseReduceOp(value);
      ok = op.has_value();
      if (op)
        m.op = *op;
    } else if (key == "iterations") {
      ok = bool(line >> m.iterations);
    } else if (key == "baseline") {
      ok = bool(line >> m.baseline);
    } else if (key == "in-place") {
      ok = bool(line >> m.inPlace);
    } else if (key == "shorten") {
      ok = bool(line >> m.shortenBuffers);
    } else if (key == "fault") {
      line >> value;
      auto kind = parseFaultKind(value);
      ok = kind.has_value() && bool(line >> m.faultRank);
      if (kind)
        m.fault = *kind;
    } else if (key == "algorithm") {
      m.algorithms.emplace_back();
      ok = readAlgorithm(line, m.algorithms.back()) &&
           isRunnableName(m.algorithms.back().name);
    } else {
      ok = false;
    }
    if (!ok)
      return path + ": malformed line '" + text + "'";
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

static const char *statusName(Outcome::Status status) {
  switch (status) {
  case Outcome::Status::Ok:
    return "ok";
  case Outcome::Status::Mismatch:
    return "mismatch";
  case Outcome::Status::ReturnCode:
    return "code";
  case Outcome::Status::Error:
    return "error";
  case Outcome::Status::Skipped:
    return "skipped";
  }
  return "?";
}

static std::optional<Outcome::Status> parseStatus(const std::string &name) {
  for (auto s : {Outcome::Status::Ok, Outcome::Status::Mismatch,
                 Outcome::Status::ReturnCode, Outcome::Status::Error,
                 Outcome::Status::Skipped})
    if (name == statusName(s))
      return s;
  return std::nullopt;
}

static void writeOutcome(std::ofstream &out, const char *what, size_t i,
                         const Outcome &o) {
  out << what << " " << i << " " << statusName(o.status) << " "
      << printDouble(o.seconds) << " " << o.rank << " " << o.index << " "
      << o.code << " " << printDouble(o.expected) << " "
      << printDouble(o.got) << " " << o.message << "\n";
}

std::string writeResults(const Results &r, const std::string &path) {
  std::ofstream out(path);
  if (!out)
    return "cannot write " + path;
  if (!r.fatal.empty())
    out << "fatal " << r.fatal << "\n";
  for (size_t i = 0; i < r.algorithms.size(); ++i)
    writeOutcome(out, "algorithm", i, r.algorithms[i]);
  for (size_t i = 0; i < r.baselines.size(); ++i)
    writeOutcome(out, "baseline", i, r.baselines[i]);
  out << "end\n";
  out.close();
  return out ? "" : "cannot write " + path;
}

static bool readOutcome(std::istringstream &line, std::vector<Outcome> &into) {
  size_t index;
  std::string status, seconds, expected, got;
  Outcome o;
  if (!(line >> index >> status >> seconds >> o.rank >> o.index >> o.code >>
        expected >> got))
    return false;
  auto s = parseStatus(status);
  if (!s || index != into.size())
    return false;
  o.status = *s;
  o.seconds = std::strtod(seconds.c_str(), nullptr);
  o.expected = std::strtod(expected.c_str(), nullptr);
  o.got = std::strtod(got.c_str(), nullptr);
  o.message = restOfLine(line);
  into.push_back(o);
  return true;
}

std::string readResults(const std::string &path, Results &r) {
  std::ifstream in(path);
  if (!in)
    return "";
  std::string text;
  while (std::getline(in, text)) {
    std::istringstream line(text);
    std::string key;
    line >> key;
    bool ok = true;
    if (key == "fatal")
      r.fatal = restOfLine(line);
    else if (key == "algorithm")
      ok = readOutcome(line, r.algorithms);
    else if (key == "baseline")
      ok = readOutcome(line, r.baselines);
    else if (key == "end")
      r.complete = true;
    else
      ok = false;
    if (!ok)
      return path + ": malformed line '" + text + "'";
  }
  return "";
}

} // namespace tacos::run
