#include "table.h"

#include <algorithm>
#include <stdexcept>

namespace grapeshot {

Grid::Grid(std::string id, const Json& t) : id_(std::move(id)) {
  const auto& rows = t.at("rows");
  firstRow_ = rows.front().get<int>();
  lastRow_ = rows.back().get<int>();
  if (static_cast<int>(rows.size()) != lastRow_ - firstRow_ + 1)
    throw std::logic_error("table " + id_ + ": rows must be consecutive rolls");
  for (const auto& c : t.at("columns")) columnLabels_.push_back(c.get<std::string>());
  columns_ = static_cast<int>(columnLabels_.size());
  for (const auto& l : t.at("rowLabels")) rowLabels_.push_back(l.get<std::string>());
  const auto& cells = t.at("cells");
  auto load = [&](const Json& grid) {
    std::vector<Json> flat;
    if (grid.size() != rows.size()) throw std::logic_error("table " + id_ + ": row count");
    for (const auto& row : grid) {
      if (static_cast<int>(row.size()) != columns_) throw std::logic_error("table " + id_ + ": column count");
      for (const auto& c : row) flat.push_back(c);
    }
    std::vector<std::string> texts;
    for (const auto& c : flat) texts.push_back(toText(c));
    cells_.push_back(std::move(flat));
    cellTexts_.push_back(std::move(texts));
  };
  if (cells.is_object()) {
    for (const auto& [side, grid] : cells.items()) {
      sides_.push_back(side);
      load(grid);
    }
  } else {
    sides_.push_back("");
    load(cells);
  }
  if (const auto p = t.find("patches"); p != t.end())
    for (const auto& patch : *p)
      for (const auto& c : patch.at("cells"))
        patches_.push_back({patch.at("option").get<std::string>(), patch.at("equals"),
                            patch.value("grid", Json()).is_string() ? patch.at("grid").get<std::string>() : "",
                            c.at("column").get<int>(), c.at("roll").get<int>(), c.at("value"),
                            patch.value("ruling", ""), toText(c.at("value"))});
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

const Grid::Patch* Grid::findPatch(int column, int roll, const Json& options, const std::string& side) const {
  for (const auto& p : patches_) {
    if (p.column != column || p.roll != roll || p.side != side) continue;
    const auto o = options.find(p.option);
    if (o != options.end() && *o == p.equals) return &p;
  }
  return nullptr;
}

std::pair<std::size_t, std::size_t> Grid::place(int column, int roll, const std::string& side) const {
  if (column < 0 || column >= columns_) throw std::out_of_range("table " + id_ + ": column");
  const auto s = std::find(sides_.begin(), sides_.end(), side);
  if (s == sides_.end()) throw std::out_of_range("table " + id_ + ": side " + side);
  return {static_cast<std::size_t>(s - sides_.begin()), static_cast<std::size_t>((clampRoll(roll) - firstRow_) * columns_ + column)};
}

const Json& Grid::cell(int column, int roll, const Json& options, const std::string& side) const {
  const auto [s, i] = place(column, roll, side);
  if (const Patch* p = findPatch(column, clampRoll(roll), options, side)) return p->value;
  return cells_[s][i];
}

const std::string& Grid::cellText(int column, int roll, const Json& options, const std::string& side) const {
  const auto [s, i] = place(column, roll, side);
  if (const Patch* p = findPatch(column, clampRoll(roll), options, side)) return p->valueText;
  return cellTexts_[s][i];
}

std::string Grid::patchRuling(int column, int roll, const Json& options, const std::string& side) const {
  const Patch* p = findPatch(column, clampRoll(roll), options, side);
  return p ? p->ruling : "";
}

namespace {
std::optional<int> bound(const Json& v) { return v.is_null() ? std::nullopt : std::optional<int>(v.get<int>()); }
}  // namespace

std::vector<PrintedBand> readBands(const Json& table, const Json& options) {
  std::vector<PrintedBand> bands;
  for (const auto& b : table.at("bands")) bands.push_back({bound(b.at("min")), bound(b.at("max")), &b});
  const auto patches = table.find("patches");
  if (options.is_null() || patches == table.end()) return bands;
  for (const auto& p : *patches) {
    const auto on = options.find(p.at("option").get_ref<const std::string&>());
    const auto changes = p.find("bands");  // (other patches change entries or natural rolls)
    if (on == options.end() || *on != p.at("equals") || changes == p.end()) continue;
    for (const auto& change : *changes)
      for (auto& b : bands)
        if (b.printed->at("code") == change.at("code")) {
          b.min = bound(change.at("min"));
          b.max = bound(change.at("max"));
        }
  }
  return bands;
}

const PrintedBand& bandFor(const std::vector<PrintedBand>& bands, int value, const char* what) {
  for (const auto& b : bands)
    if (b.holds(value)) return b;
  throw std::logic_error(std::string(what) + ": no band holds " + std::to_string(value));
}

}  // namespace grapeshot
