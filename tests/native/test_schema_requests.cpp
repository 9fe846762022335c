// Every procedure of every ruleset, asked with the request its schema alone builds (G-14, W-35, X-01):
// the defaults a form opens with, and every number at its maximum. Each resolves on every die roll
// (no missing_field, no error that depends on the dice) and has exact odds.
#include <catch2/catch.hpp>

#include <regex>

#include "core/engine.h"
#include "core/odds.h"

using grapeshot::Json;

namespace {

enum class Fill { kDefaults, kMaximum, kMaximumStacks };

// The value a form starts an input with (web/form.mjs `example`): its default; a required input
// without one gets the smallest sensible value. kMaximum puts every number that has a value (required,
// or with a default) at its maximum; kMaximumStacks also fills every list of units to maxItems.
Json build(const Json& s, Fill fill, bool required) {
  const std::string type = s.value("type", "");
  const bool maximum = fill != Fill::kDefaults;
  // An optional number without a default means "not given" (e.g. melee totals that only some tests
  // take), so it stays out.
  // An index into the units (x-indexOf) reaches its maximum only with full stacks.
  const bool index = s.contains("x-indexOf") && fill != Fill::kMaximumStacks;
  if ((type == "integer" || type == "number") && maximum && !index && s.contains("maximum") &&
      (required || s.contains("default")))
    return s.at("maximum");
  if (s.contains("default")) return s.at("default");
  if (type == "object") {
    Json out = Json::object();
    const Json req = s.value("required", Json::array());
    const Json properties = s.value("properties", Json::object());
    for (const auto& [key, sub] : properties.items()) {
      const bool isRequired = std::find(req.begin(), req.end(), key) != req.end();
      Json v = build(sub, fill, isRequired);
      if (!v.is_null()) out[key] = std::move(v);
    }
    return out;
  }
  if (type == "array") {
    if (!required && !s.contains("minItems")) return nullptr;  // an optional list (e.g. stepLossOrder) stays out
    std::size_t n = std::max<std::size_t>(s.value("minItems", 0), required ? 1 : 0);
    if (fill == Fill::kMaximumStacks) n = s.value("maxItems", n);
    Json out = Json::array();
    for (std::size_t i = 0; i < n; ++i) out.push_back(build(s.at("items"), fill, true));
    return out;
  }
  if (!required) return nullptr;
  if (type == "integer" || type == "number")
    return std::max(s.value("minimum", 0), std::min(4, s.value("maximum", 4)));
  if (type == "string") return s.contains("enum") ? s.at("enum").at(0) : Json("");
  if (type == "boolean") return false;
  return nullptr;
}

Json request(const Json& ruleset, const Json& procedure, Fill fill) {
  Json r = build(procedure.at("inputs"), fill, true);
  r["ruleset"] = ruleset.at("id");
  r["procedure"] = procedure.at("name");
  if (fill != Fill::kDefaults) {
    Json options = Json::object();
    for (const auto& [name, o] : ruleset.at("options").items())
      if ((o.value("type", "") == "integer" || o.value("type", "") == "number") && o.contains("maximum"))
        options[name] = o.at("maximum");
    if (!options.empty()) r["options"] = options;
  }
  return r;
}

}  // namespace

TEST_CASE("every procedure resolves its defaults request and its maximum request on every roll, with odds",
          "[schema][defaults]") {
  int asked = 0;
  for (const auto& ruleset : grapeshot::describe()) {
    for (const auto& procedure : ruleset.at("procedures")) {
      for (const Fill fill : {Fill::kDefaults, Fill::kMaximum, Fill::kMaximumStacks}) {
        const Json req = request(ruleset, procedure, fill);
        INFO(req.dump());
        // Many seeds: whatever the dice roll, a schema-valid request resolves (W-35).
        for (std::uint32_t seed = 1; seed <= 40; ++seed) {
          const Json r = grapeshot::resolve(req, seed);
          INFO("seed " << seed << ": " << r.dump());
          REQUIRE(r.at("ok") == true);
          // Every result says what happened in words, never in program identifiers (camelCase, snake_case).
          REQUIRE(r.at("result").contains("summary"));
          static const std::regex identifier(R"(\b[a-z]+[A-Z][A-Za-z]*\b|\b\w+_\w+\b)");
          const std::string summary = r.at("result").at("summary").get<std::string>();
          CHECK_FALSE(std::regex_search(summary, identifier));
        }
        // Exact odds; full stacks of 8 units are may be beyond the 250,000-sequence budget of exact odds, so
        // kMaximumStacks is resolved only (see the typed core's outcome-branching odds).
        if (fill != Fill::kMaximumStacks) {
          Json o = req;
          o["sensitivity"] = false;
          const Json odds = grapeshot::odds(o);
          INFO(odds.dump());
          CHECK(odds.at("ok") == true);
        }
        ++asked;
      }
    }
  }
  CHECK(asked == 3 * 23);  // the 23 procedures of the four rulesets
}
