// grande-tactique: the transcribed Morale Check page (tables.json) against the seed itself, line by
// line: every printed modifier with its value, the G-02 split into any-unit / charger / target
// lists, the bullet definitions, the five occasions, the 4+ criterion and the G-08 stray paragraph.
#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "core/ruleset.h"
#include "support.h"

using grapeshot::Json;

namespace {

// The seed is a web-page scrape: no-break spaces, bullets and doubled spaces. Compare text with
// every run of white space (U+00A0 included) collapsed to one space and the ends trimmed.
std::string squash(const std::string& in) {
  std::string s = in;
  for (auto p = s.find("\xC2\xA0"); p != std::string::npos; p = s.find("\xC2\xA0")) s.replace(p, 2, " ");
  std::string out;
  for (char c : s) {
    const bool space = c == ' ' || c == '\t' || c == '\r';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::vector<std::string> seedLines() {
  std::vector<std::string> lines;
  std::stringstream ss(gstest::readFile(gstest::seedPath("003_457c183c00e390a2.txt")));
  std::string line;
  while (std::getline(ss, line)) {
    line = squash(line);
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

// "• text" bullet lines, without the bullet.
bool bullet(const std::string& line, std::string& text) {
  const std::string mark = "\xE2\x80\xA2 ";  // U+2022
  if (line.rfind(mark, 0) != 0) return false;
  text = line.substr(mark.size());
  return true;
}

const grapeshot::Ruleset& gt() {
  const grapeshot::Ruleset* rs = grapeshot::findRuleset("grande-tactique");
  REQUIRE(rs);
  return *rs;
}

struct Printed {
  std::string table;
  const Json* entry;
};

}  // namespace

TEST_CASE("grande-tactique: every printed modifier line is an entry with its printed value, and vice versa",
          "[grande-tactique][tables]") {
  const auto& rs = gt();
  std::map<std::string, Printed> byText;
  for (const char* t : {"anyUnitModifiers", "chargerModifiers", "targetModifiers"})
    for (const auto& e : rs.table(t).at("entries")) {
      const std::string printed = squash(e.at("printed").get<std::string>());
      CHECK(byText.count(printed) == 0);
      byText[printed] = Printed{t, &e};
    }
  const std::regex modifierLine(R"(^([+-])(\d) (.+)$)");
  std::set<std::string> seen;
  const auto lines = seedLines();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::smatch m;
    if (!std::regex_match(lines[i], m, modifierLine)) continue;
    INFO("seed line: " << lines[i]);
    const auto it = byText.find(lines[i]);
    REQUIRE(it != byText.end());
    const Json& e = *it->second.entry;
    const int value = (m[1] == "-" ? -1 : 1) * std::stoi(m[2]);
    CHECK(e.at("value").get<int>() == value);
    CHECK(squash(e.at("label").get<std::string>()) == m[3].str());
    // The bullet under a modifier line is its printed definition.
    std::string def;
    if (i + 1 < lines.size() && bullet(lines[i + 1], def)) {
      REQUIRE(e.contains("detail"));
      CHECK(squash(e.at("detail").get<std::string>()) == def);
    } else {
      CHECK_FALSE(e.contains("detail"));
    }
    seen.insert(lines[i]);
  }
  // 6 "Quality, Terrain, Mood / Square / General" + 5 "Charging" + 4 "Being Charged" + 7 cavalry lines.
  CHECK(seen.size() == 22);
  CHECK(seen.size() == byText.size());
}

TEST_CASE("grande-tactique: the G-02 split follows the printed wording", "[grande-tactique][tables]") {
  const auto& rs = gt();
  CHECK(rs.table("anyUnitModifiers").at("entries").size() == 6);
  CHECK(rs.table("chargerModifiers").at("entries").size() == 5 + 7);  // before and after the stray paragraph (G-08)
  CHECK(rs.table("targetModifiers").at("entries").size() == 4);
  for (const auto& e : rs.table("targetModifiers").at("entries")) {
    INFO(e.at("printed"));
    CHECK(e.at("label").get<std::string>().find("being charged") != std::string::npos);
  }
  for (const auto& e : rs.table("chargerModifiers").at("entries")) {
    const std::string label = e.at("label").get<std::string>();
    INFO(label);
    // "charging ..." — the only "being charged" wording is G-04's parenthesis, which names the charger's case.
    CHECK((label.find("charging") != std::string::npos || label.find("follow-up charge") != std::string::npos));
    if (label.find("being charged") != std::string::npos) CHECK(e.at("id") == "cavalryChargingCavalry");
  }
  for (const auto& e : rs.table("anyUnitModifiers").at("entries")) CHECK(e.at("label").get<std::string>().rfind("if ", 0) == 0);
}

TEST_CASE("grande-tactique: headings, occasions, criterion, note and the stray paragraph are printed text",
          "[grande-tactique][tables]") {
  const auto& rs = gt();
  const auto lines = seedLines();
  auto printedLine = [&](const std::string& s) {
    return std::find(lines.begin(), lines.end(), squash(s)) != lines.end();
  };
  auto printedIn = [&](const std::string& s) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(squash(s)) != std::string::npos; });
  };
  for (const char* t : {"anyUnitModifiers", "chargerModifiers", "targetModifiers"})
    for (const auto& g : rs.table(t).at("groups")) CHECK(printedLine(g.get<std::string>()));

  // The five occasions, in printed order: the bullets before "The base criterion".
  std::vector<std::string> bullets;
  for (const auto& l : lines) {
    if (l.rfind("The base criterion", 0) == 0) break;
    std::string b;
    if (bullet(l, b)) bullets.push_back(b);
  }
  const Json& check = rs.table("moraleCheck");
  REQUIRE(bullets.size() == check.at("occasions").size());
  for (std::size_t i = 0; i < bullets.size(); ++i) CHECK(squash(check.at("occasions")[i].at("text")) == bullets[i]);

  // "The base criterion for passing a Morale Check is to roll a 4 or higher on a die-roll."
  const std::string criterion = squash(check.at("text"));
  CHECK(printedIn(criterion));
  CHECK(printedIn(check.at("modifiersText")));
  std::smatch m;
  REQUIRE(std::regex_search(criterion, m, std::regex(R"(roll a (\d) or higher)")));
  const int threshold = std::stoi(m[1]);
  CHECK(check.at("threshold") == threshold);
  bool passBand = false;
  for (const auto& b : check.at("bands")) {
    if (b.at("code") == "pass") {
      passBand = true;
      CHECK(b.at("min") == threshold);
      CHECK(b.at("max").is_null());
    } else {
      CHECK(b.at("max") == threshold - 1);
    }
  }
  CHECK(passBand);

  CHECK(printedLine(rs.table("chargerModifiers").at("footer")));
  CHECK(printedLine(check.at("excludedText")[0].at("text")));
  CHECK(check.at("excludedText")[0].at("ruling") == "G-08");
}

TEST_CASE("grande-tactique: each occasion takes the modifier lists G-02 gives it", "[grande-tactique][tables]") {
  std::map<std::string, std::vector<std::string>> expected = {
      {"deShaking", {"anyUnitModifiers"}},
      {"chargeAttempt", {"anyUnitModifiers", "chargerModifiers"}},
      {"beingCharged", {"anyUnitModifiers", "targetModifiers"}},
      {"shakenInfantryBeatenInFiring", {"anyUnitModifiers"}},
      // G-12: the follow-up -1/-2 go on the follow-up charge's own check, not this one.
      {"cavalryAfterSuccessfulCharge", {"anyUnitModifiers"}},
  };
  for (const auto& o : gt().table("moraleCheck").at("occasions")) {
    INFO(o.at("id"));
    CHECK(o.at("modifierTables").get<std::vector<std::string>>() == expected.at(o.at("id").get<std::string>()));
  }
}

TEST_CASE("grande-tactique: every input has a title; enums have labels; optional inputs have defaults",
          "[grande-tactique][schema]") {
  std::function<void(const Json&, const std::string&, bool)> walk = [&](const Json& s, const std::string& where,
                                                                        bool required) {
    INFO(where);
    CHECK(s.contains("title"));
    if (s.contains("enum")) {
      REQUIRE(s.contains("x-enumLabels"));
      CHECK(s.at("x-enumLabels").size() == s.at("enum").size());
    }
    const std::string type = s.at("type");
    // G-14: a default may instead follow another input ("x-defaultFrom", e.g. a unit's state from the occasion).
    if (!required && (type == "boolean" || type == "integer" || type == "string" || type == "array"))
      CHECK((s.contains("default") || s.contains("x-defaultFrom")));
    if (type == "object") {
      CHECK(s.at("additionalProperties") == false);
      const Json req = s.value("required", Json::array());
      for (const auto& [k, sub] : s.at("properties").items())
        walk(sub, where + "/" + k, std::find(req.begin(), req.end(), Json(k)) != req.end());
    }
    if (type == "array") walk(s.at("items"), where + "/items", true);
  };
  const Json& procs = gt().meta().at("procedures");
  CHECK(procs.size() == 3);
  for (const auto& [name, p] : procs.items()) walk(p.at("inputs"), name, true);
  for (const auto& [name, o] : gt().meta().at("options").items()) {
    INFO(name);
    CHECK(o.contains("ruling"));
    CHECK(o.at("default") == false);
  }
}
