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

class Charge final : public Play {
 public:
  using Inputs = inputs::ChargeInputs;
  using Options = inputs::Options;
  Charge(const Ruleset&, const Inputs& in, const Options& options, const Errata& errata)
      : rule_(errata), attacker_(readUnit(in.attacker)), target_(readUnit(in.target)) {
    validateUnit(attacker_, "/attacker");
    requireMayCharge(attacker_, "/attacker");
    validateUnit(target_, "/target");
    for (std::size_t i = 0; i < in.helpers.size(); ++i) {
      const std::string path = pointerJoin("/helpers", i);
      helpers_.push_back(readUnit(in.helpers[i]));
      requireMayCharge(helpers_.back(), path);
      requireOneDirection(helpers_.back().flankCharge, helpers_.back().rearCharge, path);
    }
    s_.inFrontOfGuns = in.inFrontOfGuns;
    s_.flankCharge = in.flankCharge;
    s_.rearCharge = in.rearCharge;
    s_.enMasse = in.enMasse;
    s_.followUp = in.attacker.followUp;
    s_.counterchargedByCavalry = in.attacker.counterchargedByCavalry;
    s_.counterchargeCancelsBonus = options.G04_not_if_countercharged;
    s_.targetArm = target_.arm;
    requireConsistentCharge(s_, attacker_.arm, "", "/attacker/followUp");

    // The attackers' check: the principal attacker's modifiers, plus help from friends (G-09).
    chargers_ = 1 + static_cast<int>(helpers_.size());
    s_.targetShaken = target_.shaken;
    s_.targetInSquare = target_.inSquare;
    s_.helpFromFriends = chargers_ > 1;
    // The target's check: every charger's direction and arm count.
    t_.chargers = chargers_;
    t_.flankCharge = s_.flankCharge;
    t_.rearCharge = s_.rearCharge;
    t_.byCavalry = attacker_.arm == Arm::cavalry;
    for (const Unit& h : helpers_) {
      t_.flankCharge = t_.flankCharge || h.flankCharge;
      t_.rearCharge = t_.rearCharge || h.rearCharge;
      t_.byCavalry = t_.byCavalry || h.arm == Arm::cavalry;
    }
    attackerExtraDrm_ = in.attackerExtraDrm;
    targetExtraDrm_ = in.targetExtraDrm;
  }

  void play(Context& ctx, JsonWriter* out) const override {
    using results::ChargeTally;
    using results::Outcome;
    using results::TargetCheck;
    const int chargers = chargers_;
    if (chargers > 1) GS_NOTE(ctx, msg::grandeTactiqueNoteChargeTogether(chargers), "G-09");
    Modifiers attackerDrm(ctx, StepKind::drm, words(ctx, kWhoAttackers.who()));
    anyUnitModifiers(ctx, attackerDrm, attacker_, false);  // only eager units charge
    chargerModifiers(ctx, attackerDrm, attacker_, s_);
    attackerDrm.add(attackerExtraDrm_, msg::grandeTactiqueLabelExtraModifier(), "input");
    const Check a = moraleCheck(ctx, rule_, attackerDrm.total(), kWhoAttackers);

    Outcome outcome = Outcome::chargeFailed;
    std::optional<Check> d;
    if (!a.passed) {
      GS_RULING(ctx, "G-11", msg::grandeTactiqueRulingAttackersFailed());
      GS_NOTE(ctx, msg::grandeTactiqueNoteTargetNoCheck(), msg::grandeTactiqueRefChargingPage().text());
      ctx.tally(ChargeTally::targetCheck, TargetCheck::notRolled);
    } else {
      Modifiers targetDrm(ctx, StepKind::drm, words(ctx, kWhoTarget.who()));
      anyUnitModifiers(ctx, targetDrm, target_, s_.targetShaken);
      targetModifiers(ctx, targetDrm, target_, t_);
      targetDrm.add(targetExtraDrm_, msg::grandeTactiqueLabelExtraModifier(), "input");
      d = moraleCheck(ctx, rule_, targetDrm.total(), kWhoTarget);
      GS_RULING(ctx, "G-11", msg::grandeTactiqueRulingMeleeAfterChecks());
      outcome = d->passed ? Outcome::bothPassed : Outcome::targetFailed;
      ctx.tally(ChargeTally::targetCheck, d->passed ? TargetCheck::passed : TargetCheck::failed);
    }
    ctx.tally(ChargeTally::attackersPassed, a.passed);
    ctx.tally(ChargeTally::outcome, outcome);
    if (!out) return;

    results::ChargeResult r;
    fillCheck(r.attackers, a);
    r.attackers.chargers = chargers;
    if (d) fillCheck(r.target, *d);
    r.target.rolled = d.has_value();
    r.outcome = outcome;
    r.consequence = chargeConsequence(outcome, chargers);
    // The principal attacker first, then the helpers in order: all shaken when the charge fails (G-11).
    r.attackerStates.assign(chargers, a.passed ? results::State::eager : results::State::shaken);
    write(*out, r);
  }

 private:
  CheckRule rule_;
  Unit attacker_, target_;
  std::vector<Unit> helpers_;
  ChargerSituation s_;
  TargetSituation t_;
  int chargers_ = 1;
  int attackerExtraDrm_ = 0, targetExtraDrm_ = 0;
};

}  // namespace
}  // namespace grapeshot::grande_tactique

GRAPESHOT_PROCEDURES(grande_tactique, {"charge", grapeshot::bindTyped<grapeshot::grande_tactique::Charge>});
