// Rally (seed 002 "Rallying Routed Units", "Rallying D-1/D-2 Units", "Rally Modifiers") and Leaving
// Square ("Leaving Square" and its Modifiers); rules-notes 2.3.3, 2.3.4, rulings W-01, W-02, W-23, W-27.
#include <cstdlib>
#include <optional>
#include <vector>

#include "core/error.h"
#include "crm.h"
#include "battles_of_waterloo_inputs.h"
#include "battles_of_waterloo_printed.h"
#include "battles_of_waterloo_tables.h"

namespace grapeshot::waterloo {
namespace tables = ::grapeshot::tables::battles_of_waterloo;  // the ids of tables.json (generated)
namespace printed = ::grapeshot::printed::battles_of_waterloo;  // tables.json as typed constants (generated)
namespace {

// Rally's and leave-square's bands and modifiers are the data's with the patches the options switch on
// (W02_rally_le, W23_swap), read at bind through the request's Errata.
using inputs::Branch;       // infantry, cavalry, artillery
using inputs::RallyState;   // Routed, D-1, D-2: a Normal unit has nothing to rally
using inputs::SquareState;  // Normal, D-1, D-2

// The modifiers a request earns and what is told about them, decided at bind and played in order
// into a Modifiers: a printed entry, a value added with its reason, or a note or ruling.
struct DrmStep {
  enum Kind { entry, add, note, ruling } kind;
  std::string id;  // note/ruling: the ref; add: the ref
  Sentence text;   // add: the label (text); note/ruling: the catalog message
  int value = 0;
  EntryId printed{};  // entry: the printed modifier
};

int playDrm(Context& ctx, Modifiers& drm, const std::vector<DrmStep>& steps) {
  for (const auto& s : steps) {
    if (s.kind == DrmStep::entry) drm.entry(s.printed);
    else if (s.kind == DrmStep::add) drm.add(s.value, s.text.text, s.id);
    else if (s.kind == DrmStep::note) GS_NOTE(ctx, s.text, s.id);
    else GS_RULING(ctx, s.id, s.text);
  }
  return drm.total();
}

// ---- rally ---------------------------------------------------------------------------------------

// A state the rally tables name ("Normal", "D-1", "Routed"), as the result's.
results::State stateNamed(std::string_view s) {
  for (std::size_t i = 0; i < results::kStateNames.size(); ++i)
    if (s == results::kStateNames[i]) return static_cast<results::State>(i);
  throw std::logic_error("rally: no state " + std::string(s));
}

class Rally final : public Play {
 public:
  using Inputs = inputs::RallyInputs;
  using Options = inputs::Options;
  Rally(const Ruleset&, const Inputs& in, const Options& rulings, const Errata& errata)
      : type_(in.unit.type), state_(in.unit.state), routed_(state_ == RallyState::Routed) {
    const inputs::RallyUnit& unit = in.unit;
    const bool infantry = type_ == Branch::infantry;
    if (state_ == RallyState::D_2 && !infantry)
      throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorOnlyInfantryD2Matrix(), "/unit/state");
    if (unit.inSquare && !infantry)
      throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorOnlyInfantryMaySquare(), "/unit/inSquare");
    name_ = routed_ ? msg::battlesOfWaterlooReasonRoutedUnit(valueWord(name(type_))) : msg::battlesOfWaterlooReasonDisorderedUnit(valueWord(name(type_)));
    who_ = name_->text();
    const auto& mods = tables::rallyModifiers;
    const auto entry = [&](EntryId e) { steps_.push_back({DrmStep::entry, "", "", 0, e}); };
    if (in.inEnemyZoc) entry(mods.inEnemyZoc);
    if (unit.steps == 1) entry(mods.oneStepRemaining);
    if (!in.inCommand) entry(mods.notInCommand);
    if (type_ == Branch::cavalry) entry(mods.cavalry);
    if (unit.elite != inputs::Elite::none) entry(mods.elite);
    if (unit.inSquare) entry(mods.inSquare);
    if (in.adjacentUndisorderedCavalry) {
      if (routed_ && infantry) entry(mods.routedInfAdjacentCavalry);
      else steps_.push_back({DrmStep::note, "Rally Modifiers", msg::battlesOfWaterlooNoteCavalryHelpsRoutedInfantryOnly(), 0});
    }
    if (in.combatLeader != inputs::LeaderAt::none) entry(mods.combatLeader);
    if (in.overallCommander != inputs::LeaderAt::none) entry(mods.overallCommander);
    if (in.blucherWithin2) {
      if (unit.nationality == inputs::Nationality::prussian) entry(mods.prussianNearBlucher);
      else steps_.push_back({DrmStep::note, "Rally Modifiers", msg::battlesOfWaterlooNoteBlucherHelpsPrussiansOnly(), 0});
    }
    steps_.push_back({DrmStep::add, "input", msg::battlesOfWaterlooLabelExtraDrm().text(), in.extraDrm});
    if (routed_) {
      bands_ = errata.bands(printed::rallyRouted);
    } else {
      cohesion_ = unit.cohesion;
      bands_ = errata.bands(printed::rallyDisordered);
      le_ = rulings.W02_rally_le;
      oneLevel_ = rulings.W27_one_level;
    }
  }

  void play(Context& ctx, JsonWriter* out) const override {
    const std::string rallyOf = ctx.wordy() ? msg::battlesOfWaterlooReasonRallyOf(who_).text() : std::string();
    Modifiers drm(ctx, StepKind::drm, rallyOf);
    const int modifier = playDrm(ctx, drm, steps_);
    const int natural = ctx.roll(kD10, rallyOf);  // one d10 read 0-9 (W-01)
    const int total = natural + modifier;
    const char* oldState = enumName(state_, inputs::kRallyStateNames);
    results::RallyResult r;
    r.natural = natural;
    r.drm = modifier;
    r.total = total;
    r.oldState = sameEnum<results::State>(state_);
    const char* newState;
    bool rallied;
    if (routed_) {
      const auto& band = bandFor(printed::rallyRouted.bands, bands_, total, "Rallying Routed Units");
      if (total < 0 || total > 9)
        GS_NOTE(ctx, msg::battlesOfWaterlooNoteEndBand(total, ctx.printedText(band.label)), "rules-notes 2.3.4");
      const printed::Text code = band.code;
      newState = code == "rallied" ? "Normal" : code == "D-1" ? "D-1" : "Routed";
      rallied = code == "rallied";
      GS_STEP(ctx, step::Band{who_, tables::rallyRouted.id, total, TraceValue::fromData(band.label),
                              TraceValue::fromData(band.text), rollText(kD10, natural, modifier), "Rallying Routed Units"});
      // W-40: only 0-1 rallies (marker removed); 2-6 leaves the unit D-1, no longer routed but not rallied.
      if (code == "D-1") GS_RULING(ctx, "W-40", msg::battlesOfWaterlooRulingNoLongerRouted(*name_, ctx.printedText(band.label)));
      if (out) {
        r.band = std::string(said(band.label));
        r.code = std::string(code);
        r.text = std::string(said(band.text));
        r.noLongerRouted = code != "routRetreat";
        r.routRetreat = code == "routRetreat";
      }
      ctx.tally(results::RallyTally::band, TraceValue::fromData(code));
    } else {
      // The bands are printed relative to the Cohesion rating.
      const auto& band = bandFor(printed::rallyDisordered.bands, bands_, total - cohesion_, "Rallying Disordered Units");
      const bool passed = band.code == "removeDisorder";
      const char* comparison = passed ? (le_ ? "<=" : "<") : (le_ ? ">" : ">=");
      GS_RULING(ctx, "W-02", le_ ? msg::battlesOfWaterlooRulingRallyAtMostCohesion() : msg::battlesOfWaterlooRulingRallyBelowCohesion());
      GS_STEP(ctx, step::Check{who_, kD10.name, natural, modifier, total, cohesion_,
                               le_ ? step::PassIf::atMost : step::PassIf::below, passed,
                               msg::battlesOfWaterlooReasonRallyCheck(rollText(kD10, natural, modifier), comparison, cohesion_,
                                                                      ctx.printedText(band.text)),
                               "W-02"});
      newState = oldState;
      if (passed) {
        newState = "Normal";
        if (state_ == RallyState::D_2 && oneLevel_) {
          newState = "D-1";
          GS_RULING(ctx, "W-27", msg::battlesOfWaterlooRulingRemoveDisorderOneLevel());
        } else if (state_ == RallyState::D_2) {
          GS_RULING(ctx, "W-27", msg::battlesOfWaterlooRulingRemoveDisorderEntirely());
        }
      }
      rallied = passed;
      if (out) {
        r.cohesion = cohesion_;
        r.band = std::string(said(band.label));
        r.code = std::string(band.code);
        r.text = std::string(said(band.text));
      }
      ctx.tally(results::RallyTally::passed, passed);
    }
    ctx.tally(results::RallyTally::newState, newState);
    ctx.tally(results::RallyTally::rallied, rallied);  // the headline odds of ruleset.json
    if (!out) return;
    r.rallied = rallied;
    r.newState = stateNamed(newState);
    write(*out, r);
  }

 private:
  Branch type_;
  RallyState state_;
  bool routed_;
  std::string who_;             // "routed infantry": the trace's "for" and the rolls' purpose
  std::optional<Message> name_;  // the same as a message: a parameter of the sentences that name it
  bool le_ = false, oneLevel_ = false;
  int cohesion_ = 0;
  std::vector<DrmStep> steps_;
  std::vector<PrintedBand> bands_;
};

// ---- leave-square --------------------------------------------------------------------------------

// The square's state as a row of the Combat Results Matrix (crm.h's State, which has rows the schema
// does not offer).
State matrixState(SquareState s) {
  switch (s) {
    case SquareState::Normal: return State::normal;
    case SquareState::D_1: return State::d1;
    case SquareState::D_2: return State::d2;
  }
  return State::normal;
}

class LeaveSquare final : public Play {
 public:
  using Inputs = inputs::LeaveSquareInputs;
  using Options = inputs::Options;
  LeaveSquare(const Ruleset& rs, const Inputs& in, const Options& rulings, const Errata& errata)
      : state_(in.unit.state), cohesion_(in.unit.cohesion) {
    if (in.inEnemyZoc) steps_.push_back({DrmStep::entry, "", "", 0, tables::leavingSquareModifiers.inEnemyZoc});
    if (state_ != SquareState::Normal) {
      // W-23: the printed pair (D-2 +1, D-1 +2) looks transposed; W23_swap exchanges them.
      std::string ruling;
      const EntryId entry = state_ == SquareState::D_1 ? tables::leavingSquareModifiers.unitD1
                                                       : tables::leavingSquareModifiers.unitD2;
      const int v = errata.entryValue(printed::leavingSquareModifiers, entry, {}, ruling);
      const std::string label(rs.printedEntry(entry).label);
      steps_.push_back({DrmStep::add, ruling.empty() ? "Leaving Square" : ruling, label, v});
      if (ruling.empty()) steps_.push_back({DrmStep::ruling, "W-23", msg::battlesOfWaterlooRulingLeavingSquareAsPrinted(), 0});
    }
    if (in.stackedWithLeader)
      steps_.push_back({DrmStep::entry, "", "", 0, tables::leavingSquareModifiers.stackedWithLeader});
    steps_.push_back({DrmStep::add, "input", msg::battlesOfWaterlooLabelExtraDrm().text(), in.extraDrm});
    // The check is an ordinary Cohesion Check: the two bands are its pass and its fail.
    for (const auto& b : printed::leavingSquare.bands) (b.passed ? passBand_ : failBand_) = &b;
    unit_.setWho(msg::battlesOfWaterlooLabelTheSquare());
    unit_.type = Arm::infantry;  // only infantry forms square (note E)
    unit_.state = matrixState(state_);
    unit_.cohesion = cohesion_;
    unit_.bRetreatHexes = rulings.W19_retreat_hexes;  // as readUnit sets it (no d/D cell of infantry retreats today)
  }

  void play(Context& ctx, JsonWriter* out) const override {
    Modifiers drm(ctx, StepKind::drm, words(ctx, msg::battlesOfWaterlooLabelLeavingSquare()));
    const int modifier = playDrm(ctx, drm, steps_);
    // "Cohesion Check Result <= Cohesion Rating": an ordinary Cohesion Check (W-02).
    const bool passed = cohesionCheck(ctx, cohesion_, modifier, unit_.who());
    const auto& band = passed ? *passBand_ : *failBand_;
    Unit u = unit_;
    if (!passed) {
      // "Become Disordered": read as a D result on the Combat Results Matrix (Normal -> D-1, D-1 -> D-2,
      // D-2 -> Unit Routs); otherwise the D-1/D-2 DRMs above could never change anything.
      if (state_ == SquareState::D_2)
        GS_RULING(ctx, "W-39", msg::battlesOfWaterlooRulingBecomeDisorderedD2Routs());
      else
        GS_NOTE(ctx, msg::battlesOfWaterlooNoteBecomeDisordered(), "Leaving Square");
      applyMatrix(ctx, u, "d/D", "Leaving Square");
    }
    ctx.tally(results::LeaveSquareTally::passed, passed);
    ctx.tally(results::LeaveSquareTally::newState, name(u.state));
    if (!out) return;
    results::LeaveSquareResult r{modifier, cohesion_, passed, std::string(said(band.text)), true, sameEnum<results::State>(state_),
                                 sameEnum<results::State>(u.state), u.routRetreat, events(u.events)};
    write(*out, r);
  }

 private:
  SquareState state_;
  int cohesion_;
  std::vector<DrmStep> steps_;
  const printed::LeavingSquareTableBand* passBand_ = nullptr;
  const printed::LeavingSquareTableBand* failBand_ = nullptr;
  Unit unit_;
};

}  // namespace
}  // namespace grapeshot::waterloo

GRAPESHOT_PROCEDURES(battles_of_waterloo, {"rally", grapeshot::bindTyped<grapeshot::waterloo::Rally>},
                     {"leave-square", grapeshot::bindTyped<grapeshot::waterloo::LeaveSquare>});
