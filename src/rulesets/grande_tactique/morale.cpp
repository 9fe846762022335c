// The Morale Check (seed 003): its modifiers, the roll, and the morale and rally procedures
// (rules-notes §3.2-3.5, rulings G-01…G-13).
#include <algorithm>
#include <string_view>

#include "core/error.h"
#include "grande_tactique.h"
#include "grande_tactique_printed.h"
#include "grande_tactique_tables.h"

namespace grapeshot::grande_tactique {
namespace tables = ::grapeshot::tables::grande_tactique;  // the ids of tables.json (generated)
namespace printed = ::grapeshot::printed::grande_tactique;  // the printed tables as constants (generated)

namespace {
// A printed modifiers table: its id, by which Modifiers adds its entries, and the table itself.
template <typename Table>
struct ModifierTable {
  const char* id;
  const Table& table;
};
constexpr ModifierTable<printed::AnyUnitModifiersTable> kAny{tables::anyUnitModifiers.id, printed::anyUnitModifiers};
constexpr ModifierTable<printed::ChargerModifiersTable> kCharger{tables::chargerModifiers.id, printed::chargerModifiers};
constexpr ModifierTable<printed::TargetModifiersTable> kTarget{tables::targetModifiers.id, printed::targetModifiers};

// A printed modifier, cited by its ruling or else by the printed heading it stands under (G-02).
template <typename Table>
void addPrinted(Modifiers& drm, const ModifierTable<Table>& table, EntryId e, std::string_view ruling = {}) {
  drm.entry(e, 1, ruling.empty() ? printed::byId(table.table.entries, e.id).group : ruling);
}

// The quality and flags every shape of a whole unit has (the attacker, the target, the unit taking a
// morale or rally check), with the arm and state its shape gives.
template <typename U>
Unit counter(const U& in, Arm arm, bool shaken) {
  Unit u;
  u.arm = arm;
  u.quality = in.quality;
  u.shaken = shaken;
  u.inSquare = in.inSquare;
  u.generalAttached = in.generalAttached;
  u.upslopeOfNearestEnemy = in.upslopeOfNearestEnemy;
  u.inBuiltUpArea = in.inBuiltUpArea;
  u.defendingLinearTerrainFeature = in.defendingLinearTerrainFeature;
  u.cuirassiers = in.cuirassiers;
  u.lancers = in.lancers;
  u.limbered = in.limbered;
  return u;
}

}  // namespace

Unit readUnit(const inputs::ChargeAttacker& in) { return counter(in, in.arm, in.state == State::shaken); }
Unit readUnit(const inputs::ChargeTarget& in) { return counter(in, in.arm, in.state == State::shaken); }
Unit readUnit(const inputs::MoraleUnit& in) {
  return counter(in, in.arm.value_or(Arm::infantry), in.state == State::shaken);
}
Unit readUnit(const inputs::RallyUnit& in) { return counter(in, in.arm, false); }

Unit readUnit(const inputs::ChargeHelper& in) {
  Unit u;
  u.arm = in.arm;
  u.shaken = in.state == State::shaken;
  u.inSquare = in.inSquare;
  u.flankCharge = in.flankCharge;
  u.rearCharge = in.rearCharge;
  return u;
}

Unit readUnit(const inputs::MoraleChargeTarget& in) {
  Unit u;
  u.arm = in.arm;
  u.shaken = in.state == State::shaken;
  u.inSquare = in.inSquare;
  return u;
}

void anyUnitModifiers(Context& ctx, Modifiers& drm, const Unit& unit, bool shaken) {
  if (unit.quality == Quality::raw) addPrinted(drm, kAny, tables::anyUnitModifiers.raw);
  if (unit.quality == Quality::veteran) addPrinted(drm, kAny, tables::anyUnitModifiers.veteran);
  // G-03: the three conditions share one printed line joined by "or": +1 once, however many hold.
  const int held = unit.upslopeOfNearestEnemy + unit.inBuiltUpArea + unit.defendingLinearTerrainFeature;
  if (held > 0) addPrinted(drm, kAny, tables::anyUnitModifiers.upslopeBuiltUpAreaOrLinearFeature, "G-03");
  if (held > 1) GS_RULING(ctx, "G-03", msg::grandeTactiqueRulingOnceOnly(held));
  if (shaken) addPrinted(drm, kAny, tables::anyUnitModifiers.shaken);
  if (unit.inSquare) addPrinted(drm, kAny, tables::anyUnitModifiers.infantryInSquare);
  if (unit.generalAttached) addPrinted(drm, kAny, tables::anyUnitModifiers.generalAttached);
}

void chargerModifiers(Context& ctx, Modifiers& drm, const Unit& unit, const ChargerSituation& s) {
  const bool cavalry = unit.arm == Arm::cavalry;
  if (s.targetArm == Arm::artillery && s.inFrontOfGuns) {
    if (!s.targetShaken) addPrinted(drm, kCharger, tables::chargerModifiers.chargingUnshakenArtilleryFromFront, "G-13");
    else GS_NOTE(ctx, msg::grandeTactiqueNoteShakenGuns(), "G-13");
  }
  if (s.targetShaken) addPrinted(drm, kCharger, tables::chargerModifiers.chargingShakenTroops);
  if (s.helpFromFriends) addPrinted(drm, kCharger, tables::chargerModifiers.chargingWithHelpFromFriends, "G-09");
  if (s.flankCharge || s.rearCharge) addPrinted(drm, kCharger, tables::chargerModifiers.chargingFlankOrRear, "G-13");
  if (s.enMasse) addPrinted(drm, kCharger, tables::chargerModifiers.infantryChargingEnMasse, "G-13");
  if (cavalry && s.targetArm == Arm::infantry)
    addPrinted(drm, kCharger,
               s.targetInSquare ? tables::chargerModifiers.cavalryChargingInfantryInSquare
                                : tables::chargerModifiers.cavalryChargingInfantryNotInSquare,
               "G-06");
  if (cavalry && s.targetArm == Arm::cavalry) {
    // G-04: the bonus is the charger's; with the option on, a countercharge by cavalry cancels it.
    if (s.counterchargedByCavalry && s.counterchargeCancelsBonus) {
      GS_RULING(ctx, "G-04", msg::grandeTactiqueRulingCounterchargedNoBonus());
    } else {
      addPrinted(drm, kCharger, tables::chargerModifiers.cavalryChargingCavalry, "G-04");
      if (s.counterchargedByCavalry)
        GS_RULING(ctx, "G-04", msg::grandeTactiqueRulingCounterchargedKept());
    }
    if (unit.cuirassiers) {
      addPrinted(drm, kCharger, tables::chargerModifiers.cuirassiersChargingCavalry, "G-05");
      GS_RULING(ctx, "G-05", msg::grandeTactiqueRulingCuirassiersCumulative());
    }
  }
  if (cavalry && unit.lancers && s.targetArm == Arm::infantry) {
    addPrinted(drm, kCharger, tables::chargerModifiers.lancersChargingInfantry, "G-06");
    GS_RULING(ctx, "G-06", msg::grandeTactiqueRulingLancersCumulative());
  }
  // G-07: first -1, second -2, not cumulative with each other.
  if (s.followUp == FollowUp::first) addPrinted(drm, kCharger, tables::chargerModifiers.firstFollowUpCharge, "G-07");
  if (s.followUp == FollowUp::second) addPrinted(drm, kCharger, tables::chargerModifiers.secondFollowUpCharge, "G-07");
  if (s.followUp != FollowUp::none && s.helpFromFriends)
    GS_NOTE(ctx, msg::grandeTactiqueNoteFollowUpWithHelp(),
             "Charging / Being Charged");
}

void targetModifiers(Context& ctx, Modifiers& drm, const Unit& unit, const TargetSituation& s) {
  if (s.chargers > 1) addPrinted(drm, kTarget, tables::targetModifiers.chargedByMoreThanOneUnit, "G-09");
  if (s.flankCharge) addPrinted(drm, kTarget, tables::targetModifiers.chargedInFlank, "G-13");
  if (s.rearCharge) addPrinted(drm, kTarget, tables::targetModifiers.chargedInRear, "G-13");
  if (unit.arm == Arm::artillery && unit.limbered) addPrinted(drm, kTarget, tables::targetModifiers.limberedArtilleryCharged);
  if (unit.arm == Arm::cavalry && s.byCavalry)
    GS_RULING(ctx, "G-04", msg::grandeTactiqueRulingChargerBonusOnly());
}

CheckRule::CheckRule(const Errata& errata) {
  const auto& t = printed::moraleCheck;
  const std::vector<PrintedBand> bands = readBands(printed::moraleCheck);
  // readBands keeps the printed order: band i is the printed band i.
  for (std::size_t i = 0; i < bands.size(); ++i) bands_.push_back({bands[i], t.bands[i].code == "pass"});
  threshold_ = t.threshold;
  // G-01 option: the natural-roll patch of the bands (natural 6 passes, natural 1 fails), if on;
  // the first patch in force decides a natural roll. A patch names its option by id.
  for (const auto& p : t.patches) {
    if (!errata.on(p)) continue;
    for (const auto& [natural, code] : p.natural) {
      const int n = std::stoi(std::string(natural));
      if (n >= 1 && n <= 6 && natural_[n] == 0) natural_[n] = code == "pass" ? 1 : -1;
    }
  }
}

bool CheckRule::passesByBands(int modified) const {
  for (const auto& b : bands_)
    if (b.printed.holds(modified)) return b.pass;
  throw std::logic_error("grande-tactique: moraleCheck bands leave a gap at " + std::to_string(modified));
}

const Who& unitFor(Occasion o) {
  static constexpr Who kUnit[] = {
      {msg::grandeTactiqueLabelTheUnitDeShaking},
      {msg::grandeTactiqueLabelTheUnitChargeAttempt},
      {msg::grandeTactiqueLabelTheUnitBeingCharged},
      {msg::grandeTactiqueLabelTheUnitShakenInfantryBeatenInFiring},
      {msg::grandeTactiqueLabelTheUnitCavalryAfterSuccessfulCharge},
  };
  static_assert(namesLead(EnumNames<5>{"deShaking", "chargeAttempt", "beingCharged", "shakenInfantryBeatenInFiring",
                                       "cavalryAfterSuccessfulCharge"},
                          inputs::kOccasionNames),
                "kUnit follows the occasions' order");
  return kUnit[static_cast<std::size_t>(o)];
}

Check moraleCheck(Context& ctx, const CheckRule& rule, int drm, const Who& who) {
  Check c;
  c.drm = drm;
  for (int n = kD6.low; n <= kD6.high && !c.needs; ++n)
    if (rule.passes(n, drm)) c.needs = n;
  c.natural = ctx.roll(kD6, ctx.wordy() ? msg::grandeTactiqueLabelMoraleCheckOf(who.who()).text() : std::string());
  c.modified = c.natural + drm;
  c.passed = rule.passes(c.natural, drm);
  if (!ctx.tracing()) return c;
  const bool byBands = rule.passesByBands(c.modified);
  const char* sign = drm < 0 ? "-" : "+";
  const int size = std::abs(drm);
  Message reason = byBands ? msg::grandeTactiqueReasonCheckPass(c.natural, sign, size, c.modified, rule.threshold())
                           : msg::grandeTactiqueReasonCheckFail(c.natural, sign, size, c.modified, rule.threshold());
  if (rule.naturalOverride(c.natural)) {
    const bool changed = c.passed != byBands;
    reason = c.passed ? (changed ? msg::grandeTactiqueReasonNaturalPasses(c.natural, sign, size, c.modified)
                                 : msg::grandeTactiqueReasonNaturalPassesAgrees(c.natural, sign, size, c.modified))
                      : (changed ? msg::grandeTactiqueReasonNaturalFails(c.natural, sign, size, c.modified)
                                 : msg::grandeTactiqueReasonNaturalFailsAgrees(c.natural, sign, size, c.modified));
    GS_RULING(ctx, "G-01", c.passed ? (changed ? msg::grandeTactiqueRulingNaturalPasses(c.natural) : msg::grandeTactiqueRulingNaturalPassesAgrees(c.natural))
                                   : (changed ? msg::grandeTactiqueRulingNaturalFails(c.natural) : msg::grandeTactiqueRulingNaturalFailsAgrees(c.natural)));
  }
  // The printed bands pass at the threshold and above; a natural the G01_nat option decides overrides
  // them (the reason says so, after the G-01 ruling step).
  ctx.record(step::Check{who.who().text(), kD6.name, c.natural, drm, c.modified, rule.threshold(), step::PassIf::atLeast, c.passed,
                         std::move(reason), "G-01"});
  return c;
}

void validateUnit(const Unit& unit, const std::string& path) {
  auto only = [&](bool given, const char* key, Arm wanted, const char* what) {
    if (given && unit.arm != wanted)
      throw RequestError(code::kConflictingFields,
                         msg::grandeTactiqueErrorAppliesToArmOnly(what, name(wanted), name(unit.arm)),
                         pointerJoin(path, key));
  };
  only(unit.inSquare, "inSquare", Arm::infantry, "in square");
  only(unit.cuirassiers, "cuirassiers", Arm::cavalry, "cuirassiers");
  only(unit.lancers, "lancers", Arm::cavalry, "lancers");
  only(unit.limbered, "limbered", Arm::artillery, "limbered");
}

void requireMayCharge(const Unit& unit, const std::string& path) {
  if (unit.arm == Arm::artillery)
    throw RequestError(code::kProhibited, msg::grandeTactiqueErrorArtilleryMayNotCharge(), pointerJoin(path, "arm"));
  if (unit.shaken)
    throw RequestError(code::kProhibited, msg::grandeTactiqueErrorShakenMayNotCharge(),
                       pointerJoin(path, "state"));
  if (unit.inSquare)
    throw RequestError(code::kProhibited, msg::grandeTactiqueErrorSquareMayNotCharge(), pointerJoin(path, "inSquare"));
}

void requireOneDirection(bool flank, bool rear, const std::string& path) {
  if (flank && rear)
    throw RequestError(code::kConflictingFields,
                       msg::grandeTactiqueErrorFlankOrRear(),
                       pointerJoin(path, "rearCharge"));
}

void requireConsistentCharge(const ChargerSituation& s, Arm charger, const std::string& at, const std::string& followUpAt) {
  if (s.inFrontOfGuns && s.targetArm != Arm::artillery)
    throw RequestError(code::kConflictingFields, msg::grandeTactiqueErrorInFrontOfGunsNeedsArtillery(), at + "/inFrontOfGuns");
  if (s.enMasse && charger != Arm::infantry)
    throw RequestError(code::kConflictingFields, msg::grandeTactiqueErrorOnlyInfantryEnMasse(), at + "/enMasse");
  if (s.followUp != FollowUp::none && charger != Arm::cavalry)
    throw RequestError(code::kProhibited, msg::grandeTactiqueErrorFollowUpCavalryOnly(), followUpAt);
  requireOneDirection(s.flankCharge, s.rearCharge, at);
}

namespace {

// A printed outcome code of the Morale Check page ("removeShaken", "flee") as the result's enum.
results::Consequence consequenceNamed(std::string_view code) {
  for (std::size_t i = 0; i < results::kConsequenceNames.size(); ++i)
    if (code == results::kConsequenceNames[i]) return static_cast<results::Consequence>(i);
  throw std::logic_error("grande-tactique: the Morale Check page's outcome \"" + std::string(code) + "\" is not a declared consequence");
}

// The occasion's line on the Morale Check page, read once per request: which modifier families it
// uses and its printed outcomes; and how option G12_invert reads the cavalry's outcomes.
struct OccasionRule {
  OccasionRule(Occasion occasion, const inputs::Options& options)
      : occasion(occasion), pursuitInverted(options.G12_invert) {
    const auto& entry = printed::byId(printed::moraleCheck.occasions, name(occasion));
    const auto& tables = entry.modifierTables;
    const auto uses = [&](const char* t) { return std::find(tables.begin(), tables.end(), t) != tables.end(); };
    usesAny = uses(kAny.id);
    usesCharger = uses(kCharger.id);
    usesTarget = uses(kTarget.id);
    if (entry.outcomes) {
      if (entry.outcomes->pass) outcomePass = consequenceNamed(*entry.outcomes->pass);
      if (entry.outcomes->fail) outcomeFail = consequenceNamed(*entry.outcomes->fail);
    }
  }
  Occasion occasion;
  bool usesAny = false, usesCharger = false, usesTarget = false;
  // The printed outcomes (De-Shaking: "removing the Shaken marker"; shaken infantry: "or flee").
  results::Consequence outcomePass = results::Consequence::removeShaken, outcomeFail = results::Consequence::flee;
  bool pursuitInverted;  // G12_invert: a pass means pursuit (G-12)
};

ChargerSituation chargerSituation(const Unit& unit, const inputs::MoraleCharge& charge, const inputs::Options& options) {
  requireMayCharge(unit, "/unit");
  const Unit t = readUnit(charge.target);
  validateUnit(t, "/charge/target");
  ChargerSituation s;
  s.targetArm = t.arm;
  s.targetShaken = t.shaken;
  s.targetInSquare = t.inSquare;
  s.inFrontOfGuns = charge.inFrontOfGuns;
  s.flankCharge = charge.flankCharge;
  s.rearCharge = charge.rearCharge;
  s.enMasse = charge.enMasse;
  s.helpFromFriends = charge.helpFromFriends;
  s.followUp = charge.followUp;
  s.counterchargedByCavalry = charge.counterchargedByCavalry;
  s.counterchargeCancelsBonus = options.G04_not_if_countercharged;
  requireConsistentCharge(s, unit.arm, "/charge", "/charge/followUp");
  return s;
}

TargetSituation targetSituation(const inputs::MoraleChargedBy& chargedBy) {
  TargetSituation s;
  s.chargers = chargedBy.units;
  s.byCavalry = chargedBy.byCavalry;
  s.flankCharge = chargedBy.flankCharge;
  s.rearCharge = chargedBy.rearCharge;
  if (s.chargers == 1) requireOneDirection(s.flankCharge, s.rearCharge, "/chargedBy");
  return s;
}

using results::Consequence;
using results::State;

// What a check decides for the unit: the consequence and the unit's state after it.
struct Outcome {
  Consequence code;
  State stateAfter;
};

Outcome consequence(Context& ctx, const OccasionRule& o, bool passed, bool shaken) {
  const State stateNow = shaken ? State::shaken : State::eager;
  switch (o.occasion) {
    case Occasion::deShaking:
      return passed ? Outcome{o.outcomePass, State::eager} : Outcome{Consequence::staysShaken, State::shaken};
    case Occasion::chargeAttempt:
      if (passed) return {Consequence::chargeProceeds, stateNow};
      GS_RULING(ctx, "G-11", msg::grandeTactiqueRulingAttackersFailed());
      return {Consequence::chargeFails, State::shaken};
    case Occasion::beingCharged:
      GS_RULING(ctx, "G-11", msg::grandeTactiqueRulingTargetCheckMelee());
      return {Consequence::notInExcerpt, stateNow};
    case Occasion::shakenInfantryBeatenInFiring:
      return {passed ? Consequence::standsFast : o.outcomeFail, State::shaken};
    case Occasion::cavalryAfterSuccessfulCharge:
      break;
  }
  // cavalryAfterSuccessfulCharge (G-12; option G12_invert swaps the two readings).
  const bool invert = o.pursuitInverted;
  const bool choice = passed != invert;
  GS_RULING(ctx, "G-12", invert ? (passed ? msg::grandeTactiqueRulingPursuitPassedMustPursueInverted()
                                          : msg::grandeTactiqueRulingPursuitFailedChoiceInverted())
                                : (passed ? msg::grandeTactiqueRulingPursuitPassedChoice()
                                          : msg::grandeTactiqueRulingPursuitFailedMustPursue()));
  return {choice ? Consequence::followUpOrHalt : Consequence::mustPursue, stateNow};
}

// The result's "effect": what the consequence does, in the page's words (only when writing it).
Message effect(const Context& ctx, Consequence code, bool passed) {
  switch (code) {
    case Consequence::removeShaken: return msg::grandeTactiqueResultRemoveShaken();
    case Consequence::staysShaken: return msg::grandeTactiqueResultStaysShaken();
    case Consequence::chargeProceeds: return msg::grandeTactiqueResultChargeProceeds();
    case Consequence::chargeFails: return msg::grandeTactiqueResultChargeFails();
    case Consequence::notInExcerpt:
      return passed ? msg::grandeTactiqueResultNotInExcerptPassed() : msg::grandeTactiqueResultNotInExcerptFailed();
    case Consequence::standsFast: return msg::grandeTactiqueResultStandsFast();
    case Consequence::flee: return msg::grandeTactiqueResultFlee();
    case Consequence::followUpOrHalt: {
      const int first = ctx.entryValue(tables::chargerModifiers.firstFollowUpCharge);
      const int second = ctx.entryValue(tables::chargerModifiers.secondFollowUpCharge);
      return passed ? msg::grandeTactiqueResultFollowUpOrHaltPassed(first, second)
                    : msg::grandeTactiqueResultFollowUpOrHaltFailed(first, second);
    }
    case Consequence::mustPursue:
      return passed ? msg::grandeTactiqueResultMustPursuePassed() : msg::grandeTactiqueResultMustPursueFailed();
  }
  throw std::logic_error("grande-tactique: a consequence without an effect");
}

// A Morale Check for one of the five occasions the page prints.
class Morale final : public Play {
 public:
  using Inputs = inputs::MoraleInputs;
  using Options = inputs::Options;
  Morale(const Ruleset&, const Inputs& in, const Options& options, const Errata& errata)
      : occasion_(in.occasion, options), rule_(errata), unit_(readUnit(in.unit)), who_(unitFor(in.occasion)) {
    const Occasion o = occasion_.occasion;
    // G-14: a unit's arm and state left out follow the occasion, so the defaults form a valid
    // request (the De-shaking check of a shaken unit; cavalry after its successful charge).
    if (!in.unit.state) {
      stateFromOccasion_ = o == Occasion::deShaking || o == Occasion::shakenInfantryBeatenInFiring;
      unit_.shaken = stateFromOccasion_;
    }
    if (!in.unit.arm) {
      armFromOccasion_ = o == Occasion::cavalryAfterSuccessfulCharge;
      unit_.arm = armFromOccasion_ ? Arm::cavalry : Arm::infantry;
    }
    validateUnit(unit_, "/unit");
    if ((o == Occasion::deShaking || o == Occasion::shakenInfantryBeatenInFiring) && !unit_.shaken)
      throw RequestError(code::kConflictingFields, msg::grandeTactiqueErrorCheckShakenOnly(), "/unit/state");
    if (o == Occasion::shakenInfantryBeatenInFiring && unit_.arm != Arm::infantry)
      throw RequestError(code::kConflictingFields, msg::grandeTactiqueErrorCheckShakenInfantryOnly(), "/unit/arm");
    if (o == Occasion::cavalryAfterSuccessfulCharge && unit_.arm != Arm::cavalry)
      throw RequestError(code::kConflictingFields, msg::grandeTactiqueErrorCheckCavalryOnly(), "/unit/arm");
    if (occasion_.usesCharger) charger_ = chargerSituation(unit_, in.charge, options);
    if (occasion_.usesTarget) target_ = targetSituation(in.chargedBy);
    extraDrm_ = in.extraDrm;
  }

  void play(Context& ctx, JsonWriter* out) const override {
    if (stateFromOccasion_) GS_RULING(ctx, "G-14", msg::grandeTactiqueRulingNoStateShaken());
    if (armFromOccasion_) GS_RULING(ctx, "G-14", msg::grandeTactiqueRulingNoArmCavalry());
    Modifiers drm(ctx, StepKind::drm, words(ctx, who_.who()));
    if (occasion_.usesAny) anyUnitModifiers(ctx, drm, unit_, unit_.shaken);
    if (occasion_.usesCharger) chargerModifiers(ctx, drm, unit_, charger_);
    if (occasion_.usesTarget) targetModifiers(ctx, drm, unit_, target_);
    drm.add(extraDrm_, msg::grandeTactiqueLabelExtraModifier(), "input");

    const Check c = moraleCheck(ctx, rule_, drm.total(), who_);
    const Outcome q = consequence(ctx, occasion_, c.passed, unit_.shaken);
    ctx.tally(results::MoraleTally::passed, c.passed);
    ctx.tally(results::MoraleTally::consequence, q.code);
    if (!out) return;

    results::MoraleResult r;
    fillCheck(r, c);
    r.occasion = sameEnum<results::Occasion>(occasion_.occasion);
    r.consequence = q.code;
    r.effect = effect(ctx, q.code, c.passed);
    r.unit.state = q.stateAfter;
    r.unit.flees = q.code == Consequence::flee;
    write(*out, r);
  }

 private:
  OccasionRule occasion_;
  CheckRule rule_;
  Unit unit_;
  bool stateFromOccasion_ = false, armFromOccasion_ = false;
  ChargerSituation charger_;
  TargetSituation target_;
  int extraDrm_ = 0;
  const Who& who_;
};

// The De-Shaking Phase (Sequence of Play page): a shaken unit at the start of its turn; pass =
// eager again. The same check as morale with occasion deShaking.
class Rally final : public Play {
 public:
  using Inputs = inputs::RallyInputs;
  using Options = inputs::Options;
  Rally(const Ruleset&, const Inputs& in, const Options& options, const Errata& errata)
      : occasion_(Occasion::deShaking, options), rule_(errata), unit_(readUnit(in.unit)),
        extraDrm_(in.extraDrm) {
    validateUnit(unit_, "/unit");
  }

  void play(Context& ctx, JsonWriter* out) const override {
    Modifiers drm(ctx, StepKind::drm, words(ctx, kWhoShakenUnit.who()));
    anyUnitModifiers(ctx, drm, unit_, true);
    drm.add(extraDrm_, msg::grandeTactiqueLabelExtraModifier(), "input");
    const Check c = moraleCheck(ctx, rule_, drm.total(), kWhoShakenUnit);
    const Outcome q = consequence(ctx, occasion_, c.passed, true);
    ctx.tally(results::RallyTally::passed, c.passed);
    ctx.tally(results::RallyTally::consequence, q.code);
    if (!out) return;

    results::RallyResult r;
    fillCheck(r, c);
    r.consequence = q.code;
    r.effect = effect(ctx, q.code, c.passed);
    r.unit.state = q.stateAfter;
    write(*out, r);
  }

 private:
  OccasionRule occasion_;
  CheckRule rule_;
  Unit unit_;
  int extraDrm_;
};

}  // namespace
}  // namespace grapeshot::grande_tactique

GRAPESHOT_PROCEDURES(grande_tactique, {"morale", grapeshot::bindTyped<grapeshot::grande_tactique::Morale>},
                     {"rally", grapeshot::bindTyped<grapeshot::grande_tactique::Rally>});
