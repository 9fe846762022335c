// A ruleset: its data (ruleset.json + tables.json, embedded at build time) and the procedures that
// read it. Ruleset folders register themselves, so the core never names a ruleset.
#pragma once
#include <deque>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "json.h"
#include "message.h"
#include "printed.h"
#include "schema.h"
#include "table.h"
#include "table_ids.h"
#include "typed.h"

namespace grapeshot {

class Context;
class Ruleset;

// A procedure bound to one request's inputs and options. A typed procedure reads them once into its
// own structs (enums, ints, flags) and refuses contradictions before any die; `play` is then the rule
// alone, run once per dice sequence by exact odds, and the result is written only when asked.
class Play {
 public:
  virtual ~Play() = default;
  // Plays the procedure with ctx's dice and tallies its outcome; writes its result, as JSON text, into
  // `result` when given (exact odds, which read only the tallies, give none).
  virtual void play(Context& ctx, JsonWriter* result) const = 0;
};

using Binder = std::unique_ptr<Play> (*)(const Ruleset& ruleset, const Json& inputs, const Json& options);

// Procedures are bound by bindTyped (errata.h): their typed inputs and options read from the validated
// request, the errata its options switch on resolved.
struct ProcedureEntry {
  const char* name;
  Binder bind;
};

// Called from static initialisers: the build generates one registerRulesetData call per folder
// (from its JSON files, with their data hash: cmake/EmbedRuleset.cmake) and each procedures .cpp
// calls registerProcedures. `folder` joins them. `printed` is what the core reads of its tables, as
// constants (<folder>_printed.h); the generated EntryIds (<folder>_tables.h) carry the ruleset's `tag`.
bool registerRulesetData(const char* folder, const char* rulesetJson, const char* tablesJson, const char* dataHash,
                         const PrintedTables& printed, int tag);
bool registerProcedures(const char* folder, std::initializer_list<ProcedureEntry> procedures);

// Its JSON is parsed on first use, so a host that resolves with one ruleset never pays for the
// others (a cold start parses one ruleset's data, not all four).
class Ruleset {
 public:
  Ruleset(const std::string& folder, const char* rulesetJson, const char* tablesJson, const char* dataHash,
          const PrintedTables& printed, int tag, std::vector<ProcedureEntry> procedures);

  // The id is the folder name in kebab-case (battles_of_waterloo -> battles-of-waterloo); loading
  // checks that ruleset.json says the same.
  const std::string& id() const { return id_; }
  // ruleset.json whole, parsed on first call (tests); requests read only the envelope and their
  // procedure's entry, so a cold start parses a fraction of the file.
  const Json& meta() const;
  // ruleset.json but its procedures: id, title, publisher, dice, rulings, options (the description of
  // the rulesets; parsed when first asked for — a request reads only the id and the options).
  const Json& envelope() const;
  // A procedure's entry of ruleset.json ("procedures"), parsed and checked on first use.
  const Json& procedure(const std::string& canonical) const;
  // The same in `lang`: for French, a copy whose texts (titles, descriptions, enum labels, headline
  // labels, rulings) are the French catalog's (src/messages/fr.json "forms", by JSON Pointer; issue 28),
  // made when first asked for.
  const Json& envelope(Lang lang) const;
  const Json& procedure(const std::string& canonical, Lang lang) const;
  // A printed text of its tables (a title, a modifier's line, a band, a chart row, a matrix cell) in
  // `lang`: for French, fr.json's form of it (forms_fr.h kPrinted, by the English text); the text
  // itself when it has none (a code, a number) or in English. Static text either way.
  std::string_view printedText(std::string_view english, Lang lang) const { return printedIn(id_, english, lang); }
  // The same for the ruleset of id `ruleset` (what a procedure's helpers use, outside a Context).
  static std::string_view printedIn(std::string_view ruleset, std::string_view english, Lang lang);
  // The ids of its tables, in the order of tables.json. Procedures read the tables as constants
  // (<folder>_printed.h; grids and printed entries through these); a table's JSON is parsed only for
  // the `table` answer.
  const std::vector<std::string_view>& tableIds() const { return data().tableIds; }
  // Each table's id, kind and title, in the same order: constants, nothing parsed.
  printed::List<printed::TableHead> tableHeads() const { return printed_->heads; }
  bool hasTable(std::string_view id) const { return data().tableIndex.count(id) != 0; }
  const Json& table(std::string_view id) const;  // the `table` answer; throws std::out_of_range
  // The same in `lang`: for French, a copy with every printed text in fr.json's form (its title,
  // labels, cells, notes, legends, headers: forms_fr.h by "tables.json#" pointer; issue 28).
  const Json& table(std::string_view id, Lang lang) const;
  const Grid* grid(std::string_view id) const;   // nullptr when `id` is not a grid
  // By the generated ids (<folder>_tables.h), which procedures use: a misspelt id does not compile.
  const Grid* grid(TableId t) const { return grid(std::string_view(t.id)); }
  // The printed entry, a constant (<folder>_printed.h): by table and entry id, found in an index built
  // when first asked for; by its generated id, read at its index (procedures read the same few entries
  // on every dice sequence).
  const PrintedEntry& printedEntry(std::string_view tableId, std::string_view entryId) const;
  const PrintedEntry& printedEntry(EntryId e) const {
    if (e.ruleset == tag_ && e.index >= 0 && e.index < printed_->entryCount) return printed_->entries[e.index];
    return printedEntry(e.table, e.id);  // an EntryId of another ruleset
  }
  const Json& optionsSchema() const { return data().optionsSchema; }
  // The options' schema, compiled when the ruleset loads, and each procedure's input schema, compiled
  // when the procedure is first asked for.
  const Schema& optionsValidator() const { return *data().optionsValidator; }
  const Schema& inputsValidator(const std::string& canonical) const;
  // The same schemas with their French titles and enum labels (the forms'), compiled when a French
  // request is first refused: its error is said again by them, in the words of the French form.
  const Schema& optionsValidator(Lang lang) const;
  const Schema& inputsValidator(const std::string& canonical, Lang lang) const;
  const Json& defaultOptions() const { return data().defaultOptions; }
  // SHA-256 hex of the embedded ruleset.json, a line feed and the embedded tables.json, computed at
  // build time (cmake/EmbedRuleset.cmake): receipts name the data they were made with.
  const std::string& dataHash() const { return dataHash_; }

  // The procedure answering to `name` (its own name or an alias); nullptr when none.
  const std::string* canonicalName(const std::string& name) const;
  // The procedure bound to validated inputs and options (which must outlive the result).
  std::unique_ptr<Play> bind(const std::string& canonical, const Json& inputs, const Json& options) const;
  std::vector<std::string> procedureNames() const;

 private:
  // One table of tables.json: its text, found when the ruleset loads, parsed when first asked for.
  struct Table {
    std::string_view text;  // a view of the embedded tables.json
    std::once_flag parsed, translated;
    Json json;
    Json french;  // table(id, Lang::fr): made when first asked for
  };
  struct Declared {  // one procedure's entry of ruleset.json: its text, parsed and compiled on first use
    std::string_view text;
    std::once_flag parsed, compiled;
    Json json;
    std::unique_ptr<Schema> validator;  // points into json
    std::once_flag translated;
    Json french;  // json with the French texts
    std::once_flag frenchCompiled;
    std::unique_ptr<Schema> frenchValidator;  // points into french
  };
  struct Data {
    // ruleset.json's members but its procedures, found on load (a view of the text each), and parsed
    // when the envelope is first asked for.
    std::vector<std::pair<std::string_view, std::string_view>> envelopeMembers;
    std::once_flag envelopeParsed, envelopeTranslated;
    Json envelope, frenchEnvelope;
    std::deque<Table> tables;  // in file order; a deque: Table (its once_flag) never moves
    std::vector<std::string_view> tableIds;
    std::unordered_map<std::string_view, Table*> tableIndex;
    std::map<std::string, ProcedureEntry> procedures;
    std::map<std::string, std::string> names;  // name or alias -> canonical name
    Json optionsSchema;
    Json defaultOptions;
    std::unique_ptr<Schema> optionsValidator;  // points into optionsSchema
    std::once_flag frenchOptionsCompiled;
    Json frenchOptionsSchema;
    std::unique_ptr<Schema> frenchOptionsValidator;  // points into frenchOptionsSchema
    mutable std::map<std::string, Declared, std::less<>> declared;  // every procedure of ruleset.json
    std::vector<std::string> declaredOrder;
  };
  const Table* loadedTable(std::string_view id) const;  // parsed; nullptr when there is no such table
  Declared& parsedProcedure(const std::string& canonical) const;  // parsed; std::out_of_range when none
  const Data& data() const;

  std::string id_;
  const char* rulesetJson_;
  const char* tablesJson_;
  std::string dataHash_;
  std::vector<ProcedureEntry> entries_;
  const PrintedTables* printed_;
  int tag_;
  // Built from the constants when first read, each by its own function (the first request's load
  // stays small: V8 compiles a function that runs hot again, in the background, for as long as it is
  // large). The grids by their index in printed_->grids; the printed entries by table and entry id.
  struct BuiltGrid {
    std::once_flag built;
    std::optional<Grid> grid;
  };
  std::unique_ptr<BuiltGrid[]> grids_;
  std::unique_ptr<std::once_flag> entryIndexed_ = std::make_unique<std::once_flag>();
  mutable std::map<std::pair<std::string_view, std::string_view>, const PrintedEntry*> entryIndex_;
  std::unique_ptr<std::once_flag> loaded_ = std::make_unique<std::once_flag>();
  std::unique_ptr<std::once_flag> metaParsed_ = std::make_unique<std::once_flag>();
  mutable Json meta_;
  mutable std::unique_ptr<Data> data_;
};

// All rulesets, in id order. Built once, on first use, from what the folders registered.
const std::vector<Ruleset>& rulesets();
const Ruleset* findRuleset(const std::string& id);

}  // namespace grapeshot

// In a ruleset's procedures .cpp:  GRAPESHOT_PROCEDURES(napoleon_iii_1866, {"fire", bindTyped<Fire>}, ...);
#define GRAPESHOT_PROCEDURES(folder, ...) \
  namespace {                              \
  const bool grapeshot_procedures_registered = ::grapeshot::registerProcedures(#folder, {__VA_ARGS__}); \
  }
