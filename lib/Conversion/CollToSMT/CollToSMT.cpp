//===- CollToSMT.cpp - Algorithms as SMT problems -------------------------===//

#include "tacos/Conversion/CollToSMT.h"
#include "tacos/Collective/TransferPath.h"
#include "tacos/Network/LinkCost.h"

#include "mlir/Dialect/SMT/IR/SMTDialect.h"
#include "mlir/Target/SMTLIB/ExportSMTLIB.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

using namespace mlir;

namespace tacos {

namespace {

/// A contribution set as the problem sees it: which ranks (bit-vector) and
/// how many times in all (integer; more than the bits set means some rank
/// was counted twice).
struct SmtValue {
  Value mask, count;
};

class Encoder {
public:
  Encoder(OpBuilder &b, Location loc, const Network &network,
          const VerificationSpec &spec, const ScheduleView &t, int64_t time)
      : b(b), loc(loc), network(network), spec(spec), t(t), reported(time),
        width(std::max<unsigned>(1, spec.participants.size())) {}

  std::vector<SmtFact> encode();

private:
  // The steps of encode(), in order; each reads what the earlier ones set.
  void declareTimes();
  void collectContributions();
  /// 1: links, chunks and durations (and 5: a reduce of a chunk with a
  /// single contribution).
  void checkLinks();
  /// 2: no two transfers on one link at once.
  void checkOverlaps();
  /// Arrivals into each (npu, chunk) certified in end order.
  void orderArrivals();
  /// 5: simultaneous writes into one NPU where one is a copy.
  void checkRaces();
  /// 3: every transfer's source holds its chunk; the values transfers carry.
  void buildSentValues();
  /// 5: no reduction counts a contribution twice.
  void checkReductions();
  /// 4 and 5: every required (chunk, npu) ends with the whole value.
  void checkDeliveries();
  /// 6: the reported time is the last end.
  void checkTime();

  Value intConst(int64_t v) {
    return smt::IntConstantOp::create(
        b, loc, b.getIntegerAttr(b.getIntegerType(64), APInt(64, v, true)));
  }
  Value boolConst(bool v) { return smt::BoolConstantOp::create(b, loc, v); }
  Value bvConst(const APInt &v) { return smt::BVConstantOp::create(b, loc, v); }
  Value cmp(smt::IntPredicate p, Value x, Value y) {
    return smt::IntCmpOp::create(b, loc, p, x, y);
  }
  Value le(Value x, Value y) { return cmp(smt::IntPredicate::le, x, y); }
  Value lt(Value x, Value y) { return cmp(smt::IntPredicate::lt, x, y); }
  Value distinct(Value x, Value y) {
    return smt::DistinctOp::create(b, loc, x, y);
  }
  Value anyOf(ArrayRef<Value> values) {
    if (values.empty())
      return boolConst(false);
    if (values.size() == 1)
      return values.front();
    return smt::OrOp::create(b, loc, values);
  }
  Value ite(Value c, Value x, Value y) {
    return smt::IteOp::create(b, loc, c, x, y);
  }
  /// A named integer fixed to a value of the schedule.
  Value fact(const std::string &name, int64_t v) {
    Value x = smt::DeclareFunOp::create(b, loc, smt::IntType::get(b.getContext()),
                                        b.getStringAttr(name));
    smt::AssertOp::create(b, loc, smt::EqOp::create(b, loc, x, intConst(v)));
    return x;
  }
  void bad(Property property, const std::string &suffix, size_t transfer,
           std::string description, Value condition,
           uint32_t chunk = UINT32_MAX) {
    std::string name =
        std::string("bad_") + propertyName(property) + "_" + suffix;
    Value flag = smt::DeclareFunOp::create(
        b, loc, smt::BoolType::get(b.getContext()), b.getStringAttr(name));
    smt::AssertOp::create(b, loc, smt::EqOp::create(b, loc, flag, condition));
    flags.push_back(flag);
    facts.push_back({name, property, transfer, std::move(description), chunk});
  }
  /// As the native verifier words a transfer (lane only when not 0).
  std::string describe(size_t i) const {
    return "chunk " + std::to_string(t.chunk(i)) + " over " +
           transferLinkText(network, t[i], t.routes()) + " at [" +
           std::to_string(t.start(i)) + ", " + std::to_string(t.end(i)) + "]";
  }
  /// The value (u, c) holds after its first k arrivals (in certificate
  /// order); the value a transfer sends is chosen among these by time.
  SmtValue stateAfter(uint32_t u, uint32_t c, size_t k);
  SmtValue valueAt(uint32_t u, uint32_t c, Value time);

  OpBuilder &b;
  Location loc;
  const Network &network;
  const VerificationSpec &spec;
  const ScheduleView &t;
  int64_t reported;
  unsigned width;
  std::vector<Value> starts, ends, flags;
  Value reportedTime;
  /// When deliveries are due: the reported time, or the last end if later.
  Value dueBy;
  int64_t dueByPs = 0;
  /// Each transfer's link, if it names one.
  /// The links each transfer occupies (its path when routed); empty when it
  /// names none or ends at a switch (a switch stores nothing).
  std::vector<std::vector<LinkId>> links;
  /// How long each well-formed transfer keeps every link of its path busy.
  std::vector<int64_t> occupancy;
  std::vector<SmtFact> facts;
  std::vector<uint8_t> combining;
  /// (npu, chunk) -> rank of its initial contribution, if any.
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> initialRank;
  /// (npu, chunk) -> transfers arriving there, sorted by (end, index).
  std::map<std::pair<uint32_t, uint32_t>, std::vector<size_t>> arrivals;
  std::map<std::pair<uint32_t, uint32_t>, std::vector<SmtValue>> states;
  std::vector<std::optional<SmtValue>> sent;
};

SmtValue Encoder::stateAfter(uint32_t u, uint32_t c, size_t k) {
  std::vector<SmtValue> &memo = states[{u, c}];
  if (memo.empty()) {
    auto it = initialRank.find({u, c});
    APInt bits(width, 0);
    if (it != initialRank.end())
      bits.setBit(it->second);
    memo.push_back({bvConst(bits), intConst(it != initialRank.end())});
  }
  const std::vector<size_t> &in = arrivals[{u, c}];
  while (memo.size() <= k) {
    size_t j = in[memo.size() - 1];
    SmtValue previous = memo.back();
    SmtValue incoming = *sent[j];
    // A reduce of a single-contribution chunk is a violation of its own
    // and lands as a copy, as in the native verifier. A transfer whose
    // source held nothing (a causality violation) carries nothing and
    // changes nothing, as there too.
    if (TransferKind(t.kindByte(j)) == TransferKind::Copy || !combining[c]) {
      Value nothing = smt::EqOp::create(b, loc, incoming.count, intConst(0));
      memo.push_back({ite(nothing, previous.mask, incoming.mask),
                      ite(nothing, previous.count, incoming.count)});
    } else {
      memo.push_back({smt::BVOrOp::create(b, loc, previous.mask, incoming.mask),
                      smt::IntAddOp::create(
                          b, loc, ValueRange{previous.count, incoming.count})});
    }
  }
  return memo[k];
}

SmtValue Encoder::valueAt(uint32_t u, uint32_t c, Value time) {
  const std::vector<size_t> &in = arrivals[{u, c}];
  SmtValue value = stateAfter(u, c, 0);
  // Arrivals are in end order (checked below), so "the first k have ended"
  // is decided by the k-th end alone. Arrivals whose value is not built yet
  // start at or after `time` (values are built in start order) and, with
  // positive durations (checked as property 1), end after it: the chain
  // stops there.
  for (size_t k = 1; k <= in.size() && sent[in[k - 1]]; ++k) {
    Value arrived = le(ends[in[k - 1]], time);
    SmtValue next = stateAfter(u, c, k);
    value = {ite(arrived, next.mask, value.mask),
             ite(arrived, next.count, value.count)};
  }
  return value;
}

/// Every transfer's start and end, and the reported time, as named
/// integers fixed to the schedule's values.
void Encoder::declareTimes() {
  size_t n = t.size();
  for (size_t i = 0; i < n; ++i) {
    starts.push_back(fact("s_" + std::to_string(i), t.start(i)));
    ends.push_back(fact("e_" + std::to_string(i), t.end(i)));
  }
  reportedTime = fact("time", reported);
  // Deliveries are due by the last end when the reported time is earlier,
  // as in the native verifier: a wrong time is one violation (property 6),
  // not one per late chunk.
  int64_t lastEnd = 0;
  for (size_t i = 0; i < n; ++i)
    lastEnd = std::max(lastEnd, t.end(i));
  dueByPs = std::max(reported, lastEnd);
  dueBy = dueByPs == reported ? reportedTime : intConst(dueByPs);
}

/// Which rank each (npu, chunk) contributes at the start, and which chunks
/// combine several contributions.
void Encoder::collectContributions() {
  combining.assign(spec.numChunks, 0);
  for (uint32_t c = 0; c < spec.numChunks; ++c) {
    std::set<uint32_t> ranks;
    for (auto [npu, rank] : spec.initial[c]) {
      initialRank[{npu, c}] = rank;
      ranks.insert(rank);
    }
    combining[c] = ranks.size() > 1;
  }
}

void Encoder::checkLinks() {
  size_t n = t.size();
  links.assign(n, {});
  occupancy.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    bool endsAtNpus =
        t.src(i) < network.numNpus() && t.dst(i) < network.numNpus();
    if (!endsAtNpus || !transferPath(network, t[i], t.routes(), links[i]))
      links[i].clear();
    bool wellFormed = !links[i].empty() && t.chunk(i) < spec.numChunks &&
                      t.kindByte(i) <= uint8_t(TransferKind::Reduce);
    Value condition = boolConst(true);
    if (wellFormed) {
      LinkCost cost = transferCost(network, links[i],
                                   spec.chunkSizes.bytes(t.chunk(i)),
                                   spec.model);
      occupancy[i] = cost.occupancy;
      condition =
          distinct(smt::IntSubOp::create(b, loc, ends[i], starts[i]),
                   intConst(cost.duration));
    }
    bad(Property::Link, "t" + std::to_string(i), i, describe(i), condition);
    if (!wellFormed)
      continue;
    // As in the native verifier, a transfer whose end is not after its start
    // (a link violation above) carries nothing, so it lands nothing.
    if (t.end(i) > t.start(i))
      arrivals[{t.dst(i), t.chunk(i)}].push_back(i);
    // 5: only chunks with several contributions are reduced.
    if (TransferKind(t.kindByte(i)) == TransferKind::Reduce &&
        !combining[t.chunk(i)])
      bad(Property::Reduction, "single_t" + std::to_string(i), i,
          describe(i) + " reduces chunk " + std::to_string(t.chunk(i)) +
              ", which has a single contribution",
          boolConst(true));
  }
}

void Encoder::checkOverlaps() {
  // 2: per link, the transfers in start order (the certificate) must be in
  // that order and each must start after the previous one frees the link.
  size_t n = t.size();
  std::map<LinkId, std::vector<size_t>> byLink;
  for (size_t i = 0; i < n; ++i)
    if (t.chunk(i) < spec.numChunks)
      for (LinkId l : links[i])
        byLink[l].push_back(i);
  for (auto &[link, list] : byLink) {
    std::stable_sort(list.begin(), list.end(), [&](size_t x, size_t y) {
      return std::make_pair(t.start(x), t.end(x)) <
             std::make_pair(t.start(y), t.end(y));
    });
    for (size_t k = 1; k < list.size(); ++k) {
      size_t before = list[k - 1], i = list[k];
      Value freed =
          spec.model == LinkModel::Blocking
              ? ends[before]
              : smt::IntAddOp::create(
                    b, loc, ValueRange{starts[before],
                                       intConst(occupancy[before])});
      // A routed transfer can overlap on each link of its path: one fact
      // (and one name) per link then.
      bool routed = links[i].size() > 1;
      std::string where =
          routed ? "link " + linkText(network, link) + " of its path"
                 : std::string("the same link");
      bad(Property::Overlap,
          "t" + std::to_string(i) +
              (routed ? "_l" + std::to_string(link) : std::string()),
          i, describe(i) + " overlaps " + describe(before) + " on " + where,
          anyOf({lt(starts[i], starts[before]), lt(starts[i], freed)}));
    }
  }
}

void Encoder::orderArrivals() {
  // Arrivals into each (npu, chunk) in end order: the certificate behind
  // valueAt; a wrong order is reported as a causality fault of the later one.
  // Arrivals at one time land in the native verifier's canonical order
  // (docs/Verification.md): reduces first, then by source, lane and start.
  for (auto &[key, list] : arrivals) {
    auto landing = [&](size_t i) {
      return std::make_tuple(t.end(i),
                             t.kindByte(i) != uint8_t(TransferKind::Reduce),
                             t.src(i), t.lane(i), t.start(i), i);
    };
    std::sort(list.begin(), list.end(),
              [&](size_t x, size_t y) { return landing(x) < landing(y); });
    for (size_t k = 1; k < list.size(); ++k)
      bad(Property::Causality, "order_t" + std::to_string(list[k]), list[k],
          describe(list[k]) + " arrives out of order",
          lt(ends[list[k]], ends[list[k - 1]]));
  }
}

void Encoder::checkRaces() {
  // 5: simultaneous writes of a combining chunk into one NPU race when one
  // of them is a copy (docs/Verification.md). With the arrivals certified in
  // end order, a group of equal ends is a run of the list: a member races if
  // another member is a copy, or it is a copy and the run has another
  // member. Chains of "a copy earlier (later) in my run" keep this linear.
  for (auto &[key, list] : arrivals) {
    if (!combining[key.second] || list.size() < 2)
      continue;
    size_t m = list.size();
    std::vector<bool> copy(m);
    for (size_t k = 0; k < m; ++k)
      copy[k] = TransferKind(t.kindByte(list[k])) == TransferKind::Copy;
    if (std::find(copy.begin(), copy.end(), true) == copy.end())
      continue;
    // same[k]: list[k - 1] and list[k] end together (k >= 1).
    std::vector<Value> same(m + 1, boolConst(false));
    for (size_t k = 1; k < m; ++k)
      same[k] = smt::EqOp::create(b, loc, ends[list[k - 1]], ends[list[k]]);
    std::vector<Value> before(m, boolConst(false)), after(m, boolConst(false));
    for (size_t k = 1; k < m; ++k)
      before[k] = smt::AndOp::create(
          b, loc, same[k], copy[k - 1] ? boolConst(true) : before[k - 1]);
    for (size_t k = m - 1; k-- > 0;)
      after[k] = smt::AndOp::create(
          b, loc, same[k + 1], copy[k + 1] ? boolConst(true) : after[k + 1]);
    for (size_t k = 0; k < m; ++k) {
      size_t i = list[k];
      Value own = copy[k] ? anyOf({same[k], same[k + 1]}) : boolConst(false);
      bad(Property::Reduction, "race_t" + std::to_string(i), i,
          describe(i) + " lands at npu " + std::to_string(key.first) +
              " at the same time as another write of chunk " +
              std::to_string(key.second) +
              ", and one of them is a copy: the result would depend on "
              "their order",
          anyOf({before[k], after[k], own}));
    }
  }
}

void Encoder::buildSentValues() {
  // 3 and the values transfers carry, in start order so every value a
  // transfer depends on exists before it is used.
  size_t n = t.size();
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    return t.start(x) < t.start(y);
  });
  sent.assign(n, std::nullopt);
  for (size_t i : order) {
    if (links[i].empty() || t.chunk(i) >= spec.numChunks)
      continue;
    uint32_t u = t.src(i), c = t.chunk(i);
    std::vector<Value> there;
    if (initialRank.count({u, c}))
      there.push_back(boolConst(true));
    for (size_t j : arrivals[{u, c}])
      there.push_back(le(ends[j], starts[i]));
    bad(Property::Causality, "t" + std::to_string(i), i,
        "chunk " + std::to_string(c) + " leaves npu " + std::to_string(u) +
            " at " + std::to_string(t.start(i)) + " ps before it is there",
        smt::NotOp::create(b, loc, anyOf(there)));
    sent[i] = valueAt(u, c, starts[i]);
  }
  // A transfer whose source value depends on a later-starting arrival is
  // caught by the causality facts above; values of all transfers exist now.
}

void Encoder::checkReductions() {
  // 5 at each reduction: the incoming set must not overlap what is there.
  for (auto &[key, list] : arrivals) {
    auto [v, c] = key;
    if (!combining[c])
      continue;
    for (size_t k = 0; k < list.size(); ++k) {
      size_t i = list[k];
      if (TransferKind(t.kindByte(i)) != TransferKind::Reduce || !sent[i])
        continue;
      SmtValue there = stateAfter(v, c, k);
      Value overlap = smt::BVAndOp::create(b, loc, there.mask, sent[i]->mask);
      bad(Property::Reduction, "t" + std::to_string(i), i,
          describe(i) + " counts a contribution twice",
          distinct(overlap, bvConst(APInt(width, 0))));
    }
  }
}

void Encoder::checkDeliveries() {
  // 4 and 5 at the end: every required (chunk, npu) holds the whole value.
  for (uint32_t c = 0; c < spec.numChunks; ++c) {
    APInt full(width, 0);
    for (auto [npu, rank] : spec.initial[c])
      full.setBit(rank);
    for (uint32_t d : spec.required[c]) {
      std::string where = "c" + std::to_string(c) + "_n" + std::to_string(d);
      SmtValue value = valueAt(d, c, dueBy);
      bad(Property::Delivery, where, SIZE_MAX,
          "chunk " + std::to_string(c) + " never reaches npu " +
              std::to_string(d) + " by " + std::to_string(dueByPs) + " ps",
          smt::EqOp::create(b, loc, value.count, intConst(0)), c);
      if (combining[c])
        bad(Property::Reduction, where, SIZE_MAX,
            "npu " + std::to_string(d) + " ends with chunk " +
                std::to_string(c) + " not reduced exactly once",
            anyOf({distinct(value.mask, bvConst(full)),
                   distinct(value.count,
                            intConst(int64_t(spec.initial[c].size())))}),
            c);
    }
  }
}

void Encoder::checkTime() {
  // 6: the reported time is the last end.
  size_t n = t.size();
  int64_t lastEnd = 0;
  for (size_t i = 0; i < n; ++i)
    lastEnd = std::max(lastEnd, t.end(i));
  std::vector<Value> endsLater, someEndsAt;
  for (size_t i = 0; i < n; ++i) {
    endsLater.push_back(lt(reportedTime, ends[i]));
    someEndsAt.push_back(smt::EqOp::create(b, loc, ends[i], reportedTime));
  }
  Value noneAtTime = n == 0 ? distinct(reportedTime, intConst(0))
                            : smt::NotOp::create(b, loc, anyOf(someEndsAt));
  bad(Property::Time, "time", SIZE_MAX,
      "reported time " + std::to_string(reported) +
          " ps, but the last transfer ends at " + std::to_string(lastEnd) +
          " ps",
      anyOf({anyOf(endsLater), noneAtTime}));
}

std::vector<SmtFact> Encoder::encode() {
  // The steps create the SMT ops in this order, which is the script's.
  declareTimes();
  collectContributions();
  checkLinks();
  checkOverlaps();
  orderArrivals();
  checkRaces();
  buildSentValues();
  checkReductions();
  checkDeliveries();
  checkTime();
  smt::AssertOp::create(b, loc, anyOf(flags));
  return std::move(facts);
}

} // namespace

MemoryEstimate estimateSmtEncoding(const VerificationSpec &spec,
                                   size_t transfers) {
  // Ops per transfer (Encoder: its two times as facts, the link, overlap,
  // order and causality checks with their flags, the value it carries,
  // the time check) and per required delivery (the value at the end and
  // its flags); combining chunks add bit-vector states, races and
  // reduction checks.
  bool combining = false;
  for (const auto &initial : spec.initial)
    combining = combining || initial.size() > 1;
  double deliveries = 0;
  for (const auto &required : spec.required)
    deliveries += double(required.size());
  double ops = double(transfers) * (combining ? 120 : 40) +
               deliveries * (combining ? 30 : 10);
  MemoryEstimate estimate;
  estimate.what = "the SMT encoding";
  estimate.remedy = "verify it with coll-verify instead";
  estimate.add(ops, kSmtBytesPerOp, "smt ops");
  estimate.add(kSmtFixedBytes);
  return estimate;
}

FailureOr<SmtEncoding>
encodeAlgorithmAsSmt(OpBuilder &builder, Location loc, const Network &network,
                     const VerificationSpec &spec,
                     const ScheduleView &transfers, int64_t reportedTimePs,
                     std::string &error) {
  bool anyCombining = false;
  for (const auto &initial : spec.initial)
    anyCombining |= initial.size() > 1;
  if (anyCombining && spec.participants.size() > kMaxSmtParticipants) {
    error = "the SMT encoding of reductions takes at most " +
            std::to_string(kMaxSmtParticipants) + " participants, not " +
            std::to_string(spec.participants.size());
    return failure();
  }
  OpBuilder::InsertionGuard guard(builder);
  auto solver =
      smt::SolverOp::create(builder, loc, TypeRange{}, ValueRange{});
  Block *body = builder.createBlock(&solver.getBodyRegion());
  builder.setInsertionPointToStart(body);
  Encoder encoder(builder, loc, network, spec, transfers, reportedTimePs);
  SmtEncoding encoding{solver, encoder.encode()};
  auto check = smt::CheckOp::create(builder, loc, TypeRange{});
  for (Region *region : {&check.getSatRegion(), &check.getUnknownRegion(),
                         &check.getUnsatRegion()}) {
    OpBuilder::InsertionGuard inner(builder);
    builder.createBlock(region);
    smt::YieldOp::create(builder, loc);
  }
  smt::YieldOp::create(builder, loc);
  return encoding;
}

Z3Outcome solveEncoding(ModuleOp module, const SmtEncoding &encoding,
                        unsigned timeoutMs,
                        std::vector<const SmtFact *> &violated) {
  std::string script;
  llvm::raw_string_ostream os(script);
  if (failed(smt::exportSMTLIB(module, os))) {
    Z3Outcome outcome;
    outcome.message = "cannot export SMT-LIB";
    return outcome;
  }
  // The exporter closes each solver scope with (reset); the model must
  // outlive (check-sat), so the script stops there.
  if (size_t reset = script.rfind("(reset)"); reset != std::string::npos)
    script.erase(reset);
  std::vector<std::string> names;
  std::map<std::string, const SmtFact *> byName;
  for (const SmtFact &fact : encoding.facts) {
    names.push_back(fact.name);
    byName[fact.name] = &fact;
  }
  Z3Outcome outcome = solveWithZ3(script, names, timeoutMs);
  violated.clear();
  for (const std::string &name : outcome.trueFlags)
    if (auto it = byName.find(name); it != byName.end())
      violated.push_back(it->second);
  // Facts live in one vector, so pointer order is encoding order:
  // deterministic whatever order Z3 lists its model in.
  std::sort(violated.begin(), violated.end());
  return outcome;
}

} // namespace tacos
