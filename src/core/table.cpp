#include "table.h"

#include <algorithm>
#include <stdexcept>

namespace grapeshot {

Grid::Grid(const printed::GridData& g) : data_(&g), id_(g.id) {
  firstRow_ = g.firstRow;
  lastRow_ = g.firstRow + static_cast<int>(g.rowLabels.size()) - 1;
  for (const auto c : g.columns) columnLabels_.emplace_back(c);
  columns_ = static_cast<int>(columnLabels_.size());
  for (const auto l : g.rowLabels) rowLabels_.emplace_back(l);
  perSide_ = g.rowLabels.size() * g.columns.size();  // the generator checked the counts
  for (const auto s : g.sides) sides_.emplace_back(s);
  for (const auto& l : columnLabels_) columnLabelTexts_.push_back(toText(l));
  for (const auto& l : rowLabels_) rowLabelTexts_.push_back(toText(l));
}

void Grid::serialize() const {
  std::call_once(serialized_, [this] {
    for (const auto& cell : data_->cells) cellTexts_.push_back(toText(cells_.emplace_back(printed::toJson(cell))));
    for (const auto& p : data_->patches) patchTexts_.push_back(toText(patchValues_.emplace_back(printed::toJson(p.value))));
  });
}

int Grid::clampRoll(int roll) const { return std::clamp(roll, firstRow_, lastRow_); }

const std::string& Grid::rowLabel(int roll) const {
  return rowLabels_.at(static_cast<std::size_t>(clampRoll(roll) - firstRow_));
}

const std::string& Grid::rowLabelText(int roll) const {
  return rowLabelTexts_.at(static_cast<std::size_t>(clampRoll(roll) - firstRow_));
}

std::pair<std::size_t, std::size_t> Grid::place(int column, int roll, std::string_view side) const {
  if (column < 0 || column >= columns_) throw std::out_of_range("table " + id_ + ": column");
  const auto s = std::find(sides_.begin(), sides_.end(), side);
  if (s == sides_.end()) throw std::out_of_range("table " + id_ + ": side " + std::string(side));
  return {static_cast<std::size_t>(s - sides_.begin()), static_cast<std::size_t>((clampRoll(roll) - firstRow_) * columns_ + column)};
}

const printed::Value& Grid::printedCell(int column, int roll, std::string_view side) const {
  const auto [s, i] = place(column, roll, side);
  return data_->cells[s * perSide_ + i];
}

void PatchedGrid::switchOn(int p) {
  const Grid& grid = *grid_;
  const printed::GridPatch& patch = grid.data_->patches[static_cast<std::size_t>(p)];
  const auto s = std::find(grid.sides_.begin(), grid.sides_.end(), patch.side);
  // A patch of no cell of the grid patches nothing (the generator checks the data's).
  if (s == grid.sides_.end() || patch.column < 0 || patch.column >= grid.columns_ || patch.roll < grid.firstRow_ ||
      patch.roll > grid.lastRow_)
    return;
  if (on_.empty()) on_.reserve(grid.data_->patches.size());  // one allocation, and none for a grid without errata
  on_.push_back({static_cast<std::size_t>(s - grid.sides_.begin()),
                 static_cast<std::size_t>((patch.roll - grid.firstRow_) * grid.columns_ + patch.column), p});
}

const printed::Value& PatchedGrid::printedCell(int column, int roll, std::string_view side) const {
  const auto [s, i] = grid_->place(column, roll, side);
  if (const int p = patchAt(s, i); p >= 0) return grid_->data_->patches[static_cast<std::size_t>(p)].value;
  return grid_->data_->cells[s * grid_->perSide_ + i];
}

const Json& PatchedGrid::cell(int column, int roll, std::string_view side) const {
  const auto [s, i] = grid_->place(column, roll, side);
  grid_->serialize();
  if (const int p = patchAt(s, i); p >= 0) return grid_->patchValues_[static_cast<std::size_t>(p)];
  return grid_->cells_[s * grid_->perSide_ + i];
}

const std::string& PatchedGrid::cellText(int column, int roll, std::string_view side) const {
  const auto [s, i] = grid_->place(column, roll, side);
  grid_->serialize();
  if (const int p = patchAt(s, i); p >= 0) return grid_->patchTexts_[static_cast<std::size_t>(p)];
  return grid_->cellTexts_[s * grid_->perSide_ + i];
}

std::string PatchedGrid::patchRuling(int column, int roll, std::string_view side) const {
  const auto [s, i] = grid_->place(column, roll, side);
  const int p = patchAt(s, i);
  return p >= 0 ? std::string(grid_->data_->patches[static_cast<std::size_t>(p)].ruling) : "";
}

const PrintedBand& bandFor(const std::vector<PrintedBand>& bands, int value, const char* what) {
  for (const auto& b : bands)
    if (b.holds(value)) return b;
  throw std::logic_error(std::string(what) + ": no band holds " + std::to_string(value));
}

}  // namespace grapeshot
