// Fire combat (seed 002 "FIRE COMBAT TABLE", its Column Shifts, Die Roll Modifiers, Grand Battery Fire,
// Fire Results and Leader Casualties; rules-notes 2.3.6, 2.5 and rulings W-03, W-05…W-11, W-20).
#include <algorithm>
#include <tuple>

#include "core/error.h"
#include "crm.h"
#include "battles_of_waterloo_printed.h"
#include "battles_of_waterloo_tables.h"

namespace grapeshot::waterloo {
namespace tables = ::grapeshot::tables::battles_of_waterloo;  // the ids of tables.json (generated)
namespace printed = ::grapeshot::printed::battles_of_waterloo;  // tables.json as typed constants (generated)
// Every code the Fire Combat Table prints, and every code its patches write, decodes (the Fire
// Results key): checked when this file compiles.
static_assert(decodesAll(printed::gridData(printed::kGrids, tables::fire.id)));
namespace {

using inputs::Nationality;
using inputs::StackedWith;
using Terrain = inputs::FireTerrain;
using Slope = inputs::FireSlope;
using printed::Text;
using printed::Value;

// The printed SP threshold of "Massed Target (6 or More SPs, or Square)", transcribed as data.
constexpr int kMassedMinSps = *printed::byId(printed::fireColumnShifts.entries, tables::fireColumnShifts.massedTarget.id).minSps;
// Grand Battery Fire: the firer's strength multiplied by the printed factor (x3).
constexpr const auto& kGrandBattery = printed::byId(printed::grandBattery.entries, tables::grandBattery.grandBattery.id);

// The row of the FIRE COMBAT TABLE marked L ("9L": if a leader in hex, possible Leader Casualty; W-05).
constexpr int leaderRow() {
  const auto& marks = printed::fire.rowMarks;
  for (std::size_t i = 0; i < marks.size(); ++i)
    if (marks[i].isText() && marks[i].textValue == "L") return printed::fire.rows[i];
  throw std::logic_error("no L row");
}
constexpr int kLeaderRow = leaderRow();

// The firer's scale of columns (tables.json fire.scales): null where the scale prints no column, else
// {label, min, max} (no max on the last), or {label, shiftOnly} for "<1*". The data mixes nulls and
// objects there, so the columns are Values.
const printed::List<Value>& scaleColumns(const std::string& scale) {
  return *printed::find(printed::fire.scales, scale);
}
const Value* member(const Value& column, Text key) { return printed::find(column.asObject(), key); }  // nullptr: none

// The column the firer's strength gives on its scale (W-08: "<1*" is never chosen by strength).
int baseColumn(const std::string& scale, int strength) {
  const printed::List<Value>& columns = scaleColumns(scale);
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const Value& col = columns[c];
    const Value* shiftOnly = member(col, "shiftOnly");
    if (col.isNull() || (shiftOnly && shiftOnly->flag)) continue;
    const Value* max = member(col, "max");
    if (strength >= member(col, "min")->integerValue && (!max || strength <= max->integerValue))
      return static_cast<int>(c);
  }
  throw std::logic_error("no fire column for strength " + std::to_string(strength));
}

// The rightmost column printed on the firer's scale; infantry may reach the artillery-only columns
// with option W07_inf_full_width.
int lastColumn(const std::string& scale, bool infantryFullWidth) {
  const printed::List<Value>& columns = scaleColumns(scale);
  int last = 0;
  for (std::size_t c = 0; c < columns.size(); ++c)
    if (!columns[c].isNull()) last = static_cast<int>(c);
  if (scale == "infantry" && infantryFullWidth) return static_cast<int>(columns.size()) - 1;
  return last;
}

// The column's label on the firer's scale ("5-6" for infantry where the artillery header prints "4-6");
// the artillery-only columns keep the artillery header (W-07 option).
std::string columnLabel(Context& ctx, const std::string& scale, int column) {
  const Value& col = scaleColumns(scale)[static_cast<std::size_t>(column)];
  return col.isNull() ? ctx.grid(tables::fire).columnLabel(column) : std::string(member(col, "label")->textValue);
}

// Read and checked once per request; `play` is the fire procedure of the chart, once per dice sequence.
class Fire final : public Play {
 public:
  using Inputs = inputs::FireInputs;
  using Options = inputs::Options;
  Fire(const Ruleset&, const Inputs& in, const Options& options, const Errata& errata)
      : in_(in),
        top_(readUnit(in.target, options, "/target", msg::battlesOfWaterlooReasonTopUnit())),
        infantryFullWidth_(options.W07_inf_full_width),
        natural9_(options.W05_natural9),
        table_(errata.grid(tables::fire)),
        leaderBands_(readBands(printed::leaderCasualties)) {
    // The Leader Casualty roll is banded: exact odds branch once per band, not once per face.
    for (const auto& b : leaderBands_)
      if (leaderCuts_.count < 4 && b.min && *b.min > kD10.low) leaderCuts_.cuts[leaderCuts_.count++] = *b.min;
    const inputs::FireFirer& firer = in.firer;
    const bool artillery = firer.type == inputs::FireScale::artillery;
    scale_ = artillery ? "artillery" : "infantry";  // Chateau IDS fires as infantry (W-30)
    if (top_.state == State::routed && in.target.stackedWith != StackedWith::none)  // routed units may not stack
      throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorRoutedStacked(),
                         "/target/stackedWith");
    // A square is infantry in good enough order to form it (movement note E; a routed unit is running).
    if (in.target.inSquare && top_.type != Arm::infantry)
      throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorOnlyInfantrySquare(), "/target/inSquare");
    if (in.target.inSquare && top_.state == State::routed)
      throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorRoutedNotInSquare(), "/target/inSquare");
    // Named by the form's titles (ruleset.json), not the request's keys.
    using Title = Message (*)();
    for (const auto& [set, key, title] : {std::tuple<bool, const char*, Title>{firer.grandBattery, "grandBattery", msg::battlesOfWaterlooLabelGrandBattery},
                                          {firer.maximumRange, "maximumRange", msg::battlesOfWaterlooLabelMaximumRange},
                                          {firer.crossesCrest, "crossesCrest", msg::battlesOfWaterlooLabelCrossesCrest}})
      if (!artillery && set)
        throw RequestError(code::kProhibited, msg::battlesOfWaterlooErrorArtilleryFireOnly(title()),
                           pointerJoin("/firer", key));
    fireStrength_ = firer.grandBattery ? firer.strength * kGrandBattery.num / kGrandBattery.den : firer.strength;
    baseColumn_ = baseColumn(scale_, fireStrength_);
    lastColumn_ = lastColumn(scale_, options.W07_inf_full_width);
  }

  void play(Context& ctx, JsonWriter* out) const override {
    const inputs::FireFirer& firer = in_.firer;
    const inputs::FireTarget& target = in_.target;
    const std::string& scale = scale_;
    Unit top = top_;

    // 1. Strength, Grand Battery x3, and the column it reads (both found at bind).
    const int strength = fireStrength_;
    if (firer.grandBattery) {
      const auto& gb = kGrandBattery;
      GS_STEP(ctx, step::Multiplier{words(ctx, msg::battlesOfWaterlooLabelFireStrength()), Fraction{gb.num, gb.den}, Fraction{firer.strength, 1}, Fraction{strength, 1},
                                    step::MultiplierRounding::down, TraceValue::fromData(gb.label), {}, "Grand Battery Fire"});
    }
    const int base = baseColumn_;
    GS_STEP(ctx, step::Column{msg::battlesOfWaterlooReasonFireScale(valueWord(scale)).text(), tables::fire.id, base,
                              TraceValue::fromData(member(scaleColumns(scale)[static_cast<std::size_t>(base)], "label")->textValue),
                              msg::battlesOfWaterlooReasonFireStrength(strength), "FIRE COMBAT TABLE"});

    // 2. Column shifts, summed, then the net capped (W-09).
    Modifiers shifts(ctx, StepKind::columnShift, words(ctx, msg::battlesOfWaterlooLabelFireColumn()));
    const Terrain terrain = target.terrain;
    const bool village = terrain == Terrain::village || terrain == Terrain::builtUpVillage;
    const bool massed = target.inSquare || target.hexStrengthPoints >= kMassedMinSps;
    if (massed && village) GS_NOTE(ctx, msg::battlesOfWaterlooNoteMassedTargetVillage(), "**");
    else if (massed) shifts.entry(tables::fireColumnShifts.massedTarget);
    if (isCavalry(top_.type)) shifts.entry(tables::fireColumnShifts.targetCavalry, 1, "W-39");
    if (top_.state == State::routed) shifts.entry(tables::fireColumnShifts.targetRouted, 1, "W-03");
    if (firer.inBuiltUpVillage) shifts.entry(tables::fireColumnShifts.firerInBuiltUpVillage);
    if (top_.type == Arm::artillery && (target.stackedWith == StackedWith::none || target.stackedWith == StackedWith::artillery))
      shifts.entry(tables::fireColumnShifts.targetArtillery);
    if (firer.state == inputs::ActionState::D_1) shifts.entry(tables::fireColumnShifts.d1Firing);
    if (terrain == Terrain::chateauWalledFarm) {
      // W-10: the 2L is the only terrain shift for fire into a Chateau/Walled Farm.
      shifts.entry(tables::fireColumnShifts.targetChateauWalledFarm, 1, "W-10");
      const bool others = target.slope != Slope::none || firer.crossesCrest;
      if (others) GS_RULING(ctx, "W-10", msg::battlesOfWaterlooRulingChateauNoSlopeOrCrest());
    } else {
      if (terrain == Terrain::woods) shifts.entry(tables::fireColumnShifts.targetWoods);
      if (village) shifts.entry(tables::fireColumnShifts.targetVillage);
      if (target.slope == Slope::upSteepSlope) shifts.entry(tables::fireColumnShifts.targetUpSteepSlope);
      if (target.slope == Slope::downSteepSlope) shifts.entry(tables::fireColumnShifts.targetDownSteepSlope);
      if (firer.crossesCrest) shifts.entry(tables::fireColumnShifts.fireCrossesCrest);
    }
    shifts.add(in_.extraColumnShift, msg::battlesOfWaterlooLabelExtraColumnShift(), "input");
    const int maxNet = printed::fireColumnShifts.maxNet;
    const int netShift = clampTraced(ctx, shifts.total(), -maxNet, maxNet, words(ctx, msg::battlesOfWaterlooLabelMaximumNetColumnShift()), "W-09");

    // 3. Move along the columns, within the firer's scale (W-07, W-08).
    const int last = lastColumn_;
    const int column = std::clamp(base + netShift, 0, last);
    if (column != base + netShift)
      GS_STEP(ctx, step::Clamp{{}, base + netShift, column, 0, last, msg::battlesOfWaterlooReasonScaleEndsThere(valueWord(scale)),
                               base + netShift > last ? "W-07" : "W-08"});
    if (scale == "infantry" && base + netShift > column && !infantryFullWidth_)
      GS_RULING(ctx, "W-07", msg::battlesOfWaterlooRulingInfantryStopsAt9());
    if (column == 0) GS_RULING(ctx, "W-08", msg::battlesOfWaterlooRulingLeftShiftColumn());

    // 4. DRMs, roll, clamp.
    Modifiers drm(ctx, StepKind::drm, words(ctx, msg::battlesOfWaterlooLabelFireRoll()));
    using Scale = inputs::FireScale;
    const Nationality nation = firer.nationality;
    if (firer.type == Scale::infantry && nation == Nationality::angloAllied) drm.entry(tables::fireDrms.angloAlliedInfantryFiring);
    if (firer.type == Scale::chateauIds) drm.entry(tables::fireDrms.chateauIdsFiring, 1, "W-30");
    if (firer.type == Scale::chateauIds && nation == Nationality::angloAllied)
      GS_RULING(ctx, "W-39", msg::battlesOfWaterlooRulingChateauIdsNoAngloAllied());
    if (firer.type == Scale::artillery && nation == Nationality::french) drm.entry(tables::fireDrms.frenchArtilleryFiring);
    if (firer.type == Scale::artillery && nation == Nationality::prussian) drm.entry(tables::fireDrms.prussianArtilleryFiring);
    if (firer.maximumRange) drm.entry(tables::fireDrms.artilleryMaximumRange);
    drm.add(in_.extraDrm, msg::battlesOfWaterlooLabelExtraDrm(), "input");

    const PatchedGrid& table = table_;  // with the patches the options switch on (W-06)
    const int natural = ctx.roll(kD10, words(ctx, msg::battlesOfWaterlooLabelFire()));
    const int modified = clampTraced(ctx, natural + drm.total(), table.firstRow(), table.lastRow(),
                                     words(ctx, msg::battlesOfWaterlooLabelFireRows()), "rules-notes 2.2");
    const printed::Value& cell = table.printedCell(column, modified);
    if (ctx.tracing()) {
      const std::string patch = table.patchRuling(column, modified);
      if (!patch.empty()) GS_RULING(ctx, patch, msg::battlesOfWaterlooRulingPrintedBlankReads(cell.textValue));
    }
    const printed::Text code = cell.isNull() ? printed::Text("-") : cell.textValue;
    const std::string label = ctx.wordy() || out ? columnLabel(ctx, scale, column) : std::string();
    // The printed header is the artillery scale's; the label is the firer's scale's ("5-6" under "4-6").
    // The scale says which of the printed header rows the column is read on (a reader marks it by key).
    GS_STEP(ctx, step::Table{{}, tables::fire.id, column, label, TraceValue::fromData(scale == "artillery" ? "artillery" : "infantry"),
                             table.rowLabel(modified), table.rowIndex(modified),
                             cell.isNull() ? TraceValue() : TraceValue::fromData(code), kD10.name, natural, drm.total(),
                             natural + drm.total(), {}, "FIRE COMBAT TABLE"});
    if (cell.isNull()) GS_RULING(ctx, "W-06", msg::battlesOfWaterlooRulingPrintedBlankNoEffect());

    // 5. Decode the result (Fire Results key).
    const ResultCode result = decodeResultCode(code);
    using T = results::FireTally;
    ctx.tally(T::cell, TraceValue::fromData(code));

    // 6. Apply to the top unit (W-03) through the matrix: its Cohesion is a required input (W-35), and
    // D and step results need no check (W-36).
    if (code != "-") GS_RULING(ctx, "W-03", msg::battlesOfWaterlooRulingTopUnitTakesFire());
    applyResult(ctx, top, result, true, "FIRE COMBAT TABLE");
    ctx.tally(T::final, sameEnum<results::State>(top.state));
    ctx.tally(T::stepsLost, top.stepsLost);
    ctx.tally(T::worsened, worsened(top_.state, top.state));

    // 7. Leader casualty: row 9L (W-05), or a natural 9 with W05_natural9.
    struct {
      bool check = false;  // the row (or the natural roll) called for the Leader Casualty roll
      int natural = 0;
      bool killed = false;
    } leader;
    if (target.leaderInHex) {
      leader.check = (natural9_ ? natural : modified) == kLeaderRow;
      GS_RULING(ctx, "W-05", natural9_ ? msg::battlesOfWaterlooRulingLeaderOnNatural(kLeaderRow)
                                       : msg::battlesOfWaterlooRulingLeaderOnModifiedRow(table.rowLabel(kLeaderRow)));
      if (leader.check) {
        leader.natural = ctx.rollBanded(kD10, words(ctx, msg::battlesOfWaterlooLabelLeaderCasualty()), leaderCuts_);
        const auto& leaderBand = bandFor(printed::leaderCasualties.bands, leaderBands_, leader.natural, "Leader Casualties");
        leader.killed = leaderBand.code == "killed";
        GS_STEP(ctx, step::Band{words(ctx, msg::battlesOfWaterlooLabelLeader()), tables::leaderCasualties.id, leader.natural,
                                leaderBand.max != leaderBand.min ? msg::battlesOfWaterlooReasonBandRange(leaderBand.min, leaderBand.max).text()
                                                                 : std::to_string(leaderBand.min),
                                leaderBand.text ? TraceValue::fromData(*leaderBand.text) : TraceValue(), {}, "Leader Casualties"});
      }
      ctx.tally(T::leaderKilled, leader.killed);
    }
    if (!out) return;

    results::FireResult r;
    r.strength = strength;
    r.scale = scale;
    r.baseColumn = base;
    r.columnShift = netShift;
    r.column = column;
    r.columnLabel = label;
    r.drm = drm.total();
    r.natural = natural;
    r.modified = modified;
    r.row = std::string(said(table.rowLabel(modified)));  // the chart's words in the response's language
    if (!cell.isNull()) r.cell = std::string(code);  // else the printed blank, null (W-06)
    r.result.stepsLost = result.steps;
    r.result.cohesionCheck = result.disorder == 'd';
    r.result.disorder = result.disorder == 'D';
    if (result.disorder == 'd') r.result.checkDrm = result.checkDrm;
    r.target = outcome(top);
    if (target.leaderInHex) {
      r.leader.emplace();
      r.leader->check = leader.check;
      if (leader.check) r.leader->natural = leader.natural, r.leader->killed = leader.killed;
    }
    write(*out, r);
  }

 private:
  const Inputs in_;
  Unit top_;
  const bool infantryFullWidth_, natural9_;  // W07_inf_full_width, W05_natural9
  std::string scale_;
  int fireStrength_ = 0, baseColumn_ = 0, lastColumn_ = 0;  // after Grand Battery; its columns (W-07, W-08)
  PatchedGrid table_;                     // the Fire Combat Table
  std::vector<PrintedBand> leaderBands_;  // Leader Casualties, read once
  Bands leaderCuts_{{}, 0};
};

}  // namespace
}  // namespace grapeshot::waterloo

GRAPESHOT_PROCEDURES(battles_of_waterloo, {"fire", grapeshot::bindTyped<grapeshot::waterloo::Fire>});
