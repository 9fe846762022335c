// Fire combat (seed 002 "FIRE COMBAT TABLE", its Column Shifts, Die Roll Modifiers, Grand Battery Fire,
// Fire Results and Leader Casualties; rules-notes 2.3.6, 2.5 and rulings W-03, W-05…W-11, W-20).
#include <algorithm>

#include "core/error.h"
#include "crm.h"

namespace grapeshot::waterloo {
namespace {

const char* kShifts = "fireColumnShifts";
const char* kDrms = "fireDrms";

// The printed SP threshold of "Massed Target (6 or More SPs, or Square)", transcribed as data.
int massedThreshold(const Context& ctx) { return ctx.entry(kShifts, "massedTarget").at("minSps").get<int>(); }

// The column the firer's strength gives on its scale (W-08: "<1*" is never chosen by strength).
int baseColumn(Context& ctx, const std::string& scale, int strength) {
  const Json& columns = ctx.table("fire").at("scales").at(scale);
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const Json& col = columns[c];
    if (col.is_null() || col.value("shiftOnly", false)) continue;
    if (strength >= col.at("min").get<int>() && (!col.contains("max") || strength <= col.at("max").get<int>())) {
      GS_TRACE(ctx, StepKind::column, Json{{"for", scale + " scale"}, {"value", static_cast<int>(c)},
                     {"reason", "strength " + std::to_string(strength) + " reads \"" +
                                    col.at("label").get<std::string>() + "\""},
                     {"ref", "FIRE COMBAT TABLE"}});
      return static_cast<int>(c);
    }
  }
  throw std::logic_error("no fire column for strength " + std::to_string(strength));
}

// The rightmost column printed on the firer's scale; infantry may reach the artillery-only columns
// with option W07_inf_full_width.
int lastColumn(Context& ctx, const std::string& scale) {
  const Json& columns = ctx.table("fire").at("scales").at(scale);
  int last = 0;
  for (std::size_t c = 0; c < columns.size(); ++c)
    if (!columns[c].is_null()) last = static_cast<int>(c);
  if (scale == "infantry" && ctx.option<bool>("W07_inf_full_width")) return static_cast<int>(columns.size()) - 1;
  return last;
}

// The column's label on the firer's scale ("5-6" for infantry where the artillery header prints "4-6");
// the artillery-only columns keep the artillery header (W-07 option).
std::string columnLabel(Context& ctx, const std::string& scale, int column) {
  const Json& col = ctx.table("fire").at("scales").at(scale).at(static_cast<std::size_t>(column));
  return col.is_null() ? ctx.grid("fire").columnLabel(column) : col.at("label").get<std::string>();
}

std::string rollText(int natural, int drm) {
  std::string s = "d10 " + std::to_string(natural);
  if (drm != 0) s += (drm > 0 ? " + " : " - ") + std::to_string(std::abs(drm)) + " = " + std::to_string(natural + drm);
  return s;
}

Json fire(Context& ctx) {
  const Json& firer = ctx.in.at("firer");
  const Json& target = ctx.in.at("target");
  const std::string firerType = firer.at("type").get<std::string>();
  const bool artillery = firerType == "artillery";
  const std::string scale = artillery ? "artillery" : "infantry";  // Chateau IDS fires as infantry (W-30)
  const std::string firerState = firer.at("state").get<std::string>();
  Unit top = unitFromJson(target, "/target", "the target's top unit");
  if (top.state == State::routed && target.at("stackedWith") != "none")  // routed units may not stack
    throw RequestError(code::kConflictingFields, "a routed unit may not be stacked with other units",
                       "/target/stackedWith");

  for (const char* key : {"grandBattery", "maximumRange", "crossesCrest"})
    if (!artillery && firer.at(key).get<bool>())
      throw RequestError(code::kProhibited, std::string(key) + " applies to artillery fire only",
                         pointerJoin("/firer", key));

  // 1. Strength, Grand Battery x3.
  int strength = firer.at("strength").get<int>();
  if (firer.at("grandBattery").get<bool>()) {
    const Json& gb = ctx.entry("grandBattery", "grandBattery");
    const int after = strength * gb.at("num").get<int>() / gb.at("den").get<int>();
    GS_TRACE(ctx, StepKind::multiplier, Json{{"for", "fire strength"},
                       {"factor", std::to_string(gb.at("num").get<int>()) +
                                      (gb.at("den").get<int>() == 1 ? "" : "/" + std::to_string(gb.at("den").get<int>()))},
                       {"before", strength}, {"after", after},
                   {"reason", gb.at("label")}, {"ref", "Grand Battery Fire"}});
    strength = after;
  }
  const int base = baseColumn(ctx, scale, strength);

  // 2. Column shifts, summed, then the net capped (W-09).
  Modifiers shifts(ctx, StepKind::columnShift, "fire column");
  const std::string terrain = target.at("terrain").get<std::string>();
  const std::string topType = target.at("type").get<std::string>();
  const std::string topState = target.at("state").get<std::string>();
  const std::string stackedWith = target.at("stackedWith").get<std::string>();
  const bool village = terrain == "village" || terrain == "builtUpVillage";
  const bool massed = target.at("inSquare").get<bool>() ||
                      target.at("hexStrengthPoints").get<int>() >= massedThreshold(ctx);
  if (massed && village) GS_NOTE(ctx, "Massed Target does not apply to units in Village or Built-Up Village", "**");
  else if (massed) shifts.entry(kShifts, "massedTarget");
  if (topType == "lightCavalry" || topType == "heavyCavalry") shifts.entry(kShifts, "targetCavalry", 1, "W-39");
  if (topState == "Routed") shifts.entry(kShifts, "targetRouted", 1, "W-03");
  if (firer.at("inBuiltUpVillage").get<bool>()) shifts.entry(kShifts, "firerInBuiltUpVillage");
  if (topType == "artillery" && (stackedWith == "none" || stackedWith == "artillery"))
    shifts.entry(kShifts, "targetArtillery");
  if (firerState == "D-1") shifts.entry(kShifts, "d1Firing");
  if (terrain == "chateauWalledFarm") {
    // W-10: the 2L is the only terrain shift for fire into a Chateau/Walled Farm.
    shifts.entry(kShifts, "targetChateauWalledFarm", 1, "W-10");
    const bool others = target.at("slope") != "none" || firer.at("crossesCrest").get<bool>();
    if (others) GS_RULING(ctx, "W-10", "target in Chateau/Walled Farm: slope and crest shifts do not apply");
  } else {
    if (terrain == "woods") shifts.entry(kShifts, "targetWoods");
    if (village) shifts.entry(kShifts, "targetVillage");
    if (target.at("slope") == "upSteepSlope") shifts.entry(kShifts, "targetUpSteepSlope");
    if (target.at("slope") == "downSteepSlope") shifts.entry(kShifts, "targetDownSteepSlope");
    if (firer.at("crossesCrest").get<bool>()) shifts.entry(kShifts, "fireCrossesCrest");
  }
  shifts.add(ctx.in.at("extraColumnShift").get<int>(), "extra column shift (rules outside the chart)", "input");
  const int maxNet = ctx.table(kShifts).at("maxNet").get<int>();
  const int netShift = clampTraced(ctx, shifts.total(), -maxNet, maxNet, "maximum net column shift of +/- 2", "W-09");

  // 3. Move along the columns, within the firer's scale (W-07, W-08).
  const int last = lastColumn(ctx, scale);
  const int column = std::clamp(base + netShift, 0, last);
  if (column != base + netShift)
    GS_TRACE(ctx, StepKind::clamp, Json{{"before", base + netShift}, {"after", column}, {"min", 0}, {"max", last},
                   {"reason", "the " + scale + " scale ends there"}, {"ref", base + netShift > last ? "W-07" : "W-08"}});
  if (scale == "infantry" && base + netShift > column && ctx.option<bool>("W07_inf_full_width") == false)
    GS_RULING(ctx, "W-07", "infantry fire stops at the \"9+\" column");
  if (column == 0) GS_RULING(ctx, "W-08", "the \"<1*\" column, reached by a left shift");

  // 4. DRMs, roll, clamp.
  Modifiers drm(ctx, StepKind::drm, "fire roll");
  const std::string nation = firer.at("nationality").get<std::string>();
  if (firerType == "infantry" && nation == "angloAllied") drm.entry(kDrms, "angloAlliedInfantryFiring");
  if (firerType == "chateauIds") drm.entry(kDrms, "chateauIdsFiring", 1, "W-30");
  if (firerType == "chateauIds" && nation == "angloAllied")
    GS_RULING(ctx, "W-39", "Chateau IDS fires on the infantry scale without the Anglo-Allied infantry +1");
  if (artillery && nation == "french") drm.entry(kDrms, "frenchArtilleryFiring");
  if (artillery && nation == "prussian") drm.entry(kDrms, "prussianArtilleryFiring");
  if (firer.at("maximumRange").get<bool>()) drm.entry(kDrms, "artilleryMaximumRange");
  drm.add(ctx.in.at("extraDrm").get<int>(), "extra DRM (rules outside the chart)", "input");

  const Grid& table = ctx.grid("fire");
  const int natural = ctx.roll(kD10, "fire");
  const int modified = clampTraced(ctx, natural + drm.total(), table.firstRow(), table.lastRow(),
                                   "rows are \"-1 or less\" to \"10\"", "rules-notes 2.2");
  const Json cell = table.cell(column, modified, ctx.options);
  const std::string patch = table.patchRuling(column, modified, ctx.options);
  if (!patch.empty()) GS_RULING(ctx, patch, "the printed blank reads \"" + cell.get<std::string>() + "\"");
  const std::string code = cell.is_null() ? "-" : cell.get<std::string>();
  const std::string label = columnLabel(ctx, scale, column);
  // The printed header is the artillery scale's; the label is the firer's scale's ("5-6" under "4-6").
  GS_TRACE(ctx, StepKind::table, Json{{"table", "fire"}, {"column", label}, {"columnIndex", column},
                 {"row", table.rowLabel(modified)}, {"cell", cell}, {"reason", rollText(natural, drm.total())},
                 {"ref", "FIRE COMBAT TABLE"}});
  if (cell.is_null()) GS_RULING(ctx, "W-06", "the printed blank is read as no effect");

  // 5. Decode the result (Fire Results key).
  const ResultCode result = parseResultCode(code);
  Json decoded{{"stepsLost", result.steps}, {"cohesionCheck", result.disorder == 'd'},
               {"disorder", result.disorder == 'D'}};
  if (result.disorder == 'd') decoded["checkDrm"] = result.checkDrm;

  Json out{{"strength", strength}, {"scale", scale}, {"baseColumn", base}, {"columnShift", netShift},
           {"column", column}, {"columnLabel", label}, {"drm", drm.total()},
           {"natural", natural}, {"modified", modified}, {"row", table.rowLabel(modified)}, {"cell", cell},
           {"result", decoded}};
  ctx.tally("cell", code);

  // 6. Apply to the top unit (W-03) through the matrix: its Cohesion is a required input (W-35), and
  // D and step results need no check (W-36).
  std::string summary = "Fire on the " + label + " column, " + rollText(natural, drm.total()) + " (row " +
                        table.rowLabel(modified) + "): " + (code == "-" ? "no effect" : code);
  if (code != "-") GS_RULING(ctx, "W-03", "the top unit of the target hex takes the fire result");
  applyResult(ctx, top, result, true, "FIRE COMBAT TABLE");
  out["target"] = unitReport(top);
  ctx.tally("final", name(top.state));
  ctx.tally("stepsLost", top.stepsLost);
  if (code != "-") summary += "; the target's top unit " + fate(top);

  // 7. Leader casualty: row 9L (W-05), or a natural 9 with W05_natural9.
  if (target.at("leaderInHex").get<bool>()) {
    const Json& marks = ctx.table("fire").at("rowMarks");
    const int row = modified - table.firstRow();
    const bool natural9 = ctx.option<bool>("W05_natural9");
    const int markedRow = [&] {
      for (std::size_t i = 0; i < marks.size(); ++i)
        if (marks[i] == "L") return table.firstRow() + static_cast<int>(i);
      throw std::logic_error("no L row");
    }();
    const bool triggered = natural9 ? natural == markedRow : marks.at(static_cast<std::size_t>(row)) == "L";
    GS_RULING(ctx, "W-05", natural9 ? "leader casualty on a natural " + std::to_string(markedRow)
                                : "leader casualty on the modified row " + table.rowLabel(markedRow));
    Json leader{{"check", triggered}};
    if (triggered) {
      const Json& bandTable = ctx.table("leaderCasualties").at("bands");
      Bands bands{{}, 0};
      for (const auto& b : bandTable)
        if (bands.count < 4 && b.at("min").get<int>() > kD10.low) bands.cuts[bands.count++] = b.at("min").get<int>();
      const int die = ctx.rollBanded(kD10, "Leader Casualty", bands);
      std::string outcome;
      for (const auto& b : bandTable)
        if (die >= b.at("min").get<int>() && die <= b.at("max").get<int>()) outcome = b.at("code").get<std::string>();
      leader["natural"] = die;
      leader["killed"] = outcome == "killed";
      GS_TRACE(ctx, StepKind::check, Json{{"for", "leader"}, {"natural", die}, {"passed", outcome != "killed"},
                     {"reason", outcome == "killed" ? "the leader has been killed and is removed from play"
                                                    : "the leader survives"},
                     {"ref", "Leader Casualties"}});
      summary += outcome == "killed" ? "; the leader is killed" : "; the leader survives";
    }
    ctx.tally("leaderKilled", leader.value("killed", false));
    out["leader"] = leader;
  }
  out["summary"] = summary;
  return out;
}

}  // namespace
}  // namespace grapeshot::waterloo

GRAPESHOT_PROCEDURES(battles_of_waterloo, {"fire", grapeshot::waterloo::fire});
