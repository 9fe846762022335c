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

// One fixture file: its path relative to tests/fixtures/ and its cases.
struct FixtureFile {
  std::string rel;
  Json cases;
};

// Every fixture file, sorted, read once: the test case below runs once per section (one per fixture
// case), and each run walks the same list.
const std::vector<FixtureFile>& fixtureFiles() {
  static const std::vector<FixtureFile> files = [] {
    std::vector<fs::path> paths;
    for (const auto& e : fs::recursive_directory_iterator(GRAPESHOT_FIXTURES_DIR))
      if (e.is_regular_file() && e.path().extension() == ".json") paths.push_back(e.path());
    std::sort(paths.begin(), paths.end());
    std::vector<FixtureFile> out;
    for (const auto& p : paths)
      out.push_back({fs::relative(p, GRAPESHOT_FIXTURES_DIR).generic_string(), Json::parse(gstest::readFile(p.string())).at("cases")});
    return out;
  }();
  return files;
}

// "<file> :: <case>" for every case name a file gives more than once.
const std::vector<std::string>& repeatedNames() {
  static const std::vector<std::string> repeated = [] {
    std::vector<std::string> out;
    for (const auto& file : fixtureFiles()) {
      std::vector<std::string> names;
      for (const auto& c : file.cases) names.push_back(c.at("name").get<std::string>());
      std::sort(names.begin(), names.end());
      for (std::size_t i = 1; i < names.size(); ++i)
        if (names[i] == names[i - 1]) out.push_back(file.rel + " :: " + names[i]);
    }
    return out;
  }();
  return repeated;
}

bool skipped(const Json& c) {
#ifdef GRAPESHOT_PARTIAL_BUILD  // -DGRAPESHOT_RULESET_FILTER=...: skip the rulesets left out
  return c.contains("request") && c.at("request").is_object() && c.at("request").contains("ruleset") &&
         c.at("request").at("ruleset").is_string() && !grapeshot::findRuleset(c.at("request").at("ruleset").get<std::string>());
#else
  (void)c;
  return false;
#endif
}

// One fixture case: its expectation, its cited rulings, and the checks every case passes.
void checkCase(const std::string& name, const Json& c, Json& all) {
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
  all[name] = response;
}

}  // namespace

// One section per fixture file and, inside it, one per case: Catch2 runs the test case once per
// case, entering only that case's section, so a failure is reported under its file and case name
// (`grapeshot_tests "shared fixtures*" -c "<file>" -c "<case>"` reruns one).
TEST_CASE("shared fixtures: native responses match every expectation", "[fixtures]") {
  static Json all = Json::object();  // the native responses, by "<file> :: <case>", for the Node tests
  static std::size_t entered = 0;
  static const std::size_t cases = [] {
    std::size_t n = 0;
    for (const auto& file : fixtureFiles())
      for (const auto& c : file.cases) n += skipped(c) ? 0 : 1;
    return n;
  }();
  if (entered == 0) {  // the first run
    REQUIRE(cases > 0);
    // A case's name is its section's: a name given twice in a file would be one section, run once.
    CHECK(repeatedNames() == std::vector<std::string>{});
  }
  for (const auto& file : fixtureFiles()) {
    DYNAMIC_SECTION(file.rel) {
      for (const auto& c : file.cases) {
        if (skipped(c)) continue;
        const std::string caseName = c.at("name").get<std::string>();
        DYNAMIC_SECTION(caseName) {
          const std::string name = file.rel + " :: " + caseName;
          ++entered;
          CHECK_FALSE(all.contains(name));  // names are keys of the native responses the Node tests compare
          checkCase(name, c, all);
        }
      }
    }
  }
  // Every case has had its run: write the responses (tests/js/fixtures.test.mjs compares the WASM
  // module's with them).
  if (entered == cases) std::ofstream(GRAPESHOT_FIXTURE_OUT) << all.dump(1) << "\n";
}
