// What the generated result types (scripts/gen-results.mjs -> <folder>_results.{h,cpp}, from each
// ruleset's results.json) are made of: Nullable members, the Summary a ruleset derives from a typed
// result, the tally keys, and enum conversions between the inputs' and the results' enums.
#pragma once
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "json.h"
#include "message.h"
#include "tally.h"
#include "typed.h"

namespace grapeshot {

// A member whose schema admits null ("type": ["integer", "null"]): written as null when empty.
template <typename T>
struct Nullable : std::optional<T> {
  using std::optional<T>::optional;
  Nullable& operator=(T v) {
    std::optional<T>::operator=(std::move(v));
    return *this;
  }
};

// A "number" member: an integer when whole (2, not 2.0), else as appendJsonNumber writes it (2.5).
void writeNumber(JsonWriter& w, double v);
// The same as a message parameter (a summary's "7.5 of 16 points").
TraceValue numberValue(double v);

// A result's summary: sentences of the catalog (`<ruleset>.summary.*`), composed from the typed result
// by the ruleset's summary(const Result&). The response carries it twice: "summary", the sentences'
// text joined by spaces, and "messages": {"summary": [{id, params}, ...]}.
struct Summary {
  Summary() { sentences.reserve(8); }  // a summary's usual length, grown once
  std::vector<Message> sentences;
  Summary& operator<<(Message m);  // out of line (results.cpp): summaries say hundreds of sentences
  std::string text() const;
};
void writeSummaryText(JsonWriter& w, const Summary& s);  // "summary": "…"
void writeSentences(JsonWriter& w, const Summary& s);    // "summary": [{id, params}, ...] (under "messages")
void writeStructured(JsonWriter& w, const Message& m);   // {id, params}
void writeText(JsonWriter& w, const Message& m);         // the text, in the request's language

// Where each name of `from` stands in `to` (to.size() for a name `to` lacks).
template <std::size_t N, std::size_t M>
constexpr std::array<std::size_t, N> namePositions(const EnumNames<N>& from, const EnumNames<M>& to) {
  std::array<std::size_t, N> at{};
  for (std::size_t i = 0; i < N; ++i) {
    at[i] = M;
    for (std::size_t j = 0; j < M; ++j)
      if (sameName(from[i], to[j])) at[i] = j;
  }
  return at;
}
template <std::size_t N>
constexpr bool allFound(const std::array<std::size_t, N>& at, std::size_t missing) {
  for (const std::size_t i : at)
    if (i == missing) return false;
  return true;
}

// The value of enum `To` of the same name as `v` (an input's enum onto a result's, or back): both
// generated, their enumNames(E) found by argument-dependent lookup. Every name of `From` must be one
// of `To`'s, which is checked when this compiles.
template <typename To, typename From>
constexpr To sameEnum(From v) {
  constexpr auto to = enumNames(To{});
  constexpr auto from = enumNames(From{});
  constexpr auto at = namePositions(from, to);
  static_assert(allFound(at, to.size()), "sameEnum: a name of the one enum is not one of the other's");
  return static_cast<To>(at[static_cast<std::size_t>(v)]);
}

}  // namespace grapeshot
