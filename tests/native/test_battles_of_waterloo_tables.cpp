// battles-of-waterloo: the FIRE and SHOCK COMBAT TABLEs against the printed seed, cell by cell, through the
// Grid and the public lookup(); and each errata/blank-fill patch option (W-06, W-14, W-15, W-16) in both
// settings. The seed prints its tables as Markdown pipe tables.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "core/engine.h"
#include "core/errata.h"
#include "core/ruleset.h"
#include "support.h"

using grapeshot::Json;

namespace {

const char* kId = "battles-of-waterloo";

using gstest::pipeCells;

// The pipe-table lines that follow the line `title` in the seed, up to the next non-table line.
std::vector<std::vector<std::string>> tableAfter(const std::string& title) {
  std::stringstream text(gstest::readFile(gstest::seedPath("002_71cd96c2710d1958.txt")));
  std::string line;
  while (std::getline(text, line) && line != title) {
  }
  std::vector<std::vector<std::string>> rows;
  bool started = false;
  while (std::getline(text, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() && !started) continue;
    if (line.empty() || line[0] != '|') break;
    started = true;
    if (line.find("---") != std::string::npos) continue;  // the Markdown rule under a header
    rows.push_back(pipeCells(line));
  }
  return rows;
}

Json printed(const std::string& cell) { return cell.empty() ? Json(nullptr) : Json(cell); }

const grapeshot::Ruleset& ruleset() {
  const grapeshot::Ruleset* rs = grapeshot::findRuleset(kId);
  REQUIRE(rs);
  return *rs;
}

Json options(std::initializer_list<std::pair<const char*, Json>> changes) {
  Json o = ruleset().defaultOptions();
  for (const auto& [k, v] : changes) o[k] = v;
  return o;
}

// The grid as a request with `opts` reads it: the patches they switch on, found once.
grapeshot::PatchedGrid patched(const grapeshot::Grid* g, const Json& opts) { return grapeshot::Errata(ruleset(), opts).grid(*g); }

Json lookupCell(int column, int roll, const Json& opts) {
  const Json r = grapeshot::lookup(Json{{"ruleset", kId}, {"table", "fire"}, {"column", column}, {"roll", roll},
                                        {"options", opts}});
  REQUIRE(r.at("ok") == true);
  return r.at("cell");
}

}  // namespace

TEST_CASE("Waterloo fire table: headers, rows and every cell equal the seed", "[battles-of-waterloo][tables]") {
  const auto rows = tableAfter("FIRE COMBAT TABLE");
  // "| | | …" (blank header), "| Infantry | <1* | … |", "| Artillery | … |", "| Die Roll | … |", 12 rows.
  REQUIRE(rows.size() == 16);
  const grapeshot::Grid* g = ruleset().grid("fire");
  REQUIRE(g);
  REQUIRE(g->columns() == 9);
  const Json& t = ruleset().table("fire");
  REQUIRE(rows[1][0] == "Infantry");
  REQUIRE(rows[2][0] == "Artillery");
  for (int c = 0; c < 9; ++c) {
    const auto i = static_cast<std::size_t>(c);
    CHECK(g->columnLabel(c) == rows[2][i + 1]);
    const Json& inf = t.at("scales").at("infantry").at(i);
    CHECK((inf.is_null() ? std::string() : inf.at("label").get<std::string>()) == rows[1][i + 1]);
    CHECK(t.at("scales").at("artillery").at(i).at("label") == rows[2][i + 1]);
  }
  // Printed setting (W06_fire_blank = "blank"): every cell exactly as printed, the blank as null.
  const Json asPrinted = options({{"W06_fire_blank", "blank"}});
  int checked = 0, blanks = 0;
  for (int r = 0; r < 12; ++r) {
    const auto& line = rows[4 + static_cast<std::size_t>(r)];
    REQUIRE(line.size() == 10);
    const int roll = g->firstRow() + r;
    CHECK(g->rowLabel(roll) == line[0]);
    for (int c = 0; c < 9; ++c) {
      INFO("fire row " << line[0] << " column " << g->columnLabel(c));
      const Json want = printed(line[static_cast<std::size_t>(c) + 1]);
      CHECK(patched(g, asPrinted).cell(c, roll) == want);
      CHECK(lookupCell(c, roll, asPrinted) == want);
      if (want.is_null()) ++blanks;
      ++checked;
    }
  }
  CHECK(checked == 108);
  CHECK(blanks == 1);
}

TEST_CASE("Waterloo fire table: W06_fire_blank fills only row 6 / column 1", "[battles-of-waterloo][tables]") {
  const grapeshot::Grid* g = ruleset().grid("fire");
  const Json dash = options({{"W06_fire_blank", "-"}});
  const Json blank = options({{"W06_fire_blank", "blank"}});
  CHECK(ruleset().defaultOptions().at("W06_fire_blank") == "-");
  CHECK(patched(g, dash).cell(1, 6) == "-");
  CHECK(lookupCell(1, 6, dash) == "-");
  CHECK(patched(g, dash).patchRuling(1, 6) == "W-06");
  CHECK(patched(g, blank).cell(1, 6).is_null());
  CHECK(lookupCell(1, 6, blank).is_null());
  CHECK(patched(g, blank).patchRuling(1, 6).empty());
  // What procedures read: the patched cell as its constant, from a PatchedGrid found once (at bind)
  // and kept beyond the options it was built from; the Grid itself reads as printed.
  const grapeshot::PatchedGrid on = patched(g, dash), off = patched(g, blank);
  CHECK(on.printedCell(1, 6).asText() == "-");
  CHECK(on.printedCell(8, -4).asText() == "d+2");  // a roll beyond the rows reads "-1 or less"
  CHECK(off.printedCell(1, 6).isNull());
  CHECK(g->printedCell(1, 6).isNull());
  for (int r = -1; r <= 10; ++r)
    for (int c = 0; c < 9; ++c)
      if (!(r == 6 && c == 1)) {
        CHECK(on.cell(c, r) == off.cell(c, r));
        CHECK(on.patchRuling(c, r).empty());
      }
}

TEST_CASE("Waterloo fire table: rolls beyond the printed rows read on the end rows", "[battles-of-waterloo][tables]") {
  const Json d = ruleset().defaultOptions();
  CHECK(lookupCell(8, -4, d) == "d+2");  // "-1 or less"
  CHECK(lookupCell(8, 13, d) == "2D");   // "10"
}

TEST_CASE("Waterloo shock table: headers and every Att/Def cell equal the seed", "[battles-of-waterloo][tables]") {
  const auto rows = tableAfter("SHOCK COMBAT TABLE");
  // Header "| Die Roll | | Shock Ratio… |", "| | | 1-4 | … | 6-1 |", then 14 Att/Def pairs.
  REQUIRE(rows.size() == 2 + 28);
  const grapeshot::Grid* g = ruleset().grid("shock");
  REQUIRE(g);
  REQUIRE(g->twoSided());
  REQUIRE(g->columns() == 11);
  for (int c = 0; c < 11; ++c) CHECK(g->columnLabel(c) == rows[1][static_cast<std::size_t>(c) + 2]);

  // W14_blank_fill has no "as printed" setting: the printed blanks must be exactly its three cells.
  for (const char* fill : {"3BR", "4BR"}) {
    const Json opts = options({{"W14_blank_fill", fill}, {"W15_fix_row_minus2", false}, {"W16_2BR_to_2BDr", false}});
    int checked = 0, blanks = 0;
    for (int r = 0; r < 14; ++r) {
      const int roll = g->firstRow() + r;
      const auto& att = rows[2 + 2 * static_cast<std::size_t>(r)];
      const auto& def = rows[3 + 2 * static_cast<std::size_t>(r)];
      REQUIRE(att.size() == 13);
      REQUIRE(def.size() == 13);
      CHECK(att[1] == "Att");
      CHECK(def[1] == "Def");
      CHECK(def[0].empty());
      CHECK(g->rowLabel(roll) == att[0]);
      for (int c = 0; c < 11; ++c) {
        const auto i = static_cast<std::size_t>(c) + 2;
        INFO("shock row " << att[0] << " column " << g->columnLabel(c) << " fill " << fill);
        const Json l = grapeshot::lookup(Json{{"ruleset", kId}, {"table", "shock"}, {"column", c}, {"roll", roll},
                                              {"options", opts}});
        REQUIRE(l.at("ok") == true);
        CHECK(patched(g, opts).cell(c, roll, "attacker") == printed(att[i]));
        CHECK(l.at("cell").at("attacker") == printed(att[i]));
        if (def[i].empty()) {
          ++blanks;
          CHECK(c == 10);
          CHECK(roll >= -1);
          CHECK(roll <= 1);
          CHECK(patched(g, opts).cell(c, roll, "defender") == fill);
          CHECK(l.at("cell").at("defender") == fill);
          CHECK(patched(g, opts).patchRuling(c, roll, "defender") == "W-14");
        } else {
          CHECK(patched(g, opts).cell(c, roll, "defender") == def[i]);
          CHECK(l.at("cell").at("defender") == def[i]);
        }
        ++checked;
      }
    }
    CHECK(checked == 154);
    CHECK(blanks == 3);
  }
}

TEST_CASE("Waterloo shock table: W15 and W16 errata in both settings", "[battles-of-waterloo][tables]") {
  const grapeshot::Grid* g = ruleset().grid("shock");
  const Json off = options({{"W15_fix_row_minus2", false}, {"W16_2BR_to_2BDr", false}});
  const Json on = options({{"W15_fix_row_minus2", true}, {"W16_2BR_to_2BDr", true}});
  CHECK(ruleset().defaultOptions().at("W15_fix_row_minus2") == false);
  CHECK(ruleset().defaultOptions().at("W16_2BR_to_2BDr") == false);
  CHECK(ruleset().defaultOptions().at("W14_blank_fill") == "3BR");
  // W-15: Def row -2, 1-4 … 1-1.5, printed d, D, 1, 1; errata 1, 1d, 1Bd, 1Bd.
  const char* printedRow[] = {"d", "D", "1", "1"};
  const char* errataRow[] = {"1", "1d", "1Bd", "1Bd"};
  for (int c = 0; c < 4; ++c) {
    CHECK(patched(g, off).cell(c, -2, "defender") == printedRow[c]);
    CHECK(patched(g, on).cell(c, -2, "defender") == errataRow[c]);
    CHECK(patched(g, on).patchRuling(c, -2, "defender") == "W-15");
    // The attacker grid is untouched.
    CHECK(patched(g, off).cell(c, -2, "attacker") == patched(g, on).cell(c, -2, "attacker"));
  }
  // W-16: Def 5-1 row 1, printed 2BR; errata 2BDr.
  CHECK(patched(g, off).cell(9, 1, "defender") == "2BR");
  CHECK(patched(g, on).cell(9, 1, "defender") == "2BDr");
  CHECK(patched(g, on).patchRuling(9, 1, "defender") == "W-16");
  // Nothing else changes.
  int same = 0;
  for (int r = -2; r <= 11; ++r)
    for (int c = 0; c < 11; ++c) {
      if ((r == -2 && c < 4) || (r == 1 && c == 9)) continue;
      CHECK(patched(g, off).cell(c, r, "defender") == patched(g, on).cell(c, r, "defender"));
      CHECK(patched(g, off).cell(c, r, "attacker") == patched(g, on).cell(c, r, "attacker"));
      ++same;
    }
  CHECK(same == 154 - 5);
  // Through the public lookup too.
  const Json l = grapeshot::lookup(Json{{"ruleset", kId}, {"table", "shock"}, {"column", 9}, {"roll", 1},
                                        {"options", Json{{"W16_2BR_to_2BDr", true}}}});
  CHECK(l.at("cell").at("defender") == "2BDr");
}

TEST_CASE("Waterloo shock table: rolls beyond -2 and 11 read on the end rows", "[battles-of-waterloo][tables]") {
  const Json lo = grapeshot::lookup(Json{{"ruleset", kId}, {"table", "shock"}, {"column", 10}, {"roll", -7}});
  CHECK(lo.at("cell").at("defender") == "4BR");
  const Json hi = grapeshot::lookup(Json{{"ruleset", kId}, {"table", "shock"}, {"column", 0}, {"roll", 15}});
  CHECK(hi.at("cell").at("attacker") == "2BDr");
}
