//===- ConcurrentFlow.cpp - All-to-All's concurrent-flow bound ------------===//
//
// The LP of ConcurrentFlow.h in GLPK, solved by the primal simplex from the
// slack basis (feasible: every flow and lambda zero), and the certificate
// recomputed from the capacity rows' duals. Bandwidths and demands are
// scaled to at most 1 in the LP, which changes neither its basis nor the
// lengths' ratios; the certificate is computed in the network's units.
//
//===----------------------------------------------------------------------===//

#include "ConcurrentFlow.h"

#include <glpk.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <numeric>
#include <queue>

namespace tacos {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// Lengths from `source` under `y` (Dijkstra; lengths are >= 0).
std::vector<double> distances(const Network &network, NodeId source,
                              const std::vector<double> &y) {
  std::vector<double> dist(network.numNodes(), kInf);
  using Item = std::pair<double, NodeId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  dist[source] = 0;
  queue.push({0, source});
  while (!queue.empty()) {
    auto [d, u] = queue.top();
    queue.pop();
    if (d > dist[u])
      continue;
    for (LinkId l : network.outLinks(u)) {
      double via = d + y[l];
      NodeId v = network.dst(l);
      if (via < dist[v]) {
        dist[v] = via;
        queue.push({via, v});
      }
    }
  }
  return dist;
}

uint64_t rowSum(const std::vector<uint64_t> &row) {
  return std::accumulate(row.begin(), row.end(), uint64_t(0));
}

/// The certificate of lengths `y`: fills weightedBytes and
/// weightedBandwidth; false when a demand is unreachable or y weighs
/// nothing on the demands or the links.
bool certify(const Network &network, const DemandMatrix &demand,
             const std::vector<double> &y, ConcurrentFlowBound &bound) {
  double bytes = 0, bandwidth = 0;
  for (NodeId s = 0; s < demand.size(); ++s) {
    if (rowSum(demand[s]) == 0)
      continue;
    std::vector<double> dist = distances(network, s, y);
    for (NodeId t = 0; t < demand[s].size(); ++t)
      if (demand[s][t] != 0) {
        if (dist[t] == kInf)
          return false;
        bytes += double(demand[s][t]) * dist[t];
      }
  }
  for (LinkId l = 0; l < network.numLinks(); ++l)
    bandwidth += network.bandwidth(l) * y[l];
  if (!(bytes > 0) || !(bandwidth > 0))
    return false;
  bound.weightedBytes = bytes;
  bound.weightedBandwidth = bandwidth;
  return true;
}

/// Owns a GLPK problem.
struct ProblemDeleter {
  void operator()(glp_prob *lp) const { glp_delete_prob(lp); }
};
using LinearProgram = std::unique_ptr<glp_prob, ProblemDeleter>;

/// The LP of ConcurrentFlow.h for `sources`; `capacityRow[l]` receives the
/// row of link l's capacity (0 when no column uses it).
LinearProgram buildProgram(const Network &network, const DemandMatrix &demand,
                           const std::vector<NodeId> &sources,
                           std::vector<int> &capacityRow) {
  double maxBandwidth = 0, maxDemand = 0;
  for (LinkId l = 0; l < network.numLinks(); ++l)
    maxBandwidth = std::max(maxBandwidth, network.bandwidth(l));
  for (NodeId s : sources)
    for (uint64_t d : demand[s])
      maxDemand = std::max(maxDemand, double(d));

  LinearProgram lp(glp_create_prob());
  glp_set_obj_dir(lp.get(), GLP_MAX);
  uint32_t nodes = network.numNodes();
  // Conservation rows: (source i, node v) at 1 + i * nodes + v; the
  // source's own row stays free (it is the sum of the others).
  glp_add_rows(lp.get(), int(sources.size() * nodes));
  for (size_t i = 0; i < sources.size(); ++i)
    for (NodeId v = 0; v < nodes; ++v) {
      int row = int(1 + i * nodes + v);
      if (v == sources[i])
        glp_set_row_bnds(lp.get(), row, GLP_FR, 0, 0);
      else
        glp_set_row_bnds(lp.get(), row, GLP_FX, 0, 0);
    }
  capacityRow.assign(network.numLinks(), 0);
  int firstCapacity = glp_add_rows(lp.get(), int(network.numLinks()));
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    capacityRow[l] = firstCapacity + int(l);
    glp_set_row_bnds(lp.get(), capacityRow[l], GLP_UP, 0,
                     network.bandwidth(l) / maxBandwidth);
  }

  std::vector<int> rows{0}, cols{0};
  std::vector<double> values{0};
  auto add = [&](int row, int col, double value) {
    rows.push_back(row);
    cols.push_back(col);
    values.push_back(value);
  };
  int lambda = glp_add_cols(lp.get(), 1);
  glp_set_col_bnds(lp.get(), lambda, GLP_LO, 0, 0);
  glp_set_obj_coef(lp.get(), lambda, 1);
  for (size_t i = 0; i < sources.size(); ++i) {
    NodeId s = sources[i];
    for (NodeId v = 0; v < demand[s].size(); ++v)
      if (v != s && demand[s][v] != 0)
        add(int(1 + i * nodes + v), lambda, -double(demand[s][v]) / maxDemand);
    for (LinkId l = 0; l < network.numLinks(); ++l) {
      if (network.dst(l) == s)
        continue;
      int col = glp_add_cols(lp.get(), 1);
      glp_set_col_bnds(lp.get(), col, GLP_LO, 0, 0);
      add(int(1 + i * nodes + network.dst(l)), col, 1);
      add(int(1 + i * nodes + network.src(l)), col, -1);
      add(capacityRow[l], col, 1);
    }
  }
  glp_load_matrix(lp.get(), int(rows.size() - 1), rows.data(), cols.data(),
                  values.data());
  return lp;
}

} // namespace

// Each prefix is measured exactly and incrementally: adding v adds the
// demands from v to the rest and removes those from the prefix to v.
void sweepPrefixes(const Network &network, const DemandMatrix &demand,
                   const std::vector<NodeId> &order, BallCut &best) {
  uint32_t nodes = network.numNodes();
  auto demandOf = [&](NodeId a, NodeId b) -> uint64_t {
    return a < demand.size() && b < demand[a].size() ? demand[a][b] : 0;
  };
  std::vector<bool> inS(nodes, false);
  uint64_t bytes = 0;
  double bandwidth = 0;
  for (uint32_t i = 0; i + 1 < nodes; ++i) {
    NodeId v = order[i];
    for (NodeId u = 0; u < demand.size(); ++u)
      bytes += inS[u] || u == v ? 0 : demandOf(v, u);
    for (NodeId u = 0; u < demand.size(); ++u)
      bytes -= inS[u] ? demandOf(u, v) : 0;
    inS[v] = true;
    for (LinkId l : network.outLinks(v))
      bandwidth += inS[network.dst(l)] ? 0 : network.bandwidth(l);
    for (LinkId l : network.inLinks(v))
      bandwidth -= inS[network.src(l)] && network.src(l) != v
                       ? network.bandwidth(l)
                       : 0;
    if (bytes == 0 || !(bandwidth > 0))
      continue;
    if (best.bytes == 0 ||
        double(bytes) * best.bandwidth > double(best.bytes) * bandwidth) {
      best.inS = inS;
      best.bytes = bytes;
      best.bandwidth = bandwidth;
    }
  }
}

BallCut sweepBalls(const Network &network, const DemandMatrix &demand,
                   const std::vector<double> &lengths) {
  BallCut best;
  for (NodeId s = 0; s < demand.size(); ++s) {
    if (rowSum(demand[s]) == 0)
      continue;
    std::vector<double> dist = distances(network, s, lengths);
    std::vector<NodeId> order(network.numNodes());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](NodeId a, NodeId b) {
      return dist[a] != dist[b] ? dist[a] < dist[b] : a < b;
    });
    sweepPrefixes(network, demand, order, best);
  }
  return best;
}

std::optional<ConcurrentFlowBound>
concurrentFlowBound(const Network &network, const DemandMatrix &demand) {
  std::vector<NodeId> sources;
  for (NodeId s = 0; s < demand.size(); ++s)
    if (rowSum(demand[s]) != 0)
      sources.push_back(s);
  if (sources.empty() ||
      double(sources.size()) * double(network.numLinks()) >
          double(kMaxConcurrentFlowColumns))
    return std::nullopt;
  // GLPK stops the process on a bound that is not a number: only finite,
  // positive bandwidths reach it.
  for (LinkId l = 0; l < network.numLinks(); ++l)
    if (!(network.bandwidth(l) > 0) || !std::isfinite(network.bandwidth(l)))
      return std::nullopt;

  std::vector<int> capacityRow;
  LinearProgram lp = buildProgram(network, demand, sources, capacityRow);
  // GLPK's scaling reports on the terminal whatever msg_lev says.
  int terminal = glp_term_out(GLP_OFF);
  glp_scale_prob(lp.get(), GLP_SF_AUTO);
  glp_smcp parm;
  glp_init_smcp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.meth = GLP_PRIMAL;
  parm.it_lim = kConcurrentFlowIterations;
  int status = glp_simplex(lp.get(), &parm);
  glp_term_out(terminal);

  ConcurrentFlowBound bound;
  bound.optimal = status == 0 && glp_get_status(lp.get()) == GLP_OPT;
  // The duals of a stopped simplex are still lengths (clamped to >= 0):
  // any lengths give a valid, if weaker, certificate.
  bound.linkLength.assign(network.numLinks(), 0);
  for (LinkId l = 0; l < network.numLinks(); ++l)
    bound.linkLength[l] =
        std::max(0.0, glp_get_row_dual(lp.get(), capacityRow[l]));
  if (!certify(network, demand, bound.linkLength, bound)) {
    // A demand out of reach, or lengths that weigh nothing: no
    // certificate (the caller's cut bound says which).
    bound.weightedBytes = 0;
    bound.weightedBandwidth = 0;
    bound.optimal = false;
  }
  bound.cut = sweepBalls(network, demand, bound.linkLength);
  return bound;
}

} // namespace tacos
