// black-powder: the printed seed 004 against the engine. The Break Test Result Table is walked from
// the seed text itself: every printed band x combat type x arm is resolved through the procedures and
// must give the printed outcome; the modifier columns, test list and brigade charts are compared too.
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <sstream>
#include <map>
#include <set>
#include <tuple>

#include "core/engine.h"
#include "core/ruleset.h"
#include "support.h"

using grapeshot::Json;

namespace {

const std::string kSeed = "004_bbca0a589c3a4e4e.txt";

std::vector<std::string> seedLines() {
  std::vector<std::string> lines;
  std::stringstream in(gstest::readFile(gstest::seedPath(kSeed)));
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

std::size_t lineIndex(const std::vector<std::string>& lines, const std::string& startsWith, std::size_t from = 0) {
  for (std::size_t i = from; i < lines.size(); ++i)
    if (lines[i].rfind(startsWith, 0) == 0) return i;
  FAIL("seed line not found: " << startsWith);
  return 0;
}

std::string stripTags(std::string s) {
  for (const std::string tag : {"<i>", "</i>"})
    for (auto p = s.find(tag); p != std::string::npos; p = s.find(tag)) s.erase(p, tag.size());
  return s;
}

const Json& table(const std::string& id) { return grapeshot::findRuleset("black-powder")->table(id); }

Json resolve(Json request) {
  request["ruleset"] = "black-powder";
  return grapeshot::resolve(request);
}

// One printed outcome cell of the Break Test Result Table, split into its arm heading and its text.
struct PrintedCell {
  std::string rollLabel, combatType, heading, text;
};

std::vector<PrintedCell> printedResultTable() {
  const auto lines = seedLines();
  const std::size_t header = lineIndex(lines, "Modified Dice roll\tCombat Type\tOutcome");
  std::vector<PrintedCell> out;
  std::string roll, type;
  for (std::size_t i = header + 1; i < lines.size() && !lines[i].empty(); ++i) {
    const auto cells = gstest::tabRows(lines[i]).at(0);
    if (!cells.at(0).empty()) roll = cells[0];
    if (cells.size() > 1 && !cells[1].empty()) type = cells[1];
    for (std::size_t c = 2; c < cells.size(); ++c) {
      if (cells[c].empty()) continue;
      // The printed heading runs up to the outcome sentence ("The unit ..." or "If the unit ...").
      auto cut = std::min(cells[c].find(" The unit "), cells[c].find(" If the unit "));
      REQUIRE(cut != std::string::npos);
      out.push_back({roll, type, cells[c].substr(0, cut), cells[c].substr(cut + 1)});
    }
  }
  return out;
}

std::vector<int> rollsOf(const std::string& label) {  // modified rolls -3..15 (extraDrm reaches them)
  std::vector<int> rolls;
  const int n = std::stoi(label);
  for (int r = -3; r <= 15; ++r)
    if (label.find("or less") != std::string::npos ? r <= n : label.find("or more") != std::string::npos ? r >= n : r == n)
      rolls.push_back(r);
  return rolls;
}

std::vector<std::string> testsOf(const std::string& printedType) {
  // B-04: A, B are shooting tests; C, D, E hand-to-hand.
  if (printedType == "Shooting") return {"A", "B"};
  if (printedType == "Hand-to-Hand") return {"C", "D", "E"};
  REQUIRE(printedType == "Shooting and Hand-to-Hand");
  return {"A", "B", "C", "D", "E"};
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  return s;
}

}  // namespace

TEST_CASE("black-powder: the five printed break tests and their combat type (B-04)", "[black-powder][tables]") {
  const auto lines = seedLines();
  const auto& rows = table("breakTestOccasions").at("rows");
  std::size_t at = lineIndex(lines, "- A. ");
  REQUIRE(rows.size() == 5);
  for (const auto& row : rows) {
    CHECK(lines.at(at++) == "- " + row.at("label").get<std::string>() + " " + row.at("cells").at(0).get<std::string>());
    const std::string id = row.at("id");
    CHECK(row.at("combatType") == (id == "A" || id == "B" ? "shooting" : "handToHand"));
  }
}

TEST_CASE("black-powder: each printed modifier column is its entries, in order, with that value (B-02)",
          "[black-powder][tables]") {
  const auto lines = seedLines();
  const std::size_t head = lineIndex(lines, "-1\t-2\t-3");
  const auto headings = gstest::tabRows(lines[head]).at(0);
  const auto cells = gstest::tabRows(lines[head + 1]).at(0);
  REQUIRE(headings.size() == 3);
  REQUIRE(cells.size() == 3);
  const auto& entries = table("breakTestModifiers").at("entries");
  int seen = 0;
  for (std::size_t c = 0; c < 3; ++c) {
    std::string joined;
    for (const auto& e : entries)
      if (e.at("column") == headings[c]) {
        joined += (joined.empty() ? "" : " ") + e.at("label").get<std::string>();
        CHECK(e.at("value").get<int>() == std::stoi(headings[c]));
        ++seen;
      }
    CHECK(joined == cells[c]);
  }
  CHECK(seen == static_cast<int>(entries.size()));
  CHECK(seen == 10);
}

TEST_CASE("black-powder: the Break Test Result Table as transcribed equals the seed, cell for cell",
          "[black-powder][tables]") {
  const auto printed = printedResultTable();
  REQUIRE(printed.size() == 11);  // 7 printed lines, 11 outcome cells
  // Every printed cell is in tables.json under its roll and combat type, for each arm its heading names.
  std::set<std::string> transcribed;
  for (const auto& row : table("breakTestResults").at("rows"))
    for (const auto& cell : row.at("cells")) {
      transcribed.insert(row.at("rollLabel").get<std::string>() + "|" + cell.at("heading").get<std::string>() + " " +
                         cell.at("text").get<std::string>());
      CHECK(cell.at("plain") == stripTags(cell.at("text").get<std::string>()));
      for (const auto& ex : cell.value("exceptions", Json::array()))
        transcribed.insert(row.at("rollLabel").get<std::string>() + "|" + ex.at("heading").get<std::string>() + " " +
                           ex.at("text").get<std::string>());
    }
  for (const auto& p : printed) {
    INFO(p.rollLabel << " " << p.combatType << " " << p.heading);
    CHECK(transcribed.count(p.rollLabel + "|" + p.heading + " " + p.text) == 1);
  }
}

TEST_CASE("black-powder: every printed band x combat type x arm x test resolves to the printed outcome",
          "[black-powder][break-test][tables]") {
  // (roll, test, arm) -> the printed cell that decides it. A heading's parenthesis "(Cavalry testing for
  // supporting broken friends)" claims cavalry under test E ahead of the general "Cavalry" cell (B-04).
  std::map<std::tuple<int, std::string, std::string>, const PrintedCell*> specific, general;
  const auto printed = printedResultTable();
  for (const auto& p : printed) {
    std::string heading = p.heading;
    const std::string paren = "(Cavalry testing for supporting broken friends)";
    if (const auto at = heading.find(paren); at != std::string::npos) {
      heading.erase(at, paren.size());
      for (int r : rollsOf(p.rollLabel)) specific[{r, "E", "cavalry"}] = &p;
    }
    std::vector<std::string> arms;
    for (auto& sep : {std::string(", "), std::string(" & ")})
      for (auto at = heading.find(sep); at != std::string::npos; at = heading.find(sep)) heading.replace(at, sep.size(), "|");
    std::stringstream parts(heading);
    for (std::string a; std::getline(parts, a, '|');) arms.push_back(lower(a));
    for (int r : rollsOf(p.rollLabel))
      for (const auto& t : testsOf(p.combatType))
        for (const auto& a : arms) {
          INFO("printed twice: " << r << " " << t << " " << a);
          CHECK(general.count({r, t, a}) == 0);
          general[{r, t, a}] = &p;
        }
  }
  for (const auto& [k, p] : specific) general[k] = p;
  CHECK(general.size() == 19 * 5 * 3);  // rolls -3..15 x tests A-E x 3 arms: the table leaves no gap

  int resolved = 0;
  for (const auto& [key, p] : general) {
    const auto& [roll, test, arm] = key;
    // dice [3,3] = 6, roll - 6 from extraDrm; test C carries Lost Melee -1 of its own: dice [3,4] = 7 - 1.
    const Json dice = test == "C" ? Json{3, 4} : Json{3, 3};
    const Json req{{"procedure", "break-test"}, {"test", test}, {"unit", {{"arm", arm}}}, {"extraDrm", roll - 6}, {"dice", dice}};
    const Json res = resolve(req);
    INFO(roll << " test " << test << " " << arm << ": " << res.dump());
    REQUIRE(res.at("ok") == true);
    const Json& r = res.at("result");
    CHECK(r.at("modifiedRoll") == roll);
    CHECK(r.at("row") == p->rollLabel);
    CHECK(r.at("heading") == p->heading);
    CHECK(r.at("text") == stripTags(p->text));
    // The printed verb decides the consequence.
    const bool retires = p->text.find("<i>retires</i>") != std::string::npos;
    const bool holds = p->text.find("<i>holds its ground</i>") != std::string::npos;
    CHECK(r.at("final") == (retires ? "retire" : holds ? "hold" : "break"));
    CHECK(r.at("unit").at("removed") == (!retires && !holds));
    CHECK(r.at("unit").at("moves") == (retires ? 1 : 0));
    // "Once it has moved, the unit becomes disordered" vs the 7+ cavalry "If unable to comply, ... disordered" (B-08).
    CHECK(r.at("unit").at("disordered") == (p->text.find("Once it has moved, the unit becomes <i>disordered</i>") != std::string::npos));
    // fire (A/B) and shock (C/D/E) share the code: the same request gives the same result.
    Json viaShortcut = req;
    viaShortcut["procedure"] = (test == "A" || test == "B") ? "fire" : "shock";
    CHECK(resolve(viaShortcut).at("result") == r);
    ++resolved;
  }
  CHECK(resolved == 285);
}

TEST_CASE("black-powder: brigade morale charts equal the seed", "[black-powder][brigade-morale][tables]") {
  const auto lines = seedLines();
  const Json& pts = table("brigadeMoralePoints");
  CHECK(lines.at(lineIndex(lines, "Each unit in a brigade")) == pts.at("text"));
  CHECK(lines.at(lineIndex(lines, "At start of own turn")) == pts.at("procedureText"));
  const std::string text = pts.at("text");
  for (const auto& e : pts.at("entries"))
    if (e.contains("value")) CHECK(text.find(e.at("label").get<std::string>()) != std::string::npos);
  CHECK(pts.at("entries").at(0).at("value") == 1);   // "Better units add 1"
  CHECK(pts.at("entries").at(1).at("value") == -1);  // "poorer units deduct 1"

  // "- +1 half or more units ..." / "- +2 all remaining ..."
  const auto& mods = table("brigadeMoraleModifiers").at("entries");
  std::size_t at = lineIndex(lines, "- +1 ");
  for (const auto& e : mods) {
    const std::string line = lines.at(at++);
    CHECK(line == "- +" + std::to_string(e.at("value").get<int>()) + " " + e.at("label").get<std::string>());
  }

  // "Less Than / Equal / More Than": the score against the rating, strictly (B-12).
  const auto& bands = table("brigadeMoraleResults").at("bands");
  at = lineIndex(lines, "Less Than\t");
  const int expectedMin[] = {INT_MIN, 0, 1}, expectedMax[] = {-1, 0, INT_MAX};
  for (std::size_t i = 0; i < 3; ++i) {
    const auto cells = gstest::tabRows(lines.at(at + i)).at(0);
    CHECK(bands[i].at("label") == cells.at(0));
    CHECK(bands[i].at("text") == cells.at(1));
    CHECK((bands[i].at("min").is_null() ? INT_MIN : bands[i].at("min").get<int>()) == expectedMin[i]);
    CHECK((bands[i].at("max").is_null() ? INT_MAX : bands[i].at("max").get<int>()) == expectedMax[i]);
  }
}

TEST_CASE("black-powder: every pair of dice against a rating reads the printed comparison", "[black-powder][brigade-morale]") {
  // Brigade at exactly half (6 of 12, two of four lost: +1).
  const Json units = Json::parse(R"([{"state":"lost"},{"state":"lost"},{},{}])");
  for (int rating : {7, 8, 9})
    for (int a = 1; a <= 6; ++a)
      for (int b = 1; b <= 6; ++b) {
        const Json res = resolve(Json{{"procedure", "brigade-morale"}, {"commandRating", rating}, {"units", units}, {"dice", {a, b}}});
        INFO(rating << " " << a << "+" << b << " " << res.dump());
        const Json& r = res.at("result");
        const int score = a + b + 1;
        CHECK(r.at("score") == score);
        CHECK(r.at("final") == (score < rating ? "pass" : score == rating ? "halt" : "retreat"));
        CHECK(r.at("passed") == (score < rating));
        if (score > rating) CHECK(r.at("retreatMoves") == score - rating);
      }
}
