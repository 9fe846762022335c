// Grid tables (combat results tables read by column and modified roll), built from the constants
// scripts/gen-tables.mjs writes from a ruleset's tables.json (printed::GridData). The printed cells
// stay as printed; rules-notes corrections are patches that a ruleset option switches on, so the
// printed and errata readings are both one option away.
#pragma once
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "json.h"
#include "printed.h"
#include "printed_json.h"

namespace grapeshot {

class Grid {
 public:
  explicit Grid(const printed::GridData& data);

  const std::string& id() const { return id_; }
  int columns() const { return columns_; }
  int firstRow() const { return firstRow_; }
  int lastRow() const { return lastRow_; }
  bool twoSided() const { return sides_.size() > 1; }
  const std::vector<std::string>& sides() const { return sides_; }  // {""} or {"attacker","defender"}

  // Modified rolls beyond the printed rows are read on the end rows ("-1 or less", "6 +").
  int clampRoll(int roll) const;
  // The cell at (column, clamped roll) of one side, with the patches that `options` switch on, as
  // printed (a constant of <folder>_printed.h: what procedures read) and as JSON. A printed blank
  // that no patch fills is null.
  const printed::Value& printedCell(int column, int roll, const Json& options, std::string_view side = {}) const;
  const Json& cell(int column, int roll, const Json& options, std::string_view side = {}) const;
  // The same cell as JSON text, and the labels as JSON strings, serialized once when the table
  // loads: lookups, which come by the hundred thousand, copy them into their answers.
  const std::string& cellText(int column, int roll, const Json& options, std::string_view side = {}) const;
  const std::string& columnLabelText(int column) const { return columnLabelTexts_.at(static_cast<std::size_t>(column)); }
  const std::string& rowLabelText(int roll) const;
  // Ruling id of the patch that decided this cell under `options`, or "" when the printed cell stands.
  std::string patchRuling(int column, int roll, const Json& options, std::string_view side = {}) const;
  const std::string& rowLabel(int roll) const;
  const std::string& columnLabel(int column) const { return columnLabels_.at(static_cast<std::size_t>(column)); }

 private:
  // The index in data_->patches of the patch that `options` switch on for this cell; -1: none.
  int findPatch(int column, int roll, const Json& options, std::string_view side) const;
  // The cells and patched values as JSON and as JSON text, for lookups and cell(): made when first
  // asked for (procedures read printedCell, the constant).
  void serialize() const;
  // Where the printed cell at (column, clamped roll) of `side` is: [side][row * columns + column].
  std::pair<std::size_t, std::size_t> place(int column, int roll, std::string_view side) const;

  const printed::GridData* data_;
  std::string id_;
  int columns_ = 0;
  int firstRow_ = 0;
  int lastRow_ = 0;
  std::size_t perSide_ = 0;  // cells per side
  std::vector<std::string> sides_;
  std::vector<std::string> rowLabels_;
  std::vector<std::string> columnLabels_;
  std::vector<std::string> rowLabelTexts_;
  std::vector<std::string> columnLabelTexts_;
  mutable std::once_flag serialized_;
  mutable std::vector<Json> cells_, patchValues_;  // cells_[side * perSide_ + row * columns + column]
  mutable std::vector<std::string> cellTexts_, patchTexts_;
};

// A band of a printed `bands` table: min..max, an open end (null) taking every value beyond the
// printed range. readBands applies the patches `options` switch on to the bounds (a table patch's
// "bands": [{code, min, max}]); without options, the bands as printed.
struct PrintedBand {
  std::optional<int> min, max;
  bool holds(int v) const { return (!min || v >= *min) && (!max || v <= *max); }
};

namespace detail {
template <typename T, typename = void>
struct HasPatches : std::false_type {};
template <typename T>
struct HasPatches<T, std::void_t<decltype(std::declval<const T&>().patches)>> : std::true_type {};
template <typename T, typename = void>
struct ChangesBands : std::false_type {};
template <typename T>
struct ChangesBands<T, std::void_t<decltype(std::declval<const T&>().bands)>> : std::true_type {};
}  // namespace detail

// The bands of a `bands` table as its constant (<folder>_printed.h), one per printed band, in order,
// with the bounds its patches give when `options` switch them on.
template <typename Table>
std::vector<PrintedBand> readBands(const Table& table, const Json& options = Json()) {
  std::vector<PrintedBand> bands;
  for (const auto& b : table.bands) bands.push_back({b.min, b.max});
  if constexpr (detail::HasPatches<Table>::value) {
    if (options.is_null()) return bands;
    for (const auto& p : table.patches) {
      if constexpr (detail::ChangesBands<std::decay_t<decltype(p)>>::value) {  // (others change entries or rolls)
        const auto* changes = printed::ifPresent(p.bands);  // a patch without bands changes none
        if (!changes || !printed::switchedOn(options, p.option, p.equals)) continue;
        for (const auto& change : *changes)
          for (std::size_t i = 0; i < bands.size(); ++i)
            if (table.bands[i].code == change.code) bands[i] = {change.min, change.max};
      }
    }
  }
  return bands;
}
// The band holding `value` (the printed bands do not overlap); std::logic_error naming `what` if no
// band does. (`what` is a literal: bands are read on every dice sequence of exact odds.)
const PrintedBand& bandFor(const std::vector<PrintedBand>& bands, int value, const char* what);
// The same band as its typed constant: readBands keeps the printed bands one for one, in order.
template <typename Band>
const Band& bandFor(const printed::List<Band>& printedBands, const std::vector<PrintedBand>& bands, int value,
                    const char* what) {
  return printedBands[static_cast<std::size_t>(&bandFor(bands, value, what) - bands.data())];
}

}  // namespace grapeshot
