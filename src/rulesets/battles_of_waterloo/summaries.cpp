// The summaries of the battles-of-waterloo results (issue 25), composed from the typed results
// (results.json, "x-summary") in the catalog's sentences (battles-of-waterloo.summary.*): the table or
// check read, how each check came out, and what happens to every unit: steps lost, retreats, routs,
// disorder and eliminations.
#include <algorithm>

#include "crm.h"
#include "messages.h"

namespace grapeshot::waterloo {

void sayFate(Summary& s, const results::UnitOutcome& u, const Message& who) {
  // How each Cohesion Check its result called for came out (W-11: d, r; W-32: "<=Cohesion - B").
  if (u.checks)
    for (const auto& c : *u.checks) {
      const char* what = c.letter == results::Letter::B ? "<=Cohesion - B" : name(c.letter);
      s << (c.passed ? msg::battlesOfWaterlooSummaryUnitCheckPassed(who, what) : msg::battlesOfWaterlooSummaryUnitCheckFailed(who, what));
    }
  if (u.stepsLost) s << msg::battlesOfWaterlooSummaryLosesSteps(who, u.stepsLost);
  if (u.retreat) s << msg::battlesOfWaterlooSummaryRetreats(who, u.retreat);
  std::optional<results::Event> disorder;  // the last D-1/D-2 it received
  for (const results::Event e : u.events)
    if (e == results::Event::D_1 || e == results::Event::D_2) disorder = e;
  if (u.routRetreat && u.routRetreatHexes) s << msg::battlesOfWaterlooSummaryRoutsHexes(who, *u.routRetreatHexes);
  else if (u.routRetreat) s << msg::battlesOfWaterlooSummaryRouts(who);
  if (u.newState == results::State::Eliminated) s << msg::battlesOfWaterlooSummaryIsEliminated(who);
  else if (disorder && !u.routRetreat) s << msg::battlesOfWaterlooSummaryBecomesDisordered(who, results::name(*disorder));
  else if (!u.stepsLost && !u.retreat && !u.routRetreat) s << msg::battlesOfWaterlooSummaryIsUnaffected(who);
}

}  // namespace grapeshot::waterloo

namespace grapeshot::results::battles_of_waterloo {

namespace {
// Each unit's Cohesion Checks and fate, named as the side's only unit ("The attacker") or by its number
// ("Attacking unit 2"): the name a message of its own, so that a host translates it with the sentence.
template <typename Side, typename Only, typename Numbered>
void sayFates(Summary& s, const Side& side, Only only, Numbered numbered) {
  for (std::size_t i = 0; i < side.units.size(); ++i)
    ::grapeshot::waterloo::sayFate(s, side.units[i], side.units.size() == 1 ? only() : numbered(i + 1));
}
}  // namespace

// The shock's summary: the table read (or the W-26 elimination without a roll), then what happens to
// every unit of both sides: steps lost, retreats, routs, disorder, eliminations.
Summary summary(const ShockResult& r) {
  Summary s;
  if (r.cell) s << msg::battlesOfWaterlooSummaryShock(*r.columnLabel, rollText(kD10, *r.natural, *r.drm), *r.row, r.cell->attacker, r.cell->defender);
  else s << msg::battlesOfWaterlooSummaryRoutedInfantryEliminated();
  sayFates(s, r.attacker, msg::battlesOfWaterlooSummaryTheAttacker, [](std::size_t n) { return msg::battlesOfWaterlooSummaryAttackingUnit(n); });
  sayFates(s, r.defender, msg::battlesOfWaterlooSummaryTheDefender, [](std::size_t n) { return msg::battlesOfWaterlooSummaryDefendingUnit(n); });
  return s;
}


// The fire's summary: the table read and its result, how the target's top unit's Cohesion Check came
// out and what the result does to it, and the Leader Casualty roll.
Summary summary(const FireResult& r) {
  Summary s;
  const std::string roll = rollText(kD10, r.natural, r.drm);
  const bool effect = r.cell && *r.cell != "-";
  if (!effect) s << msg::battlesOfWaterlooSummaryFireNoEffect(r.columnLabel, roll, r.row);
  else s << msg::battlesOfWaterlooSummaryFire(r.columnLabel, roll, r.row, *r.cell);
  // The top unit's Cohesion Check (the code's d, unless its step losses eliminated it first: W-19)
  // and its fate.
  if (effect) ::grapeshot::waterloo::sayFate(s, r.target, msg::battlesOfWaterlooSummaryTopUnit());
  if (r.leader) {
    if (!r.leader->check) s << msg::battlesOfWaterlooSummaryLeaderNoRoll();
    else if (*r.leader->killed) s << msg::battlesOfWaterlooSummaryLeaderKilled(*r.leader->natural);
    else s << msg::battlesOfWaterlooSummaryLeaderSurvives(*r.leader->natural);
  }
  return s;
}

namespace {
Message theUnit() { return msg::battlesOfWaterlooSummaryTheUnit(); }  // rendered in the sentence's language
}  // namespace

// How the check came out (or that it was automatic), then what happens to the unit.
Summary summary(const MoraleResult& r) {
  Summary s;
  s << (r.automatic ? msg::battlesOfWaterlooSummaryBlownAutomatic()
        : r.passed  ? msg::battlesOfWaterlooSummaryCheckPassed()
                    : msg::battlesOfWaterlooSummaryCheckFailed());
  ::grapeshot::waterloo::sayFate(s, r.unit, theUnit());
  return s;
}

// The Square in Reaction roll and its band: the square formed, or the result the band gives, and
// what it does to the unit.
Summary summary(const SquareResult& r) {
  Summary s;
  const std::string roll = rollText(kD10, r.natural, r.drm);
  if (r.formedSquare) return s << msg::battlesOfWaterlooSummarySquareFormed(roll, r.cohesion, std::string(::grapeshot::waterloo::said(r.band)));
  s << msg::battlesOfWaterlooSummarySquareNotFormed(roll, r.cohesion, std::string(::grapeshot::waterloo::said(r.band)), *r.result);
  ::grapeshot::waterloo::sayFate(s, r.unit, theUnit());
  return s;
}

// The Charge Reaction check, the printed reaction, and what it does to the unit.
Summary summary(const ChargeReactionResult& r) {
  Summary s;
  s << (r.passed ? msg::battlesOfWaterlooSummaryChargeReactionPassed(std::string(::grapeshot::waterloo::said(r.printed))) : msg::battlesOfWaterlooSummaryChargeReactionFailed(std::string(::grapeshot::waterloo::said(r.printed))));
  // Light cavalry: the printed "X or Y" is its owner's choice (W-25), in the form's words.
  if (r.choice)
  {
    namespace in = ::grapeshot::inputs::battles_of_waterloo;
    const bool fr = currentLang() == Lang::fr;
    s << msg::battlesOfWaterlooSummaryLightCavalryChooses(
        *r.choice == Choice::Bd ? (fr ? in::kLightCavalryIfFailedLabelsFr : in::kLightCavalryIfFailedLabels)[1]
        : *r.choice == Choice::retreat ? (fr ? in::kLightCavalryIfPassedLabelsFr : in::kLightCavalryIfPassedLabels)[1]
                                       : (fr ? in::kLightCavalryIfPassedLabelsFr : in::kLightCavalryIfPassedLabels)[0]);
  }
  ::grapeshot::waterloo::sayFate(s, r.unit, theUnit());
  return s;
}


// The rally roll and the band it reads: for a routed unit the printed band; for a disordered one the
// roll against Cohesion (compared as the numbers stand) and, when it rallies, its change of state.
Summary summary(const RallyResult& r) {
  Summary s;
  const std::string roll = rollText(kD10, r.natural, r.drm);
  if (!r.cohesion) return s << msg::battlesOfWaterlooSummaryRallyRouted(roll, std::string(::grapeshot::waterloo::said(r.band)), std::string(::grapeshot::waterloo::said(r.text)));
  const int c = *r.cohesion;
  const char* comparison = r.rallied ? (r.total < c ? "<" : "<=") : (r.total > c ? ">" : ">=");
  if (!r.rallied) return s << msg::battlesOfWaterlooSummaryRallyDisordered(roll, comparison, c, std::string(::grapeshot::waterloo::said(r.text)));
  return s << msg::battlesOfWaterlooSummaryRallyDisorderedRallied(roll, comparison, c, std::string(::grapeshot::waterloo::said(r.text)), ::grapeshot::waterloo::valueWord(name(r.oldState)), ::grapeshot::waterloo::valueWord(name(r.newState)));
}

// Leaving Square: the check's printed outcome and, when it fails, the unit's change of state.
Summary summary(const LeaveSquareResult& r) {
  Summary s;
  if (r.passed) return s << msg::battlesOfWaterlooSummaryLeaveSquarePassed(std::string(::grapeshot::waterloo::said(r.text)));
  return s << msg::battlesOfWaterlooSummaryLeaveSquareFailed(std::string(::grapeshot::waterloo::said(r.text)), ::grapeshot::waterloo::valueWord(name(r.oldState)), ::grapeshot::waterloo::valueWord(name(r.newState)));
}

// Movement: what entering the hex costs, or why the move is prohibited.
Summary summary(const MovementResult& r) {
  Summary s;
  if (r.prohibited) return s << msg::battlesOfWaterlooSummaryMovementProhibited(r.reason.value_or(std::string()));
  return s << msg::battlesOfWaterlooSummaryMovementCost(numberValue(r.cost.value_or(0.0)));
}

// Stacking: the printed combination the units make, or the first rule they break.
Summary summary(const StackingResult& r) {
  Summary s;
  if (!r.legal) return s << msg::battlesOfWaterlooSummaryStackingIllegal(r.reasons.front().reason);
  if (r.combination) return s << msg::battlesOfWaterlooSummaryStackingLegal(std::string(::grapeshot::waterloo::said(*r.combination)));
  return s << msg::battlesOfWaterlooSummaryStackingLegalSingle();
}

// Zone of control: the chart's row and what it prints.
Summary summary(const ZocResult& r) {
  Summary s;
  return s << msg::battlesOfWaterlooSummaryZoc(std::string(::grapeshot::waterloo::said(r.row)), std::string(::grapeshot::waterloo::said(r.printed)));
}

// Disorder and rout effects: how many printed restrictions the state carries.
Summary summary(const StatusResult& r) {
  Summary s;
  if (!r.restricted) return s << msg::battlesOfWaterlooSummaryStatusNormal();
  return s << msg::battlesOfWaterlooSummaryStatusRestricted(::grapeshot::waterloo::valueWord(name(r.state)), static_cast<int>(r.restrictions.size()));
}

}  // namespace grapeshot::results::battles_of_waterloo
