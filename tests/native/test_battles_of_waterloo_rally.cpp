// battles-of-waterloo rally and leaving square against the printed seed: the band tables and modifier
// lists as transcribed, then the procedures over every natural d10 (0-9, W-01) and a range of ratings
// and DRMs, with W-02, W-23 and W-27 in both settings. Worked cases live in tests/fixtures/battles-of-waterloo/.
#include <catch2/catch.hpp>

#include <map>
#include <sstream>

#include "core/engine.h"
#include "core/ruleset.h"
#include "support.h"

using grapeshot::Json;

namespace {

using gstest::isPipeRule;
using gstest::pipeCells;
using gstest::trim;

const char* kId = "battles-of-waterloo";




// The pipe table whose first line starts with `head` (Markdown rules under headers skipped).
std::vector<std::vector<std::string>> tableStartingWith(const std::string& head) {
  std::stringstream text(gstest::readFile(gstest::seedPath("002_71cd96c2710d1958.txt")));
  std::string line;
  std::vector<std::vector<std::string>> rows;
  bool in = false;
  while (std::getline(text, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!in && line.rfind(head, 0) != 0) continue;
    if (line.empty() || line[0] != '|') break;
    in = true;
    if (!isPipeRule(line)) rows.push_back(pipeCells(line));
  }
  REQUIRE(!rows.empty());
  return rows;
}

const grapeshot::Ruleset& ruleset() {
  const grapeshot::Ruleset* rs = grapeshot::findRuleset(kId);
  REQUIRE(rs);
  return *rs;
}

// The rows under "Modifiers" of a printed table ("label | +2"), as label -> value.
std::vector<std::pair<std::string, int>> printedModifiers(const std::vector<std::vector<std::string>>& rows,
                                                          std::size_t from) {
  std::vector<std::pair<std::string, int>> out;
  for (std::size_t r = from; r < rows.size(); ++r) out.emplace_back(rows[r][0], std::stoi(rows[r][1]));
  return out;
}

Json run(const std::string& procedure, Json in, int die, Json options = Json::object()) {
  in["ruleset"] = kId;
  in["procedure"] = procedure;
  in["dice"] = Json::array({die});
  if (!options.empty()) in["options"] = options;
  const Json r = grapeshot::resolve(in);
  INFO(r.dump());
  REQUIRE(r.at("ok") == true);
  return r.at("result");
}

}  // namespace

TEST_CASE("Waterloo rally tables equal the seed", "[battles-of-waterloo][rally]") {
  // "| Rallying Routed Units |" then "| 0-1 Unit is Rallied, remove Routed Marker |" ...
  const auto routed = tableStartingWith("| Rallying Routed Units");
  const Json& bands = ruleset().table("rallyRouted").at("bands");
  REQUIRE(routed.size() - 1 == bands.size());
  for (std::size_t i = 1; i < routed.size(); ++i) {
    const std::string& line = routed[i][0];
    const std::string range = line.substr(0, line.find(' '));
    CHECK(bands.at(i - 1).at("label") == range);
    CHECK(bands.at(i - 1).at("text") == line.substr(range.size() + 1));
  }
  const auto disordered = tableStartingWith("| Rallying D-1/D-2 Units");
  const Json& dBands = ruleset().table("rallyDisordered").at("bands");
  REQUIRE(disordered.size() - 1 == dBands.size());
  for (std::size_t i = 1; i < disordered.size(); ++i) {
    CHECK(dBands.at(i - 1).at("label") == disordered[i][0]);
    CHECK(dBands.at(i - 1).at("text") == disordered[i][1]);
  }
  const auto mods = printedModifiers(tableStartingWith("| Rally Modifiers"), 1);
  const Json& entries = ruleset().table("rallyModifiers").at("entries");
  REQUIRE(mods.size() == entries.size());
  for (std::size_t i = 0; i < mods.size(); ++i) {
    CHECK(entries.at(i).at("label") == mods[i].first);
    CHECK(entries.at(i).at("value") == mods[i].second);
  }
}

TEST_CASE("Waterloo rally of a routed unit: every natural d10 and DRM lands in the printed band", "[battles-of-waterloo][rally]") {
  // Bands read from the seed ("0-1", "2-6", "7-9"); rolls beyond 0-9 are read on the end bands.
  std::vector<std::tuple<int, int, std::string>> bands;
  const auto routed = tableStartingWith("| Rallying Routed Units");
  for (std::size_t i = 1; i < routed.size(); ++i) {
    const std::string range = routed[i][0].substr(0, routed[i][0].find(' '));
    bands.emplace_back(std::stoi(range.substr(0, range.find('-'))), std::stoi(range.substr(range.find('-') + 1)), range);
  }
  auto bandOf = [&](int total) {
    const int t = std::clamp(total, std::get<0>(bands.front()), std::get<1>(bands.back()));
    for (const auto& [lo, hi, label] : bands)
      if (t >= lo && t <= hi) return label;
    return std::string();
  };
  const std::map<std::string, std::string> newState{{"0-1", "Normal"}, {"2-6", "D-1"}, {"7-9", "Routed"}};
  // Situations whose DRM is known by hand: none 0; not in command +2; in ZOC + not in command +3;
  // overall commander -2; commander + Blucher (Prussian) -4.
  const std::vector<std::pair<Json, int>> situations{
      {Json::object(), 0},
      {Json{{"inCommand", false}}, 2},
      {Json{{"inCommand", false}, {"inEnemyZoc", true}}, 3},
      {Json{{"overallCommander", "stacked"}}, -2},
      {Json{{"overallCommander", "adjacent"}, {"blucherWithin2", true}}, -4}};
  int checked = 0;
  for (const auto& [situation, drm] : situations)
    for (int die = 0; die <= 9; ++die) {
      Json in = situation;
      in["unit"] = Json{{"state", "Routed"}, {"cohesion", 5}, {"steps", 3}, {"nationality", "prussian"}};
      const Json res = run("rally", in, die);
      INFO("die " << die << " drm " << drm);
      CHECK(res.at("drm") == drm);
      CHECK(res.at("total") == die + drm);
      CHECK(res.at("band") == bandOf(die + drm));
      CHECK(res.at("newState") == newState.at(bandOf(die + drm)));
      CHECK(res.at("routRetreat") == (bandOf(die + drm) == "7-9"));
      ++checked;
    }
  CHECK(checked == 50);
}

TEST_CASE("Waterloo rally of D-1/D-2: modified roll < Cohesion removes disorder (W-02, W-27)", "[battles-of-waterloo][rally]") {
  for (const bool le : {false, true})
    for (const bool oneLevel : {false, true})
      for (const char* state : {"D-1", "D-2"})
        for (int cohesion = 0; cohesion <= 9; ++cohesion)
          for (int die = 0; die <= 9; ++die) {
            INFO(state << " cohesion " << cohesion << " die " << die << " W02_rally_le " << le << " W27_one_level " << oneLevel);
            // Not in command +2 (printed): the roll compared is die + 2.
            const Json res = run("rally",
                                 Json{{"unit", {{"state", state}, {"cohesion", cohesion}, {"steps", 2}}}, {"inCommand", false}},
                                 die, Json{{"W02_rally_le", le}, {"W27_one_level", oneLevel}});
            const int total = die + 2;
            const bool rallied = le ? total <= cohesion : total < cohesion;
            CHECK(res.at("rallied") == rallied);
            const std::string after = !rallied ? state : (std::string(state) == "D-2" && oneLevel ? "D-1" : "Normal");
            CHECK(res.at("newState") == after);
          }
}

TEST_CASE("Waterloo leaving square: the printed table and every roll, W-23 both ways", "[battles-of-waterloo][leave-square]") {
  const auto rows = tableStartingWith("| Leaving Square");
  // "| <= Cohesion Rating | Leave Square |", "| > Cohesion Rating | Leave Square, Become Disordered |", "| Modifiers | |"
  const Json& bands = ruleset().table("leavingSquare").at("bands");
  CHECK(bands.at(0).at("label") == rows[2][0]);
  CHECK(bands.at(0).at("text") == rows[2][1]);
  CHECK(bands.at(1).at("label") == rows[3][0]);
  CHECK(bands.at(1).at("text") == rows[3][1]);
  REQUIRE(rows[4][0] == "Modifiers");
  const auto mods = printedModifiers(rows, 5);
  const Json& entries = ruleset().table("leavingSquareModifiers").at("entries");
  REQUIRE(mods.size() == entries.size());
  std::map<std::string, int> printed;
  for (std::size_t i = 0; i < mods.size(); ++i) {
    CHECK(entries.at(i).at("label") == mods[i].first);
    CHECK(entries.at(i).at("value") == mods[i].second);
    printed[mods[i].first] = mods[i].second;
  }
  // Matrix d/D column for infantry, read by hand from the seed: Normal -> D-1, D-1 -> D-2, D-2 -> routs.
  const std::map<std::string, std::string> disordered{{"Normal", "D-1"}, {"D-1", "D-2"}, {"D-2", "Routed"}};
  for (const bool swap : {false, true})
    for (const char* state : {"Normal", "D-1", "D-2"})
      for (const bool zoc : {false, true})
        for (const bool leader : {false, true})
          for (int die = 0; die <= 9; ++die) {
            const int cohesion = 5;
            int drm = (zoc ? printed.at("In an Enemy Zone of Control") : 0) +
                      (leader ? printed.at("Unit is Stacked with a Leader") : 0);
            const std::string s = state;
            // W23_swap exchanges the printed D-1 and D-2 values.
            if (s == "D-1") drm += printed.at(swap ? "Unit is D-2" : "Unit is D-1");
            if (s == "D-2") drm += printed.at(swap ? "Unit is D-1" : "Unit is D-2");
            INFO(s << " zoc " << zoc << " leader " << leader << " die " << die << " swap " << swap);
            const Json res = run("leave-square",
                                 Json{{"unit", {{"state", s}, {"cohesion", cohesion}}}, {"inEnemyZoc", zoc},
                                      {"stackedWithLeader", leader}},
                                 die, Json{{"W23_swap", swap}});
            const bool passed = die + drm <= cohesion;  // "<= Cohesion Rating"
            CHECK(res.at("drm") == drm);
            CHECK(res.at("passed") == passed);
            CHECK(res.at("text") == (passed ? rows[2][1] : rows[3][1]));
            CHECK(res.at("newState") == (passed ? s : disordered.at(s)));
          }
}
