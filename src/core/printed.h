// The printed tables as typed constants: scripts/gen-tables.mjs turns each ruleset's tables.json
// (the exact transcription, which stays the source) into <folder>_printed.h at build time, with a
// struct per shape it finds in the data and one `constexpr` value per table:
//
//   namespace printed = ::grapeshot::printed::napoleon_iii_1866;
//   for (const auto& row : printed::terrain.rows) if (row.protection) ...
//
// A misspelt table or field fails to compile, and nothing is parsed at run time. These are the
// vocabulary types the generated structs are made of.
#pragma once
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace grapeshot::printed {

using Text = std::string_view;

// A printed list: a view of a constant array.
template <typename T>
struct List {
  const T* items = nullptr;
  std::size_t count = 0;

  constexpr const T* begin() const { return items; }
  constexpr const T* end() const { return items + count; }
  constexpr std::size_t size() const { return count; }
  constexpr bool empty() const { return count == 0; }
  constexpr const T& operator[](std::size_t i) const { return items[i]; }
  constexpr const T& back() const { return items[count - 1]; }
};

// The item of a printed list whose id is `id` (an entry of a modifiers table, a row of a chart): a
// logic error when there is none — a compile error where it is read in a constant expression.
template <typename T>
constexpr const T& byId(const List<T>& items, Text id) {
  for (const auto& x : items)
    if (x.id == id) return x;
  throw std::logic_error("no printed item " + std::string(id));
}

// A field of the data, whether every object gives it or only some (a std::optional): a pointer to it,
// or nullptr where it is absent.
template <typename T>
constexpr const T* ifPresent(const T& v) { return &v; }
template <typename T>
constexpr const T* ifPresent(const std::optional<T>& v) { return v ? &*v : nullptr; }

// An object whose keys are data (a stack's composition by unit type, a grid's headers by arm), not
// field names: its members in the printed order.
template <typename T>
struct Keyed {
  Text key;
  T value;
};
template <typename T>
using Map = List<Keyed<T>>;

// A find in a Map by key (nullptr: none).
template <typename T>
constexpr const T* find(const Map<T>& map, Text key) {
  for (const auto& m : map)
    if (m.key == key) return &m.value;
  return nullptr;
}

// Where the printed data mixes kinds in one place (a grid's cells: codes, numbers and blanks), a
// value of any kind.
struct Value {
  enum Kind : unsigned char { null, boolean, integer, number, text, list, object };
  Kind kind = null;
  bool flag = false;
  long long integerValue = 0;
  double numberValue = 0;
  Text textValue;
  const Value* items = nullptr;             // list: `count` values
  const Keyed<Value>* members = nullptr;    // object: `count` members
  std::size_t count = 0;

  constexpr bool isNull() const { return kind == null; }
  // The text, where the data must print one (a code of a chart): a logic error otherwise — and a
  // compile error where it is read in a constant expression.
  constexpr Text asText() const {
    if (kind != text) throw std::logic_error("a printed value that should be text is not");
    return textValue;
  }
  constexpr bool isText() const { return kind == text; }
  constexpr bool isInteger() const { return kind == integer; }
  constexpr bool isNumber() const { return kind == integer || kind == number; }
  constexpr double asNumber() const { return kind == integer ? static_cast<double>(integerValue) : numberValue; }
  constexpr List<Value> asList() const { return {items, kind == list ? count : 0}; }
  constexpr Map<Value> asObject() const { return {members, kind == object ? count : 0}; }
};

// Value's constructors for the generated initialisers (an aggregate keeps them constexpr in C++17).
constexpr Value nullValue() { return {}; }
constexpr Value flagValue(bool b) { return {Value::boolean, b, 0, 0, {}, nullptr, nullptr, 0}; }
constexpr Value integerValue(long long i) { return {Value::integer, false, i, 0, {}, nullptr, nullptr, 0}; }
constexpr Value numberValue(double d) { return {Value::number, false, 0, d, {}, nullptr, nullptr, 0}; }
constexpr Value textValue(Text s) { return {Value::text, false, 0, 0, s, nullptr, nullptr, 0}; }
constexpr Value listValue(const Value* items, std::size_t n) { return {Value::list, false, 0, 0, {}, items, nullptr, n}; }
constexpr Value objectValue(const Keyed<Value>* members, std::size_t n) {
  return {Value::object, false, 0, 0, {}, nullptr, members, n};
}

// A table's id, kind and title: what the description of a ruleset lists.
struct TableHead {
  Text id, kind, title;
};

// A grid table (a combat results table read by column and modified roll) in the one shape core's Grid
// reads: its cells flat, side by side ([side][row][column]), and its errata patches one per cell.
struct GridPatch {
  Text option;  // the ruleset option that switches it on, when it equals `equals`
  Value equals;
  Text side;    // "" on a one-sided grid
  int column, roll;
  Value value;
  Text ruling;
};
struct GridData {
  Text id;
  List<Text> columns;
  int firstRow;  // the rows are consecutive rolls, one label each
  List<Text> rowLabels;
  List<Text> sides;  // {""}, or the sides' names
  List<Value> cells;
  List<GridPatch> patches;
};
// The grid `id` among a ruleset's (kGrids), found when the code compiles.
constexpr const GridData& gridData(const List<GridData>& grids, Text id) {
  for (const auto& g : grids)
    if (g.id == id) return g;
  throw "no such grid";  // in a constant expression: a compile error
}

}  // namespace grapeshot::printed

namespace grapeshot {

// An entry of a `modifiers` table, as procedures read it on every roll: its value when printed as one
// number, its values by key when printed as several ("-2/-1": elite, crack elite), its exact factor
// as a multiplier, its label and its table's title (the trace's reason and source). The generator
// writes one per entry with an id (kPrintedEntries), in the order of the generated EntryIds.
struct PrintedEntry {
  printed::Text table, id;
  bool hasValue = false;
  int value = 0;
  long long num = 1, den = 1;  // a multiplier's exact factor ("num", "den"); x1 when the entry has none
  printed::Text label;
  printed::Text tableTitle;
  printed::Map<int> values;
};

// What the core reads of a ruleset's printed tables (<folder>_printed.h, kPrintedTables): its
// entries with an id, indexed as the generated EntryIds; its grids; each table's id, kind and title.
struct PrintedTables {
  const PrintedEntry* entries;
  int entryCount;
  printed::List<printed::GridData> grids;
  printed::List<printed::TableHead> heads;
};

}  // namespace grapeshot
