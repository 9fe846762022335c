#include "odds.h"

#include <algorithm>
#include <numeric>
#include <vector>

#include "context.h"
#include "engine.h"
#include "error.h"
#include "ruleset.h"

namespace grapeshot {

Fraction& Fraction::operator+=(const Fraction& o) {
  const std::int64_t g = std::gcd(den, o.den);
  const std::int64_t l = den / g * o.den;
  num = num * (l / den) + o.num * (l / o.den);
  den = l;
  const std::int64_t r = std::gcd(num < 0 ? -num : num, den);
  if (r > 1) { num /= r; den /= r; }
  return *this;
}

Fraction Fraction::operator*(std::int64_t k) const {
  Fraction f{num * k, den};
  const std::int64_t r = std::gcd(f.num < 0 ? -f.num : f.num, f.den);
  if (r > 1) { f.num /= r; f.den /= r; }
  return f;
}

namespace {

// Each sequence at most this long and this many sequences in all: beyond that a procedure is
// looping or the request is unreasonable.
constexpr std::size_t kMaxDice = 24;
constexpr std::uint64_t kMaxPaths = 4'000'000;

// Replays a prefix of faces and extends it with each die's lowest face; advance() moves to the
// next sequence in depth-first order.
class EnumeratedDice final : public DiceSource {
 public:
  int next(const Die& die) override {
    if (depth_ == path_.size()) {
      if (path_.size() == kMaxDice) throw std::length_error("odds: more than 24 dice in one sequence");
      path_.push_back({die.low, die.high, die.faces()});
    }
    return path_[depth_++].value;
  }
  // The probability of the sequence just run: 1 / product of its dice's faces.
  std::int64_t denominator() const {
    std::int64_t d = 1;
    for (std::size_t i = 0; i < depth_; ++i) d *= path_[i].faces;
    return d;
  }
  bool advance() {
    path_.resize(depth_);
    depth_ = 0;
    while (!path_.empty()) {
      if (path_.back().value < path_.back().high) {
        ++path_.back().value;
        return true;
      }
      path_.pop_back();
    }
    return false;
  }

 private:
  struct Face {
    int value;
    int high;
    int faces;
  };
  std::vector<Face> path_;
  std::size_t depth_ = 0;
};

// The summed outcomes of one enumeration.
struct Tallies {
  struct Entry {
    Json value;
    Fraction p;
  };
  std::vector<std::pair<std::string, std::vector<Entry>>> keys;  // first-seen order
  std::uint64_t paths = 0;

  void add(const Json& outcome, std::int64_t den) {
    const Fraction p{1, den};
    for (const auto& item : outcome.items()) {
      const std::string& key = item.key();  // (clang 14 cannot capture structured bindings)
      const Json& value = item.value();
      auto k = std::find_if(keys.begin(), keys.end(), [&](const auto& e) { return e.first == key; });
      if (k == keys.end()) k = keys.insert(keys.end(), {key, {}});
      auto v = std::find_if(k->second.begin(), k->second.end(), [&](const Entry& e) { return e.value == value; });
      if (v == k->second.end()) k->second.push_back({value, p});
      else v->p += p;
    }
  }
};

Tallies enumerate(const Prepared& p, const Json& inputs) {
  Tallies t;
  EnumeratedDice dice;
  const Procedure run = p.ruleset->procedure(p.name);
  do {
    if (++t.paths > kMaxPaths) throw RequestError("odds_too_complex", "more than 4,000,000 dice sequences", "");
    Context ctx(*p.ruleset, inputs, p.options, dice, /*tracing=*/false);
    run(ctx);
    t.add(ctx.outcome(), dice.denominator());
  } while (dice.advance());
  return t;
}

Json probability(const Fraction& f) { return Json{{"fraction", f.toJson()}, {"probability", f.value()}}; }

// distributions: numeric values ascending with "at least" figures; others in first-seen order.
// expected: the mean of every numeric key.
void report(const Tallies& t, Json& distributions, Json& expected) {
  distributions = Json::object();
  expected = Json::object();
  for (const auto& [key, entries] : t.keys) {
    std::vector<Tallies::Entry> sorted = entries;
    const bool numeric = std::all_of(sorted.begin(), sorted.end(), [](const auto& e) { return e.value.is_number_integer(); });
    if (numeric)
      std::sort(sorted.begin(), sorted.end(),
                [](const auto& a, const auto& b) { return a.value.template get<std::int64_t>() < b.value.template get<std::int64_t>(); });
    Json list = Json::array();
    Fraction mean, atLeast{1, 1};
    for (const auto& e : sorted) {
      Json item{{"value", e.value}};
      item.update(probability(e.p));
      if (numeric) {
        item["atLeast"] = probability(atLeast);
        atLeast += Fraction{-e.p.num, e.p.den};
        mean += e.p * e.value.get<std::int64_t>();
      }
      list.push_back(std::move(item));
    }
    distributions[key] = std::move(list);
    if (numeric) expected[key] = Json{{"fraction", mean.toJson()}, {"value", mean.value()}};
  }
}

// Every boolean input, with its JSON Pointer and title: the modifiers a player can add or remove.
void booleanInputs(const Json& schema, const Json& value, const std::string& path,
                   std::vector<std::pair<std::string, std::string>>& out) {
  if (value.is_boolean()) {
    out.emplace_back(path, schema.value("title", path));
  } else if (value.is_object() && schema.contains("properties")) {
    for (const auto& [k, sub] : schema.at("properties").items())
      if (value.contains(k)) booleanInputs(sub, value.at(k), pointerJoin(path, k), out);
  } else if (value.is_array() && schema.contains("items")) {
    for (std::size_t i = 0; i < value.size(); ++i) booleanInputs(schema.at("items"), value[i], pointerJoin(path, i), out);
  }
}

Json oddsChecked(const Json& req) {
  const Prepared p = prepare(req);
  checkDiceSource(req);  // odds rolls nothing, but refuses what resolve refuses (parity)
  bool withSensitivity = true;
  if (const auto s = req.find("sensitivity"); s != req.end()) {
    if (!s->is_boolean()) throw RequestError(code::kWrongType, "expected a boolean", "/sensitivity");
    withSensitivity = s->get<bool>();
  }
  const Tallies base = enumerate(p, p.inputs);
  Json out{{"ok", true}, {"ruleset", p.ruleset->id()}, {"procedure", p.name}, {"paths", base.paths}};
  report(base, out["distributions"], out["expected"]);
  if (withSensitivity) {
    Json sensitivity = Json::array();
    std::vector<std::pair<std::string, std::string>> flags;
    booleanInputs(p.ruleset->meta().at("procedures").at(p.name).at("inputs"), p.inputs, "", flags);
    for (const auto& [path, title] : flags) {
      Json changed = p.inputs;
      const Json::json_pointer ptr(path);
      const bool from = changed.at(ptr).get<bool>();
      changed.at(ptr) = !from;
      Json entry{{"path", path}, {"title", title}, {"from", from}, {"to", !from}};
      try {
        const Tallies t = enumerate(p, changed);
        report(t, entry["distributions"], entry["expected"]);
      } catch (const RequestError& e) {  // e.g. the change makes the action prohibited
        entry["error"] = Json{{"code", e.code()}, {"message", e.what()}, {"path", e.path()}};
      }
      sensitivity.push_back(std::move(entry));
    }
    out["sensitivity"] = std::move(sensitivity);
  }
  return out;
}

}  // namespace

Json odds(const Json& request) {
  return guarded([&] { return oddsChecked(request); });
}

Json batch(const Json& requests, const std::string& call, std::uint32_t fallbackSeed) {
  return guarded([&] {
    if (!requests.is_array()) throw RequestError(code::kInvalidRequest, "a batch is a JSON array of requests", "");
    if (call != "resolve" && call != "odds" && call != "lookup")
      throw RequestError(code::kInvalidValue, "call must be resolve, odds or lookup", "/call");
    Pcg32 seeds(fallbackSeed);
    Json out = Json::array();
    for (const auto& r : requests) {
      if (call == "odds") out.push_back(odds(r));
      else if (call == "lookup") out.push_back(lookup(r));
      else out.push_back(resolve(r, seeds.next()));
    }
    return out;
  });
}

}  // namespace grapeshot
