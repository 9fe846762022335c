// What every libFuzzer target checks besides the sanitizers: each answer is a JSON object with a
// boolean "ok"; an error has a string code and a JSON Pointer path; internal_error is a bug.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/json.h"

namespace fuzzcheck {

inline void fail(const char* what, const std::string& input, const std::string& out) {
  std::fprintf(stderr, "fuzz: %s\n  input: %.500s\n  output: %.500s\n", what, input.c_str(), out.c_str());
  std::abort();
}

inline std::string dump(const grapeshot::Json& j) { return j.dump(-1, ' ', false, grapeshot::Json::error_handler_t::replace); }

inline void checkEnvelope(const grapeshot::Json& r, const std::string& input, const std::string& out) {
  if (!r.is_object()) fail("answer is not a JSON object", input, out);
  const auto ok = r.find("ok");
  if (ok == r.end() || !ok->is_boolean()) fail("answer has no boolean ok", input, out);
  if (*ok) return;
  const auto err = r.find("error");
  if (err == r.end() || !err->is_object() || !err->contains("code") || !err->at("code").is_string() ||
      !err->contains("path") || !err->at("path").is_string())
    fail("error without code and path", input, out);
  const std::string& path = err->at("path").get_ref<const std::string&>();
  if (!path.empty() && path[0] != '/') fail("error path is not a JSON Pointer", input, out);
  if (err->at("code") == "internal_error" && !std::getenv("GRAPESHOT_FUZZ_ALLOW_INTERNAL")) fail("internal_error", input, out);
}

inline void check(const std::string& input, const std::string& out) {
  const grapeshot::Json r = grapeshot::Json::parse(out, nullptr, false);
  if (r.is_discarded()) fail("answer is not JSON", input, out);
  checkEnvelope(r, input, out);
}

inline void check(const std::string& input, const grapeshot::Json& r) { checkEnvelope(r, input, dump(r)); }

}  // namespace fuzzcheck
