// libFuzzer target on lookup and table (the printed tables), on the same bytes.
#include <cstdint>
#include <string>

#include "fuzz_check.h"

#include "core/engine.h"

using grapeshot::Json;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  Json req, err;
  if (!grapeshot::parseRequest(text, req, err)) return fuzzcheck::check(text, err), 0;
  fuzzcheck::check(text, grapeshot::lookup(req));
  fuzzcheck::check(text, grapeshot::table(req));
  fuzzcheck::check(text, grapeshot::canonical(req));
  return 0;
}
