// Break tests A-E (seed 004 "Break Tests", "Break Test Result Table"; rules-notes §4.3-4.5, B-01…B-10).
// One code path serves three procedures: `break-test` (any test), `fire` (A/B) and `shock` (C/D/E),
// whose schemas offer only the tests that read the Shooting or the Hand-to-Hand rows.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/context.h"
#include "core/error.h"

namespace grapeshot::black_powder {
namespace {

const char* const kOccasions = "breakTestOccasions";
const char* const kModifiers = "breakTestModifiers";
const char* const kResults = "breakTestResults";

// "shooting" or "handToHand" for test A-E (B-04), as tabulated with the printed test list.
std::string combatTypeOf(const Context& ctx, const std::string& test) {
  for (const auto& row : ctx.table(kOccasions).at("rows"))
    if (row.at("id") == test) return row.at("combatType").get<std::string>();
  throw std::logic_error("black-powder: no break test " + test);
}

// What the hand-to-hand inputs say about the melee the unit (or, under E, its side) fought.
struct Melee {
  bool lost = false;
  bool totals = false;  // both combat results were given
  int own = 0;
  int enemy = 0;
  bool enemyCavalry = false;
};

Melee readMelee(Context& ctx, const std::string& test, bool shooting) {
  Melee m;
  if (!ctx.in.contains("melee")) return m;  // `fire`: no hand-to-hand inputs at all
  const Json& in = ctx.in.at("melee");
  const bool hasOwn = in.contains("ownTotal"), hasEnemy = in.contains("enemyTotal");
  m.enemyCavalry = in.at("enemyCavalry").get<bool>();
  if (shooting && (hasOwn || hasEnemy || m.enemyCavalry))
    throw RequestError(code::kConflictingFields,
                       "test " + test + " is a shooting test: hand-to-hand combat inputs do not apply", "/melee");
  if (hasOwn != hasEnemy)
    throw RequestError(code::kMissingField, "give both combat results to compare them, or neither",
                       hasOwn ? "/melee/enemyTotal" : "/melee/ownTotal");
  m.totals = hasOwn;
  if (m.totals) {
    m.own = in.at("ownTotal").get<int>();
    m.enemy = in.at("enemyTotal").get<int>();
  }
  if (test == "C") {
    if (m.totals && m.own >= m.enemy)
      throw RequestError(code::kConflictingFields,
                         "test C is taken by the loser of the melee, but the combat results say it did not lose",
                         "/melee/ownTotal");
    m.lost = true;
  } else if (test == "D") {
    if (m.totals && m.own != m.enemy)
      throw RequestError(code::kConflictingFields, "test D follows a drawn melee, but the combat results differ",
                         "/melee/ownTotal");
  } else if (test == "E") {
    // B-17: a supporting unit shares its side's melee; it "lost the melee" only when the totals show it.
    m.lost = m.totals && m.own < m.enemy;
    if (!m.totals)
      GS_RULING(ctx, "B-17", "no combat results given: the supporting unit is not taken to have lost the melee");
    else if (m.lost)
      GS_RULING(ctx, "B-17", "the combat results show the supporting unit's side lost the melee");
  }
  return m;
}

struct Applicable {
  std::string id;
  int times;
};

// Keeps the worst member of each exclusive group (B-03) unless the group's stackWhen option is on.
std::vector<Applicable> resolveGroups(Context& ctx, std::vector<Applicable> terms) {
  const Json& table = ctx.table(kModifiers);
  const auto groupOf = [&](const std::string& id) { return ctx.entry(kModifiers, id).value("exclusiveGroup", ""); };
  const auto value = [&](const Applicable& a) { return ctx.entryValue(kModifiers, a.id) * a.times; };
  for (const auto& [group, rule] : table.at("exclusiveGroups").items()) {
    std::vector<Applicable> members;
    for (const auto& t : terms)
      if (groupOf(t.id) == group) members.push_back(t);
    if (members.size() < 2) continue;
    const std::string ref = rule.at("ruling").get<std::string>();
    if (rule.contains("stackWhen") &&
        ctx.options.at(rule.at("stackWhen").at("option").get<std::string>()) == rule.at("stackWhen").at("equals")) {
      GS_RULING(ctx, ref, "the melee-margin modifiers are added together (option " +
                          rule.at("stackWhen").at("option").get<std::string>() + ")");
      continue;
    }
    const auto worst = *std::min_element(members.begin(), members.end(),
                                         [&](const Applicable& a, const Applicable& b) { return value(a) < value(b); });
    std::string dropped;
    for (const auto& t : members)
      if (t.id != worst.id) dropped += (dropped.empty() ? "" : ", ") + ctx.entry(kModifiers, t.id).at("label").get<std::string>();
    GS_RULING(ctx, ref, "only the worst of the tier counts: " + ctx.entry(kModifiers, worst.id).at("label").get<std::string>() +
                        " replaces " + dropped);
    terms.erase(std::remove_if(terms.begin(), terms.end(),
                               [&, g = group](const Applicable& t) { return groupOf(t.id) == g && t.id != worst.id; }),
                terms.end());
  }
  return terms;
}

int breakTestDrm(Context& ctx, const std::string& test, bool shooting, const Melee& melee, int excess) {
  const Json& unit = ctx.in.at("unit");
  const std::string arm = unit.at("arm").get<std::string>();
  std::vector<Applicable> terms;
  if (excess > 0) terms.push_back({"perExcessCasualty", excess});
  if (unit.at("disordered").get<bool>()) terms.push_back({"disordered", 1});
  if (melee.lost) {
    terms.push_back({"lostMelee", 1});
    if (melee.totals) {
      // B-05: compare the combat results; a loser's 0 against any hits counts as treble.
      const bool treble = melee.own * 3 <= melee.enemy;
      const bool dbl = melee.own * 2 <= melee.enemy;
      if (dbl) terms.push_back({"lostMeleeDouble", 1});
      if (treble) terms.push_back({"lostMeleeTreble", 1});
      if (melee.own == 0) GS_RULING(ctx, "B-05", "lost with a combat result of 0: counts as treble");
    } else {
      GS_NOTE(ctx, "no combat results given: the double/treble margin is not assessed", "B-05");
    }
    if (melee.enemyCavalry) {
      if (arm == "infantry") {
        terms.push_back({"infantryLostMeleeVsCavalry", 1});
        if (unit.at("skirmishing").get<bool>()) terms.push_back({"skirmishingInfantryLostMeleeVsCavalry", 1});
      } else {
        GS_NOTE(ctx, "lost against cavalry: the modifier is for infantry only", "B-03");
      }
    }
  } else if (melee.enemyCavalry) {
    GS_NOTE(ctx, "against cavalry, but the melee was not lost: no modifier", "B-03");
  }
  if (ctx.in.value("artilleryCasualties", false)) {
    if (shooting) terms.push_back({"artilleryCasualties", 1});
    else GS_RULING(ctx, "B-07", "casualties from artillery count for tests A or B only: no modifier under test " + test);
  }
  if (ctx.in.at("enemyOnFlank").get<bool>()) terms.push_back({"enemyInContactWithFlank", 1});
  if (ctx.in.at("enemyOnRear").get<bool>()) terms.push_back({"enemyInContactWithRear", 1});

  terms = resolveGroups(ctx, std::move(terms));
  Modifiers drm(ctx, StepKind::drm, "break test " + test);
  for (const auto& e : ctx.table(kModifiers).at("entries"))  // in printed order
    for (const auto& t : terms)
      if (t.id == e.at("id")) drm.entry(kModifiers, t.id, t.times, e.value("ruling", ""));
  drm.add(ctx.in.at("extraDrm").get<int>(), "extra modifier (rules outside the excerpt)", "input");
  return drm.total();
}

// The printed result cell for this modified roll, combat type and arm, with the test-E exception.
const Json& resultCell(Context& ctx, int roll, const std::string& combatType, const std::string& arm,
                       const std::string& test, std::string& rowLabel) {
  const Json& table = ctx.table(kResults);
  const auto& columns = table.at("columns");
  const auto col = static_cast<std::size_t>(std::find(columns.begin(), columns.end(), arm) - columns.begin());
  for (const auto& row : table.at("rows")) {
    const Json& r = row.at("roll");
    if (row.at("combatType") != combatType || (!r.at("min").is_null() && roll < r.at("min").get<int>()) ||
        (!r.at("max").is_null() && roll > r.at("max").get<int>()))
      continue;
    rowLabel = row.at("rollLabel").get<std::string>();
    const Json& cell = row.at("cells").at(col);
    if (cell.contains("exceptions"))
      for (const auto& ex : cell.at("exceptions"))
        if (ex.at("when").at("test") == test) {
          GS_RULING(ctx, ex.at("ruling").get<std::string>(),
                     "cavalry testing for supporting broken friends (test " + test + ") holds as infantry does");
          return ex;
        }
    if (cell.contains("ruling")) {
      const std::string ref = cell.at("ruling").get<std::string>();
      GS_RULING(ctx, ref, ref == "B-10" ? "artillery breaks on every hand-to-hand result, 7 or more included"
                                    : "cavalry at 7 or more in hand-to-hand retires without becoming disordered, "
                                      "unless it cannot comply");
    }
    return cell;
  }
  throw std::logic_error("black-powder: no result row for " + std::to_string(roll) + " " + combatType);
}

Json breakTest(Context& ctx) {
  const std::string test = ctx.in.at("test").get<std::string>();
  const std::string combatType = combatTypeOf(ctx, test);
  const bool shooting = combatType == "shooting";
  GS_TRACE(ctx, StepKind::combatType, Json{{"value", combatType},
                 {"reason", "test " + test + " is read on the " + (shooting ? "Shooting" : "Hand-to-Hand") + " rows"},
                 {"ref", "B-04"}});
  const Json& unit = ctx.in.at("unit");
  const std::string arm = unit.at("arm").get<std::string>();
  if (unit.value("skirmishing", false) && arm != "infantry")
    throw RequestError(code::kConflictingFields, "only infantry skirmishes", "/unit/skirmishing");
  const int stamina = unit.at("stamina").get<int>(), casualties = unit.at("casualties").get<int>();
  const int excess = std::max(0, casualties - stamina);
  if (test == "A" && excess == 0)
    GS_NOTE(ctx, "test A is taken for excess hits from shooting; this unit has no casualties above its stamina", "B-06");

  const Melee melee = readMelee(ctx, test, shooting);
  const int drm = breakTestDrm(ctx, test, shooting, melee, excess);

  // B-01: 2D6, each die reported.
  const int d1 = ctx.roll(kD6, "break test " + test + ", first die");
  const int d2 = ctx.roll(kD6, "break test " + test + ", second die");
  const int modified = d1 + d2 + drm;
  GS_TRACE(ctx, StepKind::modifiedRoll, Json{{"value", modified},
                 {"reason", std::to_string(d1) + " + " + std::to_string(d2) + (drm < 0 ? " - " : " + ") +
                                std::to_string(std::abs(drm)) + " = " + std::to_string(modified)},
                 {"ref", "Break Test Result Table"}});

  std::string rowLabel;
  const Json& cell = resultCell(ctx, modified, combatType, arm, test, rowLabel);
  const std::string outcome = cell.at("code").get<std::string>();
  const auto& effects = cell.at("effects");
  const auto has = [&](const char* e) { return std::find(effects.begin(), effects.end(), e) != effects.end(); };

  // Apply the printed consequence; "unable to comply" comes from the player's roomToRetire (B-09).
  bool removed = has("break"), disordered = unit.at("disordered").get<bool>();
  int moves = 0;
  std::string what;
  if (has("retire")) {
    const std::string room = ctx.in.at("roomToRetire").get<std::string>();
    if (room == "none") {
      removed = true;
      what = "cannot retire to a tenable position: breaks and is removed from the field";
      GS_NOTE(ctx, "unable to comply with two moves to its rear: the unit breaks", "B-09");
    } else if (room == "twoMoves") {
      moves = 2;
      disordered = true;
      what = "retires two moves to its rear to a tenable position and is disordered";
    } else {
      moves = 1;
      if (has("disorderedAfterMove")) {
        disordered = true;
        what = "retires one full move to its rear, then is disordered";
      } else {
        what = "retires one full move to its rear (not disordered: it could comply)";
      }
    }
  } else if (removed) {
    what = "breaks and is removed from the field";
  } else {
    what = "holds its ground";
  }
  const std::string final = removed ? "break" : moves ? "retire" : "hold";

  Json after{{"arm", arm}, {"removed", removed}, {"moves", moves}, {"disordered", disordered}};
  if (!removed) {
    // rules-notes §4.4 step 4: a unit that survives its test drops back to its stamina in casualties.
    const int left = std::min(casualties, stamina);
    if (left < casualties)
      GS_NOTE(ctx, "survived the test: casualties reduced from " + std::to_string(casualties) + " to its stamina " +
                   std::to_string(stamina),
               "rules-notes §4.4");
    after["casualties"] = left;
    after["shaken"] = left >= stamina;
  }
  ctx.tally("outcome", outcome);
  ctx.tally("final", final);
  ctx.tally("modifiedRoll", modified);

  const std::string armLabel = std::string(1, static_cast<char>(std::toupper(arm[0]))) + arm.substr(1);
  return Json{{"test", test},
              {"combatType", combatType},
              {"dice", Json::array({d1, d2})},
              {"drm", drm},
              {"modifiedRoll", modified},
              {"row", rowLabel},
              {"outcome", outcome},
              {"heading", cell.at("heading")},
              {"text", cell.at("plain")},
              {"final", final},
              {"unit", after},
              {"summary", "Test " + test + " (" + (shooting ? "shooting" : "hand-to-hand") + "), " + armLabel + ": " +
                              std::to_string(d1) + "+" + std::to_string(d2) + (drm < 0 ? "" : "+") +
                              std::to_string(drm) + " = " + std::to_string(modified) +
                              (rowLabel == std::to_string(modified) ? "" : " (" + rowLabel + ")") + " -> " +
                              what + "."}};
}

}  // namespace
}  // namespace grapeshot::black_powder

GRAPESHOT_PROCEDURES(black_powder, {"break-test", grapeshot::black_powder::breakTest},
                     {"fire", grapeshot::black_powder::breakTest}, {"shock", grapeshot::black_powder::breakTest});
