// libFuzzer target on exact odds: every answer is an envelope, and every distribution of an answer sums to exactly
// 1. The budget (20,000 die sequences) reaches deep trees and passes the allowance floor (4,000 an
// enumeration), so the fooled-estimate stop and the partial what-if answers are fuzzed too (issue 30).
#include <cstdint>
#include <string>

#include "fuzz_check.h"

#include "core/engine.h"
#include "core/odds.h"

using grapeshot::Json;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  Json req, err;
  if (!grapeshot::parseRequest(text, req, err)) return fuzzcheck::check(text, err), 0;
  const Json o = grapeshot::odds(req, 20000);
  fuzzcheck::check(text, o);
  if (!o.at("ok").get<bool>()) return 0;
  for (const auto& [key, entries] : o.at("distributions").items()) {
    grapeshot::Fraction sum;
    for (const auto& e : entries)
      sum += grapeshot::Fraction{e.at("fraction").at("num").get<std::int64_t>(), e.at("fraction").at("den").get<std::int64_t>()};
    if (sum.num != sum.den) fuzzcheck::fail(("distribution " + key + " does not sum to 1").c_str(), text, fuzzcheck::dump(o));
  }
  return 0;
}
