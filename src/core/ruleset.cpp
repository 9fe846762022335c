#include "ruleset.h"

#include <algorithm>
#include <stdexcept>

#include "parse.h"

namespace grapeshot {
namespace {

struct Registration {
  const char* rulesetJson = nullptr;
  const char* tablesJson = nullptr;
  const char* dataHash = nullptr;
  std::vector<ProcedureEntry> procedures;
};

std::map<std::string, Registration>& registry() {
  static std::map<std::string, Registration> r;
  return r;
}

}  // namespace

bool registerRulesetData(const char* folder, const char* rulesetJson, const char* tablesJson, const char* dataHash) {
  auto& r = registry()[folder];
  r.rulesetJson = rulesetJson;
  r.tablesJson = tablesJson;
  r.dataHash = dataHash;
  return true;
}

bool registerProcedures(const char* folder, std::initializer_list<ProcedureEntry> procedures) {
  auto& r = registry()[folder];
  r.procedures.insert(r.procedures.end(), procedures.begin(), procedures.end());
  return true;
}

Ruleset::Ruleset(const std::string& folder, const char* rulesetJson, const char* tablesJson, const char* dataHash,
                 std::vector<ProcedureEntry> procedures)
    : id_(folder), rulesetJson_(rulesetJson), tablesJson_(tablesJson), dataHash_(dataHash), entries_(std::move(procedures)) {
  std::replace(id_.begin(), id_.end(), '_', '-');
}

namespace {
std::string_view textOf(const Json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? std::string_view(it->get_ref<const std::string&>()) : std::string_view();
}

PrintedEntry printed(const Json& table, const Json& entry) {
  PrintedEntry p;
  p.json = &entry;
  if (const auto v = entry.find("value"); v != entry.end() && v->is_number_integer()) p.hasValue = true, p.value = v->get<int>();
  p.label = textOf(entry, "label");
  p.tableTitle = textOf(table, "title");
  return p;
}

// A procedure's "headline" (the odds players ask for first): each entry a label, a tally and one test.
void checkHeadline(const std::string& where, const Json& procedure) {
  const auto h = procedure.find("headline");
  if (h == procedure.end()) return;
  if (!h->is_array()) throw std::logic_error(where + ": headline must be an array");
  for (const auto& e : *h) {
    const int tests = e.contains("atLeast") + e.contains("equals") + e.contains("in");
    if (!e.is_object() || !e.contains("label") || !e.at("label").is_string() || !e.contains("tally") ||
        !e.at("tally").is_string() || tests != 1 || (e.contains("atLeast") && !e.at("atLeast").is_number_integer()) ||
        (e.contains("in") && !e.at("in").is_array()))
      throw std::logic_error(where + ": a headline entry needs a label, a tally and one of atLeast (integer), equals or in: " +
                             e.dump());
  }
}
}  // namespace

const Ruleset::Data& Ruleset::data() const {
  std::call_once(*loaded_, [this] {
    auto d = std::make_unique<Data>();
    // Our own DOM builder (parse.h), not Json::parse: nlohmann's copies an object's members every
    // time it grows, half the cost of this, the first request's largest step.
    d->meta = parseData(rulesetJson_, (id_ + " ruleset.json").c_str());
    {
      Json all = parseData(tablesJson_, (id_ + " tables.json").c_str());
      d->tables = std::move(all.at("tables"));  // moved out, not copied: the tables are most of the data
    }
    if (d->meta.at("id") != id_)
      throw std::logic_error("ruleset folder for " + id_ + " declares id " + d->meta.at("id").dump());
    for (const auto& [tid, t] : d->tables.items()) {
      d->tableIndex.emplace(tid, &t);
      if (t.value("kind", "") == "grid") d->grids.emplace(tid, Grid(tid, t));
      if (const auto es = t.find("entries"); es != t.end() && es->is_array())
        for (const auto& e : *es)
          if (const auto eid = e.find("id"); eid != e.end() && eid->is_string())
            d->entries[tid].emplace(eid->get_ref<const std::string&>(), printed(t, e));
    }
    d->optionsSchema = Json{{"type", "object"}, {"properties", d->meta.value("options", Json::object())},
                            {"additionalProperties", false}};
    d->defaultOptions = Json::object();
    for (const auto& [name, o] : d->optionsSchema["properties"].items()) d->defaultOptions[name] = o.at("default");
    d->optionsValidator = std::make_unique<Schema>(d->optionsSchema);
    const auto& declared = d->meta.at("procedures");
    for (const auto& e : entries_) {
      if (!declared.contains(e.name))
        throw std::logic_error(id_ + ": procedure " + e.name + " has code but no entry in ruleset.json");
      checkHeadline(id_ + " " + e.name, declared.at(e.name));
      d->procedures.emplace(e.name, e);
      d->inputsValidators.emplace(e.name, Schema(declared.at(e.name).at("inputs")));
      d->names[e.name] = e.name;
      for (const auto& alias : declared.at(e.name).value("aliases", Json::array()))
        d->names[alias.get<std::string>()] = e.name;
    }
    data_ = std::move(d);
  });
  return *data_;
}

const Json& Ruleset::table(std::string_view id) const {
  const auto& index = data().tableIndex;
  const auto it = index.find(id);
  if (it == index.end()) throw std::out_of_range(id_ + ": no table " + std::string(id));
  return *it->second;
}

const PrintedEntry* Ruleset::findEntry(std::string_view tableId, std::string_view entryId) const {
  const auto& entries = data().entries;
  const auto t = entries.find(tableId);
  if (t == entries.end()) return nullptr;
  const auto e = t->second.find(entryId);
  return e == t->second.end() ? nullptr : &e->second;
}

const Json* Ruleset::entry(std::string_view tableId, std::string_view entryId) const {
  const PrintedEntry* e = findEntry(tableId, entryId);
  return e ? e->json : nullptr;
}

const PrintedEntry& Ruleset::printedEntry(std::string_view tableId, std::string_view entryId) const {
  if (const PrintedEntry* e = findEntry(tableId, entryId)) return *e;
  throw std::out_of_range(id_ + ": table " + std::string(tableId) + " has no entry " + std::string(entryId));
}

const Grid* Ruleset::grid(const std::string& id) const {
  const auto& grids = data().grids;
  const auto it = grids.find(id);
  return it == grids.end() ? nullptr : &it->second;
}

const std::string* Ruleset::canonicalName(const std::string& name) const {
  const auto& names = data().names;
  const auto it = names.find(name);
  return it == names.end() ? nullptr : &it->second;
}

namespace {

// A procedure that reads the request JSON as it goes: bound, it just remembers the function.
class JsonPlay final : public Play {
 public:
  explicit JsonPlay(Procedure run) : run_(run) {}
  Json play(Context& ctx, bool /*write*/) const override { return run_(ctx); }

 private:
  Procedure run_;
};

}  // namespace

std::unique_ptr<Play> Ruleset::bind(const std::string& canonical, const Json& inputs, const Json& options) const {
  const ProcedureEntry& e = data().procedures.at(canonical);
  if (e.bind) return e.bind(*this, inputs, options);
  return std::make_unique<JsonPlay>(e.run);
}

std::vector<std::string> Ruleset::procedureNames() const {
  std::vector<std::string> out;
  for (const auto& [name, _] : meta().at("procedures").items())
    if (data().procedures.count(name)) out.push_back(name);
  return out;
}

const std::vector<Ruleset>& rulesets() {
  static const std::vector<Ruleset> all = [] {
    std::vector<Ruleset> v;
    for (const auto& [folder, reg] : registry()) {
      if (!reg.rulesetJson) throw std::logic_error("ruleset folder " + folder + " has procedures but no data");
      v.emplace_back(folder, reg.rulesetJson, reg.tablesJson, reg.dataHash, reg.procedures);
    }
    std::sort(v.begin(), v.end(), [](const Ruleset& a, const Ruleset& b) { return a.id() < b.id(); });
    return v;
  }();
  return all;
}

const Ruleset* findRuleset(const std::string& id) {
  for (const auto& rs : rulesets())
    if (rs.id() == id) return &rs;
  return nullptr;
}

}  // namespace grapeshot
