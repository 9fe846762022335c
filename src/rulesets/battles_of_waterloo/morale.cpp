// Cohesion Checks outside the combat tables (seed 002 "Square in Reaction", "Charge Reaction"; rules-notes
// 2.2, 2.3.2, 2.3.5 and rulings W-02, W-11, W-25): the generic check, Square in Reaction, Charge Reaction.

#include <algorithm>

#include "core/error.h"
#include "crm.h"
#include "battles_of_waterloo_tables.h"

namespace grapeshot::waterloo {
namespace tables = ::grapeshot::tables::battles_of_waterloo;  // the ids of tables.json (generated)
namespace {

// The tallies every check of this file reports.
void tallyUnit(Context& ctx, const Unit& u) {
  ctx.tally("final", name(u.state));
  ctx.tally("stepsLost", u.stepsLost);
}

// The end of a check's result, its own fields written: the unit and the summary.
void finish(JsonWriter& w, const Unit& u, const std::string& summary) {
  w.key("unit");
  writeUnit(w, u);
  w.field("summary", summary).endObject();
}

// "the unit loses 1 step and becomes D-1 (disordered)".
std::string after(const Unit& u) { return "the unit " + fate(u); }

// ---- morale: the generic Cohesion Check ----------------------------------------------------------

class Morale final : public Play {
 public:
  Morale(const Ruleset&, const Json& in, const Json&)
      : unit_(unitFromJson(in.at("unit"), "/unit", "the unit")),
        drm_(in.at("drm").get<int>()),
        result_(in.at("result").get<std::string>()) {}

  void play(Context& ctx, JsonWriter* out) const override {
    Unit u = unit_;
    const std::string& result = result_;
    bool passed = false, automatic = false;
    if (u.state == State::blown && result != "none") {
      // "Combat Results against Blown Cavalry that require a Cohesion Check are automatic instead."
      applyResult(ctx, u, parseResultCode(result), true, "Blown Cavalry");
      automatic = true;
    } else {
      passed = cohesionCheck(ctx, u.cohesion, drm_, u.who());
      if (!passed && result != "none") applyMatrix(ctx, u, result == "d" ? "d/D" : "r/R", "W-11");
    }
    ctx.tally("passed", passed);
    tallyUnit(ctx, u);
    if (!out) return;
    out->object();
    if (automatic) out->field("automatic", true);
    out->field("passed", passed);
    finish(*out, u,
           std::string(automatic ? "Blown cavalry: the check is automatic" : passed ? "Cohesion Check passed" : "Cohesion Check failed") +
               (result == "none" ? "" : ": " + after(u)));
  }

 private:
  Unit unit_;
  int drm_;
  std::string result_;
};

// ---- square: Square in Reaction ------------------------------------------------------------------

class Square final : public Play {
 public:
  Square(const Ruleset& rs, const Json& in, const Json&)
      : unit_(unitFromJson(in.at("unit"), "/unit", "the infantry")),
        cavalryBeganAdjacent_(in.at("cavalryBeganAdjacent").get<bool>()),
        attackedFrom_(in.at("attackedFrom").get<std::string>()),
        elite_(in.at("unit").at("elite") != "none"),
        stackedWithLeader_(in.at("stackedWithLeader").get<bool>()),
        // "Each hex > 2 Cavalry Charged": the printed number is data (`beyond`).
        hexesBeyond_(std::max(0, in.at("hexesCharged").get<int>() -
                                     rs.entryAt(tables::squareInReactionModifiers.hexChargedBeyond2).at("beyond").get<int>())),
        extraDrm_(in.at("extraDrm").get<int>()),
        bands_(readBands(rs.table(tables::squareInReaction))) {}

  void play(Context& ctx, JsonWriter* out) const override {
    Unit u = unit_;
    Modifiers drm(ctx, StepKind::drm, "Square in Reaction");
    if (cavalryBeganAdjacent_) drm.entry(tables::squareInReactionModifiers.cavalryBeganAdjacent);
    if (attackedFrom_ == "flank") drm.entry(tables::squareInReactionModifiers.attackedFromFlank);
    if (attackedFrom_ == "rear") drm.entry(tables::squareInReactionModifiers.attackedFromRear);
    if (u.state == State::d1) drm.entry(tables::squareInReactionModifiers.unitD1);
    if (elite_) drm.entry(tables::squareInReactionModifiers.elite);
    if (stackedWithLeader_) drm.entry(tables::squareInReactionModifiers.stackedWithLeader);
    drm.entry(tables::squareInReactionModifiers.hexChargedBeyond2, hexesBeyond_);
    drm.add(extraDrm_, "extra DRM (rules outside the chart)", "input");

    const int natural = ctx.roll(kD10, "Square in Reaction");
    const int total = natural + drm.total();
    const int over = total - u.cohesion;  // the bands are printed relative to the Cohesion Rating
    const Json* band = bandFor(bands_, over, "Square in Reaction").printed;
    const bool formed = band->at("passed").get<bool>();
    GS_TRACE(ctx, StepKind::check, {{"for", "Square in Reaction"}, {"natural", natural}, {"drm", drm.total()},
                   {"total", total}, {"cohesion", u.cohesion}, {"passed", formed},
                   {"reason", rollText(kD10, natural, drm.total()) + ": " + band->at("label").get<std::string>() + " -> " +
                                  band->at("text").get<std::string>()},
                   {"ref", "Square in Reaction"}});
    std::string code;
    if (!formed) {
      code = band->at("resultCode").get<std::string>();
      applyResult(ctx, u, parseResultCode(code), true, "Square in Reaction");
    }
    ctx.tally("formedSquare", formed);
    ctx.tally("band", band->at("code"));
    tallyUnit(ctx, u);
    if (!out) return;
    out->object().field("natural", natural).field("drm", drm.total()).field("total", total).field("cohesion", u.cohesion)
        .field("band", band->at("label")).field("formedSquare", formed);
    std::string summary = band->at("text").get<std::string>();
    if (!formed) {
      out->field("result", code);
      summary += ": " + after(u);
    }
    finish(*out, u, summary);
  }

 private:
  Unit unit_;
  bool cavalryBeganAdjacent_;
  std::string attackedFrom_;
  bool elite_, stackedWithLeader_;
  int hexesBeyond_, extraDrm_;
  std::vector<PrintedBand> bands_;  // Square in Reaction, relative to the Cohesion Rating
};

// ---- charge-reaction -----------------------------------------------------------------------------

class ChargeReaction final : public Play {
 public:
  ChargeReaction(const Ruleset& rs, const Json& in, const Json&)
      : unit_(unitFromJson(in.at("unit"), "/unit", "the charged unit")),
        extraDrm_(in.at("extraDrm").get<int>()),
        ifPassed_(in.at("lightCavalryIfPassed").get<std::string>()),
        ifFailed_(in.at("lightCavalryIfFailed").get<std::string>()) {
    for (const auto& r : rs.table(tables::chargeReaction).at("rows"))
      for (const auto& type : r.at("appliesTo"))
        if (type == name(unit_.type)) row_ = &r;
    if (!row_) throw std::logic_error(std::string("no Charge Reaction row for ") + name(unit_.type));
  }

  void play(Context& ctx, JsonWriter* out) const override {
    Unit u = unit_;
    const Json* row = row_;
    const bool passed = cohesionCheck(ctx, u.cohesion, extraDrm_, u.who());
    const Json& cell = row->at("cells").at(passed ? 0 : 1);
    const Json* chosen = &cell;
    if (cell.contains("choices")) {
      // Light cavalry: the owner chooses (W-25).
      const std::string& choice = passed ? ifPassed_ : ifFailed_;
      for (const auto& c : cell.at("choices")) {
        const bool defends = c.contains("effects") && c.at("effects").at(0) == "defendNormally";
        if ((choice == "defend") == defends) chosen = &c;
      }
      GS_RULING(ctx, "W-25", "light cavalry, owner's choice: " + choice);
    }
    std::string reaction;
    if (chosen->contains("resultCode")) {
      reaction = chosen->at("resultCode").get<std::string>();
      applyResult(ctx, u, parseResultCode(reaction), true, "Charge Reaction");
    } else {
      reaction = chosen->at("effects").at(0).get<std::string>();
      if (reaction == "retreat") applyMatrix(ctx, u, "B", "W-25");  // a Retreat is the matrix B, no check
    }
    GS_TRACE(ctx, StepKind::result, {{"for", u.who()}, {"reason", row->at("type").get<std::string>() + ", " +
                                                                      (passed ? "pass: " : "fail: ") +
                                                                      cell.at("text").get<std::string>()},
                   {"ref", "Charge Reaction"}});
    ctx.tally("passed", passed);
    ctx.tally("reaction", reaction);
    tallyUnit(ctx, u);
    if (!out) return;
    out->object().field("passed", passed).field("printed", cell.at("text")).field("reaction", reaction);
    const std::string words = reaction == "defendNormally" ? "it defends normally" : reaction == "retreat" ? "it retreats"
                              : "result " + reaction;
    finish(*out, u, std::string(passed ? "Charge Reaction passed" : "Charge Reaction failed") + ": " + words + "; " + after(u));
  }

 private:
  Unit unit_;
  int extraDrm_;
  std::string ifPassed_, ifFailed_;
  const Json* row_ = nullptr;  // in the ruleset's data, which outlives every request
};

}  // namespace
}  // namespace grapeshot::waterloo

GRAPESHOT_PROCEDURES(battles_of_waterloo, {"morale", grapeshot::bindTyped<grapeshot::waterloo::Morale>},
                     {"square", grapeshot::bindTyped<grapeshot::waterloo::Square>},
                     {"charge-reaction", grapeshot::bindTyped<grapeshot::waterloo::ChargeReaction>});
