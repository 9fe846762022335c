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
  const std::size_t perSide = g.rowLabels.size() * g.columns.size();  // the generator checked the counts
  for (std::size_t s = 0; s < g.sides.size(); ++s) {
    sides_.emplace_back(g.sides[s]);
    std::vector<Json>& cells = cells_.emplace_back();
    std::vector<std::string>& texts = cellTexts_.emplace_back();
    for (std::size_t i = s * perSide; i < (s + 1) * perSide; ++i) {
      cells.push_back(printed::toJson(g.cells[i]));
      texts.push_back(toText(cells.back()));
    }
  }
  for (const auto& p : g.patches) {
    Json value = printed::toJson(p.value);
    std::string text = toText(value);
    patches_.push_back({&p, std::move(value), std::move(text)});
  }
  for (const auto& l : columnLabels_) columnLabelTexts_.push_back(toText(l));
  for (const auto& l : rowLabels_) rowLabelTexts_.push_back(toText(l));
}

int Grid::clampRoll(int roll) const { return std::clamp(roll, firstRow_, lastRow_); }

const std::string& Grid::rowLabel(int roll) const {
  return rowLabels_.at(static_cast<std::size_t>(clampRoll(roll) - firstRow_));
}

const std::string& Grid::rowLabelText(int roll) const {
  return rowLabelTexts_.at(static_cast<std::size_t>(clampRoll(roll) - firstRow_));
}

const Grid::Patch* Grid::findPatch(int column, int roll, const Json& options, std::string_view side) const {
  for (const auto& p : patches_) {
    const printed::GridPatch& printed = *p.printed;
    if (printed.column != column || printed.roll != roll || printed.side != side) continue;
    const auto o = options.find(printed.option);
    if (o != options.end() && printed::sameValue(*o, printed.equals)) return &p;
  }
  return nullptr;
}

std::pair<std::size_t, std::size_t> Grid::place(int column, int roll, std::string_view side) const {
  if (column < 0 || column >= columns_) throw std::out_of_range("table " + id_ + ": column");
  const auto s = std::find(sides_.begin(), sides_.end(), side);
  if (s == sides_.end()) throw std::out_of_range("table " + id_ + ": side " + std::string(side));
  return {static_cast<std::size_t>(s - sides_.begin()), static_cast<std::size_t>((clampRoll(roll) - firstRow_) * columns_ + column)};
}

const printed::Value& Grid::printedCell(int column, int roll, const Json& options, std::string_view side) const {
  const auto [s, i] = place(column, roll, side);
  if (const Patch* p = findPatch(column, clampRoll(roll), options, side)) return p->printed->value;
  return data_->cells[s * cells_[0].size() + i];
}

const Json& Grid::cell(int column, int roll, const Json& options, std::string_view side) const {
  const auto [s, i] = place(column, roll, side);
  if (const Patch* p = findPatch(column, clampRoll(roll), options, side)) return p->value;
  return cells_[s][i];
}

const std::string& Grid::cellText(int column, int roll, const Json& options, std::string_view side) const {
  const auto [s, i] = place(column, roll, side);
  if (const Patch* p = findPatch(column, clampRoll(roll), options, side)) return p->valueText;
  return cellTexts_[s][i];
}

std::string Grid::patchRuling(int column, int roll, const Json& options, std::string_view side) const {
  const Patch* p = findPatch(column, clampRoll(roll), options, side);
  return p ? std::string(p->printed->ruling) : "";
}

const PrintedBand& bandFor(const std::vector<PrintedBand>& bands, int value, const char* what) {
  for (const auto& b : bands)
    if (b.holds(value)) return b;
  throw std::logic_error(std::string(what) + ": no band holds " + std::to_string(value));
}

}  // namespace grapeshot
