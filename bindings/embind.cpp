// The only Emscripten code in grapeshot: maps the engine's entry points to JS. JSON text in, JSON
// text out; nothing may escape as a C++ exception (it would leak and reach JS as a bare number).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/catalog.h"
#include "core/engine.h"
#include "core/odds.h"
#include "core/receipt.h"
#include "core/sha256.h"

namespace {

template <typename F>
std::string boundary(F&& f) noexcept {
  try {
    return f();
  } catch (...) {
    return R"({"ok":false,"error":{"code":"internal_error","message":"internal error","path":""}})";
  }
}

// Request text in and response text out through two buffers in the module's memory: the wrapper
// encodes a request straight into `request` (TextEncoder.encodeInto) and decodes the response from
// `response` (TextDecoder), one native pass each way, where embind's std::string conversions copy and
// scan byte by byte in JS (toolchain.md §4): a sixth of an untraced resolve. A module instance serves
// one call at a time, so one pair of buffers does.
std::string request, response;

// Room for `capacity` bytes of request text; 0 when memory cannot grow that far.
std::uintptr_t requestBuffer(std::size_t capacity) noexcept {
  try {
    request.resize(capacity);
    return reinterpret_cast<std::uintptr_t>(request.data());
  } catch (...) {
    return 0;
  }
}
std::uintptr_t responseData() { return reinterpret_cast<std::uintptr_t>(response.data()); }

// An entry point on the request's first `length` bytes; returns the response's length.
template <typename F>
std::size_t answer(std::size_t length, F&& f) noexcept {
  request.resize(std::min(length, request.size()));
  response = boundary(f);
  return response.size();
}

// A request without dice or seed gets one drawn by the core (std::random_device: getentropy, which
// the glue answers from crypto.getRandomValues) only when it needs one: the first draw in Node loads
// its Web Crypto, about 18 ms that a request with its own dice or seed should not pay.
std::size_t resolve(std::size_t length) {
  return answer(length, [] { return grapeshot::resolveJson(request); });
}

template <grapeshot::Json (*Entry)(const grapeshot::Json&)>
std::size_t jsonEntry(std::size_t length) {
  return answer(length, [] {
    grapeshot::Json req, err;
    return grapeshot::toText(grapeshot::parseRequest(request, req, err) ? Entry(req) : err);
  });
}

std::size_t lookup(std::size_t length) {
  return answer(length, [] {
    grapeshot::Json req, err;
    if (!grapeshot::parseRequest(request, req, err)) return grapeshot::toText(err);
    std::string out;
    grapeshot::appendLookup(req, out);
    return out;
  });
}

// `call` is "resolve", "odds" or "lookup"; seeds for requests without dice/seed derive from
// `seedHex`, the batch seed: 32 bytes from the wrapper's CSPRNG as 64 hex digits.
std::size_t batch(std::size_t length, const std::string& call, const std::string& seedHex) {
  return answer(length, [&] {
    std::string bytes;
    if (seedHex.size() != 64 || !grapeshot::fromHex(seedHex, bytes))
      return grapeshot::toText(grapeshot::errorEnvelope(grapeshot::code::kInternalError, "internal error: batch seed", ""));
    grapeshot::BatchSeed seed;
    std::copy(bytes.begin(), bytes.end(), reinterpret_cast<char*>(seed.data()));
    grapeshot::Json req, err;
    return grapeshot::parseRequest(request, req, err, grapeshot::kMaxBatchBytes) ? grapeshot::batchText(req, call, seed)
                                                                                  : grapeshot::toText(err);
  });
}

std::size_t verify(std::size_t length, bool requireCommitReveal) {
  return answer(length, [&] { return grapeshot::verifyJson(request, requireCommitReveal); });
}

// Typed lookups: the header as JSON text, (column, roll) pairs as an Int32Array in with their count
// `n`; {json, codes} out, `codes` a fresh Int32Array (copied out of the module's memory). `pairs` is
// the wrapper's own copy, `n` its length read once by the intrinsic getter and checked: the
// caller's array is never read here (its `length` may lie, its buffer may be detached).
emscripten::val lookupCodes(const std::string& headerText, const emscripten::val& pairs, std::size_t n) {
  emscripten::val out = emscripten::val::object();
  std::vector<std::int32_t> codes;
  std::string json = boundary([&] {
    grapeshot::Json header, err;
    if (!grapeshot::parseRequest(headerText, header, err)) return grapeshot::toText(err);
    if (n % 2 || n > (std::size_t{2} << 20))  // the wrapper's bounds: never more than 1,048,576 pairs
      return grapeshot::toText(grapeshot::errorEnvelope(grapeshot::code::kRequestTooLarge, "at most 1048576 pairs per call", "/pairs"));
    std::vector<std::int32_t> in(n);
    // subarray(0, n): set() copies exactly n values whatever the source holds.
    emscripten::val(emscripten::typed_memory_view(in.size(), in.data())).call<void>("set", pairs.call<emscripten::val>("subarray", 0, n));
    return grapeshot::toText(grapeshot::lookupCodes(header, in.data(), in.size() / 2, codes));
  });
  out.set("json", json);
  out.set("codes", emscripten::val(emscripten::typed_memory_view(codes.size(), codes.data())).call<emscripten::val>("slice"));
  return out;
}

std::size_t odds(std::size_t length) {
  return answer(length, [] {
    grapeshot::Json req, err;
    return grapeshot::parseRequest(request, req, err) ? grapeshot::oddsText(req) : grapeshot::toText(err);
  });
}

// `lang`: "fr" for the forms in French, anything else English (the wrapper checks it; issue 28).
std::string rulesetsJson(const std::string& lang) {
  return boundary([&] { return grapeshot::toText(grapeshot::describe(lang == "fr" ? grapeshot::Lang::fr : grapeshot::Lang::en)); });
}
std::string version() { return grapeshot::kEngineVersion; }

// A catalog the module was built without (dist/grapeshot-core.<lang>.mjs; core/catalog.h), its bytes
// the request buffer's first `length`: "" once loaded, else why not.
std::string loadCatalog(std::size_t length) {
  try {
    return grapeshot::loadCatalog(std::string_view(request).substr(0, length));
  } catch (...) {
    return "no memory for the catalog";
  }
}

// The language of errors said before a request's `lang` is known (text that does not parse): "fr" once
// the French catalog is loaded, anything else English (the wrapper sets createEngine's lang; issue 28).
void setDefaultLang(const std::string& lang) {
  const bool french = lang == "fr" && grapeshot::catalogLoaded(grapeshot::Lang::fr);
  grapeshot::setDefaultLang(french ? grapeshot::Lang::fr : grapeshot::Lang::en);
}

}  // namespace

EMSCRIPTEN_BINDINGS(grapeshot) {
  emscripten::function("requestBuffer", &requestBuffer);
  emscripten::function("responseData", &responseData);
  emscripten::function("resolve", &resolve);
  emscripten::function("lookup", &lookup);
  emscripten::function("table", &jsonEntry<grapeshot::table>);
  emscripten::function("odds", &odds);
  emscripten::function("batch", &batch);
  emscripten::function("canonical", &jsonEntry<grapeshot::canonical>);
  emscripten::function("verify", &verify);
  emscripten::function("rulesetsJson", &rulesetsJson);
  emscripten::function("version", &version);
  emscripten::function("loadCatalog", &loadCatalog);
  emscripten::function("setDefaultLang", &setDefaultLang);
  emscripten::function("lookupCodes", &lookupCodes);
}
