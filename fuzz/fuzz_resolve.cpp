// libFuzzer target on the JSON entry points (resolveJson, and verifyJson/lookup/table on the same
// bytes). Built with clang + ASan + UBSan (-DGRAPESHOT_FUZZ=ON); run by scripts/fuzz.mjs.
//
// Besides sanitizer reports, a crash is: a response that is not a JSON object with a boolean "ok",
// an error without a string code and a JSON Pointer path, or internal_error (a bug by definition).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/engine.h"
#include "core/receipt.h"

using grapeshot::Json;

namespace {

void fail(const char* what, const std::string& input, const std::string& out) {
  std::fprintf(stderr, "fuzz_resolve: %s\n  input: %.500s\n  output: %.500s\n", what, input.c_str(), out.c_str());
  std::abort();
}

void check(const std::string& input, const std::string& out) {
  const Json r = Json::parse(out, nullptr, false);
  if (r.is_discarded() || !r.is_object()) fail("response is not a JSON object", input, out);
  const auto ok = r.find("ok");
  if (ok == r.end() || !ok->is_boolean()) fail("response has no boolean ok", input, out);
  if (*ok) return;
  const auto err = r.find("error");
  if (err == r.end() || !err->is_object() || !err->contains("code") || !err->at("code").is_string() ||
      !err->contains("path") || !err->at("path").is_string())
    fail("error without code and path", input, out);
  const std::string& path = err->at("path").get_ref<const std::string&>();
  if (!path.empty() && path[0] != '/') fail("error path is not a JSON Pointer", input, out);
  if (err->at("code") == "internal_error" && !std::getenv("GRAPESHOT_FUZZ_ALLOW_INTERNAL"))
    fail("internal_error", input, out);
}

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace

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
    check(text, dump(grapeshot::lookup(req)));
    check(text, dump(grapeshot::table(req)));
    check(text, dump(grapeshot::verify(req)));
  }
  return 0;
}
