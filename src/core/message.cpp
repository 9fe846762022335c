#include "message.h"

#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "messages.h"  // generated from src/messages/en.json

namespace grapeshot {
namespace {

const MessageParam* find(const std::vector<MessageParam>& params, std::string_view name) {
  for (const auto& p : params)
    if (name == p.name) return &p;
  return nullptr;
}

// The catalog's templates are the project's own (checked when the code builds): a template that does
// not parse is a bug, never a request error.
[[noreturn]] void malformed(std::string_view t) {
  throw std::logic_error("message template does not parse: " + std::string(t));
}

// The text of `t` from `at` up to its closing brace (nested braces counted); `at` ends past it.
std::string_view braced(std::string_view t, std::size_t& at) {
  if (at >= t.size() || t[at] != '{') malformed(t);
  const std::size_t start = ++at;
  for (int depth = 1; at < t.size(); ++at) {
    if (t[at] == '{') ++depth;
    if (t[at] == '}' && --depth == 0) return t.substr(start, at++ - start);
  }
  malformed(t);
}

void render(std::string_view t, const std::vector<MessageParam>& params, std::string& out, const std::string* number);

// {name, plural, one {…} other {…}}: `one` when the number is 1, `=N` when it is N, else `other`.
void plural(std::string_view options, std::int64_t n, const std::vector<MessageParam>& params, std::string& out) {
  const std::string number = std::to_string(n);
  std::string_view chosen, other;
  for (std::size_t at = 0; at < options.size();) {
    while (at < options.size() && options[at] == ' ') ++at;
    if (at >= options.size()) break;
    const std::size_t open = options.find('{', at);
    if (open == std::string_view::npos) malformed(options);
    std::string_view key = options.substr(at, open - at);
    while (!key.empty() && key.back() == ' ') key.remove_suffix(1);
    at = open;
    const std::string_view text = braced(options, at);
    if ((key == "one" && n == 1) || (key.size() > 1 && key[0] == '=' && key.substr(1) == number)) chosen = text;
    if (key == "other") other = text;
  }
  render(chosen.data() ? chosen : other, params, out, &number);
}

void render(std::string_view t, const std::vector<MessageParam>& params, std::string& out, const std::string* number) {
  for (std::size_t at = 0; at < t.size();) {
    const char c = t[at];
    if (c == '#' && number) {
      out += *number;
      ++at;
      continue;
    }
    if (c != '{') {
      out += c;
      ++at;
      continue;
    }
    const std::string_view inner = braced(t, at);
    const std::size_t comma = inner.find(',');
    const std::string_view name = inner.substr(0, comma);
    const MessageParam* p = find(params, name);
    if (!p) throw std::logic_error("message parameter {" + std::string(name) + "} not given");
    if (comma == std::string_view::npos) {
      if (p->message) out += p->message->text();
      else out += p->value.plain();
      continue;
    }
    const std::size_t second = inner.find(',', comma + 1);
    if (second == std::string_view::npos || inner.substr(comma + 1, second - comma - 1).find("plural") == std::string_view::npos)
      malformed(t);
    const auto n = p->value.integer();
    if (!n) throw std::logic_error("message parameter {" + std::string(name) + "} is not a number");
    plural(inner.substr(second + 1), *n, params, out);
  }
}

}  // namespace

const char* Message::id() const { return msg::kIds[id_]; }

std::string Message::text(Lang) const {
  std::string out;
  render(msg::kEnglish[id_], params_, out, nullptr);
  return out;
}

void Message::appendStructured(std::string& out) const {
  out += "{\"id\":";
  appendJsonString(out, id());
  out += ",\"params\":{";
  for (std::size_t i = 0; i < params_.size(); ++i) {
    if (i) out += ',';
    appendJsonString(out, params_[i].name);
    out += ':';
    if (params_[i].message) params_[i].message->appendStructured(out);
    else params_[i].value.appendTo(out);
  }
  out += "}}";
}

MessageArg::MessageArg(const Message& m) : message(std::make_shared<const Message>(m)) {}

Sentence::Sentence(const Message& message) : text(message.text()), structured(Json{{"reason", message.structured()}}) {}

Json Message::structured() const {
  Json params(Json::value_t::object);
  for (const auto& p : params_) params[p.name] = p.message ? p.message->structured() : p.value.toJson();
  return object({{"id", id()}, {"params", std::move(params)}});
}

}  // namespace grapeshot
