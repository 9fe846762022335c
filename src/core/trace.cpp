#include "trace.h"

namespace grapeshot {
namespace {

// The length of the well-formed UTF-8 sequence at text[i] (its lead byte >= 0x80), or 0 when it is
// not one (Unicode Table 3-7: no overlongs, no surrogates, nothing beyond U+10FFFF).
std::size_t utf8Sequence(std::string_view text, std::size_t i) {
  const auto at = [&](std::size_t k) { return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0u; };
  const unsigned lead = at(0);
  const auto cont = [&](std::size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) { return at(k) >= lo && at(k) <= hi; };
  if (lead >= 0xC2 && lead <= 0xDF) return cont(1) ? 2 : 0;
  if (lead == 0xE0) return cont(1, 0xA0) && cont(2) ? 3 : 0;
  if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF) return cont(1) && cont(2) ? 3 : 0;
  if (lead == 0xED) return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0;
  if (lead == 0xF0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (lead >= 0xF1 && lead <= 0xF3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (lead == 0xF4) return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

}  // namespace

void appendJsonString(std::string& out, std::string_view text) {
  const std::size_t start = out.size();
  out += '"';
  std::size_t run = 0;  // the start of the characters not yet copied: copied a run at a time
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) continue;
    if (c >= 0x80) {
      // Well-formed UTF-8 is written as it is; anything else goes to nlohmann's own writer, which
      // replaces it as every response does.
      if (const std::size_t n = utf8Sequence(text, i)) {
        i += n - 1;
        continue;
      }
      out.resize(start);
      out += toText(Json(std::string(text)));
      return;
    }
    out.append(text.data() + run, i - run);
    run = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: {
        static constexpr char kHex[] = "0123456789abcdef";
        ((out += "\\u00") += kHex[c >> 4]) += kHex[c & 0xF];
      }
    }
  }
  out.append(text.data() + run, text.size() - run);
  out += '"';
}

namespace {
template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;
}  // namespace

TraceValue::~TraceValue() = default;
TraceValue::TraceValue(TraceValue&&) noexcept = default;
TraceValue& TraceValue::operator=(TraceValue&&) noexcept = default;

bool TraceValue::emptyText() const {
  if (const auto* t = std::get_if<std::string>(&v_)) return t->empty();
  if (const auto* t = std::get_if<std::string_view>(&v_)) return t->empty();
  return !given();
}

void TraceValue::appendTo(std::string& out) const {
  std::visit(Overloaded{[&](std::monostate) { out += "null"; },
                        [&](std::int64_t i) { out += std::to_string(i); },
                        [&](std::uint64_t u) { out += std::to_string(u); },
                        [&](bool b) { out += b ? "true" : "false"; },
                        [&](std::string_view text) { appendJsonString(out, text); },
                        [&](const std::string& text) { appendJsonString(out, text); },
                        [&](const Json& j) { out += toText(j); }},
             v_);
}

Json TraceValue::toJson() const {
  return std::visit(Overloaded{[](std::monostate) { return Json(); }, [](std::string_view t) { return Json(std::string(t)); },
                               [](const auto& v) { return Json(v); }},
                    v_);
}

void TraceLog::add(StepKind kind, TraceField* fields, std::size_t n) {
  const auto first = static_cast<std::uint32_t>(fields_.size());
  for (std::size_t i = 0; i < n; ++i)
    if (fields[i].key) fields_.push_back(std::move(fields[i]));
  steps_.push_back({kind, first, static_cast<std::uint32_t>(fields_.size() - first)});
}

void TraceLog::appendTo(std::string& out) const {
  out += '[';
  for (std::size_t s = 0; s < steps_.size(); ++s) {
    const Step& step = steps_[s];
    ((out += s ? ",{\"kind\":\"" : "{\"kind\":\"") += enumName(step.kind, kStepKindNames)) += '"';
    for (std::uint32_t i = step.first; i < step.first + step.count; ++i) {
      ((out += ",\"") += fields_[i].key) += "\":";
      fields_[i].value.appendTo(out);
    }
    out += '}';
  }
  out += ']';
}

Json TraceLog::toJson() const {
  Json out = Json::array();
  auto& items = out.get_ref<Json::array_t&>();
  items.reserve(steps_.size());
  for (const Step& step : steps_) {
    Json o(Json::value_t::object);
    auto& members = o.get_ref<Json::object_t&>();
    members.reserve(step.count + 1);
    members.emplace_back("kind", enumName(step.kind, kStepKindNames));
    for (std::uint32_t i = step.first; i < step.first + step.count; ++i)
      members.emplace_back(fields_[i].key, fields_[i].value.toJson());
    items.push_back(std::move(o));
  }
  return out;
}

}  // namespace grapeshot
