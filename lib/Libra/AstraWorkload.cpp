//===- AstraWorkload.cpp - ASTRA-sim layers -> LIBRA workload -------------===//

#include "tacos/Libra/AstraWorkload.h"

#include "tacos/Network/Quantity.h"

#include <cmath>
#include <map>
#include <tuple>

namespace tacos::libra {

std::string checkCommunicatorGroup(int64_t group, int64_t dimSize) {
  if (group == -1 || group == 1)
    return "";
  if (group < 1)
    return "group size " + std::to_string(group) +
           " is invalid; write -1 for an unused dimension or a size >= 1";
  if (group > dimSize)
    return "group size " + std::to_string(group) + " exceeds the " +
           std::to_string(dimSize) + " NPUs of its dimension";
  return "";
}

namespace {

using Dims = std::vector<std::pair<unsigned, int64_t>>;

/// The dimensions a phase's collectives span: ascending, with group sizes.
std::string phaseDims(const std::vector<int64_t> &groups,
                      const std::vector<DimSpec> &dims, const char *phase,
                      Dims &out) {
  if (groups.size() != dims.size())
    return std::string("communicator ") + phase + " has " +
           std::to_string(groups.size()) + " entries but the network has " +
           std::to_string(dims.size()) + " dimensions";
  out.clear();
  for (size_t d = 0; d < groups.size(); ++d) {
    std::string err = checkCommunicatorGroup(groups[d], dims[d].size);
    if (!err.empty())
      return std::string("communicator ") + phase + ", dimension " +
             std::to_string(d) + ": " + err;
    if (groups[d] > 1)
      out.push_back({unsigned(d), groups[d]});
  }
  return "";
}

} // namespace

double collectiveBytes(CollectiveKind kind, double layerBytes,
                       const std::vector<std::pair<unsigned, int64_t>> &used) {
  // ASTRA-sim and LIBRA's model start an All-Gather from each NPU's shard
  // (LIBRA's first dimension moves shard x (c - 1)); a coll.all_gather's
  // size is what every NPU ends with. The other collectives' layer sizes
  // are already each NPU's whole buffer, as in the IR.
  if (kind != CollectiveKind::AllGather)
    return layerBytes;
  double npus = 1;
  for (auto [dim, group] : used)
    npus *= double(group);
  return layerBytes * npus;
}

namespace {

std::string checkPhase(const AstraPhase &phase, const Dims &used,
                       const std::string &what) {
  if (!std::isfinite(phase.computeNs) || phase.computeNs < 0)
    return what + " has a negative or non-finite compute time";
  if (!std::isfinite(phase.bytes) || phase.bytes < 0)
    return what + " has a negative or non-finite size";
  if (phase.collective && !used.empty() &&
      collectiveBytes(*phase.collective, phase.bytes, used) >
          double(kMaxSizeBytes))
    return what + " gathers " +
           std::to_string(
               int64_t(collectiveBytes(*phase.collective, phase.bytes, used))) +
           " bytes, more than 1 PiB";
  return "";
}

} // namespace

std::string workloadFromLayers(const std::vector<AstraLayer> &layers,
                               const Communicator &communicator,
                               const std::vector<DimSpec> &dims,
                               Workload &out, size_t *badLayer) {
  if (badLayer)
    *badLayer = layers.size();
  Dims forward, inputGrad, weightGrad;
  for (auto [groups, phase, used] :
       {std::tuple(&communicator.forward, "Forward", &forward),
        std::tuple(&communicator.inputGrad, "InputGrad", &inputGrad),
        std::tuple(&communicator.weightGrad, "WeightGrad", &weightGrad)}) {
    std::string err = phaseDims(*groups, dims, phase, *used);
    if (!err.empty())
      return err;
  }

  out = Workload();
  // Merging key -> index into out.collectives. Keys compare bytes exactly:
  // the sizes come from integer byte counts in the layer file.
  std::map<std::tuple<CollectiveKind, double, Dims>, size_t> index;
  auto issue = [&](const AstraPhase &phase, const Dims &used) {
    if (!phase.collective || used.empty() || phase.bytes == 0)
      return; // moves no data: LIBRA's time model ignores it
    double bytes = collectiveBytes(*phase.collective, phase.bytes, used);
    auto key = std::make_tuple(*phase.collective, bytes, used);
    auto [it, inserted] = index.try_emplace(key, out.collectives.size());
    if (inserted)
      out.collectives.push_back({*phase.collective, bytes, used, 0});
    out.collectives[it->second].count += 1;
  };

  for (const AstraLayer &layer : layers) {
    if (badLayer)
      *badLayer = size_t(&layer - layers.data());
    for (auto [phase, what, used] :
         {std::tuple(&layer.forward, "forward", &forward),
          std::tuple(&layer.inputGrad, "input-gradient", &inputGrad),
          std::tuple(&layer.weightGrad, "weight-gradient", &weightGrad)}) {
      std::string err = checkPhase(
          *phase, *used, "layer '" + layer.name + "' " + what + " phase");
      if (!err.empty())
        return err;
      out.computeNs += phase->computeNs;
    }
    issue(layer.forward, forward);
  }
  if (badLayer)
    *badLayer = layers.size();
  for (auto it = layers.rbegin(); it != layers.rend(); ++it) {
    issue(it->inputGrad, inputGrad);
    issue(it->weightGrad, weightGrad);
  }
  return "";
}

} // namespace tacos::libra
