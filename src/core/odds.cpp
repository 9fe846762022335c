#include "odds.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <exception>
#include <numeric>
#include <optional>
#include <vector>

#include "context.h"
#include "engine.h"
#include "error.h"
#include "ruleset.h"
#include "messages.h"  // generated from src/messages/en.json
#include "sha256.h"

namespace grapeshot {

namespace {

// Each sequence at most this long and this many sequences in all (base and sensitivity together):
// beyond that a procedure is looping or the request is unreasonable.
constexpr std::size_t kMaxDice = 24;
// The budget (kMaxOddsPaths) is in sequences so that a request gets the same answer on every machine.
constexpr int kProbes = 8;
// Probabilities are reported as fractions JavaScript reads exactly: numerator and denominator below 2^53.
constexpr std::uint64_t kMaxExact = 1ull << 53;
// The work of one enumeration is bounded by what its estimate promised, not only by the budget:
// a hill-climbed request fooled the 8 probes (estimated at ~160, really 354,438 sequences) and then
// ran through the whole budget, seconds in WebAssembly, before refusing (issue 30). An enumeration
// that passes kSlack x its estimate, or kFloor sequences if more (tens of milliseconds of the
// costliest procedures in WebAssembly), is estimated again with kReprobes walks on other seeds:
// over the budget, it is refused there; otherwise it goes on with that estimate's allowance, and
// is refused if it passes that too. Eight walks also miss rare large branches of real requests
// (one random Waterloo 8 v 4 shock in 300 is estimated at 10 and has 9,225 sequences), which the
// second estimate answers instead of refusing.
constexpr double kSlack = 8;
constexpr std::uint64_t kFloor = 4'000;
constexpr int kReprobes = 256;

__extension__ typedef unsigned __int128 Wide;  // exact sums of up to 24 dice (10^24 < 2^128)

// 128-bit division is a library call in WASM (and slow natively): while both operands fit in 64 bits
// (a sequence's denominator is a product of die sizes, 10^8 for eight d10s) divide in 64 bits.
bool fits64(Wide a, Wide b) { return (a >> 64) == 0 && (b >> 64) == 0; }
Wide divWide(Wide a, Wide b) {
  return fits64(a, b) ? Wide(static_cast<std::uint64_t>(a) / static_cast<std::uint64_t>(b)) : a / b;
}
Wide modWide(Wide a, Wide b) {
  return fits64(a, b) ? Wide(static_cast<std::uint64_t>(a) % static_cast<std::uint64_t>(b)) : a % b;
}

// Binary GCD (Stein) of two non-negative values: shifts and subtractions, no division.
int trailingZeros(Wide x) {
  const auto low = static_cast<std::uint64_t>(x);
  return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll(static_cast<std::uint64_t>(x >> 64));
}
Wide gcdWide(Wide a, Wide b) {
  if (a == 0) return b;
  if (b == 0) return a;
  const int shift = trailingZeros(a | b);
  a >>= trailingZeros(a);
  do {
    b >>= trailingZeros(b);
    if (a > b) std::swap(a, b);
    b -= a;
  } while (b != 0);
  return a << shift;
}

[[noreturn]] void tooComplex(Message why) { throw RequestError(code::kOddsTooComplex, std::move(why), ""); }

Wide mulChecked(Wide a, Wide b) {
  Wide r;
  if (__builtin_mul_overflow(a, b, &r)) tooComplex(msg::errorOdds128Bits());
  return r;
}

// An exact probability, 128-bit while summing (Tallies keeps one shared denominator), reduced once
// when reported.
struct WideFraction {
  Wide num = 0;
  Wide den = 1;
  Fraction narrow() const {
    const Wide r = gcdWide(num, den);  // gcd(0, den) = den: zero reads 0/1
    const Wide n = divWide(num, r), d = divWide(den, r);
    if (n >= kMaxExact || d >= kMaxExact)
      tooComplex(msg::errorOdds53Bits());
    return Fraction{static_cast<std::int64_t>(n), static_cast<std::int64_t>(d)};
  }
};

// The first face of each band of a banded roll, ascending from die.low: at most one more than the
// cuts (Bands holds 4), kept inline — exact odds take them for every banded die each sequence reaches.
struct BandStarts {
  std::array<int, 5> face{};
  std::size_t count = 0;
};
BandStarts bandStarts(const Die& die, const Bands& bands) {
  BandStarts s;
  s.face[s.count++] = die.low;
  for (int i = 0; i < bands.count; ++i) {  // each cut on the die put in its place, once
    const int cut = bands.cuts[i];
    if (cut <= die.low || cut > die.high) continue;
    std::size_t at = s.count;
    while (s.face[at - 1] > cut) --at;  // face[0] = die.low < cut stops it
    if (s.face[at - 1] == cut) continue;
    for (std::size_t k = s.count; k > at; --k) s.face[k] = s.face[k - 1];
    s.face[at] = cut;
    ++s.count;
  }
  return s;
}

// Replays a prefix of faces and extends it with each die's lowest face (or lowest band); advance()
// moves to the next sequence in depth-first order. A banded roll (a check, printed bands) branches
// once per band, weighted by the faces in it.
class EnumeratedDice final : public DiceSource {
 public:
  int next(const Die& die) override { return nextBanded(die, Bands{{}, 0}); }
  int nextBanded(const Die& die, const Bands& bands) override {
    if (depth_ == path_.size()) {
      if (path_.size() == kMaxDice) tooComplex(msg::errorOddsTooManyDice());
      // Every face its own band (no starts kept) unless the roll is banded.
      path_.push_back(Face{die.low, die.high, die.faces(), bands.count ? bandStarts(die, bands) : BandStarts{}, 0});
    }
    return path_[depth_++].value;
  }
  // The probability of the sequence just run: product of band widths / product of faces.
  Wide numerator() const {
    Wide n = 1;
    for (std::size_t i = 0; i < depth_; ++i) n *= static_cast<Wide>(path_[i].width());
    return n;
  }
  Wide denominator() const {
    Wide d = 1;
    for (std::size_t i = 0; i < depth_; ++i) d *= static_cast<Wide>(path_[i].faces);
    return d;
  }
  // The sequence just run as branches: at each die, the one taken (a face, or a band of a banded
  // roll) and how many there were, as ProbeDice counts them.
  template <class F>
  void branches(F&& each) const {
    for (std::size_t i = 0; i < depth_; ++i) {
      const Face& f = path_[i];
      if (f.starts.count == 0)
        each(static_cast<std::uint32_t>(f.value - (f.high - f.faces + 1)), static_cast<std::uint32_t>(f.faces));
      else
        each(static_cast<std::uint32_t>(f.band), static_cast<std::uint32_t>(f.starts.count));
    }
  }
  bool advance() {
    path_.resize(depth_);
    depth_ = 0;
    while (!path_.empty()) {
      if (path_.back().step()) return true;
      path_.pop_back();
    }
    return false;
  }

 private:
  struct Face {
    int value;
    int high;
    int faces;
    BandStarts starts;  // none: one band per face
    std::size_t band;
    int width() const {
      if (starts.count == 0) return 1;
      return (band + 1 < starts.count ? starts.face[band + 1] : high + 1) - starts.face[band];
    }
    bool step() {
      if (starts.count == 0) return value < high ? (++value, true) : false;
      if (band + 1 >= starts.count) return false;
      value = starts.face[++band];
      return true;
    }
  };
  std::vector<Face> path_;
  std::size_t depth_ = 0;
};

// The summed outcomes of one enumeration. Every value's probability is num / den over one shared
// denominator: a sequence's weight is scaled to it once (one wide division, not one per tallied
// value; in WASM a 128-bit division is a library call), and the shared denominator grows, rescaling
// every numerator, only when a sequence's own denominator does not divide it.
struct Tallies {
  struct Entry {
    TraceValue value;
    Wide num = 0;
  };
  std::vector<std::pair<std::string, std::vector<Entry>>> keys;  // first-seen order
  std::vector<const char*> keyPointers;  // the literal each key was first tallied with
  std::uint64_t paths = 0;
  Wide den = 1;

  Fraction probability(const Entry& e) const { return WideFraction{e.num, den}.narrow(); }

  void add(const Context::Outcome& outcome, Wide num, Wide d) {
    if (modWide(den, d) != 0) {
      const Wide l = mulChecked(divWide(den, gcdWide(den, d)), d);
      const Wide f = divWide(l, den);
      for (auto& k : keys)
        for (auto& e : k.second) e.num = mulChecked(e.num, f);
      den = l;
    }
    const Wide weight = mulChecked(num, divWide(den, d));
    for (std::size_t i = 0; i < outcome.size(); ++i) {
      const char* key = outcome[i].first;
      const TraceValue& value = outcome[i].second;
      // A procedure tallies its keys in the same order on every sequence: try the same place first.
      auto k = i < keys.size() && (keyPointers[i] == key || keys[i].first == key)
                   ? keys.begin() + static_cast<std::ptrdiff_t>(i)
                   : std::find_if(keys.begin(), keys.end(), [&](const auto& e) { return e.first == key; });
      if (k == keys.end()) {
        k = keys.insert(keys.end(), {key, {}});
        keyPointers.push_back(key);
      }
      auto v = std::find_if(k->second.begin(), k->second.end(), [&](const Entry& e) { return e.value == value; });
      if (v == k->second.end()) v = k->second.insert(k->second.end(), Entry{value, 0});
      v->num += weight;  // a key's numerators sum to at most den: no overflow
    }
  }
};

// Knuth's estimator of a tree's size ("Estimating the efficiency of backtrack programs", 1975): walk
// one random path, each die choosing one of its branches (faces or bands) at random; the product of
// the branch counts met is an unbiased estimate of the number of sequences. Seeded, so the same
// request always gets the same estimate.
class ProbeDice final : public DiceSource {
 public:
  explicit ProbeDice(std::uint32_t seed) : rng_(seed) {}
  // A fresh walk: one context then serves every walk of an estimate (a what-if is estimated too).
  void reset(std::uint32_t seed) {
    rng_ = Pcg32(seed);
    size_ = 1;
    depth_ = 0;
  }
  int next(const Die& die) override { return nextBanded(die, Bands{{}, 0}); }
  int nextBanded(const Die& die, const Bands& bands) override {
    if (++depth_ > kMaxDice) tooComplex(msg::errorOddsTooManyDice());
    // One branch per face, or per band of a banded roll.
    const BandStarts starts = bands.count ? bandStarts(die, bands) : BandStarts{};
    const auto branches = static_cast<std::uint32_t>(bands.count ? starts.count : static_cast<std::size_t>(die.faces()));
    size_ *= static_cast<double>(branches);
    const std::uint32_t pick = rng_.bounded(branches);
    return bands.count ? starts.face[pick] : die.low + static_cast<int>(pick);
  }
  double size() const { return size_; }

 private:
  Pcg32 rng_;
  double size_ = 1;
  std::size_t depth_ = 0;
};

// The sequences one enumeration will take, estimated before any is summed, so that a request far
// beyond the budget is refused at once instead of running for minutes.
double estimate(const Prepared& p, const Play& play, int probes = kProbes, std::uint32_t firstSeed = 1) {
  double sum = 0;
  ProbeDice dice(firstSeed);
  Context ctx(*p.ruleset, dice, /*tracing=*/false, /*recordRolls=*/false);
  ctx.walkOnly();
  for (int i = 0; i < probes; ++i) {
    dice.reset(firstSeed + static_cast<std::uint32_t>(i));
    ctx.clearOutcome();
    play.play(ctx, nullptr);
    sum += dice.size();
  }
  return sum / probes;
}

// How many sequences an enumeration estimated at `guess` may take (see kSlack).
std::uint64_t allowance(double guess) {
  const double a = guess * kSlack;
  return a > static_cast<double>(kFloor) ? static_cast<std::uint64_t>(std::min(a, 1e18)) : kFloor;
}

// One enumeration, begun before it is estimated (issue 25). Most of a request's enumerations are a
// few dozen sequences, for which the estimate's kProbes walks cost as much again as the count: so
// up to kTrial sequences are played first, charged to nothing yet. One that ends there is estimated
// from the tree it recorded, its probes' walks replayed instead of played (the same walks on the
// same seeds: the same estimate, so every decision taken on it stands), and charged when its turn
// comes exactly as if played then. One that does not end there is estimated by playing, as before,
// and goes on from where it stopped.
class Enumeration {
 public:
  static constexpr std::uint64_t kTrial = 256;  // below kFloor: no allowance is met in the trial
  static_assert(kTrial < kFloor);
  // A walk whose branches multiply to more says the tree is large: the trial stops there. Far above
  // kTrial, because a small but lopsided tree has long walks too (checks that fail roll on, checks
  // that pass end the sequence), and a tree whose trial stops is estimated by playing: stopping at
  // kTrial lost the trial's saving on a Waterloo 3 v 2's what-ifs (callgrind: +2.9 %).
  static constexpr double kLargeWalk = 16.0 * kTrial;

  Enumeration(const Prepared& p, const Play& play) : p_(p), play_(play) {
    tree_.reserve(64);
    ends_.reserve(16);
    Context ctx(*p.ruleset, dice_, /*tracing=*/false, /*recordRolls=*/false);
    try {
      do {
        playOne(ctx);
        dice_.branches([&](std::uint32_t taken, std::uint32_t of) { tree_.push_back({taken, of}); });
        ends_.push_back(static_cast<std::uint32_t>(tree_.size()));
        done_ = !dice_.advance();
      } while (!done_ && t_.paths < kTrial && lastWalk() <= kLargeWalk);
    } catch (...) {
      failed_ = std::current_exception();  // thrown when its turn comes, after charging what it took
    }
    recorded_ = done_ && !failed_;
    if (!recorded_) release();
  }

  // The sequences this enumeration will take: Knuth's estimate with kProbes walks from seed 1. The
  // recorded tree is not needed after (a what-if table's trees would otherwise live until counted).
  double estimate() {
    if (!recorded_) return grapeshot::estimate(p_, play_);
    const double guess = replayedEstimate();
    release();
    recorded_ = false;
    return guess;
  }

  // Charges what the trial played against the budget, then plays every sequence left, each charged
  // and held to this enumeration's allowance as it is played.
  Tallies finish(std::uint64_t& budget, double guess) {
    if (budget < t_.paths) {  // played one at a time, the budget would have run out in the trial
      budget = 0;
      tooComplex(msg::errorOddsBudgetSpent());
    }
    budget -= t_.paths;
    if (failed_) std::rethrow_exception(failed_);
    if (done_) return std::move(t_);
    std::uint64_t cap = allowance(guess);
    bool reestimated = false;
    Context ctx(*p_.ruleset, dice_, /*tracing=*/false, /*recordRolls=*/false);
    do {
      if (budget == 0) tooComplex(msg::errorOddsBudgetSpent());
      if (t_.paths == cap) {
        const std::string played = std::to_string(t_.paths);
        if (reestimated)
          tooComplex(msg::errorOddsOverEstimate(played, std::to_string(static_cast<long long>(guess)),
                                                std::to_string(static_cast<long long>(kSlack)), std::to_string(kFloor)));
        // The first estimate was low: a second, with kReprobes walks on other seeds.
        const double again = grapeshot::estimate(p_, play_, kReprobes, kProbes + 1);
        if (again > static_cast<double>(t_.paths + budget))
          tooComplex(msg::errorOddsOverBudgetStopped(std::to_string(static_cast<long long>(again)), played,
                                                     std::to_string(static_cast<long long>(guess))));
        reestimated = true;
        guess = again;
        cap = std::max(cap + 1, allowance(again));
      }
      --budget;
      playOne(ctx);
    } while (dice_.advance());
    return std::move(t_);
  }

 private:
  struct Branch {
    std::uint32_t taken, of;
  };

  // One context serves every sequence: untraced and not recording rolls, it keeps nothing from one
  // sequence to the next but its outcome, which each play starts afresh.
  void playOne(Context& ctx) {
    ++t_.paths;
    ctx.clearOutcome();
    play_.play(ctx, nullptr);
    t_.add(ctx.outcome(), dice_.numerator(), dice_.denominator());
  }

  // ProbeDice's walks over the recorded tree: sequences are in depth-first order, so those that
  // share a prefix are contiguous, and a node has as many branches on every sequence through it.
  double replayedEstimate() const {
    double sum = 0;
    for (int i = 0; i < kProbes; ++i) {
      Pcg32 rng(1 + static_cast<std::uint32_t>(i));
      double size = 1;
      std::size_t lo = 0, hi = ends_.size();
      for (std::size_t depth = 0; start(lo) + depth < ends_[lo]; ++depth) {
        const std::uint32_t of = tree_[start(lo) + depth].of;
        size *= static_cast<double>(of);
        const std::uint32_t pick = rng.bounded(of);
        while (tree_[start(lo) + depth].taken != pick) ++lo;
        std::size_t end = lo + 1;
        while (end < hi && tree_[start(end) + depth].taken == pick) ++end;
        hi = end;
      }
      sum += size;
    }
    return sum / kProbes;
  }
  // The last sequence's branches multiplied: one walk's estimate of the tree. Over kLargeWalk, the
  // trial stops there and the tree is estimated by playing, so that a large request refused on its
  // estimate has cost a few sequences more, not kTrial (a refusal stays within a millisecond).
  double lastWalk() const {
    double size = 1;
    for (std::size_t i = start(ends_.size() - 1); i < ends_.back(); ++i) size *= static_cast<double>(tree_[i].of);
    return size;
  }
  void release() {  // the tree's memory back
    std::vector<Branch>().swap(tree_);
    std::vector<std::uint32_t>().swap(ends_);
  }
  std::size_t start(std::size_t sequence) const { return sequence ? ends_[sequence - 1] : 0; }

  const Prepared& p_;
  const Play& play_;
  EnumeratedDice dice_;
  Tallies t_;
  bool done_ = false;
  std::exception_ptr failed_;
  bool recorded_ = false;            // the trial ended the enumeration: its tree is whole (until estimated)
  std::vector<Branch> tree_;         // every sequence's branches, one after another
  std::vector<std::uint32_t> ends_;  // where each sequence's branches end in tree_
};

// The answer is written as text (JsonWriter), member by member in its final order: no document is
// built, serialized and destroyed (with sensitivity, that was a fifth of an odds call in wasm).
// {"num":n,"den":d}, composed on the stack and appended once: an answer with what-ifs writes
// thousands (in the module each append is a call into libc++ and another into memcpy).
void writeFraction(JsonWriter& w, const Fraction& f) {
  constexpr std::string_view kNum = "{\"num\":", kDen = ",\"den\":";
  constexpr std::size_t kDigits = 20;  // an int64 at most, sign included
  char buf[kNum.size() + kDen.size() + 2 * kDigits + 1];
  char* at = std::copy(kNum.begin(), kNum.end(), buf);
  at = std::to_chars(at, at + kDigits, f.num).ptr;
  at = std::copy(kDen.begin(), kDen.end(), at);
  at = std::to_chars(at, at + kDigits, f.den).ptr;
  *at++ = '}';
  w.rawValue().append(buf, static_cast<std::size_t>(at - buf));
}
// "fraction" and "probability", into an open object.
void writeProbability(JsonWriter& w, const Fraction& f) {
  writeFraction(w.commaKey(",\"fraction\":"), f);
  w.commaKey(",\"probability\":").value(f.value());
}

// distributions: numeric values ascending with "at least" figures; others in first-seen order.
// expected: the mean of every numeric key. Both written as members "distributions" and "expected" of
// the open object. Values are written from the tallies as they are (TraceValue writes the text its
// Json would), no document built for each.
void report(const Tallies& t, JsonWriter& w) {
  std::vector<std::pair<const TraceValue*, Fraction>> sorted;
  std::vector<std::pair<const std::string*, Fraction>> means;
  w.key("distributions").object();
  for (const auto& [key, entries] : t.keys) {
    sorted.clear();
    for (const auto& e : entries) sorted.emplace_back(&e.value, t.probability(e));
    const bool numeric = std::all_of(sorted.begin(), sorted.end(), [](const auto& e) { return e.first->integer().has_value(); });
    if (numeric)
      std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return *a.first->integer() < *b.first->integer(); });
    Fraction mean, atLeast{1, 1};
    w.key(key).array();
    for (const auto& [value, p] : sorted) {
      w.object().key("value");
      value->appendTo(w.rawValue());
      writeProbability(w, p);
      if (numeric) {
        w.key("atLeast").object();
        writeProbability(w, atLeast);
        w.endObject();
        atLeast += Fraction{-p.num, p.den};
        mean += p * *value->integer();
      }
      w.endObject();
    }
    w.endArray();
    if (numeric) means.emplace_back(&key, mean);
  }
  w.endObject().key("expected").object();
  for (const auto& [key, mean] : means) {
    w.key(*key).object().key("fraction");
    writeFraction(w, mean);
    w.field("value", mean.value()).endObject();
  }
  w.endObject();
}

// Whether a tallied value meets a headline's test: atLeast n (integers), equals v, or in [v, ...].
bool meets(const Json& value, const Json& test) {
  if (const auto n = test.find("atLeast"); n != test.end())
    return value.is_number_integer() && value.get<std::int64_t>() >= n->get<std::int64_t>();
  if (const auto v = test.find("equals"); v != test.end()) return value == *v;
  const auto& in = test.at("in");
  return std::find(in.begin(), in.end(), value) != in.end();
}

// The figures players ask for first (a procedure's "headline" in ruleset.json): each the exact
// probability that one tally meets its test. A tally no sequence made is never met.
// Written as the member "headline" of the open object.
void headline(const Tallies& t, const Json& spec, JsonWriter& w) {
  w.key("headline").array();
  for (const auto& test : spec) {
    const auto& key = test.at("tally").get_ref<const std::string&>();
    Fraction sum;
    const auto k = std::find_if(t.keys.begin(), t.keys.end(), [&](const auto& e) { return e.first == key; });
    if (k != t.keys.end())
      for (const auto& e : k->second)
        if (meets(e.value.toJson(), test)) sum += t.probability(e);
    w.object().field("label", test.at("label")).field("tally", key);
    writeProbability(w, sum);
    w.endObject();
  }
  w.endArray();
}

// {code, message, path, messages?}, as the error envelope gives an error: the sentence as data too.
void writeError(JsonWriter& w, const RequestError& e) {
  w.object().field("code", e.code()).field("message", e.what()).field("path", e.path());
  if (e.message()) {
    std::string structured;
    e.message()->appendStructured(structured);
    w.key("messages").object().rawField("message", structured).endObject();
  }
  w.endObject();
}

// A what-if of the sensitivity table: one input given another value.
struct WhatIf {
  std::string path;   // JSON Pointer of the input
  std::string title;  // its schema title
  Json from, to;
  const Json* choice;  // an enum's schema, or null for a boolean
};

// The inputs a player can change: every boolean (ticked the other way) and, when `choices`, every
// other value of every enum not marked "x-whatIf": false (a unit's arm or nationality is what it is;
// its position, terrain or slope are what-ifs).
// A field that means something only for some values of a sibling ("x-relevantWhen": heavy cavalry only
// for cavalry, the Prussian Guard only for Prussians) is no what-if where it means nothing: the form
// hides it there, and "Prussian Guard no -> yes" on an Austrian unit is not a question a player asks.
bool relevant(const Json& object, const Json& properties, const Json& sub) {
  const auto when = sub.find("x-relevantWhen");
  if (when == sub.end()) return true;
  for (const auto& [sibling, values] : when->items()) {
    const auto v = object.find(sibling);
    const Json& actual = v != object.end() ? *v : properties.at(sibling).value("default", Json());
    if (std::find(values.begin(), values.end(), actual) == values.end()) return false;
  }
  return true;
}

void whatIfs(const Json& schema, const Json& value, const std::string& path, bool choices, std::vector<WhatIf>& out) {
  if (value.is_boolean()) {
    out.push_back({path, schema.value("title", path), value, !value.get<bool>(), nullptr});
  } else if (value.is_string() && choices && schema.contains("enum") && schema.value("x-whatIf", true)) {
    for (const auto& v : schema.at("enum"))
      if (v != value) out.push_back({path, schema.value("title", path), value, v, &schema});
  } else if (value.is_object() && schema.contains("properties")) {
    const Json& properties = schema.at("properties");
    for (const auto& [k, sub] : properties.items())
      if (value.contains(k) && relevant(value, properties, sub)) whatIfs(sub, value.at(k), pointerJoin(path, k), choices, out);
  } else if (value.is_array() && schema.contains("items")) {
    for (std::size_t i = 0; i < value.size(); ++i) whatIfs(schema.at("items"), value[i], pointerJoin(path, i), choices, out);
  }
}

// An enum value's display label (x-enumLabels, in the order of enum), or the value itself.
Json enumLabel(const Json& choice, const Json& v) {
  const auto& values = choice.at("enum");
  const auto labels = choice.find("x-enumLabels");
  const auto i = static_cast<std::size_t>(std::distance(values.begin(), std::find(values.begin(), values.end(), v)));
  return labels != choice.end() && i < labels->size() ? (*labels)[i] : v;
}

// The answer, written into `w`; a RequestError (or any other) thrown as it goes leaves what was written
// unfinished, for the caller to replace (oddsAnswer).
void writeOdds(const Json& req, std::uint64_t& budget, std::uint64_t maxPaths, JsonWriter& w) {
  const LangScope lang(requestLang(req));  // errors, headline and what-if labels in the language asked
  const Prepared p = prepare(req);
  // Odds rolls nothing, but refuses what resolve refuses (parity), in resolve's order.
  DiceChoice dice = checkDiceSource(req, p);
  // sensitivity: true (the default) flips every boolean; "all" also tries every other value of each
  // choice input; false computes the base odds only.
  const EnvelopeChoice envelope = checkEnvelope(req);
  const bool withSensitivity = envelope.sensitivity, choices = envelope.allChoices;
  // Refuse at once what the budget cannot cover (base and every what-if together).
  const Json& schema = p.ruleset->procedure(p.name, currentLang()).at("inputs");  // its titles and labels
  std::vector<WhatIf> flags;
  if (withSensitivity) whatIfs(schema, p.inputs, "", choices, flags);
  const auto bound = p.ruleset->bind(p.name, p.inputs, p.options);
  if (dice.hasDice) {
    // Supplied dice are played once, as resolve plays them, so a face off its die (dice: [7] for a
    // d6) or too few dice is refused here too; the odds then ignore them.
    ScriptedDice scripted(std::move(dice.dice));
    Context ctx(*p.ruleset, scripted, /*tracing=*/false, /*recordRolls=*/false);
    bound->play(ctx, nullptr);
  }
  Enumeration baseRun(p, *bound);
  const double baseGuess = baseRun.estimate();
  // The odds themselves over the budget: nothing fits, refused at once.
  if (baseGuess > static_cast<double>(budget))
    tooComplex(budget < maxPaths ? msg::errorOddsOverSharedBudget(std::to_string(static_cast<long long>(baseGuess)),
                                                                  std::to_string(maxPaths), std::to_string(budget))
                                 : msg::errorOddsOverBudget(std::to_string(static_cast<long long>(baseGuess)), std::to_string(maxPaths)));
  double guess = baseGuess;
  // Each what-if estimated on its own (one can be 60 times the base): bound and probed with its one
  // input changed; a what-if the rules refuse estimates 0 (its enumeration reports the refusal).
  // Probed only until the sum passes the budget: a refusal takes no more walks than it needs (and
  // the trial's sequences of each what-if it probed: a few, where one's walk promises a large tree).
  std::vector<double> whatIfGuess(flags.size(), 0);
  std::vector<std::unique_ptr<Play>> whatIfBound(flags.size());  // bound once: probed, then enumerated
  std::vector<std::optional<Enumeration>> whatIfRun(flags.size());
  bool partialSum = false;
  if (!flags.empty()) {
    Json changed = p.inputs;
    for (std::size_t i = 0; i < flags.size(); ++i) {
      if (guess > static_cast<double>(budget)) {
        partialSum = true;
        break;
      }
      Json& input = changed.at(Json::json_pointer(flags[i].path));
      input = flags[i].to;
      try {
        whatIfBound[i] = p.ruleset->bind(p.name, changed, p.options);
        whatIfGuess[i] = whatIfRun[i].emplace(p, *whatIfBound[i]).estimate();
      } catch (const RequestError& e) {
        if (e.code() == std::string("odds_too_complex")) throw;  // a probe past 24 dice, as the base's would be
      }
      guess += whatIfGuess[i];
      input = flags[i].from;
    }
  }
  // The odds fit and the what-ifs do not: keep what fits (issue 29). The odds are counted and the
  // what-if table is answered as one refusal (sensitivityError), decided before any of its time is spent.
  std::optional<RequestError> whatIfsRefused;
  if (guess > static_cast<double>(budget)) {
    const auto count = static_cast<std::int64_t>(guess);
    const auto left = static_cast<std::int64_t>(budget);
    whatIfsRefused.emplace(code::kOddsTooComplex,
                           partialSum ? msg::errorOddsWhatIfsTooComplexAtLeast(count, left)
                                      : msg::errorOddsWhatIfsTooComplex(count, left),
                           "/sensitivity");
  }
  const Tallies base = baseRun.finish(budget, baseGuess);
  w.object().field("ok", true).field("ruleset", p.ruleset->id()).field("procedure", p.name).field("paths", base.paths);
  const Json* headlineSpec = nullptr;
  if (const auto& proc = p.ruleset->procedure(p.name, currentLang()); proc.contains("headline"))
    headlineSpec = &proc.at("headline");
  if (headlineSpec) headline(base, *headlineSpec, w);
  report(base, w);
  if (whatIfsRefused) {
    writeError(w.key("sensitivityError"), *whatIfsRefused);
  } else if (withSensitivity) {
    w.key("sensitivity").array();
    // Each what-if changes one input of one copy of the inputs, and puts it back after.
    Json changed = p.inputs;
    for (std::size_t i = 0; i < flags.size(); ++i) {
      const WhatIf& f = flags[i];
      Json& input = changed.at(Json::json_pointer(f.path));
      input = f.to;
      w.object().field("path", f.path).field("title", f.title).field("from", f.from).field("to", f.to);
      if (f.choice) w.field("fromLabel", enumLabel(*f.choice, f.from)).field("toLabel", enumLabel(*f.choice, f.to));
      // Enumerated before anything of its odds is written: a refusal leaves nothing to take back.
      // A what-if the rules refuse (prohibited), or one past the budget or its own allowance (its
      // estimate was fooled), answers its error: the base odds above stand whole, a sound partial
      // answer (issue 30), where refusing would throw away work already done and paid for.
      std::optional<Tallies> t;
      try {
        if (!whatIfRun[i]) {  // its binding refused (thrown again here, where its answer goes)
          whatIfBound[i] = p.ruleset->bind(p.name, changed, p.options);
          whatIfRun[i].emplace(p, *whatIfBound[i]);
        }
        t.emplace(whatIfRun[i]->finish(budget, whatIfGuess[i]));
        whatIfRun[i].reset();
        whatIfBound[i].reset();
      } catch (const RequestError& e) {
        writeError(w.key("error"), e);
      }
      input = f.from;  // put back (an exception that escapes drops `changed`, with the answer)
      if (t) {
        if (headlineSpec) headline(*t, *headlineSpec, w);
        report(*t, w);
      }
      w.endObject();
    }
    w.endArray();
  }
  w.endObject();
}

// The answer's text, or the error envelope's.
std::string oddsAnswer(const Json& req, std::uint64_t& budget, std::uint64_t maxPaths) {
  std::string text;
  try {
    JsonWriter w(text);
    writeOdds(req, budget, maxPaths, w);
  } catch (...) {
    text = toText(currentErrorEnvelope());
  }
  return text;
}

}  // namespace

std::string oddsText(const Json& request, std::uint64_t maxPaths) {
  std::uint64_t budget = maxPaths;
  return oddsAnswer(request, budget, maxPaths);
}

Json odds(const Json& request, std::uint64_t maxPaths) { return Json::parse(oddsText(request, maxPaths)); }

std::uint32_t batchItemSeed(const BatchSeed& seed, std::uint32_t index) {
  // Each item's seed hashes the batch seed with the item's index: knowing some items' seeds tells
  // nothing of the others' (successive outputs of one PCG32 would give the stream away), and the
  // batch seed's 256 bits cannot be searched for from an item's seed (32 bits could).
  static constexpr char kTag[] = "grapeshot batch v2";
  const unsigned char bytes[4] = {static_cast<unsigned char>(index >> 24), static_cast<unsigned char>(index >> 16),
                                  static_cast<unsigned char>(index >> 8), static_cast<unsigned char>(index)};
  Sha256 h;
  h.update(kTag, sizeof kTag);  // includes the terminating 0x00
  h.update(seed.data(), seed.size());
  h.update(bytes, sizeof bytes);
  return leadingUint32(h.digest());
}

BatchSeed testBatchSeed(std::uint32_t n) {
  BatchSeed s{};
  for (int i = 0; i < 4; ++i) s[28 + i] = static_cast<std::uint8_t>(n >> (24 - 8 * i));
  return s;
}

namespace {

// Each request's answer in order, written straight onto `out` as the items of a JSON array. A lookup
// is written as text (no document built); a resolve or odds answer is serialized once.
void answerBatch(const Json& requests, const std::string& call, const BatchSeed& fallbackSeed, std::uint64_t maxOddsPaths,
                 std::string& out) {
  if (!requests.is_array()) throw RequestError(code::kInvalidRequest, msg::errorBatchNotArray(), "");
  if (call != "resolve" && call != "odds" && call != "lookup")
    throw RequestError(code::kInvalidValue, msg::errorBatchCall(), "/call");
  // One odds budget for the whole batch, and a bound on what it answers.
  std::uint64_t budget = maxOddsPaths;
  out += '[';
  std::size_t i = 0;
  for (; i < requests.size(); ++i) {
    const Json& r = requests[i];
    const std::size_t start = out.size();
    if (i) out += ',';
    if (call == "lookup")
      appendLookup(r, out);
    else if (call == "resolve")
      appendResolve(r, out, batchItemSeed(fallbackSeed, static_cast<std::uint32_t>(i)));
    else
      out += oddsAnswer(r, budget, maxOddsPaths);
    // Past the cap, the answers made so far stand and this item and every later one is marked, not
    // answered (a small envelope each: at most 20,000 of them), so the host resends only those.
    if (out.size() > kMaxBatchOutputBytes) {
      out.resize(start);
      break;
    }
  }
  const std::size_t firstUnanswered = i;
  for (; i < requests.size(); ++i) {
    if (i) out += ',';
    // Text only (no structured form): up to 20,000 of them, each kept small.
    appendJson(out, errorEnvelope(code::kRequestTooLarge, msg::errorBatchNotAnswered(kMaxBatchOutputBytes >> 20, firstUnanswered).text(),
                                  pointerJoin("", i)));
  }
  out += ']';
}

}  // namespace

std::string batchText(const Json& requests, const std::string& call, const BatchSeed& fallbackSeed,
                      std::uint64_t maxOddsPaths) {
  std::string text;
  try {
    answerBatch(requests, call, fallbackSeed, maxOddsPaths, text);
  } catch (...) {
    text = toText(currentErrorEnvelope());
  }
  return text;
}

Json batch(const Json& requests, const std::string& call, const BatchSeed& fallbackSeed, std::uint64_t maxOddsPaths) {
  return Json::parse(batchText(requests, call, fallbackSeed, maxOddsPaths));
}

}  // namespace grapeshot
