// Shared pieces of the napoleon-iii-1866 procedures (seed 000, rules-notes §1).
#pragma once
#include <string>

#include "core/context.h"

namespace grapeshot::napoleon1866 {

// Terrain protection of a hex: the highest of its terrain and its town/city (V-03, V-16).
int protection(const Context& ctx, const Json& hex);
// City, town or woods: where light troops get their +1 (printed DRM and morale modifiers).
bool lightTroopCover(const Json& hex);

// The state of one unit as a combat result is applied to it.
struct UnitState {
  const Json* unit;
  std::size_t index;
  bool disorganized;
  int stepsLost;
  int stepsLostNow = 0;
  Json events = Json::array();
};

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
