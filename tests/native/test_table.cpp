// The core's readers of printed tables (src/core/table.h, errata.h): bands with their open ends and
// the band patches an option switches on (Errata::bands), read from the seed's Rallying Disordered
// Units chart (W-02) as its generated constant.
#include <catch2/catch.hpp>

#include <optional>

#include "core/errata.h"
#include "core/ruleset.h"
#include "core/table.h"
#include "battles_of_waterloo_printed.h"

using grapeshot::Json;
namespace printed = grapeshot::printed;

namespace {
// The errata a request with `options` reads Waterloo's tables with.
grapeshot::Errata waterloo(const Json& options) {
  const grapeshot::Ruleset* rs = grapeshot::findRuleset("battles-of-waterloo");
  REQUIRE(rs);
  return grapeshot::Errata(*rs, options);
}
template <typename Band>
printed::Text codeAt(const printed::List<Band>& chart, const std::vector<grapeshot::PrintedBand>& bands, int value) {
  return grapeshot::bandFor(chart, bands, value, "rally").code;
}
}  // namespace

TEST_CASE("printed bands: open ends take every value beyond the chart; an option's patch moves the bounds", "[table]") {
  const auto& chart = printed::battles_of_waterloo::rallyDisordered;
  // As printed: "-1 or less" removes disorder, "0 or more" stays disordered (relative to Cohesion).
  const auto asPrinted = grapeshot::readBands(chart);
  REQUIRE(asPrinted.size() == 2);
  CHECK(codeAt(chart.bands, asPrinted, -40) == "removeDisorder");
  CHECK(codeAt(chart.bands, asPrinted, -1) == "removeDisorder");
  CHECK(codeAt(chart.bands, asPrinted, 0) == "remainDisordered");
  CHECK(codeAt(chart.bands, asPrinted, 40) == "remainDisordered");
  // W-02 as an option: rally on total <= Cohesion, so 0 removes disorder too.
  const Json on{{"W02_rally_le", true}}, off{{"W02_rally_le", false}};
  const auto patched = waterloo(on).bands(chart);
  CHECK(codeAt(chart.bands, patched, 0) == "removeDisorder");
  CHECK(codeAt(chart.bands, patched, 1) == "remainDisordered");
  // The option off: the printed bounds.
  CHECK(codeAt(chart.bands, waterloo(off).bands(chart), 0) == "remainDisordered");
}

namespace {
struct GapBand {
  std::optional<int> min, max;
  printed::Text code;
};
struct GapChart {
  printed::List<GapBand> bands;
};
constexpr GapBand kGapBands[] = {{std::nullopt, 1, "low"}, {3, std::nullopt, "high"}};
constexpr GapChart kGap{{kGapBands, 2}};
}  // namespace

TEST_CASE("a value no printed band holds is a defect in the data, not an answer", "[table]") {
  const auto bands = grapeshot::readBands(kGap);
  CHECK(codeAt(kGap.bands, bands, 1) == "low");
  CHECK_THROWS_WITH(grapeshot::bandFor(bands, 2, "gap chart"), "gap chart: no band holds 2");
}
