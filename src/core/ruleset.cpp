#include "ruleset.h"

#include <algorithm>
#include <stdexcept>

#include "error.h"
#include "forms_fr.h"  // generated from src/messages/fr.json
#include "parse.h"

namespace grapeshot {
namespace {

struct Registration {
  const char* rulesetJson = nullptr;
  const char* tablesJson = nullptr;
  const char* dataHash = nullptr;
  const PrintedTables* printed = nullptr;
  int tag = 0;
  std::vector<ProcedureEntry> procedures;
};

std::map<std::string, Registration>& registry() {
  static std::map<std::string, Registration> r;
  return r;
}

}  // namespace

bool registerRulesetData(const char* folder, const char* rulesetJson, const char* tablesJson, const char* dataHash,
                         const PrintedTables& printed, int tag) {
  auto& r = registry()[folder];
  r.rulesetJson = rulesetJson;
  r.tablesJson = tablesJson;
  r.dataHash = dataHash;
  r.printed = &printed;
  r.tag = tag;
  return true;
}

bool registerProcedures(const char* folder, std::initializer_list<ProcedureEntry> procedures) {
  auto& r = registry()[folder];
  r.procedures.insert(r.procedures.end(), procedures.begin(), procedures.end());
  return true;
}

Ruleset::Ruleset(const std::string& folder, const char* rulesetJson, const char* tablesJson, const char* dataHash,
                 const PrintedTables& printed, int tag, std::vector<ProcedureEntry> procedures)
    : id_(folder),
      rulesetJson_(rulesetJson),
      tablesJson_(tablesJson),
      dataHash_(dataHash),
      entries_(std::move(procedures)),
      printed_(&printed),
      tag_(tag),
      grids_(std::make_unique<BuiltGrid[]>(printed.grids.size())) {
  std::replace(id_.begin(), id_.end(), '_', '-');
}

namespace {
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
    // ruleset.json: its id and options parsed now; the rest of the envelope (title, rulings, ...) and
    // each procedure's entry (most of the file) when asked for.
    const std::string what = id_ + " ruleset.json";
    Json id, options = Json::object();
    for (const auto& [key, value] : dataMembers(rulesetJson_, what.c_str())) {
      if (key != "procedures") {
        d->envelopeMembers.emplace_back(key, value);
        if (key == "id") id = parseData(value, what.c_str());
        if (key == "options") options = parseData(value, what.c_str());
        continue;
      }
      for (const auto& [name, text] : dataMembers(value, (what + " procedures").c_str())) {
        const auto [it, fresh] = d->declared.try_emplace(std::string(name));
        if (!fresh) throw std::logic_error(what + ": procedure " + std::string(name) + " given twice");
        it->second.text = text;
        d->declaredOrder.emplace_back(name);
      }
    }
    // The tables are only found here; each is parsed when first asked for (loadedTable).
    for (const auto& [key, value] : dataMembers(tablesJson_, (id_ + " tables.json").c_str())) {
      if (key != "tables") continue;
      for (const auto& [tid, text] : dataMembers(value, (id_ + " tables.json tables").c_str())) {
        Table& t = d->tables.emplace_back();
        t.text = text;
        if (!d->tableIndex.emplace(tid, &t).second)
          throw std::logic_error(id_ + " tables.json: table " + std::string(tid) + " given twice");
        d->tableIds.push_back(tid);
      }
    }
    if (id != id_) throw std::logic_error("ruleset folder for " + id_ + " declares id " + id.dump());
    d->optionsSchema = Json{{"type", "object"}, {"properties", std::move(options)}, {"additionalProperties", false}};
    d->defaultOptions = Json::object();
    for (const auto& [name, o] : d->optionsSchema["properties"].items()) d->defaultOptions[name] = o.at("default");
    d->optionsValidator = std::make_unique<Schema>(d->optionsSchema);
    for (const auto& e : entries_) {
      const auto declared = d->declared.find(e.name);
      if (declared == d->declared.end())
        throw std::logic_error(id_ + ": procedure " + e.name + " has code but no entry in ruleset.json");
      d->procedures.emplace(e.name, e);
      d->names[e.name] = e.name;
      // Only its aliases are read now (a procedure answers to them before it is parsed).
      for (const auto& [key, value] : dataMembers(declared->second.text, (what + " " + e.name).c_str()))
        if (key == "aliases")
          for (const auto& alias : parseData(value, what.c_str())) d->names[alias.get<std::string>()] = e.name;
    }
    data_ = std::move(d);
  });
  return *data_;
}

const Ruleset::Table* Ruleset::loadedTable(std::string_view id) const {
  const auto& index = data().tableIndex;
  const auto it = index.find(id);
  if (it == index.end()) return nullptr;
  Table& t = *it->second;
  std::call_once(t.parsed, [&] { t.json = parseData(t.text, (id_ + " table " + std::string(id)).c_str()); });
  return &t;
}

const Json& Ruleset::table(std::string_view id) const {
  if (const Table* t = loadedTable(id)) return t->json;
  throw std::out_of_range(id_ + ": no table " + std::string(id));
}

const Json& Ruleset::table(std::string_view id, Lang lang) const {
  const Json& english = table(id);  // loaded and parsed, or throws
  if (lang == Lang::en) return english;
  Table& t = *data().tableIndex.find(id)->second;
  std::call_once(t.translated, [&] {
    t.french = english;
    const std::string prefix = "tables.json#/tables/" + pointerToken(std::string(id));
    for (const auto& f : forms::french()) {
      const std::string_view pointer(f.pointer);
      if (f.ruleset != id_ || pointer.size() <= prefix.size() || pointer.compare(0, prefix.size(), prefix) != 0 ||
          pointer[prefix.size()] != '/')
        continue;
      t.french.at(Json::json_pointer(std::string(pointer.substr(prefix.size())))) = f.text;
    }
  });
  return t.french;
}


Ruleset::Declared& Ruleset::parsedProcedure(const std::string& canonical) const {
  const auto it = data().declared.find(canonical);
  if (it == data().declared.end()) throw std::out_of_range(id_ + ": no procedure " + canonical);
  Declared& p = it->second;
  std::call_once(p.parsed, [&] {
    const std::string where = id_ + " " + canonical;
    p.json = parseData(p.text, (where + " (ruleset.json)").c_str());
    checkHeadline(where, p.json);
  });
  return p;
}

const Json& Ruleset::procedure(const std::string& canonical) const { return parsedProcedure(canonical).json; }

const Schema& Ruleset::inputsValidator(const std::string& canonical) const {
  Declared& p = parsedProcedure(canonical);
  std::call_once(p.compiled, [&] { p.validator = std::make_unique<Schema>(p.json.at("inputs")); });
  return *p.validator;
}

const Schema& Ruleset::inputsValidator(const std::string& canonical, Lang lang) const {
  if (lang == Lang::en) return inputsValidator(canonical);
  const Json& french = procedure(canonical, lang);  // translated
  Declared& p = parsedProcedure(canonical);
  std::call_once(p.frenchCompiled, [&] { p.frenchValidator = std::make_unique<Schema>(french.at("inputs")); });
  return *p.frenchValidator;
}

const Schema& Ruleset::optionsValidator(Lang lang) const {
  if (lang == Lang::en) return optionsValidator();
  const Json& envelope = this->envelope(lang);
  Data& d = *data_;
  std::call_once(d.frenchOptionsCompiled, [&] {
    Json options = Json::object();
    if (const auto it = envelope.find("options"); it != envelope.end()) options = *it;
    d.frenchOptionsSchema = Json{{"type", "object"}, {"properties", std::move(options)}, {"additionalProperties", false}};
    d.frenchOptionsValidator = std::make_unique<Schema>(d.frenchOptionsSchema);
  });
  return *d.frenchOptionsValidator;
}

const Json& Ruleset::envelope() const {
  data();  // loaded
  Data& d = *data_;
  std::call_once(d.envelopeParsed, [&] {
    const std::string what = id_ + " ruleset.json";
    d.envelope = Json::object();
    for (const auto& [key, value] : d.envelopeMembers) d.envelope[std::string(key)] = parseData(value, what.c_str());
  });
  return d.envelope;
}

namespace {

// The French texts of ruleset `id`'s forms whose JSON Pointer starts with `prefix`, put into `json`
// at the rest of their pointer (forms_fr.h, generated from src/messages/fr.json and checked there:
// every English text of a ruleset.json has its French).
Json translated(const Json& english, const std::string& id, const std::string& prefix, bool envelope) {
  Json json = english;
  for (const auto& f : forms::french()) {
    const std::string_view pointer(f.pointer);
    if (id != f.ruleset || pointer.rfind('/', 0) != 0) continue;  // not ruleset.json's (tables.json#…)
    const bool inProcedures = pointer.rfind("/procedures/", 0) == 0;
    if (envelope ? inProcedures : pointer.rfind(prefix, 0) != 0 || pointer.substr(prefix.size(), 1) != "/") continue;
    json.at(Json::json_pointer(std::string(pointer.substr(envelope ? 0 : prefix.size())))) = f.text;
  }
  return json;
}

}  // namespace

const Json& Ruleset::envelope(Lang lang) const {
  const Json& english = envelope();  // loaded and parsed
  if (lang == Lang::en) return english;
  Data& d = *data_;
  std::call_once(d.envelopeTranslated, [&] { d.frenchEnvelope = translated(english, id_, "", true); });
  return d.frenchEnvelope;
}

const Json& Ruleset::procedure(const std::string& canonical, Lang lang) const {
  Declared& p = parsedProcedure(canonical);
  if (lang == Lang::en) return p.json;
  std::call_once(p.translated, [&] { p.french = translated(p.json, id_, "/procedures/" + pointerToken(canonical), false); });
  return p.french;
}

std::string_view Ruleset::printedIn(std::string_view ruleset, std::string_view english, Lang lang) {
  if (lang != Lang::fr) return english;
  const auto* names = std::begin(forms::kPrintedRulesets);
  const auto* name = std::find(names, std::end(forms::kPrintedRulesets), ruleset);
  if (name == std::end(forms::kPrintedRulesets)) return english;
  const auto index = static_cast<unsigned char>(name - names);
  const auto* begin = std::begin(forms::kPrinted);
  const auto* end = std::end(forms::kPrinted);
  const auto* at = std::lower_bound(begin, end, english, [index](const forms::Printed& p, std::string_view k) {
    return p.ruleset < index || (p.ruleset == index && std::string_view(p.english) < k);
  });
  if (at == end || at->ruleset != index || at->english != english) return english;
  const forms::Texts french = forms::french();  // empty until a browser has loaded the French catalog
  return at->form < french.count ? std::string_view(french.first[at->form].text) : english;
}

const Json& Ruleset::meta() const {
  std::call_once(*metaParsed_, [this] { meta_ = parseData(rulesetJson_, (id_ + " ruleset.json").c_str()); });
  return meta_;
}

const PrintedEntry& Ruleset::printedEntry(std::string_view tableId, std::string_view entryId) const {
  std::call_once(*entryIndexed_, [this] {
    for (int i = 0; i < printed_->entryCount; ++i)
      entryIndex_.emplace(std::pair(printed_->entries[i].table, printed_->entries[i].id), &printed_->entries[i]);
  });
  if (const auto e = entryIndex_.find(std::pair(tableId, entryId)); e != entryIndex_.end()) return *e->second;
  throw std::out_of_range(id_ + ": table " + std::string(tableId) + " has no entry " + std::string(entryId));
}

const Grid* Ruleset::grid(std::string_view id) const {
  for (std::size_t i = 0; i < printed_->grids.size(); ++i) {
    if (printed_->grids[i].id != id) continue;
    BuiltGrid& g = grids_[i];
    std::call_once(g.built, [&] { g.grid.emplace(printed_->grids[i]); });
    return &*g.grid;
  }
  return nullptr;
}

const std::string* Ruleset::canonicalName(const std::string& name) const {
  const auto& names = data().names;
  const auto it = names.find(name);
  return it == names.end() ? nullptr : &it->second;
}

std::unique_ptr<Play> Ruleset::bind(const std::string& canonical, const Json& inputs, const Json& options) const {
  return data().procedures.at(canonical).bind(*this, inputs, options);
}

std::vector<std::string> Ruleset::procedureNames() const {
  std::vector<std::string> out;
  for (const auto& name : data().declaredOrder)
    if (data().procedures.count(name)) out.push_back(name);
  return out;
}

const std::vector<Ruleset>& rulesets() {
  static const std::vector<Ruleset> all = [] {
    std::vector<Ruleset> v;
    for (const auto& [folder, reg] : registry()) {
      if (!reg.rulesetJson) throw std::logic_error("ruleset folder " + folder + " has procedures but no data");
      v.emplace_back(folder, reg.rulesetJson, reg.tablesJson, reg.dataHash, *reg.printed, reg.tag, reg.procedures);
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
