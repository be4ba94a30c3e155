//===- TimeIndexedEncoding.cpp - "Is there a schedule by T?" in Z3 --------===//
//
// Uses Z3's C API: LLVM's build disables C++ exceptions, which z3++ needs.
//
//===----------------------------------------------------------------------===//

#include "TimeIndexedEncoding.h"
#include "tacos/Collective/ProblemSymmetry.h"
#include "tacos/Network/Automorphisms.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <queue>
#include <tuple>

namespace tacos {

static constexpr int64_t kNever = std::numeric_limits<int64_t>::max();

SlotModel::SlotModel(const Network &network, const Problem &problem,
                     LinkModel model)
    : problem(problem),
      costs(network, problem.chunkSizes, problem.numChunks(), model) {
  uint32_t n = problem.numNpus, chunks = problem.numChunks();
  // Channels: links u -> v with the same bandwidth and latency (so the same
  // cost for every chunk), lanes numbered as findLink numbers them.
  into.assign(n, {});
  outOf.assign(n, {});
  std::vector<size_t> channelOf(network.numLinks(), 0);
  for (uint32_t u = 0; u < n; ++u) {
    std::map<uint32_t, std::vector<LinkId>> byDst;
    for (LinkId l : network.outLinks(u))
      byDst[network.dst(l)].push_back(l);
    for (auto &[v, links] : byDst) {
      std::sort(links.begin(), links.end());
      std::map<std::pair<double, int64_t>, size_t> byCost;
      for (size_t lane = 0; lane < links.size(); ++lane) {
        LinkId l = links[lane];
        auto key = std::make_pair(network.bandwidth(l), network.latency(l));
        auto [it, fresh] = byCost.try_emplace(key, channels.size());
        if (fresh) {
          channels.push_back({u, v, {}, l});
          into[v].push_back(it->second);
          outOf[u].push_back(it->second);
        }
        channels[it->second].lanes.push_back(uint16_t(lane));
        channelOf[l] = it->second;
      }
    }
  }
  // g: the gcd of every occupancy and duration; none if a duration is zero.
  int64_t g = 0;
  bool zeroDuration = false;
  for (const Channel &e : channels)
    for (uint32_t c = 0; c < chunks; ++c) {
      LinkCost cost = costs.of(e.link, c);
      zeroDuration |= cost.duration <= 0;
      g = std::gcd(g, cost.occupancy);
      g = std::gcd(g, cost.duration);
    }
  slot = zeroDuration ? 0 : g;
  if (!slot)
    return;
  // Symmetries: chunk and channel images of each generator.
  NpuSymmetry group =
      restrictToInvariant(findFreeSymmetry(network), problem);
  for (const NpuPermutation &p : group.generators) {
    std::optional<std::vector<uint32_t>> chunkImage =
        chunkPermutation(problem, p);
    std::vector<LinkId> linkImage = linkPermutation(network, p);
    if (!chunkImage || linkImage.empty())
      continue;
    Symmetry symmetry;
    symmetry.chunk = std::move(*chunkImage);
    for (const Channel &e : channels)
      symmetry.channel.push_back(channelOf[linkImage[e.link]]);
    symmetries.push_back(std::move(symmetry));
  }
  if (!symmetries.empty())
    symmetryOrder = group.order();
  // The earliest slot each chunk can be at each NPU: shortest paths from
  // its sources, every hop its full duration.
  earliest.assign(chunks, std::vector<int64_t>(n, kNever));
  for (uint32_t c = 0; c < chunks; ++c) {
    std::vector<int64_t> &dist = earliest[c];
    using Item = std::pair<int64_t, uint32_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    for (uint32_t i = problem.sourceOffsets[c];
         i < problem.sourceOffsets[c + 1]; ++i) {
      dist[problem.sources[i]] = 0;
      queue.push({0, problem.sources[i]});
    }
    while (!queue.empty()) {
      auto [d, u] = queue.top();
      queue.pop();
      if (d > dist[u])
        continue;
      for (size_t e : outOf[u]) {
        int64_t next = d + duration(c, e);
        uint32_t v = channels[e].dst;
        if (next < dist[v]) {
          dist[v] = next;
          queue.push({next, v});
        }
      }
    }
  }
}

int64_t SlotModel::occupancy(uint32_t c, size_t e) const {
  return costs.of(channels[e].link, c).occupancy / slot;
}

int64_t SlotModel::duration(uint32_t c, size_t e) const {
  return costs.of(channels[e].link, c).duration / slot;
}

SlotModel::Size SlotModel::size(int64_t horizon) const {
  Size size;
  for (uint32_t c = 0; c < problem.numChunks(); ++c)
    for (size_t e = 0; e < channels.size(); ++e) {
      const Channel &ch = channels[e];
      if (problem.isSource(c, ch.dst) || earliest[c][ch.src] == kNever)
        continue;
      int64_t first = earliest[c][ch.src];
      int64_t last = horizon - duration(c, e);
      if (last < first)
        continue;
      // x, and about one h at its source; h is in three clauses.
      uint64_t count = uint64_t(last - first + 1);
      size.variables += 2 * count;
      size.literals += count * (uint64_t(occupancy(c, e)) + 7);
    }
  return size;
}

TimeIndexedEncoding::TimeIndexedEncoding(Z3_context ctx,
                                         const SlotModel &slots,
                                         int64_t horizon, bool symmetric)
    : ctx(ctx), slots(slots) {
  // The SAT core with native cardinality constraints: much faster on
  // Boolean problems than the SMT core, and incremental enough for us.
  solver = Z3_mk_solver(ctx);
  Z3_solver_inc_ref(ctx, solver);
  const Problem &problem = slots.problem;
  uint32_t n = problem.numNpus, chunks = problem.numChunks();
  size_t numChannels = slots.channels.size();
  Z3_sort boolSort = Z3_mk_bool_sort(ctx);
  Z3_ast falseAst = Z3_mk_false(ctx);
  auto assertAst = [&](Z3_ast a) { Z3_solver_assert(ctx, solver, a); };

  // x[c][e][t] for t in [first, first + count).
  struct Range {
    int64_t first = 0, count = 0;
    size_t index = 0; // into vars
  };
  std::vector<std::vector<Range>> xs(chunks, std::vector<Range>(numChannels));
  for (uint32_t c = 0; c < chunks; ++c)
    for (size_t e = 0; e < numChannels; ++e) {
      const Channel &ch = slots.channels[e];
      int64_t first = slots.earliest[c][ch.src];
      if (problem.isSource(c, ch.dst) || first == kNever)
        continue;
      int64_t last = horizon - slots.duration(c, e);
      if (last < first)
        continue;
      Range &r = xs[c][e];
      r.first = first;
      r.count = last - first + 1;
      r.index = vars.size();
      for (int64_t t = first; t <= last; ++t)
        vars.push_back({c, e, t, Z3_mk_fresh_const(ctx, "x", boolSort)});
    }
  auto x = [&](uint32_t c, size_t e, int64_t t) -> Z3_ast {
    const Range &r = xs[c][e];
    if (t < r.first || t >= r.first + r.count)
      return nullptr;
    return vars[r.index + size_t(t - r.first)].ast;
  };

  std::vector<bool> isDestination(n);
  for (uint32_t c = 0; c < chunks; ++c) {
    std::fill(isDestination.begin(), isDestination.end(), false);
    problem.forEachDestination(c, [&](uint32_t d) { isDestination[d] = true; });
    for (uint32_t v = 0; v < n; ++v) {
      if (problem.isSource(c, v))
        continue;
      // Received at most once; by each destination at least once.
      std::vector<Z3_ast> receipts;
      for (size_t e : slots.into[v]) {
        const Range &r = xs[c][e];
        for (int64_t i = 0; i < r.count; ++i)
          receipts.push_back(vars[r.index + size_t(i)].ast);
      }
      if (isDestination[v])
        assertAst(receipts.empty()
                      ? falseAst
                      : Z3_mk_or(ctx, unsigned(receipts.size()),
                                 receipts.data()));
      if (receipts.size() > 1)
        assertAst(Z3_mk_atmost(ctx, unsigned(receipts.size()),
                               receipts.data(), 1));
      // Held by slot t: h[t] -> h[t-1] or a receipt ending at t; every
      // send from v at t needs h[t].
      int64_t lastSend = -1;
      for (size_t e : slots.outOf[v]) {
        const Range &r = xs[c][e];
        if (r.count)
          lastSend = std::max(lastSend, r.first + r.count - 1);
      }
      int64_t first = slots.earliest[c][v];
      if (lastSend < first)
        continue;
      Z3_ast previous = nullptr;
      for (int64_t t = first; t <= lastSend; ++t) {
        Z3_ast held = Z3_mk_fresh_const(ctx, "h", boolSort);
        std::vector<Z3_ast> why;
        if (previous)
          why.push_back(previous);
        for (size_t e : slots.into[v])
          if (Z3_ast arrival = x(c, e, t - slots.duration(c, e)))
            why.push_back(arrival);
        assertAst(Z3_mk_implies(
            ctx, held,
            why.empty() ? falseAst
                        : Z3_mk_or(ctx, unsigned(why.size()), why.data())));
        for (size_t e : slots.outOf[v])
          if (Z3_ast send = x(c, e, t))
            assertAst(Z3_mk_implies(ctx, send, held));
        previous = held;
      }
    }
  }

  // Symmetric schedules only: each variable equals its images.
  if (symmetric)
    for (const SlotModel::Symmetry &g : slots.symmetries)
      for (const Var &v : vars) {
        Z3_ast image = x(g.chunk[v.chunk], g.channel[v.channel], v.start);
        assertAst(image ? Z3_mk_eq(ctx, v.ast, image)
                        : Z3_mk_not(ctx, v.ast));
      }

  // Capacity: at every slot, at most m transfers occupy a channel of m
  // lanes.
  for (size_t e = 0; e < numChannels; ++e) {
    unsigned lanes = unsigned(slots.channels[e].lanes.size());
    for (int64_t s = 0; s < horizon; ++s) {
      std::vector<Z3_ast> busy;
      for (uint32_t c = 0; c < chunks; ++c) {
        int64_t occupancy = slots.occupancy(c, e);
        for (int64_t t = s - occupancy + 1; t <= s; ++t)
          if (Z3_ast a = x(c, e, t))
            busy.push_back(a);
      }
      if (busy.size() > lanes)
        assertAst(Z3_mk_atmost(ctx, unsigned(busy.size()), busy.data(),
                               lanes));
    }
  }
}

TimeIndexedEncoding::~TimeIndexedEncoding() {
  if (model)
    Z3_model_dec_ref(ctx, model);
  Z3_solver_dec_ref(ctx, solver);
}

Z3_lbool TimeIndexedEncoding::check(SearchBudget &budget, uint64_t most) {
  Z3_lbool result = budget.check(ctx, solver, {}, most);
  if (result == Z3_L_TRUE) {
    if (model)
      Z3_model_dec_ref(ctx, model);
    model = Z3_solver_get_model(ctx, solver);
    Z3_model_inc_ref(ctx, model);
  }
  return result;
}

Schedule TimeIndexedEncoding::schedule() const {
  const Problem &problem = slots.problem;
  int64_t g = slots.slotPs();
  // The chosen transfers, by channel and start.
  std::vector<const Var *> chosen;
  for (const Var &v : vars) {
    Z3_ast value;
    if (Z3_model_eval(ctx, model, v.ast, true, &value) &&
        Z3_get_bool_value(ctx, value) == Z3_L_TRUE)
      chosen.push_back(&v);
  }
  // A receipt by an NPU that needs the chunk for nothing (not a
  // destination, forwards nothing) only takes a link: drop such leaves
  // until none is left.
  std::vector<bool> dropped(chosen.size(), false);
  for (bool changed = true; changed;) {
    changed = false;
    std::map<std::pair<uint32_t, uint32_t>, unsigned> sends; // (c, u)
    for (size_t i = 0; i < chosen.size(); ++i)
      if (!dropped[i])
        ++sends[{chosen[i]->chunk, slots.channels[chosen[i]->channel].src}];
    for (size_t i = 0; i < chosen.size(); ++i) {
      if (dropped[i])
        continue;
      uint32_t c = chosen[i]->chunk,
               v = slots.channels[chosen[i]->channel].dst;
      bool needed = sends.count({c, v}) > 0;
      problem.forEachDestination(c, [&](uint32_t d) { needed |= d == v; });
      if (!needed) {
        dropped[i] = true;
        changed = true;
      }
    }
  }
  std::vector<const Var *> kept;
  for (size_t i = 0; i < chosen.size(); ++i)
    if (!dropped[i])
      kept.push_back(chosen[i]);
  std::sort(kept.begin(), kept.end(), [](const Var *a, const Var *b) {
    return std::tie(a->channel, a->start, a->chunk) <
           std::tie(b->channel, b->start, b->chunk);
  });
  // Lanes: at most m transfers occupy a channel at any slot, so taking them
  // by start, some lane is always free (interval colouring).
  Schedule result;
  result.reserve(kept.size());
  std::vector<int64_t> laneFree;
  for (size_t i = 0; i < kept.size(); ++i) {
    const Var &v = *kept[i];
    const Channel &ch = slots.channels[v.channel];
    if (i == 0 || kept[i - 1]->channel != v.channel)
      laneFree.assign(ch.lanes.size(), 0);
    size_t lane = 0;
    while (lane + 1 < laneFree.size() && laneFree[lane] > v.start)
      ++lane;
    laneFree[lane] = v.start + slots.occupancy(v.chunk, v.channel);
    result.push_back({v.chunk, ch.src, ch.dst, ch.lanes[lane],
                      TransferKind::Copy, v.start * g,
                      (v.start + slots.duration(v.chunk, v.channel)) * g});
  }
  return result;
}

} // namespace tacos
