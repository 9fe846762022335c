// Rally (seed 002 "Rallying Routed Units", "Rallying D-1/D-2 Units", "Rally Modifiers") and Leaving
// Square ("Leaving Square" and its Modifiers); rules-notes 2.3.3, 2.3.4, rulings W-01, W-02, W-23, W-27.
#include <cstdlib>

#include "core/error.h"
#include "crm.h"

namespace grapeshot::waterloo {
namespace {

// A patch of a non-grid table (the core applies only grid patches): on when options[option] == equals.
bool patchOn(const Context& ctx, const Json& patch) {
  return ctx.options.contains(patch.at("option").get<std::string>()) &&
         ctx.options.at(patch.at("option").get<std::string>()) == patch.at("equals");
}

// The bands of a `bands` table with the patches the options switch on; `ruling` gets the patch's ruling.
Json bandsOf(const Context& ctx, const std::string& tableId, std::string& ruling) {
  const Json& t = ctx.table(tableId);
  Json bands = t.at("bands");
  for (const auto& p : t.value("patches", Json::array())) {
    if (!patchOn(ctx, p)) continue;
    ruling = p.at("ruling").get<std::string>();
    for (const auto& change : p.at("bands"))
      for (auto& b : bands)
        if (b.at("code") == change.at("code")) {
          b["min"] = change.at("min");
          b["max"] = change.at("max");
        }
  }
  return bands;
}

// The band holding `value`; open ends (null min/max) absorb values beyond the printed range.
const Json& bandFor(const Json& bands, int value) {
  for (const auto& b : bands)
    if ((b.at("min").is_null() || value >= b.at("min").get<int>()) &&
        (b.at("max").is_null() || value <= b.at("max").get<int>()))
      return b;
  throw std::logic_error("no band holds " + std::to_string(value));
}

// A modifiers entry's value with the patches the options switch on; `ruling` gets the patch's ruling.
int patchedEntryValue(const Context& ctx, const std::string& tableId, const std::string& entryId,
                      std::string& ruling) {
  int value = ctx.entryValue(tableId, entryId);
  for (const auto& p : ctx.table(tableId).value("patches", Json::array())) {
    if (!patchOn(ctx, p)) continue;
    for (const auto& e : p.at("entries"))
      if (e.at("id") == entryId) {
        value = e.at("value").get<int>();
        ruling = p.at("ruling").get<std::string>();
      }
  }
  return value;
}

std::string signedText(int v) { return (v < 0 ? "- " : "+ ") + std::to_string(std::abs(v)); }

std::string rollText(int natural, int drm) {
  std::string s = "d10 " + std::to_string(natural);
  if (drm != 0) s += " " + signedText(drm) + " = " + std::to_string(natural + drm);
  return s;
}

// ---- rally ---------------------------------------------------------------------------------------

Json rally(Context& ctx) {
  const Json& unit = ctx.in.at("unit");
  const std::string type = unit.at("type").get<std::string>();
  const std::string state = unit.at("state").get<std::string>();
  const bool routed = state == "Routed";
  if (state == "D-2" && type != "infantry")
    throw RequestError(code::kInvalidValue, "only infantry has a D-2 state (Combat Results Matrix)", "/unit/state");
  if (unit.at("inSquare").get<bool>() && type != "infantry")
    throw RequestError(code::kProhibited, "only infantry may form square (movement note E)", "/unit/inSquare");

  const std::string t = "rallyModifiers";
  const std::string who = "the " + std::string(routed ? "routed " : "disordered ") + type;
  Modifiers drm(ctx, StepKind::drm, "rally of " + who);
  if (ctx.in.at("inEnemyZoc").get<bool>()) drm.entry(t, "inEnemyZoc");
  if (unit.at("steps").get<int>() == 1) drm.entry(t, "oneStepRemaining");
  if (!ctx.in.at("inCommand").get<bool>()) drm.entry(t, "notInCommand");
  if (type == "cavalry") drm.entry(t, "cavalry");
  if (unit.at("elite").get<std::string>() != "none") drm.entry(t, "elite");
  if (unit.at("inSquare").get<bool>()) drm.entry(t, "inSquare");
  if (ctx.in.at("adjacentUndisorderedCavalry").get<bool>()) {
    if (routed && type == "infantry") drm.entry(t, "routedInfAdjacentCavalry");
    else GS_NOTE(ctx, "adjacent undisordered cavalry helps only routed infantry", "Rally Modifiers");
  }
  if (ctx.in.at("combatLeader").get<std::string>() != "none") drm.entry(t, "combatLeader");
  if (ctx.in.at("overallCommander").get<std::string>() != "none") drm.entry(t, "overallCommander");
  if (ctx.in.at("blucherWithin2").get<bool>()) {
    if (unit.at("nationality") == "prussian") drm.entry(t, "prussianNearBlucher");
    else GS_NOTE(ctx, "Blücher helps only Prussian units", "Rally Modifiers");
  }
  drm.add(ctx.in.at("extraDrm").get<int>(), "extra DRM (rules outside the chart)", "input");

  const int natural = ctx.roll(kD10, "rally of " + who);  // one d10 read 0-9 (W-01)
  const int total = natural + drm.total();
  std::string ruling;
  Json result{{"natural", natural}, {"drm", drm.total()}, {"total", total}, {"oldState", state}};

  if (routed) {
    const Json bands = bandsOf(ctx, "rallyRouted", ruling);
    const Json& band = bandFor(bands, total);
    if (total < 0 || total > 9)
      GS_NOTE(ctx, "modified roll " + std::to_string(total) + " is read on the end band " +
                   band.at("label").get<std::string>(),
               "rules-notes 2.3.4");
    const std::string code = band.at("code").get<std::string>();
    const std::string newState = code == "rallied" ? "Normal" : code == "D-1" ? "D-1" : "Routed";
    GS_TRACE(ctx, StepKind::band, Json{{"for", who}, {"total", total}, {"band", band.at("label")},
                   {"reason", rollText(natural, drm.total()) + ": " + band.at("text").get<std::string>()},
                   {"ref", "Rallying Routed Units"}});
    result["band"] = band.at("label");
    result["code"] = code;
    result["text"] = band.at("text");
    // W-40: only 0-1 rallies (marker removed); 2-6 leaves the unit D-1, no longer routed but not rallied.
    result["rallied"] = code == "rallied";
    result["noLongerRouted"] = code != "routRetreat";
    if (code == "D-1") GS_RULING(ctx, "W-40", who + ": band 2-6 — no longer routed, becomes D-1; not rallied");
    result["newState"] = newState;
    result["routRetreat"] = code == "routRetreat";
    result["summary"] = rollText(natural, drm.total()) + " on Rallying Routed Units, band " +
                        band.at("label").get<std::string>() + ": " + band.at("text").get<std::string>();
    ctx.tally("band", code);
  } else {
    const int cohesion = unit.at("cohesion").get<int>();
    const Json bands = bandsOf(ctx, "rallyDisordered", ruling);
    const Json& band = bandFor(bands, total - cohesion);  // bands relative to the Cohesion rating
    const bool passed = band.at("code") == "removeDisorder";
    const bool le = ctx.option<bool>("W02_rally_le");
    const std::string comparison = passed ? (le ? " <= " : " < ") : (le ? " > " : " >= ");
    const std::string how = rollText(natural, drm.total()) + comparison + "Cohesion " + std::to_string(cohesion) +
                            ": " + band.at("text").get<std::string>();
    GS_RULING(ctx, "W-02", le ? "option W02_rally_le: a D-1/D-2 unit rallies on modified roll <= Cohesion"
                          : "as printed, a D-1/D-2 unit rallies only on modified roll < Cohesion");
    GS_TRACE(ctx, StepKind::check, Json{{"for", who}, {"natural", natural}, {"drm", drm.total()}, {"total", total},
                   {"cohesion", cohesion}, {"passed", passed}, {"reason", how}, {"ref", "W-02"}});
    std::string newState = state;
    if (passed) {
      newState = "Normal";
      if (state == "D-2" && ctx.option<bool>("W27_one_level")) {
        newState = "D-1";
        GS_RULING(ctx, "W-27", "option W27_one_level: Remove Disorder lifts a D-2 unit one level, to D-1");
      } else if (state == "D-2") {
        GS_RULING(ctx, "W-27", "Remove Disorder removes the D-2 marker entirely: the unit is Normal");
      }
    }
    result["cohesion"] = cohesion;
    result["band"] = band.at("label");
    result["code"] = band.at("code");
    result["text"] = band.at("text");
    result["rallied"] = passed;
    result["newState"] = newState;
    result["routRetreat"] = false;
    result["summary"] = how + (passed ? " (" + state + " -> " + newState + ")" : "");
    ctx.tally("passed", passed);
  }
  ctx.tally("newState", result.at("newState"));
  ctx.tally("rallied", result.at("rallied"));  // the headline odds of ruleset.json
  return result;
}

// ---- leave-square --------------------------------------------------------------------------------

Json leaveSquare(Context& ctx) {
  const Json& unit = ctx.in.at("unit");
  const std::string state = unit.at("state").get<std::string>();
  const int cohesion = unit.at("cohesion").get<int>();
  const std::string t = "leavingSquareModifiers";

  Modifiers drm(ctx, StepKind::drm, "leaving square");
  if (ctx.in.at("inEnemyZoc").get<bool>()) drm.entry(t, "inEnemyZoc");
  if (state == "D-1" || state == "D-2") {
    // W-23: the printed pair (D-2 +1, D-1 +2) looks transposed; W23_swap exchanges them.
    std::string ruling;
    const std::string id = state == "D-1" ? "unitD1" : "unitD2";
    const int v = patchedEntryValue(ctx, t, id, ruling);
    drm.add(v, ctx.entry(t, id).at("label").get<std::string>(), ruling.empty() ? "Leaving Square" : ruling);
    if (ruling.empty()) GS_RULING(ctx, "W-23", "as printed: Unit is D-2 +1, Unit is D-1 +2");
  }
  if (ctx.in.at("stackedWithLeader").get<bool>()) drm.entry(t, "stackedWithLeader");
  drm.add(ctx.in.at("extraDrm").get<int>(), "extra DRM (rules outside the chart)", "input");

  // "Cohesion Check Result <= Cohesion Rating": an ordinary Cohesion Check (W-02).
  const bool passed = cohesionCheck(ctx, cohesion, drm.total(), "the square");
  std::string unused;
  const Json bands = bandsOf(ctx, "leavingSquare", unused);
  const Json* band = nullptr;
  for (const auto& b : bands)
    if (b.at("passed").get<bool>() == passed) band = &b;

  Unit u;
  u.setWho("the square");
  u.type = Arm::infantry;  // only infantry forms square (note E)
  u.state = readEnum<State>(Json(state), kStateNames);
  u.cohesion = cohesion;
  if (!passed) {
    // "Become Disordered": read as a D result on the Combat Results Matrix (Normal -> D-1, D-1 -> D-2,
    // D-2 -> Unit Routs); otherwise the D-1/D-2 DRMs above could never change anything.
    if (state == "D-2")
      GS_RULING(ctx, "W-39", "Become Disordered on a D-2 unit: the d/D column of the Combat Results Matrix (it routs)");
    else
      GS_NOTE(ctx, "Become Disordered: the unit suffers the d/D column of the Combat Results Matrix", "Leaving Square");
    applyMatrix(ctx, u, "d/D", "Leaving Square");
  }
  const std::string newState = name(u.state);
  ctx.tally("passed", passed);
  ctx.tally("newState", newState);
  return Json{{"drm", drm.total()},
              {"cohesion", cohesion},
              {"passed", passed},
              {"text", band->at("text")},
              {"leftSquare", true},
              {"oldState", state},
              {"newState", newState},
              {"routRetreat", u.routRetreat},
              {"events", eventsJson(u.events)},
              {"summary", band->at("text").get<std::string>() + (passed ? "" : " (" + state + " -> " + newState + ")")}};
}

}  // namespace
}  // namespace grapeshot::waterloo

GRAPESHOT_PROCEDURES(battles_of_waterloo, {"rally", grapeshot::waterloo::rally},
                     {"leave-square", grapeshot::waterloo::leaveSquare});
