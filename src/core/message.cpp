#include "message.h"

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "messages.h"  // generated from src/messages/*.json

namespace grapeshot {
namespace {

thread_local Lang current = Lang::en;  // LangScope

// The bytes of message `id` in `t` (a compiled template: scripts/gen-core.mjs, compileTemplate).
std::string_view compiled(const msg::Templates& t, int id) {
  return std::string_view(t.text + t.at[id], t.at[id + 1] - t.at[id]);
}

void appendInteger(std::string& out, std::int64_t n) {
  char buf[24];
  out.append(buf, static_cast<std::size_t>(std::to_chars(buf, buf + sizeof buf, n).ptr - buf));
}

// A parameter as a sentence shows it; in French a number's decimal point is a comma (« 1,5 »), while
// a text parameter (a printed label such as « 1.5-1 ») stays as printed (issue 28).
void appendParam(const TraceValue& p, std::string& out, Lang lang) {
  const std::size_t start = out.size();
  p.appendPlain(out);
  if (lang == Lang::fr && p.isFloat())
    for (std::size_t i = start; i < out.size(); ++i)
      if (out[i] == '.') out[i] = ',';
}

// Renders compiled template bytes [at, end): literal runs as they are, \1 P a parameter, \2 P K … a
// plural, \3 its number (`n`, inside a plural's case). French `one` is 0 and 1.
void render(const char* at, const char* end, const std::vector<TraceValue>& params, std::string& out, std::int64_t n, Lang lang) {
  while (at < end) {
    const char* run = at;
    while (at < end && static_cast<unsigned char>(*at) >= 0x20) ++at;
    out.append(run, static_cast<std::size_t>(at - run));
    if (at == end) return;
    switch (*at++) {
      case 1: {
        const TraceValue& p = params[static_cast<unsigned char>(*at++) - 1];
        if (const Message* nested = p.message()) nested->appendText(out, lang);  // a sentence as a parameter
        else appendParam(p, out, lang);
        break;
      }
      case 3:
        appendInteger(out, n);
        break;
      case 2: {
        const TraceValue& p = params[static_cast<unsigned char>(*at++) - 1];
        int cases = static_cast<unsigned char>(*at++);
        const auto value = p.integer();
        const std::int64_t number = value ? *value : 0;  // the generated functions' callers pass integers
        const char *chosen = nullptr, *chosenEnd = nullptr, *other = nullptr, *otherEnd = nullptr;
        for (; cases > 0; --cases) {
          const int selector = static_cast<unsigned char>(at[0]);
          const std::size_t length = (static_cast<std::size_t>(static_cast<unsigned char>(at[1]) - 1) << 7) +
                                     static_cast<unsigned char>(at[2]) - 1;
          const char* body = at + 3;
          at = body + length;
          if (selector == 1) other = body, otherEnd = at;
          else if ((selector == 2 && (number == 1 || (number == 0 && lang == Lang::fr))) ||
                   (selector >= 3 && number == selector - 3))  // the last that fits
            chosen = body, chosenEnd = at;
        }
        if (chosen) render(chosen, chosenEnd, params, out, number, lang);
        else if (other) render(other, otherEnd, params, out, number, lang);
        break;
      }
      default:
        break;
    }
  }
}

}  // namespace

Message::Message(int id, TraceValue* params, std::size_t n) : id_(id) {
  params_.reserve(n);
  for (std::size_t i = 0; i < n; ++i) params_.push_back(std::move(params[i]));
}

Lang currentLang() { return current; }
void setDefaultLang(Lang lang) { current = lang; }
LangScope::LangScope(Lang lang) : saved_(current) { current = lang; }
LangScope::~LangScope() { current = saved_; }

const char* Message::id() const { return msg::kIds[id_]; }

void Message::appendText(std::string& out, Lang lang) const {
  // A language not loaded (core/catalog.h: requests for it are refused before this) renders in English.
  const int l = static_cast<int>(lang) < msg::kLanguages && msg::kTemplates[static_cast<int>(lang)].text ? static_cast<int>(lang) : 0;
  const std::string_view t = compiled(msg::kTemplates[l], id_);
  render(t.data(), t.data() + t.size(), params_, out, 0, static_cast<Lang>(l));
}

std::string Message::text(Lang lang) const {
  std::string out;
  appendText(out, lang);
  return out;
}

void Message::appendStructured(std::string& out) const {
  // Composed on the stack and appended in one go (an untraced 1866 shock writes eleven of these):
  // in the module each append to a std::string is a call into libc++ and another into memcpy, and
  // a sentence's id, its parameters and the text between them were a dozen of them.
  char buf[256];
  char* at = buf;
  const auto put = [&](const char* text, std::size_t n) {
    if (n > static_cast<std::size_t>(buf + sizeof buf - at)) {
      out.append(buf, static_cast<std::size_t>(at - buf));
      at = buf;
      if (n > sizeof buf) return static_cast<void>(out.append(text, n));
    }
    std::memcpy(at, text, n);
    at += n;
  };
  put("{\"id\":\"", 7);
  const char* id = msg::kIds[id_];  // ids need no escaping (gen-core checks their form)
  put(id, std::strlen(id));
  const std::string_view t = compiled(msg::kStructured, id_);
  std::size_t next = 0;
  for (std::size_t from = 0; from < t.size();) {
    const std::size_t slot = t.find('\1', from);
    put(t.data() + from, (slot == std::string_view::npos ? t.size() : slot) - from);
    if (slot == std::string_view::npos) break;
    const TraceValue& p = params_[next++];
    if (!p.writeSimple(at, buf + sizeof buf)) {  // anything else (a nested sentence) as it writes itself
      out.append(buf, static_cast<std::size_t>(at - buf));
      at = buf;
      p.appendTo(out);
    }
    from = slot + 1;
  }
  out.append(buf, static_cast<std::size_t>(at - buf));
}

TraceValue TraceValue::nested(const Message& m) {
  TraceValue v;
  v.v_ = std::make_shared<const Message>(m);
  return v;
}

TraceValue TraceValue::nested(Message&& m) {
  TraceValue v;
  v.v_ = std::make_shared<const Message>(std::move(m));
  return v;
}

Sentence::Sentence(const Message& message) : text(message.text()), structured(Json{{"reason", message.structured()}}) {}

Json Message::structured() const {
  // The names from the structured template: each slot follows "<name>": (names are camelCase).
  Json params(Json::value_t::object);
  const std::string_view t = compiled(msg::kStructured, id_);
  std::size_t next = 0;
  for (std::size_t slot = t.find('\1'); slot != std::string_view::npos; slot = t.find('\1', slot + 1)) {
    const std::size_t close = slot - 2, open = t.rfind('"', close - 1) + 1;
    params[std::string(t.substr(open, close - open))] = params_[next++].toJson();
  }
  return object({{"id", id()}, {"params", std::move(params)}});
}

}  // namespace grapeshot
