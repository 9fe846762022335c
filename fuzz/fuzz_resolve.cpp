// libFuzzer target on resolveJson (and, on the same bytes, the receipt of every request that
// resolves, which must verify). Built with clang + ASan + UBSan (-DGRAPESHOT_FUZZ=ON); run by
// scripts/fuzz.mjs. Besides sanitizer reports, a crash is what fuzz_check.h refuses.
#include <cstdint>
#include <string>

#include "fuzz_check.h"

#include "core/engine.h"
#include "core/receipt.h"

using grapeshot::Json;

using fuzzcheck::check;
using fuzzcheck::dump;
using fuzzcheck::fail;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::string out = grapeshot::resolveJson(text, 12345u);
  check(text, out);
  // A successful resolution asks for its receipt too, and the receipt must verify.
  Json req, err;
  if (grapeshot::parseRequest(text, req, err)) {
    if (req.is_object() && req.size() < 64 && Json::parse(out).at("ok").get<bool>()) {
      Json withReceipt = req;
      withReceipt["receipt"] = true;
      const Json r = grapeshot::resolve(withReceipt, 12345u);
      if (r.value("ok", false)) {
        const Json v = grapeshot::verify(r.at("receipt"));
        if (!v.value("valid", false)) fail("an engine-made receipt does not verify", text, dump(v));
      }
    }
  }
  return 0;
}
