// What a procedure plays with: the ruleset's tables, the dice and the explanation trace (its inputs,
// its options and the errata they switch on it read at bind: ruleset.h, Play; errata.h). Procedures
// read like the printed rule; the bookkeeping lives here.
#pragma once
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "dice.h"
#include "errata.h"
#include "json.h"
#include "message.h"
#include "printed_json.h"
#include "ruleset.h"
#include "tally.h"
#include "trace.h"

// The explanation is built only when it is asked for (not under `trace: false`, never in exact odds):
// like a logging macro, these evaluate their arguments only while tracing.
#define GS_STEP(ctx, ...) do { if ((ctx).tracing()) (ctx).record(__VA_ARGS__); } while (0)
#define GS_NOTE(ctx, ...) do { if ((ctx).tracing()) (ctx).note(__VA_ARGS__); } while (0)
#define GS_RULING(ctx, ...) do { if ((ctx).tracing()) (ctx).ruling(__VA_ARGS__); } while (0)

namespace grapeshot {

class Context {
 public:
  // `recordRolls` false (exact odds: only the outcome counts) skips the `rolls` list.
  Context(const Ruleset& ruleset, DiceSource& dice, bool tracing = true, bool recordRolls = true)
      : ruleset(ruleset), dice_(dice), tracing_(tracing), recordRolls_(recordRolls),
        french_(tracing && currentLang() == Lang::fr) {}

  const Ruleset& ruleset;

  // Rolls one die; every natural roll is reported in `rolls` with its purpose.
  int roll(const Die& die, TraceValue purpose);
  // A check: passes iff the natural is at most `passMax` (roll-under) — or, with `passHigh`, at least
  // `passMin`. Only the band counts, so exact odds branch twice instead of once per face.
  int rollCheckUnder(const Die& die, TraceValue purpose, int passMax);
  int rollCheckOver(const Die& die, TraceValue purpose, int passMin);
  // A roll read in printed bands starting at `cuts` (ascending; the first band starts at die.low).
  int rollBanded(const Die& die, TraceValue purpose, const Bands& bands);

  bool tracing() const { return tracing_; }
  // Whether words are wanted at all (the trace, or the purposes in `rolls`): exact odds want neither,
  // so procedures skip building the texts that name units and rolls.
  bool wordy() const { return tracing_ || recordRolls_; }
  // Appends one explanation step, a struct of its kind (trace_steps.h, generated from trace.json: the
  // kinds are a closed set, each with one shape). A no-op when not tracing; GS_STEP builds the step
  // only while tracing.
  // In French, the step's printed texts (a modifier's line, a table's title as its ref, a band, a
  // matrix cell) are the French forms' (Ruleset::printedText): the procedures hold the tables' English.
  template <typename Step>
  void record(Step&& s) {
    if (!tracing_) return;
    recordStep(trace_, std::forward<Step>(s));
    if (french_) translateLastStep();
  }
  // A printed text of the tables, as a value of a sentence or a step, in the language of the response.
  TraceValue printedText(std::string_view english) const {
    return TraceValue::fromData(ruleset.printedText(english, currentLang()));
  }
  // A remark (text, or a catalog message: msg::…(…)); `ref` (the printed rule) is left out when empty.
  void note(Sentence text, TraceValue ref = {});
  // Records that ruling `id` (an option) decided something, with what it decided (text or a message).
  void ruling(TraceValue id, Sentence text);

  // One dimension of the outcome (e.g. "cell" -> "D", "stepsLost" -> 1): what exact odds aggregate.
  // `key` is a literal (it is kept as a pointer); a key tallied again takes the new value.
  // The value is a TraceValue: an integer, a flag or a text (a literal kept as a view) compared as
  // itself on every dice sequence; a Json only for what is none of these (a cost of 1.5 MP).
  void tally(const char* key, TraceValue value);
  // The same by a typed key (generated from results.json's "tallies": <Procedure>Tally::…): a value of
  // another type fails to compile. Inlined to the call above: the key is the same static literal.
  template <typename T, typename V>
  void tally(TallyKey<T> key, V&& value) {
    using Given = std::decay_t<V>;
    if constexpr (std::is_same_v<T, bool>) {
      static_assert(std::is_same_v<Given, bool>, "a boolean tally takes a bool");
      tally(key.key, TraceValue(static_cast<bool>(value)));
    } else if constexpr (std::is_same_v<T, int>) {
      static_assert(std::is_integral_v<Given> && !std::is_same_v<Given, bool>, "an integer tally takes an integer");
      tally(key.key, TraceValue(value));
    } else if constexpr (std::is_same_v<T, double>) {
      static_assert(std::is_arithmetic_v<Given> && !std::is_same_v<Given, bool>, "a number tally takes a number");
      tally(key.key, TraceValue(static_cast<double>(value)));
    } else if constexpr (std::is_enum_v<T>) {
      static_assert(std::is_same_v<Given, T>, "an enum tally takes a value of its own enum");
      tally(key.key, tallyValue(value));  // generated beside the enum: its name, a static view
    } else {
      static_assert(std::is_same_v<T, TallyText>, "a tally is a bool, an int, a double, an enum or a text");
      tally(key.key, TraceValue(std::forward<V>(value)));
    }
  }
  // No outcome kept: tally() returns at once, and a procedure may skip composing what it would tally
  // (a third of a Waterloo shock's play). For the odds' estimate, which walks one path per probe only
  // to count its branches, and for a resolve, which reports no tallies (engine.cpp).
  void walkOnly() { tallying_ = false; }
  bool tallying() const { return tallying_; }
  using Outcome = std::vector<std::pair<const char*, TraceValue>>;  // in tally order
  const Outcome& outcome() const { return outcome_; }
  // Before the next sequence of exact odds: keeps the capacity, and the keys' order (see tally).
  void clearOutcome();

  // Procedures read the printed tables as constants (<folder>_printed.h); grids (as printed: a grid
  // with its errata is a PatchedGrid, found at bind by Errata::grid) and entries also through these,
  // by the generated ids (<folder>_tables.h).
  const Grid& grid(std::string_view id) const;
  const Grid& grid(TableId t) const { return grid(std::string_view(t.id)); }
  int entryValue(EntryId e, std::string_view key = {}) const { return valueOf(ruleset.printedEntry(e), key); }
  // The printed value of an entry: its "value", or values[key] for printed "a/b" pairs.
  int entryValue(std::string_view tableId, std::string_view entryId, std::string_view key = {}) const {
    return valueOf(ruleset.printedEntry(tableId, entryId), key);
  }
  // An entry's printed value: its "value", or values[key] for printed "a/b" pairs.
  static int valueOf(const PrintedEntry& e, std::string_view key) { return printedValue(e, key); }

  // Built on first use: exact odds run a Context per dice sequence and want neither.
  const RollLog& rolls() const { return rolls_; }
  RollLog takeRolls() { return std::move(rolls_); }
  TraceLog takeTrace() { return std::move(trace_); }

 private:
  DiceSource& dice_;
  bool tracing_;
  bool recordRolls_;
  bool french_;  // tracing a French response
  bool tallying_ = true;
  void translateLastStep();
  RollLog rolls_;
  TraceLog trace_;
  int rolled(const Die& die, int natural, TraceValue& purpose);
  Outcome outcome_;
  // The keys of the previous outcome, in order, and whether this one has followed them so far.
  std::vector<const char*> lastKeys_;
  bool sameKeys_ = true;
};

// A running total of one kind of modifier for one roll (DRMs, column shifts), each term traced with
// its value, the printed reason and the rule or ruling that gives it.
class Modifiers {
 public:
  // The texts are kept only while tracing (exact odds add thousands of terms and read only totals).
  // `kind`: a modifier kind of trace.json (columnShift, drm, moraleModifier, movementCost).
  Modifiers(Context& ctx, StepKind kind, std::string_view subject)
      : ctx_(ctx), kind_(kind), subject_(ctx.tracing() ? std::string(subject) : std::string()) {}

  // Adds `value` (skipped when 0). `ref` names the printed rule or the ruling (e.g. "V-11").
  Modifiers& add(int value, TraceValue label, TraceValue ref) { return term(value, std::move(label), 1, {}, std::move(ref)); }
  // A label from the catalog (an input's extra modifier): rendered only for the trace, which alone
  // shows a term's label, so a resolve or exact odds render none.
  Modifiers& add(int value, const Message& label, TraceValue ref) {
    return term(value, value && ctx_.tracing() ? TraceValue(label.text()) : TraceValue(), 1, {}, std::move(ref));
  }
  // Adds a printed entry of a modifiers table `times` times ("-1 per loss level").
  Modifiers& entry(std::string_view tableId, std::string_view entryId, int times = 1, std::string_view ruling = {}) {
    return times == 0 ? *this : printed(ctx_.ruleset.printedEntry(tableId, entryId), times, ruling);
  }
  // Adds one of a printed "a/b" pair ("Woods (Cavalry Only/Other) +4/+2").
  Modifiers& entryValue(std::string_view tableId, std::string_view entryId, std::string_view key,
                        std::string_view ruling = {}) {
    return printedPair(ctx_.ruleset.printedEntry(tableId, entryId), key, ruling);
  }
  // The same by the generated ids (<folder>_tables.h).
  Modifiers& entry(EntryId e, int times = 1, std::string_view ruling = {}) {
    return times == 0 ? *this : printed(ctx_.ruleset.printedEntry(e), times, ruling);
  }
  Modifiers& entryValue(EntryId e, std::string_view key, std::string_view ruling = {}) {
    return printedPair(ctx_.ruleset.printedEntry(e), key, ruling);
  }
  // One of a printed "a/b" pair counted `times` ("Per Odds > 6-1": +1 per level).
  Modifiers& entryValue(EntryId e, std::string_view key, int times, std::string_view ruling) {
    return times == 0 ? *this : printedPair(ctx_.ruleset.printedEntry(e), key, ruling, times);
  }
  // A printed entry the procedure found at bind (a term of a list built there).
  Modifiers& entry(const PrintedEntry& e, int times = 1, std::string_view ruling = {}) {
    return times == 0 ? *this : printed(e, times, ruling);
  }
  Modifiers& entryValue(const PrintedEntry& e, std::string_view key, std::string_view ruling = {}) {
    return printedPair(e, key, ruling);
  }
  int total() const { return total_; }
  // A term as the trace shows it (trace.json's "modifier"): `value` already counts `times`; `pairKey`
  // names the value of a printed "a/b" pair, if any. Skipped when 0.
  Modifiers& term(int value, TraceValue label, int times, TraceValue pairKey, TraceValue ref);

 private:
  Modifiers& printed(const PrintedEntry& e, int times, std::string_view ruling);
  Modifiers& printedPair(const PrintedEntry& e, std::string_view key, std::string_view ruling, int times = 1);

  Context& ctx_;
  StepKind kind_;
  std::string subject_;
  int total_ = 0;
};

// Clamps `value` to [low, high], tracing the clamp when it bites.
int clampTraced(Context& ctx, int value, int low, int high, TraceValue what, TraceValue ref);

// A label of the trace or a roll's purpose (a unit's name, "attack roll"), from the message catalog:
// made only when words are wanted (never in exact odds, where it is the empty text). For a message
// without parameters: one with parameters allocates when made, so test ctx.wordy() before making it.
inline std::string words(const Context& ctx, const Message& m) { return ctx.wordy() ? m.text() : std::string(); }

}  // namespace grapeshot
