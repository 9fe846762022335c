// Every sentence the engine says is a Message: an id of the catalog (src/messages/en.json) and named
// parameters. A response carries each twice: the text, rendered in the language asked, and the
// structured form {id, params} under the holder's "messages" member ({"message": {id, params}} beside
// an error's "message"), so a host can render or translate it. The functions that make each message
// (msg::errorMissingField(field), …) are generated from the catalog (scripts/gen-core.mjs ->
// messages.h): a misspelt id or a missing parameter fails to compile.
#pragma once
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "json.h"
#include "trace.h"

namespace grapeshot {

enum class Lang { en };

class Message;

// A parameter: a value (a number, a printed code), or — for words that need translating too (a unit's
// name, a reason) — a sentence of the catalog itself, rendered in the same language and written in
// the structured form as its own {id, params}.
struct MessageParam {
  const char* name;  // a literal of the generated function
  TraceValue value;
  std::shared_ptr<const Message> message{};  // set: the parameter is this sentence (value unused)
};

// What the generated msg::…(…) functions take for a parameter: anything a TraceValue is made from, or
// a Message (msg::…(…) nested in another).
struct MessageArg {
  template <typename T, std::enable_if_t<std::is_constructible_v<TraceValue, T&&>, int> = 0>
  MessageArg(T&& v) : value(std::forward<T>(v)) {}  // NOLINT: implicit, as the TraceValue it was
  MessageArg(const Message& m);                     // NOLINT: implicit (message.cpp)
  TraceValue value;
  std::shared_ptr<const Message> message;
};

class Message {
 public:
  Message(int id, std::vector<MessageParam> params) : id_(id), params_(std::move(params)) {}
  const char* id() const;
  const std::vector<MessageParam>& params() const { return params_; }
  // The sentence in `lang`: the catalog's template with the parameters put in.
  std::string text(Lang lang = Lang::en) const;
  // {"id":"…","params":{…}}
  void appendStructured(std::string& out) const;
  Json structured() const;

 private:
  int id_;
  std::vector<MessageParam> params_;
};

}  // namespace grapeshot
