// The ids of a ruleset's tables and entries as constants, generated from its tables.json at build time
// (cmake/EmbedRuleset.cmake writes <folder>_tables.h): a procedure that names a table or an entry
// through them cannot misspell it, and an id removed from the data fails to compile.
#pragma once

namespace grapeshot {

struct TableId {
  const char* id;
};

struct EntryId {
  const char* table;
  const char* id;
  int index = -1;   // its ordinal among the ruleset's generated ids: where its printed entry is
  int ruleset = 0;  // the tag of the ruleset it was generated for (an EntryId of another one is looked up)
};

}  // namespace grapeshot
