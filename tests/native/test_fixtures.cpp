// Runs every JSON fixture in tests/fixtures/ through the native engine. The Node tests run the same
// files through the WASM module; both compare against the fixture's `expect` (a subset of the
// response), and the Node tests also compare whole responses with the ones written here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/engine.h"
#include "core/odds.h"
#include "core/ruleset.h"
#include "support.h"

using grapeshot::Json;
namespace fs = std::filesystem;

namespace {

Json run(const Json& c) {
  const std::string call = c.value("call", "resolve");
  if (call == "lookup") return grapeshot::lookup(c.at("request"));
  if (call == "table") return grapeshot::table(c.at("request"));
  if (call == "odds") return grapeshot::odds(c.at("request"));
  const std::string text = c.contains("text") ? c.at("text").get<std::string>() : c.at("request").dump();
  return Json::parse(grapeshot::resolveJson(text, c.contains("fallbackSeed")
                                                      ? std::optional<std::uint32_t>(c.at("fallbackSeed").get<std::uint32_t>())
                                                      : std::nullopt));
}

std::vector<fs::path> fixtureFiles() {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(GRAPESHOT_FIXTURES_DIR))
    if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("shared fixtures: native responses match every expectation", "[fixtures]") {
  Json all = Json::object();
  std::size_t cases = 0;
  for (const auto& file : fixtureFiles()) {
    const std::string rel = fs::relative(file, GRAPESHOT_FIXTURES_DIR).generic_string();
    const Json doc = Json::parse(gstest::readFile(file.string()));
    for (const auto& c : doc.at("cases")) {
#ifdef GRAPESHOT_PARTIAL_BUILD  // -DGRAPESHOT_RULESET_FILTER=...: skip the rulesets left out
      if (c.contains("request") && c.at("request").is_object() && c.at("request").contains("ruleset") &&
          c.at("request").at("ruleset").is_string() &&
          !grapeshot::findRuleset(c.at("request").at("ruleset").get<std::string>()))
        continue;
#endif
      const std::string name = rel + " :: " + c.at("name").get<std::string>();
      INFO(name);
      const Json response = run(c);
      std::string where;
      const bool ok = gstest::subsetMatch(c.at("expect"), response, where);
      INFO("mismatch at " << where << "\nresponse: " << response.dump());
      CHECK(ok);
      // `traceCites`: the rulings that decide the case, each the `ref` of some trace step.
      for (const auto& id : c.value("traceCites", Json::array())) {
        bool cited = false;
        for (const auto& step : response.value("trace", Json::array())) {
          const std::string ref = step.value("ref", "");
          for (std::size_t at = ref.find(id.get<std::string>()); at != std::string::npos && !cited;
               at = ref.find(id.get<std::string>(), at + 1)) {
            const std::size_t end = at + id.get<std::string>().size();
            cited = (at == 0 || ref[at - 1] == ' ') && (end == ref.size() || ref[end] == ',');
          }
        }
        INFO("the trace does not cite " << id);
        CHECK(cited);
      }
      // The Json entry point gives the text entry point's response (its trace rendered from the
      // same records as a document).
      if (c.value("call", "resolve") == "resolve" && c.contains("request"))
        CHECK(grapeshot::toText(grapeshot::resolve(c.at("request"), 7)) == grapeshot::resolveJson(c.at("request").dump(), 7));
      // The response writer (appendJson) writes what nlohmann's dump writes.
      CHECK(grapeshot::toText(response) == response.dump(-1, ' ', false, Json::error_handler_t::replace));
      // The request, rerun, gives the same response: no hidden state between calls.
      CHECK(run(c) == response);
      CHECK_FALSE(all.contains(name));  // names are keys of the native responses the Node tests compare
      all[name] = response;
      ++cases;
    }
  }
  CHECK(cases > 0);
  std::ofstream(GRAPESHOT_FIXTURE_OUT) << all.dump(1) << "\n";
}
