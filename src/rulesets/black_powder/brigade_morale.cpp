// Brigade Morale Test (seed 004 "Brigade Morale Test"; rules-notes §4.3-4.5, B-11…B-16).
// Points are kept in half-points so that shaken units' halves stay exact (B-11).
#include <algorithm>
#include <string>

#include "core/context.h"
#include "core/error.h"

namespace grapeshot::black_powder {
namespace {

const char* const kPoints = "brigadeMoralePoints";
const char* const kModifiers = "brigadeMoraleModifiers";
const char* const kResults = "brigadeMoraleResults";

// Half-points as JSON: an integer when whole, else n.5.
Json points(int halves) { return halves % 2 == 0 ? Json(halves / 2) : Json(halves / 2.0); }
std::string pointsText(int halves) { return std::to_string(halves / 2) + (halves % 2 ? ".5" : ""); }

std::string numberText(double v) {
  std::string s = std::to_string(v);
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

Json brigadeMorale(Context& ctx) {
  const Json& table = ctx.table(kPoints);
  const Json& units = ctx.in.at("units");
  const int started = static_cast<int>(units.size());
  int startHalves = 0, nowHalves = 0, lost = 0, shaken = 0;
  Json perUnit = Json::array();
  for (std::size_t i = 0; i < units.size(); ++i) {
    const Json& u = units[i];
    int value = u.at("stamina").get<int>();
    const std::string quality = u.at("quality").get<std::string>();
    if (quality != "standard") value += ctx.entryValue(kPoints, quality);  // "Better units add 1 and poorer units deduct 1"
    const std::string state = u.at("state").get<std::string>();
    // B-11: a shaken unit counts its points x num/den (half), a lost one nothing.
    const Json& half = ctx.entry(kPoints, "shaken");
    const int counted = state == "lost"     ? 0
                        : state == "shaken" ? 2 * value * half.at("num").get<int>() / half.at("den").get<int>()
                                            : 2 * value;
    startHalves += 2 * value;
    nowHalves += counted;
    lost += state == "lost";
    shaken += state == "shaken";
    perUnit.push_back(Json{{"points", value}, {"counts", points(counted)}, {"state", state}});
    GS_TRACE(ctx, StepKind::points, Json{{"for", "unit " + std::to_string(i + 1)}, {"value", points(counted)},
                   {"reason", "stamina " + std::to_string(u.at("stamina").get<int>()) +
                                  (quality == "better" ? " +1 better" : quality == "poorer" ? " -1 poorer" : "") + ", " +
                                  state},
                   {"ref", state == "fresh" ? "Brigade Morale Points" : "B-11"}});
  }
  const int left = started - lost;
  if (left == 0)
    throw RequestError(code::kProhibited, "every unit of the brigade is lost: there is no brigade left to test", "/units");

  Json result{{"startingPoints", points(startHalves)}, {"points", points(nowHalves)}, {"unitsStarted", started},
              {"unitsLeft", left}, {"unitsLost", lost}, {"units", perUnit}};
  const auto finish = [&](const std::string& final, const std::string& summary) {
    ctx.tally("final", final);
    result["final"] = final;
    result["summary"] = summary;
    return result;
  };

  // B-14: the last-unit removal is checked first, at the same moment, before the points test.
  const Json& autoBreak = table.at("autoBreak");
  const int unitsLeftRule = autoBreak.at("unitsLeft").get<int>(), unless = autoBreak.at("unlessStartedWith").get<int>();
  if (left == unitsLeftRule && started > unless) {
    GS_RULING(ctx, "B-14", "only " + std::to_string(left) + " unit left of " + std::to_string(started) +
                           ": removed as broken, before any points test");
    ctx.tally("tested", false);
    result["removed"] = true;
    return finish("removed", "Only 1 unit left of " + std::to_string(started) +
                                 ": the brigade is automatically removed as broken. No dice rolled.");
  }
  if (left == unitsLeftRule)
    GS_NOTE(ctx, started == unless ? "1 unit left, but the brigade started with 2: not removed"
                               // Judgment: a one-unit brigade has lost nothing; "left" implies losses.
                               : "a brigade that began with a single unit is not removed by the last-unit rule",
             "B-14");
  result["removed"] = false;

  // Test when at half strength or below in points (B-11: exact halves, <= num/den of the start).
  const Json& when = table.at("testWhen");
  const int num = when.at("num").get<int>(), den = when.at("den").get<int>();
  const bool test = nowHalves * den <= startHalves * num;
  GS_TRACE(ctx, StepKind::check, Json{{"for", "brigade morale"}, {"value", points(nowHalves)},
                 {"reason", pointsText(nowHalves) + " of " + pointsText(startHalves) + " points: " +
                                (test ? "half or below, test" : "above half, no test")},
                 {"ref", "B-11"}});
  ctx.tally("tested", test);
  if (!test)
    return finish("noTest", "Brigade at " + pointsText(nowHalves) + " of " + pointsText(startHalves) +
                                " points, above half: no brigade morale test. No dice rolled.");

  // Modifiers, cumulative (B-15). "Lost" = destroyed, broken or left the table (B-11).
  Modifiers drm(ctx, StepKind::drm, "brigade morale test");
  if (2 * lost >= started) drm.entry(kModifiers, "halfOrMoreUnitsLost", 1, "B-11");
  if (lost >= 1 && shaken == left) drm.entry(kModifiers, "allRemainingShakenAndOneLost", 1, "B-15");
  drm.add(ctx.in.at("extraDrm").get<int>(), "extra modifier (rules outside the excerpt)", "input");

  const int d1 = ctx.roll(kD6, "brigade morale test, first die");
  const int d2 = ctx.roll(kD6, "brigade morale test, second die");
  const int score = d1 + d2 + drm.total();
  const int rating = ctx.in.at("commandRating").get<int>();
  const int margin = score - rating;  // bands are relative to the command rating (B-12: strict)
  const Json* band = nullptr;
  for (const auto& b : ctx.table(kResults).at("bands"))
    if ((b.at("min").is_null() || margin >= b.at("min").get<int>()) &&
        (b.at("max").is_null() || margin <= b.at("max").get<int>()))
      band = &b;
  const std::string code = band->at("code").get<std::string>();
  const std::string how = std::to_string(d1) + " + " + std::to_string(d2) +
                          (drm.total() ? " + " + std::to_string(drm.total()) : "") + " = " + std::to_string(score) +
                          " vs commander's rating " + std::to_string(rating);
  GS_TRACE(ctx, StepKind::check, Json{{"for", "brigade morale test"}, {"value", score}, {"target", rating},
                 {"reason", how + ": " + band->at("label").get<std::string>()}, {"ref", "B-12, B-16"}});
  if (code == "halt") GS_RULING(ctx, "B-12", "equal to the rating is a failure: no movement towards the enemy");

  result.update(Json{{"dice", Json::array({d1, d2})}, {"drm", drm.total()}, {"score", score}, {"commandRating", rating},
                     {"band", band->at("label")}, {"text", band->at("text")}, {"passed", code == "pass"}});
  ctx.tally("passed", code == "pass");
  ctx.tally("pointsOfFailure", std::max(0, margin));
  std::string effect;
  if (code == "retreat") {
    const double per = ctx.option<double>("B13_distance_per_point");
    const double moves = per * margin;
    GS_RULING(ctx, "B-13", std::to_string(margin) + " point(s) of failure x " + numberText(per) + " move(s) per point");
    result["pointsOfFailure"] = margin;
    result["retreatMoves"] = moves == static_cast<int>(moves) ? Json(static_cast<int>(moves)) : Json(moves);
    result["orders"] = "rally only";
    effect = "retreats " + numberText(moves) + " move(s) towards its own base edge (" + std::to_string(margin) +
             " point(s) of failure); lost if it leaves the table; only Rally orders this turn";
  } else if (code == "halt") {
    result["orders"] = "any, but no movement towards the enemy";
    effect = "no movement towards the enemy this turn; any orders may be issued";
  } else {
    result["orders"] = "any";
    effect = "carries on as normal";
  }
  return finish(code, "Brigade at " + pointsText(nowHalves) + " of " + pointsText(startHalves) + " points: " + how +
                          " -> " + band->at("label").get<std::string>() + ": " + effect + ".");
}

}  // namespace
}  // namespace grapeshot::black_powder

GRAPESHOT_PROCEDURES(black_powder, {"brigade-morale", grapeshot::black_powder::brigadeMorale});
