// The Morale Check (seed 003): its modifiers, the roll, and the morale and rally procedures
// (rules-notes §3.2-3.5, rulings G-01…G-13).
#include <algorithm>

#include "core/error.h"
#include "grande_tactique.h"

namespace grapeshot::grande_tactique {

namespace {
constexpr const char* kAny = "anyUnitModifiers";
constexpr const char* kCharger = "chargerModifiers";
constexpr const char* kTarget = "targetModifiers";

bool flag(const Json& j, const char* key) { return j.at(key).get<bool>(); }
const std::string& str(const Json& j, const char* key) { return j.at(key).get_ref<const std::string&>(); }

// A printed modifier, cited by its ruling or else by the printed heading it stands under.
void printed(Context& ctx, Modifiers& drm, const char* table, const char* id, const std::string& ruling = "") {
  drm.entry(table, id, 1, ruling.empty() ? ctx.entry(table, id).at("group").get<std::string>() : ruling);
}
}  // namespace

void anyUnitModifiers(Context& ctx, Modifiers& drm, const Json& unit, bool shaken) {
  const std::string& quality = str(unit, "quality");
  if (quality == "raw") printed(ctx, drm, kAny, "raw");
  if (quality == "veteran") printed(ctx, drm, kAny, "veteran");
  // G-03: the three conditions share one printed line joined by "or": +1 once, however many hold.
  int held = 0;
  for (const char* k : {"upslopeOfNearestEnemy", "inBuiltUpArea", "defendingLinearTerrainFeature"}) held += flag(unit, k);
  if (held > 0) printed(ctx, drm, kAny, "upslopeBuiltUpAreaOrLinearFeature", "G-03");
  if (held > 1) GS_RULING(ctx, "G-03", std::to_string(held) + " of upslope / Built-Up Area / linear feature hold: +1 once only");
  if (shaken) printed(ctx, drm, kAny, "shaken");
  if (flag(unit, "inSquare")) printed(ctx, drm, kAny, "infantryInSquare");
  if (flag(unit, "generalAttached")) printed(ctx, drm, kAny, "generalAttached");
}

void chargerModifiers(Context& ctx, Modifiers& drm, const Json& unit, const ChargerSituation& s) {
  const std::string& arm = str(unit, "arm");
  const bool cavalry = arm == "cavalry";
  if (s.targetArm == "artillery" && s.inFrontOfGuns) {
    if (!s.targetShaken) printed(ctx, drm, kCharger, "chargingUnshakenArtilleryFromFront", "G-13");
    else GS_NOTE(ctx, "in front of shaken guns: the -1 is for unshaken artillery only", "G-13");
  }
  if (s.targetShaken) printed(ctx, drm, kCharger, "chargingShakenTroops");
  if (s.helpFromFriends) printed(ctx, drm, kCharger, "chargingWithHelpFromFriends", "G-09");
  if (s.flankCharge || s.rearCharge) printed(ctx, drm, kCharger, "chargingFlankOrRear", "G-13");
  if (s.enMasse) printed(ctx, drm, kCharger, "infantryChargingEnMasse", "G-13");
  if (cavalry && s.targetArm == "infantry")
    printed(ctx, drm, kCharger, s.targetInSquare ? "cavalryChargingInfantryInSquare" : "cavalryChargingInfantryNotInSquare",
            "G-06");
  if (cavalry && s.targetArm == "cavalry") {
    // G-04: the bonus is the charger's; with the option on, a countercharge by cavalry cancels it.
    if (s.counterchargedByCavalry && ctx.option<bool>("G04_not_if_countercharged")) {
      GS_RULING(ctx, "G-04", "countercharged by cavalry: no +1 for cavalry charging cavalry (G04_not_if_countercharged on)");
    } else {
      printed(ctx, drm, kCharger, "cavalryChargingCavalry", "G-04");
      if (s.counterchargedByCavalry)
        GS_RULING(ctx, "G-04", "countercharged by cavalry, but the +1 is kept (G04_not_if_countercharged off)");
    }
    if (flag(unit, "cuirassiers")) {
      printed(ctx, drm, kCharger, "cuirassiersChargingCavalry", "G-05");
      GS_RULING(ctx, "G-05", "cuirassiers: +2 on top of the +1 for cavalry charging cavalry (modifiers are cumulative)");
    }
  }
  if (cavalry && flag(unit, "lancers") && s.targetArm == "infantry") {
    printed(ctx, drm, kCharger, "lancersChargingInfantry", "G-06");
    GS_RULING(ctx, "G-06", "lancers: +1 on top of the cavalry-versus-infantry modifier (cumulative)");
  }
  // G-07: first -1, second -2, not cumulative with each other.
  if (s.followUp == "first") printed(ctx, drm, kCharger, "firstFollowUpCharge", "G-07");
  if (s.followUp == "second") printed(ctx, drm, kCharger, "secondFollowUpCharge", "G-07");
  if (s.followUp != "none" && s.helpFromFriends)
    GS_NOTE(ctx, "follow-up charge with help from friends: only while the other charge is unresolved (printed note)",
             "Charging / Being Charged");
}

void targetModifiers(Context& ctx, Modifiers& drm, const Json& unit, const TargetSituation& s) {
  if (s.chargers > 1) printed(ctx, drm, kTarget, "chargedByMoreThanOneUnit", "G-09");
  if (s.flankCharge) printed(ctx, drm, kTarget, "chargedInFlank", "G-13");
  if (s.rearCharge) printed(ctx, drm, kTarget, "chargedInRear", "G-13");
  if (str(unit, "arm") == "artillery" && flag(unit, "limbered")) printed(ctx, drm, kTarget, "limberedArtilleryCharged");
  if (str(unit, "arm") == "cavalry" && s.byCavalry)
    GS_RULING(ctx, "G-04", "cavalry charged by cavalry: \"+1 cavalry charging cavalry\" is the charger's bonus, not the target's");
}

namespace {

// The printed bands: "roll a 4 or higher" passes.
std::string bandCode(const Context& ctx, int modified) {
  for (const auto& b : ctx.table("moraleCheck").at("bands")) {
    const bool aboveMin = b.at("min").is_null() || modified >= b.at("min").get<int>();
    const bool belowMax = b.at("max").is_null() || modified <= b.at("max").get<int>();
    if (aboveMin && belowMax) return b.at("code").get<std::string>();
  }
  throw std::logic_error("grande-tactique: moraleCheck bands leave a gap at " + std::to_string(modified));
}

// G-01 option: the natural-roll patch of the bands (natural 6 passes, natural 1 fails), if on.
const Json* naturalOverride(const Context& ctx, int natural) {
  for (const auto& p : ctx.table("moraleCheck").at("patches")) {
    if (ctx.options.at(p.at("option").get<std::string>()) != p.at("equals")) continue;
    const auto it = p.at("natural").find(std::to_string(natural));
    if (it != p.at("natural").end()) return &*it;
  }
  return nullptr;
}

bool passes(const Context& ctx, int natural, int drm) {
  if (const Json* code = naturalOverride(ctx, natural)) return *code == "pass";
  return bandCode(ctx, natural + drm) == "pass";
}

}  // namespace

Json Check::report() const {
  return Json{{"natural", natural}, {"drm", drm}, {"modified", modified},
              {"needs", needs ? Json(*needs) : Json(nullptr)}, {"passed", passed}};
}

std::string needsText(const Check& c) { return c.needs ? "needs " + std::to_string(*c.needs) + "+" : "cannot pass"; }

Check moraleCheck(Context& ctx, int drm, const std::string& who) {
  Check c;
  c.drm = drm;
  for (int n = kD6.low; n <= kD6.high && !c.needs; ++n)
    if (passes(ctx, n, drm)) c.needs = n;
  c.natural = ctx.roll(kD6, "Morale Check of " + who);
  c.modified = c.natural + drm;
  const bool byBands = bandCode(ctx, c.modified) == "pass";
  c.passed = passes(ctx, c.natural, drm);
  const std::string sum = "d6 " + std::to_string(c.natural) + (drm < 0 ? " - " : " + ") + std::to_string(std::abs(drm)) +
                          " = " + std::to_string(c.modified);
  const std::string threshold = std::to_string(ctx.table("moraleCheck").at("threshold").get<int>());
  std::string reason = sum + (byBands ? " >= " + threshold + ": pass" : " < " + threshold + ": fail");
  if (naturalOverride(ctx, c.natural)) {
    const bool changed = c.passed != byBands;
    reason = sum + ", natural " + std::to_string(c.natural) + ": " + (c.passed ? "always passes" : "always fails") +
             (changed ? "" : " (as the total would)");
    GS_RULING(ctx, "G-01", "G01_nat on: a natural " + std::to_string(c.natural) + " " + (c.passed ? "passes" : "fails") +
                           " whatever the modifiers" + (changed ? "" : " (the total agrees)"));
  }
  GS_TRACE(ctx, StepKind::check, Json{{"for", who}, {"natural", c.natural}, {"drm", drm}, {"modified", c.modified},
                 {"needs", c.needs ? Json(*c.needs) : Json(nullptr)}, {"passed", c.passed}, {"reason", reason},
                 {"ref", "G-01"}});
  return c;
}

void validateUnit(const Json& unit, const std::string& path) {
  const std::string& arm = str(unit, "arm");
  auto only = [&](const char* key, const char* wanted, const char* what) {
    if (unit.contains(key) && flag(unit, key) && arm != wanted)
      throw RequestError(code::kConflictingFields, std::string(what) + " applies to " + wanted + " only, not " + arm,
                         pointerJoin(path, key));
  };
  only("inSquare", "infantry", "\"in square\"");
  only("cuirassiers", "cavalry", "\"cuirassiers\"");
  only("lancers", "cavalry", "\"lancers\"");
  only("limbered", "artillery", "\"limbered\"");
}

void requireMayCharge(const Json& unit, const std::string& path) {
  if (str(unit, "arm") == "artillery")
    throw RequestError(code::kProhibited, "artillery may not charge (Charging page)", pointerJoin(path, "arm"));
  if (unit.contains("state") && str(unit, "state") == "shaken")
    throw RequestError(code::kProhibited, "only eager units may charge; a shaken unit may not (Charging page)",
                       pointerJoin(path, "state"));
  if (flag(unit, "inSquare"))
    throw RequestError(code::kProhibited, "a unit in square may not charge (Charging page)", pointerJoin(path, "inSquare"));
}

void requireOneDirection(bool flank, bool rear, const std::string& path) {
  if (flank && rear)
    throw RequestError(code::kConflictingFields,
                       "one unit charges the flank or the rear, not both (it began wholly to the side or wholly to the rear)",
                       pointerJoin(path, "rearCharge"));
}

namespace {

// The occasion as the form names it (its x-enumLabels entry), for the summary.
std::string occasionLabel(const Context& ctx, const std::string& id) {
  const Json& s = ctx.ruleset.meta().at("procedures").at("morale").at("inputs").at("properties").at("occasion");
  const Json& ids = s.at("enum");
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ids[i] == id) return s.at("x-enumLabels").at(i).get<std::string>();
  return id;
}

const Json& occasionEntry(const Context& ctx, const std::string& id) {
  for (const auto& o : ctx.table("moraleCheck").at("occasions"))
    if (o.at("id") == id) return o;
  throw std::logic_error("grande-tactique: no occasion " + id);
}

bool usesTable(const Json& occasion, const char* table) {
  const auto& t = occasion.at("modifierTables");
  return std::find(t.begin(), t.end(), Json(table)) != t.end();
}

// A printed outcome of an occasion ("removing the Shaken marker", "or flee"), or "" when none.
std::string printedOutcome(const Json& occasion, const char* result) {
  if (!occasion.contains("outcomes") || !occasion.at("outcomes").contains(result)) return "";
  return occasion.at("outcomes").at(result).get<std::string>();
}

ChargerSituation chargerSituation(const Json& unit, const Json& charge) {
  requireMayCharge(unit, "/unit");
  const Json& t = charge.at("target");
  validateUnit(t, "/charge/target");
  ChargerSituation s;
  s.targetArm = str(t, "arm");
  s.targetShaken = str(t, "state") == "shaken";
  s.targetInSquare = flag(t, "inSquare");
  s.inFrontOfGuns = flag(charge, "inFrontOfGuns");
  s.flankCharge = flag(charge, "flankCharge");
  s.rearCharge = flag(charge, "rearCharge");
  s.enMasse = flag(charge, "enMasse");
  s.helpFromFriends = flag(charge, "helpFromFriends");
  s.followUp = str(charge, "followUp");
  s.counterchargedByCavalry = flag(charge, "counterchargedByCavalry");
  if (s.inFrontOfGuns && s.targetArm != "artillery")
    throw RequestError(code::kConflictingFields, "\"in front of the guns\" needs an artillery target", "/charge/inFrontOfGuns");
  if (s.enMasse && str(unit, "arm") != "infantry")
    throw RequestError(code::kConflictingFields, "only infantry charges en masse", "/charge/enMasse");
  if (s.followUp != "none" && str(unit, "arm") != "cavalry")
    throw RequestError(code::kProhibited, "follow-up charges are made by cavalry that has charged successfully",
                       "/charge/followUp");
  requireOneDirection(s.flankCharge, s.rearCharge, "/charge");
  return s;
}

TargetSituation targetSituation(const Json& chargedBy) {
  TargetSituation s;
  s.chargers = chargedBy.at("units").get<int>();
  s.byCavalry = flag(chargedBy, "byCavalry");
  s.flankCharge = flag(chargedBy, "flankCharge");
  s.rearCharge = flag(chargedBy, "rearCharge");
  if (s.chargers == 1) requireOneDirection(s.flankCharge, s.rearCharge, "/chargedBy");
  return s;
}

struct Consequence {
  std::string code;
  std::string effect;
  std::string stateAfter;
};

Consequence consequence(Context& ctx, const std::string& occasion, const Json& entry, bool passed, bool shaken) {
  const std::string stateNow = shaken ? "shaken" : "eager";
  if (occasion == "deShaking") {
    if (passed) return {printedOutcome(entry, "pass"), "passed: the Shaken marker is removed; the unit is eager again", "eager"};
    return {"staysShaken", "failed: the unit stays shaken", "shaken"};
  }
  if (occasion == "chargeAttempt") {
    if (passed) return {"chargeProceeds", "passed: the charge goes in; the target now takes its own Morale Check", stateNow};
    GS_RULING(ctx, "G-11", "the attackers' check failed: the charge fails and all attackers become shaken");
    return {"chargeFails", "failed: the charge fails; this unit and every unit charging with it become shaken", "shaken"};
  }
  if (occasion == "beingCharged") {
    GS_RULING(ctx, "G-11", "what the target's check decides is left to the melee rules, which the excerpt does not give");
    return {"notInExcerpt",
            std::string(passed ? "passed" : "failed") + ": the excerpt leaves the outcome to the melee rules (not given)",
            stateNow};
  }
  if (occasion == "shakenInfantryBeatenInFiring") {
    if (passed) return {"standsFast", "passed: the unit does not flee", "shaken"};
    return {printedOutcome(entry, "fail"), "failed: the shaken infantry flee", "shaken"};
  }
  // cavalryAfterSuccessfulCharge (G-12; option G12_invert swaps the two readings).
  const bool invert = ctx.option<bool>("G12_invert");
  const bool choice = passed != invert;
  GS_RULING(ctx, "G-12", std::string(passed ? "passed" : "failed") + (invert ? " (G12_invert on)" : "") + ": " +
                         (choice ? "player's choice of a follow-up charge or to halt" : "the cavalry must pursue"));
  if (choice)
    return {"followUpOrHalt",
            std::string(passed ? "passed" : "failed") + ": the player chooses a follow-up charge (its own check takes " +
                std::to_string(ctx.entryValue(kCharger, "firstFollowUpCharge")) + " for the first, " +
                std::to_string(ctx.entryValue(kCharger, "secondFollowUpCharge")) +
                " for the second follow-up this turn, G-07) or to halt",
            stateNow};
  return {"mustPursue", std::string(passed ? "passed" : "failed") + ": the cavalry must pursue (uncontrolled)", stateNow};
}

// G-14: a unit's arm and state left out follow the occasion, so the defaults form a valid request
// (the De-shaking check of a shaken unit; cavalry after its successful charge).
Json unitForOccasion(Context& ctx, const std::string& occasion, Json unit) {
  if (!unit.contains("state")) {
    const bool shakenOnly = occasion == "deShaking" || occasion == "shakenInfantryBeatenInFiring";
    unit["state"] = shakenOnly ? "shaken" : "eager";
    if (shakenOnly) GS_RULING(ctx, "G-14", "no state given: this Morale Check is taken by a shaken unit");
  }
  if (!unit.contains("arm")) {
    unit["arm"] = occasion == "cavalryAfterSuccessfulCharge" ? "cavalry" : "infantry";
    if (occasion == "cavalryAfterSuccessfulCharge") GS_RULING(ctx, "G-14", "no arm given: this Morale Check is taken by cavalry");
  }
  return unit;
}

Json morale(Context& ctx) {
  const std::string& occasion = str(ctx.in, "occasion");
  const Json unit = unitForOccasion(ctx, occasion, ctx.in.at("unit"));
  validateUnit(unit, "/unit");
  const std::string& arm = str(unit, "arm");
  const bool shaken = str(unit, "state") == "shaken";
  if ((occasion == "deShaking" || occasion == "shakenInfantryBeatenInFiring") && !shaken)
    throw RequestError(code::kConflictingFields, "this Morale Check is taken by shaken units only", "/unit/state");
  if (occasion == "shakenInfantryBeatenInFiring" && arm != "infantry")
    throw RequestError(code::kConflictingFields, "this Morale Check is taken by shaken infantry only", "/unit/arm");
  if (occasion == "cavalryAfterSuccessfulCharge" && arm != "cavalry")
    throw RequestError(code::kConflictingFields, "this Morale Check is taken by cavalry only", "/unit/arm");

  const Json& entry = occasionEntry(ctx, occasion);
  const std::string who = "the unit (" + occasion + ")";
  Modifiers drm(ctx, StepKind::drm, who);
  if (usesTable(entry, kAny)) anyUnitModifiers(ctx, drm, unit, shaken);
  if (usesTable(entry, kCharger)) chargerModifiers(ctx, drm, unit, chargerSituation(unit, ctx.in.at("charge")));
  if (usesTable(entry, kTarget)) targetModifiers(ctx, drm, unit, targetSituation(ctx.in.at("chargedBy")));
  drm.add(ctx.in.at("extraDrm").get<int>(), "extra modifier (rules outside the excerpt)", "input");

  const Check c = moraleCheck(ctx, drm.total(), who);
  const Consequence q = consequence(ctx, occasion, entry, c.passed, shaken);
  ctx.tally("passed", c.passed);
  ctx.tally("consequence", q.code);

  Json out = c.report();
  out["occasion"] = occasion;
  out["consequence"] = q.code;
  out["effect"] = q.effect;
  out["unit"] = Json{{"state", q.stateAfter}, {"flees", q.code == "flee"}};
  out["summary"] = "Morale Check (" + occasionLabel(ctx, occasion) + "): " + needsText(c) + ", rolled " + std::to_string(c.natural) + " — " +
                   q.effect + ".";
  return out;
}

// The De-Shaking Phase (Sequence of Play page): a shaken unit at the start of its turn; pass =
// eager again. The same check as morale with occasion deShaking.
Json rally(Context& ctx) {
  const Json& unit = ctx.in.at("unit");
  validateUnit(unit, "/unit");
  const Json& entry = occasionEntry(ctx, "deShaking");
  const std::string who = "the shaken unit (De-Shaking Phase)";
  Modifiers drm(ctx, StepKind::drm, who);
  anyUnitModifiers(ctx, drm, unit, true);
  drm.add(ctx.in.at("extraDrm").get<int>(), "extra modifier (rules outside the excerpt)", "input");
  const Check c = moraleCheck(ctx, drm.total(), who);
  const Consequence q = consequence(ctx, "deShaking", entry, c.passed, true);
  ctx.tally("passed", c.passed);
  ctx.tally("consequence", q.code);
  Json out = c.report();
  out["consequence"] = q.code;
  out["effect"] = q.effect;
  out["unit"] = Json{{"state", q.stateAfter}};
  out["summary"] = "De-shaking: " + needsText(c) + ", rolled " + std::to_string(c.natural) + " — " + q.effect + ".";
  return out;
}

}  // namespace
}  // namespace grapeshot::grande_tactique

GRAPESHOT_PROCEDURES(grande_tactique, {"morale", grapeshot::grande_tactique::morale},
                     {"rally", grapeshot::grande_tactique::rally});
