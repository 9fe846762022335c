// The explanation trace: its steps as compact records, rendered to JSON once, when asked for. The step
// kinds are a closed set, each with one shape, declared in trace.json: generated from it are the C++
// step structs (trace_steps.h), the TypeScript union and the JSON Schema the tests check every trace
// against.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "json.h"
#include "typed.h"

namespace grapeshot {

// The step kinds (enum StepKind) and their shapes (namespace step) are generated from trace.json
// (scripts/gen-core.mjs -> trace_steps.h, included at the end of this file).
enum class StepKind;

class Message;


// One value of a trace step's field, kept as it was given until the trace is rendered: a string
// literal or the data's own text as a view (most reasons and refs), other text copied, integers and
// flags as they are, anything else (a nested object, a list of units) as Json. A step builds no
// document.
class TraceValue {
 public:
  TraceValue() = default;  // none: a field or ref not given
  // Out of line: every trace call site destroys its fields, and the variant's inline code adds up.
  ~TraceValue();
  TraceValue(TraceValue&&) noexcept;
  TraceValue& operator=(TraceValue&&) noexcept;
  TraceValue(const TraceValue&);
  TraceValue& operator=(const TraceValue&);
  // A literal (or other static array of text): kept as a view, never copied.
  template <std::size_t N>
  TraceValue(const char (&text)[N]) : v_(std::string_view(text)) {}
  // Text of the ruleset's data (a printed label or title), which outlives every response: not copied.
  static TraceValue fromData(std::string_view text) {
    TraceValue v;
    v.v_ = text;
    return v;
  }
  template <std::size_t N>
  TraceValue(char (&)[N]) = delete;  // a buffer that may not outlive the step: pass a std::string
  // Any other const char* (a name from a static table, or a buffer) is copied.
  template <typename T, std::enable_if_t<std::is_same_v<T, const char*> || std::is_same_v<T, char*>, int> = 0>
  TraceValue(T text) : v_(std::string(text)) {}
  TraceValue(std::string text) : v_(std::move(text)) {}
  TraceValue(std::string_view text) : v_(std::string(text)) {}
  TraceValue(bool b) : v_(b) {}
  TraceValue(double d) : v_(Json(d)) {}
  // No other pointer: it would silently become a bool.
  template <typename T, std::enable_if_t<!std::is_same_v<std::remove_cv_t<T>, char>, int> = 0>
  TraceValue(T*) = delete;
  template <typename T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && std::is_signed_v<T>, int> = 0>
  TraceValue(T i) : v_(static_cast<std::int64_t>(i)) {}
  template <typename T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && std::is_unsigned_v<T>, int> = 0>
  TraceValue(T i) : v_(static_cast<std::uint64_t>(i)) {}
  TraceValue(Json j) : v_(std::move(j)) {}
  // A sentence of the catalog as a parameter of another (a unit's name, a reason): rendered in the
  // sentence's language and written as its own {id, params} (message.cpp).
  // A template taking exactly a Message, so that no other type (a Json) is tried as one.
  template <typename M, std::enable_if_t<std::is_same_v<M, Message>, int> = 0>
  TraceValue(const M& m) : TraceValue(nested(m)) {}  // NOLINT: implicit, so msg::x(msg::y(…)) nests
  // A sentence made for the parameter (msg::x(msg::y(…))): moved in, its parameters not copied.
  template <typename M, std::enable_if_t<std::is_same_v<M, Message>, int> = 0>
  TraceValue(M&& m) : TraceValue(nested(std::move(m))) {}  // NOLINT: implicit, as above
  static TraceValue nested(const Message& m);
  static TraceValue nested(Message&& m);
  const Message* message() const;  // the sentence held, if any

  bool given() const { return v_.index() != 0; }
  // The text held, literal or copied; none for anything else.
  std::optional<std::string_view> textView() const { return text(); }
  bool emptyText() const;  // "" (or none)

  void appendTo(std::string& out) const;  // as JSON text, exactly as toText(toJson()) writes it
  // The same text written at `at` when the value is an integer or a text with nothing to escape and it
  // fits before `end` (`at` is moved past it); false, nothing written, for anything else.
  bool writeSimple(char*& at, char* end) const;
  // As a sentence shows it: text as it is, numbers in decimal (a message's parameter).
  std::string plain() const;
  void appendPlain(std::string& out) const;  // the same, appended
  std::optional<std::int64_t> integer() const;  // an integer's value; none for anything else
  bool isFloat() const;  // a number that is not an integer (French writes its decimal comma)
  Json toJson() const;
  // Equal when they stand for the same JSON value: a literal and a copied text alike, an integer held
  // signed or unsigned alike. What exact odds count a tallied value by (Context::tally), on every dice
  // sequence: values held alike compare without building a Json.
  bool operator==(const TraceValue& o) const;

 private:
  std::optional<std::string_view> text() const;  // the text held, literal or copied

  // string_view: text that outlives the response (literals, the ruleset's data); string: a copy.
  std::variant<std::monostate, std::int64_t, std::uint64_t, bool, std::string_view, std::string, Json, std::shared_ptr<const Message>> v_;
};

// A field of a trace step: `key` is a literal (nullptr: no field, for a field given only sometimes).
struct TraceField {
  const char* key = nullptr;
  TraceValue value;
};

class Message;

// A sentence of the trace (a step's `reason`): its text, and — when it came from the catalog — its
// structured form, written after the step's fields as "messages": {"reason": {id, params}}. Made from
// anything a TraceValue is made from (text only) or from a Message (msg::…(…), both).
struct Sentence {
  Sentence() = default;
  template <typename T, std::enable_if_t<std::conjunction_v<std::negation<std::is_same<std::decay_t<T>, Sentence>>,
                                                            std::negation<std::is_same<std::decay_t<T>, Message>>,
                                                            std::is_constructible<TraceValue, T&&>>,
                                         int> = 0>
  Sentence(T&& text) : text(std::forward<T>(text)) {}  // NOLINT: implicit, as the TraceValue it was
  Sentence(const Message& message);                   // NOLINT: implicit (message.cpp)
  TraceValue text;
  TraceValue structured;  // {"reason": {id, params}}, or none
};

// The explanation of one request: its steps as compact records, rendered to JSON once, at the end,
// and only when the caller asked for the trace.
class TraceLog {
 public:
  void add(StepKind kind, TraceField* fields, std::size_t n);
  bool empty() const { return steps_.empty(); }
  // f(key, value) for each field of the last step (to put its texts in another language).
  template <typename F>
  void eachTextOfLast(F&& f) {
    if (steps_.empty()) return;
    const Step& s = steps_.back();
    for (std::uint32_t i = s.first; i < s.first + s.count; ++i) f(fields_[i].key, fields_[i].value);
  }
  void appendTo(std::string& out) const;  // a JSON array of {kind, ...fields}
  Json toJson() const;

 private:
  struct Step {
    StepKind kind;
    std::uint32_t first, count;  // its fields in fields_
  };
  std::vector<Step> steps_;
  std::vector<TraceField> fields_;
};

// The natural rolls of one request as compact records — die, natural, purpose — written as the
// response's `rolls` list at the end.
class RollLog {
 public:
  void add(const char* die, int natural, TraceValue purpose) { rolls_.push_back({die, natural, std::move(purpose)}); }
  bool empty() const { return rolls_.empty(); }
  void appendTo(std::string& out) const;  // a JSON array of {die, natural, purpose}
  Json toJson() const;

 private:
  struct Roll {
    const char* die;  // a Die's name: a literal
    int natural;
    TraceValue purpose;
  };
  std::vector<Roll> rolls_;
};

}  // namespace grapeshot

#include "trace_steps.h"  // NOLINT: after the classes it uses
