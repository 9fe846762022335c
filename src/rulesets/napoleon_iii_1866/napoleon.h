// Shared pieces of the napoleon-iii-1866 procedures (seed 000, rules-notes §1).
#pragma once
#include <string>

#include "core/context.h"

namespace grapeshot::napoleon1866 {

// Terrain protection of a hex: the highest of its terrain and its town/city (V-03, V-16).
int protection(const Context& ctx, const Json& hex);
// City, town or woods: where light troops get their +1 (printed DRM and morale modifiers).
bool lightTroopCover(const Json& hex);

// Refuses a unit whose inputs contradict each other (V-27, V-26), before any die is rolled:
// the heavy cavalry flag on a non-cavalry unit, the light troops flag on artillery, and steps lost
// that already reach the unit's step value. `path` is the unit's JSON Pointer.
void checkUnit(const Json& unit, const std::string& path);

// The state of one unit as a combat result is applied to it.
struct UnitState {
  UnitState(const Json& unit, std::size_t index);
  const Json* unit;
  std::size_t index;
  bool disorganized;
  int stepsLost;
  int steps;  // its step value (V-26); 0 = not given: losses are counted without elimination
  int stepsLostNow = 0;
  bool eliminated = false;
  Json events = Json::array();
};

// One step loss (never beyond the step value); the unit is eliminated with its last step (V-26).
void loseStep(Context& ctx, UnitState& u, const std::string& who);

// What a morale test needs beyond the unit itself.
struct MoraleSituation {
  const Json* hex;  // {terrain, settlement}
  bool stackedWithCommander = false;
  bool enemyOnFlank = false;
  bool rally = false;
  bool commanderAdjacent = false;
  bool enemyArtilleryInRange = false;
  int extraDrm = 0;
};

// Rolls one morale (or rally) test: 1d6 against morale + modifiers (V-05). Returns its report.
Json moraleTest(Context& ctx, const Json& unit, const MoraleSituation& s, const std::string& who, bool& passed);

// Disorganizes a unit; an already disorganized unit loses a step instead (V-07).
void disorganize(Context& ctx, UnitState& u, const std::string& who);

}  // namespace grapeshot::napoleon1866
