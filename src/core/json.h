// One JSON type for the whole engine. ordered_json keeps keys in the order they were written, so
// schemas list their inputs in the printed order and responses read top-down.
#pragma once
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include <nlohmann/json.hpp>

namespace grapeshot {
using Json = nlohmann::ordered_json;

// Appends the response text of a value: compact, invalid UTF-8 replaced (never thrown: a response
// is always written) — byte for byte what nlohmann's dump(-1, ' ', false, replace) writes, without
// its per-character output adapter (tests/native/test_json.cpp holds the two equal).
void appendJson(std::string& out, const Json& v);
// Appends `d` as appendJson(Json(d)) writes it.
void appendJsonNumber(std::string& out, double d);
// Appends `text` as a JSON string, exactly as appendJson(Json(text)) writes it.
void appendJsonString(std::string& out, std::string_view text);
// A character a JSON string holds as it is (appendJsonString copies it unchanged): ASCII from the space
// up, but the quote and the backslash. Anything else is escaped, or checked as UTF-8.
constexpr bool copiedAsIs(unsigned char c) { return c >= 0x20 && c < 0x80 && c != '"' && c != '\\'; }
inline bool copiedAsIs(std::string_view text) {
  for (const char c : text)
    if (!copiedAsIs(static_cast<unsigned char>(c))) return false;
  return true;
}

inline std::string toText(const Json& v) {
  std::string out;
  appendJson(out, v);
  return out;
}

// Writes one JSON value as text straight into `out`, byte for byte as appendJson writes the same
// document: what procedures write their results with, no document built, written and destroyed (in
// wasm that was a sixth of an untraced resolve: every member an allocation, every key longer than
// libc++'s 10 inline characters another). The writer places the commas:
//   w.object().field("natural", 4).key("units").array() ... .endArray().endObject();
class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& object() { return open('{'); }
  JsonWriter& array() { return open('['); }
  JsonWriter& endObject() { return close('}'); }
  JsonWriter& endArray() { return close(']'); }
  // An object's member name; its value follows.
  // Out of line (json.cpp): the result writers name hundreds of members, and the body inlined at each
  // added up to kilobytes of the module.
  JsonWriter& key(std::string_view k);
  // A name written as a literal in the code: inlined, so the compiler checks and copies it where it
  // compiles (exact odds write thousands of members per answer: out of line this was 8 % of a
  // Waterloo shock's odds with what-ifs). Only literals: a few dozen sites.
  template <std::size_t N>
  JsonWriter& key(const char (&k)[N]) {
    static_assert(N - 1 <= kShortKey, "a short name");
    const std::string_view name(k, N - 1);
    return copiedAsIs(name) ? plainKey(name) : key(name);
  }
  // A member name the code generators already quoted and escaped, after its comma and with its colon
  // (",\"natural\":"; the comma is left out for an object's first member; named apart from the
  // former quotedKey, which took no comma, so that a name written for it does not compile): one append, where key()
  // checks and copies a name a character at a time (that was most of a result writer's
  // instructions: the writers name every member of every result).
  template <std::size_t N>
  JsonWriter& commaKey(const char (&commaQuotedWithColon)[N]) { return commaKey(commaQuotedWithColon, N - 1); }
  JsonWriter& commaKey(const char* commaQuotedWithColon, std::size_t n);
  // Such a name with its value, in one append (what the generated writers write for most members):
  // in the module every append to a std::string is a call into libc++ and another into memcpy, and
  // a name, its comma and its value were four of them. The text is what commaKey(k).value(v) writes.
  template <std::size_t N>
  JsonWriter& intMember(const char (&k)[N], std::int64_t v) { return intMember(k, N - 1, v); }
  template <std::size_t N>
  JsonWriter& boolMember(const char (&k)[N], bool v) { return boolMember(k, N - 1, v); }
  template <std::size_t N>
  JsonWriter& textMember(const char (&k)[N], std::string_view v) { return textMember(k, N - 1, v); }
  JsonWriter& intMember(const char* k, std::size_t n, std::int64_t v);
  JsonWriter& boolMember(const char* k, std::size_t n, bool v);
  JsonWriter& textMember(const char* k, std::size_t n, std::string_view v);
  JsonWriter& value(std::string_view s) {
    separate();
    appendJsonString(out_, s);
    return wrote();
  }
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b) {
    separate();
    out_ += b ? "true" : "false";
    return wrote();
  }
  template <typename T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  JsonWriter& value(T n) {
    char buf[24];  // a comma and at most 20 digits and a sign
    char* at = buf;
    if (more_) *at++ = ',';
    out_.append(buf, static_cast<std::size_t>(std::to_chars(at, buf + sizeof buf, n).ptr - buf));
    return wrote();
  }
  JsonWriter& value(double d) {
    separate();
    appendJsonNumber(out_, d);
    return wrote();
  }
  JsonWriter& value(const Json& v) {
    separate();
    appendJson(out_, v);
    return wrote();
  }
  // A value already written as JSON text (a grid's serialized cells and labels).
  JsonWriter& raw(std::string_view json) {
    separate();
    out_ += json;
    return wrote();
  }
  // The output, to append one value's JSON text to directly (no copy of it first).
  std::string& rawValue() {
    separate();
    more_ = true;
    return out_;
  }
  template <typename T>
  JsonWriter& field(std::string_view k, const T& v) { return key(k).value(v); }
  template <std::size_t N, typename T>
  JsonWriter& field(const char (&k)[N], const T& v) { return key(k).value(v); }
  JsonWriter& rawField(std::string_view k, std::string_view json) { return key(k).raw(json); }

 private:
  static constexpr std::size_t kShortKey = 40;
  static constexpr std::size_t kMemberBuffer = 128;  // a member composed on the stack (intMember, …)
  void separate() {
    if (more_) out_ += ',';
  }
  // A short name with nothing to escape: its comma, quotes and colon in one append.
  JsonWriter& plainKey(std::string_view k) {
    char buf[kShortKey + 4];
    std::size_t n = 0;
    if (more_) buf[n++] = ',';
    buf[n++] = '"';
    k.copy(buf + n, k.size());
    n += k.size();
    buf[n++] = '"';
    buf[n++] = ':';
    out_.append(buf, n);
    more_ = false;
    return *this;
  }
  JsonWriter& wrote() {
    more_ = true;
    return *this;
  }
  JsonWriter& open(char c) {
    separate();
    out_ += c;
    more_ = false;
    return *this;
  }
  JsonWriter& close(char c) {
    out_ += c;
    more_ = true;
    return *this;
  }

  std::string& out_;
  bool more_ = false;  // a value was written at this level: the next member or item needs a comma
};

// An object of the members given, in their order, its storage reserved once: cheaper than nlohmann's
// initializer list (which builds each member as a two-item array first, then converts), for the
// objects written on every request (results, rolls, trace steps, odds entries). The braced list is
// taken as an array whose values are moved in — an initializer_list's are const, so every value,
// nested arrays and objects and all, would be copied once more.
template <std::size_t N>
Json object(std::pair<const char*, Json> (&&members)[N]) {
  Json out(Json::value_t::object);
  auto& m = out.get_ref<Json::object_t&>();
  // Room for a few members added later (r["x"] = ...): growing copies every member, values and all.
  m.reserve(N + 4);
  for (auto& [k, v] : members) m.emplace_back(k, std::move(v));
  return out;
}

}  // namespace grapeshot
