// Shared pieces of the grande-tactique procedures (seed 003, the Morale Check page; rules-notes §3).
#pragma once
#include <optional>
#include <string>

#include "core/context.h"

namespace grapeshot::grande_tactique {

// What the charger reads off its target, and the geometry of the charge (G-13: booleans from the
// table, never computed here).
struct ChargerSituation {
  std::string targetArm;  // "infantry" | "cavalry" | "artillery"
  bool targetShaken = false;
  bool targetInSquare = false;
  bool inFrontOfGuns = false;
  bool flankCharge = false;
  bool rearCharge = false;
  bool enMasse = false;
  bool helpFromFriends = false;
  std::string followUp = "none";  // "none" | "first" | "second" (G-07)
  bool counterchargedByCavalry = false;
};

// What the unit being charged reads off the charge against it.
struct TargetSituation {
  int chargers = 1;
  bool byCavalry = false;
  bool flankCharge = false;
  bool rearCharge = false;
};

// Printed modifiers of one family (G-02), added to `drm` with their printed labels.
void anyUnitModifiers(Context& ctx, Modifiers& drm, const Json& unit, bool shaken);
void chargerModifiers(Context& ctx, Modifiers& drm, const Json& unit, const ChargerSituation& s);
void targetModifiers(Context& ctx, Modifiers& drm, const Json& unit, const TargetSituation& s);

// One Morale Check: d6 + DRM against the printed bands (pass on 4+, G-01; option G01_nat).
struct Check {
  int natural = 0;
  int drm = 0;
  int modified = 0;
  std::optional<int> needs;  // the lowest natural roll that passes; empty when none does
  bool passed = false;
  Json report() const;
};
Check moraleCheck(Context& ctx, int drm, const std::string& who);
// "needs 3+", "cannot pass" — what a player says at the table.
std::string needsText(const Check& c);

// Inputs a caller can get wrong: unit attributes that belong to another arm (conflicting_fields).
void validateUnit(const Json& unit, const std::string& path);
// Only eager infantry or cavalry, not in square, may charge (Charging page, rules-notes §3.1).
void requireMayCharge(const Json& unit, const std::string& path);
// Flank and rear charge by one unit exclude each other (seed definitions: began wholly to the side /
// wholly to the rear).
void requireOneDirection(bool flank, bool rear, const std::string& path);

}  // namespace grapeshot::grande_tactique
