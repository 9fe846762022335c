// The only Emscripten code in grapeshot: maps the engine's entry points to JS. JSON text in, JSON
// text out; nothing may escape as a C++ exception (it would leak and reach JS as a bare number).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "core/engine.h"
#include "core/odds.h"
#include "core/receipt.h"

namespace {

template <typename F>
std::string boundary(F&& f) noexcept {
  try {
    return f();
  } catch (...) {
    return R"({"ok":false,"error":{"code":"internal_error","message":"internal error","path":""}})";
  }
}

// A request without dice or seed gets one drawn by the core (std::random_device: getentropy, which
// the glue answers from crypto.getRandomValues) only when it needs one: the first draw in Node loads
// its Web Crypto, about 18 ms that a request with its own dice or seed should not pay.
std::string resolveJson(const std::string& text) {
  return boundary([&] { return grapeshot::resolveJson(text); });
}

template <grapeshot::Json (*Entry)(const grapeshot::Json&)>
std::string jsonEntry(const std::string& text) {
  return boundary([&] {
    grapeshot::Json req, err;
    return grapeshot::toText(grapeshot::parseRequest(text, req, err) ? Entry(req) : err);
  });
}

std::string lookupJson(const std::string& text) {
  return boundary([&] {
    grapeshot::Json req, err;
    if (!grapeshot::parseRequest(text, req, err)) return grapeshot::toText(err);
    std::string out;
    grapeshot::appendLookup(req, out);
    return out;
  });
}

// `call` is "resolve", "odds" or "lookup"; seeds for requests without dice/seed derive from `fallbackSeed`.
std::string batchJson(const std::string& text, const std::string& call, unsigned fallbackSeed) {
  return boundary([&] {
    grapeshot::Json req, err;
    return grapeshot::parseRequest(text, req, err, grapeshot::kMaxBatchBytes) ? grapeshot::batchText(req, call, fallbackSeed)
                                                                               : grapeshot::toText(err);
  });
}

// Typed lookups: the header as JSON text, (column, roll) pairs as an Int32Array in; {json, codes}
// out, `codes` a fresh Int32Array (copied out of the module's memory).
emscripten::val lookupCodes(const std::string& headerText, const emscripten::val& pairs) {
  emscripten::val out = emscripten::val::object();
  std::vector<std::int32_t> codes;
  std::string json = boundary([&] {
    grapeshot::Json header, err;
    if (!grapeshot::parseRequest(headerText, header, err)) return grapeshot::toText(err);
    std::vector<std::int32_t> in(pairs["length"].as<std::size_t>());
    emscripten::val(emscripten::typed_memory_view(in.size(), in.data())).call<void>("set", pairs);
    return grapeshot::toText(grapeshot::lookupCodes(header, in.data(), in.size() / 2, codes));
  });
  out.set("json", json);
  out.set("codes", emscripten::val(emscripten::typed_memory_view(codes.size(), codes.data())).call<emscripten::val>("slice"));
  return out;
}

grapeshot::Json odds(const grapeshot::Json& request) { return grapeshot::odds(request); }

std::string rulesetsJson() { return boundary([] { return grapeshot::toText(grapeshot::describe()); }); }
std::string version() { return grapeshot::kEngineVersion; }

}  // namespace

EMSCRIPTEN_BINDINGS(grapeshot) {
  emscripten::function("resolveJson", &resolveJson);
  emscripten::function("lookupJson", &lookupJson);
  emscripten::function("tableJson", &jsonEntry<grapeshot::table>);
  emscripten::function("oddsJson", &jsonEntry<odds>);
  emscripten::function("batchJson", &batchJson);
  emscripten::function("rulesetsJson", &rulesetsJson);
  emscripten::function("version", &version);
  emscripten::function("canonicalJson", &jsonEntry<grapeshot::canonical>);
  emscripten::function("lookupCodes", &lookupCodes);
  emscripten::function("verifyJson", +[](const std::string& text, bool requireCommitReveal) {
    return boundary([&] { return grapeshot::verifyJson(text, requireCommitReveal); });
  });
}
