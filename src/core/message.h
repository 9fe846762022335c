// Every sentence the engine says is a Message: an id of the catalog (src/messages/en.json) and named
// parameters. A response carries each twice: the text, rendered in the language asked, and the
// structured form {id, params} under the holder's "messages" member ({"message": {id, params}} beside
// an error's "message"), so a host can render or translate it. The functions that make each message
// (msg::errorMissingField(field), …) are generated from the catalog (scripts/gen-core.mjs ->
// messages.h, messages.cpp): a misspelt id or a missing parameter fails to compile. The templates are
// compiled when the code builds (gen-core's compileTemplate), so rendering one parses nothing.
#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "json.h"
#include "trace.h"

namespace grapeshot {

// The languages of the catalogs (src/messages/<lang>.json); a request's `lang` (issue 28).
enum class Lang { en, fr };

// The language sentences are rendered in while a request is answered: set by the entry point that
// read the request's `lang` (LangScope), English otherwise. Sentences are rendered where they are
// made, deep in the procedures, so the language travels with the thread rather than every call.
Lang currentLang();
// The language of what is said outside any request's LangScope (text that does not parse, a batch's
// own errors): English unless the host sets it (the JS wrapper: createEngine's lang, once its catalog
// is loaded). A request without `lang` is still answered in English.
void setDefaultLang(Lang lang);
class LangScope {
 public:
  explicit LangScope(Lang lang);
  ~LangScope();
  LangScope(const LangScope&) = delete;
  LangScope& operator=(const LangScope&) = delete;

 private:
  Lang saved_;
};

class Message {
 public:
  explicit Message(int id) : id_(id) {}
  // The parameters in the catalog's order (the order they first appear in the English template),
  // moved from `params`: what the generated msg:: functions call.
  Message(int id, TraceValue* params, std::size_t n);
  Message(int id, std::vector<TraceValue> params) : id_(id), params_(std::move(params)) {}
  const char* id() const;
  const std::vector<TraceValue>& params() const { return params_; }
  // The sentence in `lang`: the catalog's template with the parameters put in.
  std::string text(Lang lang = currentLang()) const;
  void appendText(std::string& out, Lang lang = currentLang()) const;
  // {"id":"…","params":{…}}
  void appendStructured(std::string& out) const;
  Json structured() const;

 private:
  int id_;
  std::vector<TraceValue> params_;
};

}  // namespace grapeshot
