// napoleon-iii-1866: the combat table against the printed seed, cell by cell; procedures and
// modifiers are covered by tests/fixtures/napoleon-iii-1866/*.json (shared with the WASM tests).
#include <catch2/catch.hpp>

#include "core/engine.h"
#include "core/errata.h"
#include "core/ruleset.h"
#include "support.h"

using grapeshot::Json;

namespace {
// The seed prints "D + 1", with French typography's no-break spaces (U+00A0, U+202F) among them.
std::string normalise(std::string s) {
  for (const std::string space : {"\xC2\xA0", "\xE2\x80\xAF", " "})
    for (auto p = s.find(space); p != std::string::npos; p = s.find(space)) s.erase(p, space.size());
  return s;
}
}  // namespace

TEST_CASE("1866 combat table: every cell equals the seed", "[napoleon-iii-1866][tables]") {
  auto rows = gstest::tabRows(gstest::readFile(gstest::seedPath("000_9e71b51cacd7784e.txt")));
  rows.erase(std::remove_if(rows.begin(), rows.end(), [](const auto& r) { return r.empty() || r[0].empty(); }), rows.end());
  const grapeshot::Ruleset* rs = grapeshot::findRuleset("napoleon-iii-1866");
  REQUIRE(rs);
  const grapeshot::Grid* g = rs->grid("combat");
  REQUIRE(g);
  // The printed header "Die | 0 and - | 1 … 8", then rows "0 -", "1" … "5", "6 +".
  auto header = std::find_if(rows.begin(), rows.end(), [](const auto& r) { return !r.empty() && r[0] == "Die"; });
  REQUIRE(header != rows.end());
  REQUIRE(header->size() == 10);
  for (int c = 0; c < 9; ++c) CHECK(g->columnLabel(c) == (*header)[static_cast<std::size_t>(c) + 1]);
  int checked = 0;
  for (int r = 0; r <= 6; ++r) {
    const auto& printed = *(header + 1 + r);
    REQUIRE(printed.size() == 10);
    CHECK(g->rowLabel(r) == printed[0]);
    for (int c = 0; c < 9; ++c) {
      INFO("row " << printed[0] << " column " << c);
      CHECK(grapeshot::Errata(*rs, rs->defaultOptions()).grid(*g).cell(c, r).get<std::string>() == normalise(printed[static_cast<std::size_t>(c) + 1]));
      // lookup() gives the same cell through the public entry point.
      CHECK(grapeshot::lookup(Json{{"ruleset", "napoleon-iii-1866"}, {"table", "combat"}, {"column", c}, {"roll", r}})
                .at("cell") == normalise(printed[static_cast<std::size_t>(c) + 1]));
      ++checked;
    }
  }
  CHECK(checked == 63);
}

TEST_CASE("1866 combat table: the regularity rules-notes §1.3 describes (s = row + column)", "[napoleon-iii-1866][tables]") {
  const grapeshot::Grid* g = grapeshot::findRuleset("napoleon-iii-1866")->grid("combat");
  for (int r = 0; r <= 6; ++r)
    for (int c = 0; c <= 8; ++c) {
      const int s = r + c;
      const std::string expected = s <= 5 ? "-" : s <= 8 ? "T" : s <= 11 ? "D" : "D+1";
      CHECK(grapeshot::PatchedGrid(*g).cell(c, r) == expected);  // as printed: no patch
    }
}

TEST_CASE("1866 lookup clamps the modified roll to the printed rows", "[napoleon-iii-1866][lookup]") {
  const Json lo = grapeshot::lookup(Json{{"ruleset", "napoleon-iii-1866"}, {"table", "combat"}, {"column", 8}, {"roll", -3}});
  CHECK(lo.at("cell") == "T");
  CHECK(lo.at("row") == "0 -");
  const Json hi = grapeshot::lookup(Json{{"ruleset", "napoleon-iii-1866"}, {"table", "combat"}, {"column", 0}, {"roll", 9}});
  CHECK(hi.at("cell") == "T");
  CHECK(hi.at("row") == "6 +");
}

#if __has_include("napoleon_iii_1866_tables.h")
#include "napoleon_iii_1866_tables.h"
// Procedures read printed entries by their generated ids, at the id's index among the constants (the
// data's build checks the numbering): every generated id gives the entry it names, and an id that is
// not this ruleset's (another tag, as another ruleset's ids carry) is looked up by its table and id.
TEST_CASE("printed entries read by generated id are the entries their ids name", "[napoleon-iii-1866][tables]") {
  const grapeshot::Ruleset& rs = *grapeshot::findRuleset("napoleon-iii-1866");
  namespace t = grapeshot::tables::napoleon_iii_1866;
  int ids = 0;
  for (const grapeshot::EntryId& e : t::kAllEntryIds) {
    if (!e.id) break;  // the list's end
    INFO(e.table << "." << e.id);
    CHECK(&rs.printedEntry(e) == &rs.printedEntry(e.table, e.id));
    CHECK(rs.printedEntry(e).id == e.id);
    ++ids;
  }
  CHECK(ids == 40);
  const grapeshot::EntryId other{"dieRollModifiers", "dreyse", t::columnModifiers.perLossLevel.index, 0};
  CHECK(&rs.printedEntry(other) == &rs.printedEntry("dieRollModifiers", "dreyse"));
  CHECK(&rs.printedEntry(t::columnModifiers.perLossLevel) == &rs.printedEntry("columnModifiers", "perLossLevel"));
}
#endif
