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
  // The printed cell at (column, clamped roll) of one side, as printed — no errata: a request reads
  // its grid through a PatchedGrid (Errata::grid), which holds the patches its options switch on.
  // A printed blank is null.
  const printed::Value& printedCell(int column, int roll, std::string_view side = {}) const;
  const std::string& columnLabelText(int column) const { return columnLabelTexts_.at(static_cast<std::size_t>(column)); }
  const std::string& rowLabelText(int roll) const;
  const std::string& rowLabel(int roll) const;
  const std::string& columnLabel(int column) const { return columnLabels_.at(static_cast<std::size_t>(column)); }
  const printed::GridData& data() const { return *data_; }

 private:
  friend class PatchedGrid;
  // The cells and patched values as JSON and as JSON text, for lookups and cell(): made when first
  // asked for (procedures read printedCell, the constant).
  void serialize() const;
  // Where the printed cell at (column, clamped roll) of `side` is: its side's index and its index in
  // that side, [row * columns + column].
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

// A grid as one request reads it: the printed cells with the errata patches the request's options
// switch on, found once when the request is bound (Errata::grid), so that a read — once per dice
// sequence in exact odds — compares no option. Holds the grid and a few of its patches' indices;
// the grid (a ruleset's, built once) outlives it.
class PatchedGrid {
 public:
  PatchedGrid() = default;
  // The grid as printed, no patch on (Errata::grid switches on those a request's options do).
  explicit PatchedGrid(const Grid& grid) : grid_(&grid) {}

  const Grid& grid() const { return *grid_; }
  const std::string& id() const { return grid_->id(); }
  int columns() const { return grid_->columns(); }
  int firstRow() const { return grid_->firstRow(); }
  int lastRow() const { return grid_->lastRow(); }
  int clampRoll(int roll) const { return grid_->clampRoll(roll); }
  bool twoSided() const { return grid_->twoSided(); }
  const std::vector<std::string>& sides() const { return grid_->sides(); }
  const std::string& rowLabel(int roll) const { return grid_->rowLabel(roll); }
  const std::string& columnLabel(int column) const { return grid_->columnLabel(column); }
  // The row a (modified) roll is read on, from 0 in the printed rows (a table step's rowIndex).
  int rowIndex(int roll) const { return grid_->clampRoll(roll) - grid_->firstRow(); }
  const std::string& rowLabelText(int roll) const { return grid_->rowLabelText(roll); }
  const std::string& columnLabelText(int column) const { return grid_->columnLabelText(column); }

  // The cell at (column, clamped roll) of one side, patched: as its constant (<folder>_printed.h:
  // what procedures read), as JSON and as JSON text (lookups, which come by the hundred thousand,
  // copy the text the grid serialized once). A printed blank that no patch fills is null.
  const printed::Value& printedCell(int column, int roll, std::string_view side = {}) const;
  const Json& cell(int column, int roll, std::string_view side = {}) const;
  const std::string& cellText(int column, int roll, std::string_view side = {}) const;
  // Ruling id of the patch that decided this cell, or "" when the printed cell stands.
  std::string patchRuling(int column, int roll, std::string_view side = {}) const;

 private:
  friend class Errata;
  // Switches on the patch at `patch` in grid().data().patches (a patch of no cell of the grid: none).
  void switchOn(int patch);
  struct On {
    std::size_t side, index;  // the patched cell, as Grid::place gives it
    int patch;                // its index in grid().data().patches
  };
  // The patch deciding the cell at Grid::place's (side, index); -1: none.
  int patchAt(std::size_t side, std::size_t index) const {
    for (const On& o : on_)
      if (o.index == index && o.side == side) return o.patch;
    return -1;
  }
  const Grid* grid_ = nullptr;
  std::vector<On> on_;  // in the data's order: the first in force decides a cell
};

// A band of a printed `bands` table: min..max, an open end (null) taking every value beyond the
// printed range. readBands reads them as printed; Errata::bands with the patches a request's options
// switch on (a table patch's "bands": [{code, min, max}]).
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
// as printed (Errata::bands: with the patches a request's options switch on).
template <typename Table>
std::vector<PrintedBand> readBands(const Table& table) {
  std::vector<PrintedBand> bands;
  for (const auto& b : table.bands) bands.push_back({b.min, b.max});
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
