//===- Model.h - LIBRA's time and cost model --------------------*- C++ -*-===//
//
// docs/Algorithms.md, LIBRA. Unknowns: B_d, the bandwidth per NPU of dimension d, in GB/s.
// A collective of m bytes over the dimensions it uses (group size c_d each,
// in the order given) puts a_d bytes on dimension d:
//   All-Reduce:     ascending order, a_d = 2 m_d (c_d - 1) / c_d, m_{d+1} = m_d / c_d
//   Reduce-Scatter: the same without the factor 2
//   All-Gather:     descending order from the shard, a_d = m_d (c_d - 1),
//                   m grows by c_d
//   All-to-All:     every used dimension, a_d = m (c_d - 1) / c_d
// Dimensions are pipelined, so the collective takes max_d a_d / B_d (bytes
// over GB/s is nanoseconds). A workload takes compute + the sum of count x
// collective time; it costs N * sum_d u_d B_d.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIBRA_MODEL_H
#define TACOS_LIBRA_MODEL_H

#include "tacos/Collective/Collective.h"
#include "tacos/Network/Topology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tacos::libra {

struct WorkloadCollective {
  CollectiveKind kind = CollectiveKind::AllReduce;
  double bytes = 0;
  /// The dimensions it runs over, in the order given, with the group size
  /// in each (the dimension's size unless a group says otherwise).
  std::vector<std::pair<unsigned, int64_t>> dims;
  double count = 1;
};

struct Workload {
  double computeNs = 0;
  double weight = 1; ///< in a weighted sum of several workloads
  std::vector<WorkloadCollective> collectives;
};

/// sum_d coefficients[d] * B_d  (==, <=, >=)  rhs, in GB/s.
struct LinearConstraint {
  enum class Relation { Equal, LessEqual, GreaterEqual } relation;
  std::vector<double> coefficients;
  double rhs = 0;
};

struct AllocationProblem {
  unsigned numDims = 0;
  double numNpus = 0;
  /// Dollars per GB/s per NPU of each dimension (u_d).
  std::vector<double> pricePerGBps;
  std::vector<Workload> workloads;
  std::vector<LinearConstraint> constraints;
};

/// Dollars per GB/s of link, switch and NIC bandwidth in one cost tier.
struct TierPrice {
  std::string tier;
  double link = 0, switchPrice = 0, nic = 0;
};

/// u_d of a dimension of that tier: the link price, plus switch and NIC
/// prices for switch dimensions (docs/Algorithms.md, LIBRA).
double pricePerGBps(const TierPrice &price, DimKind kind);

/// How many outgoing links one NPU has in a dimension of this building
/// block: line and bidirectional ring 2 (ring(2) and line(2): 1), one-way
/// ring 1, fully_connected(n) n - 1, switch 1 (its port); 1 for a size-1
/// dimension, which has no links, so that dividing by it is always defined.
/// The per-NPU bandwidth B_d is spread evenly over them, so a dimension's
/// link bandwidth is B_d / linksPerNpu (the ends of a line then get only
/// half of B_d: the line's middle NPUs are the ones that bound it).
unsigned linksPerNpu(const DimSpec &dim);

/// `dims` with every link bandwidth set from the per-NPU bandwidths (GB/s)
/// as above; latency and tier are kept. perNpuGBps has one entry per dim.
/// The link bandwidth (bytes/s) of `dim` for per-NPU bandwidth B_d (GB/s).
double linkBandwidthBps(const DimSpec &dim, double perNpuGBps);
/// The per-NPU bandwidth (GB/s) that `dim`'s decided link bandwidth gives.
double perNpuBandwidthGBps(const DimSpec &dim);

std::vector<DimSpec> dimsWithBandwidth(const std::vector<DimSpec> &dims,
                                       const std::vector<double> &perNpuGBps);

/// The per-dimension bytes a_d of one collective (zero for unused dims).
/// Returns an error message for a collective LIBRA does not model.
std::string dimensionLoads(const WorkloadCollective &collective,
                           unsigned numDims, std::vector<double> &loads);

/// One collective's time under bandwidths B (ns, one instance) and the
/// dimensions that take longest, its bottlenecks: every dimension within a
/// relative 1e-6 of the slowest (an optimum balances several, and which of
/// them is a hair slower is solver noise); empty if it moves no data.
struct CollectiveTime {
  double timeNs = 0;
  std::vector<unsigned> bottleneckDims;
  std::vector<double> loads; ///< a_d, bytes
  std::string error;         ///< as dimensionLoads
};
CollectiveTime collectiveTime(const WorkloadCollective &collective,
                              unsigned numDims,
                              const std::vector<double> &bandwidthGBps);

/// Workload time in ns (weighted sum over workloads) for bandwidths B.
/// A dimension a collective uses with B_d = 0 makes the time infinite.
double workloadTimeNs(const AllocationProblem &problem,
                      const std::vector<double> &bandwidthGBps);

/// Dollars: N * sum_d u_d B_d.
double networkCost(const AllocationProblem &problem,
                   const std::vector<double> &bandwidthGBps);

} // namespace tacos::libra

#endif // TACOS_LIBRA_MODEL_H
