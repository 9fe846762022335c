// The Cohesion Check and the COMBAT RESULTS MATRIX of The Battles of Waterloo (seed 002), shared by
// fire, shock, morale and the movement/rally procedures.
//
// A result code (fire "1d+2", shock "2BDr", square "Dr", charge reaction "Bd") is applied letter by
// letter in the order steps -> B -> d/D -> r/R, each letter read on the matrix row of the unit's
// *current* state (W-19). Lower-case letters are Cohesion Checks (fail -> the matrix column),
// capitals apply the column outright (W-11).
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include "core/context.h"
#include "core/printed.h"
#include "core/typed.h"
#include "battles_of_waterloo_inputs.h"
#include "battles_of_waterloo_results.h"

namespace grapeshot::waterloo {

// The inputs as ruleset.json's schemas declare them, generated from it (scripts/gen-inputs.mjs).
namespace inputs = ::grapeshot::inputs::battles_of_waterloo;
// The results as results.json declares them, generated from it (scripts/gen-results.mjs).
namespace results = ::grapeshot::results::battles_of_waterloo;

// A unit's type: the schemas' list of the units the matrix reads (x-enum "Arm").
using inputs::Arm;
using inputs::kArmNames;
// Its morale state, as the matrix rows print it: every state a schema lists (leave-square's list is
// mapped value by value, rally.cpp; the others by position, crm.cpp) and the matrix's own Eliminated.
enum class State { normal, d1, d2, routed, blown, eliminated };
inline constexpr EnumNames<6> kStateNames{"Normal", "D-1", "D-2", "Routed", "Blown", "Eliminated"};
inline const char* name(State s) { return enumName(s, kStateNames); }
constexpr const EnumNames<6>& enumNames(State) { return kStateNames; }
using inputs::name;  // name(Arm) and every generated enum's
inline bool isCavalry(Arm a) { return a == Arm::lightCavalry || a == Arm::heavyCavalry; }
// Disordered or worse by this roll (the headline odds count what the roll does, not a state the unit
// already had): Normal and Blown are undisordered, then D-1, D-2, Routed, Eliminated.
inline int disorder(State s) {
  switch (s) {
    case State::d1: return 1;
    case State::d2: return 2;
    case State::routed: return 3;
    case State::eliminated: return 4;
    default: return 0;
  }
}
inline bool worsened(State before, State after) { return disorder(after) > disorder(before); }
// What happened to a unit, in order (reported as the words of kEventNames).
enum class Event { stepLoss, retreat, d1, d2, rout, eliminated };
inline constexpr EnumNames<6> kEventNames{"stepLoss", "retreat", "D-1", "D-2", "rout", "eliminated"};
constexpr const EnumNames<6>& enumNames(Event) { return kEventNames; }

// Cohesion Check (W-02, rules-notes 2.2): one d10 read 0-9 (W-01); pass iff natural + drm <= cohesion.
// Traced as a "check" step; `who` names the unit in the trace and in the roll's purpose.
bool cohesionCheck(Context& ctx, int cohesion, int drm, const std::string& who);

// One unit as the matrix sees it, before and after a result.
struct Unit {
  // "the target", "attacking unit 1" (trace wording): its text, and the catalog message it is (a
  // parameter of the sentences that name the unit, so a host translates it with them). Shared, so that
  // exact odds copy units freely.
  const std::string& who() const { return who_->text; }
  const Message& name() const { return who_->message; }
  void setWho(Message m) {  // moved in: its parameters are not copied
    std::string text = m.text();
    who_ = std::make_shared<const Name>(Name{std::move(text), std::move(m)});
  }
  Arm type = Arm::infantry;
  State state = State::normal;
  int cohesion = -1;            // Cohesion rating; required wherever a check can come up (W-35)
  int steps = 0;                // steps before the result; 0 = not given (no elimination by losses)
  int movementAllowance = 0;    // MA, for the length of a rout retreat (1/2 move, rounded up; W-19)
  int bRetreatHexes = -1;       // the length of a B "Retreat" (W19_retreat_hexes), set by readUnit; -1: none
  bool retreatBlocked = false;  // unable to retreat: each retreat costs a step instead (W-19, W-38)
  bool routBlocked = false;     // unable to rout its full distance: a rout eliminates it (W-38)

  // What happened (filled by the functions below).
  int stepsLost = 0;
  int retreatHexes = 0;   // total hexes of B / "Retreat 1 hex" retreats
  bool routRetreat = false;
  std::vector<Event> events;    // effects in order (the result's events: "stepLoss", "retreat", "D-1", "rout", ...)
  // The Cohesion Checks its result called for, in order (a d, an r, the matrix's "<=Cohesion - B"):
  // at most one per letter and per matrix column read, so a fixed array (exact odds copy units freely).
  std::array<results::CohesionCheckOutcome, 6> checks{};
  std::uint8_t checkCount = 0;
  void checked(results::Letter letter, bool passed);

 private:
  struct Name {
    std::string text;
    Message message;
  };
  std::shared_ptr<const Name> who_ = theUnit();
  static std::shared_ptr<const Name> theUnit();  // "the unit", made once
};
std::vector<results::Event> events(const std::vector<Event>& events);

// The matrix row type of a unit type ("Infantry" | "Cavalry" | "Artillery").
const char* matrixType(Arm type);

// The schemas' lists of states and of types the matrix reads are each a first part of the matrix's,
// in the same order (held by static_assert in crm.cpp), so a value maps by its position.
inline State matrixState(inputs::UnitState s) { return static_cast<State>(s); }
inline State matrixState(inputs::ActionState s) { return static_cast<State>(s); }
inline Arm matrixArm(Arm a) { return a; }
inline Arm matrixArm(inputs::AttackerType t) { return static_cast<Arm>(t); }
inline Arm matrixArm(inputs::SquareUnitType t) { return static_cast<Arm>(t); }
inline int given(int n) { return n; }
inline int given(const std::optional<int>& n) { return n.value_or(0); }  // not given: 0

// Refuses a state the matrix prints no row for, for the unit's type (RequestError at path/state).
void checkMatrixRow(const Unit& u, const std::string& path);

// A unit of any of the schemas' unit shapes (the fields they all have), under the options; `path` is
// its JSON Pointer and `who` names it in the trace.
template <typename In>
Unit readUnit(const In& in, const inputs::Options& options, const std::string& path, Message who) {
  Unit u;
  u.setWho(std::move(who));
  u.type = matrixArm(in.type);
  u.state = matrixState(in.state);
  u.cohesion = in.cohesion;
  u.steps = given(in.steps);
  u.movementAllowance = given(in.movementAllowance);
  u.retreatBlocked = in.retreatBlocked;
  u.routBlocked = in.routBlocked;
  u.bRetreatHexes = options.W19_retreat_hexes;
  checkMatrixRow(u, path);
  return u;
}

// The unit after the result (results.json's unitOutcome), with the Cohesion Checks its result called for.
results::UnitOutcome outcome(const Unit& u);
// What a unit's outcome says, one sentence per fact: steps lost, hexes retreated, and eliminated,
// routed, disordered or unaffected. `who` is its name in the summary ("The target's top unit").
void sayFate(Summary& s, const results::UnitOutcome& u, const Message& who);

// A result code as the charts' keys read it: steps, B, d/D, r/R and (fire only) the check DRM "d+2".
struct ResultCode {
  printed::Text text = "-";  // as printed: a view of the data, or a literal
  int steps = 0;
  bool back = false;
  char disorder = 0;  // 0, 'd' or 'D'
  char rout = 0;      // 0, 'r' or 'R'
  int checkDrm = 0;
};
// Decodes any code of the charts ("-", "d-2", "1D", "1BDr", "3BR", "Dr", "R", "Bd"). constexpr, so
// that every code the Fire and Shock Combat Tables print (and their patches write) is decoded when the
// code compiles (decodesAll, below); a malformed code is a logic error (codes come from tables.json or
// the procedures, never from callers).
constexpr ResultCode decodeResultCode(printed::Text text) {
  ResultCode c;
  c.text = text;
  if (text == "-") return c;
  std::size_t i = 0;
  const auto digit = [&] { return i < text.size() && text[i] >= '0' && text[i] <= '9'; };
  for (; digit(); ++i) c.steps = c.steps * 10 + (text[i] - '0');
  if (i < text.size() && text[i] == 'B') c.back = true, ++i;
  if (i < text.size() && (text[i] == 'd' || text[i] == 'D')) c.disorder = text[i++];
  if (i < text.size() && (text[i] == 'r' || text[i] == 'R')) c.rout = text[i++];
  if (i + 1 < text.size() && (text[i] == '+' || text[i] == '-')) {
    const int sign = text[i++] == '-' ? -1 : 1;
    int drm = 0;
    for (; digit(); ++i) drm = drm * 10 + (text[i] - '0');
    c.checkDrm = sign * drm;
  }
  if (i != text.size() || text.empty()) throw std::logic_error("malformed result code");
  return c;
}
// Whether every cell of `grid` and every patched cell is a code decodeResultCode reads (or a blank):
// a static_assert of the procedures that read the grid.
constexpr bool decodesAll(const printed::GridData& grid) {
  for (const auto& cell : grid.cells)
    if (!cell.isNull()) decodeResultCode(cell.textValue);
  for (const auto& patch : grid.patches)
    if (!patch.value.isNull()) decodeResultCode(patch.value.textValue);
  return true;
}

// Applies `code` to `u` (W-19 order). `takeSteps` false: skip the leading step count (W-04, a stack's
// other units). `ref` cites where the code came from ("Fire Combat Table", "W-25", ...).
void applyResult(Context& ctx, Unit& u, const ResultCode& code, bool takeSteps = true, const std::string& ref = "");

// Applies one column of the matrix ("B", "d/D", "r/R") to `u` on the row of its current state.
void applyMatrix(Context& ctx, Unit& u, const std::string& column, const std::string& ref = "");

// Why a unit loses steps, as the trace says it: a result code's leading number (`detail` the code), a
// retreat it cannot make (W-38), a matrix cell's words (`detail` the words), or an automatic result
// against Blown cavalry (`detail` the letter).
enum class Loss { result, cannotRetreat, matrix, blown };
// Takes `n` step losses, never more than the unit has left (W-36); eliminated when no steps remain.
void loseSteps(Context& ctx, Unit& u, int n, Loss why, std::string_view detail, const std::string& ref);

}  // namespace grapeshot::waterloo
