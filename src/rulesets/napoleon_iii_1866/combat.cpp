// Artillery fire and assault on the Combat Results Table (seed 000; rules-notes §1.4, V-03…V-15).
#include <algorithm>
#include <climits>
#include <vector>

#include "core/error.h"
#include "napoleon.h"

namespace grapeshot::napoleon1866 {
namespace {

const char* meaning(const std::string& cell) {
  if (cell == "T") return "morale test";
  if (cell == "D") return "disorganization";
  if (cell == "D+1") return "disorganization + 1 step loss";
  return "nothing";
}

// Strength -> column: sum, divide by protection (round down, V-03/V-04), shift, clamp; columns
// beyond 8 become +1 DRM each (printed DRM).
struct Column {
  int index;
  int excess;
};

int sumCombatValues(Context& ctx, const Json& units, const std::string& who, const std::string& ref) {
  int sum = 0;
  for (const auto& u : units) sum += u.at("combatValue").get<int>();
  GS_TRACE(ctx, Json{{"kind", "strength"}, {"for", who}, {"value", sum}, {"reason", "sum of combat values"}, {"ref", ref}});
  return sum;
}

int divideByProtection(Context& ctx, int strength, int protection, const std::string& who, const std::string& why) {
  const int after = strength / protection;
  GS_TRACE(ctx, Json{{"kind", "division"}, {"for", who}, {"before", strength}, {"divisor", protection}, {"after", after},
                 {"rounding", "down"}, {"reason", why}, {"ref", "V-03, V-04"}});
  return after;
}

Column readColumn(Context& ctx, int base, int shift, const std::string& who) {
  const int raw = base + shift;
  Column c{std::clamp(raw, 0, 8), std::max(0, raw - 8)};
  if (raw < 0)
    GS_TRACE(ctx, Json{{"kind", "clamp"}, {"for", who}, {"before", raw}, {"after", 0}, {"min", 0}, {"max", 8},
                   {"reason", "columns below 0 are read on \"0 and -\""}, {"ref", "Combat Results Table"}});
  if (raw > 8)
    GS_TRACE(ctx, Json{{"kind", "clamp"}, {"for", who}, {"before", raw}, {"after", 8}, {"min", 0}, {"max", 8},
                   {"reason", "columns above 8 are read on 8, +1 DRM each"}, {"ref", "Die roll modifiers"}});
  return c;
}

// Level column modifiers (V-11): the smallest difference decides; a higher attacker gives +1
// unless it attacks across a steep slope. `mirror` reads them from the defender's side (V-09 option).
void levelShifts(Context& ctx, Modifiers& shifts, int defenderLevel, const Json& attackers, bool mirror) {
  int smallest = INT_MAX;  // min over attackers of (target level - shooter level)
  bool higherShooter = false, higherOnlyAcrossSteep = true;
  for (const auto& a : attackers) {
    const int d = mirror ? a.at("level").get<int>() - defenderLevel : defenderLevel - a.at("level").get<int>();
    smallest = std::min(smallest, d);
    if (d < 0) {
      higherShooter = true;
      if (!a.at("steepSlope").get<bool>()) higherOnlyAcrossSteep = false;
    }
  }
  if (smallest > 0) shifts.entry("columnModifiers", "defenderHigher", smallest, "V-11");
  else if (higherShooter && !higherOnlyAcrossSteep) shifts.entry("columnModifiers", "defenderLower", 1, "V-11");
  else if (higherShooter) GS_NOTE(ctx, "defender lower, but across a steep slope: 0 column", "V-11");
}

struct Roll {
  int natural;
  int modified;
  std::string cell;
};

Roll rollOnTable(Context& ctx, const Column& col, int drm, const std::string& purpose) {
  Roll r;
  r.natural = ctx.roll(kD6, purpose);
  const Grid& crt = ctx.grid("combat");
  const int total = r.natural + drm;
  r.modified = clampTraced(ctx, total, crt.firstRow(), crt.lastRow(), "rows are \"0 -\" to \"6 +\"", "V-02");
  r.cell = crt.cell(col.index, r.modified, ctx.options).get<std::string>();
  GS_TRACE(ctx, Json{{"kind", "table"}, {"for", purpose}, {"table", "combat"}, {"column", col.index},
                 {"row", crt.rowLabel(r.modified)}, {"cell", r.cell},
                 {"reason", std::string("d6 ") + std::to_string(r.natural) + (drm >= 0 ? " + " : " - ") +
                                std::to_string(std::abs(drm)) + " = " + std::to_string(total)}});
  return r;
}

Json rollReport(const Grid& crt, const Column& col, int shift, int base, int drm, const Roll& r, int strength,
                int protection) {
  return Json{{"strength", strength}, {"protection", protection}, {"baseColumn", base}, {"columnShift", shift},
              {"column", col.index}, {"columnLabel", crt.columnLabel(col.index)}, {"drm", drm},
              {"natural", r.natural}, {"modified", r.modified}, {"row", crt.rowLabel(r.modified)},
              {"cell", r.cell}, {"meaning", meaning(r.cell)}};
}

bool commanderApplies(const Context& ctx, const Json& commander) {
  const std::string pos = commander.at("position").get<std::string>();
  const std::string range = ctx.option<std::string>("V13_range");
  if (pos == "none") return false;
  if (pos == "stacked") return true;
  if (pos == "adjacent") return range != "stacked";
  return range == "commandRange";
}

void commanderBonus(Context& ctx, Modifiers& drm, const Json& side) {
  const Json& c = side.at("commander");
  const int bonus = c.at("bonus").get<int>();
  if (bonus == 0) return;
  if (commanderApplies(ctx, c)) drm.entry("dieRollModifiers", "commanderBonus", bonus, "V-13");
  else GS_NOTE(ctx, "formation commander " + c.at("position").get<std::string>() + ": no bonus under V13_range = " +
                    ctx.option<std::string>("V13_range"), "V-13");
}

template <typename Pred>
bool any(const Json& units, Pred p) {
  return std::any_of(units.begin(), units.end(), p);
}

bool isArtillery(const Json& u) { return u.at("type") == "artillery"; }
bool isHeavyCavalry(const Json& u) { return u.at("type") == "cavalry" && u.at("heavyCavalry").get<bool>(); }
bool isLight(const Json& u) { return u.at("lightTroops").get<bool>(); }
int stepsLost(const Json& units) {
  int n = 0;
  for (const auto& u : units) n += u.at("stepsLost").get<int>();
  return n;
}

// The unit that takes the hex's single +1 step under V21_step_per_hex: the owner names it
// (`stepLossUnit`, an index into the side's units; default the first listed).
std::size_t stepLossUnit(const Json& side, const Json& units, const std::string& path) {
  const int i = side.at("stepLossUnit").get<int>();
  if (!units.empty() && static_cast<std::size_t>(i) >= units.size())
    throw RequestError(code::kConflictingFields,
                       "stepLossUnit " + std::to_string(i) + " names no unit of the hex (it has " +
                           std::to_string(units.size()) + ")",
                       path + "/stepLossUnit");
  return static_cast<std::size_t>(i);
}

// Applies a CRT code to every unit in the hex (V-06, V-21): each is disorganized (V-07: an already
// disorganized one loses a step instead) and, on D+1, each loses 1 step — V-08 per unit: a
// disorganized unit hit by D+1 loses 2 steps, or 1 with V08_double_loss off. With V21_step_per_hex
// the +1 step is taken once, by the unit the owner names (`stepUnit`). A T is a morale test for each
// unit, with every morale modifier the unit itself carries (its enemyOnFlank included); its morale is
// a required input (W-35), so no roll can leave a test unresolved. Losses stop at a unit's step
// value, which eliminates it (V-26).
Json applyResult(Context& ctx, const std::string& cell, const Json& units, const std::vector<MoraleSituation>& situations,
                 const std::string& side, std::size_t stepUnit) {
  const bool plusOne = cell == "D+1";
  const bool perHex = ctx.option<bool>("V21_step_per_hex");
  const bool doubleLoss = ctx.option<bool>("V08_double_loss");
  if (plusOne && units.size() > 1) {
    if (perHex)
      GS_RULING(ctx, "V-21", side + " unit " + std::to_string(stepUnit + 1) +
                             " takes the hex's +1 step, named by its owner (V21_step_per_hex)");
    else
      GS_RULING(ctx, "V-21", "D+1 applies to every unit in the hex: each is disorganized and loses 1 step");
  }
  Json out = Json::array();
  for (std::size_t i = 0; i < units.size(); ++i) {
    const Json& unit = units[i];
    const std::string who = side + " unit " + std::to_string(i + 1);
    UnitState u(unit, i);
    Json report{{"index", i}};
    if (cell == "T") {
      MoraleSituation situation = situations[i];
      situation.enemyOnFlank = situation.enemyOnFlank || unit.at("enemyOnFlank").get<bool>();
      bool passed = false;
      report["moraleTest"] = moraleTest(ctx, unit, situation, who, passed);
      if (!passed) {
        GS_RULING(ctx, "V-06", who + " failed its morale test: disorganized");
        disorganize(ctx, u, who);
      }
    } else if (cell == "D" || plusOne) {
      const bool takesPlusOne = plusOne && (!perHex || i == stepUnit);
      const bool wasDisorganized = u.disorganized;
      if (takesPlusOne && wasDisorganized && !doubleLoss) {
        GS_RULING(ctx, "V-08", who + ": D+1 on a disorganized unit costs 1 step only (V08_double_loss off)");
        loseStep(ctx, u, who);
      } else {
        disorganize(ctx, u, who);
        if (takesPlusOne) {
          loseStep(ctx, u, who);
          if (wasDisorganized) GS_RULING(ctx, "V-08", who + ": D+1 on a disorganized unit costs 2 steps");
        }
      }
    }
    report["events"] = u.events;
    report["disorganized"] = u.disorganized;
    report["stepsLost"] = u.stepsLost;
    report["stepsLostNow"] = u.stepsLostNow;
    if (u.steps > 0) report["eliminated"] = u.eliminated;
    out.push_back(std::move(report));
  }
  return out;
}

std::string finalState(const Json& applied) {
  int disorganized = 0, steps = 0, eliminated = 0;
  for (const auto& u : applied) {
    disorganized += u.at("disorganized").get<bool>();
    steps += u.at("stepsLostNow").get<int>();
    eliminated += u.value("eliminated", false);
  }
  std::string s = std::to_string(disorganized) + "/" + std::to_string(applied.size()) + " disorganized";
  if (steps) s += ", -" + std::to_string(steps) + " step" + (steps > 1 ? "s" : "");
  if (eliminated) s += ", " + std::to_string(eliminated) + " eliminated";
  return s;
}

int totalStepsNow(const Json& applied) {
  int n = 0;
  for (const auto& u : applied) n += u.at("stepsLostNow").get<int>();
  return n;
}

// Every unit of a side checked for contradictions before any roll (V-27, V-26); a steep slope
// between two hexes of the same level is a contradiction too (V-27).
void checkUnits(const Json& units, const std::string& path, int otherLevel, const char* steepSlopeWhat) {
  for (std::size_t i = 0; i < units.size(); ++i) {
    const std::string at = pointerJoin(path, i);
    checkUnit(units[i], at);
    if (units[i].value("steepSlope", false) && units[i].at("level").get<int>() == otherLevel)
      throw RequestError(code::kConflictingFields,
                         std::string(steepSlopeWhat) + " a steep slope, but both hexes are at level " +
                             std::to_string(otherLevel) + ": a steep slope is a change of level",
                         at + "/steepSlope");
  }
}

// --- fire ---------------------------------------------------------------------------------------
Json fire(Context& ctx) {
  const Json& firers = ctx.in.at("firers");
  const Json& target = ctx.in.at("target");
  const std::string who = "fire";
  checkUnits(firers, "/firers", target.at("level").get<int>(), "fires down");
  checkUnits(target.at("units"), "/target/units", -1, "");
  const int strength = sumCombatValues(ctx, firers, "firing artillery", "V-03");
  const int prot = protection(ctx, target);
  const int base = divideByProtection(ctx, strength, prot, who, "target hex terrain protection");

  Modifiers shifts(ctx, "columnShift", who);
  shifts.entry("columnModifiers", "perLossLevel", stepsLost(firers), "V-10");
  levelShifts(ctx, shifts, target.at("level").get<int>(), firers, false);
  shifts.entry("columnModifiers", "artilleryFire");
  if (ctx.in.at("night").get<bool>()) shifts.entry("columnModifiers", "night");
  shifts.add(ctx.in.at("extraColumnShift").get<int>(), "extra column shift (rules outside the excerpt)", "input");
  const Column col = readColumn(ctx, base, shifts.total(), who);

  Modifiers drm(ctx, "drm", who);
  drm.entry("dieRollModifiers", "perColumnAbove8", col.excess);
  if (any(firers, [](const Json& f) { return f.at("adjacent").get<bool>(); }))
    drm.entry("dieRollModifiers", "artilleryAdjacent", 1, "V-14");
  GS_NOTE(ctx, "no formation commander bonus for artillery fire", "Die roll modifiers");
  drm.add(ctx.in.at("extraDrm").get<int>(), "extra DRM (rules outside the excerpt)", "input");
  const Roll r = rollOnTable(ctx, col, drm.total(), "fire");

  const Json& units = target.at("units");
  std::vector<MoraleSituation> situations(units.size());
  for (auto& s : situations) s.hex = &target;
  Json applied = applyResult(ctx, r.cell, units, situations, "target", stepLossUnit(target, units, "/target"));
  ctx.tally("cell", r.cell);
  ctx.tally("final", finalState(applied));
  ctx.tally("stepsLost", totalStepsNow(applied));
  Json result = rollReport(ctx.grid("combat"), col, shifts.total(), base, drm.total(), r, strength, prot);
  result["appliesTo"] = "target";
  result["units"] = std::move(applied);
  result["summary"] = "Fire: " + r.cell + " (" + meaning(r.cell) + ") on the target";
  return result;
}

// --- shock (assault): the attack roll and the defensive roll (V-09) ----------------------------
void checkHexsides(const Json& attackers) {
  for (std::size_t i = 0; i < attackers.size(); ++i) {
    const std::string h = attackers[i].at("hexside").get<std::string>();
    const std::string path = "/attacker/units/" + std::to_string(i) + "/hexside";
    if (h == "river")
      throw RequestError(code::kProhibited, "combat across a river is forbidden except through bridges", path);
    if (h == "escarpment")
      throw RequestError(code::kProhibited,
                         "combat across an escarpment is forbidden except bombardment or via road/path/RR track", path);
  }
}

void hexsideShifts(Modifiers& shifts, const Json& attackers) {
  auto across = [&](std::initializer_list<const char*> kinds) {
    return any(attackers, [&](const Json& a) {
      for (const char* k : kinds)
        if (a.at("hexside") == k) return true;
      return false;
    });
  };
  if (across({"riverBridge"})) shifts.entry("columnModifiers", "river");
  if (across({"ravine", "escarpmentRoad"})) shifts.entry("columnModifiers", "ravineOrEscarpment", 1, "V-11");
}

Json shock(Context& ctx) {
  const Json& att = ctx.in.at("attacker");
  const Json& def = ctx.in.at("defender");
  const Json& attackers = att.at("units");
  const Json& defenders = def.at("units");
  checkHexsides(attackers);
  checkUnits(attackers, "/attacker/units", def.at("level").get<int>(), "attacks across");
  checkUnits(defenders, "/defender/units", -1, "");
  const bool night = ctx.in.at("night").get<bool>();
  const bool flank = any(attackers, [](const Json& a) { return a.at("flank").get<bool>(); });
  const bool stream = any(attackers, [](const Json& a) { return a.at("hexside") == "stream"; });
  const Grid& crt = ctx.grid("combat");

  // Attack roll: against the defender's terrain protection.
  const std::string a = "attack roll";
  const int aStrength = sumCombatValues(ctx, attackers, a, "V-03");
  const int prot = protection(ctx, def);
  const int aBase = divideByProtection(ctx, aStrength, prot, a, "defender hex terrain protection");
  Modifiers aShift(ctx, "columnShift", a);
  aShift.entry("columnModifiers", "perLossLevel", stepsLost(attackers), "V-10");
  levelShifts(ctx, aShift, def.at("level").get<int>(), attackers, false);
  hexsideShifts(aShift, attackers);
  if (night) aShift.entry("columnModifiers", "night");
  aShift.add(att.at("extraColumnShift").get<int>(), "extra column shift (rules outside the excerpt)", "input");
  const Column aCol = readColumn(ctx, aBase, aShift.total(), a);

  Modifiers aDrm(ctx, "drm", a);
  aDrm.entry("dieRollModifiers", "perColumnAbove8", aCol.excess);
  commanderBonus(ctx, aDrm, att);
  if (any(attackers, isArtillery)) aDrm.entry("dieRollModifiers", "artilleryAdjacent", 1, "V-14");
  if (any(attackers, isHeavyCavalry)) aDrm.entry("dieRollModifiers", "heavyCavalry", 1, "V-12");
  if (lightTroopCover(def) && any(attackers, isLight)) aDrm.entry("dieRollModifiers", "lightTroops", 1, "V-12");
  if (flank) aDrm.entry("dieRollModifiers", "flankAttack");
  if (stream) aDrm.entry("dieRollModifiers", "stream", 1, "V-15");
  aDrm.add(att.at("extraDrm").get<int>(), "extra DRM (rules outside the excerpt)", "input");
  const Roll aRoll = rollOnTable(ctx, aCol, aDrm.total(), a);

  // Defensive roll: protection 1, the defender's own value halved against a flank attack.
  const std::string d = "defensive roll";
  int dStrength = sumCombatValues(ctx, defenders, d, "V-09");
  if (flank) {
    const int halved = dStrength / 2;
    GS_TRACE(ctx, Json{{"kind", "multiplier"}, {"for", d}, {"factor", "1/2"}, {"before", dStrength}, {"after", halved},
                   {"rounding", "down"}, {"reason", ctx.entry("defenseValueModifiers", "flank").at("label")},
                   {"ref", "V-04"}});
    dStrength = halved;
  }
  const int dBase = divideByProtection(ctx, dStrength, 1, d, "for defensive combat, terrain protection is always 1");
  Modifiers dShift(ctx, "columnShift", d);
  dShift.entry("columnModifiers", "perLossLevel", stepsLost(defenders), "V-10");
  if (ctx.option<bool>("V09_mirror_terrain")) {
    GS_RULING(ctx, "V-09", "terrain column modifiers mirrored for the defensive roll (V09_mirror_terrain)");
    levelShifts(ctx, dShift, def.at("level").get<int>(), attackers, true);
    hexsideShifts(dShift, attackers);
  }
  if (night) dShift.entry("columnModifiers", "night");
  dShift.add(def.at("extraColumnShift").get<int>(), "extra column shift (rules outside the excerpt)", "input");
  const Column dCol = readColumn(ctx, dBase, dShift.total(), d);

  Modifiers dDrm(ctx, "drm", d);
  dDrm.entry("dieRollModifiers", "perColumnAbove8", dCol.excess);
  commanderBonus(ctx, dDrm, def);
  if (any(defenders, isArtillery)) dDrm.entry("dieRollModifiers", "artilleryAdjacent", 1, "V-12, V-14");
  if (any(defenders, isHeavyCavalry)) dDrm.entry("dieRollModifiers", "heavyCavalry", 1, "V-12");
  if (lightTroopCover(def) && any(defenders, isLight)) dDrm.entry("dieRollModifiers", "lightTroops", 1, "V-12");
  if (any(defenders, [](const Json& u) { return u.at("type") == "infantry" && u.at("nationality") == "prussian"; }))
    dDrm.entry("dieRollModifiers", "dreyse");
  if (stream) {
    if (ctx.option<bool>("V15_attacker_only")) GS_RULING(ctx, "V-15", "stream DRM on the attacker's roll only");
    else dDrm.entry("dieRollModifiers", "stream", 1, "V-15");
  }
  dDrm.add(def.at("extraDrm").get<int>(), "extra DRM (rules outside the excerpt)", "input");
  const Roll dRoll = rollOnTable(ctx, dCol, dDrm.total(), d);

  // Results: the attack roll hits the defenders, the defensive roll the attackers (V-09).
  std::vector<MoraleSituation> dSit(defenders.size()), aSit(attackers.size());
  const bool defStacked = def.at("commander").at("position") == "stacked";
  const bool attStacked = att.at("commander").at("position") == "stacked";
  for (std::size_t i = 0; i < defenders.size(); ++i) {
    dSit[i].hex = &def;
    dSit[i].stackedWithCommander = defStacked;
    dSit[i].enemyOnFlank = flank || defenders[i].at("enemyOnFlank").get<bool>();
  }
  for (std::size_t i = 0; i < attackers.size(); ++i) {
    aSit[i].hex = &attackers[i];
    aSit[i].stackedWithCommander = attStacked;
    aSit[i].enemyOnFlank = attackers[i].at("enemyOnFlank").get<bool>();
  }
  Json defApplied = applyResult(ctx, aRoll.cell, defenders, dSit, "defending", stepLossUnit(def, defenders, "/defender"));
  Json attApplied = applyResult(ctx, dRoll.cell, attackers, aSit, "attacking", stepLossUnit(att, attackers, "/attacker"));

  // Named by whose result it is, as in every ruleset: the attack roll's cell lands on the defender.
  ctx.tally("defenderCell", aRoll.cell);
  ctx.tally("attackerCell", dRoll.cell);
  ctx.tally("defenderFinal", finalState(defApplied));
  ctx.tally("attackerFinal", finalState(attApplied));
  ctx.tally("defenderStepsLost", totalStepsNow(defApplied));
  ctx.tally("attackerStepsLost", totalStepsNow(attApplied));

  Json attack = rollReport(crt, aCol, aShift.total(), aBase, aDrm.total(), aRoll, aStrength, prot);
  attack["appliesTo"] = "defender";
  Json defence = rollReport(crt, dCol, dShift.total(), dBase, dDrm.total(), dRoll, dStrength, 1);
  defence["appliesTo"] = "attacker";
  return Json{{"attack", std::move(attack)},
              {"defence", std::move(defence)},
              {"defender", Json{{"units", std::move(defApplied)}}},
              {"attacker", Json{{"units", std::move(attApplied)}}},
              {"summary", "Attack: " + aRoll.cell + " (" + meaning(aRoll.cell) + ") on the defender; defence: " +
                              dRoll.cell + " (" + meaning(dRoll.cell) + ") on the attacker"}};
}

}  // namespace
}  // namespace grapeshot::napoleon1866

GRAPESHOT_PROCEDURES(napoleon_iii_1866, {"fire", grapeshot::napoleon1866::fire},
                     {"shock", grapeshot::napoleon1866::shock});
