// One charge, as the Charging page resolves it (rules-notes §3.1, §3.4): the attackers' Morale
// Check, then the target's. Several chargers on one target: one attackers' check with the
// principal attacker's modifiers, the result applying to all (G-09).
//
// Judgment (documented in ruleset.json): the stored Charging page stops at "First roll a Morale
// Check for the attackers; then, if t…". We read it as "if they pass": a failed attackers' check
// already settles the charge (G-11), so no target die is rolled.
#include "core/error.h"
#include "grande_tactique.h"

namespace grapeshot::grande_tactique {
namespace {

bool flag(const Json& j, const char* key) { return j.at(key).get<bool>(); }
const std::string& str(const Json& j, const char* key) { return j.at(key).get_ref<const std::string&>(); }

Json charge(Context& ctx) {
  const Json& attacker = ctx.in.at("attacker");
  const Json& helpers = ctx.in.at("helpers");
  const Json& target = ctx.in.at("target");
  validateUnit(attacker, "/attacker");
  requireMayCharge(attacker, "/attacker");
  validateUnit(target, "/target");
  for (std::size_t i = 0; i < helpers.size(); ++i) {
    const std::string path = pointerJoin("/helpers", i);
    requireMayCharge(helpers[i], path);
    requireOneDirection(flag(helpers[i], "flankCharge"), flag(helpers[i], "rearCharge"), path);
  }
  const std::string& arm = str(attacker, "arm");
  if (flag(ctx.in, "inFrontOfGuns") && str(target, "arm") != "artillery")
    throw RequestError(code::kConflictingFields, "\"in front of the guns\" needs an artillery target", "/inFrontOfGuns");
  if (flag(ctx.in, "enMasse") && arm != "infantry")
    throw RequestError(code::kConflictingFields, "only infantry charges en masse", "/enMasse");
  if (str(attacker, "followUp") != "none" && arm != "cavalry")
    throw RequestError(code::kProhibited, "follow-up charges are made by cavalry that has charged successfully",
                       "/attacker/followUp");
  requireOneDirection(flag(ctx.in, "flankCharge"), flag(ctx.in, "rearCharge"), "");

  const int chargers = 1 + static_cast<int>(helpers.size());
  if (chargers > 1)
    GS_NOTE(ctx, std::to_string(chargers) + " units charge together: one attackers' check with the principal attacker's "
             "modifiers, its result applying to all",
             "G-09");

  // The attackers' check: the principal attacker's modifiers, plus help from friends (G-09).
  ChargerSituation s;
  s.targetArm = str(target, "arm");
  s.targetShaken = str(target, "state") == "shaken";
  s.targetInSquare = flag(target, "inSquare");
  s.inFrontOfGuns = flag(ctx.in, "inFrontOfGuns");
  s.flankCharge = flag(ctx.in, "flankCharge");
  s.rearCharge = flag(ctx.in, "rearCharge");
  s.enMasse = flag(ctx.in, "enMasse");
  s.helpFromFriends = chargers > 1;
  s.followUp = str(attacker, "followUp");
  s.counterchargedByCavalry = flag(attacker, "counterchargedByCavalry");
  const std::string attackersWho = "the attackers (principal attacker's modifiers)";
  Modifiers attackerDrm(ctx, StepKind::drm, attackersWho);
  anyUnitModifiers(ctx, attackerDrm, attacker, false);  // only eager units charge
  chargerModifiers(ctx, attackerDrm, attacker, s);
  attackerDrm.add(ctx.in.at("attackerExtraDrm").get<int>(), "extra modifier (rules outside the excerpt)", "input");
  const Check a = moraleCheck(ctx, attackerDrm.total(), attackersWho);

  Json result;
  Json attackersReport = a.report();
  attackersReport["chargers"] = chargers;
  std::string outcome, consequence;
  Json attackerStates = Json::array();
  Json targetReport{{"rolled", false}};

  if (!a.passed) {
    GS_RULING(ctx, "G-11", "the attackers' check failed: the charge fails and all attackers become shaken");
    GS_NOTE(ctx, "the target rolls no check: the charge has already failed (reading of the cut-off \"then, if t…\")",
             "Charging page");
    outcome = "chargeFailed";
    consequence = "The charge fails; all " + std::to_string(chargers) + " attacking unit" + (chargers > 1 ? "s" : "") +
                  " become shaken (G-11). The target does not roll.";
    for (int i = 0; i < chargers; ++i) attackerStates.push_back("shaken");
    ctx.tally("targetCheck", "notRolled");
  } else {
    TargetSituation t;
    t.chargers = chargers;
    bool anyCavalry = arm == "cavalry";
    t.flankCharge = s.flankCharge;
    t.rearCharge = s.rearCharge;
    for (const auto& h : helpers) {
      t.flankCharge = t.flankCharge || flag(h, "flankCharge");
      t.rearCharge = t.rearCharge || flag(h, "rearCharge");
      anyCavalry = anyCavalry || str(h, "arm") == "cavalry";
    }
    t.byCavalry = anyCavalry;
    const std::string targetWho = "the target";
    Modifiers targetDrm(ctx, StepKind::drm, targetWho);
    anyUnitModifiers(ctx, targetDrm, target, s.targetShaken);
    targetModifiers(ctx, targetDrm, target, t);
    targetDrm.add(ctx.in.at("targetExtraDrm").get<int>(), "extra modifier (rules outside the excerpt)", "input");
    const Check d = moraleCheck(ctx, targetDrm.total(), targetWho);
    targetReport = d.report();
    targetReport["rolled"] = true;
    GS_RULING(ctx, "G-11", "after both checks the outcome belongs to the melee rules, which the excerpt does not give");
    outcome = d.passed ? "bothPassed" : "targetFailed";
    consequence = std::string(d.passed ? "Both checks passed" : "The attackers passed and the target failed") +
                  ": the excerpt leaves what happens next to the melee rules, which it does not give (G-11).";
    for (int i = 0; i < chargers; ++i) attackerStates.push_back("eager");
    ctx.tally("targetCheck", d.passed ? "passed" : "failed");
  }
  ctx.tally("attackersPassed", a.passed);
  ctx.tally("outcome", outcome);

  result["attackers"] = attackersReport;
  result["target"] = targetReport;
  result["outcome"] = outcome;
  result["consequence"] = consequence;
  result["attackerStates"] = attackerStates;  // principal attacker first, then the helpers in order
  std::string summary = "Attackers' check " + needsText(a) + ", rolled " + std::to_string(a.natural) +
                        (a.passed ? ": pass." : ": fail.");
  if (targetReport.at("rolled").get<bool>())
    summary += " Target's check " + std::string(targetReport.at("needs").is_null()
                                            ? "cannot pass"
                                            : "needs " + std::to_string(targetReport.at("needs").get<int>()) + "+") +
               ", rolled " + std::to_string(targetReport.at("natural").get<int>()) +
               (targetReport.at("passed").get<bool>() ? ": pass." : ": fail.");
  result["summary"] = summary + " " + consequence;
  return result;
}

}  // namespace
}  // namespace grapeshot::grande_tactique

GRAPESHOT_PROCEDURES(grande_tactique, {"charge", grapeshot::grande_tactique::charge});
