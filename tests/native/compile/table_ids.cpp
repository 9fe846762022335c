// Compiled by ctest twice (CMakeLists.txt): as is, it must compile; with GRAPESHOT_MISSPELT defined it
// must not, since the generated table ids (<folder>_tables.h) know no such entry. The pair shows that
// a misspelt table or entry id in a procedure is a compile error, not an internal_error mid-roll.
#include "napoleon_iii_1866_tables.h"

namespace tables = grapeshot::tables::napoleon_iii_1866;

#ifndef GRAPESHOT_MISSPELT
constexpr grapeshot::EntryId kShift = tables::columnModifiers.defenderHigher;
#else
constexpr grapeshot::EntryId kShift = tables::columnModifiers.defenderHigest;
#endif
static_assert(kShift.table[0] == 'c' && kShift.id[0] == 'd', "an entry names its table and itself");
