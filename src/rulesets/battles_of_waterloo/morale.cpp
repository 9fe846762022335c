// Cohesion Checks outside the combat tables (seed 002 "Square in Reaction", "Charge Reaction"; rules-notes
// 2.2, 2.3.2, 2.3.5 and rulings W-02, W-11, W-25): the generic check, Square in Reaction, Charge Reaction.

#include "core/error.h"
#include "crm.h"

namespace grapeshot::waterloo {
namespace {

std::string rollText(int natural, int drm) {
  std::string s = "d10 " + std::to_string(natural);
  if (drm != 0) s += (drm > 0 ? " + " : " - ") + std::to_string(std::abs(drm)) + " = " + std::to_string(natural + drm);
  return s;
}

Json finish(Context& ctx, Json out, const Unit& u, const std::string& summary) {
  out["unit"] = unitReport(u);
  out["summary"] = summary;
  ctx.tally("final", name(u.state));
  ctx.tally("stepsLost", u.stepsLost);
  return out;
}

// "the unit loses 1 step and becomes D-1 (disordered)".
std::string after(const Unit& u) { return "the unit " + fate(u); }

// ---- morale: the generic Cohesion Check ----------------------------------------------------------

Json morale(Context& ctx) {
  Unit u = unitFromJson(ctx.in.at("unit"), "/unit", "the unit");
  const int drm = ctx.in.at("drm").get<int>();
  const std::string result = ctx.in.at("result").get<std::string>();
  Json out;
  bool passed = false;
  if (u.state == State::blown && result != "none") {
    // "Combat Results against Blown Cavalry that require a Cohesion Check are automatic instead."
    applyResult(ctx, u, parseResultCode(result), true, "Blown Cavalry");
    out["automatic"] = true;
  } else {
    passed = cohesionCheck(ctx, u.cohesion, drm, u.who());
    if (!passed && result != "none") applyMatrix(ctx, u, result == "d" ? "d/D" : "r/R", "W-11");
  }
  out["passed"] = passed;
  ctx.tally("passed", passed);
  return finish(ctx, out, u,
                std::string(out.value("automatic", false) ? "Blown cavalry: the check is automatic" : passed ? "Cohesion Check passed" : "Cohesion Check failed") +
                    (result == "none" ? "" : ": " + after(u)));
}

// ---- square: Square in Reaction ------------------------------------------------------------------

// The printed number in "Each hex > 2 Cavalry Charged", transcribed as data.
int freeHexes(const Context& ctx) {
  return ctx.entry("squareInReactionModifiers", "hexChargedBeyond2").at("beyond").get<int>();
}

Json square(Context& ctx) {
  Unit u = unitFromJson(ctx.in.at("unit"), "/unit", "the infantry");
  const std::string t = "squareInReactionModifiers";
  Modifiers drm(ctx, StepKind::drm, "Square in Reaction");
  if (ctx.in.at("cavalryBeganAdjacent").get<bool>()) drm.entry(t, "cavalryBeganAdjacent");
  if (ctx.in.at("attackedFrom") == "flank") drm.entry(t, "attackedFromFlank");
  if (ctx.in.at("attackedFrom") == "rear") drm.entry(t, "attackedFromRear");
  if (u.state == State::d1) drm.entry(t, "unitD1");
  if (ctx.in.at("unit").at("elite") != "none") drm.entry(t, "elite");
  if (ctx.in.at("stackedWithLeader").get<bool>()) drm.entry(t, "stackedWithLeader");
  drm.entry(t, "hexChargedBeyond2", std::max(0, ctx.in.at("hexesCharged").get<int>() - freeHexes(ctx)));
  drm.add(ctx.in.at("extraDrm").get<int>(), "extra DRM (rules outside the chart)", "input");

  const int natural = ctx.roll(kD10, "Square in Reaction");
  const int total = natural + drm.total();
  const int over = total - u.cohesion;  // the bands are printed relative to the Cohesion Rating
  const Json* band = nullptr;
  for (const auto& b : ctx.table("squareInReaction").at("bands"))
    if ((b.at("min").is_null() || over >= b.at("min").get<int>()) &&
        (b.at("max").is_null() || over <= b.at("max").get<int>()))
      band = &b;
  if (!band) throw std::logic_error("no Square in Reaction band");
  const bool formed = band->at("passed").get<bool>();
  GS_TRACE(ctx, StepKind::check, Json{{"for", "Square in Reaction"}, {"natural", natural}, {"drm", drm.total()},
                 {"total", total}, {"cohesion", u.cohesion}, {"passed", formed},
                 {"reason", rollText(natural, drm.total()) + ": " + band->at("label").get<std::string>() + " -> " +
                                band->at("text").get<std::string>()},
                 {"ref", "Square in Reaction"}});
  Json out{{"natural", natural}, {"drm", drm.total()}, {"total", total}, {"cohesion", u.cohesion},
           {"band", band->at("label")}, {"formedSquare", formed}};
  std::string summary = band->at("text").get<std::string>();
  if (!formed) {
    const std::string code = band->at("resultCode").get<std::string>();
    out["result"] = code;
    applyResult(ctx, u, parseResultCode(code), true, "Square in Reaction");
    summary += ": " + after(u);
  }
  ctx.tally("formedSquare", formed);
  ctx.tally("band", band->at("code"));
  return finish(ctx, out, u, summary);
}

// ---- charge-reaction -----------------------------------------------------------------------------

Json chargeReaction(Context& ctx) {
  Unit u = unitFromJson(ctx.in.at("unit"), "/unit", "the charged unit");
  const Json& table = ctx.table("chargeReaction");
  const Json* row = nullptr;
  for (const auto& r : table.at("rows"))
    for (const auto& type : r.at("appliesTo"))
      if (type == name(u.type)) row = &r;
  if (!row) throw std::logic_error(std::string("no Charge Reaction row for ") + name(u.type));

  const bool passed = cohesionCheck(ctx, u.cohesion, ctx.in.at("extraDrm").get<int>(), u.who());
  const Json& cell = row->at("cells").at(passed ? 0 : 1);
  Json chosen = cell;
  if (cell.contains("choices")) {
    // Light cavalry: the owner chooses (W-25).
    const std::string choice = ctx.in.at(passed ? "lightCavalryIfPassed" : "lightCavalryIfFailed").get<std::string>();
    for (const auto& c : cell.at("choices")) {
      const bool defends = c.contains("effects") && c.at("effects").at(0) == "defendNormally";
      if ((choice == "defend") == defends) chosen = c;
    }
    GS_RULING(ctx, "W-25", "light cavalry, owner's choice: " + choice);
  }
  std::string reaction;
  if (chosen.contains("resultCode")) {
    reaction = chosen.at("resultCode").get<std::string>();
    applyResult(ctx, u, parseResultCode(reaction), true, "Charge Reaction");
  } else {
    reaction = chosen.at("effects").at(0).get<std::string>();
    if (reaction == "retreat") applyMatrix(ctx, u, "B", "W-25");  // a Retreat is the matrix B, no check
  }
  GS_TRACE(ctx, StepKind::result, Json{{"for", u.who()}, {"reason", row->at("type").get<std::string>() + ", " +
                                                                    (passed ? "pass: " : "fail: ") +
                                                                    cell.at("text").get<std::string>()},
                 {"ref", "Charge Reaction"}});
  ctx.tally("passed", passed);
  ctx.tally("reaction", reaction);
  Json out{{"passed", passed}, {"printed", cell.at("text")}, {"reaction", reaction}};
  const std::string words = reaction == "defendNormally" ? "it defends normally" : reaction == "retreat" ? "it retreats"
                            : "result " + reaction;
  return finish(ctx, out, u, std::string(passed ? "Charge Reaction passed" : "Charge Reaction failed") + ": " + words + "; " +
                                 after(u));
}

}  // namespace
}  // namespace grapeshot::waterloo

GRAPESHOT_PROCEDURES(battles_of_waterloo, {"morale", grapeshot::waterloo::morale},
                     {"square", grapeshot::waterloo::square},
                     {"charge-reaction", grapeshot::waterloo::chargeReaction});
