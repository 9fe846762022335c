// Movement charts (seed 002 "TERRAIN EFFECTS ON MOVEMENT", Notes, "Movement Rates", "Zones of Control",
// "Stacking") and the Effects of Disorder and Rout; rules-notes 2.3.1, 2.3.9, rulings W-28, W-29.
#include <algorithm>
#include <map>
#include <set>

#include "core/error.h"
#include "crm.h"
#include "battles_of_waterloo_inputs.h"
#include "battles_of_waterloo_printed.h"

namespace grapeshot::waterloo {
namespace printed = ::grapeshot::printed::battles_of_waterloo;  // tables.json as typed constants (generated)
namespace {

using inputs::Action;
using inputs::Branch;  // infantry, cavalry, artillery: zoc's unit type (rally's list)
using inputs::Crossing;
using inputs::MovementSlope;
using inputs::MovementState;  // Normal, D-1, D-2, Routed: movement's, zoc's and status's state
using inputs::MovementTerrain;
using inputs::MovementType;
using inputs::Route;
using inputs::UnitType;  // infantry, cavalry, artillery, leader: movement's and stacking's
using inputs::Water;
// The schema's values (name(), generated with each enum) are the charts' row ids and the words of
// the messages.

using printed::Text;
using printed::Value;

// One printed line of the Effects of Disorder and Rout chart (row "D-1", "D-2" or "routed").
std::string disorderItem(const std::string& rowId, std::size_t item) {
  for (const auto& r : printed::disorderEffects.rows)
    if (r.id == rowId) return std::string(said(r.items[item]));
  throw std::logic_error("no disorder effects row " + rowId);
}

// ---- movement ------------------------------------------------------------------------------------

const printed::MovementCostsTableRow& costRow(const std::string& id) {
  for (const auto& r : printed::movementCosts.rows)
    if (r.id == id) return r;
  throw std::logic_error("movement chart has no row " + id);
}

// The chart's columns are printed Infantry, Cavalry, Artillery, Leader: the schema's order (held here
// when this compiles), so a unit type's column is its position.
static_assert(namesLead(inputs::kUnitTypeNames, EnumNames<4>{"infantry", "cavalry", "artillery", "leader"}) &&
              inputs::kUnitTypeNames.size() == 4);
std::size_t typeColumn(UnitType type) { return static_cast<std::size_t>(type); }

// A unit type's printed cost (W-28): "2"; "+1", added to the other terrain's; "3/2", normal movement /
// Rapid Advance with note B, else a fraction of an MP ("1/2"); "P", prohibited. Cells without a digit
// are the ZOC rows' words ("RM", "Screen"), read elsewhere.
struct PrintedCost {
  enum Kind : unsigned char { cost, prohibited, words } kind = words;
  int a = 0, b = 0;  // "a", "+a" or "a/b" (b 0 but for a fraction)
};
constexpr PrintedCost decodeCost(Text cell) {
  PrintedCost c;
  if (cell == "P") return c.kind = PrintedCost::prohibited, c;
  bool digits = false;
  for (const char ch : cell) digits = digits || (ch >= '0' && ch <= '9');
  if (!digits) return c;
  std::size_t i = cell[0] == '+' ? 1 : 0;
  const auto number = [&] {
    if (i >= cell.size() || cell[i] < '0' || cell[i] > '9') throw std::logic_error("malformed movement cost");
    int n = 0;
    for (; i < cell.size() && cell[i] >= '0' && cell[i] <= '9'; ++i) n = n * 10 + (cell[i] - '0');
    return n;
  };
  c.kind = PrintedCost::cost;
  c.a = number();
  if (i < cell.size() && cell[i] == '/') ++i, c.b = number();
  if (i != cell.size() || (c.b == 0 && cell.find('/') != Text::npos)) throw std::logic_error("malformed movement cost");
  return c;
}
// Every cost the chart prints decodes: checked when this file compiles.
constexpr bool costsDecode() {
  for (const auto& row : printed::movementCosts.rows)
    for (std::size_t t = 0; t < 4; ++t) decodeCost(row.cells[t].textValue);
  return true;
}
static_assert(costsDecode());

std::string legendText(Text code) {
  for (const auto& l : printed::movementCosts.legend)
    if (l.code == code) return std::string(said(l.text));
  return std::string(code);
}

// A cost in half MPs: the leader's road rate "1/2" is half an MP (W-28).
TraceValue mpValue(int halves) { return numberValue(halves / 2.0); }

class Move {
 public:
  // `out`: where the result is written, if anywhere (what only the result reads is kept only then).
  Move(Context& ctx, const inputs::MovementInputs& in, JsonWriter* out)
      : ctx_(ctx), in_(in), type_(in.unitType), movementType_(in.movementType), out_(out) {}

  // Prices the move, tallies its cost and writes the result.
  void run() {
    price();
    finish();
  }

 private:
  // The printed cell of `rowId` in this unit type's column (the unit types' cells are all printed).
  const Text& cell(const std::string& rowId) const { return costRow(rowId).cells[typeColumn(type_)].textValue; }
  std::string label(const std::string& rowId) const { return std::string(said(costRow(rowId).label)); }
  std::string column() const { return std::string(said(printed::movementCosts.columns[typeColumn(type_)])); }

  void noteLetter(const std::string& letter) {
    if (out_ && std::find(notes_.begin(), notes_.end(), letter) == notes_.end()) notes_.push_back(letter);
  }
  // The notes by the letters W-28 maps to the printed bullets.
  static std::string noteText(const std::string& letter) {
    return std::string(said(*printed::find(printed::movementCosts.notes, letter)));
  }
  // The Notes column: a row's note letter, or blank.
  void rowNote(const std::string& rowId) {
    const Value& n = costRow(rowId).cells.back();
    if (n.isText()) noteLetter(std::string(n.textValue));
  }

  // Stops with "prohibited": the printed reason and the row (and note) that says so.
  void prohibit(const Message& reason, const std::string& ref) {
    prohibited_ = true;
    if (out_) reason_ = reason.text();
    GS_STEP(ctx_, step::Prohibited{{}, reason, ref});
  }
  void prohibitRow(const std::string& rowId, const std::string& noteLetterId = "") {
    if (!noteLetterId.empty()) noteLetter(noteLetterId);
    prohibit(noteLetterId.empty()
                 ? msg::battlesOfWaterlooReasonProhibitedRow(label(rowId), legendText("P"), column())
                 : msg::battlesOfWaterlooReasonProhibitedRowNote(label(rowId), legendText("P"), column(), noteLetterId,
                                                                 noteText(noteLetterId)),
             msg::battlesOfWaterlooReasonMovementChartRow(label(rowId)).text());
  }

  // Adds the printed cost of a row; false when the cell is P.
  bool addRow(const std::string& rowId) {
    rowNote(rowId);
    const printed::MovementCostsTableRow& row = costRow(rowId);
    const Text& printedCell = cell(rowId);
    const PrintedCost cost = decodeCost(printedCell);
    if (cost.kind == PrintedCost::prohibited) return false;
    if (cost.kind != PrintedCost::cost) throw std::logic_error("movement chart row " + rowId + " prints no cost");
    Rate why = Rate::whole;
    int halves = 0;
    if (cost.b) {
      if (const Value& note = row.cells.back(); note.isText() && note.textValue == "B") {
        // W-28: "3/2" = normal movement / Rapid Advance (note B).
        const bool rapid = movementType_ == MovementType::rapidAdvance;
        halves = 2 * (rapid ? cost.b : cost.a);
        why = rapid ? Rate::rapidAdvance : Rate::normal;
        GS_RULING(ctx_, "W-28", rapid ? msg::battlesOfWaterlooRulingNoteBRapidAdvance(printedCell)
                                      : msg::battlesOfWaterlooRulingNoteBNormalMovement(printedCell));
      } else {
        // W-28: a fraction without note B (the leader's road rate "1/2") is that part of an MP.
        halves = 2 * cost.a / cost.b;
        why = Rate::halfMp;
        GS_RULING(ctx_, "W-28", msg::battlesOfWaterlooRulingFractionOfMp(printedCell));
      }
    }
    else {
      halves = 2 * cost.a;
    }
    halves_ += halves;
    if (out_) terms_.push_back({row.label, printedCell, halves, why});
    GS_STEP(ctx_, step::MovementCost{{}, mpValue(halves),
                                     msg::battlesOfWaterlooReasonRowCost(ctx_.printedText(row.label), printedCell).text(), 1, {},
                                     why == Rate::whole ? Sentence() : Sentence(rateWords(why)), msg::battlesOfWaterlooRefTerrainEffectsOnMovement().text()});
    return true;
  }

  // Note A: artillery always uses road/bridge/ford/path rates; infantry and cavalry only in
  // Tactical or Strategic Movement. Leaders are not named by the note: they always may (judgment).
  bool mayUseRouteRates() const {
    return type_ == UnitType::artillery || type_ == UnitType::leader || movementType_ == MovementType::tactical ||
           movementType_ == MovementType::strategic;
  }

  void price();
  void finish();
  results::MovementAllowance allowance() const;

  // How a printed fraction was read (W-28): whole MPs (no fraction), the normal or the Rapid Advance
  // rate of a note B "a/b", or half an MP.
  enum class Rate { whole, normal, rapidAdvance, halfMp };
  static Message rateWords(Rate r) {
    return r == Rate::rapidAdvance ? msg::battlesOfWaterlooReasonRapidAdvanceRate()
           : r == Rate::normal     ? msg::battlesOfWaterlooReasonNormalMovementRate()
                                   : msg::battlesOfWaterlooReasonHalfMp();
  }
  // One printed cost added: its row's label, the printed cell, the cost, and how a fraction was read.
  struct Term {
    Text label;
    Text printed;
    int halves;
    Rate why;
  };

  Context& ctx_;
  const inputs::MovementInputs& in_;
  const UnitType type_;
  const MovementType movementType_;
  JsonWriter* out_;
  bool prohibited_ = false;
  std::string reason_;
  int halves_ = 0;
  std::vector<Term> terms_;
  std::vector<std::string> notes_;
  bool disordered_ = false;  // by crossing Deep Stream (note D): D-1
  const Text* leaveZoc_ = nullptr;  // the printed Leave/Enter Enemy ZOC cells, when read
  const Text* enterZoc_ = nullptr;
};

// {printed, text}: an enemy ZOC cell and what its code means.
template <typename Rule>
Rule zocRule(Text code) {
  Rule r;
  r.printed = std::string(said(code));  // a printed word ("Screen") in the response's language; codes stay
  r.text = code == "+0" ? msg::battlesOfWaterlooLabelNoExtraCost().text() : legendText(code);
  return r;
}

results::MovementAllowance Move::allowance() const {
  const char* rateId = type_ != UnitType::leader && in_.inSquare ? "inSquare" : name(movementType_);
  const printed::MovementRatesTableRow* row = nullptr;
  for (const auto& r : printed::movementRates.rows)
    if (r.id == rateId) row = &r;
  results::MovementAllowance a;
  if (!row) {
    a.reason = msg::battlesOfWaterlooLabelRateNotPrinted().text();
    return a;
  }
  a.rate = std::string(said(row->label));
  a.printed = std::string(said(row->cells[0]));
  const auto& rate = row->rate;  // a number of hexes, or a fraction of the MPs
  if (rate.hexes) {
    a.hexes = *rate.hexes;
  } else if (const int ma = in_.movementAllowance; ma > 0) {
    const int num = *rate.mpNum * ma, den = *rate.mpDen;
    a.mp = rate.round == "up" ? (num + den - 1) / den : num / den;  // "1/2 MPs (round up)"
  }
  return a;
}

void Move::finish() {
  if (prohibited_) ctx_.tally(results::MovementTally::cost, "prohibited");
  else ctx_.tally(results::MovementTally::cost, mpValue(halves_));
  if (!out_) return;

  results::MovementResult r;
  r.prohibited = prohibited_;
  if (prohibited_) r.reason = reason_;
  else r.cost = halves_ / 2.0;
  for (const Term& t : terms_) {
    r.terms.push_back({std::string(said(t.label)), std::string(said(t.printed)), t.halves / 2.0, std::nullopt});
    if (t.why != Rate::whole) r.terms.back().why = rateWords(t.why).text();
  }
  std::sort(notes_.begin(), notes_.end());
  for (const auto& n : notes_) r.notes.push_back({n, noteText(n)});
  if (disordered_) r.effects.push_back("disordered"), r.newState = results::State::D_1;
  if (leaveZoc_ || enterZoc_) {
    r.zoc.emplace();
    if (leaveZoc_) r.zoc->leave = zocRule<results::MovementZocLeave>(*leaveZoc_);
    if (enterZoc_) r.zoc->enter = zocRule<results::MovementZocEnter>(*enterZoc_);
  }
  r.allowance = allowance();
  write(*out_, r);
}

// The charts, in order, until the move is priced or a chart prohibits it.
void Move::price() {
  const bool leader = type_ == UnitType::leader;
  const MovementState state = in_.state;
  const Action action = in_.action;
  if (state == MovementState::Routed) {
    return prohibit(msg::battlesOfWaterlooReasonRoutedMayNotMove(disorderItem("routed", 3)), "Effects of Disorder and Rout");
  }
  if (in_.inSquare)
    GS_NOTE(ctx_, msg::battlesOfWaterlooNoteSquareMovesOneHex(), msg::battlesOfWaterlooRefMovementRates().text());

  if (action == Action::formSquare) {
    rowNote("formSquare");
    if (cell("formSquare") == "P") return prohibitRow("formSquare", "E");
    // Note E: only non-D2, unrouted infantry, unengaged and not in an enemy ZOC, may form square.
    if (state == MovementState::D_2 || in_.engaged || in_.inEnemyZoc || in_.inSquare) {
      const std::string e = noteText("E");
      return prohibit(state == MovementState::D_2 ? msg::battlesOfWaterlooReasonFormSquareD2(e)
                      : in_.engaged              ? msg::battlesOfWaterlooReasonFormSquareEngaged(e)
                      : in_.inEnemyZoc           ? msg::battlesOfWaterlooReasonFormSquareInEnemyZoc(e)
                                                 : msg::battlesOfWaterlooReasonFormSquareInSquare(e),
                      msg::battlesOfWaterlooRefMovementNote("E").text());
    }
    addRow("formSquare");
    return;
  }
  if (action == Action::extendRetractLine) {
    if (!addRow("extendRetractLine")) prohibitRow("extendRetractLine");
    return;
  }

  // Entering a hex: the hex's own cost, or the road/path rate when the unit may use it (note A).
  const MovementTerrain terrain = in_.terrain;
  const Route route = in_.route;
  const bool routeRates = mayUseRouteRates();
  if (route != Route::none && !routeRates) {
    noteLetter("A");
    GS_NOTE(ctx_, msg::battlesOfWaterlooNoteNoRoadRates(column(), enumName(movementType_, currentLang() == Lang::fr ? inputs::kMovementTypeLabelsFr : inputs::kMovementTypeLabels)),
            msg::battlesOfWaterlooRefMovementNote("A").text());
  }
  const bool builtUp = terrain == MovementTerrain::builtUpVillage;
  if (route != Route::none && routeRates) {
    addRow(name(route));
    if (builtUp && type_ != UnitType::infantry && type_ != UnitType::leader) noteLetter("F");
  } else if (!addRow(name(terrain))) {
    return prohibitRow(name(terrain), builtUp ? "F" : "");
  }
  if (in_.building) addRow("building");

  // The hexside: a water obstacle, unless crossed by a bridge or ford whose rate the unit may use (note A).
  const Water water = in_.water;
  const Crossing crossing = in_.crossing;
  if (crossing != Crossing::none && !routeRates) {
    noteLetter("A");
    GS_NOTE(ctx_, msg::battlesOfWaterlooNoteNoBridgeFordRates(column(), enumName(movementType_, currentLang() == Lang::fr ? inputs::kMovementTypeLabelsFr : inputs::kMovementTypeLabels)),
            msg::battlesOfWaterlooRefMovementNote("A").text());
  }
  if (crossing != Crossing::none && routeRates) {
    addRow(name(crossing));
  } else if (water != Water::none) {
    if (!addRow(name(water))) return prohibitRow(name(water));
    if (water == Water::deepStream && (type_ == UnitType::infantry || type_ == UnitType::cavalry)) {
      // Note D: crossing Deep Stream disorders infantry and cavalry; disordered units may not cross.
      if (state == MovementState::D_1 || state == MovementState::D_2)
        return prohibit(msg::battlesOfWaterlooReasonDeepStreamDisordered(name(state), noteText("D")),
                        msg::battlesOfWaterlooRefMovementNote("D").text());
      disordered_ = true;
      GS_STEP(ctx_, step::Result{{}, msg::battlesOfWaterlooReasonDeepStreamDisorders(), msg::battlesOfWaterlooRefMovementNote("D").text()});
    }
  }
  const MovementSlope slope = in_.slope;
  if (slope != MovementSlope::none && !addRow(name(slope))) return prohibitRow(name(slope));
  if (in_.crest && !addRow("crest")) return prohibitRow("crest");
  if (in_.ravine && !addRow("ravine")) return prohibitRow("ravine");

  // Enemy ZOC: the chart names the movement a unit must be using to leave or enter one.
  auto zocRule = [&](const std::string& rowId) {
    const Text& code = cell(rowId);
    (rowId == "enterEnemyZoc" ? enterZoc_ : leaveZoc_) = &code;
    rowNote(rowId);
    static const std::map<Text, MovementType> kNeeds{
        {"RM", MovementType::reduced}, {"WD", MovementType::withdrawal}, {"Screen", MovementType::screened}};
    const auto need = kNeeds.find(code);
    if (need == kNeeds.end() || movementType_ == need->second) return std::optional<Message>();
    return std::optional<Message>(msg::battlesOfWaterlooReasonZocMustUse(label(rowId), column(), code, legendText(code)));
  };
  if (in_.leavingEnemyZoc) {
    if (const auto why = zocRule("leaveEnemyZoc")) return prohibit(*why, msg::battlesOfWaterlooReasonMovementChartRow(label("leaveEnemyZoc")).text());
  }
  if (in_.enteringEnemyZoc) {
    if (leader && !in_.stackedWithFriendlyUnit) {
      noteLetter("C");
      return prohibit(msg::battlesOfWaterlooReasonLeaderEntersZoc(noteText("C")), msg::battlesOfWaterlooRefMovementNote("C").text());
    }
    if (state == MovementState::D_1 && !in_.cavalryPursuit) {
      return prohibit(msg::battlesOfWaterlooReasonD1EntersZoc(disorderItem("D-1", 0)), "Effects of Disorder and Rout");
    }
    if (const auto why = zocRule("enterEnemyZoc")) return prohibit(*why, msg::battlesOfWaterlooReasonMovementChartRow(label("enterEnemyZoc")).text());
  }
}

// Movement rolls no dice: it is played once, but its inputs are read, and contradictions refused, at bind.
class Movement final : public Play {
 public:
  using Inputs = inputs::MovementInputs;
  using Options = inputs::Options;
  Movement(const Ruleset&, const Inputs& in, const Options&) : in_(in) {
    const UnitType type = in_.unitType;
    const bool leader = type == UnitType::leader;
    if (leader) in_.state = MovementState::Normal;
    if (leader && in_.inSquare) throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorLeaderNotInSquare(), "/inSquare");
    // Inputs that cannot coexist (V-27 applies to every ruleset): only infantry forms square and has a
    // D-2 state; a bridge or ford crosses water.
    const std::string unit = name(type);
    if (!leader && type != UnitType::infantry && in_.inSquare)
      throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorOnlyInfantrySquareUnit(unit), "/inSquare");
    if (!leader && type != UnitType::infantry && in_.state == MovementState::D_2)
      throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorOnlyInfantryD2Unit(unit), "/state");
    if (in_.crossing != Crossing::none && in_.water == Water::none)
      throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorCrossingNeedsWater(name(in_.crossing)),
                         "/crossing");
  }
  void play(Context& ctx, JsonWriter* out) const override { Move(ctx, in_, out).run(); }

 private:
  Inputs in_;
};

// ---- stacking ------------------------------------------------------------------------------------

// One unit of the hex, as the stacking chart reads it.
using StackUnit = inputs::StackingUnit;

// Why a stack is illegal: one reason per rule broken.
struct Failure {
  const char* code;
  std::string reason;  // the message's text
  std::string ref;     // the chart's title, in the response's language
};

void stackingOf(Context& ctx, const std::vector<StackUnit>& units, JsonWriter* out) {
  std::vector<Failure> failures;
  auto fail = [&](const char* code, const Message& reason, const char* ref) {
    GS_STEP(ctx, step::Stacking{{}, reason, ref});
    failures.push_back({code, reason.text(), std::string(said(ref))});
  };

  // Leaders are not in the printed combinations: they stack freely (judgment; not printed).
  std::vector<std::size_t> combat;
  for (std::size_t i = 0; i < units.size(); ++i)
    if (units[i].type != UnitType::leader) combat.push_back(i);
  if (combat.size() < units.size()) GS_NOTE(ctx, msg::battlesOfWaterlooNoteLeadersNotCounted(), "Stacking");

  if (combat.size() > 1)
    for (std::size_t i : combat)
      if (units[i].routed)
        fail("routed", msg::battlesOfWaterlooReasonRoutedMayNotStack(i + 1), "Effects of Disorder and Rout");

  // The Silesian Rifle exception: it may stack with any infantry of the 3/I division or any I Corps
  // artillery, so it does not count when every other combat unit in the hex is one of those.
  std::vector<std::size_t> counted = combat;
  for (std::size_t i : combat) {
    if (!units[i].silesianRifle || combat.size() < 2) continue;
    bool allFit = true;
    for (std::size_t j : combat)
      if (j != i) {
        const StackUnit& o = units[j];
        allFit = allFit &&
                 ((o.type == UnitType::infantry && o.division3I) || (o.type == UnitType::artillery && o.iCorpsArtillery));
      }
    if (allFit) {
      counted.erase(std::find(counted.begin(), counted.end(), i));
      GS_STEP(ctx, step::Stacking{{}, msg::battlesOfWaterlooReasonSilesianRifle(i + 1), "Stacking"});
      break;
    }
  }

  std::map<std::string, int> count;
  int artillerySps = 0;
  std::set<std::string> artilleryCommands;
  for (std::size_t i : counted) {
    ++count[name(units[i].type)];  // by the chart's composition keys, the schema's values
    if (units[i].type == UnitType::artillery) {
      artillerySps += units[i].strengthPoints;
      artilleryCommands.insert(units[i].command);
    }
  }

  const printed::StackingTableRow* matched = nullptr;  // the printed combination the hex matches
  for (const auto& row : printed::stacking.rows) {
    std::map<std::string, int> want;
    for (const auto& [type, n] : row.composition) want[std::string(type)] = n;
    if (want == count) matched = &row;
  }
  if (counted.size() <= 1) {
    // One counted unit is not a stack (a lone artillery unit matches no printed line, yet is legal).
    GS_NOTE(ctx, msg::battlesOfWaterlooNoteSingleUnitNoStack(), "Stacking");
  } else {
    if (matched && matched->conditions) {
      // "2 Artillery (Same command, <= 8 SPs)": one command, and the two units' SPs together <= 8.
      const auto& c = *matched->conditions;
      if (c.sameCommand && artilleryCommands.size() > 1)
        fail("artilleryCommand", msg::battlesOfWaterlooReasonArtilleryCommand(), "Stacking");
      if (artillerySps > c.maxSps) fail("artillerySps", msg::battlesOfWaterlooReasonArtillerySps(artillerySps, c.maxSps), "Stacking");
    }
    if (!matched) {
      std::string what;  // "2 infantry + 1 artillery"
      for (const auto& [k, v] : count) what.append(what.empty() ? "" : " + ").append(msg::battlesOfWaterlooReasonUnitsOfType(v, valueWord(k)).text());
      fail("combination", msg::battlesOfWaterlooReasonNotACombination(what), "Stacking");
    }
  }
  const bool legal = failures.empty();
  ctx.tally(results::StackingTally::legal, legal);
  if (!out) return;

  results::StackingResult r;
  r.legal = legal;
  if (matched) r.combination = std::string(said(matched->label));  // else a single counted unit, or no printed line: null
  for (const Failure& f : failures) r.reasons.push_back({f.code, f.reason, f.ref});
  write(*out, r);
}

class Stacking final : public Play {
 public:
  using Inputs = inputs::StackingInputs;
  using Options = inputs::Options;
  Stacking(const Ruleset&, const Inputs& in, const Options&) : units_(in.units) {}
  void play(Context& ctx, JsonWriter* out) const override { stackingOf(ctx, units_, out); }

 private:
  std::vector<StackUnit> units_;
};

// ---- zoc -----------------------------------------------------------------------------------------

// The hexsides a printed ZOC cell names, in the vocabulary of ruleset.json: every side of a faced hex
// clockwise from the front, "Front-F flank" the front and both front-flank hexsides (W-29), or none.
const std::vector<const char*>& hexsidesOf(Text cell) {
  static const std::vector<const char*> kAll{"front", "rightFrontFlank", "rightRearFlank", "rear", "leftRearFlank", "leftFrontFlank"},
      kFrontFlanks{"leftFrontFlank", "front", "rightFrontFlank"}, kFront{"front"}, kNone;
  return cell == "All Hexsides" ? kAll : cell == "Front-F flank" ? kFrontFlanks : cell == "Front" ? kFront : kNone;
}

class Zoc final : public Play {
 public:
  using Inputs = inputs::ZocInputs;
  using Options = inputs::Options;
  Zoc(const Ruleset&, const Inputs& in, const Options&) {
    const MovementState state = in.state;
    // Precedence (judgment): a routed unit has none; a square or a controlled Chateau faces every way;
    // otherwise Shaken (D-1/D-2, W-29) narrows the type's ZOC to the front.
    if (state == MovementState::Routed) rowId_ = "routed";
    else if (in.inSquare) rowId_ = "inSquare";
    else if (in.inControlledChateau) rowId_ = "controlledChateau";
    else if (state == MovementState::D_1 || state == MovementState::D_2) rowId_ = "shaken";
    else rowId_ = name(in.unitType);
    const bool infantry = in.unitType == Branch::infantry;
    if (in.inSquare && !infantry)  // a contradiction, as in movement (V-27)
      throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorOnlyInfantrySquareNoteE(), "/inSquare");
    if (state == MovementState::D_2 && !infantry)
      throw RequestError(code::kConflictingFields,
                         msg::battlesOfWaterlooErrorOnlyInfantryD2Unit(name(in.unitType)), "/state");
  }
  void play(Context& ctx, JsonWriter* out) const override;

 private:
  std::string rowId_;
};

void Zoc::play(Context& ctx, JsonWriter* out) const {
  const std::string& rowId = rowId_;
  const printed::ZonesOfControlTableRow* row = nullptr;
  for (const auto& r : printed::zonesOfControl.rows)
    if (r.id == rowId) row = &r;
  const Text cell = row->cells[0];
  const std::vector<const char*>& hexsides = hexsidesOf(cell);
  if (cell == "Front-F flank") GS_RULING(ctx, "W-29", msg::battlesOfWaterlooRulingFrontFlanks());
  if (rowId == "shaken") GS_RULING(ctx, "W-29", msg::battlesOfWaterlooRulingShakenFrontOnly());
  GS_STEP(ctx, step::Zoc{{}, msg::battlesOfWaterlooReasonZocRow(ctx.printedText(row->label), ctx.printedText(cell)), "Zones of Control"});
  ctx.tally(results::ZocTally::hexsides, static_cast<int>(hexsides.size()));
  if (!out) return;

  results::ZocResult r;
  r.row = std::string(said(row->label));
  r.printed = std::string(said(cell));
  r.hexsides.assign(hexsides.begin(), hexsides.end());
  r.count = static_cast<int>(hexsides.size());
  write(*out, r);
}

// ---- status --------------------------------------------------------------------------------------

class Status final : public Play {
 public:
  using Inputs = inputs::StatusInputs;
  using Options = inputs::Options;
  Status(const Ruleset&, const Inputs& in, const Options&) : state_(in.state) {}
  void play(Context& ctx, JsonWriter* out) const override;

 private:
  MovementState state_;
};

void Status::play(Context& ctx, JsonWriter* out) const {
  const char* state = name(state_);
  const printed::DisorderEffectsTableRow* row = nullptr;  // the chart's row for the state; a Normal unit has none
  if (state_ != MovementState::Normal) {
    const char* id = state_ == MovementState::Routed ? "routed" : state;
    for (const auto& r : printed::disorderEffects.rows)
      if (r.id == id) row = &r;
  }
  const std::size_t restrictions = row ? row->items.size() : 0;
  ctx.tally(results::StatusTally::restrictions, static_cast<int>(restrictions));
  if (!out) return;

  results::StatusResult r;
  r.state = sameEnum<results::State>(state_);
  if (row) {
    r.chart = std::string(said(row->label));
    for (const Text item : row->items) r.restrictions.emplace_back(said(item));
  }
  r.restricted = restrictions > 0;
  write(*out, r);
}

}  // namespace
}  // namespace grapeshot::waterloo

GRAPESHOT_PROCEDURES(battles_of_waterloo, {"movement", grapeshot::bindTyped<grapeshot::waterloo::Movement>},
                     {"stacking", grapeshot::bindTyped<grapeshot::waterloo::Stacking>},
                     {"zoc", grapeshot::bindTyped<grapeshot::waterloo::Zoc>},
                     {"status", grapeshot::bindTyped<grapeshot::waterloo::Status>});
