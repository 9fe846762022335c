// Cohesion Checks outside the combat tables (seed 002 "Square in Reaction", "Charge Reaction"; rules-notes
// 2.2, 2.3.2, 2.3.5 and rulings W-02, W-11, W-25): the generic check, Square in Reaction, Charge Reaction.

#include <algorithm>

#include "core/error.h"
#include "crm.h"
#include "battles_of_waterloo_printed.h"
#include "battles_of_waterloo_tables.h"

namespace grapeshot::waterloo {
namespace tables = ::grapeshot::tables::battles_of_waterloo;  // the ids of tables.json (generated)
namespace printed = ::grapeshot::printed::battles_of_waterloo;  // tables.json as typed constants (generated)
namespace {

using inputs::Result;

// The tallies every check of this file reports last: the unit's state and its steps lost.
template <typename Tally>
void tallyUnit(Context& ctx, const Unit& u) {
  ctx.tally(Tally::final, sameEnum<results::State>(u.state));
  ctx.tally(Tally::stepsLost, u.stepsLost);
}

// ---- morale: the generic Cohesion Check ----------------------------------------------------------

class Morale final : public Play {
 public:
  using Inputs = inputs::MoraleInputs;
  using Options = inputs::Options;
  Morale(const Ruleset&, const Inputs& in, const Options& options)
      : unit_(readUnit(in.unit, options, "/unit", msg::battlesOfWaterlooLabelTheUnit())),
        drm_(in.drm),
        result_(in.result),
        code_(decodeResultCode(in.result == Result::none ? "-" : enumName(in.result, inputs::kResultNames))) {}

  void play(Context& ctx, JsonWriter* out) const override {
    Unit u = unit_;
    const bool withResult = result_ != Result::none;
    bool passed = false, automatic = false;
    if (u.state == State::blown && withResult) {
      // "Combat Results against Blown Cavalry that require a Cohesion Check are automatic instead."
      applyResult(ctx, u, code_, true, words(ctx, msg::battlesOfWaterlooRefBlownCavalry()));
      automatic = true;
    } else {
      passed = cohesionCheck(ctx, u.cohesion, drm_, u.who());
      if (!passed && withResult) applyMatrix(ctx, u, result_ == Result::d ? "d/D" : "r/R", "W-11");
    }
    ctx.tally(results::MoraleTally::passed, passed);
    tallyUnit<results::MoraleTally>(ctx, u);
    if (!out) return;
    results::MoraleResult r;
    if (automatic) r.automatic = true;
    r.passed = passed;
    r.unit = outcome(u);
    write(*out, r);
  }

 private:
  Unit unit_;
  int drm_;
  Result result_;    // the column a failed check reads: none, d (d/D) or r (r/R)
  ResultCode code_;  // the same as a result code, automatic against Blown cavalry
};

// ---- square: Square in Reaction ------------------------------------------------------------------

// "Each hex > 2 Cavalry Charged": the printed number of hexes charged before the modifier counts.
constexpr int kHexesChargedBeyond =
    *printed::byId(printed::squareInReactionModifiers.entries, tables::squareInReactionModifiers.hexChargedBeyond2.id).beyond;

class Square final : public Play {
 public:
  using Inputs = inputs::SquareInputs;
  using Options = inputs::Options;
  Square(const Ruleset&, const Inputs& in, const Options& options)
      : in_(in), unit_(readUnit(in.unit, options, "/unit", msg::battlesOfWaterlooLabelTheInfantry())), bands_(readBands(printed::squareInReaction)) {}

  void play(Context& ctx, JsonWriter* out) const override {
    Unit u = unit_;
    Modifiers drm(ctx, StepKind::drm, words(ctx, msg::battlesOfWaterlooLabelSquareInReaction()));
    if (in_.cavalryBeganAdjacent) drm.entry(tables::squareInReactionModifiers.cavalryBeganAdjacent);
    if (in_.attackedFrom == inputs::Aspect::flank) drm.entry(tables::squareInReactionModifiers.attackedFromFlank);
    if (in_.attackedFrom == inputs::Aspect::rear) drm.entry(tables::squareInReactionModifiers.attackedFromRear);
    if (u.state == State::d1) drm.entry(tables::squareInReactionModifiers.unitD1);
    if (in_.unit.elite != inputs::Elite::none) drm.entry(tables::squareInReactionModifiers.elite);
    if (in_.stackedWithLeader) drm.entry(tables::squareInReactionModifiers.stackedWithLeader);
    drm.entry(tables::squareInReactionModifiers.hexChargedBeyond2, std::max(0, in_.hexesCharged - kHexesChargedBeyond));
    drm.add(in_.extraDrm, msg::battlesOfWaterlooLabelExtraDrm(), "input");

    const int natural = ctx.roll(kD10, words(ctx, msg::battlesOfWaterlooLabelSquareInReaction()));
    const int total = natural + drm.total();
    const int over = total - u.cohesion;  // the bands are printed relative to the Cohesion Rating
    const auto& band = bandFor(printed::squareInReaction.bands, bands_, over, "Square in Reaction");
    const bool formed = band.passed;
    // The band is read on the modified roll less the Cohesion Rating.
    GS_STEP(ctx, step::Band{u.who(), tables::squareInReaction.id, over, TraceValue::fromData(band.label),
                            TraceValue::fromData(band.text),
                            msg::battlesOfWaterlooReasonAgainstCohesion(rollText(kD10, natural, drm.total()), u.cohesion),
                            "Square in Reaction"});
    printed::Text code;
    if (!formed) {
      code = band.resultCode.value();
      applyResult(ctx, u, decodeResultCode(code), true, "Square in Reaction");
    }
    ctx.tally(results::SquareTally::formedSquare, formed);
    ctx.tally(results::SquareTally::band, TraceValue::fromData(band.code));
    tallyUnit<results::SquareTally>(ctx, u);
    if (!out) return;
    results::SquareResult r;
    r.natural = natural;
    r.drm = drm.total();
    r.total = total;
    r.cohesion = u.cohesion;
    r.band = std::string(said(band.label));
    r.formedSquare = formed;
    if (!formed) r.result = std::string(code);
    r.unit = outcome(u);
    write(*out, r);
  }

 private:
  const Inputs in_;
  Unit unit_;
  std::vector<PrintedBand> bands_;  // Square in Reaction, relative to the Cohesion Rating
};

// ---- charge-reaction -----------------------------------------------------------------------------

class ChargeReaction final : public Play {
 public:
  using Inputs = inputs::ChargeReactionInputs;
  using Options = inputs::Options;
  ChargeReaction(const Ruleset&, const Inputs& in, const Options& options)
      : in_(in), unit_(readUnit(in.unit, options, "/unit", msg::battlesOfWaterlooLabelTheChargedUnit())) {
    for (const auto& r : printed::chargeReaction.rows)
      for (const printed::Text type : r.appliesTo)
        if (type == name(unit_.type)) row_ = &r;
    if (!row_) throw std::logic_error(std::string("no Charge Reaction row for ") + name(unit_.type));
  }

  void play(Context& ctx, JsonWriter* out) const override {
    Unit u = unit_;
    const auto& row = *row_;
    const bool passed = cohesionCheck(ctx, u.cohesion, in_.extraDrm, u.who());
    const auto& cell = row.cells[passed ? 0 : 1];
    // A cell is a result code or effect words, or (light cavalry) a choice of either.
    printed::ChargeReactionTableRowCellChoice chosen{cell.effects, cell.resultCode};
    std::optional<results::Choice> choice;  // light cavalry's, when the cell is a choice
    if (cell.choices) {
      // Light cavalry: the owner chooses (W-25).
      const bool defend = passed ? in_.lightCavalryIfPassed == inputs::LightCavalryIfPassed::defend
                                 : in_.lightCavalryIfFailed == inputs::LightCavalryIfFailed::defend;
      for (const auto& c : *cell.choices) {
        const bool defends = c.effects && (*c.effects)[0] == "defendNormally";
        if (defend == defends) chosen = c;
      }
      choice = passed ? (defend ? results::Choice::defend : results::Choice::retreat)
                      : (defend ? results::Choice::defend : results::Choice::Bd);
      GS_RULING(ctx, "W-25", msg::battlesOfWaterlooRulingLightCavalryChoice(
                                 passed ? enumName(in_.lightCavalryIfPassed, currentLang() == Lang::fr ? inputs::kLightCavalryIfPassedLabelsFr : inputs::kLightCavalryIfPassedLabels)
                                        : enumName(in_.lightCavalryIfFailed, currentLang() == Lang::fr ? inputs::kLightCavalryIfFailedLabelsFr : inputs::kLightCavalryIfFailedLabels)));
    }
    std::string reaction;
    if (chosen.resultCode) {
      reaction = *chosen.resultCode;
      applyResult(ctx, u, decodeResultCode(reaction), true, "Charge Reaction");
    } else {
      reaction = (*chosen.effects)[0];
      if (reaction == "retreat") applyMatrix(ctx, u, "B", "W-25");  // a Retreat is the matrix B, no check
    }
    GS_STEP(ctx, step::Result{u.who(),
                              passed ? msg::battlesOfWaterlooReasonChargeReactionPass(ctx.printedText(row.type), ctx.printedText(cell.text))
                                     : msg::battlesOfWaterlooReasonChargeReactionFail(ctx.printedText(row.type), ctx.printedText(cell.text)),
                              "Charge Reaction"});
    ctx.tally(results::ChargeReactionTally::passed, passed);
    ctx.tally(results::ChargeReactionTally::reaction, reaction);
    tallyUnit<results::ChargeReactionTally>(ctx, u);
    if (!out) return;
    write(*out, results::ChargeReactionResult{passed, std::string(said(cell.text)), reaction, outcome(u), choice});
  }

 private:
  const Inputs in_;
  Unit unit_;
  const printed::ChargeReactionTableRow* row_ = nullptr;
};

}  // namespace
}  // namespace grapeshot::waterloo

GRAPESHOT_PROCEDURES(battles_of_waterloo, {"morale", grapeshot::bindTyped<grapeshot::waterloo::Morale>},
                     {"square", grapeshot::bindTyped<grapeshot::waterloo::Square>},
                     {"charge-reaction", grapeshot::bindTyped<grapeshot::waterloo::ChargeReaction>});
