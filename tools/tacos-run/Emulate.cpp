//===- Emulate.cpp - tacos-run --emulate: a cluster in namespaces ---------===//
//
// The cluster is made with iproute2 (ip, tc) and sysctl, a few processes
// per namespace: `ip -batch` and `tc -batch` files carry the many small
// commands, so that 16 hosts are ready in about a second.
//
//===----------------------------------------------------------------------===//

#include "Emulate.h"
#include "Launch.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <fstream>
#include <map>
#include <unistd.h>

using namespace tacos;
using namespace tacos::run;

/// The subnets: every host's data address (a /32, routed over the wires)
/// and its management address. They exist only inside the run's
/// namespaces, so they cannot clash with the machine's own networks.
static constexpr const char *kDataSubnet = "10.200.0.0/16";
static constexpr const char *kManagementSubnet = "10.201.0.0/16";
static constexpr const char *kControlAddress = "10.201.255.254";

static std::string address(int second, NodeId npu) {
  uint32_t n = npu + 1;
  return "10." + std::to_string(second) + "." + std::to_string(n >> 8) + "." +
         std::to_string(n & 255);
}
static std::string dataAddress(NodeId npu) { return address(200, npu); }
static std::string managementAddress(NodeId npu) { return address(201, npu); }

/// The programs the emulation runs, looked up in PATH and in the sbin
/// directories (root's PATH may lack them in a container).
static std::string findTool(llvm::StringRef name) {
  if (auto path = llvm::sys::findProgramByName(name))
    return *path;
  if (auto path = llvm::sys::findProgramByName(
          name, {"/usr/sbin", "/sbin", "/usr/bin", "/bin"}))
    return *path;
  return "";
}

std::string tacos::run::checkEmulationPossible() {
  if (geteuid() != 0)
    return "--emulate needs root: it makes network namespaces, veth pairs, "
           "bridges and traffic shaping (run tacos-run as root, or without "
           "--emulate)";
  if (!llvm::sys::fs::exists("/proc/self/ns/net"))
    return "--emulate needs network namespaces, which this kernel does not "
           "have (/proc/self/ns/net is missing)";
  for (const char *tool : {"ip", "tc", "sysctl", "unshare", "mount"})
    if (findTool(tool).empty())
      return std::string("--emulate needs '") + tool +
             "', which is not installed (Debian's iproute2, procps and "
             "util-linux)";
  return "";
}

Emulation::Emulation(const TestbedPlan &plan, std::string prefix,
                     std::string directory)
    : plan(plan), prefix(std::move(prefix)), directory(std::move(directory)) {
  ipPath = findTool("ip");
  tcPath = findTool("tc");
  sysctlPath = findTool("sysctl");
  unsharePath = findTool("unshare");
}

Emulation::~Emulation() { destroy(); }

void Emulation::destroy() {
  for (auto it = made.rbegin(); it != made.rend(); ++it) {
    deleteNamespace(*it);
    forgetNamespace(*it);
  }
  made.clear();
}

std::string Emulation::hostName(NodeId npu) const {
  return prefix + "h" + std::to_string(npu);
}

std::string Emulation::namespaceOf(NodeId node) const {
  if (!plan.isSwitch(node))
    return hostName(node);
  return prefix + "s" + std::to_string(node - plan.numNpus());
}

std::string Emulation::endToward(NodeId to) const {
  if (plan.isSwitch(to))
    return "tcb-s" + std::to_string(to - plan.numNpus());
  return "tcb-h" + std::to_string(to);
}

/// Runs `argv` (argv[0] a path), its output into `log`; returns "" or what
/// failed with the program's own message.
static std::string runQuietly(const std::vector<std::string> &argv,
                              const std::string &log) {
  std::vector<llvm::StringRef> args(argv.begin(), argv.end());
  // The redirection does not truncate: the log holds this command's
  // output alone only if it starts empty.
  llvm::sys::fs::remove(log);
  std::optional<llvm::StringRef> redirects[] = {
      llvm::StringRef("/dev/null"), llvm::StringRef(log),
      llvm::StringRef(log)};
  std::string error;
  int code = llvm::sys::ExecuteAndWait(argv[0], args, std::nullopt, redirects,
                                       0, 0, &error);
  if (code == 0)
    return "";
  std::string output;
  if (auto text = llvm::MemoryBuffer::getFile(log))
    output = llvm::StringRef((*text)->getBuffer()).trim().str();
  std::string command;
  for (const std::string &a : argv)
    command += (command.empty() ? "" : " ") + a;
  return "'" + command + "' failed" +
         (output.empty() ? (error.empty() ? "" : ": " + error)
                         : ": " + output);
}

static std::string writeFile(const std::string &path,
                             const std::string &text) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return "cannot write " + path + ": " + ec.message();
  out << text;
  return "";
}

std::string Emulation::writeFiles() {
  auto inDirectory = [&](const char *name) {
    llvm::SmallString<128> path(directory);
    llvm::sys::path::append(path, name);
    return std::string(path);
  };
  hostfilePath = inDirectory("hostfile");
  hostsPath = inDirectory("hosts");
  agentPath = inDirectory("agent");
  std::string hostfile, hosts;
  for (NodeId npu = 0; npu < plan.numNpus(); ++npu) {
    hostfile += hostName(npu) + " slots=1\n";
    hosts += managementAddress(npu) + " " + hostName(npu) + "\n";
  }
  // The machine's own names still resolve (mpirun looks its host up);
  // the hosts' names resolve without DNS, which would stall every start.
  std::ifstream system("/etc/hosts");
  hosts += std::string(std::istreambuf_iterator<char>(system), {});
  // Open MPI's rsh launcher starts `AGENT HOST COMMAND...`: "logging in"
  // to a host is entering its namespace with the host's name.
  std::string agent = "#!/bin/sh\n"
                      "# tacos-run --emulate: mpirun's rsh agent\n"
                      "host=$1; shift\n"
                      "exec " + ipPath + " netns exec \"$host\" " +
                      unsharePath +
                      " --uts sh -c \"hostname $host; $*\"\n";
  for (auto [path, text] : {std::pair{hostfilePath, hostfile},
                            std::pair{hostsPath, hosts},
                            std::pair{agentPath, agent}})
    if (std::string error = writeFile(path, text); !error.empty())
      return error;
  if (std::error_code ec = llvm::sys::fs::setPermissions(
          agentPath, llvm::sys::fs::owner_all))
    return "cannot make " + agentPath + " executable: " + ec.message();
  return "";
}

std::string Emulation::makeNamespaces(std::string &warning) {
  std::string log = directory + "/ip.log";
  auto sysctl = [&](const std::string &name, std::vector<std::string> keys) {
    std::vector<std::string> argv = {ipPath,     "netns", "exec", name,
                                     sysctlPath, "-q",    "-w"};
    argv.insert(argv.end(), keys.begin(), keys.end());
    return runQuietly(argv, log);
  };
  auto make = [&](const std::string &name, bool host) -> std::string {
    // Told first: whenever tacos-run dies from here on, the guardian
    // deletes what there is.
    guardNamespace(name);
    made.push_back(name);
    if (std::string error = runQuietly({ipPath, "netns", "add", name}, log);
        !error.empty())
      return error;
    // Before any interface exists: none gets IPv6 (its router and
    // listener chatter would be traffic the schedule does not have).
    std::vector<std::string> keys = {"net.ipv6.conf.all.disable_ipv6=1",
                                     "net.ipv6.conf.default.disable_ipv6=1"};
    if (host)
      keys.insert(keys.end(), {"net.ipv4.ip_forward=1",
                               "net.ipv4.conf.all.rp_filter=0",
                               "net.ipv4.conf.default.rp_filter=0"});
    if (std::string error = sysctl(name, keys); !error.empty())
      return error;
    // For faithful times (EMULATION.md): reno, as cubic is refused in a
    // namespace and several flows on a shallow queue storm with others;
    // a low not-sent mark so that a rendezvous handshake does not queue
    // behind bulk data. Correctness does not depend on them.
    if (host)
      if (std::string error = sysctl(name, {"net.ipv4.tcp_congestion_control=reno",
                                            "net.ipv4.tcp_notsent_lowat=32768"});
          !error.empty() && warning.empty())
        warning = "the TCP settings for faithful times were refused (" +
                  error + "); times may be off, results are still checked";
    return "";
  };
  if (std::string error = make(prefix + "ctl", false); !error.empty())
    return error;
  for (NodeId n = 0; n < plan.numNodes(); ++n)
    if (std::string error = make(namespaceOf(n), !plan.isSwitch(n));
        !error.empty())
      return error;
  return "";
}

std::string Emulation::makeWires() {
  std::string batch;
  std::string control = prefix + "ctl";
  for (NodeId npu = 0; npu < plan.numNpus(); ++npu)
    batch += "link add tcb-mgmt netns " + hostName(npu) +
             " type veth peer name tcb-m" + std::to_string(npu) + " netns " +
             control + "\n";
  for (const TestbedWire &wire : plan.wires())
    batch += "link add " + endToward(wire.b) + " netns " +
             namespaceOf(wire.a) + " type veth peer name " +
             endToward(wire.a) + " netns " + namespaceOf(wire.b) + "\n";
  std::string path = directory + "/wires.batch";
  if (std::string error = writeFile(path, batch); !error.empty())
    return error;
  return runQuietly({ipPath, "-batch", path}, directory + "/ip.log");
}

/// The tbf line for one end: `mbit` Mbit/s, a burst of at least 64 KiB
/// (tbf's own ~70 KB; smaller ones split GSO packets and slow large
/// transfers) and 20 ms of queue.
static std::string shaping(const std::string &end, double mbit) {
  double bytesPerSecond = mbit * 1e6 / 8;
  uint64_t burst = std::max<uint64_t>(65536, uint64_t(bytesPerSecond / 250));
  uint64_t kbit = std::max<uint64_t>(8, uint64_t(std::llround(mbit * 1000)));
  return llvm::formatv("qdisc add dev {0} root tbf rate {1}kbit burst {2} "
                       "latency 20ms\n",
                       end, kbit, burst)
      .str();
}

std::string Emulation::configure() {
  std::map<std::string, std::string> ipBatch, tcBatch;
  std::string control = prefix + "ctl";
  std::string &ctl = ipBatch[control];
  ctl += "link set lo up\nlink add tcb-mgmt type bridge\n";
  ctl += std::string("addr add ") + kControlAddress + "/16 dev tcb-mgmt\n";
  ctl += "link set tcb-mgmt up\n";
  for (NodeId npu = 0; npu < plan.numNpus(); ++npu) {
    std::string port = "tcb-m" + std::to_string(npu);
    ctl += "link set " + port + " master tcb-mgmt\nlink set " + port + " up\n";
    std::string &host = ipBatch[hostName(npu)];
    host += "link set lo up\nlink add tcb-data type bridge\n";
    host += "addr add " + dataAddress(npu) + "/32 dev tcb-data\n";
    host += "link set tcb-data up\n";
    host += "addr add " + managementAddress(npu) + "/16 dev tcb-mgmt\n";
    host += "link set tcb-mgmt up\n";
  }
  for (NodeId s = plan.numNpus(); s < plan.numNodes(); ++s)
    ipBatch[namespaceOf(s)] += "link set lo up\nlink add tcb-br type bridge "
                               "stp_state 0\nlink set tcb-br up\n";
  for (const TestbedWire &wire : plan.wires())
    for (auto [at, to, mbit] : {std::tuple{wire.a, wire.b, wire.mbitAB},
                                std::tuple{wire.b, wire.a, wire.mbitBA}}) {
      std::string end = endToward(to);
      std::string &lines = ipBatch[namespaceOf(at)];
      if (plan.isSwitch(at))
        lines += "link set " + end + " master tcb-br\n";
      lines += "link set " + end + " up\n";
      tcBatch[namespaceOf(at)] += shaping(end, mbit);
    }
  for (NodeId npu = 0; npu < plan.numNpus(); ++npu)
    for (const TestbedRoute &route : plan.routes(npu)) {
      const TestbedWire &wire = plan.wires()[route.wire];
      NodeId first = wire.a == npu ? wire.b : wire.a;
      ipBatch[hostName(npu)] += "route add " + dataAddress(route.destination) +
                                "/32 via " + dataAddress(route.gateway) +
                                " dev " + endToward(first) + " onlink\n";
    }
  std::string log = directory + "/ip.log";
  for (auto [tool, batches] : {std::pair{ipPath, &ipBatch},
                               std::pair{tcPath, &tcBatch}})
    for (const auto &[name, lines] : *batches) {
      std::string path = directory + "/" + name + "." +
                         llvm::sys::path::filename(tool).str() + ".batch";
      if (std::string error = writeFile(path, lines); !error.empty())
        return error;
      if (std::string error =
              runQuietly({tool, "-n", name, "-batch", path}, log);
          !error.empty())
        return error;
    }
  return "";
}

std::string Emulation::create(std::string &warning) {
  if (std::string error = writeFiles(); !error.empty())
    return error;
  if (std::string error = makeNamespaces(warning); !error.empty())
    return error;
  if (std::string error = makeWires(); !error.empty())
    return error;
  return configure();
}

std::vector<std::string> Emulation::launchPrefix() const {
  // A private mount namespace whose /etc/hosts names the hosts: the
  // machine's own file is not touched.
  return {ipPath,
          "netns",
          "exec",
          prefix + "ctl",
          unsharePath,
          "--mount",
          "--propagation",
          "private",
          "sh",
          "-c",
          "mount --bind \"$0\" /etc/hosts && exec \"$@\"",
          hostsPath};
}

std::vector<std::string> Emulation::mpirunArguments() const {
  std::vector<std::string> args = {"--bind-to", "none"};
  auto mca = [&](const char *name, const std::string &value) {
    args.insert(args.end(), {"--mca", name, value});
  };
  mca("plm_rsh_agent", agentPath);
  mca("plm_rsh_no_tree_spawn", "1");
  // TCP only, so no message takes shared memory past the emulated links;
  // data on the wires, Open MPI's own traffic on the management bridge.
  mca("btl", "tcp,self");
  mca("btl_tcp_if_include", kDataSubnet);
  mca("oob_tcp_if_include", kManagementSubnet);
  // Both directions of an exchange at once, and no rendezvous handshake
  // behind bulk data (EMULATION.md).
  mca("btl_tcp_flags", "send,inplace,need-ack,need-csum");
  for (const char *limit :
       {"btl_tcp_eager_limit", "btl_tcp_rndv_eager_limit",
        "btl_tcp_max_send_size"})
    mca(limit, "8392704");
  mca("btl_tcp_free_list_inc", "2");
  return args;
}

std::vector<std::string> Emulation::environment() const {
  // The daemons on the hosts are started by the agent, not with mpirun's
  // --allow-run-as-root.
  return {"OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"};
}

std::optional<std::vector<uint64_t>>
Emulation::readCounters(std::string &error) const {
  std::map<std::string, std::map<std::string, uint64_t>> sent;
  std::string log = directory + "/counters.json";
  for (NodeId n = 0; n < plan.numNodes(); ++n) {
    std::string name = namespaceOf(n);
    error = runQuietly({ipPath, "-n", name, "-s", "-j", "link", "show"}, log);
    if (!error.empty())
      return std::nullopt;
    auto text = llvm::MemoryBuffer::getFile(log);
    llvm::Expected<llvm::json::Value> json =
        text ? llvm::json::parse((*text)->getBuffer())
             : llvm::Expected<llvm::json::Value>(
                   llvm::createStringError("cannot read " + log));
    if (!json) {
      error = "cannot read the byte counters of " + name + ": " +
              llvm::toString(json.takeError());
      return std::nullopt;
    }
    if (const llvm::json::Array *links = json->getAsArray())
      for (const llvm::json::Value &link : *links) {
        const llvm::json::Object *object = link.getAsObject();
        if (!object)
          continue;
        std::optional<llvm::StringRef> ifname = object->getString("ifname");
        const llvm::json::Object *stats = object->getObject("stats64");
        const llvm::json::Object *tx = stats ? stats->getObject("tx") : nullptr;
        std::optional<int64_t> bytes = tx ? tx->getInteger("bytes") : std::nullopt;
        if (ifname && bytes)
          sent[name][ifname->str()] = uint64_t(*bytes);
      }
  }
  std::vector<uint64_t> counters;
  for (const TestbedWire &wire : plan.wires())
    for (auto [at, to] : {std::pair{wire.a, wire.b}, std::pair{wire.b, wire.a}})
      counters.push_back(sent[namespaceOf(at)][endToward(to)]);
  return counters;
}
