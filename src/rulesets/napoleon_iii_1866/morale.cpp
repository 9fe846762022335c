// Morale and rally tests (seed 000 "Common morale test modifiers", "For the rally tests only").
#include "core/error.h"
#include "napoleon.h"

namespace grapeshot::napoleon1866 {

int protection(const Context& ctx, const Json& hex) {
  int best = 1;
  for (const char* key : {"terrain", "settlement"}) {
    const std::string& id = hex.at(key).get_ref<const std::string&>();
    for (const auto& row : ctx.table("terrain").at("rows"))
      if (row.at("id") == id && row.contains("protection")) best = std::max(best, row.at("protection").get<int>());
  }
  return best;
}

bool lightTroopCover(const Json& hex) {
  return hex.at("terrain") == "woods" || hex.at("settlement") != "none";
}

Json moraleTest(Context& ctx, const Json& unit, const MoraleSituation& s, const std::string& who, bool& passed) {
  const std::string subject = (s.rally ? "rally test of " : "morale test of ") + who;
  const std::string table = "moraleModifiers";
  Modifiers target(ctx, "moraleModifier", subject);
  target.entry(table, "morale", unit.at("morale").get<int>());
  if (protection(ctx, *s.hex) >= 2) target.entry(table, "protection", 1, "V-16");
  if (s.stackedWithCommander) target.entry(table, "stackedWithCommander");
  if (unit.at("prussianGuard").get<bool>()) target.entry(table, "prussianGuard");
  // V-25: "town, village or wood" takes a city as a town (there is no separate village terrain).
  if (unit.at("lightTroops").get<bool>() && lightTroopCover(*s.hex))
    target.entry(table, "lightTroopsInCover", 1, s.hex->at("settlement") == "city" ? "V-25" : "");
  if (unit.at("type") == "artillery" && unit.at("nationality") == "austrian") target.entry(table, "austrianArtillery");
  target.entry(table, "perStepLoss", unit.at("stepsLost").get<int>());
  if (s.enemyOnFlank) target.entry(table, "enemyOnFlank");
  if (unit.at("outOfCommand").get<bool>()) target.entry(table, "outOfCommand");
  if (unit.at("formationDemoralised").get<bool>()) target.entry(table, "formationDemoralised");
  if (s.rally) {
    if (s.commanderAdjacent) target.entry("rallyModifiers", "commanderAdjacent");
    if (s.enemyArtilleryInRange) target.entry("rallyModifiers", "enemyArtillery");
  }
  target.add(s.extraDrm, "extra modifier (rules outside the excerpt)", "input");

  const bool rollUnder = ctx.option<std::string>("V05_mode") == "roll_under";
  const int natural = rollUnder ? ctx.rollCheckUnder(kD6, subject, target.total())
                                : ctx.rollCheckOver(kD6, subject, 7 - target.total());
  passed = rollUnder ? natural <= target.total() : natural + target.total() >= 7;
  const std::string how = rollUnder ? "d6 " + std::to_string(natural) + (passed ? " <= " : " > ") +
                                          std::to_string(target.total())
                                    : "d6 " + std::to_string(natural) + " + " + std::to_string(target.total()) +
                                          (passed ? " >= 7" : " < 7");
  GS_TRACE(ctx, Json{{"kind", "check"}, {"for", subject}, {"natural", natural}, {"target", target.total()},
                 {"passed", passed}, {"reason", how}, {"ref", "V-05"}});
  return Json{{"target", target.total()}, {"natural", natural}, {"passed", passed}, {"rule", how}};
}

void checkUnit(const Json& unit, const std::string& path) {
  const std::string type = unit.value("type", "infantry");
  if (unit.value("heavyCavalry", false) && type != "cavalry")
    throw RequestError(code::kConflictingFields, "the heavy cavalry flag is for cavalry, and this unit is " + type,
                       path + "/heavyCavalry");
  if (unit.value("lightTroops", false) && type == "artillery")
    throw RequestError(code::kConflictingFields, "artillery cannot be light troops", path + "/lightTroops");
  if (unit.contains("steps") && unit.at("stepsLost").get<int>() >= unit.at("steps").get<int>())
    throw RequestError(code::kConflictingFields,
                       "steps lost (" + std::to_string(unit.at("stepsLost").get<int>()) +
                           ") reach the unit's step value (" + std::to_string(unit.at("steps").get<int>()) +
                           "): the unit is already eliminated",
                       path + "/stepsLost");
}

UnitState::UnitState(const Json& in, std::size_t i)
    : unit(&in),
      index(i),
      disorganized(in.at("disorganized").get<bool>()),
      stepsLost(in.at("stepsLost").get<int>()),
      steps(in.value("steps", 0)) {}

void loseStep(Context& ctx, UnitState& u, const std::string& who) {
  if (u.eliminated) return;
  ++u.stepsLost;
  ++u.stepsLostNow;
  u.events.push_back("stepLoss");
  if (u.steps > 0 && u.stepsLost >= u.steps) {
    u.eliminated = true;
    u.events.push_back("eliminated");
    GS_RULING(ctx, "V-26", who + " has lost its last step (" + std::to_string(u.steps) + "): eliminated");
  }
}

void disorganize(Context& ctx, UnitState& u, const std::string& who) {
  if (u.eliminated) return;
  if (u.disorganized) {
    GS_TRACE(ctx, Json{{"kind", "result"}, {"for", who}, {"reason", "already disorganized: loses 1 step instead"},
                   {"ref", "V-07"}});
    loseStep(ctx, u, who);
  } else {
    u.disorganized = true;
    u.events.push_back("disorganized");
  }
}

namespace {

Json unitAfter(const UnitState& u) {
  Json r{{"morale", u.unit->at("morale")}, {"disorganized", u.disorganized}, {"stepsLost", u.stepsLost}};
  if (u.steps > 0) r["eliminated"] = u.eliminated;
  return r;
}

Json test(Context& ctx, bool rally) {
  const Json& unit = ctx.in.at("unit");
  checkUnit(unit, "/unit");
  MoraleSituation s;
  s.hex = &ctx.in;
  s.stackedWithCommander = ctx.in.at("stackedWithCommander").get<bool>();
  s.enemyOnFlank = ctx.in.at("enemyOnFlank").get<bool>();
  s.rally = rally;
  s.extraDrm = ctx.in.at("extraDrm").get<int>();
  if (rally) {
    s.commanderAdjacent = ctx.in.at("commanderAdjacent").get<bool>();
    s.enemyArtilleryInRange = ctx.in.at("enemyArtilleryInRange").get<bool>();
  }
  bool passed = false;
  Json report = moraleTest(ctx, unit, s, "the unit", passed);
  UnitState u(unit, 0);
  std::string effect;
  if (rally) {
    // V-19: a pass removes disorganization; a failure changes nothing.
    if (passed && u.disorganized) {
      u.disorganized = false;
      u.events.push_back("rallied");
      effect = "rallied: disorganization removed";
    } else {
      effect = passed ? "passed (the unit was not disorganized)" : "failed: stays disorganized";
    }
    if (!passed) GS_RULING(ctx, "V-19", "a failed rally test has no further effect");
  } else if (passed) {
    effect = "passed: no effect";
  } else {
    GS_RULING(ctx, "V-06", "a failed morale test disorganizes the unit");
    disorganize(ctx, u, "the unit");
    effect = u.eliminated     ? "failed: already disorganized, loses its last step (V-07): eliminated"
             : u.stepsLostNow ? "failed: already disorganized, loses 1 step (V-07)"
                              : "failed: disorganized";
  }
  ctx.tally("passed", passed);
  ctx.tally("final", std::string(u.eliminated ? "eliminated" : u.disorganized ? "disorganized" : "in good order") +
                         (u.stepsLostNow ? ", -" + std::to_string(u.stepsLostNow) + " step" : ""));
  ctx.tally("stepsLost", u.stepsLostNow);
  report["effect"] = effect;
  report["events"] = u.events;
  report["unit"] = unitAfter(u);
  report["summary"] = std::string(rally ? "Rally test" : "Morale test") + ": " + report.at("rule").get<std::string>() +
                      ", " + effect + ".";
  return report;
}

Json morale(Context& ctx) { return test(ctx, false); }
Json rally(Context& ctx) { return test(ctx, true); }

}  // namespace
}  // namespace grapeshot::napoleon1866

GRAPESHOT_PROCEDURES(napoleon_iii_1866, {"morale", grapeshot::napoleon1866::morale},
                     {"rally", grapeshot::napoleon1866::rally});
