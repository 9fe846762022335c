// Cohesion Check and Combat Results Matrix (seed 002 "COMBAT RESULTS MATRIX", rules-notes 2.3.8, 2.4).
#include "crm.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "battles_of_waterloo_printed.h"

namespace grapeshot::waterloo {

bool cohesionCheck(Context& ctx, int cohesion, int drm, const std::string& who) {
  const int natural =
      ctx.rollCheckUnder(kD10, ctx.wordy() ? msg::battlesOfWaterlooReasonCohesionCheckOf(who).text() : std::string(), cohesion - drm);
  const int total = natural + drm;
  const bool passed = total <= cohesion;
  const std::string roll = ctx.tracing() ? rollText(kD10, natural, drm) : std::string();
  GS_STEP(ctx, step::Check{who, kD10.name, natural, drm, total, cohesion, step::PassIf::atMost, passed,
                           passed ? msg::battlesOfWaterlooReasonCohesionPassed(roll, cohesion)
                                  : msg::battlesOfWaterlooReasonCohesionFailed(roll, cohesion),
                           "W-02"});
  return passed;
}

TraceValue valueWord(std::string_view v) {
  if (v == "infantry") return msg::battlesOfWaterlooWordInfantry();
  if (v == "cavalry") return msg::battlesOfWaterlooWordCavalry();
  if (v == "artillery") return msg::battlesOfWaterlooWordArtillery();
  if (v == "leader") return msg::battlesOfWaterlooWordLeader();
  if (v == "lightCavalry") return msg::battlesOfWaterlooWordLightCavalry();
  if (v == "heavyCavalry") return msg::battlesOfWaterlooWordHeavyCavalry();
  if (v == "front") return msg::battlesOfWaterlooWordFront();
  if (v == "flank") return msg::battlesOfWaterlooWordFlank();
  if (v == "rear") return msg::battlesOfWaterlooWordRear();
  if (v == "Routed") return msg::battlesOfWaterlooWordRouted();
  if (v == "Normal") return msg::battlesOfWaterlooWordNormal();
  if (v == "Blown") return msg::battlesOfWaterlooWordBlown();
  return TraceValue(std::string(v));
}

const char* matrixType(Arm type) {
  if (type == Arm::infantry) return "Infantry";
  if (type == Arm::artillery) return "Artillery";
  return "Cavalry";  // lightCavalry, heavyCavalry
}

namespace {
int matrixTypeIndex(Arm type) { return type == Arm::infantry ? 0 : type == Arm::artillery ? 2 : 1; }
}  // namespace

namespace {

namespace printed = ::grapeshot::printed::battles_of_waterloo;  // tables.json as typed constants (generated)
using printed::Text;

// A matrix cell's effect words (tables.json), read once into this closed set: a misspelt word fails
// when the matrix is first indexed, not mid-roll.
enum class Effect { retreat, retreat1hex, d1, d2, rout, stepLoss, eliminated, cohesionCheckElseRout };
inline constexpr EnumNames<8> kEffectNames{"retreat", "retreat1hex", "D-1", "D-2", "rout", "stepLoss", "eliminated",
                                           "cohesionCheckElseRout"};

Effect effectNamed(Text word) {
  for (std::size_t i = 0; i < kEffectNames.size(); ++i)
    if (word == kEffectNames[i]) return static_cast<Effect>(i);
  throw std::logic_error("\"" + std::string(word) + "\" is not an effect word of the Combat Results Matrix");
}

// The index of a matrix column ("B", "d/D", "r/R") in the printed order of its cells.
constexpr std::size_t matrixColumn(Text name) {
  const auto& columns = printed::combatResultsMatrix.columns;
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == name) return i;
  throw std::logic_error("Combat Results Matrix has no column " + std::string(name));
}
constexpr std::size_t kBackColumn = matrixColumn("B");  // what "<=Cohesion - B" applies (W-32)

struct MatrixCell {
  Text text;  // the printed words
  std::vector<Effect> effects;
};

// The matrix indexed once: exact odds read it for every unit of every dice sequence.
struct MatrixIndex {
  static constexpr const char* kTypes[] = {"Infantry", "Cavalry", "Artillery"};  // matrixTypeIndex
  std::vector<MatrixCell> cells[kStateNames.size()][3];  // per row, in column order
  MatrixIndex() {
    for (const auto& row : printed::combatResultsMatrix.rows)
      for (int s = 0; s < 6; ++s)
        for (int t = 0; t < 3; ++t)
          if (row.state == kStateNames[s] && row.type == kTypes[t] && cells[s][t].empty()) {
            for (const auto& c : row.cells) {
              MatrixCell cell{c.text, {}};
              for (const Text e : c.effects) cell.effects.push_back(effectNamed(e));
              cells[s][t].push_back(std::move(cell));
            }
          }
  }
};

const MatrixIndex& matrixIndex() {
  static const MatrixIndex index;
  return index;
}

void rout(Context& ctx, Unit& u, const std::string& ref) {
  if (u.routBlocked || u.retreatBlocked) {
    // "Units that cannot rout their full rout distance are eliminated" (W-38); one that cannot
    // retreat at all cannot rout either.
    u.state = State::eliminated;
    u.events.push_back(Event::eliminated);
    GS_STEP(ctx, step::Result{u.who(), u.routBlocked ? msg::battlesOfWaterlooReasonCannotRoutFullDistance()
                                                      : msg::battlesOfWaterlooReasonCannotRetreatCannotRout(), "W-38"});
    return;
  }
  u.state = State::routed;
  u.routRetreat = true;
  u.events.push_back(Event::rout);
  GS_STEP(ctx, step::Result{u.who(), msg::battlesOfWaterlooReasonRouts(), ref.empty() ? "W-19" : ref});
}

// W-35: every unit a procedure may check gives its Cohesion (the schemas require it), so a missing
// rating here is a bug in a schema, never something the dice can cause.
void requireCohesion(const Unit& u) {
  if (u.cohesion < 0) throw std::logic_error(u.who() + " reached a Cohesion Check without a cohesion (schema bug)");
}

void retreat(Context& ctx, Unit& u, int hexes, std::string_view what) {
  if (u.retreatBlocked) {
    loseSteps(ctx, u, 1, Loss::cannotRetreat, {}, "W-38");
    return;
  }
  u.retreatHexes += hexes;
  u.events.push_back(Event::retreat);
  GS_STEP(ctx, step::Result{u.who(), msg::battlesOfWaterlooReasonRetreats(std::string(said(what)), hexes), "W-19"});
}

// The matrix cell's effect words, applied in printed order; `row` is the row the cell was read on.
void applyEffects(Context& ctx, Unit& u, const std::vector<MatrixCell>& row, const MatrixCell& cell,
                  const std::string& column, const std::string& ref) {
  for (const Effect effect : cell.effects) {
    if (u.state == State::eliminated) return;
    switch (effect) {
      case Effect::retreat:
        if (u.bRetreatHexes < 0) throw std::logic_error(u.who() + " retreats without a B retreat length (bind bug)");
        retreat(ctx, u, u.bRetreatHexes, cell.text);
        break;
      case Effect::retreat1hex:
        retreat(ctx, u, 1, cell.text);
        break;
      case Effect::d1:
      case Effect::d2:
        u.state = effect == Effect::d1 ? State::d1 : State::d2;
        u.events.push_back(u.state == State::d1 ? Event::d1 : Event::d2);
        GS_STEP(ctx, step::Result{u.who(), ctx.printedText(cell.text), msg::battlesOfWaterlooRefCombatResultsMatrix().text()});
        break;
      case Effect::rout:
        rout(ctx, u, ref);
        break;
      case Effect::stepLoss:
        loseSteps(ctx, u, 1, Loss::matrix, cell.text, words(ctx, msg::battlesOfWaterlooRefCombatResultsMatrix()));
        break;
      case Effect::eliminated:
        u.state = State::eliminated;
        u.events.push_back(Event::eliminated);
        GS_STEP(ctx, step::Result{u.who(), msg::battlesOfWaterlooReasonEliminated(), msg::battlesOfWaterlooRefCombatResultsMatrix().text()});
        break;
      case Effect::cohesionCheckElseRout:
        // "<=Cohesion - B, otherwise Rout": pass applies this row's B cell (W-32).
        requireCohesion(u);
        if (cohesionCheck(ctx, u.cohesion, 0,
                          ctx.wordy() ? msg::battlesOfWaterlooReasonUnitMatrixColumn(u.who(), column).text() : std::string())) {
          u.checked(results::Letter::B, true);
          applyEffects(ctx, u, row, row[kBackColumn], "B", ref);
        } else {
          u.checked(results::Letter::B, false);
          rout(ctx, u, words(ctx, msg::battlesOfWaterlooRefCombatResultsMatrix()));
        }
        break;
    }
  }
}

}  // namespace

static_assert(namesLead(inputs::kUnitStateNames, kStateNames) && namesLead(inputs::kActionStateNames, kStateNames));
static_assert(namesLead(inputs::kAttackerTypeNames, kArmNames) && namesLead(inputs::kSquareUnitTypeNames, kArmNames));

std::shared_ptr<const Unit::Name> Unit::theUnit() {
  static const auto kTheUnit = std::make_shared<const Name>(Name{msg::battlesOfWaterlooLabelTheUnit().text(), msg::battlesOfWaterlooLabelTheUnit()});
  return kTheUnit;
}

void checkMatrixRow(const Unit& u, const std::string& path) {
  // The matrix prints D-2 only for infantry and Blown only for cavalry.
  if ((u.state == State::d2 && u.type != Arm::infantry) || (u.state == State::blown && !isCavalry(u.type)))
    throw RequestError(code::kInvalidValue,
                       msg::battlesOfWaterlooErrorNoMatrixRow(u.name(), name(u.state), matrixType(u.type)),
                       pointerJoin(path, "state"));
}

void Unit::checked(results::Letter letter, bool passed) {
  if (checkCount == checks.size()) throw std::logic_error("a unit took more Cohesion Checks than one result can call for");
  checks[checkCount++] = {letter, passed};
}

results::UnitOutcome outcome(const Unit& u) {
  results::UnitOutcome o;
  o.type = sameEnum<results::Arm>(u.type);
  o.newState = sameEnum<results::State>(u.state);
  o.stepsLost = u.stepsLost;
  o.retreat = u.retreatHexes;
  o.routRetreat = u.routRetreat;
  o.events = events(u.events);
  if (u.steps > 0) o.stepsLeft = std::max(0, u.steps - u.stepsLost);
  if (u.routRetreat && u.movementAllowance > 0) o.routRetreatHexes = (u.movementAllowance + 1) / 2;
  if (u.checkCount) o.checks.emplace(u.checks.begin(), u.checks.begin() + u.checkCount);
  return o;
}

std::vector<results::Event> events(const std::vector<Event>& events) {
  std::vector<results::Event> out;
  for (const Event e : events) out.push_back(sameEnum<results::Event>(e));
  return out;
}


namespace {
Message lossReason(Loss why, std::string_view detail, int n) {
  switch (why) {
    case Loss::result: return msg::battlesOfWaterlooReasonResultLosesSteps(detail, n);
    case Loss::cannotRetreat: return msg::battlesOfWaterlooReasonCannotRetreatLosesSteps(n);
    case Loss::matrix: return msg::battlesOfWaterlooReasonEffectLosesSteps(detail, n);
    case Loss::blown: break;
  }
  return msg::battlesOfWaterlooReasonBlownLosesSteps(detail, n);
}
}  // namespace

void loseSteps(Context& ctx, Unit& u, int n, Loss why, std::string_view detail, const std::string& ref) {
  if (n <= 0 || u.state == State::eliminated) return;
  if (u.steps > 0) n = std::min(n, u.steps - u.stepsLost);  // W-36: never beyond the steps it has
  u.stepsLost += n;
  for (int i = 0; i < n; ++i) u.events.push_back(Event::stepLoss);
  GS_STEP(ctx, step::Result{u.who(), lossReason(why, said(detail), n), ref});
  if (u.steps > 0 && u.stepsLost >= u.steps) {
    u.state = State::eliminated;
    u.events.push_back(Event::eliminated);
    GS_STEP(ctx, step::Result{u.who(), msg::battlesOfWaterlooReasonNoStepsLeft(), "W-36"});
  }
}

void applyMatrix(Context& ctx, Unit& u, const std::string& column, const std::string& ref) {
  if (u.state == State::eliminated) return;
  const auto& row = matrixIndex().cells[static_cast<int>(u.state)][matrixTypeIndex(u.type)];
  if (row.empty()) throw std::logic_error(std::string("Combat Results Matrix has no row ") + name(u.state) + "/" + name(u.type));
  const MatrixCell& cell = row.at(matrixColumn(column));
  GS_STEP(ctx, step::Matrix{u.who(), msg::battlesOfWaterlooReasonMatrixRow(ctx.printedText(name(u.state)), ctx.printedText(matrixType(u.type))).text(), column,
                            TraceValue::fromData(cell.text), {}, ref.empty() ? msg::battlesOfWaterlooRefCombatResultsMatrix().text() : ref});
  applyEffects(ctx, u, row, cell, column, ref);
}

void applyResult(Context& ctx, Unit& u, const ResultCode& code, bool takeSteps, const std::string& ref) {
  if (code.text == "-" || u.state == State::eliminated) return;
  if (takeSteps && code.steps > 0) loseSteps(ctx, u, code.steps, Loss::result, code.text, ref.empty() ? "W-19" : ref);
  if (code.back) applyMatrix(ctx, u, "B", "W-19");

  // d/D then r/R: a lower-case letter is a Cohesion Check whose failure applies the column (W-11);
  // against Blown cavalry checks are automatic and printed automatic results cost an extra step.
  auto letter = [&](char printed, const std::string& column, int drm, results::Letter which) {
    if (!printed || u.state == State::eliminated) return;
    const bool automatic = std::isupper(static_cast<unsigned char>(printed)) != 0;
    const bool blown = u.state == State::blown;
    if (!automatic && blown) {
      GS_STEP(ctx, step::Note{u.who(),
                              msg::battlesOfWaterlooNoteBlownAutomatic(std::string(1, printed),
                                                                       std::string(1, static_cast<char>(std::toupper(printed)))),
                              msg::battlesOfWaterlooRefBlownCavalry().text()});
    } else if (!automatic) {
      requireCohesion(u);
      const bool passed = cohesionCheck(ctx, u.cohesion, drm,
                                        ctx.wordy() ? msg::battlesOfWaterlooReasonUnitResultCode(u.who(), code.text).text() : std::string());
      u.checked(which, passed);
      if (passed) return;
    }
    applyMatrix(ctx, u, column, "W-11");
    if (automatic && blown) loseSteps(ctx, u, 1, Loss::blown, std::string_view(&printed, 1), words(ctx, msg::battlesOfWaterlooRefBlownCavalry()));
  };
  letter(code.disorder, "d/D", code.checkDrm, results::Letter::d);
  letter(code.rout, "r/R", 0, results::Letter::r);  // read on the state the earlier letters left (W-19)
}

}  // namespace grapeshot::waterloo
