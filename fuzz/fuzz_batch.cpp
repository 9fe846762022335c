// libFuzzer target on batch: the first byte picks the call (resolve, odds, lookup), the rest is the
// batch text. Every answer, and every item of an answered batch, is an envelope.
#include <cstdint>
#include <string>

#include "fuzz_check.h"

#include "core/engine.h"
#include "core/error.h"
#include "core/odds.h"

using grapeshot::Json;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const char* const kCalls[] = {"resolve", "odds", "lookup", "teleport"};
  const std::string call = kCalls[data[0] % 4];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  Json req, err;
  if (!grapeshot::parseRequest(text, req, err, grapeshot::kMaxBatchBytes)) return fuzzcheck::check(text, err), 0;
  const Json out = grapeshot::batch(req, call, 7u, 200);
  if (out.is_array()) {
    for (const auto& item : out) fuzzcheck::check(text, item);
  } else {
    fuzzcheck::check(text, out);
  }
  return 0;
}
