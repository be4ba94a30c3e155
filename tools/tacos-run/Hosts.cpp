//===- Hosts.cpp - tacos-run: the hosts a run spans, and rank placement ---===//

#include "Hosts.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace tacos::run;

/// One entry: `NAME[:N]` followed by `key=value` words; `where` prefixes
/// an error.
static bool parseEntry(llvm::StringRef entry, const std::string &where,
                       HostSlots &host, std::string &error) {
  llvm::SmallVector<llvm::StringRef> words;
  entry.split(words, ' ', -1, false);
  auto [name, count] = words.front().split(':');
  if (name.empty()) {
    error = where + "a host needs a name, got '" + entry.str() + "'";
    return false;
  }
  host.name = name.str();
  host.slots = 1;
  auto setSlots = [&](llvm::StringRef value, llvm::StringRef what) {
    if (value.getAsInteger(10, host.slots) || host.slots == 0) {
      error = where + what.str() + " must be a positive count, got '" +
              value.str() + "'";
      return false;
    }
    return true;
  };
  if (!count.empty() && !setSlots(count, "the slot count after ':'"))
    return false;
  for (llvm::StringRef word : llvm::drop_begin(words)) {
    auto [key, value] = word.split('=');
    if (key == "slots") {
      if (!setSlots(value, "slots="))
        return false;
    } else if (key != "max_slots" && key != "max-slots") {
      error = where + "unknown host attribute '" + word.str() +
              "' (slots=N, max_slots=N)";
      return false;
    }
  }
  return true;
}

std::vector<HostSlots> tacos::run::parseHostfile(llvm::StringRef text,
                                                 llvm::StringRef path,
                                                 std::string &error) {
  std::vector<HostSlots> hosts;
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    llvm::StringRef line = lines[i].split('#').first;
    std::string spaced = line.str();
    std::replace(spaced.begin(), spaced.end(), '\t', ' ');
    llvm::StringRef entry = llvm::StringRef(spaced).trim();
    if (entry.empty())
      continue;
    HostSlots host;
    std::string where = path.str() + ":" + std::to_string(i + 1) + ": ";
    if (!parseEntry(entry, where, host, error))
      return {};
    hosts.push_back(host);
  }
  if (hosts.empty())
    error = path.str() + " lists no host";
  return hosts;
}

std::vector<HostSlots> tacos::run::parseHostList(llvm::StringRef list,
                                                 std::string &error) {
  std::vector<HostSlots> hosts;
  llvm::SmallVector<llvm::StringRef> entries;
  list.split(entries, ',', -1, false);
  for (llvm::StringRef entry : entries) {
    HostSlots host;
    if (entry.contains(' ') || !parseEntry(entry.trim(), "--host: ", host, error)) {
      if (error.empty())
        error = "--host: '" + entry.str() + "' is not NAME[:N]";
      return {};
    }
    hosts.push_back(host);
  }
  if (hosts.empty())
    error = "--host lists no host";
  return hosts;
}

std::vector<std::string>
tacos::run::placeRanks(const std::vector<HostSlots> &hosts, uint32_t ranks,
                       std::string &error) {
  std::vector<std::string> hostOfRank;
  for (const HostSlots &host : hosts)
    for (uint32_t s = 0; s < host.slots && hostOfRank.size() < ranks; ++s)
      hostOfRank.push_back(host.name);
  if (hostOfRank.size() < ranks) {
    error = "the hosts give " + std::to_string(hostOfRank.size()) +
            " slots for " + std::to_string(ranks) +
            " ranks (NPU r runs on slot r, one rank a slot)";
    return {};
  }
  return hostOfRank;
}

std::string
tacos::run::describePlacement(const std::vector<std::string> &hostOfRank) {
  std::string text;
  for (size_t first = 0; first < hostOfRank.size();) {
    size_t last = first;
    while (last + 1 < hostOfRank.size() &&
           hostOfRank[last + 1] == hostOfRank[first])
      ++last;
    if (!text.empty())
      text += ", ";
    text += "NPU " + std::to_string(first);
    if (last > first)
      text += "-" + std::to_string(last);
    text += " on " + hostOfRank[first];
    first = last + 1;
  }
  return text;
}
