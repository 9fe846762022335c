// Shock combat (seed 002 "SHOCK COMBAT TABLE" and its modifier tables, "Cavalry vs. Routed Infantry";
// rules-notes 2.3.7, 2.5 and rulings W-04, W-12…W-19, W-21, W-22, W-24, W-26, W-31).
#include <algorithm>
#include <iterator>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/fraction.h"
#include "crm.h"
#include "battles_of_waterloo_printed.h"
#include "battles_of_waterloo_tables.h"

namespace grapeshot::waterloo {
namespace tables = ::grapeshot::tables::battles_of_waterloo;  // the ids of tables.json (generated)
namespace printed = ::grapeshot::printed::battles_of_waterloo;  // tables.json as typed constants (generated)
// Every code the Shock Combat Table prints, and every code its patches write, decodes: checked when
// this file compiles.
static_assert(decodesAll(printed::gridData(printed::kGrids, tables::shock.id)));
namespace {

// Strengths are exact (W-12): the x1/2 multipliers make halves and quarters, never rounded (core Fraction).

using inputs::Aspect;
using inputs::Elite;
using Slope = inputs::ShockSlope;
using Terrain = inputs::ShockTerrain;

// An attacking unit's Elite/Crack Elite DRM (W-22), with the patch the options switch on.
struct EliteDrm {
  int value = 0;
  std::string ruling;  // that patch's ruling, or "" for the printed value
};

// One attacking unit's strength with the Cavalry Charge Strength multipliers and the River Bridge x1/2 (W-17).
// W-33: the x1/2 is a line of the Defensive Terrain Modifiers table, which a routed defender does not
// get ("Gain No Terrain Benefits if Assaulted"). `type`: as the unit's matrix row reads it (readUnit).
Fraction attackStrength(Context& ctx, const inputs::ShockAttackerUnit& unit, Arm type, bool square, bool defenderRouted,
                        const Unit& u) {
  const std::string& who = u.who();
  const bool flank = unit.chargeThrough == Aspect::flank, rear = unit.chargeThrough == Aspect::rear;
  Fraction s{unit.strength, 1};
  auto multiply = [&](EntryId printed, const char* ref) {
    const PrintedEntry& e = ctx.ruleset.printedEntry(printed);
    const Fraction before = s;
    s = s.times(e.num, e.den);
    GS_STEP(ctx, step::Multiplier{who, Fraction{e.num, e.den}, before, s, step::MultiplierRounding::exact,
                                  TraceValue::fromData(e.label), {}, ref});
  };
  if (isCavalry(type)) {
    const bool heavy = type == Arm::heavyCavalry;
    if (heavy && flank) multiply(tables::cavalryChargeStrength.hcThroughFlank, "W-17");
    if (heavy && rear) multiply(tables::cavalryChargeStrength.hcThroughRear, "W-17");
    if (!heavy && flank) multiply(tables::cavalryChargeStrength.lcThroughFlank, "W-17");
    if (square) multiply(tables::cavalryChargeStrength.cavalryVsSquare, "W-17");
  } else if (flank || rear) {
    GS_NOTE(ctx, msg::battlesOfWaterlooNoteChargeMultipliersCavalryOnly(u.name()), "W-17");
  }
  if (unit.acrossRiverBridge) {
    if (defenderRouted)
      GS_RULING(ctx, "W-33", msg::battlesOfWaterlooRulingRiverBridgeDefenderRouted(u.name()));
    else
      multiply(tables::shockTerrain.acrossRiverBridge, "W-17");
  }
  return s;
}

// W-34: the Position DRM follows from the set of hexsides the attacking units attack through (front
// only: none; rear; flank; two aspects; front, flank and rear: Surround). A stated position must agree.
struct Position {
  bool front = false, flank = false, rear = false;
  inputs::Position derived = inputs::Position::front;
  bool frontOnly() const { return !flank && !rear; }  // derived == front
  const char* name() const { return enumName(derived, inputs::kPositionNames); }  // also its DRM's entry id
  std::string hexsides() const {  // "front flank": the hexsides, in the response's language (the catalog's words)
    std::string s;
    for (const Aspect a : {Aspect::front, Aspect::flank, Aspect::rear})
      if (a == Aspect::front ? front : a == Aspect::flank ? flank : rear)
        s.append(s.empty() ? "" : " ").append(valueWord(enumName(a, inputs::kAspectNames)).plain());
    return s;
  }
};
Position attackPosition(const inputs::ShockAttacker& attacker) {
  Position p;
  for (const auto& u : attacker.units) {
    p.front = p.front || u.chargeThrough == Aspect::front;
    p.flank = p.flank || u.chargeThrough == Aspect::flank;
    p.rear = p.rear || u.chargeThrough == Aspect::rear;
  }
  using At = inputs::Position;
  const int aspects = p.front + p.flank + p.rear;
  p.derived = aspects == 3 ? At::surround : aspects == 2 ? At::twoAspects : p.flank ? At::flank : p.rear ? At::rear : At::front;
  if (attacker.position && *attacker.position != p.derived)
    throw RequestError(code::kConflictingFields,
                       msg::battlesOfWaterlooErrorPositionDisagrees(enumName(*attacker.position, inputs::kPositionNames), p.name()),
                       "/attacker/position");
  return p;
}

struct OddsColumn {
  int column = 0;
  int beyond = 0;  // whole odds levels beyond 6-1 (> 0) or below 1-4 (< 0), W-13
};

// W-12: the largest printed ratio not above attack/defence, compared exactly (a/d <= A/D <=> a*D <= A*d).
// The shock table's printed odds columns ("ratios": {attacker, defender} per column) use halves
// ("1-1.5", "1.5-1"): doubled they are integers, figured when the code compiles.
struct OddsScale {
  struct Ratio {
    long long attacker = 0, defender = 0;
  };
  Ratio doubled[printed::shock.ratios.size()] = {};  // each column's attacker and defender x2
  long long topAttacker = 0, lowDefender = 0;       // the last column's attacker, the first's defender
};
constexpr long long twice(double printedHalves) {
  const auto n = static_cast<long long>(printedHalves * 2);
  if (n != printedHalves * 2) throw std::logic_error("a printed odds ratio that is not in halves");
  return n;
}
constexpr OddsScale oddsScale() {
  const auto& ratios = printed::shock.ratios;
  OddsScale s;
  for (std::size_t i = 0; i < ratios.size(); ++i) s.doubled[i] = {twice(ratios[i].attacker), twice(ratios[i].defender)};
  s.topAttacker = s.doubled[ratios.size() - 1].attacker / 2;
  s.lowDefender = s.doubled[0].defender / 2;
  return s;
}
constexpr OddsScale kOdds = oddsScale();

OddsColumn oddsColumn(const Fraction& attack, const Fraction& defence) {
  OddsColumn o;
  // A/D as P/Q in integers.
  const long long p = attack.num * defence.den, q = defence.num * attack.den;
  for (std::size_t i = 0; i < std::size(kOdds.doubled); ++i) {
    const auto [a, d] = kOdds.doubled[i];
    if (a * q <= p * d) o.column = static_cast<int>(i);
  }
  if (p / q > kOdds.topAttacker) o.beyond = static_cast<int>(p / q - kOdds.topAttacker);  // 7-1 -> 1, 8-1 -> 2 ...
  if (p * kOdds.lowDefender < q) o.beyond = -static_cast<int>((q + p - 1) / p - kOdds.lowDefender);  // 1-4.5 counts as 1-5
  return o;
}

struct Side {
  std::vector<Unit> units;
  std::vector<int> stepLossOrder;  // the owner's order for step losses (W-37); empty: W-04
};

// W-37: the owner's order, checked before any roll: each entry names a unit of the side, once.
std::vector<int> readStepLossOrder(const std::optional<std::vector<int>>& given, std::size_t units,
                                   const std::string& path) {
  std::vector<int> order;
  if (!given) return order;
  for (std::size_t k = 0; k < given->size(); ++k) {
    const int i = (*given)[k];
    const std::string at = pointerJoin(pointerJoin(path, "stepLossOrder"), k);
    // The messages number units from 1, as the form does.
    if (static_cast<std::size_t>(i) >= units)
      throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorStepLossOrderNoUnit(i + 1, units), at);
    if (std::find(order.begin(), order.end(), i) != order.end())
      throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorStepLossOrderTwice(i + 1), at);
    order.push_back(i);
  }
  return order;
}

int indexOfMostSteps(const std::vector<Unit>& units) {
  int best = -1;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const Unit& u = units[i];
    if (u.state == State::eliminated) continue;
    if (best < 0 || u.steps - u.stepsLost > units[static_cast<std::size_t>(best)].steps -
                                                units[static_cast<std::size_t>(best)].stepsLost)
      best = static_cast<int>(i);
  }
  return best;
}

// The next unit to take a step loss: the first of the owner's order with steps left (W-37), else the
// unit with most steps left (W-04).
int nextStepLoser(const Side& side) {
  for (const int i : side.stepLossOrder) {
    const Unit& u = side.units[static_cast<std::size_t>(i)];
    if (u.state != State::eliminated && u.steps > u.stepsLost) return i;
  }
  return indexOfMostSteps(side.units);
}

// A side's result: the steps go to the unit the owner names (W-37), by default the one with most steps
// left (W-04); a surplus passes on to the next. Then every unit receives the letters B, d/D, r/R on its
// own matrix row (W-19).
void applySide(Context& ctx, Side& side, printed::Text code, Message (*sideName)()) {
  const ResultCode rc = decodeResultCode(code);
  int steps = rc.steps;
  if (steps > 0 && side.units.size() > 1) {
    if (side.stepLossOrder.empty()) GS_RULING(ctx, "W-04", msg::battlesOfWaterlooRulingStepLossesMostSteps(sideName()));
    else GS_RULING(ctx, "W-37", msg::battlesOfWaterlooRulingStepLossesOwnersOrder(sideName()));
  }
  while (steps > 0) {
    const int i = nextStepLoser(side);
    if (i < 0) break;
    Unit& u = side.units[static_cast<std::size_t>(i)];
    const int take = std::min(steps, u.steps - u.stepsLost);
    loseSteps(ctx, u, take, Loss::result, code, "W-04");
    steps -= take;
  }
  for (Unit& u : side.units) applyResult(ctx, u, rc, false, "SHOCK COMBAT TABLE");
}

// A side's units as their states end, "Normal, D-1" (a tally: exact odds count the combinations).
std::string finalStates(const Side& side) {
  std::string s;
  for (const Unit& u : side.units) s.append(s.empty() ? "" : ", ").append(name(u.state));
  return s;
}

int stepsLost(const Side& side) {
  int n = 0;
  for (const Unit& u : side.units) n += u.stepsLost;
  return n;
}

// What exact odds count: each side's cell, final states and steps lost, and the headline odds of
// ruleset.json: how many of a side's units end disordered or worse (D-1, D-2, Routed or Eliminated),
// and how many leave their hex by a retreat or a rout.
void tallies(Context& ctx, const Side& att, const Side& def, printed::Text attCell, printed::Text defCell,
             const Side& attBefore, const Side& defBefore) {
  const auto disordered = [](const Side& side) {
    int n = 0;
    for (const Unit& u : side.units) n += u.state != State::normal && u.state != State::blown;
    return n;
  };
  const auto worsenedNow = [](const Side& before, const Side& after) {
    int n = 0;
    for (std::size_t i = 0; i < after.units.size(); ++i) n += worsened(before.units[i].state, after.units[i].state);
    return n;
  };
  const auto retreating = [](const Side& side) {
    int n = 0;
    for (const Unit& u : side.units) n += u.retreatHexes > 0 || u.routRetreat;
    return n;
  };
  using T = results::ShockTally;
  ctx.tally(T::attackerCell, TraceValue::fromData(attCell));
  ctx.tally(T::defenderCell, TraceValue::fromData(defCell));
  ctx.tally(T::attackerFinal, finalStates(att));
  ctx.tally(T::defenderFinal, finalStates(def));
  ctx.tally(T::attackerStepsLost, stepsLost(att));
  ctx.tally(T::defenderStepsLost, stepsLost(def));
  ctx.tally(T::attackerDisordered, disordered(att));
  ctx.tally(T::defenderDisordered, disordered(def));
  ctx.tally(T::attackerRetreats, retreating(att));
  ctx.tally(T::defenderRetreats, retreating(def));
  ctx.tally(T::attackerWorsened, worsenedNow(attBefore, att));
  ctx.tally(T::defenderWorsened, worsenedNow(defBefore, def));
}

// A side after the result: its strength (none when none was figured), its cell (none when none was
// read) and its units.
template <typename Result>
Result sideResult(const Side& side, const Fraction* strength, printed::Text cell) {
  Result r;
  if (strength) {
    using Strength = typename decltype(r.strength)::value_type;  // the attackers' may be a half, the defenders' never
    r.strength = static_cast<Strength>(strength->value());
    r.strengthText = strength->text();
  }
  if (!cell.empty()) r.cell = std::string(cell);
  for (const Unit& u : side.units) r.units.push_back(outcome(u));
  return r;
}

// Read and checked once per request; `play` is the procedure of the chart, once per dice sequence.
class Shock final : public Play {
 public:
  using Inputs = inputs::ShockInputs;
  using Options = inputs::Options;
  // `errata`: the shock table's patches (W-14, W-15, W-16) and the elite DRM's (W-22) in force.
  Shock(const Ruleset& rs, const Inputs& in, const Options& options, const Errata& errata)
      : in_(in), table_(errata.grid(tables::shock)), lcOnly_(options.W26_lc_only) {
    const inputs::ShockAttacker& attacker = in_.attacker;
    const inputs::ShockDefender& defender = in_.defender;
    att_.units.reserve(attacker.units.size());  // grown once: a Unit copied is its events and name copied
    eliteDrms_.reserve(attacker.units.size());
    def_.units.reserve(defender.units.size());
    for (std::size_t i = 0; i < attacker.units.size(); ++i) {
      const inputs::ShockAttackerUnit& a = attacker.units[i];
      att_.units.push_back(readUnit(a, options, pointerJoin("/attacker/units", i), msg::battlesOfWaterlooReasonAttackingUnit(i + 1)));
      const Arm type = att_.units.back().type;
      EliteDrm elite;
      if (a.elite != Elite::none)
        elite.value = errata.entryValue(printed::shockMorale, tables::shockMorale.eliteAttacker, enumName(a.elite, inputs::kEliteNames),
                                        elite.ruling);
      eliteDrms_.push_back(std::move(elite));
      hcFrontal_ = hcFrontal_ || (type == Arm::heavyCavalry && a.chargeThrough == Aspect::front);
      anyCavalry_ = anyCavalry_ || isCavalry(type);
      anyLightCavalry_ = anyLightCavalry_ || type == Arm::lightCavalry;
      anyHeavyCavalry_ = anyHeavyCavalry_ || type == Arm::heavyCavalry;
      anyInfantry_ = anyInfantry_ || type == Arm::infantry;
    }
    for (std::size_t i = 0; i < defender.units.size(); ++i) {
      const inputs::ShockDefenderUnit& d = defender.units[i];
      const std::string path = pointerJoin("/defender/units", i);
      if (defender.inSquare && d.type != Arm::infantry)
        throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorOnlyInfantrySquare(), pointerJoin(path, "type"));
      if (defender.inSquare && d.state == inputs::UnitState::Routed)
        throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorRoutedNotInSquare(), pointerJoin(path, "state"));
      def_.units.push_back(readUnit(d, options, path, msg::battlesOfWaterlooReasonDefendingUnit(i + 1)));
    }
    if (defender.units.size() > 1)  // routed units may not stack
      for (std::size_t i = 0; i < defender.units.size(); ++i)
        if (def_.units[i].state == State::routed)
          throw RequestError(code::kConflictingFields, msg::battlesOfWaterlooErrorRoutedStacked(),
                             pointerJoin(pointerJoin("/defender/units", i), "state"));
    att_.stepLossOrder = readStepLossOrder(attacker.stepLossOrder, att_.units.size(), "/attacker");
    def_.stepLossOrder = readStepLossOrder(defender.stepLossOrder, def_.units.size(), "/defender");
    position_ = attackPosition(attacker);
    // The printed lines found here, once, not by name on every dice sequence of exact odds.
    if (!position_.frontOnly()) positionEntry_ = &rs.printedEntry(tables::shockPosition.id, position_.name());
    // The printed stream lines: {entry, its "a/b" key or "" for a single value, ruling}.
    const auto stream = [&](EntryId e, const char* key, const char* ruling) { streamEntry_ = {&rs.printedEntry(e), key, ruling}; };
    switch (attacker.streamCrossing) {
      case inputs::StreamCrossing::none: break;
      case inputs::StreamCrossing::stream: stream(tables::shockTerrain.stream, "", ""); break;
      case inputs::StreamCrossing::marshyStreamSome: stream(tables::shockTerrain.marshyStream, "some", "W-18"); break;
      case inputs::StreamCrossing::marshyStreamAll: stream(tables::shockTerrain.marshyStream, "all", "W-18"); break;
      case inputs::StreamCrossing::deepStreamSome: stream(tables::shockTerrain.deepStream, "some", "W-18"); break;
      case inputs::StreamCrossing::deepStreamAll: stream(tables::shockTerrain.deepStream, "all", "W-18"); break;
    }
  }

  void play(Context& ctx, JsonWriter* out) const override {
    const inputs::ShockAttacker& attacker = in_.attacker;
    const inputs::ShockDefender& defender = in_.defender;
    Side att = att_, def = def_;  // the units' states change as the result is applied
    const Position& pos = position_;
    if (!pos.frontOnly())  // the Position DRM's printed line names the position
      GS_RULING(ctx, "W-34", msg::battlesOfWaterlooRulingAttackedThrough(
                                 pos.hexsides(), ctx.printedText(positionEntry_->label)));
    const bool square = defender.inSquare;
    const PatchedGrid& table = table_;

    // Cavalry vs. Routed Infantry (W-26): eliminated once the Shock Commitment roll (outside the chart) passes.
    const bool eliminates = lcOnly_ ? anyLightCavalry_ : anyCavalry_;
    bool anyLeft = false;
    for (Unit& u : def.units) {
      if (u.type == Arm::infantry && u.state == State::routed && eliminates) {
        u.state = State::eliminated;
        u.events.push_back(Event::eliminated);
        GS_RULING(ctx, "W-26", lcOnly_ ? msg::battlesOfWaterlooRulingRoutedInfantryEliminatedByLightCavalry(u.name())
                                       : msg::battlesOfWaterlooRulingRoutedInfantryEliminatedByCavalry(u.name()));
      } else {
        anyLeft = true;
        if (u.type == Arm::infantry && u.state == State::routed && anyCavalry_)
          GS_RULING(ctx, "W-26", msg::battlesOfWaterlooRulingOnlyLightCavalryEliminates(u.name()));
      }
    }
    if (!anyLeft) {  // no roll: every defender is eliminated
      if (ctx.tallying()) tallies(ctx, att, def, "-", "eliminated", att_, def_);
      if (!out) return;
      results::ShockResult r;
      r.attacker = sideResult<results::ShockAttacker>(att, nullptr, "");
      r.defender = sideResult<results::ShockDefender>(def, nullptr, "");
      write(*out, r);
      return;
    }

    // 1. Strengths and odds (W-12, W-13, W-17).
    bool defenderAllRouted = true;  // the same test as the terrain DRMs below (W-33)
    for (const Unit& u : def.units)
      if (u.state != State::eliminated) defenderAllRouted = defenderAllRouted && u.state == State::routed;
    Fraction attack, defence;
    for (std::size_t i = 0; i < att.units.size(); ++i)
      attack += attackStrength(ctx, attacker.units[i], att.units[i].type, square, defenderAllRouted, att.units[i]);
    for (std::size_t i = 0; i < def.units.size(); ++i)
      if (def.units[i].state != State::eliminated) defence += Fraction{defender.units[i].strength, 1};
    GS_STEP(ctx, step::Strength{words(ctx, msg::battlesOfWaterlooLabelAttacker()), attack, {}, "W-12"});
    GS_STEP(ctx, step::Strength{words(ctx, msg::battlesOfWaterlooLabelDefender()), defence, {}, "W-12"});
    const OddsColumn odds = oddsColumn(attack, defence);
    GS_STEP(ctx, step::Column{{}, tables::shock.id, odds.column, table.columnLabel(odds.column),
                              msg::battlesOfWaterlooReasonOddsInDefendersFavour(attack.text(), defence.text()), "W-12"});

    // 2. DRMs (W-18: one tier per fact; groups cumulative).
    Modifiers drm(ctx, StepKind::drm, words(ctx, msg::battlesOfWaterlooLabelShockRoll()));
    if (odds.beyond > 0) drm.entryValue(tables::shockOther.odds, "above6to1", odds.beyond, "W-13");
    if (odds.beyond < 0) drm.entryValue(tables::shockOther.odds, "below1to4", -odds.beyond, "W-13");

    if (positionEntry_) drm.entry(*positionEntry_, 1, "W-18");
    if (anyInfantry_ && anyCavalry_) drm.entry(tables::shockPosition.combinedArms, 1, "W-21");
    drm.entry(tables::shockPosition.attackingHexInZoc, attacker.hexesInEnemyZoc, "W-18");

    bool defenderLc = false, defenderDisorderedInf = false;
    for (const Unit& u : def.units) {
      if (u.state == State::eliminated) continue;
      defenderLc = defenderLc || u.type == Arm::lightCavalry;
      defenderDisorderedInf = defenderDisorderedInf || (u.type == Arm::infantry && (u.state == State::d1 || u.state == State::d2));
    }
    if (anyHeavyCavalry_) {
      if (defenderLc) drm.entry(tables::shockCharge.hcChargingLc);
      if (hcFrontal_ && !square) drm.entry(tables::shockCharge.hcChargingFrontally);
      if (defenderDisorderedInf && !square) drm.entry(tables::shockCharge.hcChargingDisorderedInf);
    }

    if (attacker.extendedLine) drm.entryValue(tables::shockOther.extendedLine, "attacker");
    if (defender.extendedLine) drm.entryValue(tables::shockOther.extendedLine, "defender");
    if (attacker.stackedWithNey) drm.entry(tables::shockOther.attackerWithNey);
    if (attacker.wetFuses) drm.entryValue(tables::shockOther.wetFuses, "attacker");
    if (defender.wetFuses) drm.entryValue(tables::shockOther.wetFuses, "defender");

    // Defender disorder: the worst state counts (W-18); Routed -5 not against cavalry.
    bool routed = false, d2 = false, d1 = false, allRouted = true;
    for (const Unit& u : def.units) {
      if (u.state == State::eliminated) continue;
      routed = routed || u.state == State::routed;
      d2 = d2 || u.state == State::d2;
      d1 = d1 || u.state == State::d1;
      allRouted = allRouted && u.state == State::routed;
    }
    if (routed && !anyCavalry_) drm.entry(tables::shockMorale.defenderRouted, 1, "W-18");
    else if (d2) drm.entry(tables::shockMorale.anyDefenderD2, 1, "W-18");
    else if (d1) drm.entry(tables::shockMorale.anyDefenderD1, 1, "W-18");
    if (routed && anyCavalry_) GS_RULING(ctx, "W-39", msg::battlesOfWaterlooRulingRoutedNotVsCavalry());
    if (std::any_of(att.units.begin(), att.units.end(), [](const Unit& u) { return u.state == State::d1; }))
      drm.entry(tables::shockMorale.anyAttackerD1);
    for (std::size_t i = 0; i < eliteDrms_.size(); ++i) {  // "Each Elite/Crack Elite Attacker" (W-22), named per unit
      const EliteDrm& e = eliteDrms_[i];
      const Elite elite = attacker.units[i].elite;
      if (elite == Elite::none) continue;
      if (!ctx.tracing()) drm.add(e.value, {}, {});
      else drm.term(e.value, msg::battlesOfWaterlooReasonEntryForUnit(
                                 ctx.printedText(ctx.ruleset.printedEntry(tables::shockMorale.eliteAttacker).label), att.units[i].who()).text(),
                    1, enumName(elite, inputs::kEliteNames), e.ruling.empty() ? "W-22" : e.ruling);
    }
    auto totalSteps = [](const Side& s) {
      int n = 0;
      for (const Unit& u : s.units)
        if (u.state != State::eliminated) n += u.steps;
      return n;
    };
    if (totalSteps(att) == 1) drm.entryValue(tables::shockMorale.oneStep, "attacker", "W-31");
    if (totalSteps(def) == 1) {
      if (defender.terrain == Terrain::chateau) GS_RULING(ctx, "W-31", msg::battlesOfWaterlooRulingOneStepInChateau());
      else drm.entryValue(tables::shockMorale.oneStep, "defender", "W-31");
    }

    // Defensive terrain; routed defenders "Gain No Terrain Benefits if Assaulted".
    const char* arms = anyInfantry_ ? "other" : "cavalry";
    const Slope slope = attacker.slope;
    const Terrain terrain = defender.terrain;
    if (slope == Slope::downOneLevel) drm.entryValue(tables::shockTerrain.downOneLevel, arms, "W-18");
    if (slope == Slope::downSteepSlope) drm.entryValue(tables::shockTerrain.downOneLevel, arms, "W-39");
    if (allRouted) {
      GS_NOTE(ctx, msg::battlesOfWaterlooNoteRoutedNoTerrainBenefits(), "Effects of Disorder and Rout");
    } else {
      if (slope == Slope::upOneLevel) drm.entry(tables::shockTerrain.upOneLevel);
      if (slope == Slope::upSteepSlope) drm.entry(tables::shockTerrain.upSteepSlope, 1, "W-18");
      if (terrain == Terrain::woods) drm.entryValue(tables::shockTerrain.woods, arms, "W-18");
      if (terrain == Terrain::building || terrain == Terrain::village || terrain == Terrain::builtUpVillage)
        drm.entryValue(tables::shockTerrain.buildingVillage, enumName(terrain, inputs::kShockTerrainNames));  // keyed by the terrain
      if (streamEntry_.entry && !*streamEntry_.key) drm.entry(*streamEntry_.entry);
      else if (streamEntry_.entry) drm.entryValue(*streamEntry_.entry, streamEntry_.key, streamEntry_.ruling);
    }
    drm.add(in_.extraDrm, msg::battlesOfWaterlooLabelExtraDrm(), "input");

    // 3. Roll and read both grids.
    const int natural = ctx.roll(kD10, words(ctx, msg::battlesOfWaterlooLabelShock()));
    const int modified = clampTraced(ctx, natural + drm.total(), table.firstRow(), table.lastRow(),
                                     words(ctx, msg::battlesOfWaterlooLabelShockRows()), "rules-notes 2.2");
    printed::Text cells[2];
    const char* sides[2] = {"attacker", "defender"};
    for (int s = 0; s < 2; ++s) {  // each side's cell of the row: one table read each
      const printed::Value& cell = table.printedCell(odds.column, modified, sides[s]);
      cells[s] = cell.isNull() ? printed::Text("-") : cell.textValue;
      GS_STEP(ctx, step::Table{words(ctx, s ? msg::battlesOfWaterlooLabelDefender() : msg::battlesOfWaterlooLabelAttacker()), tables::shock.id, odds.column, table.columnLabel(odds.column), {}, table.rowLabel(modified), table.rowIndex(modified),
                               cell.isNull() ? TraceValue() : TraceValue::fromData(cell.textValue), kD10.name, natural,
                               drm.total(), natural + drm.total(), {}, "SHOCK COMBAT TABLE"});
      if (ctx.tracing()) {
        const std::string patch = table.patchRuling(odds.column, modified, sides[s]);
        if (!patch.empty()) GS_RULING(ctx, patch, msg::battlesOfWaterlooRulingSideCellReads(s ? msg::battlesOfWaterlooLabelDefender() : msg::battlesOfWaterlooLabelAttacker(), cell.textValue));
      }
    }

    // 4. Results: defender, then attacker, then the steep-slope checks "at the end of the attack".
    applySide(ctx, def, cells[1], msg::battlesOfWaterlooLabelDefender);
    applySide(ctx, att, cells[0], msg::battlesOfWaterlooLabelAttacker);
    if (slope == Slope::downSteepSlope) {
      constexpr ResultCode check = decodeResultCode("d");
      for (Unit& u : att.units) {
        if (u.state == State::eliminated) continue;
        GS_NOTE(ctx, msg::battlesOfWaterlooNoteDownSteepSlopeCheck(u.name()), "Defensive Terrain Modifiers");
        applyResult(ctx, u, check, false, "Defensive Terrain Modifiers");
      }
    }

    if (ctx.tallying()) tallies(ctx, att, def, cells[0], cells[1], att_, def_);
    if (!out) return;
    results::ShockResult r;
    r.attacker = sideResult<results::ShockAttacker>(att, &attack, cells[0]);
    r.defender = sideResult<results::ShockDefender>(def, &defence, cells[1]);
    // As printed, in the response's language ("1.5-1" is 1,5-1 in French).
    const std::string columnLabel(ctx.ruleset.printedText(table.columnLabel(odds.column), currentLang()));
    r.odds.emplace();
    r.odds->column = odds.column;
    r.odds->columnLabel = columnLabel;
    if (odds.beyond > 0) r.odds->levelsAbove = odds.beyond;
    if (odds.beyond < 0) r.odds->levelsBelow = -odds.beyond;
    r.column = odds.column;
    r.columnLabel = columnLabel;
    r.drm = drm.total();
    r.natural = natural;
    r.modified = modified;
    r.row = std::string(said(table.rowLabel(modified)));  // the chart's words in the response's language
    r.cell.emplace();
    r.cell->attacker = cells[0];
    r.cell->defender = cells[1];
    write(*out, r);
  }

 private:
  const Inputs in_;
  PatchedGrid table_;
  bool lcOnly_;     // W26_lc_only
  Side att_, def_;  // the units as they stand before the roll
  std::vector<EliteDrm> eliteDrms_;  // per attacking unit
  Position position_;
  const PrintedEntry* positionEntry_ = nullptr;  // the Position DRM's line (none: front only)
  bool anyCavalry_ = false, anyLightCavalry_ = false, anyHeavyCavalry_ = false, anyInfantry_ = false, hcFrontal_ = false;
  struct {
    const PrintedEntry* entry = nullptr;  // none: no stream crossed
    const char* key = "";
    const char* ruling = "";
  } streamEntry_;
};

}  // namespace
}  // namespace grapeshot::waterloo

GRAPESHOT_PROCEDURES(battles_of_waterloo, {"shock", grapeshot::bindTyped<grapeshot::waterloo::Shock>});
