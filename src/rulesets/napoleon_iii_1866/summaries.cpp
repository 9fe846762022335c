// The summaries of the napoleon-iii-1866 combat results, composed from the typed results
// (results.json, "x-summary") in the catalog's sentences (napoleon-iii-1866.summary.*): what each
// roll's cell orders, and for every unit how its morale test came out, whether it is disorganized,
// the steps it loses and whether it is eliminated (V-06, V-07, V-08, V-26).
#include <algorithm>

#include "messages.h"
#include "napoleon.h"

namespace grapeshot::results::napoleon_iii_1866 {
namespace {

using napoleon1866::Order;
using Headline = Message (*)(TraceValue cell);

// "Fire: D+1 (disorganization + 1 step loss) on the target.": one sentence per roll and cell code.
constexpr Headline kFire[] = {msg::napoleonIii1866SummaryFireNothing, msg::napoleonIii1866SummaryFireMoraleTest,
                              msg::napoleonIii1866SummaryFireDisorganize, msg::napoleonIii1866SummaryFireDisorganizePlusOne};
constexpr Headline kAttack[] = {msg::napoleonIii1866SummaryAttackNothing, msg::napoleonIii1866SummaryAttackMoraleTest,
                                msg::napoleonIii1866SummaryAttackDisorganize, msg::napoleonIii1866SummaryAttackDisorganizePlusOne};
constexpr Headline kDefence[] = {msg::napoleonIii1866SummaryDefenceNothing, msg::napoleonIii1866SummaryDefenceMoraleTest,
                                 msg::napoleonIii1866SummaryDefenceDisorganize, msg::napoleonIii1866SummaryDefenceDisorganizePlusOne};
Message headline(const Headline (&sentences)[4], const std::string& cell) {
  return sentences[static_cast<int>(napoleon1866::orderOf(cell))](cell);
}

// What a side's units are called in its sentences ("Target unit 2 is eliminated.").
struct UnitSentences {
  Message (*passed)(TraceValue unit, TraceValue rule);
  Message (*failed)(TraceValue unit, TraceValue rule);
  Message (*disorganized)(TraceValue unit);
  Message (*stepsLost)(TraceValue unit, TraceValue steps);
  Message (*eliminated)(TraceValue unit);
};
constexpr UnitSentences kTarget{msg::napoleonIii1866SummaryTargetUnitPassed, msg::napoleonIii1866SummaryTargetUnitFailed,
                                msg::napoleonIii1866SummaryTargetUnitDisorganized, msg::napoleonIii1866SummaryTargetUnitStepsLost,
                                msg::napoleonIii1866SummaryTargetUnitEliminated};
constexpr UnitSentences kDefending{msg::napoleonIii1866SummaryDefendingUnitPassed, msg::napoleonIii1866SummaryDefendingUnitFailed,
                                   msg::napoleonIii1866SummaryDefendingUnitDisorganized,
                                   msg::napoleonIii1866SummaryDefendingUnitStepsLost,
                                   msg::napoleonIii1866SummaryDefendingUnitEliminated};
constexpr UnitSentences kAttacking{msg::napoleonIii1866SummaryAttackingUnitPassed, msg::napoleonIii1866SummaryAttackingUnitFailed,
                                   msg::napoleonIii1866SummaryAttackingUnitDisorganized,
                                   msg::napoleonIii1866SummaryAttackingUnitStepsLost,
                                   msg::napoleonIii1866SummaryAttackingUnitEliminated};

// Every unit's fate, in the order of the units: its morale test (passed or failed, with the roll),
// disorganized, steps lost, eliminated.
void unitSentences(Summary& s, const std::vector<UnitOutcome>& units, const UnitSentences& say) {
  for (const UnitOutcome& u : units) {
    const int n = u.index + 1;
    if (u.moraleTest) s << (u.moraleTest->passed ? say.passed : say.failed)(n, u.moraleTest->rule.value());
    if (std::find(u.events.begin(), u.events.end(), Event::disorganized) != u.events.end()) s << say.disorganized(n);
    if (u.stepsLostNow > 0) s << say.stepsLost(n, u.stepsLostNow);
    if (u.eliminated.value_or(false)) s << say.eliminated(n);
  }
}

}  // namespace

Summary summary(const FireResult& r) {
  Summary s;
  s << headline(kFire, r.cell);
  unitSentences(s, r.units, kTarget);
  return s;
}

Summary summary(const ShockResult& r) {
  Summary s;
  s << headline(kAttack, r.attack.cell);
  unitSentences(s, r.defender.units, kDefending);
  s << headline(kDefence, r.defence.cell);
  unitSentences(s, r.attacker.units, kAttacking);
  return s;
}

// A morale test's outcome (V-06, V-07): passed, or failed and disorganized, losing a step, or eliminated.
Summary summary(const MoraleResult& r) {
  const Message& rule = r.rule.value();  // a parameter that is a message: translated with the sentence
  const bool stepLost = std::find(r.events.begin(), r.events.end(), Event::stepLoss) != r.events.end();
  Summary s;
  if (r.passed) s << msg::napoleonIii1866SummaryMoraleTestPassedNoEffect(rule);
  else if (r.unit.eliminated.value_or(false)) s << msg::napoleonIii1866SummaryMoraleTestFailedEliminated(rule);
  else if (stepLost) s << msg::napoleonIii1866SummaryMoraleTestFailedStepLoss(rule);
  else s << msg::napoleonIii1866SummaryMoraleTestFailedDisorganized(rule);
  return s;
}

// A rally test's outcome (V-19): rallied, passed while not disorganized, or failed.
Summary summary(const RallyResult& r) {
  const Message& rule = r.rule.value();  // a parameter that is a message: translated with the sentence
  const bool rallied = std::find(r.events.begin(), r.events.end(), Event::rallied) != r.events.end();
  Summary s;
  if (rallied) s << msg::napoleonIii1866SummaryRallyTestRallied(rule);
  else if (r.passed) s << msg::napoleonIii1866SummaryRallyTestPassedNotDisorganized(rule);
  else s << msg::napoleonIii1866SummaryRallyTestFailedStaysDisorganized(rule);
  return s;
}

// What entering costs, and what it does to cavalry entering woods (V-07); or why it is prohibited.
Summary summary(const MovementResult& r) {
  Summary s;
  if (r.prohibited) {
    s << msg::napoleonIii1866SummaryMovementProhibited(r.reason.value());
    return s;
  }
  const int cost = r.cost.value();
  if (r.effects.empty()) s << msg::napoleonIii1866SummaryMovementCost(cost);
  else if (r.effects.front() == Effect::disorganized) s << msg::napoleonIii1866SummaryMovementCostDisorganized(cost);
  else s << msg::napoleonIii1866SummaryMovementCostAlreadyDisorganized(cost);
  return s;
}

}  // namespace grapeshot::results::napoleon_iii_1866
