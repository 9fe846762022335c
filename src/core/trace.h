// The explanation trace's step kinds: a closed set, defined once here. The TypeScript declarations
// (bindings/js/index.d.ts, TraceKind) list the same names, and tests/native/test_trace.cpp checks both
// that every step of every fixture has one of them and that the declarations agree.
#pragma once
#include "typed.h"

namespace grapeshot {

enum class StepKind {
  strength,        // a side's or unit's strength (sum of values, W-12 fractions)
  division,        // strength divided by terrain protection (V-03, V-04)
  multiplier,      // a printed multiplier (x2, x1/2), exact
  column,          // the column read (odds, strength)
  columnShift,     // one printed column shift
  drm,             // one printed die roll modifier
  moraleModifier,  // one term of a morale target number
  movementCost,    // one term of a movement cost
  clamp,           // a value held to the printed limits
  modifiedRoll,    // a natural roll and its modifiers
  table,           // a table read: column, row, cell
  matrix,          // a Combat Results Matrix read
  band,            // a band of a printed table
  check,           // a check against a target (cohesion, morale), passed or failed
  result,          // an effect applied to a unit
  note,            // a remark on the rules as read
  ruling,          // a ruling of rules-notes that decided something (its id in `ref`)
  prohibited,      // an action the rules forbid here
  stacking,        // a stacking limit read
  zoc,             // a zone of control effect
  points,          // a points total (Black Powder)
  combatType,      // which combat procedure applies
};
inline constexpr EnumNames<22> kStepKindNames{
    "strength", "division", "multiplier", "column", "columnShift", "drm", "moraleModifier", "movementCost",
    "clamp", "modifiedRoll", "table", "matrix", "band", "check", "result", "note", "ruling", "prohibited",
    "stacking", "zoc", "points", "combatType"};

}  // namespace grapeshot
