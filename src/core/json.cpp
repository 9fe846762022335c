#include "json.h"

#include <cmath>
#include <cstring>

namespace grapeshot {
namespace {

// The length of the well-formed UTF-8 sequence at text[i] (its lead byte >= 0x80), or 0 when it is
// not one (Unicode Table 3-7: no overlongs, no surrogates, nothing beyond U+10FFFF).
std::size_t utf8Sequence(std::string_view text, std::size_t i) {
  const auto at = [&](std::size_t k) { return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0u; };
  const unsigned lead = at(0);
  const auto cont = [&](std::size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) { return at(k) >= lo && at(k) <= hi; };
  if (lead >= 0xC2 && lead <= 0xDF) return cont(1) ? 2 : 0;
  if (lead == 0xE0) return cont(1, 0xA0) && cont(2) ? 3 : 0;
  if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF) return cont(1) && cont(2) ? 3 : 0;
  if (lead == 0xED) return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0;
  if (lead == 0xF0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (lead >= 0xF1 && lead <= 0xF3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (lead == 0xF4) return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

}  // namespace

void appendJsonString(std::string& out, std::string_view text) {
  // Short text with nothing to escape (most of what a response holds: names, labels, cells) goes in
  // with its quotes in one append (in the module each append is a call into libc++ and into memcpy).
  if (text.size() <= 62 && copiedAsIs(text)) {
    char buf[64];
    buf[0] = '"';
    if (!text.empty()) std::memcpy(buf + 1, text.data(), text.size());  // an empty view may hold null
    buf[text.size() + 1] = '"';
    out.append(buf, text.size() + 2);
    return;
  }
  const std::size_t start = out.size();
  out += '"';
  std::size_t run = 0;  // the start of the characters not yet copied: copied a run at a time
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (copiedAsIs(c)) continue;
    if (c >= 0x80) {
      // Well-formed UTF-8 is written as it is; anything else goes to nlohmann's own writer, which
      // replaces it (U+FFFD) as every response does.
      if (const std::size_t n = utf8Sequence(text, i)) {
        i += n - 1;
        continue;
      }
      out.resize(start);
      out += Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
      return;
    }
    out.append(text.data() + run, i - run);
    run = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: {
        static constexpr char kHex[] = "0123456789abcdef";
        ((out += "\\u00") += kHex[c >> 4]) += kHex[c & 0xF];
      }
    }
  }
  out.append(text.data() + run, text.size() - run);
  out += '"';
}

void appendJson(std::string& out, const Json& v) {
  switch (v.type()) {
    case Json::value_t::object: {
      char sep = '{';
      for (const auto& [key, value] : v.get_ref<const Json::object_t&>()) {
        out += sep;
        sep = ',';
        appendJsonString(out, key);
        out += ':';
        appendJson(out, value);
      }
      out += sep == '{' ? "{}" : "}";
      return;
    }
    case Json::value_t::array: {
      char sep = '[';
      for (const auto& item : v.get_ref<const Json::array_t&>()) {
        out += sep;
        sep = ',';
        appendJson(out, item);
      }
      out += sep == '[' ? "[]" : "]";
      return;
    }
    case Json::value_t::string: appendJsonString(out, v.get_ref<const std::string&>()); return;
    case Json::value_t::boolean: out += v.get<bool>() ? "true" : "false"; return;
    case Json::value_t::number_integer: out += std::to_string(v.get<std::int64_t>()); return;
    case Json::value_t::number_unsigned: out += std::to_string(v.get<std::uint64_t>()); return;
    case Json::value_t::null: out += "null"; return;
    case Json::value_t::number_float: appendJsonNumber(out, v.get<double>()); return;
    default:  // binary and discarded values: nlohmann's own writer
      out += v.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
}

void appendJsonNumber(std::string& out, double d) {
  // As nlohmann's serializer writes a float: null when not finite, else its Grisu2 shortest
  // round-trip form ("0.1", "1.0", "1e+300") — written straight in, where dump() built a string
  // through an output adapter for every number (an odds answer writes three per outcome).
  if (!std::isfinite(d)) {
    out += "null";
    return;
  }
  char buf[64];
  const char* end = nlohmann::detail::to_chars(buf, buf + sizeof buf, d);
  out.append(buf, static_cast<std::size_t>(end - buf));
}

JsonWriter& JsonWriter::key(std::string_view k) {
  // A name from the code (short, printable ASCII, nothing to escape) goes in with one append: results
  // are mostly names.
  if (k.size() <= kShortKey && copiedAsIs(k)) return plainKey(k);
  separate();
  appendJsonString(out_, k);
  out_ += ':';
  more_ = false;
  return *this;
}

JsonWriter& JsonWriter::commaKey(const char* commaQuotedWithColon, std::size_t n) {
  const std::size_t skip = more_ ? 0 : 1;  // no comma before an object's first member
  out_.append(commaQuotedWithColon + skip, n - skip);
  more_ = false;
  return *this;
}

// Not inlined (the module is linked with -flto): one copy, not one at each of the writers' hundreds of
// members, which added 3 KB gzip to the module.
[[gnu::noinline]] JsonWriter& JsonWriter::intMember(const char* k, std::size_t n, std::int64_t v) {
  if (n + 24 > kMemberBuffer) return commaKey(k, n).value(v);
  char buf[kMemberBuffer];
  const std::size_t skip = more_ ? 0 : 1;
  std::memcpy(buf, k + skip, n - skip);
  const char* end = std::to_chars(buf + n - skip, buf + sizeof buf, v).ptr;
  out_.append(buf, static_cast<std::size_t>(end - buf));
  more_ = true;
  return *this;
}

[[gnu::noinline]] JsonWriter& JsonWriter::boolMember(const char* k, std::size_t n, bool v) {
  if (n + 5 > kMemberBuffer) return commaKey(k, n).value(v);
  char buf[kMemberBuffer];
  const std::size_t skip = more_ ? 0 : 1;
  std::memcpy(buf, k + skip, n - skip);
  std::memcpy(buf + n - skip, v ? "true" : "false", v ? 4 : 5);
  out_.append(buf, n - skip + (v ? 4 : 5));
  more_ = true;
  return *this;
}

[[gnu::noinline]] JsonWriter& JsonWriter::textMember(const char* k, std::size_t n, std::string_view v) {
  // Text with nothing to escape (names, labels, the cells) goes in as it is, between its quotes.
  if (n + v.size() + 2 > kMemberBuffer || !copiedAsIs(v)) return commaKey(k, n).value(v);
  char buf[kMemberBuffer];
  const std::size_t skip = more_ ? 0 : 1;
  char* at = buf;
  std::memcpy(at, k + skip, n - skip);
  at += n - skip;
  *at++ = '"';
  if (!v.empty()) std::memcpy(at, v.data(), v.size());  // an empty view may hold null
  at += v.size();
  *at++ = '"';
  out_.append(buf, static_cast<std::size_t>(at - buf));
  more_ = true;
  return *this;
}

}  // namespace grapeshot
