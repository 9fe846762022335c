// Shared pieces of the grande-tactique procedures (seed 003, the Morale Check page; rules-notes §3):
// the typed unit and situations the procedures bind once per request, the printed modifiers, and the
// Morale Check read from the printed bands.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/context.h"
#include "core/ruleset.h"
#include "core/typed.h"
#include "grande_tactique_inputs.h"
#include "grande_tactique_results.h"
#include "messages.h"

namespace grapeshot::grande_tactique {

// The inputs as ruleset.json's schemas declare them, generated from it (scripts/gen-inputs.mjs):
// each procedure's Inputs struct, the Options, and an enum for every enum of the schemas.
namespace inputs = ::grapeshot::inputs::grande_tactique;
using inputs::Arm;
using inputs::FollowUp;
using inputs::kArmNames;
using inputs::kFollowUpNames;
using inputs::kOccasionNames;
using inputs::kQualityNames;
using inputs::Occasion;
using inputs::Quality;
using inputs::State;  // read as Unit::shaken

using inputs::name;  // name(Arm), name(Occasion), ...: generated with the enums

// The results as results.json declares them, generated from it (scripts/gen-results.mjs): each
// procedure's Result struct, its writer, and its tallies' keys (ChargeTally, ...).
namespace results = ::grapeshot::results::grande_tactique;

// A unit as the Morale Check reads it. Flags a schema does not give (a helper's quality, say) are
// false, state eager, quality normal.
struct Unit {
  Arm arm = Arm::infantry;
  Quality quality = Quality::normal;
  bool shaken = false;
  bool inSquare = false;
  bool generalAttached = false;
  bool upslopeOfNearestEnemy = false;
  bool inBuiltUpArea = false;
  bool defendingLinearTerrainFeature = false;
  bool cuirassiers = false;
  bool lancers = false;
  bool limbered = false;
  bool flankCharge = false;  // a helper's own direction (G-09)
  bool rearCharge = false;
};
// A unit of each of the schema's unit shapes (fields a shape lacks keep Unit's defaults).
Unit readUnit(const inputs::ChargeAttacker& unit);
Unit readUnit(const inputs::ChargeTarget& unit);
Unit readUnit(const inputs::ChargeHelper& helper);
Unit readUnit(const inputs::MoraleUnit& unit);  // an arm or state not given: infantry, eager (Morale decides, G-14)
Unit readUnit(const inputs::MoraleChargeTarget& target);
Unit readUnit(const inputs::RallyUnit& unit);  // no state given: rally takes the unit as shaken itself

// What the charger reads off its target, and the geometry of the charge (G-13: booleans from the
// table, never computed here).
struct ChargerSituation {
  Arm targetArm = Arm::infantry;
  bool targetShaken = false;
  bool targetInSquare = false;
  bool inFrontOfGuns = false;
  bool flankCharge = false;
  bool rearCharge = false;
  bool enMasse = false;
  bool helpFromFriends = false;
  FollowUp followUp = FollowUp::none;  // G-07
  bool counterchargedByCavalry = false;
  bool counterchargeCancelsBonus = false;  // option G04_not_if_countercharged (G-04)
};

// What the unit being charged reads off the charge against it.
struct TargetSituation {
  int chargers = 1;
  bool byCavalry = false;
  bool flankCharge = false;
  bool rearCharge = false;
};

// Printed modifiers of one family (G-02), added to `drm` with their printed labels.
void anyUnitModifiers(Context& ctx, Modifiers& drm, const Unit& unit, bool shaken);
void chargerModifiers(Context& ctx, Modifiers& drm, const Unit& unit, const ChargerSituation& s);
void targetModifiers(Context& ctx, Modifiers& drm, const Unit& unit, const TargetSituation& s);

// The Morale Check's printed bands ("roll a 4 or higher" passes, G-01) and, with option G01_nat on,
// the natural rolls that pass or fail whatever the modifiers: read from tables.json once per request.
class CheckRule {
 public:
  // `errata`: the request's, which tell which of the table's patches are on.
  explicit CheckRule(const Errata& errata);
  bool passesByBands(int modified) const;
  // -1 a natural roll that always fails, +1 always passes, 0 the bands decide.
  int naturalOverride(int natural) const { return natural >= 1 && natural <= 6 ? natural_[natural] : 0; }
  bool passes(int natural, int drm) const {
    const int o = naturalOverride(natural);
    return o ? o > 0 : passesByBands(natural + drm);
  }
  int threshold() const { return threshold_; }

 private:
  struct Band {
    PrintedBand printed;
    bool pass;  // its code is "pass" (read once: odds test the bands on every dice sequence)
  };
  std::vector<Band> bands_;
  std::array<int, 7> natural_{};
  int threshold_ = 0;
};

// Who takes a Morale Check, as the trace names them ("for") and as the rolls name the die ("Morale
// Check of …"): catalog messages, made only when words are wanted (exact odds build none).
struct Who {
  Message (*who)();
};
inline constexpr Who kWhoAttackers{msg::grandeTactiqueLabelTheAttackers};
inline constexpr Who kWhoTarget{msg::grandeTactiqueLabelTheTarget};
inline constexpr Who kWhoShakenUnit{msg::grandeTactiqueLabelTheShakenUnit};
const Who& unitFor(Occasion o);  // "the unit (De-Shaking Phase)", ... in the occasions' labels

// One Morale Check: d6 + DRM against the printed bands.
struct Check {
  int natural = 0;
  int drm = 0;
  int modified = 0;
  Nullable<int> needs;  // the lowest natural roll that passes; empty when none does
  bool passed = false;
};
Check moraleCheck(Context& ctx, const CheckRule& rule, int drm, const Who& who);
// A check's members of a result (natural, drm, modified, needs, passed: every result holding a check
// names them so, results.json).
template <typename Result>
void fillCheck(Result& r, const Check& c) {
  r.natural = c.natural;
  r.drm = c.drm;
  r.modified = c.modified;
  r.needs = c.needs;
  r.passed = c.passed;
}

// A charge's consequence, in the Charging page's words (the result's "consequence", and its summary's
// last sentence): who becomes shaken, or what the excerpt leaves to the melee rules (G-11).
Message chargeConsequence(results::Outcome outcome, int chargers);

// Inputs a caller can get wrong: unit attributes that belong to another arm (conflicting_fields).
void validateUnit(const Unit& unit, const std::string& path);
// Only eager infantry or cavalry, not in square, may charge (Charging page, rules-notes §3.1).
void requireMayCharge(const Unit& unit, const std::string& path);
// Flank and rear charge by one unit exclude each other (seed definitions: began wholly to the side /
// wholly to the rear).
void requireOneDirection(bool flank, bool rear, const std::string& path);
// A charge's contradictions, refused before any die is rolled (the same in a charge and in a
// charger's Morale Check): guns need an artillery target, only infantry charges en masse, only
// cavalry follows up, one direction. `at` is where the charge's fields sit ("" or "/charge"),
// `followUpAt` the follow-up's path.
void requireConsistentCharge(const ChargerSituation& s, Arm charger, const std::string& at, const std::string& followUpAt);

}  // namespace grapeshot::grande_tactique
