#include "context.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace grapeshot {
namespace {

// An entry's value under `key`, for a printed "a/b" pair (values: {a, b}).
int keyedValue(const PrintedEntry& e, std::string_view key) {
  if (const int* v = printed::find(e.values, key)) return *v;
  throw std::out_of_range(std::string(e.tableTitle) + ": \"" + std::string(e.label) + "\" has no value for " + std::string(key));
}

}  // namespace

// Each roll records its purpose (the TraceValue moved once, from the caller's argument) only when
// rolls are recorded: exact odds roll without.
int Context::rolled(const Die& die, int natural, TraceValue& purpose) {
  if (recordRolls_) rolls_.add(die.name, natural, std::move(purpose));
  return natural;
}

int Context::roll(const Die& die, TraceValue purpose) { return rolled(die, dice_.next(die), purpose); }

int Context::rollBanded(const Die& die, TraceValue purpose, const Bands& bands) {
  return rolled(die, dice_.nextBanded(die, bands), purpose);
}

int Context::rollCheckUnder(const Die& die, TraceValue purpose, int passMax) {
  return rolled(die, dice_.nextBanded(die, Bands{{passMax + 1}, 1}), purpose);
}

int Context::rollCheckOver(const Die& die, TraceValue purpose, int passMin) {
  return rolled(die, dice_.nextBanded(die, Bands{{passMin}, 1}), purpose);
}

void Context::note(TraceValue text, TraceValue ref) {
  if (!tracing_) return;
  if (ref.emptyText()) trace(StepKind::note, {{"reason", std::move(text)}});
  else trace(StepKind::note, {{"reason", std::move(text)}, {"ref", std::move(ref)}});
}

void Context::ruling(TraceValue id, TraceValue text) {
  trace(StepKind::ruling, {{"reason", std::move(text)}, {"ref", std::move(id)}});
}

const Grid& Context::grid(std::string_view id) const {
  const Grid* g = ruleset.grid(id);
  if (!g) throw std::logic_error(ruleset.id() + ": no grid table " + std::string(id));
  return *g;
}

// A play tallies the same keys in the same order on every sequence of exact odds: a key tallied where
// the previous outcome had it, all before it as they were, is known new (the previous outcome's keys
// are distinct) and appended without comparing it with the others as text (which was 8 % of 1866
// shock odds). Any other tally searches: the same literal, or the same text from elsewhere.
void Context::tally(const char* key, TraceValue value) {
  const std::size_t i = outcome_.size();
  if (sameKeys_ && i < lastKeys_.size() && lastKeys_[i] == key) {
    outcome_.emplace_back(key, std::move(value));
    return;
  }
  sameKeys_ = false;
  for (auto& [k, v] : outcome_)
    if (k == key || std::strcmp(k, key) == 0) {
      v = std::move(value);
      return;
    }
  outcome_.emplace_back(key, std::move(value));
}

void Context::clearOutcome() {
  if (!sameKeys_ || outcome_.size() != lastKeys_.size()) {
    lastKeys_.clear();
    for (const auto& e : outcome_) lastKeys_.push_back(e.first);
  }
  sameKeys_ = true;
  outcome_.clear();
}

int Context::valueOf(const PrintedEntry& e, std::string_view key) {
  if (key.empty()) {
    if (e.hasValue) return e.value;
    throw std::out_of_range(std::string(e.tableTitle) + ": \"" + std::string(e.label) + "\" has no single printed value");
  }
  return keyedValue(e, key);
}

Modifiers& Modifiers::add(int value, TraceValue reason, TraceValue ref) {
  if (value == 0) return *this;
  total_ += value;
  if (ctx_.tracing())
    ctx_.trace(kind_, {{"value", value}, {"reason", std::move(reason)}, {"ref", std::move(ref)},
                       {subject_.empty() ? nullptr : "for", subject_}});
  return *this;
}

Modifiers& Modifiers::printed(const PrintedEntry& e, int times, std::string_view ruling) {
  if (!e.hasValue)
    throw std::logic_error(std::string(e.tableTitle) + ": \"" + std::string(e.label) + "\" has no single printed value");
  // Untraced (exact odds run the procedure once per die sequence): skip building the reason text.
  if (!ctx_.tracing()) {
    total_ += e.value * times;
    return *this;
  }
  // The printed label and the table's title are the data's own text: traced without a copy.
  TraceValue reason = times == 1 ? TraceValue::fromData(e.label)
                                 : TraceValue(std::string(e.label) + " (x" + std::to_string(times) + ")");
  return add(e.value * times, std::move(reason), ruling.empty() ? TraceValue::fromData(e.tableTitle) : TraceValue(ruling));
}

Modifiers& Modifiers::printedPair(const PrintedEntry& e, std::string_view key, std::string_view ruling) {
  const int value = keyedValue(e, key);
  if (!ctx_.tracing()) {
    total_ += value;
    return *this;
  }
  return add(value, std::string(e.label) + " [" + std::string(key) + "]",
             ruling.empty() ? TraceValue::fromData(e.tableTitle) : TraceValue(ruling));
}

int clampTraced(Context& ctx, int value, int low, int high, TraceValue what, TraceValue ref) {
  const int clamped = std::clamp(value, low, high);
  if (clamped != value && ctx.tracing())
    ctx.trace(StepKind::clamp, {{"before", value}, {"after", clamped}, {"min", low}, {"max", high},
                                {"reason", std::move(what)}, {"ref", std::move(ref)}});
  return clamped;
}

}  // namespace grapeshot
