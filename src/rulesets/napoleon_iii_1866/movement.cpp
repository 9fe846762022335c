// Movement cost to enter a hex and cross its hexside (seed 000 terrain table, V-17, V-18).
#include <cstdlib>

#include "napoleon.h"

namespace grapeshot::napoleon1866 {
namespace {

Json prohibited(Context& ctx, const std::string& reason, const std::string& row) {
  ctx.trace(Json{{"kind", "prohibited"}, {"reason", reason}, {"ref", "Terrain effects: " + row}});
  ctx.tally("cost", "prohibited");
  return Json{{"prohibited", true}, {"cost", nullptr}, {"reason", reason}, {"effects", Json::array()}};
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

  if (hexside == "river") return prohibited(ctx, "River: impassable except at bridges", "River");
  if (hexside == "escarpment" && !onRoute)
    return prohibited(ctx, "Escarpment: impassable except by road/path/RR track", "Escarpment");
  if (mounted && levels > 0 && in.at("steepSlope").get<bool>() && !onRoute)
    return prohibited(ctx, "Art & cav: forbidden through steep slope out of road/path/RR track", "Level");
  if (mounted && terrain == "marsh" && !onRoute)
    return prohibited(ctx, "Marsh: cav. & art. impassable except by road/path/RR track", "Marsh");

  const std::string t = "movementCosts";
  Modifiers cost(ctx, "movementCost", "entering the hex");
  Json effects = Json::array();
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
  if (terrain == "woods" && type == "cavalry" && !onRoute) {
    // "Cav. disorganized" with footnote 2: no step loss if already disorganized (V-07).
    effects.push_back(in.at("disorganized").get<bool>() ? "noEffectAlreadyDisorganized" : "disorganized");
    ctx.note(in.at("disorganized").get<bool>() ? "cavalry entering woods: already disorganized, does not lose a step"
                                               : "cavalry entering woods is disorganized",
             "V-07");
  }
  if (in.at("settlement") != "none") ctx.note("town/city: movement as the other terrain in the hex", "Terrain effects");
  cost.entry(t, "perLevel", levels);
  if (hexside == "stream" && !onRoute) cost.entry(t, "stream");
  if (hexside == "ravine") cost.entry(t, "ravine");
  if (route == "road")
    ctx.note("footnote 3: +1 free MP (2 for cavalry) at the end of movement after 2 successive road hexes", "V-17");
  ctx.tally("cost", cost.total());
  return Json{{"prohibited", false}, {"cost", cost.total()}, {"effects", std::move(effects)}};
}

}  // namespace
}  // namespace grapeshot::napoleon1866

GRAPESHOT_PROCEDURES(napoleon_iii_1866, {"movement", grapeshot::napoleon1866::movement});
