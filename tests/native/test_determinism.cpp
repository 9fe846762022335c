// Determinism: the README's PRNG test vectors, and one SHA-256 over 100,000 seeded resolutions of
// every fixture request (all rulesets and procedures). The hash is written next to the fixture
// responses so tests/js/determinism.test.mjs can require the same value from Node and Chromium.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "core/dice.h"
#include "core/engine.h"
#include "core/sha256.h"
#include "support.h"

using namespace grapeshot;
namespace fs = std::filesystem;

namespace {

// Under the sanitizers (20x slower) a shorter run: the cross-platform hash comes from the plain build.
// GRAPESHOT_SANITIZED is set by CMake: the tests' own code is built without instrumentation.
#if defined(GRAPESHOT_SANITIZED)
constexpr std::uint32_t kResolutions = 5000;
#else
constexpr std::uint32_t kResolutions = 100000;
#endif

struct Vector {
  std::uint32_t seed;
  std::uint32_t raw[3];
  int d6[10];
  int d10[10];
};
// README "Dice": test vectors (also checked by tests/js/determinism.test.mjs with an independent PCG32).
const Vector kVectors[] = {
    {0, {0x47c28b93, 0xb98f6a27, 0x7d3dcb1e}, {6, 6, 3, 5, 2, 2, 3, 5, 4, 4}, {1, 3, 4, 2, 5, 7, 2, 6, 7, 9}},
    {1, {0x9b6bdda9, 0x0c31fc48, 0xce97f8ef}, {2, 5, 2, 3, 5, 2, 5, 2, 3, 6}, {7, 0, 9, 4, 2, 7, 6, 7, 6, 5}},
    {42, {0xa15c02b7, 0x7b47f409, 0xba1d3330}, {4, 4, 3, 2, 2, 5, 6, 4, 1, 3}, {3, 7, 4, 5, 5, 6, 5, 5, 4, 4}},
    {12345, {0xf60105d9, 0xcec02ee0, 0x8774b855}, {2, 3, 2, 2, 4, 1, 2, 4, 4, 2}, {9, 8, 5, 7, 9, 2, 1, 9, 3, 3}},
    {4294967295u, {0x1836f28a, 0x41720992, 0x67039735}, {3, 5, 2, 3, 3, 4, 2, 4, 4, 6}, {8, 4, 5, 4, 2, 3, 1, 7, 3, 5}},
};

}  // namespace

TEST_CASE("PCG32 and dice match the README's test vectors", "[dice][determinism]") {
  for (const auto& v : kVectors) {
    INFO("seed " << v.seed);
    Pcg32 raw(v.seed);
    for (std::uint32_t x : v.raw) CHECK(raw.next() == x);
    SeededDice d6(v.seed), d10(v.seed);
    for (int x : v.d6) CHECK(d6.next(kD6) == x);
    for (int x : v.d10) CHECK(d10.next(kD10) == x);
  }
}

namespace {
// The requests of every fixture case that resolves (sorted by file, then in file order), without
// their dice or seed. tests/js/determinism.test.mjs builds the same list.
std::vector<Json> determinismRequests() {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(GRAPESHOT_FIXTURES_DIR))
    if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<Json> out;
  for (const auto& f : files) {
    const Json doc = Json::parse(gstest::readFile(f.string()));
    for (const auto& c : doc.at("cases")) {
      if (c.contains("call") || c.contains("text") || !c.contains("request") || !c.at("request").is_object()) continue;
      if (!c.contains("expect") || c.at("expect").value("ok", false) != true) continue;
      Json r = c.at("request");
      for (const char* k : {"dice", "seed", "receipt", "commitReveal"}) r.erase(k);
      out.push_back(std::move(r));
    }
  }
  return out;
}
}  // namespace

TEST_CASE("one hash over 100,000 seeded resolutions", "[determinism]") {
  const auto requests = determinismRequests();
  REQUIRE(requests.size() > 10);
  Sha256 all;
  std::size_t ok = 0;
  for (std::uint32_t i = 0; i < kResolutions; ++i) {
    Json req = requests[i % requests.size()];
    req["seed"] = i;
    const std::string out = resolveJson(req.dump());
    const auto d = sha256(out);
    all.update(d.data(), d.size());
    ok += out.compare(0, 10, "{\"ok\":true") == 0;
  }
  const auto digest = all.digest();
  const std::string hex = toHex(digest.data(), digest.size());
  std::cout << "determinism: " << requests.size() << " requests, " << kResolutions << " resolutions (" << ok << " ok), sha256 " << hex
            << std::endl;
#ifndef GRAPESHOT_PARTIAL_BUILD  // with some rulesets left out, their requests are refused
  CHECK(ok > kResolutions / 10);
#endif
  if (kResolutions == 100000)
    std::ofstream(fs::path(GRAPESHOT_FIXTURE_OUT).parent_path() / "determinism.json")
        << Json{{"requests", requests.size()}, {"resolutions", kResolutions}, {"sha256", hex}}.dump() << "\n";
}
