// Artillery fire and assault on the Combat Results Table (seed 000; rules-notes §1.4, V-03…V-15).
// Typed procedures: the inputs are read and checked once (the constructors), then `play` is the
// printed procedure alone, which exact odds run once per dice sequence.
#include <algorithm>
#include <charconv>
#include <climits>
#include <unordered_map>
#include <vector>

#include "core/error.h"
#include "napoleon.h"
#include "napoleon_iii_1866_printed.h"
#include "napoleon_iii_1866_tables.h"

namespace grapeshot::napoleon1866 {
namespace tables = ::grapeshot::tables::napoleon_iii_1866;  // the ids of tables.json (generated)
namespace printed = ::grapeshot::printed::napoleon_iii_1866;  // its tables as constants (generated)
namespace {

// Every cell of the combat table prints a code (no blank): checked when this compiles.
constexpr bool cellsPrinted() {
  for (const auto& cell : printed::gridData(printed::kGrids, tables::combat.id).cells) cell.asText();
  return true;
}
static_assert(cellsPrinted());

using Units = std::vector<Unit>;

// What a CRT cell means, in the Combat result key's words (by Order).
constexpr Message (*kMeaning[])() = {msg::napoleonIii1866ResultMeaningNothing, msg::napoleonIii1866ResultMeaningMoraleTest,
                                     msg::napoleonIii1866ResultMeaningDisorganize, msg::napoleonIii1866ResultMeaningDisorganizePlusOne};

template <typename Pred>
bool any(const Units& units, Pred p) {
  return std::any_of(units.begin(), units.end(), p);
}
bool isArtillery(const Unit& u) { return u.arm == Arm::artillery; }
bool isHeavyCavalry(const Unit& u) { return u.arm == Arm::cavalry && u.heavyCavalry; }
bool isLight(const Unit& u) { return u.lightTroops; }
bool isAdjacent(const Unit& u) { return u.adjacent; }
int stepsLost(const Units& units) {
  int n = 0;
  for (const auto& u : units) n += u.stepsLost;
  return n;
}

// --- reading the inputs (once per request) -------------------------------------------------------
// Every unit of a side, checked for contradictions before any roll (V-27, V-26); a steep slope
// between two hexes of the same level is a contradiction too (V-27).
template <typename U>
Units readUnits(const std::vector<U>& units) {
  Units out;
  out.reserve(units.size());
  for (const auto& u : units) out.push_back(readUnit(u));
  return out;
}
void checkUnits(const Units& units, const std::string& path, int otherLevel, Message (*steepSlopeSameLevel)(TraceValue level)) {
  for (std::size_t i = 0; i < units.size(); ++i) {
    const std::string at = pointerJoin(path, i);
    checkUnit(units[i], at);
    if (steepSlopeSameLevel && units[i].steepSlope && units[i].level == otherLevel)
      throw RequestError(code::kConflictingFields, steepSlopeSameLevel(otherLevel), at + "/steepSlope");
  }
}

// The unit that takes the hex's single +1 step under V21_step_per_hex: the owner names it
// (`stepLossUnit`, an index into the side's units; default the first listed).
std::size_t stepLossUnit(int i, const Units& units, const std::string& path) {
  if (!units.empty() && static_cast<std::size_t>(i) >= units.size())
    throw RequestError(code::kConflictingFields,
                       msg::napoleonIii1866ErrorStepLossUnitNone(i, units.size()),
                       path + "/stepLossUnit");
  return static_cast<std::size_t>(i);
}

// --- strength, column and roll ------------------------------------------------------------------
// Strength -> column: sum, divide by protection (round down, V-03/V-04), shift, clamp; columns
// beyond 8 become +1 DRM each (printed DRM).
constexpr int kLastColumn = 8;
struct Column {
  int index;
  int excess;
};

int sumCombatValues(Context& ctx, const Units& units, const std::string& who, const char* ref) {
  int sum = 0;
  for (const auto& u : units) sum += u.combatValue;
  GS_STEP(ctx, step::Strength{who, Fraction{sum, 1}, msg::napoleonIii1866ReasonSumOfCombatValues(), ref});
  return sum;
}

int divideByProtection(Context& ctx, int strength, int protection, const std::string& who, const Message& why) {
  const int after = strength / protection;
  GS_STEP(ctx, step::Division{who, strength, protection, after, step::DivisionRounding::down, why, "V-03, V-04"});
  return after;
}

Column readColumn(Context& ctx, const PatchedGrid& crt, int base, int shift, const std::string& who) {
  const int raw = base + shift;
  Column c{std::clamp(raw, 0, kLastColumn), std::max(0, raw - kLastColumn)};
  if (raw != c.index)  // below 0 read on the first column; above 8 on the last, +1 DRM each
    GS_STEP(ctx, step::Clamp{who, raw, c.index, 0, kLastColumn,
                             raw < 0 ? msg::napoleonIii1866ReasonColumnsBelow(TraceValue::fromData(crt.columnLabel(0)))
                                     : msg::napoleonIii1866ReasonColumnsAbove(TraceValue::fromData(crt.columnLabel(kLastColumn))),
                             raw < 0 ? "Combat Results Table" : "Die roll modifiers"});
  return c;
}

// Level column modifiers (V-11): the smallest difference decides; a higher attacker gives +1
// unless it attacks across a steep slope. `mirror` reads them from the defender's side (V-09 option).
void levelShifts(Context& ctx, Modifiers& shifts, int defenderLevel, const Units& attackers, bool mirror) {
  int smallest = INT_MAX;  // min over attackers of (target level - shooter level)
  bool higherShooter = false, higherOnlyAcrossSteep = true;
  for (const auto& a : attackers) {
    const int d = mirror ? a.level - defenderLevel : defenderLevel - a.level;
    smallest = std::min(smallest, d);
    if (d < 0) {
      higherShooter = true;
      if (!a.steepSlope) higherOnlyAcrossSteep = false;
    }
  }
  if (smallest > 0) shifts.entry(tables::columnModifiers.defenderHigher, smallest, "V-11");
  else if (higherShooter && !higherOnlyAcrossSteep) shifts.entry(tables::columnModifiers.defenderLower, 1, "V-11");
  else if (higherShooter) GS_NOTE(ctx, msg::napoleonIii1866NoteSteepSlopeNoColumn(), "V-11");
}

// Hexside column modifiers of the attackers' hexsides (Terrain effects: river, ravine, escarpment).
void hexsideShifts(Modifiers& shifts, const Units& attackers) {
  if (any(attackers, [](const Unit& a) { return a.hexside == Hexside::riverBridge; }))
    shifts.entry(tables::columnModifiers.river);
  if (any(attackers, [](const Unit& a) { return a.hexside == Hexside::ravine || a.hexside == Hexside::escarpmentRoad; }))
    shifts.entry(tables::columnModifiers.ravineOrEscarpment, 1, "V-11");
}

struct Roll {
  int natural;
  int modified;
  std::string_view cell;  // the printed cell, a view of the table's data (which the ruleset keeps)
  Order order;
  std::string cellText() const { return std::string(cell); }
};

Roll rollOnTable(Context& ctx, const PatchedGrid& crt, const Column& col, int drm, const std::string& purpose) {
  Roll r;
  r.natural = ctx.roll(kD6, purpose);
  const int total = r.natural + drm;
  r.modified = std::clamp(total, crt.firstRow(), crt.lastRow());
  if (r.modified != total)
    GS_STEP(ctx, step::Clamp{{}, total, r.modified, crt.firstRow(), crt.lastRow(),
                             msg::napoleonIii1866ReasonCrtRows(TraceValue::fromData(crt.rowLabel(crt.firstRow())),
                                                               TraceValue::fromData(crt.rowLabel(crt.lastRow()))),
                             "V-02"});
  r.cell = crt.printedCell(col.index, r.modified).asText();
  r.order = orderOf(r.cell);
  GS_STEP(ctx, step::Table{purpose, tables::combat.id, col.index, crt.columnLabel(col.index), {}, crt.rowLabel(r.modified), crt.rowIndex(r.modified),
                           TraceValue::fromData(r.cell), kD6.name, r.natural, drm, total, {}, "Combat Results Table"});
  return r;
}

// One roll on the CRT.
struct CrtRead {
  int strength, protection, base, shift, drm;
  Column col;
  Roll roll;
};

// A roll as the result reports it: into results::TableRead, or FireResult, which has its members.
template <typename R>
void fillRead(R& res, const CrtRead& c, const PatchedGrid& crt, results::AppliesTo appliesTo) {
  res.strength = c.strength, res.protection = c.protection, res.baseColumn = c.base, res.columnShift = c.shift;
  res.column = c.col.index, res.columnLabel = Ruleset::printedIn("napoleon-iii-1866", crt.columnLabel(c.col.index), currentLang()), res.drm = c.drm;
  res.natural = c.roll.natural, res.modified = c.roll.modified, res.row = crt.rowLabel(c.roll.modified);
  res.cell = c.roll.cellText(), res.meaning = kMeaning[static_cast<int>(c.roll.order)](), res.appliesTo = appliesTo;
}

bool commanderApplies(const Rulings& r, const Commander& c) {
  switch (c.position) {
    case CommanderAt::none: return false;
    case CommanderAt::stacked: return true;
    case CommanderAt::adjacent: return r.commanderRange != inputs::V13Range::stacked;
    case CommanderAt::inRange: return r.commanderRange == inputs::V13Range::commandRange;
  }
  return false;
}

void commanderBonus(Context& ctx, const Rulings& r, Modifiers& drm, const Commander& c) {
  if (c.bonus == 0) return;
  if (commanderApplies(r, c)) drm.entry(tables::dieRollModifiers.commanderBonus, c.bonus, "V-13");
  else GS_NOTE(ctx, msg::napoleonIii1866NoteCommanderNoBonus(
                        c.position == CommanderAt::inRange    ? TraceValue(msg::napoleonIii1866LabelCommanderInRange())
                        : c.position == CommanderAt::adjacent ? TraceValue(msg::napoleonIii1866LabelCommanderAdjacent())
                                                              : TraceValue(enumName(c.position, kCommanderAtNames)),
                        r.commanderRange == inputs::V13Range::stacked   ? msg::napoleonIii1866LabelRangeStacked()
                        : r.commanderRange == inputs::V13Range::adjacent ? msg::napoleonIii1866LabelRangeAdjacent()
                                                                        : msg::napoleonIii1866LabelRangeCommandRange()),
                    "V-13");
}

// Who rolls on the CRT at whom (V-09): the artillery fires at the target hex; in an assault the
// attackers roll at the defended hex, and the defenders roll back at the attackers.
enum class Roller { fire, attack, defence };

// One roll on the CRT: who rolls, at what hex, with what of their own.
struct Rolling {
  Roller by;
  const Units& units;          // the units that roll
  const Units& attackers;      // the firers or attackers: their levels and hexsides shift the columns
  const Hex& hex;              // the hex fired at or attacked: its protection, its level, its cover
  const Commander* commander;  // the rolling side's formation commander (none for artillery fire)
  int extraColumnShift, extraDrm;
  bool night, flank, stream;  // a flank attack (V-04) and a stream crossed (V-15): assaults only
};

// What each roll is called in the trace and in `rolls` (by Roller).
constexpr Message (*kRollNames[])() = {msg::napoleonIii1866LabelFire, msg::napoleonIii1866LabelAttackRoll,
                                       msg::napoleonIii1866LabelDefensiveRoll};

bool isPrussianInfantry(const Unit& u) { return u.arm == Arm::infantry && u.nationality == Nationality::prussian; }

// The one roll on the Combat Results Table, for fire, the attack roll and the defensive roll alike
// (V-03…V-15; seed 000 "Column modifiers", "Die roll modifiers"): strength, divided by the hex's
// protection (1 for the defensive roll, V-09), column shifts, DRMs, the die.
CrtRead rollOnCrt(Context& ctx, const Rulings& rulings, const PatchedGrid& crt, const Rolling& r) {
  const bool fire = r.by == Roller::fire, defence = r.by == Roller::defence;
  const std::string who = words(ctx, kRollNames[static_cast<int>(r.by)]());
  CrtRead c{};
  c.strength = sumCombatValues(ctx, r.units, fire ? words(ctx, msg::napoleonIii1866LabelFiringArtillery()) : who,
                               defence ? "V-09" : "V-03");
  if (defence && r.flank) {  // Modifier to Defense value: flank attack, halved (V-04)
    const int halved = c.strength / 2;
    GS_STEP(ctx, step::Multiplier{who, Fraction{1, 2}, Fraction{c.strength, 1}, Fraction{halved, 1}, step::MultiplierRounding::down,
                                  TraceValue::fromData(ctx.ruleset.printedEntry(tables::defenseValueModifiers.flank).label), {},
                                  "V-04"});
    c.strength = halved;
  }
  c.protection = defence ? 1 : r.hex.protection;
  c.base = divideByProtection(ctx, c.strength, c.protection, who,
                              fire      ? msg::napoleonIii1866ReasonTargetProtection()
                              : defence ? msg::napoleonIii1866ReasonDefensiveProtection()
                                        : msg::napoleonIii1866ReasonDefenderProtection());

  // The terrain column modifiers are the attacker's; the defensive roll mirrors them only under V-09's option.
  const bool terrain = !defence || rulings.mirrorTerrain;
  Modifiers shift(ctx, StepKind::columnShift, who);
  shift.entry(tables::columnModifiers.perLossLevel, stepsLost(r.units), "V-10");
  if (defence && terrain) GS_RULING(ctx, "V-09", msg::napoleonIii1866RulingMirrorTerrain());
  if (terrain) levelShifts(ctx, shift, r.hex.level, r.attackers, defence);
  if (terrain) hexsideShifts(shift, r.attackers);
  if (fire) shift.entry(tables::columnModifiers.artilleryFire);
  if (r.night) shift.entry(tables::columnModifiers.night);
  shift.add(r.extraColumnShift, msg::napoleonIii1866LabelExtraColumnShift(), "input");
  c.shift = shift.total();
  c.col = readColumn(ctx, crt, c.base, c.shift, who);

  Modifiers drm(ctx, StepKind::drm, who);
  drm.entry(tables::dieRollModifiers.perColumnAbove8, c.col.excess);
  if (r.commander) commanderBonus(ctx, rulings, drm, *r.commander);
  if (fire ? any(r.units, isAdjacent) : any(r.units, isArtillery))
    drm.entry(tables::dieRollModifiers.artilleryAdjacent, 1, defence ? "V-12, V-14" : "V-14");
  if (fire) GS_NOTE(ctx, msg::napoleonIii1866NoteNoCommanderArtillery(), "Die roll modifiers");
  if (any(r.units, isHeavyCavalry)) drm.entry(tables::dieRollModifiers.heavyCavalry, 1, "V-12");
  if (r.hex.cover() && any(r.units, isLight)) drm.entry(tables::dieRollModifiers.lightTroops, 1, "V-12");
  if (r.by == Roller::attack && r.flank) drm.entry(tables::dieRollModifiers.flankAttack);
  if (defence && any(r.units, isPrussianInfantry)) drm.entry(tables::dieRollModifiers.dreyse);
  if (r.stream && defence && rulings.streamAttackerOnly) GS_RULING(ctx, "V-15", msg::napoleonIii1866RulingStreamAttackerOnly());
  else if (r.stream) drm.entry(tables::dieRollModifiers.stream, 1, "V-15");
  drm.add(r.extraDrm, msg::napoleonIii1866LabelExtraDrm(), "input");
  c.drm = drm.total();
  c.roll = rollOnTable(ctx, crt, c.col, c.drm, who);
  return c;
}

// --- applying a result ----------------------------------------------------------------------------
struct Applied {
  UnitState state;
  bool tested = false;
  MoraleTest test{};
};

// The units a result lands on: the fire's target hex, or in an assault the defenders or the attackers.
enum class Side { target, defending, attacking };
// A unit's name ("target unit 2"): a message, a parameter of the sentences that name it (so a host
// translates it with them), and its text for the trace's "for" and the rolls, made only when wanted.
Message unitLabel(Side side, std::size_t i) {
  static constexpr Message (*kNames[])(TraceValue unit) = {msg::napoleonIii1866LabelTargetUnit, msg::napoleonIii1866LabelDefendingUnit,
                                                            msg::napoleonIii1866LabelAttackingUnit};
  return kNames[static_cast<int>(side)](i + 1);
}
std::string unitName(const Context& ctx, Side side, std::size_t i) { return ctx.wordy() ? unitLabel(side, i).text() : std::string(); }

// Applies a CRT code to every unit in the hex (V-06, V-21): each is disorganized (V-07: an already
// disorganized one loses a step instead) and, on D+1, each loses 1 step — V-08 per unit: a
// disorganized unit hit by D+1 loses 2 steps, or 1 with V08_double_loss off. With V21_step_per_hex
// the +1 step is taken once, by the unit the owner names (`stepUnit`). A T is a morale test for each
// unit, with every morale modifier the unit itself carries (its enemyOnFlank included); its morale is
// a required input (W-35), so no roll can leave a test unresolved. Losses stop at a unit's step
// value, which eliminates it (V-26).
std::vector<Applied> applyResult(Context& ctx, const Rulings& rulings, Order order, const Units& units,
                                 const std::vector<MoraleSituation>& situations, Side side, std::size_t stepUnit) {
  const bool plusOne = order == Order::disorganizePlusOne;
  if (plusOne && units.size() > 1) {
    if (rulings.stepPerHex)
      GS_RULING(ctx, "V-21", msg::napoleonIii1866RulingStepUnitNamed(unitLabel(side, stepUnit)));
    else
      GS_RULING(ctx, "V-21", msg::napoleonIii1866RulingPlusOneEveryUnit());
  }
  std::vector<Applied> out;
  out.reserve(units.size());
  for (std::size_t i = 0; i < units.size(); ++i) {
    const Unit& unit = units[i];
    const std::string who = unitName(ctx, side, i);
    Applied a{UnitState(unit)};
    UnitState& u = a.state;
    if (order == Order::moraleTest) {
      MoraleSituation situation = situations[i];
      situation.enemyOnFlank = situation.enemyOnFlank || unit.enemyOnFlank;
      a.tested = true;
      a.test = moraleTest(ctx, rulings, unit, situation, who);
      if (!a.test.passed) {
        GS_RULING(ctx, "V-06", msg::napoleonIii1866RulingFailedMoraleDisorganized(unitLabel(side, i)));
        disorganize(ctx, u, who);
      }
    } else if (order == Order::disorganize || plusOne) {
      const bool takesPlusOne = plusOne && (!rulings.stepPerHex || i == stepUnit);
      const bool wasDisorganized = u.disorganized;
      if (takesPlusOne && wasDisorganized && !rulings.doubleLoss) {
        GS_RULING(ctx, "V-08", msg::napoleonIii1866RulingPlusOneOneStep(unitLabel(side, i)));
        loseStep(ctx, u, who);
      } else {
        disorganize(ctx, u, who);
        if (takesPlusOne) {
          loseStep(ctx, u, who);
          if (wasDisorganized) GS_RULING(ctx, "V-08", msg::napoleonIii1866RulingPlusOneTwoSteps(unitLabel(side, i)));
        }
      }
    }
    out.push_back(a);
  }
  return out;
}

// Each unit's outcome, as the result reports it.
std::vector<results::UnitOutcome> outcomes(const std::vector<Applied>& applied) {
  std::vector<results::UnitOutcome> out(applied.size());
  for (std::size_t i = 0; i < applied.size(); ++i) {
    const UnitState& u = applied[i].state;
    results::UnitOutcome& o = out[i];
    o.index = static_cast<int>(i);
    if (applied[i].tested) o.moraleTest = results::MoraleTest{applied[i].test.target, applied[i].test.natural,
                                                              applied[i].test.passed, applied[i].test.ruleMessage()};
    o.events.assign(u.events.begin(), u.events.begin() + static_cast<std::ptrdiff_t>(u.eventCount));
    o.disorganized = u.disorganized, o.stepsLost = u.stepsLost, o.stepsLostNow = u.stepsLostNow;
    if (u.steps > 0) o.eliminated = u.eliminated;
  }
  return out;
}

// A hex's end state, as exact odds tally it on every dice sequence: how many of its units end
// disorganized (the headline odds of ruleset.json), the steps they lose now, the units eliminated.
struct HexState {
  std::size_t units = 0;
  int disorganized = 0, stepsLost = 0, eliminated = 0;
  explicit HexState(const std::vector<Applied>& applied) : units(applied.size()) {
    for (const auto& a : applied) {
      disorganized += a.state.disorganized;
      stepsLost += a.state.stepsLostNow;
      eliminated += a.state.eliminated;
    }
  }
  // "1/2 disorganized, -1 step": the catalog's sentence (napoleon-iii-1866.result.hexState) in the
  // response's language. Exact odds tally it on every dice sequence: each state is rendered once per
  // language and kept, and the tally holds a view of it (no allocation after the first).
  TraceValue text() const {
    static thread_local std::unordered_map<std::uint64_t, std::string> said;
    const Lang lang = currentLang();
    const std::uint64_t key = (static_cast<std::uint64_t>(units) << 40) | (static_cast<std::uint64_t>(disorganized) << 28) |
                              (static_cast<std::uint64_t>(stepsLost) << 14) | (static_cast<std::uint64_t>(eliminated) << 2) |
                              static_cast<std::uint64_t>(lang);
    auto it = said.find(key);
    if (it == said.end())
      it = said.emplace(key, msg::napoleonIii1866ResultHexState(disorganized, units, stepsLost, eliminated).text(lang)).first;
    return TraceValue::fromData(it->second);
  }
};

// How many of a hex's units this roll disorganized: the headline odds count what the roll does, not
// a state a unit already had (a disorganized unit hit again loses a step instead, V-07).
int disorganizedNow(const std::vector<Applied>& applied, const Units& units) {
  int n = 0;
  for (std::size_t i = 0; i < applied.size(); ++i) n += applied[i].state.disorganized && !units[i].disorganized;
  return n;
}

// --- fire -----------------------------------------------------------------------------------------
class Fire final : public Play {
 public:
  using Inputs = inputs::FireInputs;
  using Options = inputs::Options;
  Fire(const Ruleset&, const Inputs& in, const Options& options, const Errata& errata)
      : in_(in),
        rulings_(options),
        crt_(errata.grid(tables::combat)),
        firers_(readUnits(in.firers)),
        target_(readHex(in.target.terrain, in.target.settlement, in.target.level)),
        units_(readUnits(in.target.units)) {
    checkUnits(firers_, "/firers", target_.level, msg::napoleonIii1866ErrorFiresDownSteepSlopeSameLevel);
    checkUnits(units_, "/target/units", -1, nullptr);  // no level of its own: never steep
    stepUnit_ = stepLossUnit(in.target.stepLossUnit, units_, "/target");
    situations_.resize(units_.size());
    for (auto& s : situations_) s.hex = &target_;
  }
  Fire(const Fire&) = delete;  // situations_ point into the object

  void play(Context& ctx, JsonWriter* out) const override {
    const CrtRead r = rollOnCrt(ctx, rulings_, crt_,
                                {Roller::fire, firers_, firers_, target_, nullptr, in_.extraColumnShift, in_.extraDrm, in_.night, false, false});
    const auto applied = applyResult(ctx, rulings_, r.roll.order, units_, situations_, Side::target, stepUnit_);
    if (ctx.tallying()) {  // exact odds only: a resolve's texts not made
      const HexState hex(applied);
      ctx.tally(results::FireTally::cell, TraceValue::fromData(r.roll.cell));
      ctx.tally(results::FireTally::final, hex.text());
      ctx.tally(results::FireTally::stepsLost, hex.stepsLost);
      ctx.tally(results::FireTally::disorganized, hex.disorganized);
      ctx.tally(results::FireTally::disorganizedNow, disorganizedNow(applied, units_));
    }
    if (!out) return;
    results::FireResult res;
    fillRead(res, r, crt_, results::AppliesTo::target);
    res.units = outcomes(applied);
    write(*out, res);
  }

 private:
  const Inputs in_;
  Rulings rulings_;
  PatchedGrid crt_;
  Units firers_;
  Hex target_;
  Units units_;
  std::size_t stepUnit_ = 0;
  std::vector<MoraleSituation> situations_;  // the target units' morale tests after a T, read at bind
};

// --- shock (assault): the attack roll and the defensive roll (V-09) --------------------------------
void checkHexsides(const Units& attackers) {
  for (std::size_t i = 0; i < attackers.size(); ++i) {
    const std::string path = pointerJoin("/attacker/units", i) + "/hexside";
    if (attackers[i].hexside == Hexside::river)
      throw RequestError(code::kProhibited, msg::napoleonIii1866ErrorRiverCombat(), path);
    if (attackers[i].hexside == Hexside::escarpment)
      throw RequestError(code::kProhibited,
                         msg::napoleonIii1866ErrorEscarpmentCombat(), path);
  }
}

// Each unit's morale test after a T, should the roll bring one (read at bind): the defenders in the
// attacked hex, the attackers each in its own.
std::vector<MoraleSituation> situations(const Units& units, const Hex* hex, const Commander& commander, bool flank) {
  std::vector<MoraleSituation> out(units.size());
  for (std::size_t i = 0; i < units.size(); ++i) {
    out[i].hex = hex ? hex : &units[i].hex;
    out[i].stackedWithCommander = commander.position == CommanderAt::stacked;
    out[i].enemyOnFlank = flank || units[i].enemyOnFlank;
  }
  return out;
}

class Shock final : public Play {
 public:
  using Inputs = inputs::ShockInputs;
  using Options = inputs::Options;
  Shock(const Ruleset&, const Inputs& in, const Options& options, const Errata& errata)
      : in_(in),
        rulings_(options),
        crt_(errata.grid(tables::combat)),
        attackers_(readUnits(in.attacker.units)),
        defenders_(readUnits(in.defender.units)),
        hex_(readHex(in.defender.terrain, in.defender.settlement, in.defender.level)) {
    checkHexsides(attackers_);
    checkUnits(attackers_, "/attacker/units", hex_.level, msg::napoleonIii1866ErrorAttacksAcrossSteepSlopeSameLevel);
    checkUnits(defenders_, "/defender/units", -1, nullptr);
    defenderStepUnit_ = stepLossUnit(in.defender.stepLossUnit, defenders_, "/defender");
    attackerStepUnit_ = stepLossUnit(in.attacker.stepLossUnit, attackers_, "/attacker");
    flank_ = any(attackers_, [](const Unit& a) { return a.flank; });
    stream_ = any(attackers_, [](const Unit& a) { return a.hexside == Hexside::stream; });
    defenderTests_ = situations(defenders_, &hex_, in.defender.commander, flank_);
    attackerTests_ = situations(attackers_, nullptr, in.attacker.commander, false);
  }
  Shock(const Shock&) = delete;  // the situations point into the object

  void play(Context& ctx, JsonWriter* out) const override {
    // The attack roll against the defender's hex, the defensive roll back at the attackers (V-09).
    const auto& a = in_.attacker;
    const auto& d = in_.defender;
    const CrtRead ar = rollOnCrt(ctx, rulings_, crt_, {Roller::attack, attackers_, attackers_, hex_, &a.commander,
                                                       a.extraColumnShift, a.extraDrm, in_.night, flank_, stream_});
    const CrtRead dr = rollOnCrt(ctx, rulings_, crt_, {Roller::defence, defenders_, attackers_, hex_, &d.commander,
                                                       d.extraColumnShift, d.extraDrm, in_.night, flank_, stream_});
    // The attack roll hits the defenders, the defensive roll the attackers.
    const auto defApplied = applyResult(ctx, rulings_, ar.roll.order, defenders_, defenderTests_, Side::defending, defenderStepUnit_);
    const auto attApplied = applyResult(ctx, rulings_, dr.roll.order, attackers_, attackerTests_, Side::attacking, attackerStepUnit_);

    // Named by whose result it is, as in every ruleset: the attack roll's cell lands on the defender.
    if (ctx.tallying()) {  // exact odds only: a resolve's texts not made
      using results::ShockTally;
      const HexState defender(defApplied), attacker(attApplied);
      ctx.tally(ShockTally::defenderCell, TraceValue::fromData(ar.roll.cell));
      ctx.tally(ShockTally::attackerCell, TraceValue::fromData(dr.roll.cell));
      ctx.tally(ShockTally::defenderFinal, defender.text());
      ctx.tally(ShockTally::attackerFinal, attacker.text());
      ctx.tally(ShockTally::defenderStepsLost, defender.stepsLost);
      ctx.tally(ShockTally::attackerStepsLost, attacker.stepsLost);
      ctx.tally(ShockTally::defenderDisorganized, defender.disorganized);
      ctx.tally(ShockTally::attackerDisorganized, attacker.disorganized);
      ctx.tally(ShockTally::defenderDisorganizedNow, disorganizedNow(defApplied, defenders_));
      ctx.tally(ShockTally::attackerDisorganizedNow, disorganizedNow(attApplied, attackers_));
    }
    if (!out) return;
    results::ShockResult res;
    fillRead(res.attack, ar, crt_, results::AppliesTo::defender);
    fillRead(res.defence, dr, crt_, results::AppliesTo::attacker);
    res.defender.units = outcomes(defApplied);
    res.attacker.units = outcomes(attApplied);
    write(*out, res);
  }

 private:
  const Inputs in_;
  Rulings rulings_;
  PatchedGrid crt_;
  Units attackers_, defenders_;
  Hex hex_;
  std::size_t attackerStepUnit_ = 0, defenderStepUnit_ = 0;
  bool flank_ = false, stream_ = false;
  std::vector<MoraleSituation> defenderTests_, attackerTests_;  // each unit's morale test after a T
};

}  // namespace
}  // namespace grapeshot::napoleon1866

GRAPESHOT_PROCEDURES(napoleon_iii_1866, {"fire", grapeshot::bindTyped<grapeshot::napoleon1866::Fire>},
                     {"shock", grapeshot::bindTyped<grapeshot::napoleon1866::Shock>});
