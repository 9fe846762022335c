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
#include "black_powder_tables.h"

namespace grapeshot::black_powder {
namespace tables = ::grapeshot::tables::black_powder;  // the ids of tables.json (generated)
namespace inputs = ::grapeshot::inputs::black_powder;  // the schemas' inputs and enums (generated)
namespace printed = ::grapeshot::printed::black_powder;  // the printed tables as constants (generated)
using inputs::kStateNames;
using inputs::Quality;
using inputs::State;
namespace {

// An entry of the Brigade Morale Points (B-11).
const printed::BrigadeMoralePointsTableEntry& pointsEntry(EntryId e) {
  return printed::byId(printed::brigadeMoralePoints.entries, e.id);
}

// Half-points as JSON: an integer when whole, else n.5.
Json points(int halves) { return halves % 2 == 0 ? Json(halves / 2) : Json(halves / 2.0); }
std::string pointsText(int halves) { return std::to_string(halves / 2) + (halves % 2 ? ".5" : ""); }

std::string numberText(double v) {
  std::string s = std::to_string(v);
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
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
    perPoint_ = options.B13_distance_per_point;
  }

  void play(Context& ctx, JsonWriter* out) const override {
    if (ctx.tracing())
      for (std::size_t i = 0; i < units_.size(); ++i) {
        const UnitPoints& u = units_[i];
        ctx.record(step::Points{"unit " + std::to_string(i + 1), TraceValue(points(u.counted)),
                                "stamina " + std::to_string(u.stamina) +
                                    (u.quality == Quality::better ? " +1 better" : u.quality == Quality::poorer ? " -1 poorer" : "") +
                                    ", " + enumName(u.state, kStateNames),
                                u.state == State::fresh ? "Brigade Morale Points" : "B-11"});
      }
    // The result is written as the test goes: the points first, then what each step decides.
    if (out) {
      out->object().field("startingPoints", points(startHalves_)).field("points", points(nowHalves_))
          .field("unitsStarted", started_).field("unitsLeft", left_).field("unitsLost", lost_).key("units").array();
      for (const UnitPoints& u : units_)
        out->object().field("points", u.value).field("counts", points(u.counted)).field("state", enumName(u.state, kStateNames)).endObject();
      out->endArray();
    }
    const auto finish = [&](std::string_view final, const std::string& summary) {
      ctx.tally("final", TraceValue::fromData(final));  // a literal or a printed code
      if (out) out->field("final", final).field("summary", summary).endObject();
    };

    if (autoBreak_) {
      GS_RULING(ctx, "B-14", msg::blackPowderRulingLastUnitRemoved(left_, started_));
      ctx.tally("tested", false);
      if (out) out->field("removed", true);
      return finish("removed", "Only 1 unit left of " + std::to_string(started_) +
                                   ": the brigade is automatically removed as broken. No dice rolled.");
    }
    if (lastUnitRule_)
      GS_NOTE(ctx, startedWithMin_ ? msg::blackPowderNoteStartedWithTwo()
                                   // Judgment: a one-unit brigade has lost nothing; "left" implies losses.
                                   : msg::blackPowderNoteSingleUnitBrigade(),
               "B-14");
    if (out) out->field("removed", false);

    GS_STEP(ctx, step::Points{"brigade morale", TraceValue(points(nowHalves_)),
                              test_ ? msg::blackPowderNoteHalfOrBelow(pointsText(nowHalves_), pointsText(startHalves_))
                                    : msg::blackPowderNoteAboveHalf(pointsText(nowHalves_), pointsText(startHalves_)),
                              "B-11"});
    ctx.tally("tested", test_);
    if (!test_)
      return finish("noTest", out ? "Brigade at " + pointsText(nowHalves_) + " of " + pointsText(startHalves_) +
                                        " points, above half: no brigade morale test. No dice rolled."
                                  : std::string());

    // Modifiers, cumulative (B-15). "Lost" = destroyed, broken or left the table (B-11).
    Modifiers drm(ctx, StepKind::drm, "brigade morale test");
    if (2 * lost_ >= started_) drm.entry(tables::brigadeMoraleModifiers.halfOrMoreUnitsLost, 1, "B-11");
    if (lost_ >= 1 && shaken_ == left_) drm.entry(tables::brigadeMoraleModifiers.allRemainingShakenAndOneLost, 1, "B-15");
    drm.add(extraDrm_, "extra modifier (rules outside the excerpt)", "input");

    const int d1 = ctx.roll(kD6, "brigade morale test, first die");
    const int d2 = ctx.roll(kD6, "brigade morale test, second die");
    const int score = d1 + d2 + drm.total();
    const int margin = score - rating_;  // bands are relative to the command rating (B-12: strict)
    const auto& band = bandFor(printed::brigadeMoraleResults.bands, bands_, margin, "Brigade Morale Test");
    const printed::Text code = band.code;
    const bool wordy = out || ctx.tracing();
    const std::string how = wordy ? std::to_string(d1) + " + " + std::to_string(d2) +
                                        (drm.total() ? " + " + std::to_string(drm.total()) : "") + " = " +
                                        std::to_string(score) + " vs commander's rating " + std::to_string(rating_)
                                  : std::string();
    // The bands are read on the score less the commander's rating.
    GS_STEP(ctx, step::Band{"brigade morale test", tables::brigadeMoraleResults.id, margin, TraceValue::fromData(band.label),
                            TraceValue::fromData(band.text), how, "B-12, B-16"});
    if (code == "halt") GS_RULING(ctx, "B-12", msg::blackPowderRulingEqualIsFailure());

    if (out)
      out->key("dice").array().value(d1).value(d2).endArray().field("drm", drm.total()).field("score", score)
          .field("commandRating", rating_).field("band", band.label).field("text", band.text)
          .field("passed", code == "pass");
    ctx.tally("passed", code == "pass");
    ctx.tally("pointsOfFailure", std::max(0, margin));
    std::string effect;
    if (code == "retreat") {
      const double moves = perPoint_ * margin;
      GS_RULING(ctx, "B-13", msg::blackPowderRulingPointsOfFailure(margin, numberText(perPoint_)));
      if (out) {
        out->field("pointsOfFailure", margin)
            .field("retreatMoves", moves == static_cast<int>(moves) ? Json(static_cast<int>(moves)) : Json(moves))
            .field("orders", "rally only");
        effect = "retreats " + numberText(moves) + " move(s) towards its own base edge (" + std::to_string(margin) +
                 " point(s) of failure); lost if it leaves the table; only Rally orders this turn";
      }
    } else if (code == "halt") {
      if (out) out->field("orders", "any, but no movement towards the enemy");
      effect = "no movement towards the enemy this turn; any orders may be issued";
    } else {
      if (out) out->field("orders", "any");
      effect = "carries on as normal";
    }
    finish(code, out ? "Brigade at " + pointsText(nowHalves_) + " of " + pointsText(startHalves_) +
                           " points: " + how + " -> " + std::string(band.label) + ": " + effect + "."
                             : std::string());
  }

 private:
  std::vector<UnitPoints> units_;
  int started_ = 0, startHalves_ = 0, nowHalves_ = 0, lost_ = 0, shaken_ = 0, left_ = 0;
  bool lastUnitRule_ = false, startedWithMin_ = false, autoBreak_ = false, test_ = false;
  int extraDrm_ = 0, rating_ = 0;
  double perPoint_ = 1;
  std::vector<PrintedBand> bands_;
};

}  // namespace
}  // namespace grapeshot::black_powder

GRAPESHOT_PROCEDURES(black_powder, {"brigade-morale", grapeshot::bindTyped<grapeshot::black_powder::BrigadeMorale>});
