// Movement cost to enter a hex and cross its hexside (seed 000 terrain table, V-17, V-18).
#include <cstdlib>

#include "core/error.h"
#include "napoleon.h"
#include "napoleon_iii_1866_printed.h"
#include "napoleon_iii_1866_tables.h"

namespace grapeshot::napoleon1866 {
namespace tables = ::grapeshot::tables::napoleon_iii_1866;  // the ids of tables.json (generated)
namespace printed = ::grapeshot::printed::napoleon_iii_1866;  // its tables as constants (generated)
namespace {

// The printed label of a row of the terrain chart (a constant: an unknown id fails to compile).
constexpr std::string_view terrainRow(std::string_view id) {
  for (const auto& row : printed::terrain.rows)
    if (row.id == id) return row.label;
  throw "no such row of the terrain chart";
}

// Entering one hex: rolls no dice, so binding and playing happen once; the inputs are still read
// into their types first, and contradictions refused there (V-27).
class Movement final : public Play {
 public:
  using Inputs = inputs::MovementInputs;
  using Options = inputs::Options;
  Movement(const Ruleset& rs, const Inputs& in, const Options& options)
      : type_(in.unitType),
        terrain_(in.terrain),
        settlement_(in.settlement),
        hexside_(in.hexside),
        route_(in.route),
        levels_(std::abs(in.levelChange)),
        steepSlope_(in.steepSlope),
        lightTroops_(in.lightTroops),
        disorganized_(in.disorganized),
        literal_(options.V22_woods_road_disorganizes) {
    (void)rs;
    if (steepSlope_ && levels_ == 0)  // V-27
      throw RequestError(code::kConflictingFields, msg::napoleonIii1866ErrorSteepSlopeNoLevelChange(),
                         "/steepSlope");
    if (lightTroops_ && type_ != Arm::infantry)  // V-27: light troops (Jäger) are infantry
      throw RequestError(code::kConflictingFields,
                         msg::napoleonIii1866ErrorLightTroopsInfantry(enumName(type_, kArmNames)),
                         "/lightTroops");
  }

  void play(Context& ctx, JsonWriter* out) const override {
    const bool onRoute = route_ != Route::none;
    const bool mounted = type_ == Arm::cavalry || type_ == Arm::artillery;
    const bool woods = terrain_ == Terrain::woods;
    if (hexside_ == Crossing::river) return prohibited(ctx, out, msg::napoleonIii1866ReasonRiverImpassable(), kRiver);
    if (hexside_ == Crossing::escarpment && !onRoute)
      return prohibited(ctx, out, msg::napoleonIii1866ReasonEscarpmentImpassable(), kEscarpment);
    if (mounted && steepSlope_ && !onRoute)
      return prohibited(ctx, out, msg::napoleonIii1866ReasonSteepSlopeForbidden(), kLevel);
    if (mounted && terrain_ == Terrain::marsh && !onRoute)
      return prohibited(ctx, out, msg::napoleonIii1866ReasonMarshImpassable(), kMarsh);

    const char* t = tables::movementCosts.id;
    const std::string route = enumName(route_, kRouteNames);
    Modifiers cost(ctx, StepKind::movementCost, words(ctx, msg::napoleonIii1866LabelEnteringTheHex()));
    std::optional<results::Effect> effect;  // what entering does to the unit, if anything
    if (route_ == Route::railroad) GS_RULING(ctx, "V-24", msg::napoleonIii1866RulingRailroadAsRoad());
    if (onRoute) {
      // Footnote 1: terrain marked 1 (marsh, woods, town, city, stream) costs as the road/path entered by (V-17).
      cost.entry(t, route, 1, "V-17");
    } else if (terrain_ == Terrain::marsh) {
      cost.entry(tables::movementCosts.marshInfantry);
    } else {
      cost.entry(tables::movementCosts.standard);
      if (woods) {
        if (mounted) cost.entry(tables::movementCosts.woodsArtilleryCavalry);
        else cost.entry(t, lightTroops_ ? "woodsJager" : "woodsInfantry");
      }
    }
    // V-22: footnote 1 covers the whole woods entry along a road/path/RR track: no disorganization,
    // unless V22_woods_road_disorganizes reads footnote 2 literally.
    const bool cavalry = type_ == Arm::cavalry;
    if (woods && cavalry && onRoute)
      GS_RULING(ctx, "V-22", literal_ ? msg::napoleonIii1866RulingWoodsRoadDisorganizes(routeWord())
                                      : msg::napoleonIii1866RulingWoodsRoadNotDisorganized(routeWord()));
    if (woods && cavalry && (!onRoute || literal_)) {
      // "Cav. disorganized" with footnote 2: no step loss if already disorganized (V-07).
      effect = disorganized_ ? results::Effect::noEffectAlreadyDisorganized : results::Effect::disorganized;
      GS_NOTE(ctx, disorganized_ ? msg::napoleonIii1866NoteWoodsAlreadyDisorganized()
                                 : msg::napoleonIii1866NoteWoodsDisorganizes(),
               "V-07");
    }
    if (settlement_ != Settlement::none) GS_NOTE(ctx, msg::napoleonIii1866NoteTownAsOtherTerrain(), "Terrain effects");
    // V-23: the level and ravine costs carry no footnote 1, so they apply along a road too.
    cost.entry(tables::movementCosts.perLevel, levels_, onRoute ? "V-23" : "");
    if (hexside_ == Crossing::stream && !onRoute) cost.entry(tables::movementCosts.stream);
    if (hexside_ == Crossing::ravine) cost.entry(tables::movementCosts.ravine, 1, onRoute ? "V-23" : "");
    if (route_ == Route::road)
      GS_NOTE(ctx, msg::napoleonIii1866NoteFootnote3FreeMp(), "V-17");
    ctx.tally(results::MovementTally::cost, cost.total());
    if (!out) return;
    results::MovementResult r;
    r.cost = cost.total();
    if (effect) r.effects.push_back(*effect);
    write(*out, r);
  }

 private:
  // The road, path or railroad a sentence names: the value as the request spells it, in French the
  // form's label in lower case ("route", "sentier", "voie ferrée").
  std::string routeWord() const {
    if (currentLang() != Lang::fr) return enumName(route_, kRouteNames);
    std::string w = enumName(route_, inputs::kRouteLabelsFr);
    if (!w.empty() && w[0] >= 'A' && w[0] <= 'Z') w[0] = static_cast<char>(w[0] - 'A' + 'a');
    return w;
  }

  // The rows of the terrain chart whose prohibitions the move may meet.
  static constexpr std::string_view kRiver = terrainRow("river"), kEscarpment = terrainRow("escarpment"),
                                    kLevel = terrainRow("level"), kMarsh = terrainRow("marsh");

  static void prohibited(Context& ctx, JsonWriter* out, const Message& reason, std::string_view row) {
    GS_STEP(ctx, step::Prohibited{{}, reason,
                                  msg::napoleonIii1866ReasonTerrainRow(ctx.printedText(printed::terrain.title),
                                                                       ctx.printedText(row)).text()});
    ctx.tally(results::MovementTally::cost, "prohibited");
    if (!out) return;
    results::MovementResult r;
    r.prohibited = true;
    r.reason = reason;
    write(*out, r);
  }

  Arm type_;
  Terrain terrain_;
  Settlement settlement_;
  Crossing hexside_;
  Route route_;
  int levels_;
  bool steepSlope_, lightTroops_, disorganized_, literal_;
};

}  // namespace
}  // namespace grapeshot::napoleon1866

GRAPESHOT_PROCEDURES(napoleon_iii_1866, {"movement", grapeshot::bindTyped<grapeshot::napoleon1866::Movement>});
