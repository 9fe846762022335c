// Break tests A-E (seed 004 "Break Tests", "Break Test Result Table"; rules-notes §4.3-4.5, B-01…B-10).
// One code path serves three procedures: `break-test` (any test), `fire` (A/B) and `shock` (C/D/E),
// whose schemas offer only the tests that read the Shooting or the Hand-to-Hand rows.
#include <algorithm>
#include <optional>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/context.h"
#include "core/error.h"
#include "core/ruleset.h"
#include "black_powder_inputs.h"
#include "black_powder_printed.h"
#include "black_powder_results.h"
#include "black_powder_tables.h"

namespace grapeshot::black_powder {
namespace tables = ::grapeshot::tables::black_powder;  // the ids of tables.json (generated)
namespace printed = ::grapeshot::printed::black_powder;  // the printed tables as constants (generated)
using printed::Text;
// The inputs as ruleset.json's schemas declare them (generated): each procedure's Inputs, the
// Options, and their enums. Test is break-test's list, A-E; fire's and shock's are parts of it.
namespace inputs = ::grapeshot::inputs::black_powder;
using inputs::Arm;
using inputs::kArmNames;
using inputs::kTestNames;
using inputs::RoomToRetire;
using inputs::Test;
// A printed text of the tables in the response's language (fr.json's forms, issue 28).
static std::string_view said(std::string_view printed) { return Ruleset::printedIn("black-powder", printed, currentLang()); }
// The results as results.json declares them (generated): the break test's result, its writer, its
// tallies' keys and the summary's declaration (summaries.cpp).
namespace results = ::grapeshot::results::black_powder;
namespace {

// A printed code as the result's enum of the same names (read once per request, at bind).
template <typename E, std::size_t N>
E named(const EnumNames<N>& names, std::string_view code) {
  for (std::size_t i = 0; i < N; ++i)
    if (code == names[i]) return static_cast<E>(i);
  throw std::logic_error("black-powder: the printed code \"" + std::string(code) + "\" is not one results.json declares");
}


const char* const kModifiers = tables::breakTestModifiers.id;

// A note or ruling of the trace, decided when the request is bound and told when it is played.
struct Told {
  bool ruling;
  std::string ref;
  Sentence text;  // a catalog message (black-powder.note.… / black-powder.ruling.…)
};

// What the hand-to-hand inputs say about the melee the unit (or, under E, its side) fought.
struct Melee {
  bool lost = false;
  bool totals = false;  // both combat results were given
  int own = 0;
  int enemy = 0;
  bool enemyCavalry = false;
};

Melee readMelee(const inputs::BreakTestMelee& melee, Test test, bool shooting, std::vector<Told>& told) {
  Melee m;
  const bool hasOwn = melee.ownTotal.has_value(), hasEnemy = melee.enemyTotal.has_value();
  m.enemyCavalry = melee.enemyCavalry;
  if (shooting && (hasOwn || hasEnemy || m.enemyCavalry))
    throw RequestError(code::kConflictingFields,
                       msg::blackPowderErrorShootingTestNoMelee(enumName(test, kTestNames)),
                       "/melee");
  if (hasOwn != hasEnemy)
    throw RequestError(code::kMissingField, msg::blackPowderErrorBothCombatResults(),
                       hasOwn ? "/melee/enemyTotal" : "/melee/ownTotal");
  m.totals = hasOwn;
  if (m.totals) {
    m.own = *melee.ownTotal;
    m.enemy = *melee.enemyTotal;
  }
  if (test == Test::C) {
    if (m.totals && m.own >= m.enemy)
      throw RequestError(code::kConflictingFields,
                         msg::blackPowderErrorTestCNotLost(),
                         "/melee/ownTotal");
    m.lost = true;
  } else if (test == Test::D) {
    if (m.totals && m.own != m.enemy)
      throw RequestError(code::kConflictingFields, msg::blackPowderErrorTestDNotDrawn(),
                         "/melee/ownTotal");
  } else if (test == Test::E) {
    // B-17: a supporting unit shares its side's melee; it "lost the melee" only when the totals show it.
    m.lost = m.totals && m.own < m.enemy;
    if (!m.totals)
      told.push_back({true, "B-17", msg::blackPowderRulingSupportNoResults()});
    else if (m.lost)
      told.push_back({true, "B-17", msg::blackPowderRulingSupportSideLost()});
  }
  return m;
}

struct Applicable {
  std::string id;
  int times;
};

// A printed break-test modifier by id (B-02).
const printed::BreakTestModifiersTableEntry& modifier(const std::string& id) {
  return printed::byId(printed::breakTestModifiers.entries, id);
}

// Keeps the worst member of each exclusive group (B-03) unless the group's stackWhen option is on.
// `errata`: the request's, which tell whether a group's stackWhen (an option tables.json names) is on.
std::vector<Applicable> resolveGroups(const Errata& errata, std::vector<Applicable> terms, std::vector<Told>& told) {
  const auto inGroup = [](const Applicable& a, Text group) { return modifier(a.id).exclusiveGroup == group; };
  const auto value = [](const Applicable& a) { return modifier(a.id).value * a.times; };
  for (const auto& [group, rule] : printed::breakTestModifiers.exclusiveGroups) {
    std::vector<Applicable> members;
    for (const auto& t : terms)
      if (inGroup(t, group)) members.push_back(t);
    if (members.size() < 2) continue;
    const std::string ref(rule.ruling);
    if (rule.stackWhen && errata.on(*rule.stackWhen)) {
      told.push_back({true, ref, msg::blackPowderRulingMarginModifiersAdded(rule.stackWhen->option)});
      continue;
    }
    const auto worst = *std::min_element(members.begin(), members.end(),
                                         [&](const Applicable& a, const Applicable& b) { return value(a) < value(b); });
    std::string dropped;
    for (const auto& t : members)
      if (t.id != worst.id) {
        if (!dropped.empty()) dropped += ", ";
        dropped += said(modifier(t.id).label);
      }
    told.push_back({true, ref, msg::blackPowderRulingWorstOfTier(std::string(said(modifier(worst.id).label)), dropped)});
    terms.erase(std::remove_if(terms.begin(), terms.end(),
                               [&, g = group](const Applicable& t) { return inGroup(t, g) && t.id != worst.id; }),
                terms.end());
  }
  return terms;
}

// One row of the Break Test Result Table for this combat type and arm, its cell resolved for the
// test (the test-E exception) and the ruling it tells, read once per request.
struct ResultRow {
  std::optional<int> min, max;
  Text rowLabel;
  Text code, heading, plain;  // of the printed cell, or of the exception that replaces it
  results::Outcome outcome;    // the code as the result's enum
  bool brk, retire, disorderedAfterMove;
  std::optional<Told> ruling;
};

std::vector<ResultRow> resultRows(Text combatType, Arm arm, Test test) {
  const auto& columns = printed::breakTestResults.columns;
  const char* const column = enumName(arm, kArmNames);
  const auto col = static_cast<std::size_t>(std::find(columns.begin(), columns.end(), column) - columns.begin());
  if (col == columns.size()) throw std::logic_error(std::string("black-powder: no result column ") + column);
  const char* const letter = enumName(test, kTestNames);
  std::vector<ResultRow> rows;
  for (const auto& row : printed::breakTestResults.rows) {
    if (row.combatType != combatType) continue;
    const auto& printedCell = row.cells[col];
    ResultRow out{row.roll.min, row.roll.max, row.rollLabel, {}, {}, {}, {}, false, false, false, std::nullopt};
    // The cell's code, texts and effects: the printed cell's, or its exception's for this test.
    const auto read = [&](const auto& cell) {
      out.code = cell.code;
      out.outcome = named<results::Outcome>(results::kOutcomeNames, cell.code);
      out.heading = cell.heading;
      out.plain = cell.plain;
      const auto has = [&](const char* e) { return std::find(cell.effects.begin(), cell.effects.end(), e) != cell.effects.end(); };
      out.brk = has("break");
      out.retire = has("retire");
      out.disorderedAfterMove = has("disorderedAfterMove");
    };
    const printed::BreakTestResultsTableRowCellException* exception = nullptr;
    if (printedCell.exceptions)
      for (const auto& ex : *printedCell.exceptions)
        if (ex.when.test == letter) {
          exception = &ex;
          break;
        }
    if (exception) {
      out.ruling = Told{true, std::string(exception->ruling),
                        msg::blackPowderRulingCavalrySupportingHolds(letter)};
      read(*exception);
    } else {
      if (printedCell.ruling) {
        const Text ref = *printedCell.ruling;
        out.ruling = Told{true, std::string(ref), ref == "B-10" ? msg::blackPowderRulingArtilleryBreaks()
                                                                : msg::blackPowderRulingCavalryRetires()};
      }
      read(printedCell);
    }
    rows.push_back(std::move(out));
  }
  return rows;
}

void tell(Context& ctx, const Told& t) {
  if (t.ruling) GS_RULING(ctx, t.ref, t.text);
  else GS_NOTE(ctx, t.text, t.ref);
}

// Break tests A-E: one class for three procedures, `break-test` (any test), `fire` (A/B) and `shock`
// (C/D/E), whose schemas offer only the tests that read the Shooting or the Hand-to-Hand rows.
class BreakTest : public Play {
 public:
  using Inputs = inputs::BreakTestInputs;
  using Options = inputs::Options;
  // `errata`: the request's, which tell whether an exclusive group of tables.json stacks (B-03).
  BreakTest(const Ruleset& rs, const Inputs& in, const Options&, const Errata& errata) : test_(in.test) {
    // "shooting" or "handToHand" for test A-E (B-04), as tabulated with the printed test list.
    for (const auto& row : printed::breakTestOccasions.rows)
      if (row.id == letter()) combatType_ = row.combatType;
    if (combatType_.empty()) throw std::logic_error(std::string("black-powder: no break test ") + letter());
    shooting_ = combatType_ == "shooting";
    combatTypeCode_ = named<results::CombatType>(results::kCombatTypeNames, combatType_);
    arm_ = in.unit.arm;
    if (in.unit.skirmishing && arm_ != Arm::infantry)
      throw RequestError(code::kConflictingFields, msg::blackPowderErrorOnlyInfantrySkirmishes(), "/unit/skirmishing");
    stamina_ = in.unit.stamina;
    casualties_ = in.unit.casualties;
    disordered_ = in.unit.disordered;
    const int excess = std::max(0, casualties_ - stamina_);
    if (test_ == Test::A && excess == 0)
      told_.push_back({false, "B-06", msg::blackPowderNoteTestANoExcess()});
    const Melee melee = readMelee(in.melee, test_, shooting_, told_);
    terms_ = breakTestTerms(errata, in, melee, excess);
    for (Term& t : terms_) t.entry = &rs.printedEntry(kModifiers, t.id);
    extraDrm_ = in.extraDrm;
    room_ = in.roomToRetire;
    rows_ = resultRows(combatType_, arm_, test_);
  }

  void play(Context& ctx, JsonWriter* out) const final {
    GS_STEP(ctx, step::CombatType{{}, TraceValue::fromData(combatType_),
                                  shooting_ ? msg::blackPowderNoteReadOnShootingRows(letter()) : msg::blackPowderNoteReadOnHandToHandRows(letter()),
                                  "B-04"});
    for (const Told& t : told_) tell(ctx, t);
    // What the trace and the rolls call the test's roll: made only when words are wanted (exact odds
    // roll on every dice sequence and want none).
    const bool wordy = ctx.wordy();
    const std::string subject = wordy ? msg::blackPowderLabelBreakTest(letter()).text() : std::string();
    Modifiers m(ctx, StepKind::drm, subject);
    for (const auto& t : terms_) m.entry(*t.entry, t.times, t.ruling);
    m.add(extraDrm_, msg::blackPowderLabelExtraModifier(), "input");
    const int drm = m.total();

    // B-01: 2D6, each die reported.
    const int d1 = ctx.roll(kD6, wordy ? msg::blackPowderLabelBreakTestFirstDie(letter()).text() : std::string());
    const int d2 = ctx.roll(kD6, wordy ? msg::blackPowderLabelBreakTestSecondDie(letter()).text() : std::string());
    const int modified = d1 + d2 + drm;
    GS_STEP(ctx, step::ModifiedRoll{subject, kD6.name, {d1, d2}, drm, modified, {}, "Break Test Result Table"});

    // The printed result cell for this modified roll, combat type and arm.
    const auto row = std::find_if(rows_.begin(), rows_.end(), [&](const ResultRow& r) {
      return (!r.min || modified >= *r.min) && (!r.max || modified <= *r.max);
    });
    if (row == rows_.end())
      throw std::logic_error("black-powder: no result row for " + std::to_string(modified) + " " + std::string(combatType_));
    if (row->ruling) tell(ctx, *row->ruling);

    // Apply the printed consequence; "unable to comply" comes from the player's roomToRetire (B-09).
    bool removed = row->brk, disordered = disordered_;
    int moves = 0;
    if (row->retire) {
      if (room_ == RoomToRetire::none) {
        removed = true;  // cannot retire to a tenable position: breaks and is removed from the field
        GS_NOTE(ctx, msg::blackPowderNoteUnableToComply(), "B-09");
      } else if (room_ == RoomToRetire::twoMoves) {
        moves = 2;  // two moves to its rear to a tenable position, and disordered
        disordered = true;
      } else {
        moves = 1;
        disordered = disordered || row->disorderedAfterMove;
      }
    }
    using Final = results::BreakTestFinal;
    const Final final = removed ? Final::break_ : moves ? Final::retire : Final::hold;
    // rules-notes §4.4 step 4: a unit that survives its test drops back to its stamina in casualties.
    const int left = std::min(casualties_, stamina_);
    if (!removed && left < casualties_)
      GS_NOTE(ctx, msg::blackPowderNoteCasualtiesReduced(casualties_, stamina_), "rules-notes §4.4");
    // fire, shock and break-test declare the same tallies (results.json).
    ctx.tally(results::BreakTestTally::outcome, row->outcome);
    ctx.tally(results::BreakTestTally::final, final);
    ctx.tally(results::BreakTestTally::modifiedRoll, modified);
    if (!out) return;

    results::BreakTest r;
    r.test = sameEnum<results::Test>(test_);
    r.combatType = combatTypeCode_;
    r.dice = {d1, d2};
    r.drm = drm;
    r.modifiedRoll = modified;
    r.row = said(row->rowLabel);  // the chart's words in the response's language (fr.json forms)
    r.outcome = row->outcome;
    r.heading = said(row->heading);
    r.text = said(row->plain);
    r.final = final;
    r.unit.arm = sameEnum<results::Arm>(arm_);
    r.unit.removed = removed;
    r.unit.moves = moves;
    r.unit.disordered = disordered;
    if (!removed) {
      r.unit.casualties = left;
      r.unit.shaken = left >= stamina_;
    }
    write(*out, r);
  }

 private:
  struct Term {
    Text id;
    int times;
    Text ruling;
    const PrintedEntry* entry = nullptr;  // found at bind
  };

  // The modifiers that apply (B-02…B-07), exclusive groups resolved (B-03), in printed order; what
  // decided them is told before they are added.
  std::vector<Term> breakTestTerms(const Errata& errata, const Inputs& in, const Melee& melee, int excess) {
    std::vector<Applicable> terms;
    if (excess > 0) terms.push_back({"perExcessCasualty", excess});
    if (disordered_) terms.push_back({"disordered", 1});
    if (melee.lost) {
      terms.push_back({"lostMelee", 1});
      if (melee.totals) {
        // B-05: compare the combat results; a loser's 0 against any hits counts as treble.
        const bool treble = melee.own * 3 <= melee.enemy;
        const bool dbl = melee.own * 2 <= melee.enemy;
        if (dbl) terms.push_back({"lostMeleeDouble", 1});
        if (treble) terms.push_back({"lostMeleeTreble", 1});
        if (melee.own == 0) told_.push_back({true, "B-05", msg::blackPowderRulingLostWithZero()});
      } else {
        told_.push_back({false, "B-05", msg::blackPowderNoteMarginNotAssessed()});
      }
      if (melee.enemyCavalry) {
        if (arm_ == Arm::infantry) {
          terms.push_back({"infantryLostMeleeVsCavalry", 1});
          if (in.unit.skirmishing) terms.push_back({"skirmishingInfantryLostMeleeVsCavalry", 1});
        } else {
          told_.push_back({false, "B-03", msg::blackPowderNoteCavalryModifierInfantryOnly()});
        }
      }
    } else if (melee.enemyCavalry) {
      told_.push_back({false, "B-03", msg::blackPowderNoteCavalryNotLost()});
    }
    if (in.artilleryCasualties) {
      if (shooting_) terms.push_back({"artilleryCasualties", 1});
      else told_.push_back({true, "B-07", msg::blackPowderRulingArtilleryCasualtiesShootingOnly(letter())});
    }
    if (in.enemyOnFlank) terms.push_back({"enemyInContactWithFlank", 1});
    if (in.enemyOnRear) terms.push_back({"enemyInContactWithRear", 1});

    terms = resolveGroups(errata, std::move(terms), told_);
    std::vector<Term> out;
    for (const auto& e : printed::breakTestModifiers.entries)  // in printed order
      for (const auto& t : terms)
        if (t.id == e.id) out.push_back({e.id, t.times, e.ruling.value_or(Text())});
    return out;
  }

  // The test's letter, as the tables and the texts name it.
  const char* letter() const { return enumName(test_, kTestNames); }

  Test test_;
  Arm arm_;
  RoomToRetire room_;
  Text combatType_;
  results::CombatType combatTypeCode_{};
  bool shooting_ = false, disordered_ = false;
  int stamina_ = 0, casualties_ = 0, extraDrm_ = 0;
  std::vector<Told> told_;
  std::vector<Term> terms_;
  std::vector<ResultRow> rows_;
};

// `fire` and `shock` ask only what their tests read: their inputs become break-test's, what they do not
// ask at its defaults (no melee under fire, no artillery casualties or skirmishing under shock).
template <typename In>
BreakTest::Inputs sharedInputs(const In& in) {
  BreakTest::Inputs out;
  out.unit.arm = in.unit.arm;
  out.unit.stamina = in.unit.stamina;
  out.unit.casualties = in.unit.casualties;
  out.unit.disordered = in.unit.disordered;
  out.enemyOnFlank = in.enemyOnFlank;
  out.enemyOnRear = in.enemyOnRear;
  out.roomToRetire = in.roomToRetire;
  out.extraDrm = in.extraDrm;
  return out;
}

BreakTest::Inputs breakTestInputs(const inputs::FireInputs& in) {
  BreakTest::Inputs out = sharedInputs(in);
  switch (in.test) {
    case inputs::FireTest::A: out.test = Test::A; break;
    case inputs::FireTest::B: out.test = Test::B; break;
  }
  out.artilleryCasualties = in.artilleryCasualties;
  return out;
}

BreakTest::Inputs breakTestInputs(const inputs::ShockInputs& in) {
  BreakTest::Inputs out = sharedInputs(in);
  switch (in.test) {
    case inputs::ShockTest::C: out.test = Test::C; break;
    case inputs::ShockTest::D: out.test = Test::D; break;
    case inputs::ShockTest::E: out.test = Test::E; break;
  }
  out.unit.skirmishing = in.unit.skirmishing;
  out.melee = in.melee;
  return out;
}

template <typename In>  // inputs::FireInputs or inputs::ShockInputs
class BreakTestOf final : public BreakTest {
 public:
  using Inputs = In;
  BreakTestOf(const Ruleset& rs, const In& in, const Options& rulings, const Errata& errata)
      : BreakTest(rs, breakTestInputs(in), rulings, errata) {}
};
using Fire = BreakTestOf<inputs::FireInputs>;
using Shock = BreakTestOf<inputs::ShockInputs>;

}  // namespace
}  // namespace grapeshot::black_powder

GRAPESHOT_PROCEDURES(black_powder, {"break-test", grapeshot::bindTyped<grapeshot::black_powder::BreakTest>},
                     {"fire", grapeshot::bindTyped<grapeshot::black_powder::Fire>},
                     {"shock", grapeshot::bindTyped<grapeshot::black_powder::Shock>});
