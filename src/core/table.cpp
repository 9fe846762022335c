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

int Grid::findPatch(int column, int roll, const Json& options, std::string_view side) const {
  for (std::size_t i = 0; i < data_->patches.size(); ++i) {
    const printed::GridPatch& p = data_->patches[i];
    if (p.column != column || p.roll != roll || p.side != side) continue;
    if (printed::switchedOn(options, p.option, p.equals)) return static_cast<int>(i);
  }
  return -1;
}

std::pair<std::size_t, std::size_t> Grid::place(int column, int roll, std::string_view side) const {
  if (column < 0 || column >= columns_) throw std::out_of_range("table " + id_ + ": column");
  const auto s = std::find(sides_.begin(), sides_.end(), side);
  if (s == sides_.end()) throw std::out_of_range("table " + id_ + ": side " + std::string(side));
  return {static_cast<std::size_t>(s - sides_.begin()), static_cast<std::size_t>((clampRoll(roll) - firstRow_) * columns_ + column)};
}

const printed::Value& Grid::printedCell(int column, int roll, const Json& options, std::string_view side) const {
  const auto [s, i] = place(column, roll, side);
  if (const int p = findPatch(column, clampRoll(roll), options, side); p >= 0) return data_->patches[p].value;
  return data_->cells[s * perSide_ + i];
}

const Json& Grid::cell(int column, int roll, const Json& options, std::string_view side) const {
  const auto [s, i] = place(column, roll, side);
  serialize();
  if (const int p = findPatch(column, clampRoll(roll), options, side); p >= 0) return patchValues_[p];
  return cells_[s * perSide_ + i];
}

const std::string& Grid::cellText(int column, int roll, const Json& options, std::string_view side) const {
  const auto [s, i] = place(column, roll, side);
  serialize();
  if (const int p = findPatch(column, clampRoll(roll), options, side); p >= 0) return patchTexts_[p];
  return cellTexts_[s * perSide_ + i];
}

std::string Grid::patchRuling(int column, int roll, const Json& options, std::string_view side) const {
  const int p = findPatch(column, clampRoll(roll), options, side);
  return p >= 0 ? std::string(data_->patches[p].ruling) : "";
}

const PrintedBand& bandFor(const std::vector<PrintedBand>& bands, int value, const char* what) {
  for (const auto& b : bands)
    if (b.holds(value)) return b;
  throw std::logic_error(std::string(what) + ": no band holds " + std::to_string(value));
}

}  // namespace grapeshot
