// Morale and rally tests (seed 000 "Common morale test modifiers", "For the rally tests only").
#include <algorithm>

#include "core/error.h"
#include "napoleon.h"
#include "napoleon_iii_1866_printed.h"
#include "napoleon_iii_1866_tables.h"

namespace grapeshot::napoleon1866 {
namespace tables = ::grapeshot::tables::napoleon_iii_1866;  // the ids of tables.json (generated)
namespace printed = ::grapeshot::printed::napoleon_iii_1866;  // its tables as constants (generated)

Rulings::Rulings(const inputs::Options& o)
    : rollUnder(o.V05_mode == inputs::V05Mode::roll_under),
      doubleLoss(o.V08_double_loss),
      mirrorTerrain(o.V09_mirror_terrain),
      commanderRange(o.V13_range),
      streamAttackerOnly(o.V15_attacker_only),
      stepPerHex(o.V21_step_per_hex) {}

namespace {

// The terrain chart's "Combat /(Defensive protection)" per terrain and town/city, read from the
// printed chart at compile time.
struct Protections {
  int terrain[kTerrainNames.size()] = {};
  int settlement[kSettlementNames.size()] = {};
};
constexpr Protections kProtections = [] {
  Protections out;
  for (const auto& row : printed::terrain.rows) {
    if (!row.protection) continue;
    for (std::size_t i = 0; i < kTerrainNames.size(); ++i)
      if (row.id == kTerrainNames[i]) out.terrain[i] = std::max(out.terrain[i], *row.protection);
    for (std::size_t i = 0; i < kSettlementNames.size(); ++i)
      if (row.id == kSettlementNames[i]) out.settlement[i] = std::max(out.settlement[i], *row.protection);
  }
  return out;
}();

}  // namespace

Hex readHex(Terrain terrain, Settlement settlement, int level) {
  Hex h;
  h.terrain = terrain;
  h.settlement = settlement;
  h.level = level;
  // V-03: the highest protection in the hex counts.
  h.protection = std::max({1, kProtections.terrain[static_cast<int>(h.terrain)],
                           kProtections.settlement[static_cast<int>(h.settlement)]});
  return h;
}

namespace {

// The counter's printed values and state, which every unit shape but the firers' has.
template <typename U>
Unit counter(const U& in) {
  Unit u;
  u.arm = in.type;
  u.nationality = in.nationality;
  u.lightTroops = in.lightTroops;
  u.prussianGuard = in.prussianGuard;
  u.stepsLost = in.stepsLost;
  u.steps = in.steps.value_or(0);
  u.morale = in.morale;
  u.disorganized = in.disorganized;
  u.outOfCommand = in.outOfCommand;
  u.formationDemoralised = in.formationDemoralised;
  return u;
}

// ... and a combat unit's besides.
template <typename U>
Unit combatant(const U& in) {
  Unit u = counter(in);
  u.combatValue = in.combatValue;
  u.heavyCavalry = in.heavyCavalry;
  u.enemyOnFlank = in.enemyOnFlank;
  return u;
}

}  // namespace

// Only an attacker's own hex is read (for its morale tests): the other shapes have none.
Unit readUnit(const inputs::MoraleUnit& in) { return counter(in); }
Unit readUnit(const inputs::FireTargetUnit& in) { return combatant(in); }

Unit readUnit(const inputs::ShockAttackerUnit& in) {
  Unit u = combatant(in);
  u.level = in.level;
  u.hexside = in.hexside;
  u.steepSlope = in.steepSlope;
  u.flank = in.flank;
  u.hex = readHex(in.terrain, in.settlement, in.level);  // its own hex, for its morale tests
  return u;
}

Unit readUnit(const inputs::FireFirer& in) {
  Unit u;
  u.combatValue = in.combatValue;
  u.nationality = in.nationality;
  u.stepsLost = in.stepsLost;
  u.level = in.level;
  u.steepSlope = in.steepSlope;
  u.adjacent = in.adjacent;
  return u;
}

void checkUnit(const Unit& u, const std::string& path) {
  if (u.heavyCavalry && u.arm != Arm::cavalry)
    throw RequestError(code::kConflictingFields,
                       msg::napoleonIii1866ErrorHeavyCavalryFlag(enumName(u.arm, kArmNames)),
                       path + "/heavyCavalry");
  if (u.lightTroops && u.arm == Arm::artillery)
    throw RequestError(code::kConflictingFields, msg::napoleonIii1866ErrorArtilleryNotLight(), path + "/lightTroops");
  if (u.prussianGuard && (u.nationality == Nationality::austrian || u.nationality == Nationality::saxon))
    throw RequestError(code::kConflictingFields, msg::napoleonIii1866ErrorGuardNotPrussian(), path + "/prussianGuard");
  if (u.steps > 0 && u.stepsLost >= u.steps)
    throw RequestError(code::kConflictingFields,
                       msg::napoleonIii1866ErrorStepsLostEliminated(u.stepsLost, u.steps),
                       path + "/stepsLost");
}

Message MoraleTest::ruleMessage() const {
  if (rollUnder)
    return passed ? msg::napoleonIii1866ReasonRollUnderPassed(natural, target) : msg::napoleonIii1866ReasonRollUnderFailed(natural, target);
  return passed ? msg::napoleonIii1866ReasonRollOverPassed(natural, target) : msg::napoleonIii1866ReasonRollOverFailed(natural, target);
}

MoraleTest moraleTest(Context& ctx, const Rulings& rulings, const Unit& unit, const MoraleSituation& s,
                      const std::string& who) {
  // Its name, made only when words are wanted (a message with a parameter allocates).
  const std::string subject =
      ctx.wordy() ? (s.rally ? msg::napoleonIii1866LabelRallyTestOf(who) : msg::napoleonIii1866LabelMoraleTestOf(who)).text()
                  : std::string();
  Modifiers target(ctx, StepKind::moraleModifier, subject);
  target.entry(tables::moraleModifiers.morale, unit.morale);
  if (s.hex->protection >= 2) target.entry(tables::moraleModifiers.protection, 1, "V-16");
  if (s.stackedWithCommander) target.entry(tables::moraleModifiers.stackedWithCommander);
  if (unit.prussianGuard) target.entry(tables::moraleModifiers.prussianGuard);
  // V-25: "town, village or wood" takes a city as a town (there is no separate village terrain).
  if (unit.lightTroops && s.hex->cover())
    target.entry(tables::moraleModifiers.lightTroopsInCover, 1, s.hex->settlement == Settlement::city ? "V-25" : "");
  if (unit.arm == Arm::artillery && unit.nationality == Nationality::austrian) target.entry(tables::moraleModifiers.austrianArtillery);
  target.entry(tables::moraleModifiers.perStepLoss, unit.stepsLost);
  if (s.enemyOnFlank) target.entry(tables::moraleModifiers.enemyOnFlank);
  if (unit.outOfCommand) target.entry(tables::moraleModifiers.outOfCommand);
  if (unit.formationDemoralised) target.entry(tables::moraleModifiers.formationDemoralised);
  if (s.rally) {
    if (s.commanderAdjacent) target.entry(tables::rallyModifiers.commanderAdjacent);
    if (s.enemyArtilleryInRange) target.entry(tables::rallyModifiers.enemyArtillery);
  }
  target.add(s.extraDrm, msg::napoleonIii1866LabelExtraModifier(), "input");

  MoraleTest t{target.total(), 0, false, rulings.rollUnder};
  t.natural = t.rollUnder ? ctx.rollCheckUnder(kD6, subject, t.target) : ctx.rollCheckOver(kD6, subject, 7 - t.target);
  t.passed = t.rollUnder ? t.natural <= t.target : t.natural + t.target >= 7;
  // Roll under: the natural against the target; roll over (V-05 option): natural + target against 7.
  if (t.rollUnder)
    GS_STEP(ctx, step::Check{subject, kD6.name, t.natural, 0, t.natural, t.target, step::PassIf::atMost, t.passed, t.ruleMessage(), "V-05"});
  else
    GS_STEP(ctx, step::Check{subject, kD6.name, t.natural, t.target, t.natural + t.target, 7, step::PassIf::atLeast, t.passed,
                             t.ruleMessage(), "V-05"});
  return t;
}

void loseStep(Context& ctx, UnitState& u, const std::string& who) {
  if (u.eliminated) return;
  ++u.stepsLost;
  ++u.stepsLostNow;
  u.record(Event::stepLoss);
  if (u.steps > 0 && u.stepsLost >= u.steps) {
    u.eliminated = true;
    u.record(Event::eliminated);
    GS_RULING(ctx, "V-26", msg::napoleonIii1866RulingLastStepEliminated(who, u.steps));
  }
}

void disorganize(Context& ctx, UnitState& u, const std::string& who) {
  if (u.eliminated) return;
  if (u.disorganized) {
    GS_STEP(ctx, step::Result{who, msg::napoleonIii1866ReasonAlreadyDisorganized(), "V-07"});
    loseStep(ctx, u, who);
  } else {
    u.disorganized = true;
    u.record(Event::disorganized);
  }
}

namespace {

// The test's outcome as exact odds count it ("disorganized, -1 step"): a tally value, in the catalog's words.
std::string finalText(const UnitState& u) {
  const Message state = u.eliminated     ? msg::napoleonIii1866TallyEliminated()
                        : u.disorganized ? msg::napoleonIii1866TallyDisorganized()
                                         : msg::napoleonIii1866TallyInGoodOrder();
  return u.stepsLostNow ? msg::napoleonIii1866TallyWithStepsLost(state.text(), u.stepsLostNow).text() : state.text();
}

// One unit's morale or rally test (V-05, V-06, V-07, V-19).
class Test : public Play {
 public:
  using Options = inputs::Options;

 protected:
  template <typename In>  // MoraleInputs or RallyInputs
  Test(const In& in, const Options& options, bool rally)
      : rulings_(options), unit_(readUnit(in.unit)), hex_(readHex(in.terrain, in.settlement, 1)) {
    checkUnit(unit_, "/unit");
    s_.hex = &hex_;
    s_.stackedWithCommander = in.stackedWithCommander;
    s_.enemyOnFlank = in.enemyOnFlank;
    s_.rally = rally;
    s_.extraDrm = in.extraDrm;
  }

 public:
  void play(Context& ctx, JsonWriter* out) const override {
    const bool rally = s_.rally;
    const std::string theUnit = words(ctx, msg::napoleonIii1866LabelTheUnit());
    const MoraleTest t = moraleTest(ctx, rulings_, unit_, s_, theUnit);
    UnitState u(unit_);
    Message (*effect)();  // what the test did, in the words of the result (napoleon-iii-1866.result.*)
    if (rally) {
      // V-19: a pass removes disorganization; a failure changes nothing.
      if (t.passed && u.disorganized) {
        u.disorganized = false;
        u.record(Event::rallied);
        effect = msg::napoleonIii1866ResultRallyTestRallied;
      } else {
        effect = t.passed ? msg::napoleonIii1866ResultRallyTestPassedNotDisorganized
                          : msg::napoleonIii1866ResultRallyTestFailedStaysDisorganized;
      }
      if (!t.passed) GS_RULING(ctx, "V-19", msg::napoleonIii1866RulingFailedRallyNoEffect());
    } else if (t.passed) {
      effect = msg::napoleonIii1866ResultMoraleTestPassedNoEffect;
    } else {
      GS_RULING(ctx, "V-06", msg::napoleonIii1866RulingFailedMoraleDisorganizes());
      disorganize(ctx, u, theUnit);
      effect = u.eliminated     ? msg::napoleonIii1866ResultMoraleTestFailedEliminated
               : u.stepsLostNow ? msg::napoleonIii1866ResultMoraleTestFailedStepLoss
                                : msg::napoleonIii1866ResultMoraleTestFailedDisorganized;
    }
    if (ctx.tallying()) {  // exact odds only: a resolve's texts not made
      ctx.tally(rally ? results::RallyTally::passed : results::MoraleTally::passed, t.passed);
      ctx.tally(rally ? results::RallyTally::final : results::MoraleTally::final, finalText(u));
      ctx.tally(rally ? results::RallyTally::stepsLost : results::MoraleTally::stepsLost, u.stepsLostNow);
    }
    if (!out) return;
    if (rally) write(*out, result<results::RallyResult>(t, effect(), u));
    else write(*out, result<results::MoraleResult>(t, effect(), u));
  }

 private:
  // The result of either test (MoraleResult and RallyResult have the same members).
  template <typename R>
  R result(const MoraleTest& t, Message effect, const UnitState& u) const {
    R r;
    r.target = t.target, r.natural = t.natural, r.passed = t.passed, r.rule = t.ruleMessage(), r.effect = std::move(effect);
    r.events.assign(u.events.begin(), u.events.begin() + static_cast<std::ptrdiff_t>(u.eventCount));
    r.unit.morale = unit_.morale, r.unit.disorganized = u.disorganized, r.unit.stepsLost = u.stepsLost;
    if (u.steps > 0) r.unit.eliminated = u.eliminated;
    return r;
  }

 protected:
  Rulings rulings_;
  Unit unit_;
  Hex hex_;
  MoraleSituation s_;
};

struct Morale final : Test {
  using Inputs = inputs::MoraleInputs;
  Morale(const Ruleset&, const Inputs& in, const Options& options) : Test(in, options, false) {}
};
struct Rally final : Test {
  using Inputs = inputs::RallyInputs;
  Rally(const Ruleset&, const Inputs& in, const Options& options) : Test(in, options, true) {
    s_.commanderAdjacent = in.commanderAdjacent;
    s_.enemyArtilleryInRange = in.enemyArtilleryInRange;
  }
};

}  // namespace
}  // namespace grapeshot::napoleon1866

GRAPESHOT_PROCEDURES(napoleon_iii_1866, {"morale", grapeshot::bindTyped<grapeshot::napoleon1866::Morale>},
                     {"rally", grapeshot::bindTyped<grapeshot::napoleon1866::Rally>});
