// Every sentence the engine says is a Message: an id of the catalog (src/messages/en.json) and named
// parameters. A response carries each twice: the text, rendered in the language asked, and the
// structured form {id, params} under the holder's "messages" member ({"message": {id, params}} beside
// an error's "message"), so a host can render or translate it. The functions that make each message
// (msg::errorMissingField(field), …) are generated from the catalog (scripts/gen-core.mjs ->
// messages.h): a misspelt id or a missing parameter fails to compile.
#pragma once
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
class LangScope {
 public:
  explicit LangScope(Lang lang);
  ~LangScope();
  LangScope(const LangScope&) = delete;
  LangScope& operator=(const LangScope&) = delete;

 private:
  Lang saved_;
};

struct MessageParam {
  const char* name;  // a literal of the generated function
  TraceValue value;
};

class Message {
 public:
  Message(int id, std::vector<MessageParam> params) : id_(id), params_(std::move(params)) {}
  const char* id() const;
  const std::vector<MessageParam>& params() const { return params_; }
  // The sentence in `lang`: the catalog's template with the parameters put in.
  std::string text(Lang lang = currentLang()) const;
  // {"id":"…","params":{…}}
  void appendStructured(std::string& out) const;
  Json structured() const;

 private:
  int id_;
  std::vector<MessageParam> params_;
};

}  // namespace grapeshot
