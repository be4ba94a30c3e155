//===- tacos-astra-workload-fuzzer.cpp - --import-astra-workload ----------===//
//
// libFuzzer target for the ASTRA-sim workload importer (Target/Libra): the
// layer file, the communicator, the network (and a cost model), read
// together, then libra::workloadFromLayers and the IR. The input is in
// split-file form: `#--- layers.txt`, `#--- network.yml`,
// `#--- communicator.yml`, optionally `#--- cost-model.yml`. Without a
// network or a communicator, a small 3-D one stands in (so a bare layer
// file is an input too). The rules are FuzzTranslation.h's.
//
// A finding reproduces with the tool:
//   split-file crash-<sha1> dir && tacos-translate --import-astra-workload \
//     --network=dir/network.yml --communicator=dir/communicator.yml \
//     dir/layers.txt
//
//===----------------------------------------------------------------------===//

#include "FuzzTranslation.h"

static constexpr const char *kDefaultNetwork =
    "Topology: [ Ring, FullyConnected, Switch ]\n"
    "NpusCount: [ 4, 2, 8 ]\n"
    "CostDimension: [ InterPackage, InterNode, InterPod ]\n";
static constexpr const char *kDefaultCommunicator =
    "Forward: [ 4, -1, -1 ]\n"
    "InputGrad: [ 4, -1, -1 ]\n"
    "WeightGrad: [ -1, 2, 8 ]\n";

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  tacos::fuzz::selectTranslation("import-astra-workload");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  auto files = tacos::fuzz::splitFiles(input, "layers.txt");
  const std::string *layers = tacos::fuzz::findFile(files, "layers.txt");
  if (!layers)
    return 0;
  auto file = [&](const char *name, const char *fallback) {
    const std::string *contents = tacos::fuzz::findFile(files, name);
    return tacos::fuzz::writeScratchFile(
        name, contents ? llvm::StringRef(*contents) : fallback);
  };
  tacos::fuzz::setStringOption("network", file("network.yml", kDefaultNetwork));
  tacos::fuzz::setStringOption("communicator",
                               file("communicator.yml", kDefaultCommunicator));
  const std::string *costModel = tacos::fuzz::findFile(files, "cost-model.yml");
  tacos::fuzz::setStringOption(
      "cost-model",
      costModel ? tacos::fuzz::writeScratchFile("cost-model.yml", *costModel)
                : "");
  tacos::fuzz::runTranslation(*layers, "layers.txt");
  return 0;
}
