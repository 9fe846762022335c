// The printed tables as typed constants (scripts/gen-tables.mjs, core/printed.h) against the data they
// are generated from: every table of every ruleset, turned back into JSON, equals its tables.json
// entry as the engine reads it — each cell, label and number, with nothing added or lost. A few reads
// through the typed fields, checked against the seeds' printed values, show the types procedures see.
#include <catch2/catch.hpp>

#include <string>

#include "core/ruleset.h"

#if __has_include("napoleon_iii_1866_printed_json.h")
#include "napoleon_iii_1866_printed_json.h"
#endif
#if __has_include("battles_of_waterloo_printed_json.h")
#include "battles_of_waterloo_printed_json.h"
#endif
#if __has_include("black_powder_printed_json.h")
#include "black_powder_printed_json.h"
#endif
#if __has_include("grande_tactique_printed_json.h")
#include "grande_tactique_printed_json.h"
#endif

namespace {

// Key order aside (a struct lists the fields of every row in one order), the same JSON.
void requireSame(const char* ruleset, const grapeshot::Json& constants) {
  const auto* rs = grapeshot::findRuleset(ruleset);
  REQUIRE(rs);
  REQUIRE(constants.size() == rs->tableIds().size());  // every table, in the printed order
  std::size_t i = 0;
  for (const auto& [id, table] : constants.items()) {
    INFO(ruleset << " table " << id);
    CHECK(id == rs->tableIds()[i++]);
    CHECK(nlohmann::json::parse(table.dump()) == nlohmann::json::parse(rs->table(id).dump()));
  }
}

}  // namespace

#if __has_include("napoleon_iii_1866_printed_json.h")
TEST_CASE("napoleon-iii-1866: the printed constants are tables.json", "[printed]") {
  namespace printed = grapeshot::printed::napoleon_iii_1866;
  requireSame("napoleon-iii-1866", printed::allTablesJson());
  // Read at compile time: the combat table's first row is die roll 0, where column 6 prints "T"
  // (the seed's cells are held to tables.json by test_napoleon_iii_1866.cpp).
  STATIC_REQUIRE(printed::combat.rows[0] == 0);
  STATIC_REQUIRE(printed::combat.cells[0][6] == "T");
  CHECK(printed::combat.columns.size() == printed::combat.cells[0].size());
  // Terrain effects chart: a row without a protection value has none.
  bool someWithout = false, someWith = false;
  for (const auto& row : printed::terrain.rows) (row.protection ? someWith : someWithout) = true;
  CHECK((someWith && someWithout));
}
#endif

#if __has_include("battles_of_waterloo_printed_json.h")
TEST_CASE("battles-of-waterloo: the printed constants are tables.json", "[printed]") {
  namespace printed = grapeshot::printed::battles_of_waterloo;
  requireSame("battles-of-waterloo", printed::allTablesJson());
  // A stack's composition is a map by unit type (its keys are data).
  const auto& artArt = printed::stacking.rows[4];
  CHECK(artArt.id == "artArt");
  REQUIRE(grapeshot::printed::find(artArt.composition, "artillery"));
  CHECK(*grapeshot::printed::find(artArt.composition, "artillery") == 2);
  REQUIRE(artArt.conditions);
  CHECK(artArt.conditions->maxSps == 8);
}
#endif

#if __has_include("black_powder_printed_json.h")
TEST_CASE("black-powder: the printed constants are tables.json", "[printed]") {
  requireSame("black-powder", grapeshot::printed::black_powder::allTablesJson());
}
#endif

#if __has_include("grande_tactique_printed_json.h")
TEST_CASE("grande-tactique: the printed constants are tables.json", "[printed]") {
  requireSame("grande-tactique", grapeshot::printed::grande_tactique::allTablesJson());
}
#endif
