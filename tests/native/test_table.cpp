// The core's readers of printed tables (src/core/table.h): bands with their open ends and the band
// patches an option switches on, read from the seed's Rallying Disordered Units chart (W-02).
#include <catch2/catch.hpp>

#include "core/ruleset.h"
#include "core/table.h"

using grapeshot::Json;

TEST_CASE("printed bands: open ends take every value beyond the chart; an option's patch moves the bounds", "[table]") {
  const grapeshot::Ruleset& rs = *grapeshot::findRuleset("battles-of-waterloo");
  const Json& chart = rs.table("rallyDisordered");
  // As printed: "-1 or less" removes disorder, "0 or more" stays disordered (relative to Cohesion).
  const auto printed = grapeshot::readBands(chart);
  REQUIRE(printed.size() == 2);
  CHECK(grapeshot::bandFor(printed, -40, "rally").printed->at("code") == "removeDisorder");
  CHECK(grapeshot::bandFor(printed, -1, "rally").printed->at("code") == "removeDisorder");
  CHECK(grapeshot::bandFor(printed, 0, "rally").printed->at("code") == "remainDisordered");
  CHECK(grapeshot::bandFor(printed, 40, "rally").printed->at("code") == "remainDisordered");
  // W-02 as an option: rally on total <= Cohesion, so 0 removes disorder too.
  const auto patched = grapeshot::readBands(chart, Json{{"W02_rally_le", true}});
  CHECK(grapeshot::bandFor(patched, 0, "rally").printed->at("code") == "removeDisorder");
  CHECK(grapeshot::bandFor(patched, 1, "rally").printed->at("code") == "remainDisordered");
  // The option off: the printed bounds.
  CHECK(grapeshot::bandFor(grapeshot::readBands(chart, Json{{"W02_rally_le", false}}), 0, "rally").printed->at("code") ==
        "remainDisordered");
}

TEST_CASE("a value no printed band holds is a defect in the data, not an answer", "[table]") {
  const Json gap = Json::parse(R"({"bands": [{"code": "low", "min": null, "max": 1}, {"code": "high", "min": 3, "max": null}]})");
  const auto bands = grapeshot::readBands(gap);
  CHECK(grapeshot::bandFor(bands, 1, "t").printed->at("code") == "low");
  CHECK_THROWS_WITH(grapeshot::bandFor(bands, 2, "gap chart"), "gap chart: no band holds 2");
}
