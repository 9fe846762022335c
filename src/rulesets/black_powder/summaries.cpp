// The summaries of the black-powder results, composed from the typed results (results.json,
// "x-summary") in the catalog's sentences (black-powder.summary.*): the roll, and what it does to the
// unit or the brigade (holds, retires, breaks and is removed, shaken; carries on, halts, retreats, is
// removed), in the rules' words.
#include <string>

#include "core/ruleset.h"  // Ruleset::printedIn
#include "black_powder_inputs.h"
#include "black_powder_results.h"
#include "messages.h"
#include "sums.h"

namespace grapeshot::results::black_powder {
namespace inputs = ::grapeshot::inputs::black_powder;
using ::grapeshot::black_powder::signedText;
using ::grapeshot::black_powder::termText;

Summary summary(const BreakTest& r) {
  Summary s;
  // The arm as the form shows it (ruleset.json's x-enumLabels).
  const char* arm = (currentLang() == Lang::fr ? inputs::kArmLabelsFr : inputs::kArmLabels)[static_cast<std::size_t>(sameEnum<inputs::Arm>(r.unit.arm))];
  const int first = r.dice.at(0), second = r.dice.at(1);
  const std::string drm = signedText(r.drm);
  // The printed row, when it is not the score itself ("7 or more").
  const bool row = r.row != std::to_string(r.modifiedRoll);
  const char* test = name(r.test);
  if (r.combatType == CombatType::shooting)
    s << (row ? msg::blackPowderSummaryTestShootingRow(test, arm, first, second, drm, r.modifiedRoll, r.row)
              : msg::blackPowderSummaryTestShooting(test, arm, first, second, drm, r.modifiedRoll));
  else
    s << (row ? msg::blackPowderSummaryTestHandToHandRow(test, arm, first, second, drm, r.modifiedRoll, r.row)
              : msg::blackPowderSummaryTestHandToHand(test, arm, first, second, drm, r.modifiedRoll));
  switch (r.final) {
    case BreakTestFinal::hold: s << msg::blackPowderSummaryHolds(); break;
    case BreakTestFinal::retire:
      s << (r.unit.moves == 2       ? msg::blackPowderSummaryRetiresTwoMoves()
            : r.unit.disordered     ? msg::blackPowderSummaryRetiresOneMoveDisordered()
                                    : msg::blackPowderSummaryRetiresOneMove());
      break;
    case BreakTestFinal::break_:
      // A printed retire the unit could not carry out (no tenable position, B-09) is a break too.
      s << (r.outcome == Outcome::break_ ? msg::blackPowderSummaryBreaks() : msg::blackPowderSummaryBreaksUnableToRetire());
      break;
  }
  if (r.unit.shaken.value_or(false)) s << msg::blackPowderSummaryShaken(r.unit.casualties.value_or(0));
  return s;
}

Summary summary(const BrigadeMoraleResult& r) {
  Summary s;
  switch (r.final) {
    case BrigadeMoraleFinal::removed: return s << msg::blackPowderSummaryLastUnitRemoved(r.unitsLeft, r.unitsStarted);
    case BrigadeMoraleFinal::noTest: return s << msg::blackPowderSummaryNoTest(numberValue(r.points), r.startingPoints);
    default: break;
  }
  const int first = r.dice.value().at(0), second = r.dice.value().at(1);
  const std::string band(Ruleset::printedIn("black-powder", r.band.value(), currentLang()));  // fr.json forms
  s << (r.passed.value() ? msg::blackPowderSummaryBrigadeTestPassed(numberValue(r.points), r.startingPoints, first, second,
                                                                     termText(r.drm.value()), r.score.value(),
                                                                     r.commandRating.value(), band)
                         : msg::blackPowderSummaryBrigadeTestFailed(numberValue(r.points), r.startingPoints, first, second,
                                                                     termText(r.drm.value()), r.score.value(),
                                                                     r.commandRating.value(), band));
  if (r.final == BrigadeMoraleFinal::pass) return s << msg::blackPowderSummaryCarriesOn();
  if (r.final == BrigadeMoraleFinal::halt) return s << msg::blackPowderSummaryHalts();
  return s << msg::blackPowderSummaryRetreats(numberValue(r.retreatMoves.value()), r.pointsOfFailure.value());
}

}  // namespace grapeshot::results::black_powder
