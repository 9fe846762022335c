// Compiled by ctest (CMakeLists.txt) as is, where it must compile, and once per GRAPESHOT_WRONG_*
// variant, where it must not: the generated results (<folder>_results.h, from results.json) make a
// misspelt result member, an enum value of another enum and a tally of the wrong type compile errors,
// not a response of the wrong shape.
#include "core/context.h"
#include "grande_tactique_results.h"

namespace results = grapeshot::results::grande_tactique;

void fill(grapeshot::Context& ctx, results::MoraleResult& r) {
#if defined(GRAPESHOT_WRONG_MEMBER)
  r.natral = 4;
#elif defined(GRAPESHOT_WRONG_ENUM)
  r.consequence = results::Outcome::bothPassed;
#elif defined(GRAPESHOT_WRONG_TALLY)
  ctx.tally(results::MoraleTally::consequence, "flee");
#else
  r.natural = 4;
  r.consequence = results::Consequence::flee;
  ctx.tally(results::MoraleTally::consequence, results::Consequence::flee);
#endif
}
