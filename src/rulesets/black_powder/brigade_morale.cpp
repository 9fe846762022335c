// Brigade Morale Test (seed 004 "Brigade Morale Test"; rules-notes §4.3-4.5, B-11…B-16).
// Points are kept in half-points so that shaken units' halves stay exact (B-11).
#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/context.h"
#include "core/error.h"
#include "core/ruleset.h"
#include "black_powder_inputs.h"
#include "black_powder_printed.h"
#include "black_powder_results.h"
#include "black_powder_tables.h"
#include "sums.h"

namespace grapeshot::black_powder {
namespace tables = ::grapeshot::tables::black_powder;  // the ids of tables.json (generated)
namespace inputs = ::grapeshot::inputs::black_powder;  // the schemas' inputs and enums (generated)
namespace printed = ::grapeshot::printed::black_powder;  // the printed tables as constants (generated)
using inputs::kStateNames;
using inputs::Quality;
using inputs::State;
namespace results = ::grapeshot::results::black_powder;  // the result, its writer and tallies (generated)
namespace {

// An entry of the Brigade Morale Points (B-11).
const printed::BrigadeMoralePointsTableEntry& pointsEntry(EntryId e) {
  return printed::byId(printed::brigadeMoralePoints.entries, e.id);
}

// Half-points as a number: n or n.5 (written as an integer when whole).
double points(int halves) { return halves / 2.0; }

std::string numberText(double v) {
  std::string s = std::to_string(v);
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

// A printed band's code ("pass", "halt", "retreat") as the result's final, read once per request.
results::BrigadeMoraleFinal named(std::string_view code) {
  for (std::size_t i = 0; i < results::kBrigadeMoraleFinalNames.size(); ++i)
    if (code == results::kBrigadeMoraleFinalNames[i]) return static_cast<results::BrigadeMoraleFinal>(i);
  throw std::logic_error("black-powder: the printed band code \"" + std::string(code) + "\" is not a declared final");
}

// One unit as the points table counts it (B-11).
struct UnitPoints {
  int stamina = 0;
  int value = 0;    // stamina, +1 better, -1 poorer
  int counted = 0;  // in half-points: all, half when shaken, none when lost
  Quality quality = Quality::standard;
  State state = State::fresh;
};

class BrigadeMorale final : public Play {
 public:
  using Inputs = inputs::BrigadeMoraleInputs;
  using Options = inputs::Options;
  BrigadeMorale(const Ruleset&, const Inputs& in, const Options& options) {
    const auto& table = printed::brigadeMoralePoints;
    const auto& half = pointsEntry(tables::brigadeMoralePoints.shaken);
    started_ = static_cast<int>(in.units.size());
    for (const auto& u : in.units) {
      UnitPoints p;
      p.stamina = u.stamina;
      p.value = p.stamina;
      p.quality = u.quality;
      // "Better units add 1 and poorer units deduct 1"
      if (p.quality != Quality::standard)
        p.value += pointsEntry(p.quality == Quality::better ? tables::brigadeMoralePoints.better
                                                            : tables::brigadeMoralePoints.poorer)
                       .value.value();
      p.state = u.state;
      // B-11: a shaken unit counts its points x num/den (half), a lost one nothing.
      p.counted = p.state == State::lost     ? 0
                  : p.state == State::shaken ? 2 * p.value * half.num.value() / half.den.value()
                                             : 2 * p.value;
      startHalves_ += 2 * p.value;
      nowHalves_ += p.counted;
      lost_ += p.state == State::lost;
      shaken_ += p.state == State::shaken;
      units_.push_back(std::move(p));
    }
    left_ = started_ - lost_;
    if (left_ == 0)
      throw RequestError(code::kProhibited, msg::blackPowderErrorNoBrigadeLeft(), "/units");
    // B-14: the last-unit removal, checked before the points test.
    const auto& autoBreak = table.autoBreak;
    lastUnitRule_ = left_ == autoBreak.unitsLeft;
    startedWithMin_ = started_ == autoBreak.unlessStartedWith;
    autoBreak_ = lastUnitRule_ && started_ > autoBreak.unlessStartedWith;
    // Test when at half strength or below in points (B-11: exact halves, <= num/den of the start).
    const auto& when = table.testWhen;
    test_ = nowHalves_ * when.den <= startHalves_ * when.num;
    extraDrm_ = in.extraDrm;
    rating_ = in.commandRating;
    bands_ = readBands(printed::brigadeMoraleResults);
    for (const auto& b : printed::brigadeMoraleResults.bands)
      finals_.push_back(named(b.code));
    perPoint_ = options.B13_distance_per_point;
  }

  void play(Context& ctx, JsonWriter* out) const override {
    using Tally = results::BrigadeMoraleTally;
    using Final = results::BrigadeMoraleFinal;
    if (ctx.tracing())
      for (std::size_t i = 0; i < units_.size(); ++i) {
        const UnitPoints& u = units_[i];
        // Its state as a word of the catalog, said in the response's language.
        const TraceValue state = u.state == State::fresh    ? TraceValue(msg::blackPowderWordFresh())
                                 : u.state == State::shaken ? TraceValue(msg::blackPowderWordShaken())
                                                            : TraceValue(msg::blackPowderWordLost());
        ctx.record(step::Points{msg::blackPowderLabelUnit(static_cast<int>(i + 1)).text(), numberValue(points(u.counted)),
                                u.quality == Quality::better   ? msg::blackPowderReasonUnitPointsBetter(u.stamina, state)
                                : u.quality == Quality::poorer ? msg::blackPowderReasonUnitPointsPoorer(u.stamina, state)
                                                               : msg::blackPowderReasonUnitPoints(u.stamina, state),
                                u.state == State::fresh ? "Brigade Morale Points" : "B-11"});
      }
    // The result: the points first, then what each step decides.
    std::optional<results::BrigadeMoraleResult> r;
    if (out) {
      r.emplace();
      r->startingPoints = startHalves_ / 2;  // whole: every unit counts its full points at the start
      r->points = points(nowHalves_);
      r->unitsStarted = started_;
      r->unitsLeft = left_;
      r->unitsLost = lost_;
      for (const UnitPoints& u : units_)
        r->units.push_back({u.value, points(u.counted), sameEnum<results::State>(u.state)});
    }
    const auto finish = [&](Final final) {
      ctx.tally(Tally::final, final);
      if (!out) return;
      r->final = final;
      write(*out, *r);
    };

    if (autoBreak_) {
      GS_RULING(ctx, "B-14", msg::blackPowderRulingLastUnitRemoved(left_, started_));
      ctx.tally(Tally::tested, false);
      if (out) r->removed = true;
      return finish(Final::removed);
    }
    if (lastUnitRule_)
      GS_NOTE(ctx, startedWithMin_ ? msg::blackPowderNoteStartedWithTwo()
                                   // Judgment: a one-unit brigade has lost nothing; "left" implies losses.
                                   : msg::blackPowderNoteSingleUnitBrigade(),
               "B-14");

    GS_STEP(ctx, step::Points{words(ctx, msg::blackPowderLabelBrigadeMorale()), numberValue(points(nowHalves_)),
                              test_ ? msg::blackPowderNoteHalfOrBelow(numberValue(points(nowHalves_)), numberValue(points(startHalves_)))
                                    : msg::blackPowderNoteAboveHalf(numberValue(points(nowHalves_)), numberValue(points(startHalves_))),
                              "B-11"});
    ctx.tally(Tally::tested, test_);
    if (!test_) return finish(Final::noTest);

    // Modifiers, cumulative (B-15). "Lost" = destroyed, broken or left the table (B-11).
    Modifiers drm(ctx, StepKind::drm, words(ctx, msg::blackPowderLabelBrigadeMoraleTest()));
    if (2 * lost_ >= started_) drm.entry(tables::brigadeMoraleModifiers.halfOrMoreUnitsLost, 1, "B-11");
    if (lost_ >= 1 && shaken_ == left_) drm.entry(tables::brigadeMoraleModifiers.allRemainingShakenAndOneLost, 1, "B-15");
    drm.add(extraDrm_, msg::blackPowderLabelExtraModifier(), "input");

    const int d1 = ctx.roll(kD6, words(ctx, msg::blackPowderLabelBrigadeMoraleTestFirstDie()));
    const int d2 = ctx.roll(kD6, words(ctx, msg::blackPowderLabelBrigadeMoraleTestSecondDie()));
    const int score = d1 + d2 + drm.total();
    const int margin = score - rating_;  // bands are relative to the command rating (B-12: strict)
    const auto& band = bandFor(printed::brigadeMoraleResults.bands, bands_, margin, "Brigade Morale Test");
    const Final final = finals_[static_cast<std::size_t>(&band - printed::brigadeMoraleResults.bands.begin())];
    // The bands are read on the score less the commander's rating.
    GS_STEP(ctx, step::Band{words(ctx, msg::blackPowderLabelBrigadeMoraleTest()), tables::brigadeMoraleResults.id, margin, TraceValue::fromData(band.label),
                            TraceValue::fromData(band.text),
                            msg::blackPowderReasonBrigadeScore(d1, d2, termText(drm.total()), score, rating_), "B-12, B-16"});
    if (final == Final::halt) GS_RULING(ctx, "B-12", msg::blackPowderRulingEqualIsFailure());

    const bool passed = final == Final::pass;
    ctx.tally(Tally::passed, passed);
    ctx.tally(Tally::pointsOfFailure, std::max(0, margin));
    if (final == Final::retreat) GS_RULING(ctx, "B-13", msg::blackPowderRulingPointsOfFailure(margin, numberText(perPoint_)));
    if (out) {
      r->dice = {d1, d2};
      r->drm = drm.total();
      r->score = score;
      r->commandRating = rating_;
      // The chart's words in the response's language (fr.json forms, issue 28).
      r->band = std::string(Ruleset::printedIn("black-powder", band.label, currentLang()));
      r->text = std::string(Ruleset::printedIn("black-powder", band.text, currentLang()));
      r->passed = passed;
      if (final == Final::retreat) {
        r->pointsOfFailure = margin;
        r->retreatMoves = perPoint_ * margin;
        r->orders = msg::blackPowderLabelOrdersRallyOnly().text();
      } else {
        r->orders = (final == Final::halt ? msg::blackPowderLabelOrdersNoMoveTowardsEnemy() : msg::blackPowderLabelOrdersAny()).text();
      }
    }
    finish(final);
  }

 private:
  std::vector<UnitPoints> units_;
  int started_ = 0, startHalves_ = 0, nowHalves_ = 0, lost_ = 0, shaken_ = 0, left_ = 0;
  bool lastUnitRule_ = false, startedWithMin_ = false, autoBreak_ = false, test_ = false;
  int extraDrm_ = 0, rating_ = 0;
  double perPoint_ = 1;
  std::vector<PrintedBand> bands_;
  std::vector<results::BrigadeMoraleFinal> finals_;  // each printed band's code, as the result's final
};

}  // namespace
}  // namespace grapeshot::black_powder

GRAPESHOT_PROCEDURES(black_powder, {"brigade-morale", grapeshot::bindTyped<grapeshot::black_powder::BrigadeMorale>});
