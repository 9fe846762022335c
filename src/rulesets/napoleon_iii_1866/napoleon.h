// Shared pieces of the napoleon-iii-1866 procedures (seed 000, rules-notes §1): the typed inputs the
// combat, morale and rally procedures read once per request, and the unit state they change.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "core/context.h"
#include "core/message.h"
#include "core/typed.h"
#include "napoleon_iii_1866_inputs.h"
#include "napoleon_iii_1866_results.h"

namespace grapeshot::napoleon1866 {

// The inputs as ruleset.json's schemas declare them, generated from it (scripts/gen-inputs.mjs):
// each procedure's Inputs struct, the Options, and an enum for every enum of the schemas.
namespace inputs = ::grapeshot::inputs::napoleon_iii_1866;
using inputs::Arm;
using inputs::CommanderAt;
using inputs::Crossing;  // movement's hexside crossed (not combat's Hexside)
using inputs::Hexside;
using inputs::kArmNames;
using inputs::kCommanderAtNames;
using inputs::kCrossingNames;
using inputs::kHexsideNames;
using inputs::kNationalityNames;
using inputs::kRouteNames;
using inputs::kSettlementNames;
using inputs::kTerrainNames;
using inputs::Nationality;
using inputs::Route;  // the route movement enters by
using inputs::Settlement;
using inputs::Terrain;

// A hex as combat and morale read it. Its protection is the highest of its terrain and its
// town/city (V-03, V-16), read from the terrain chart once.
struct Hex {
  Terrain terrain = Terrain::clear;
  Settlement settlement = Settlement::none;
  int level = 1;
  int protection = 1;
  // City, town or woods: where light troops get their +1 (printed DRM and morale modifiers).
  bool cover() const { return terrain == Terrain::woods || settlement != Settlement::none; }
};

// Any unit of any procedure; fields a procedure's schema lacks keep these defaults.
struct Unit {
  int combatValue = 0;
  int morale = 0;
  int stepsLost = 0;
  int steps = 0;  // its step value (V-26); 0 = not given: losses are counted without elimination
  int level = 1;
  Arm arm = Arm::infantry;
  Nationality nationality = Nationality::other;
  Hexside hexside = Hexside::open;
  bool heavyCavalry = false, lightTroops = false, prussianGuard = false, disorganized = false;
  bool outOfCommand = false, formationDemoralised = false, enemyOnFlank = false;
  bool steepSlope = false, flank = false, adjacent = false;
  Hex hex;  // an attacker's own hex, for its morale tests
};

using Commander = inputs::ShockAttackerCommander;  // the defender's is the same (ShockDefenderCommander)

// The ruleset options (rulings) the procedures read.
struct Rulings {
  bool rollUnder;          // V05_mode
  bool doubleLoss;         // V08_double_loss
  bool mirrorTerrain;      // V09_mirror_terrain
  inputs::V13Range commanderRange;  // V13_range
  bool streamAttackerOnly;  // V15_attacker_only
  bool stepPerHex;          // V21_step_per_hex
  explicit Rulings(const inputs::Options& options);
};

// A hex, its protection read from the terrain chart; and a unit of each of the schema's unit shapes
// (fields a shape lacks keep Unit's defaults; only an attacking unit has a hex of its own).
Hex readHex(Terrain terrain, Settlement settlement, int level);
Unit readUnit(const inputs::FireFirer& firer);
Unit readUnit(const inputs::FireTargetUnit& unit);  // also ShockDefenderUnit
Unit readUnit(const inputs::ShockAttackerUnit& unit);
Unit readUnit(const inputs::MoraleUnit& unit);  // also RallyUnit
// Refuses a unit whose inputs contradict each other (V-27, V-26) before any die is rolled: the heavy
// cavalry flag on a non-cavalry unit, the light troops flag on artillery, steps lost that already
// reach the unit's step value. `path` is the unit's JSON Pointer.
void checkUnit(const Unit& unit, const std::string& path);

namespace results = ::grapeshot::results::napoleon_iii_1866;  // the typed results (results.json)
using results::Event;

// What a CRT cell orders, read from its printed text (Combat result key).
enum class Order { nothing, moraleTest, disorganize, disorganizePlusOne };
inline Order orderOf(std::string_view cell) {
  if (cell == "T") return Order::moraleTest;
  if (cell == "D") return Order::disorganize;
  if (cell == "D+1") return Order::disorganizePlusOne;
  return Order::nothing;
}


// The state of one unit as a combat result is applied to it.
struct UnitState {
  explicit UnitState(const Unit& u)
      : disorganized(u.disorganized), stepsLost(u.stepsLost), steps(u.steps) {}
  bool disorganized;
  int stepsLost;
  int steps;
  int stepsLostNow = 0;
  bool eliminated = false;
  std::array<Event, 8> events{};  // at most: disorganized or a step, two steps, eliminated
  std::size_t eventCount = 0;
  void record(Event e) { events[eventCount++] = e; }
};

// One step loss (never beyond the step value); the unit is eliminated with its last step (V-26).
void loseStep(Context& ctx, UnitState& u, const std::string& who);
// Disorganizes a unit; an already disorganized unit loses a step instead (V-07).
void disorganize(Context& ctx, UnitState& u, const std::string& who);

// What a morale test needs beyond the unit itself.
struct MoraleSituation {
  const Hex* hex = nullptr;
  bool stackedWithCommander = false;
  bool enemyOnFlank = false;
  bool rally = false;
  bool commanderAdjacent = false;
  bool enemyArtilleryInRange = false;
  int extraDrm = 0;
};

struct MoraleTest {
  int target;
  int natural;
  bool passed;
  bool rollUnder;
  Message ruleMessage() const;  // "d6 3 <= 5", as the printed test is read (V-05)
  std::string rule() const { return ruleMessage().text(); }
};

// Rolls one morale (or rally) test: 1d6 against morale + modifiers (V-05).
MoraleTest moraleTest(Context& ctx, const Rulings& rulings, const Unit& unit, const MoraleSituation& s,
                      const std::string& who);

}  // namespace grapeshot::napoleon1866
