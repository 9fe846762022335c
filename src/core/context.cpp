#include "context.h"

#include "messages.h"  // msg::refInput

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

void Context::translateLastStep() {
  trace_.eachTextOfLast([this](const char* key, TraceValue& value) {
    // The fields that hold printed words (trace.json); not `reason` (a sentence), `for` or the ids.
    static constexpr const char* kPrintedFields[] = {"label", "ref", "cell", "band", "text", "row", "column", "columnLabel"};
    if (std::none_of(std::begin(kPrintedFields), std::end(kPrintedFields), [&](const char* k) { return std::strcmp(k, key) == 0; })) return;
    if (const auto text = value.textView()) {
      // The ref "input": a value the request gave (an extra DRM), named by a word of the catalog.
      if (*text == "input" && std::strcmp(key, "ref") == 0) return void(value = msg::refInput().text(Lang::fr));
      const std::string_view french = ruleset.printedText(*text, Lang::fr);
      if (french.data() != text->data()) value = TraceValue::fromData(french);
    }
  });
}

void Context::note(Sentence text, TraceValue ref) { record(step::Note{{}, std::move(text), std::move(ref)}); }

void Context::ruling(TraceValue id, Sentence text) { record(step::Ruling{{}, std::move(text), std::move(id)}); }

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
  if (!tallying_) return;
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

int printedValue(const PrintedEntry& e, std::string_view key) {
  if (key.empty()) {
    if (e.hasValue) return e.value;
    throw std::out_of_range(std::string(e.tableTitle) + ": \"" + std::string(e.label) + "\" has no single printed value");
  }
  return keyedValue(e, key);
}

// One term of the kind this total is of: the four modifier kinds share one shape (trace.json's "modifier").
Modifiers& Modifiers::term(int value, TraceValue label, int times, TraceValue pairKey, TraceValue ref) {
  if (value == 0) return *this;
  total_ += value;
  if (!ctx_.tracing()) return *this;
  TraceValue who = subject_.empty() ? TraceValue() : TraceValue(subject_);
  switch (kind_) {
    case StepKind::columnShift:
      ctx_.record(step::ColumnShift{std::move(who), value, std::move(label), times, std::move(pairKey), {}, std::move(ref)});
      break;
    case StepKind::drm:
      ctx_.record(step::Drm{std::move(who), value, std::move(label), times, std::move(pairKey), {}, std::move(ref)});
      break;
    case StepKind::moraleModifier:
      ctx_.record(step::MoraleModifier{std::move(who), value, std::move(label), times, std::move(pairKey), {}, std::move(ref)});
      break;
    case StepKind::movementCost:
      ctx_.record(step::MovementCost{std::move(who), value, std::move(label), times, std::move(pairKey), {}, std::move(ref)});
      break;
    default: throw std::logic_error("Modifiers: not a modifier kind");
  }
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
  return term(e.value * times, TraceValue::fromData(e.label), times, {},
              ruling.empty() ? TraceValue::fromData(e.tableTitle) : TraceValue(ruling));
}

Modifiers& Modifiers::printedPair(const PrintedEntry& e, std::string_view key, std::string_view ruling, int times) {
  const int value = keyedValue(e, key) * times;
  if (!ctx_.tracing()) {
    total_ += value;
    return *this;
  }
  return term(value, TraceValue::fromData(e.label), times, TraceValue(key),
              ruling.empty() ? TraceValue::fromData(e.tableTitle) : TraceValue(ruling));
}

int clampTraced(Context& ctx, int value, int low, int high, TraceValue what, TraceValue ref) {
  const int clamped = std::clamp(value, low, high);
  if (clamped != value && ctx.tracing())
    ctx.record(step::Clamp{{}, value, clamped, low, high, std::move(what), std::move(ref)});
  return clamped;
}

}  // namespace grapeshot
