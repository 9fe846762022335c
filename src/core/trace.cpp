#include "trace.h"

#include "message.h"

#include <charconv>
#include <cstring>

namespace grapeshot {
namespace {
template <typename T>
void appendInteger(std::string& out, T n) {
  char buf[24];
  out.append(buf, static_cast<std::size_t>(std::to_chars(buf, buf + sizeof buf, n).ptr - buf));
}
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
TraceValue::TraceValue(const TraceValue&) = default;
TraceValue& TraceValue::operator=(const TraceValue&) = default;

std::optional<std::string_view> TraceValue::text() const {
  if (const auto* t = std::get_if<std::string>(&v_)) return std::string_view(*t);
  if (const auto* t = std::get_if<std::string_view>(&v_)) return *t;
  return std::nullopt;
}

bool TraceValue::operator==(const TraceValue& o) const {
  // An integer against an integer first: what most tallies hold, on every dice sequence of exact odds.
  if (const auto* a = std::get_if<std::int64_t>(&v_))
    if (const auto* b = std::get_if<std::int64_t>(&o.v_)) return *a == *b;
  const auto mine = text(), theirs = o.text();
  if (mine && theirs) return *mine == *theirs;
  if (v_.index() == o.v_.index()) return v_ == o.v_;
  return toJson() == o.toJson();  // held differently (an integer signed and unsigned, a text and a Json)
}

bool TraceValue::emptyText() const {
  if (const auto t = text()) return t->empty();
  return !given();
}

void TraceValue::appendTo(std::string& out) const {
  std::visit(Overloaded{[&](std::monostate) { out += "null"; },
                        [&](std::int64_t i) { appendInteger(out, i); },
                        [&](std::uint64_t u) { appendInteger(out, u); },
                        [&](bool b) { out += b ? "true" : "false"; },
                        [&](std::string_view text) { appendJsonString(out, text); },
                        [&](const std::string& text) { appendJsonString(out, text); },
                        [&](const Json& j) { appendJson(out, j); },
                        [&](const std::shared_ptr<const Message>& m) { m->appendStructured(out); }},
             v_);
}

[[gnu::noinline]] bool TraceValue::writeSimple(char*& at, char* end) const {
  if (end - at < 24) return false;  // room for any integer
  if (const auto* i = std::get_if<std::int64_t>(&v_)) {
    at = std::to_chars(at, end, *i).ptr;
    return true;
  }
  if (const auto* u = std::get_if<std::uint64_t>(&v_)) {
    at = std::to_chars(at, end, *u).ptr;
    return true;
  }
  const auto t = text();
  if (!t || t->size() + 2 > static_cast<std::size_t>(end - at) || !copiedAsIs(*t)) return false;
  *at++ = '"';
  if (!t->empty()) std::memcpy(at, t->data(), t->size());  // an empty view may hold null
  at += t->size();
  *at++ = '"';
  return true;
}

std::string TraceValue::plain() const {
  std::string out;
  appendPlain(out);
  return out;
}

void TraceValue::appendPlain(std::string& out) const {
  if (const auto t = text()) {
    out.append(t->data(), t->size());
  } else if (const auto* i = std::get_if<std::int64_t>(&v_)) {
    appendInteger(out, *i);
  } else if (const auto* j = std::get_if<Json>(&v_); j && j->is_string()) {
    out += j->get_ref<const std::string&>();
  } else if (const Message* m = message()) {
    m->appendText(out);
  } else {
    appendTo(out);
  }
}

const Message* TraceValue::message() const {
  const auto* m = std::get_if<std::shared_ptr<const Message>>(&v_);
  return m ? m->get() : nullptr;
}

std::optional<std::int64_t> TraceValue::integer() const {
  if (const auto* i = std::get_if<std::int64_t>(&v_)) return *i;
  if (const auto* u = std::get_if<std::uint64_t>(&v_)) return static_cast<std::int64_t>(*u);
  if (const auto* j = std::get_if<Json>(&v_); j && j->is_number_integer()) return j->get<std::int64_t>();
  return std::nullopt;
}

bool TraceValue::isFloat() const {
  const auto* j = std::get_if<Json>(&v_);
  return j && j->is_number_float();
}

Json TraceValue::toJson() const {
  return std::visit(Overloaded{[](std::monostate) { return Json(); }, [](std::string_view t) { return Json(std::string(t)); },
                               [](const std::shared_ptr<const Message>& m) { return m->structured(); },
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
    ((out += s ? ",{\"kind\":\"" : "{\"kind\":\"") += kStepKindNames[static_cast<int>(step.kind)]) += '"';
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
    members.emplace_back("kind", kStepKindNames[static_cast<int>(step.kind)]);
    for (std::uint32_t i = step.first; i < step.first + step.count; ++i)
      members.emplace_back(fields_[i].key, fields_[i].value.toJson());
    items.push_back(std::move(o));
  }
  return out;
}

void RollLog::appendTo(std::string& out) const {
  out += '[';
  for (std::size_t i = 0; i < rolls_.size(); ++i) {
    const Roll& r = rolls_[i];
    out += i ? ",{\"die\":" : "{\"die\":";
    appendJsonString(out, r.die);
    char buf[40] = ",\"natural\":";  // the number and the next name in one append
    char* at = std::to_chars(buf + 11, buf + 28, r.natural).ptr;
    std::memcpy(at, ",\"purpose\":", 11);
    out.append(buf, static_cast<std::size_t>(at + 11 - buf));
    r.purpose.appendTo(out);
    out += '}';
  }
  out += ']';
}

Json RollLog::toJson() const {
  Json out = Json::array();
  auto& items = out.get_ref<Json::array_t&>();
  items.reserve(rolls_.size());
  for (const Roll& r : rolls_) items.push_back(object({{"die", r.die}, {"natural", r.natural}, {"purpose", r.purpose.toJson()}}));
  return out;
}

}  // namespace grapeshot
