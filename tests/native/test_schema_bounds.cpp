// every number in every schema (procedure inputs and options, in every ruleset) has a minimum
// and a maximum a real game never reaches, and every list a maxItems, so no valid request can reach
// arithmetic overflow. Walks the data itself: a new procedure or option is covered automatically.
#include <catch2/catch.hpp>

#include "core/ruleset.h"

using grapeshot::Json;

namespace {

void requireBounds(const Json& node, const std::string& where, std::size_t& numbers) {
  if (node.is_object()) {
    const auto type = node.find("type");
    if (type != node.end() && (*type == "integer" || *type == "number")) {
      ++numbers;
      INFO(where);
      CHECK(node.contains("minimum"));
      CHECK(node.contains("maximum"));
      if (node.contains("maximum")) CHECK(node.at("maximum").get<double>() <= 1e6);
    }
    if (type != node.end() && *type == "array") {
      INFO(where);
      CHECK(node.contains("maxItems"));
    }
    for (const auto& item : node.items()) requireBounds(item.value(), where + "/" + item.key(), numbers);
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i) requireBounds(node[i], where + "/" + std::to_string(i), numbers);
  }
}

}  // namespace

TEST_CASE("X-01: every number in every schema and option is bounded", "[schema][X-01]") {
  std::size_t numbers = 0;
  for (const auto& rs : grapeshot::rulesets()) {
    requireBounds(rs.meta().at("options"), rs.id() + "/options", numbers);
    requireBounds(rs.meta().at("procedures"), rs.id() + "/procedures", numbers);
  }
  CHECK(numbers > 50);  // the walk really reached the schemas
}
