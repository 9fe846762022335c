// The only Emscripten code in grapeshot: maps the engine's entry points to JS. JSON text in, JSON
// text out; nothing may escape as a C++ exception (it would leak and reach JS as a bare number).
#include <emscripten/bind.h>

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

std::string dump(const grapeshot::Json& j) { return j.dump(-1, ' ', false, grapeshot::Json::error_handler_t::replace); }

// `fallbackSeed` is drawn by the JS wrapper from crypto.getRandomValues for requests without dice/seed.
std::string resolveJson(const std::string& text, unsigned fallbackSeed) {
  return boundary([&] { return grapeshot::resolveJson(text, fallbackSeed); });
}

template <grapeshot::Json (*Entry)(const grapeshot::Json&)>
std::string jsonEntry(const std::string& text) {
  return boundary([&] {
    grapeshot::Json req, err;
    return dump(grapeshot::parseRequest(text, req, err) ? Entry(req) : err);
  });
}

// `call` is "resolve", "odds" or "lookup"; seeds for requests without dice/seed derive from `fallbackSeed`.
std::string batchJson(const std::string& text, const std::string& call, unsigned fallbackSeed) {
  return boundary([&] {
    grapeshot::Json req, err;
    return dump(grapeshot::parseRequest(text, req, err, grapeshot::kMaxBatchBytes) ? grapeshot::batch(req, call, fallbackSeed) : err);
  });
}

grapeshot::Json odds(const grapeshot::Json& request) { return grapeshot::odds(request); }

std::string rulesetsJson() { return boundary([] { return dump(grapeshot::describe()); }); }
std::string version() { return grapeshot::kEngineVersion; }

}  // namespace

EMSCRIPTEN_BINDINGS(grapeshot) {
  emscripten::function("resolveJson", &resolveJson);
  emscripten::function("lookupJson", &jsonEntry<grapeshot::lookup>);
  emscripten::function("tableJson", &jsonEntry<grapeshot::table>);
  emscripten::function("oddsJson", &jsonEntry<odds>);
  emscripten::function("batchJson", &batchJson);
  emscripten::function("rulesetsJson", &rulesetsJson);
  emscripten::function("version", &version);
  emscripten::function("canonicalJson", &jsonEntry<grapeshot::canonical>);
  emscripten::function("verifyJson", +[](const std::string& text, bool requireCommitReveal) {
    return boundary([&] { return grapeshot::verifyJson(text, requireCommitReveal); });
  });
}
