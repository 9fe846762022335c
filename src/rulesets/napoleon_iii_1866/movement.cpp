// Movement cost to enter a hex and cross its hexside (seed 000 terrain table, V-17, V-18).
#include <cstdlib>

#include "core/error.h"
#include "napoleon.h"

namespace grapeshot::napoleon1866 {
namespace {

Json prohibited(Context& ctx, const std::string& reason, const std::string& row) {
  GS_TRACE(ctx, StepKind::prohibited, Json{{"reason", reason}, {"ref", "Terrain effects: " + row}});
  ctx.tally("cost", "prohibited");
  return Json{{"prohibited", true}, {"cost", nullptr}, {"reason", reason}, {"effects", Json::array()},
              {"summary", "The move is prohibited: " + reason + "."}};
}

Json movement(Context& ctx) {
  const Json& in = ctx.in;
  const std::string type = in.at("unitType").get<std::string>();
  const std::string terrain = in.at("terrain").get<std::string>();
  const std::string hexside = in.at("hexside").get<std::string>();
  const std::string route = in.at("route").get<std::string>();
  const bool onRoute = route != "none";
  const bool mounted = type == "cavalry" || type == "artillery";
  const int levels = std::abs(in.at("levelChange").get<int>());
  const bool steepSlope = in.at("steepSlope").get<bool>();
  if (steepSlope && levels == 0)  // V-27
    throw RequestError(code::kConflictingFields, "a steep slope is a change of level, and levelChange is 0",
                       "/steepSlope");
  if (in.at("lightTroops").get<bool>() && type != "infantry")  // V-27: light troops (Jäger) are infantry
    throw RequestError(code::kConflictingFields, "light troops are infantry, and this unit is " + type,
                       "/lightTroops");

  if (hexside == "river") return prohibited(ctx, "River: impassable except at bridges", "River");
  if (hexside == "escarpment" && !onRoute)
    return prohibited(ctx, "Escarpment: impassable except by road/path/RR track", "Escarpment");
  if (mounted && steepSlope && !onRoute)
    return prohibited(ctx, "Art & cav: forbidden through steep slope out of road/path/RR track", "Level");
  if (mounted && terrain == "marsh" && !onRoute)
    return prohibited(ctx, "Marsh: cav. & art. impassable except by road/path/RR track", "Marsh");

  const std::string t = "movementCosts";
  Modifiers cost(ctx, StepKind::movementCost, "entering the hex");
  Json effects = Json::array();
  if (route == "railroad") GS_RULING(ctx, "V-24", "a railroad track counts as road/path for footnotes 1 and 3 and the exceptions");
  if (onRoute) {
    // Footnote 1: terrain marked 1 (marsh, woods, town, city, stream) costs as the road/path entered by (V-17).
    cost.entry(t, route, 1, "V-17");
  } else if (terrain == "marsh") {
    cost.entry(t, "marshInfantry");
  } else {
    cost.entry(t, "standard");
    if (terrain == "woods") {
      if (mounted) cost.entry(t, "woodsArtilleryCavalry");
      else cost.entry(t, in.at("lightTroops").get<bool>() ? "woodsJager" : "woodsInfantry");
    }
  }
  // V-22: footnote 1 covers the whole woods entry along a road/path/RR track: no disorganization,
  // unless V22_woods_road_disorganizes reads footnote 2 literally.
  const bool literal = ctx.option<bool>("V22_woods_road_disorganizes");
  if (terrain == "woods" && type == "cavalry" && onRoute)
    GS_RULING(ctx, "V-22", literal ? "cavalry entering woods is disorganized even along a " + route +
                                     " (V22_woods_road_disorganizes)"
                               : "cavalry entering woods along a " + route + " is not disorganized (footnote 1)");
  if (terrain == "woods" && type == "cavalry" && (!onRoute || literal)) {
    // "Cav. disorganized" with footnote 2: no step loss if already disorganized (V-07).
    effects.push_back(in.at("disorganized").get<bool>() ? "noEffectAlreadyDisorganized" : "disorganized");
    GS_NOTE(ctx, in.at("disorganized").get<bool>() ? "cavalry entering woods: already disorganized, does not lose a step"
                                               : "cavalry entering woods is disorganized",
             "V-07");
  }
  if (in.at("settlement") != "none") GS_NOTE(ctx, "town/city: movement as the other terrain in the hex", "Terrain effects");
  // V-23: the level and ravine costs carry no footnote 1, so they apply along a road too.
  cost.entry(t, "perLevel", levels, onRoute ? "V-23" : "");
  if (hexside == "stream" && !onRoute) cost.entry(t, "stream");
  if (hexside == "ravine") cost.entry(t, "ravine", 1, onRoute ? "V-23" : "");
  if (route == "road")
    GS_NOTE(ctx, "footnote 3: +1 free MP (2 for cavalry) at the end of movement after 2 successive road hexes", "V-17");
  ctx.tally("cost", cost.total());
  std::string summary = "Entering the hex costs " + std::to_string(cost.total()) + " MP";
  if (!effects.empty())
    summary += effects.at(0) == "disorganized" ? "; the cavalry is disorganized" : "; the cavalry, already disorganized, loses no step";
  return Json{{"prohibited", false}, {"cost", cost.total()}, {"effects", std::move(effects)}, {"summary", summary + "."}};
}

}  // namespace
}  // namespace grapeshot::napoleon1866

GRAPESHOT_PROCEDURES(napoleon_iii_1866, {"movement", grapeshot::napoleon1866::movement});
