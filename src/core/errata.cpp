#include "errata.h"

namespace grapeshot {
namespace {

// Whether two printed scalars are the same value (lists and objects: never taken as the same).
bool sameData(const printed::Value& a, const printed::Value& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case printed::Value::null: return true;
    case printed::Value::boolean: return a.flag == b.flag;
    case printed::Value::integer: return a.integerValue == b.integerValue;
    case printed::Value::number: return a.numberValue == b.numberValue;
    case printed::Value::text: return a.textValue == b.textValue;
    default: return false;
  }
}

}  // namespace

PatchedGrid Errata::grid(TableId t) const {
  const Grid* g = ruleset_.grid(t);
  if (!g) throw std::logic_error(ruleset_.id() + ": no grid table " + std::string(t.id));
  return grid(*g);
}

// Each patch's option found once per request (consecutive patches of one option and value, as a
// blank fill's cells, found once), not once per cell read.
PatchedGrid Errata::grid(const Grid& g) const {
  PatchedGrid out(g);
  const printed::List<printed::GridPatch>& patches = g.data().patches;
  const printed::GridPatch* last = nullptr;
  bool lastOn = false;
  for (std::size_t i = 0; i < patches.size(); ++i) {
    const printed::GridPatch& p = patches[i];
    if (!last || p.option != last->option || !sameData(p.equals, last->equals)) lastOn = this->on(p);
    last = &p;
    if (lastOn) out.switchOn(static_cast<int>(i));
  }
  return out;
}

}  // namespace grapeshot
