//===- SearchBudget.cpp - What a Z3 search may spend ----------------------===//

#include "SearchBudget.h"

#include <algorithm>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <string_view>
#include <thread>

namespace tacos {

namespace {

/// Z3's count of the resource units its context has used so far ("rlimit
/// count" in the solver's statistics; the same for the same work on any
/// machine).
uint64_t resourceCount(Z3_context ctx, Z3_solver solver) {
  Z3_stats stats = Z3_solver_get_statistics(ctx, solver);
  Z3_stats_inc_ref(ctx, stats);
  uint64_t count = 0;
  for (unsigned i = 0; i < Z3_stats_size(ctx, stats); ++i)
    if (std::string_view(Z3_stats_get_key(ctx, stats, i)) == "rlimit count") {
      count = Z3_stats_is_uint(ctx, stats, i)
                  ? Z3_stats_get_uint_value(ctx, stats, i)
                  : uint64_t(Z3_stats_get_double_value(ctx, stats, i));
      break;
    }
  Z3_stats_dec_ref(ctx, stats);
  return count;
}

/// Interrupts Z3 a little after `timeoutMs`: Z3 polls its own timeout, but
/// some preprocessing polls rarely (seen: a minute late).
class Watchdog {
public:
  Watchdog(Z3_context ctx, unsigned timeoutMs) {
    if (timeoutMs)
      thread = std::thread([this, ctx, timeoutMs] {
        std::unique_lock<std::mutex> lock(mutex);
        if (!wake.wait_for(lock, std::chrono::milliseconds(timeoutMs + 200),
                           [&] { return done; })) {
          fired = true;
          Z3_interrupt(ctx);
        }
      });
  }
  /// Stops the watchdog; true if it interrupted Z3.
  bool stop() {
    if (!thread.joinable())
      return false;
    {
      std::lock_guard<std::mutex> lock(mutex);
      done = true;
    }
    wake.notify_one();
    thread.join();
    return fired;
  }
  ~Watchdog() { stop(); }

private:
  std::mutex mutex;
  std::condition_variable wake;
  bool done = false, fired = false;
  std::thread thread;
};

} // namespace

SearchBudget::SearchBudget(unsigned rlimit, unsigned timeLimitMs,
                           Deadline deadline)
    : rlimit(rlimit), timeLimitMs(timeLimitMs), deadline(deadline),
      started(std::chrono::steady_clock::now()) {}

SearchBudget::SearchBudget(const AlgorithmOptions &options)
    : SearchBudget(options.rlimit, options.timeLimitMs,
                   options.limits.deadline) {}

double SearchBudget::elapsedMs() const {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - started)
      .count();
}

SearchLimit SearchBudget::exhausted() const {
  if (rlimit && spent >= rlimit)
    return SearchLimit::Resources;
  if (deadline.expired())
    return SearchLimit::Deadline;
  if (timeLimitMs && elapsedMs() >= timeLimitMs)
    return SearchLimit::TimeLimit;
  return SearchLimit::None;
}

unsigned SearchBudget::remainingMs() const {
  // At least 1 ms once a limit is set (Z3 reads 0 as "none").
  int64_t left = 0;
  if (timeLimitMs)
    left = std::max<int64_t>(1, int64_t(timeLimitMs) - int64_t(elapsedMs()));
  if (deadline.isSet()) {
    int64_t byDeadline = std::max<int64_t>(1, deadline.remainingMs());
    left = left ? std::min(left, byDeadline) : byDeadline;
  }
  return unsigned(std::min<int64_t>(left, UINT32_MAX - 1));
}

Z3_lbool SearchBudget::check(Z3_context ctx, Z3_solver solver,
                             const std::vector<Z3_ast> &assumed,
                             uint64_t most) {
  stop = exhausted();
  if (stop != SearchLimit::None)
    return Z3_L_UNDEF;
  // Z3's parameter is 32 bits wide, like `rlimit`.
  uint64_t units = remaining();
  if (most)
    units = units ? std::min(units, most) : most;
  units = std::min<uint64_t>(units, std::numeric_limits<unsigned>::max());
  unsigned timeoutMs = remainingMs();

  Z3_params params = Z3_mk_params(ctx);
  Z3_params_inc_ref(ctx, params);
  Z3_params_set_uint(ctx, params, Z3_mk_string_symbol(ctx, "rlimit"),
                     unsigned(units));
  Z3_params_set_uint(ctx, params, Z3_mk_string_symbol(ctx, "timeout"),
                     timeoutMs ? timeoutMs : UINT32_MAX);
  Z3_solver_set_params(ctx, solver, params);
  Z3_params_dec_ref(ctx, params);

  uint64_t before = resourceCount(ctx, solver);
  Watchdog watchdog(ctx, timeoutMs);
  Z3_lbool result = Z3_solver_check_assumptions(
      ctx, solver, unsigned(assumed.size()), assumed.data());
  // An interrupt may land just after the check: the context may then
  // refuse the model, so the answer counts as none.
  if (watchdog.stop())
    result = Z3_L_UNDEF;
  uint64_t count = resourceCount(ctx, solver);
  // Z3 may report the count in 32 bits; a limited check uses fewer units
  // (with no limit, only the reported count can be off).
  uint64_t usedNow =
      count >= before ? count - before : uint64_t(uint32_t(count - before));
  spent += usedNow;
  if (result != Z3_L_UNDEF)
    stop = SearchLimit::None;
  else if (units && usedNow >= units)
    stop = SearchLimit::Resources;
  else if (deadline.expired())
    stop = SearchLimit::Deadline;
  else if (timeLimitMs && elapsedMs() >= timeLimitMs)
    stop = SearchLimit::TimeLimit;
  else
    stop = SearchLimit::NoAnswer;
  return result;
}

} // namespace tacos
