// A ruleset: its data (ruleset.json + tables.json, embedded at build time) and the procedures that
// read it. Ruleset folders register themselves, so the core never names a ruleset.
#pragma once
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

#include "json.h"
#include "table.h"

namespace grapeshot {

class Context;
using Procedure = Json (*)(Context&);

struct ProcedureEntry {
  const char* name;
  Procedure run;
};

// Called from static initialisers: the build generates one registerRulesetData call per folder
// (from its JSON files) and each procedures .cpp calls registerProcedures. `folder` joins them.
bool registerRulesetData(const char* folder, const char* rulesetJson, const char* tablesJson);
bool registerProcedures(const char* folder, std::initializer_list<ProcedureEntry> procedures);

class Ruleset {
 public:
  Ruleset(std::string folder, const char* rulesetJson, const char* tablesJson);

  const std::string& id() const { return id_; }
  const Json& meta() const { return meta_; }  // ruleset.json
  const Json& tables() const { return tables_; }
  const Json& table(const std::string& id) const;  // throws std::out_of_range
  const Grid* grid(const std::string& id) const;   // nullptr when `id` is not a grid
  const Json& optionsSchema() const { return optionsSchema_; }
  const Json& defaultOptions() const { return defaultOptions_; }
  const std::string& dataHash() const { return dataHash_; }  // SHA-256 hex of ruleset.json || 0x00 || tables.json

  // The procedure answering to `name` (its own name or an alias); nullptr when none.
  const std::string* canonicalName(const std::string& name) const;
  Procedure procedure(const std::string& canonical) const;
  std::vector<std::string> procedureNames() const;
  void addProcedure(const std::string& name, Procedure run);

 private:
  std::string id_;
  Json meta_;
  Json tables_;
  std::map<std::string, Grid> grids_;
  std::map<std::string, Procedure> procedures_;
  std::map<std::string, std::string> names_;  // name or alias -> canonical name
  Json optionsSchema_;
  Json defaultOptions_;
  std::string dataHash_;
};

// All rulesets, in id order. Built once, on first use, from what the folders registered.
const std::vector<Ruleset>& rulesets();
const Ruleset* findRuleset(const std::string& id);

}  // namespace grapeshot

// In a ruleset's procedures .cpp:  GRAPESHOT_PROCEDURES(napoleon_iii_1866, {"fire", fire}, ...);
#define GRAPESHOT_PROCEDURES(folder, ...) \
  namespace {                              \
  const bool grapeshot_procedures_registered = ::grapeshot::registerProcedures(#folder, {__VA_ARGS__}); \
  }
