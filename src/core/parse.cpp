// Parsing JSON text into the engine's documents: requests (with their limits) and the embedded data.
#include "parse.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <stdexcept>
#include <vector>

#include "engine.h"  // errorEnvelope

namespace grapeshot {

namespace {

// A DOM builder for nlohmann's SAX parser. A key given twice stops it, always (JSON.parse keeps the
// last one, a host might read the first; in the embedded data it is a typo). For requests, limits are
// checked as it goes too; the parse stops at the first of: nesting beyond 64 levels (the destructor
// and the validator recurse); an object with more than 256 keys (objects keep their keys in order, so
// key lookups are linear); an array of more than 1024 items (the most dice a request takes is 1000) —
// a batch's own list may hold kMaxBatchItems.
// A SAX handler, not the callback parser, whose cost grows with the square of a long array's length;
// and not nlohmann's own DOM builder: that inserts each member into its object as it comes, and an
// ordered_json object's members (pairs with a const key) are copied, values and all, every time the
// object grows. Here an open container's keys and values wait on two shared stacks and each object or
// array is built once, at its end, at its final size.
class DomBuilder {
 public:
  struct Stop {
    const char* code = nullptr;
    std::string message;
  };
  Stop stop;

  enum class Limits { request, batch, none };
  DomBuilder(Json& out, Limits limits) : root_(out), limits_(limits) {}

  bool null() { return put(Json()); }
  bool boolean(bool v) { return put(Json(v)); }
  bool number_integer(Json::number_integer_t v) { return put(Json(v)); }
  bool number_unsigned(Json::number_unsigned_t v) { return put(Json(v)); }
  bool number_float(Json::number_float_t v, const Json::string_t&) { return put(Json(v)); }
  bool string(Json::string_t& v) { return put(Json(std::move(v))); }
  bool binary(Json::binary_t&) { return halt(code::kParseError, msg::errorTextBinary().text()); }  // text never has them
  bool start_object(std::size_t) { return open(false); }
  bool key(Json::string_t& k) {
    // A key is compared with its own object's keys only, at most 256 of them.
    const auto start = keys_.begin() + static_cast<std::ptrdiff_t>(frames_.back().keys);
    if (std::find(start, keys_.end(), k) != keys_.end())
      return halt(code::kParseError, msg::errorTextDuplicateKey(clip(k)).text());
    if (limits_ != Limits::none && static_cast<std::size_t>(keys_.end() - start) >= kMaxKeys)
      return halt(code::kRequestTooLarge, msg::errorTextTooManyKeys().text());
    keys_.push_back(std::move(k));
    return true;
  }
  bool end_object() {
    const Frame f = frames_.back();
    frames_.pop_back();
    Json object(Json::value_t::object);
    auto& members = object.get_ref<Json::object_t&>();
    members.reserve(keys_.size() - f.keys);
    for (std::size_t i = f.keys; i < keys_.size(); ++i)
      members.emplace_back(std::move(keys_[i]), std::move(values_[f.values + i - f.keys]));
    keys_.resize(f.keys);
    values_.resize(f.values);
    return place(std::move(object));
  }
  bool start_array(std::size_t) { return open(true); }
  bool end_array() {
    const Frame f = frames_.back();
    frames_.pop_back();
    Json array(Json::value_t::array);
    auto& items = array.get_ref<Json::array_t&>();
    items.reserve(values_.size() - f.values);
    for (std::size_t i = f.values; i < values_.size(); ++i) items.push_back(std::move(values_[i]));
    values_.resize(f.values);
    return place(std::move(array));
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
    errored_ = true;
    return false;
  }
  bool is_errored() const { return errored_; }

 private:
  static constexpr std::size_t kMaxDepth = 64;
  static constexpr std::size_t kMaxKeys = 256;
  static constexpr std::size_t kMaxItems = 1024;

  struct Frame {
    bool array;
    std::size_t values;  // where this container's values begin on values_
    std::size_t keys;    // where an object's keys begin on keys_
  };

  bool halt(const char* code, std::string message) {
    stop = Stop{code, std::move(message)};
    return false;
  }
  // One more value in the innermost container (an array's within its limit), or the document.
  bool put(Json&& v) { return item() && place(std::move(v)); }
  bool place(Json&& v) {
    if (frames_.empty())
      root_ = std::move(v);
    else
      values_.push_back(std::move(v));
    return true;
  }
  bool open(bool array) {
    if (!item()) return false;
    if (limits_ != Limits::none && frames_.size() >= kMaxDepth)
      return halt(code::kParseError, msg::errorTextTooDeep().text());
    frames_.push_back({array, values_.size(), keys_.size()});
    return true;
  }
  bool item() {
    if (limits_ == Limits::none || frames_.empty() || !frames_.back().array) return true;
    const bool batchList = limits_ == Limits::batch && frames_.size() == 1;
    if (values_.size() - frames_.back().values >= (batchList ? kMaxBatchItems : kMaxItems))
      return halt(code::kRequestTooLarge, batchList ? msg::errorTextBatchTooLong(static_cast<int>(kMaxBatchItems)).text()
                                                    : msg::errorTextArrayTooLong().text());
    return true;
  }

  Json& root_;
  Limits limits_;
  bool errored_ = false;
  std::vector<Frame> frames_;
  std::vector<std::string> keys_;  // the keys of every open object, innermost last
  std::vector<Json> values_;       // the values of every open container, innermost last
};

// A request's text read straight into the DOM builder's events, for the text requests are: ASCII
// strings with the plain escapes, integers, the three literals. nlohmann's lexer reads a character at a
// time through its input adapter and copies every token into a buffer: it was a third of an untraced
// resolve. Anything else — malformed text, a Unicode escape, a byte beyond ASCII, a BOM, a number it
// does not read exactly as nlohmann's lexer does, a limit the builder stops at — is not decided here:
// false, and the caller parses the text again with nlohmann's parser, whose verdict (the document, or
// which error) stands. So both read every text alike (tests/native/test_parse.cpp compares them).
class FastReader {
 public:
  // `data`: embedded data, whose strings may hold UTF-8 (em dashes, accents) taken as they are.
  FastReader(std::string_view text, DomBuilder& sax, bool data = false) : t_(text), sax_(sax), data_(data) {}

  bool document() {
    space();
    if (!value(0)) return false;
    space();
    return i_ == t_.size();
  }

 private:
  static constexpr int kMaxDepth = 64;  // beyond it, nlohmann's parser decides (the builder's limit)

  char peek() const { return i_ < t_.size() ? t_[i_] : '\0'; }
  void space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\r' || t_[i_] == '\t')) ++i_;
  }
  bool value(int depth) {
    switch (peek()) {
      case '{': return object(depth + 1);
      case '[': return array(depth + 1);
      case '"': {
        std::string s;
        return string(s) && sax_.string(s);
      }
      case 't': return literal("true") && sax_.boolean(true);
      case 'f': return literal("false") && sax_.boolean(false);
      case 'n': return literal("null") && sax_.null();
      default: return number();
    }
  }
  bool literal(std::string_view word) {
    if (t_.substr(i_, word.size()) != word) return false;
    i_ += word.size();
    return true;
  }
  bool object(int depth) {
    if (depth > kMaxDepth) return false;
    ++i_;
    if (!sax_.start_object(std::size_t(-1))) return false;
    space();
    if (peek() == '}') {
      ++i_;
      return sax_.end_object();
    }
    for (;;) {
      if (peek() != '"') return false;
      std::string key;
      if (!string(key) || !sax_.key(key)) return false;
      space();
      if (peek() != ':') return false;
      ++i_;
      space();
      if (!value(depth)) return false;
      space();
      if (peek() == ',') {
        ++i_;
        space();
        continue;
      }
      if (peek() != '}') return false;
      ++i_;
      return sax_.end_object();
    }
  }
  bool array(int depth) {
    if (depth > kMaxDepth) return false;
    ++i_;
    if (!sax_.start_array(std::size_t(-1))) return false;
    space();
    if (peek() == ']') {
      ++i_;
      return sax_.end_array();
    }
    for (;;) {
      if (!value(depth)) return false;
      space();
      if (peek() == ',') {
        ++i_;
        space();
        continue;
      }
      if (peek() != ']') return false;
      ++i_;
      return sax_.end_array();
    }
  }
  // t_[i_] is the opening quote. Printable ASCII and the escapes that stand for one such character.
  bool string(std::string& out) {
    std::size_t run = ++i_;
    for (; i_ < t_.size(); ++i_) {
      const auto c = static_cast<unsigned char>(t_[i_]);
      if (c == '"') {
        out.append(t_.data() + run, i_ - run);
        ++i_;
        return true;
      }
      if (c < 0x20 || (c >= 0x80 && !data_)) return false;
      if (c != '\\') continue;
      out.append(t_.data() + run, i_ - run);
      if (++i_ == t_.size()) return false;
      switch (t_[i_]) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        default: return false;  // a Unicode escape, or not an escape
      }
      run = i_ + 1;
    }
    return false;
  }
  // JSON's grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?. An integer of at most 18 digits is
  // what nlohmann's strtoull/strtoll read (unsigned when not negative); a fraction or exponent is read
  // by std::strtod, as nlohmann's lexer reads it; longer integers, and a float beyond a double, are left
  // to it.
  bool number() {
    const std::size_t start = i_;
    const bool negative = peek() == '-';
    if (negative) ++i_;
    const auto digit = [&] { return i_ < t_.size() && t_[i_] >= '0' && t_[i_] <= '9'; };
    if (!digit()) return false;
    std::uint64_t n = 0;
    std::size_t digits = 0;
    if (t_[i_] == '0') {
      ++i_, digits = 1;
    } else {
      for (; digit(); ++i_, ++digits) n = n * 10 + static_cast<std::uint64_t>(t_[i_] - '0');
    }
    bool integer = true;
    if (peek() == '.') {
      integer = false;
      ++i_;
      if (!digit()) return false;
      while (digit()) ++i_;
    }
    if (peek() == 'e' || peek() == 'E') {
      integer = false;
      ++i_;
      if (peek() == '+' || peek() == '-') ++i_;
      if (!digit()) return false;
      while (digit()) ++i_;
    }
    if (integer) {
      if (digits > 18) return false;
      return negative ? sax_.number_integer(-static_cast<std::int64_t>(n)) : sax_.number_unsigned(n);
    }
    char buf[64];
    const std::size_t length = i_ - start;
    if (length >= sizeof buf) return false;
    t_.copy(buf, length, start);
    buf[length] = '\0';
    const double d = std::strtod(buf, nullptr);
    if (!std::isfinite(d)) return false;  // 1e400: nlohmann's parser refuses it (number overflow)
    std::string token;  // the builder ignores the token's text
    return sax_.number_float(d, token);
  }

  std::string_view t_;
  std::size_t i_ = 0;
  DomBuilder& sax_;
  bool data_;
};

}  // namespace

namespace {
bool parseText(const std::string& text, Json& out, Json& error, std::size_t maxBytes, bool fast) {
  if (text.size() > maxBytes) {  // checked before parsing: bounded time and memory per call
    // Said before the request's lang is known: in the engine's default language (setDefaultLang).
    error = errorEnvelope(code::kRequestTooLarge, msg::errorTextTooLarge(static_cast<std::int64_t>(maxBytes)).text(), "");
    return false;
  }
  // nlohmann's lexer reads a NUL byte as the end of input, so "{...}\0garbage" would parse; JSON has
  // no raw NUL anywhere (inside strings it must be escaped), so refuse it as JSON.parse does.
  if (text.find('\0') != std::string::npos) {
    error = errorEnvelope(code::kParseError, msg::errorTextNul().text(), "");
    return false;
  }
  const auto limits = maxBytes > kMaxRequestBytes ? DomBuilder::Limits::batch : DomBuilder::Limits::request;
  if (fast) {
    DomBuilder builder(out, limits);
    if (FastReader(text, builder).document() && !builder.stop.code) return true;
    out = Json();  // not decided there: nlohmann's parser reads it again, from the start
  }
  DomBuilder sax(out, limits);
  const bool parsed = Json::sax_parse(text, &sax);
  if (sax.stop.code) {
    out = Json();
    error = errorEnvelope(sax.stop.code, sax.stop.message, "");
    return false;
  }
  if (!parsed || sax.is_errored()) {
    out = Json();
    error = errorEnvelope(code::kParseError, msg::errorTextNotJson().text(), "");
    return false;
  }
  return true;
}
}  // namespace

bool parseRequest(const std::string& text, Json& out, Json& error, std::size_t maxBytes) {
  return parseText(text, out, error, maxBytes, true);
}

bool parseRequestByNlohmann(const std::string& text, Json& out, Json& error, std::size_t maxBytes) {
  return parseText(text, out, error, maxBytes, false);
}

Json parseData(std::string_view text, const char* what) {
  Json out;
  // By the reader requests use first: a ruleset's first request parses its procedure's entry and
  // options, and under Liftoff nlohmann's lexer (a character at a time) was the hottest code of a
  // cold start, compiled again by TurboFan while it ran (issue 26). Its UTF-8 is valid: the tests
  // read every embedded text through nlohmann's parser too (test_parse.cpp).
  {
    DomBuilder builder(out, DomBuilder::Limits::none);
    if (FastReader(text, builder, true).document() && !builder.stop.code) return out;
    out = Json();
  }
  DomBuilder sax(out, DomBuilder::Limits::none);
  if (!Json::sax_parse(text.begin(), text.end(), &sax) || sax.is_errored() || sax.stop.code)
    throw std::logic_error(std::string(what) + " is not valid JSON" +
                           (sax.stop.code ? ": " + sax.stop.message : std::string()));
  return out;
}

namespace {

// Positions in embedded JSON text, for dataMembers: each returns the index just past what it skips,
// or npos when the text ends first.
constexpr auto npos = std::string_view::npos;

std::size_t skipSpace(std::string_view t, std::size_t i) {
  while (i < t.size() && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t')) ++i;
  return i;
}

std::size_t skipString(std::string_view t, std::size_t i) {  // t[i] is the opening quote
  for (++i; i < t.size(); ++i) {
    if (t[i] == '\\') ++i;
    else if (t[i] == '"') return i + 1;
  }
  return npos;
}

std::size_t skipValue(std::string_view t, std::size_t i) {
  if (i >= t.size()) return npos;
  if (t[i] == '"') return skipString(t, i);
  if (t[i] != '{' && t[i] != '[') {  // a number, true, false or null
    while (i < t.size() && std::string_view(",}] \n\r\t").find(t[i]) == npos) ++i;
    return i;
  }
  int depth = 0;
  while (i < t.size()) {
    const char c = t[i];
    if (c == '"') {
      i = skipString(t, i);
      if (i == npos) return npos;
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    if ((c == '}' || c == ']') && --depth == 0) return i + 1;
    ++i;
  }
  return npos;
}

}  // namespace

std::vector<std::pair<std::string_view, std::string_view>> dataMembers(std::string_view t, const char* what) {
  const auto fail = [&] { throw std::logic_error(std::string(what) + " is not a valid JSON object"); };
  std::vector<std::pair<std::string_view, std::string_view>> out;
  std::size_t i = skipSpace(t, 0);
  if (i >= t.size() || t[i] != '{') fail();
  i = skipSpace(t, i + 1);
  if (i < t.size() && t[i] == '}') return out;
  for (;;) {
    if (i >= t.size() || t[i] != '"') fail();
    const std::size_t k = i;
    i = skipString(t, i);
    if (i == npos) fail();
    const std::string_view key = t.substr(k + 1, i - k - 2);
    if (key.find('\\') != npos) fail();  // ids are plain: the raw text is the key
    i = skipSpace(t, i);
    if (i >= t.size() || t[i] != ':') fail();
    const std::size_t v = skipSpace(t, i + 1);
    i = skipValue(t, v);
    if (i == npos || i == v) fail();
    out.emplace_back(key, t.substr(v, i - v));
    i = skipSpace(t, i);
    if (i < t.size() && t[i] == ',') {
      i = skipSpace(t, i + 1);
      continue;
    }
    if (i < t.size() && t[i] == '}') return out;
    fail();
  }
}

}  // namespace grapeshot
