// The typed inputs against the schemas they are generated from (ruleset.json, scripts/gen-inputs.mjs):
// each names list the procedures use is exactly the schema's enum, in order, wherever the schema
// declares that field (the generator's output held to the data it reads; a hand-written list, such
// as Waterloo's matrix states, to the lists it must cover), and a validated request is read into its
// struct with the schema's defaults. The generator's rules on small schemas: tests/js/gen-inputs.test.mjs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/ruleset.h"
#include "rulesets/battles_of_waterloo/crm.h"
#include "rulesets/grande_tactique/grande_tactique.h"
#include "rulesets/napoleon_iii_1866/napoleon.h"
#include "battles_of_waterloo_inputs.h"

using grapeshot::Json;

namespace {

// Every enum list the procedures' input schemas declare for a property named `field`.
std::vector<Json> enumsOf(const char* ruleset, const std::string& field, const std::set<std::string>& procedures = {}) {
  std::vector<Json> out;
  std::vector<const Json*> stack;
  const auto* rs = grapeshot::findRuleset(ruleset);
  REQUIRE(rs);
  for (const auto& [name, p] : rs->meta().at("procedures").items())
    if (procedures.empty() || procedures.count(name)) stack.push_back(&p.at("inputs"));
  while (!stack.empty()) {
    const Json& s = *stack.back();
    stack.pop_back();
    if (s.contains("properties"))
      for (const auto& [key, sub] : s.at("properties").items()) {
        if (key == field && sub.contains("enum")) out.push_back(sub.at("enum"));
        stack.push_back(&sub);
      }
    if (s.contains("items")) stack.push_back(&s.at("items"));
  }
  return out;
}

template <std::size_t N>
Json names(const grapeshot::EnumNames<N>& n) {
  Json out = Json::array();
  for (const char* s : n) out.push_back(s);
  return out;
}

template <std::size_t N>
bool covers(const grapeshot::EnumNames<N>& n, const Json& schemaEnum) {
  std::set<std::string> known(n.begin(), n.end());
  for (const auto& v : schemaEnum)
    if (!known.count(v.get<std::string>())) return false;
  return true;
}

// Every enum `field` of these procedures (all when empty) is exactly `expected`, at least `atLeast` of them.
void checkEnums(const char* ruleset, const std::set<std::string>& procedures, const char* field, const Json& expected,
                std::size_t atLeast) {
  const auto lists = enumsOf(ruleset, field, procedures);
  CHECK(lists.size() >= atLeast);
  for (const auto& l : lists) {
    INFO(field << ": " << l.dump());
    CHECK(l == expected);
  }
}

}  // namespace

TEST_CASE("napoleon-iii-1866: the typed enums are the schema's, in order", "[typed]") {
  namespace nap = grapeshot::napoleon1866;
  const std::set<std::string> typed{"fire", "shock", "morale", "rally"};
  const auto check = [&typed](const char* field, const Json& expected, std::size_t atLeast) {
    checkEnums("napoleon-iii-1866", typed, field, expected, atLeast);
  };
  check("nationality", names(nap::kNationalityNames), 3);
  check("terrain", names(nap::kTerrainNames), 4);
  check("settlement", names(nap::kSettlementNames), 4);
  check("type", names(nap::kArmNames), 4);
  check("hexside", names(nap::kHexsideNames), 1);
  check("position", names(nap::kCommanderAtNames), 2);
  // movement's own lists
  CHECK(enumsOf("napoleon-iii-1866", "route", {"movement"}) == std::vector<Json>{names(nap::kRouteNames)});
  CHECK(enumsOf("napoleon-iii-1866", "hexside", {"movement"}) == std::vector<Json>{names(nap::kCrossingNames)});
  CHECK(enumsOf("napoleon-iii-1866", "unitType", {"movement"}) == std::vector<Json>{names(nap::kArmNames)});
}

TEST_CASE("battles-of-waterloo: every state and unit type a schema allows has an enumerator", "[typed]") {
  namespace wl = grapeshot::waterloo;
  for (const auto& l : enumsOf("battles-of-waterloo", "state")) {
    INFO(l.dump());
    CHECK(covers(wl::kStateNames, l));
  }
  // The types the matrix reads (fire targets, shock units, charge reactions); `rally` and `stacking`
  // have their own coarser lists (cavalry, leader) and never build a matrix unit.
  int unitTypes = 0;
  for (const auto& l : enumsOf("battles-of-waterloo", "type"))
    if (covers(wl::kArmNames, l)) ++unitTypes;
  CHECK(unitTypes >= 3);
  CHECK(names(wl::kStateNames) == Json{"Normal", "D-1", "D-2", "Routed", "Blown", "Eliminated"});
}

TEST_CASE("grande-tactique: the typed enums are the schema's, in order", "[typed]") {
  namespace gt = grapeshot::grande_tactique;
  const auto check = [](const char* field, const Json& expected, std::size_t atLeast) {
    checkEnums("grande-tactique", {}, field, expected, atLeast);
  };
  check("arm", names(gt::kArmNames), 6);
  check("quality", names(gt::kQualityNames), 3);
  check("followUp", names(gt::kFollowUpNames), 2);
  check("occasion", names(gt::kOccasionNames), 1);
  check("state", Json{"eager", "shaken"}, 5);  // read as Unit::shaken
}

TEST_CASE("Fields reads an object's members by name, in any order", "[typed]") {
  const Json unit = Json::parse(R"({"type":"cavalry","steps":3,"flank":true,"morale":4})");
  const grapeshot::Fields f(unit);
  CHECK(*f.find("steps") == 3);
  CHECK(*f.find("type") == "cavalry");  // before the last found: the search wraps
  CHECK(*f.find("morale") == 4);
  CHECK(f.find("level") == nullptr);  // absent
  CHECK(f.at("flank") == true);
  CHECK(f.find("step") == nullptr);  // a prefix is not the key
  CHECK(f.at("morale") == 4);
  CHECK_THROWS_AS(f.at("cohesion"), std::out_of_range);
  const Json empty = Json::object();
  CHECK(grapeshot::Fields(empty).find("type") == nullptr);
}

TEST_CASE("generated inputs: a validated request is read into its procedure's struct", "[typed]") {
  namespace in = grapeshot::inputs::napoleon_iii_1866;
  const auto* rs = grapeshot::findRuleset("napoleon-iii-1866");
  REQUIRE(rs);
  const Json request = Json::parse(R"({
    "attacker": {"units": [{"combatValue": 5, "type": "cavalry", "heavyCavalry": true, "steps": 3, "morale": 4,
                            "hexside": "riverBridge", "terrain": "woods"}], "extraDrm": -2},
    "defender": {"terrain": "marsh", "settlement": "city", "units": [{"combatValue": 2, "morale": 3}]}})");
  in::ShockInputs s;
  read(rs->inputsValidator("shock").validate(request, ""), s);
  REQUIRE(s.attacker.units.size() == 1);
  const in::ShockAttackerUnit& a = s.attacker.units[0];
  CHECK(a.combatValue == 5);
  CHECK(a.type == in::Arm::cavalry);
  CHECK(a.heavyCavalry);
  CHECK(a.steps == std::optional<int>(3));
  CHECK(a.hexside == in::Hexside::riverBridge);
  CHECK(a.terrain == in::Terrain::woods);
  CHECK(a.nationality == in::Nationality::other);  // the schema's defaults, filled by validation
  CHECK(a.level == 1);
  CHECK(s.attacker.extraDrm == -2);
  CHECK(s.attacker.commander.position == in::CommanderAt::none);  // an absent group, filled
  CHECK(s.defender.terrain == in::Terrain::marsh);
  CHECK(s.defender.settlement == in::Settlement::city);
  REQUIRE(s.defender.units.size() == 1);
  CHECK(s.defender.units[0].morale == 3);
  CHECK_FALSE(s.defender.units[0].steps.has_value());  // optional without a default: absent
  CHECK_FALSE(s.night);

  in::Options o;
  read(rs->optionsValidator().validate(Json::parse(R"({"V13_range": "commandRange"})"), ""), o);
  CHECK(o.V05_mode == in::V05Mode::roll_under);
  CHECK(o.V08_double_loss);
  CHECK(o.V13_range == in::V13Range::commandRange);
}

TEST_CASE("generated inputs: lists of values that share a property name get the names of where they are declared",
          "[typed]") {
  namespace in = grapeshot::inputs::battles_of_waterloo;
  // Waterloo's "state" is five different lists; each enum is the schema's list, in order.
  CHECK(names(in::kActionStateNames) == Json{"Normal", "D-1"});
  CHECK(names(in::kUnitStateNames) == Json{"Normal", "D-1", "D-2", "Routed", "Blown"});
  CHECK(static_cast<int>(in::UnitState::D_2) == 2);  // "D-2" as an identifier
  const auto lists = enumsOf("battles-of-waterloo", "state");
  CHECK(std::count(lists.begin(), lists.end(), names(in::kUnitStateNames)) >= 1);
  CHECK(std::count(lists.begin(), lists.end(), names(in::kRallyStateNames)) >= 1);
}
