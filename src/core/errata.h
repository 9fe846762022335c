// The errata a request's options switch on, resolved when the request is bound. tables.json keeps
// the printed data as printed; its corrections are patches, each switched on by a ruleset option
// (named by id, checked against ruleset.json when the build runs). `Errata` is the one place that
// compares the validated options with them: bindTyped builds it from the validated options and hands
// it to the procedure's constructor, which reads its tables through it — a grid with the patches in
// force (a PatchedGrid, kept for play), a bands table's bounds, a modifier's value, whether a rule of
// the data (a patch, an exclusive group's stackWhen) is on. No procedure, and no Context, sees the
// options as JSON; the typed options (the generated `Options`) are for the rulings procedures decide
// in code.
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "json.h"
#include "printed.h"
#include "printed_json.h"
#include "ruleset.h"
#include "table.h"
#include "table_ids.h"

namespace grapeshot {

// An entry's printed value: its "value", or values[key] for a printed "a/b" pair (context.cpp).
int printedValue(const PrintedEntry& e, std::string_view key);

namespace detail {
template <typename T, typename = void>
struct HasValue : std::false_type {};
template <typename T>
struct HasValue<T, std::void_t<decltype(std::declval<const T&>().value)>> : std::true_type {};
template <typename T, typename = void>
struct HasValues : std::false_type {};
template <typename T>
struct HasValues<T, std::void_t<decltype(std::declval<const T&>().values)>> : std::true_type {};
}  // namespace detail

class Errata {
 public:
  // `options`: validated against the ruleset's options schema, every default filled. Both must
  // outlive the Errata (it lives while a request is bound); what it answers does not refer to them.
  Errata(const Ruleset& ruleset, const Json& options) : ruleset_(ruleset), options_(options) {}

  // Whether the options switch on a rule of the data: an errata patch, an exclusive group's
  // stackWhen — anything giving the option that decides it (`option`, by id) and the value that
  // switches it on (`equals`).
  template <typename Rule>
  bool on(const Rule& rule) const {
    return printed::switchedOn(options_, rule.option, rule.equals);
  }

  // A grid with the patches in force, found once (keep it for play: its reads compare no option).
  PatchedGrid grid(TableId t) const;
  PatchedGrid grid(const Grid& g) const;

  // The bands of a `bands` table as its constant (<folder>_printed.h), one per printed band, in
  // order, with the bounds its patches in force give.
  template <typename Table>
  std::vector<PrintedBand> bands(const Table& table) const {
    std::vector<PrintedBand> out = readBands(table);
    if constexpr (detail::HasPatches<Table>::value) {
      for (const auto& p : table.patches) {
        if constexpr (detail::ChangesBands<std::decay_t<decltype(p)>>::value) {  // (others change entries or rolls)
          const auto* changes = printed::ifPresent(p.bands);  // a patch without bands changes none
          if (!changes || !on(p)) continue;
          for (const auto& change : *changes)
            for (std::size_t i = 0; i < out.size(); ++i)
              if (table.bands[i].code == change.code) out[i] = {change.min, change.max};
        }
      }
    }
    return out;
  }

  // A modifiers entry's printed value — its "value", or values[key] for a printed "a/b" pair — with
  // the patches in force (`table`, the entry's table as its constant: its "patches", {option,
  // equals, ruling, entries: [{id, value | values}]}). `ruling` gets the deciding patch's ruling and
  // is left alone when the printed value stands.
  template <typename Table>
  int entryValue(const Table& table, EntryId e, std::string_view key, std::string& ruling) const {
    const PrintedEntry& printed = ruleset_.printedEntry(e);
    if (printed.tableTitle != table.title)  // a table and an entry of another: a bug, never a request error
      throw std::logic_error("Errata::entryValue: " + std::string(e.id) + " is not an entry of " +
                             std::string(table.title));
    int value = printedValue(printed, key);
    for (const auto& p : table.patches) {
      if (!on(p)) continue;
      for (const auto& change : p.entries) {
        if (change.id != e.id) continue;
        using Change = std::decay_t<decltype(change)>;
        if constexpr (detail::HasValue<Change>::value) {
          if (const auto* v = printed::ifPresent(change.value); v && key.empty()) value = *v, ruling = std::string(p.ruling);
        }
        if constexpr (detail::HasValues<Change>::value) {
          if (const auto* values = printed::ifPresent(change.values); values && !key.empty()) {
            const int* v = printed::find(*values, key);
            if (!v) throw std::out_of_range("patch " + std::string(p.ruling) + " has no value for " + std::string(key));
            value = *v, ruling = std::string(p.ruling);
          }
        }
      }
    }
    return value;
  }

 private:
  const Ruleset& ruleset_;
  const Json& options_;
};

// Binds a procedure `P`: its generated inputs and options (`P::Inputs`, `P::Options`: <folder>_inputs.h,
// scripts/gen-inputs.mjs) filled from the validated request, then `P(ruleset, inputs, options)` reads and
// checks them once and `P::play` plays. A procedure that reads tables with errata (a grid, patched bands
// or entries, a stackWhen) takes the request's `Errata` too: `P(ruleset, inputs, options, errata)`.
template <typename P>
std::unique_ptr<Play> bindTyped(const Ruleset& ruleset, const Json& inputs, const Json& options) {
  typename P::Inputs in;
  read(inputs, in);
  typename P::Options o;
  read(options, o);
  if constexpr (std::is_constructible_v<P, const Ruleset&, const typename P::Inputs&, const typename P::Options&,
                                        const Errata&>)
    return std::make_unique<P>(ruleset, in, o, Errata(ruleset, options));
  else
    return std::make_unique<P>(ruleset, in, o);
}

}  // namespace grapeshot
