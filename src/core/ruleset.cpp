#include "ruleset.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "sha256.h"

namespace grapeshot {
namespace {

struct Registration {
  const char* rulesetJson = nullptr;
  const char* tablesJson = nullptr;
  std::vector<ProcedureEntry> procedures;
};

std::map<std::string, Registration>& registry() {
  static std::map<std::string, Registration> r;
  return r;
}

}  // namespace

bool registerRulesetData(const char* folder, const char* rulesetJson, const char* tablesJson) {
  auto& r = registry()[folder];
  r.rulesetJson = rulesetJson;
  r.tablesJson = tablesJson;
  return true;
}

bool registerProcedures(const char* folder, std::initializer_list<ProcedureEntry> procedures) {
  auto& r = registry()[folder];
  r.procedures.insert(r.procedures.end(), procedures.begin(), procedures.end());
  return true;
}

Ruleset::Ruleset(std::string folder, const char* rulesetJson, const char* tablesJson)
    : meta_(Json::parse(rulesetJson)), tables_(Json::parse(tablesJson).at("tables")) {
  id_ = meta_.at("id").get<std::string>();
  for (const auto& [tid, t] : tables_.items())
    if (t.value("kind", "") == "grid") grids_.emplace(tid, Grid(tid, t));
  optionsSchema_ = Json{{"type", "object"}, {"properties", meta_.value("options", Json::object())},
                        {"additionalProperties", false}};
  defaultOptions_ = Json::object();
  for (const auto& [name, o] : optionsSchema_["properties"].items()) defaultOptions_[name] = o.at("default");
  // SHA-256 of ruleset.json || 0x00 || tables.json, as embedded: receipts name the data they were made with.
  const auto digest =
      Sha256().update(rulesetJson, std::strlen(rulesetJson)).update("", 1).update(tablesJson, std::strlen(tablesJson)).digest();
  dataHash_ = toHex(digest.data(), digest.size());
  (void)folder;
}

const Json& Ruleset::table(const std::string& id) const { return tables_.at(id); }

const Grid* Ruleset::grid(const std::string& id) const {
  const auto it = grids_.find(id);
  return it == grids_.end() ? nullptr : &it->second;
}

void Ruleset::addProcedure(const std::string& name, Procedure run) {
  const auto& declared = meta_.at("procedures");
  if (!declared.contains(name))
    throw std::logic_error(id_ + ": procedure " + name + " has code but no entry in ruleset.json");
  procedures_[name] = run;
  names_[name] = name;
  for (const auto& alias : declared.at(name).value("aliases", Json::array()))
    names_[alias.get<std::string>()] = name;
}

const std::string* Ruleset::canonicalName(const std::string& name) const {
  const auto it = names_.find(name);
  return it == names_.end() ? nullptr : &it->second;
}

Procedure Ruleset::procedure(const std::string& canonical) const { return procedures_.at(canonical); }

std::vector<std::string> Ruleset::procedureNames() const {
  std::vector<std::string> out;
  for (const auto& [name, _] : meta_.at("procedures").items())
    if (procedures_.count(name)) out.push_back(name);
  return out;
}

const std::vector<Ruleset>& rulesets() {
  static const std::vector<Ruleset> all = [] {
    std::vector<Ruleset> v;
    for (const auto& [folder, reg] : registry()) {
      if (!reg.rulesetJson) throw std::logic_error("ruleset folder " + folder + " has procedures but no data");
      Ruleset rs(folder, reg.rulesetJson, reg.tablesJson);
      for (const auto& p : reg.procedures) rs.addProcedure(p.name, p.run);
      v.push_back(std::move(rs));
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
