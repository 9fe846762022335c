// libFuzzer target on verify: the first byte's low bit asks for commit–reveal only; the rest is a
// receipt (the seed corpus holds the receipts of every fixture request). Every answer is an envelope
// with a boolean verdict.
#include <cstdint>
#include <string>

#include "fuzz_check.h"

#include "core/receipt.h"

using grapeshot::Json;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::string out = grapeshot::verifyJson(text, (data[0] & 1) != 0);
  fuzzcheck::check(text, out);
  const Json v = Json::parse(out);
  if (v.at("ok").get<bool>() && !v.at("valid").is_boolean()) fuzzcheck::fail("a verdict without valid", text, out);
  return 0;
}
