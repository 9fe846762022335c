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

inline std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \r\n");
  const auto e = s.find_last_not_of(" \r\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// The cells of a Markdown pipe-table line ("| a | b |" -> {"a", "b"}), trimmed; a blank cell is "".
inline std::vector<std::string> pipeCells(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream parts(line.substr(1));
  std::string cell;
  while (std::getline(parts, cell, '|')) cells.push_back(trim(cell));
  return cells;
}

// A Markdown rule under a header ("|--|", "|---|---|"): nothing but pipes, dashes and spaces.
inline bool isPipeRule(const std::string& line) { return line.find_first_not_of("|- ") == std::string::npos; }

// The rows of a seed text, split on tabs, trimmed (the seeds are plain-text tables).
inline std::vector<std::vector<std::string>> tabRows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::stringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::vector<std::string> cells;
    std::stringstream parts(line);
    std::string cell;
    while (std::getline(parts, cell, '\t')) cells.push_back(trim(cell));
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
