#include "context.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace grapeshot {

int Context::roll(const Die& die, const std::string& purpose) {
  const int natural = dice_.next(die);
  if (recordRolls_) rolls_.push_back(object({{"die", die.name}, {"natural", natural}, {"purpose", purpose}}));
  return natural;
}

int Context::rollBanded(const Die& die, const std::string& purpose, const Bands& bands) {
  const int natural = dice_.nextBanded(die, bands);
  if (recordRolls_) rolls_.push_back(object({{"die", die.name}, {"natural", natural}, {"purpose", purpose}}));
  return natural;
}

int Context::rollCheckUnder(const Die& die, const std::string& purpose, int passMax) {
  return rollBanded(die, purpose, Bands{{passMax + 1}, 1});
}

int Context::rollCheckOver(const Die& die, const std::string& purpose, int passMin) {
  return rollBanded(die, purpose, Bands{{passMin}, 1});
}

void Context::trace(StepKind kind, Json fields) {
  if (!tracing_) return;
  Json step = Json::object();
  auto& members = step.get_ref<Json::object_t&>();
  members.reserve(fields.size() + 1);
  members.emplace_back("kind", enumName(kind, kStepKindNames));
  for (auto& m : fields.get_ref<Json::object_t&>()) members.emplace_back(m.first, std::move(m.second));
  steps().push_back(std::move(step));
}

void Context::note(const std::string& text, const std::string& ref) {
  if (!tracing_) return;
  trace(StepKind::note, ref.empty() ? object({{"reason", text}}) : object({{"reason", text}, {"ref", ref}}));
}

void Context::ruling(const std::string& id, const std::string& text) {
  trace(StepKind::ruling, object({{"reason", text}, {"ref", id}}));
}

const Grid& Context::grid(const std::string& id) const {
  const Grid* g = ruleset.grid(id);
  if (!g) throw std::logic_error(ruleset.id() + ": no grid table " + id);
  return *g;
}

void Context::tally(const char* key, Json value) {
  for (auto& [k, v] : outcome_)
    if (k == key || std::strcmp(k, key) == 0) {  // the same literal, or the same key from elsewhere
      v = std::move(value);
      return;
    }
  outcome_.emplace_back(key, std::move(value));
}

const Json& Context::entry(std::string_view tableId, std::string_view entryId) const {
  return ruleset.entryAt(tableId, entryId);
}

int Context::entryValue(std::string_view tableId, std::string_view entryId, std::string_view key) const {
  const Json& e = entry(tableId, entryId);
  return key.empty() ? e.at("value").get<int>() : e.at("values").at(std::string(key)).get<int>();
}

Modifiers& Modifiers::add(int value, std::string_view reason, std::string_view ref) {
  if (value == 0) return *this;
  total_ += value;
  if (ctx_.tracing()) {
    Json s = object({{"value", value}, {"reason", std::string(reason)}, {"ref", std::string(ref)}});
    if (!subject_.empty()) s.get_ref<Json::object_t&>().emplace_back("for", subject_);  // object() left room
    ctx_.trace(kind_, std::move(s));
  }
  return *this;
}

Modifiers& Modifiers::entry(std::string_view tableId, std::string_view entryId, int times, std::string_view ruling) {
  if (times == 0) return *this;
  const Json& e = ctx_.entry(tableId, entryId);
  // Untraced (exact odds run the procedure once per die sequence): skip building the reason text.
  if (!ctx_.tracing()) {
    total_ += e.at("value").get<int>() * times;
    return *this;
  }
  std::string reason = e.at("label").get<std::string>();
  if (times != 1) reason += " (x" + std::to_string(times) + ")";
  const std::string& title = ctx_.table(std::string(tableId)).at("title").get_ref<const std::string&>();
  return add(e.at("value").get<int>() * times, reason, ruling.empty() ? std::string_view(title) : ruling);
}

Modifiers& Modifiers::entryValue(std::string_view tableId, std::string_view entryId, std::string_view key,
                                 std::string_view ruling) {
  const Json& e = ctx_.entry(tableId, entryId);
  const int value = e.at("values").at(std::string(key)).get<int>();
  if (!ctx_.tracing()) {
    total_ += value;
    return *this;
  }
  const std::string& title = ctx_.table(std::string(tableId)).at("title").get_ref<const std::string&>();
  return add(value, e.at("label").get<std::string>() + " [" + std::string(key) + "]",
             ruling.empty() ? std::string_view(title) : ruling);
}

int patchedEntryValue(const Ruleset& rs, const Json& options, EntryId e, std::string_view key, std::string& ruling) {
  const Json& printed = rs.entryAt(e);
  int value = key.empty() ? printed.at("value").get<int>() : printed.at("values").at(std::string(key)).get<int>();
  const Json& table = rs.table(TableId{e.table});
  const auto patches = table.find("patches");
  if (patches == table.end()) return value;
  for (const auto& p : *patches) {
    const auto on = options.find(p.at("option").get_ref<const std::string&>());
    if (on == options.end() || *on != p.at("equals")) continue;
    const auto changes = p.find("entries");  // (a table's patches may change its bands instead)
    if (changes == p.end()) continue;
    for (const auto& change : *changes)
      if (change.at("id") == e.id && change.contains(key.empty() ? "value" : "values")) {
        value = key.empty() ? change.at("value").get<int>() : change.at("values").at(std::string(key)).get<int>();
        ruling = p.at("ruling").get<std::string>();
      }
  }
  return value;
}

int clampTraced(Context& ctx, int value, int low, int high, std::string_view what, std::string_view ref) {
  const int clamped = std::clamp(value, low, high);
  if (clamped != value && ctx.tracing())
    ctx.trace(StepKind::clamp, object({{"before", value}, {"after", clamped}, {"min", low}, {"max", high},
                                       {"reason", std::string(what)}, {"ref", std::string(ref)}}));
  return clamped;
}

}  // namespace grapeshot
