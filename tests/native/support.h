// Helpers shared by the Catch2 tests: reading files, fixtures and seeds.
#pragma once
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/json.h"

namespace gstest {

inline std::string readFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline std::string seedPath(const std::string& name) { return std::string(GRAPESHOT_SEEDS_DIR) + "/" + name; }
inline std::string fixturePath(const std::string& rel) { return std::string(GRAPESHOT_FIXTURES_DIR) + "/" + rel; }

// The rows of a seed text, split on tabs, trimmed (the seeds are plain-text tables).
inline std::vector<std::vector<std::string>> tabRows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::stringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::vector<std::string> cells;
    std::stringstream parts(line);
    std::string cell;
    while (std::getline(parts, cell, '\t')) {
      const auto b = cell.find_first_not_of(" \r");
      const auto e = cell.find_last_not_of(" \r");
      cells.push_back(b == std::string::npos ? "" : cell.substr(b, e - b + 1));
    }
    rows.push_back(cells);
  }
  return rows;
}

// `expected` is a subset of `actual`: every key of an expected object is present and matches;
// arrays match element by element and in length; everything else is equal.
inline bool subsetMatch(const grapeshot::Json& expected, const grapeshot::Json& actual, std::string& where,
                        const std::string& path = "") {
  if (expected.is_object()) {
    if (!actual.is_object()) { where = path + " (expected an object)"; return false; }
    for (const auto& [k, v] : expected.items()) {
      if (!actual.contains(k)) { where = path + "/" + k + " (missing)"; return false; }
      if (!subsetMatch(v, actual.at(k), where, path + "/" + k)) return false;
    }
    return true;
  }
  if (expected.is_array()) {
    if (!actual.is_array() || actual.size() != expected.size()) {
      where = path + " (array length or type)";
      return false;
    }
    for (std::size_t i = 0; i < expected.size(); ++i)
      if (!subsetMatch(expected[i], actual[i], where, path + "/" + std::to_string(i))) return false;
    return true;
  }
  if (expected != actual) {
    where = path + ": expected " + expected.dump() + ", got " + actual.dump();
    return false;
  }
  return true;
}

}  // namespace gstest
