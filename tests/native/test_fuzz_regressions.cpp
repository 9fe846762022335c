// The inputs that once crashed or overflowed (fuzz/regressions/), replayed through the libFuzzer
// targets' own entry points and checks (fuzz/fuzz_*.cpp, fuzz_check.h: an answer is an envelope with
// a code and a JSON Pointer path, never internal_error; odds sum to 1; a receipt verifies). The
// targets abort on a finding, so ctest reports it with the input. In the sanitizer build this is
// every npm test's replay under ASan + UBSan; the long libFuzzer runs are `npm run soak`.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "support.h"

extern "C" int fuzz_resolve_one(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_odds_one(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_lookup_one(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_batch_one(const std::uint8_t* data, std::size_t size);

namespace {

int feed(int (*target)(const std::uint8_t*, std::size_t), const std::string& bytes) {
  return target(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace

TEST_CASE("fuzz regressions: every input that once failed passes every entry point's checks", "[fuzz]") {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(GRAPESHOT_FUZZ_REGRESSIONS_DIR))
    if (e.path().extension() == ".json") files.push_back(e.path());
  REQUIRE(files.size() >= 3);  // the folder was found and read
  for (const auto& file : files) {
    const std::string input = gstest::trim(gstest::readFile(file.string()));
    DYNAMIC_SECTION(file.filename().string()) {
      CHECK(feed(fuzz_resolve_one, input) == 0);
      CHECK(feed(fuzz_odds_one, input) == 0);
      CHECK(feed(fuzz_lookup_one, input) == 0);
      for (char call = 0; call < 4; ++call)  // resolve, odds, lookup and an unknown call, as a batch of one
        CHECK(feed(fuzz_batch_one, std::string(1, call) + "[" + input + "]") == 0);
    }
  }
}
