# Embeds a ruleset folder's ruleset.json and tables.json into a generated .cpp that registers them
# (src/core/ruleset.h), with their data hash. Re-runs when either file changes.
#
# Each file is embedded without its line breaks and indentation (a third of the bytes the engine
# parses on its first request; JSON strings cannot hold a raw line break, so no value changes), and
# the data hash receipts carry is computed here, at build time: SHA-256 of the embedded ruleset.json,
# a line feed, and the embedded tables.json (the embedded texts hold no line feed, so the split is
# unambiguous).
function(gs_embed_ruleset folder_path out_var)
  get_filename_component(name "${folder_path}" NAME)
  set(out "${CMAKE_BINARY_DIR}/generated/ruleset_data_${name}.cpp")
  foreach(f ruleset tables)
    set(path "${folder_path}/${f}.json")
    if(NOT EXISTS "${path}")
      message(FATAL_ERROR "ruleset ${name}: missing ${f}.json")
    endif()
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${path}")
    file(READ "${path}" content_${f})
    string(REGEX REPLACE "\r?\n[ \t]*" "" content_${f} "${content_${f}}")
    string(FIND "${content_${f}}" ")gs_json\"" clash)
    if(NOT clash EQUAL -1)
      message(FATAL_ERROR "${path} contains the raw-string delimiter )gs_json\"")
    endif()
  endforeach()
  string(SHA256 data_hash "${content_ruleset}\n${content_tables}")
  # The ruleset's tag, which its EntryIds carry: a number from its folder name.
  string(SHA256 tag_hash "${name}")
  string(SUBSTRING "${tag_hash}" 0 7 tag_hex)
  math(EXPR ruleset_tag "0x${tag_hex}")
  gs_table_ids("${name}" "${content_tables}" ${ruleset_tag} entry_ids)
  gs_typed_inputs("${folder_path}" inputs_cpp)
  gs_typed_results("${folder_path}" results_cpp)
  gs_printed_tables("${folder_path}")  # before the .cpp below, which includes it
  file(CONFIGURE OUTPUT "${out}" CONTENT "// Generated from src/rulesets/${name}/*.json by cmake/EmbedRuleset.cmake. Do not edit.
#include \"core/ruleset.h\"
#include \"${name}_printed.h\"
#include \"${name}_tables.h\"
namespace {
namespace printed = ::grapeshot::printed::${name};
// The printed entries (scripts/gen-tables.mjs) are numbered as the EntryIds (<folder>_tables.h):
// each EntryId's index holds its own entry, checked when this compiles.
constexpr bool entriesNumbered() {
  for (int i = 0; i < printed::kPrintedEntryCount; ++i) {
    const ::grapeshot::EntryId& e = ::grapeshot::tables::${name}::kAllEntryIds[i];
    if (e.index != i || printed::kPrintedEntries[i].table != e.table || printed::kPrintedEntries[i].id != e.id) return false;
  }
  return true;
}
static_assert(printed::kPrintedEntryCount == ${entry_ids} && entriesNumbered());
const bool registered = ::grapeshot::registerRulesetData(\"${name}\", R\"gs_json(${content_ruleset})gs_json\",
                                                         R\"gs_json(${content_tables})gs_json\",
                                                         \"${data_hash}\", printed::kPrintedTables,
                                                         ${ruleset_tag});
}
" @ONLY)
  set(${out_var} "${out}" "${inputs_cpp}" "${results_cpp}" PARENT_SCOPE)
endfunction()

# Runs a generator, `node scripts/<script> <folder> <build>/generated`, at configure time (and again
# when the script changes; the folder's JSON files are configure dependencies already).
function(gs_generate script folder_path what)
  find_program(GRAPESHOT_NODE NAMES node nodejs REQUIRED NO_CMAKE_FIND_ROOT_PATH)
  set(path "${CMAKE_SOURCE_DIR}/scripts/${script}")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${path}" "${CMAKE_SOURCE_DIR}/scripts/cxx-names.mjs")
  execute_process(COMMAND "${GRAPESHOT_NODE}" "${path}" "${folder_path}" "${CMAKE_BINARY_DIR}/generated"
                  RESULT_VARIABLE failed ERROR_VARIABLE message)
  if(failed)
    message(FATAL_ERROR "${what}: ${message}")
  endif()
endfunction()

# Writes generated/<folder>_inputs.{h,cpp}: the typed inputs of the folder's procedures and its
# options, generated from ruleset.json's schemas by scripts/gen-inputs.mjs (core/typed.h).
function(gs_typed_inputs folder_path out_var)
  get_filename_component(name "${folder_path}" NAME)
  gs_generate(gen-inputs.mjs "${folder_path}" "typed inputs of ${name}")
  set(${out_var} "${CMAKE_BINARY_DIR}/generated/${name}_inputs.cpp" PARENT_SCOPE)
endfunction()

# Writes generated/<folder>_results.{h,cpp}: the typed results of the folder's procedures, their
# writers and their tallies' keys, generated from results.json by scripts/gen-results.mjs (which
# also checks ruleset.json's headlines against the declared tallies).
function(gs_typed_results folder_path out_var)
  get_filename_component(name "${folder_path}" NAME)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${folder_path}/results.json")
  gs_generate(gen-results.mjs "${folder_path}" "typed results of ${name}")
  set(${out_var} "${CMAKE_BINARY_DIR}/generated/${name}_results.cpp" PARENT_SCOPE)
endfunction()

# Writes generated/<folder>_printed.h: the printed tables of the folder's tables.json as typed
# constants (core/printed.h), generated by scripts/gen-tables.mjs; and <folder>_printed_json.h, the
# same back as JSON for the tests.
function(gs_printed_tables folder_path)
  get_filename_component(name "${folder_path}" NAME)
  gs_generate(gen-tables.mjs "${folder_path}" "printed tables of ${name}")
endfunction()

# Writes generated/<folder>_tables.h: the ids of the folder's tables and of their entries as C++
# constants (core/table_ids.h), so that a procedure names them in code and a misspelt or removed id
# fails to compile instead of failing mid-roll:
#   tables::combat                           a TableId
#   tables::columnModifiers.defenderHigher   an EntryId (a table with entries is a TableId too)
# Each EntryId also carries its ordinal among the ruleset's entries, which the ruleset indexes its
# printed entries by (`count_var` gets their number), and the ruleset's `tag`.
function(gs_table_ids name tables_json tag count_var)
  set(ns "grapeshot::tables::${name}")
  set(body "")
  set(all "")
  set(index 0)
  string(JSON tables GET "${tables_json}" tables)
  string(JSON count LENGTH "${tables}")
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON tid MEMBER "${tables}" ${i})
    string(JSON entries ERROR_VARIABLE no_entries GET "${tables}" "${tid}" entries)
    set(ids "")
    if(NOT no_entries)
      string(JSON type TYPE "${tables}" "${tid}" entries)
      if(type STREQUAL "ARRAY")
        string(JSON n LENGTH "${entries}")
        if(n GREATER 0)
          math(EXPR n_last "${n} - 1")
          foreach(j RANGE ${n_last})
            string(JSON eid ERROR_VARIABLE no_id GET "${entries}" ${j} id)
            if(NOT no_id)
              string(APPEND ids "  EntryId ${eid}{\"${tid}\", \"${eid}\", ${index}, ${tag}};\n")
              string(APPEND all "    ${tid}.${eid},\n")
              math(EXPR index "${index} + 1")
            endif()
          endforeach()
        endif()
      endif()
    endif()
    if(ids STREQUAL "")
      string(APPEND body "inline constexpr TableId ${tid}{\"${tid}\"};\n")
    else()
      string(APPEND body "struct ${tid}_entries : TableId {\n${ids}};\ninline constexpr ${tid}_entries ${tid}{{\"${tid}\"}};\n")
    endif()
  endforeach()
  file(CONFIGURE OUTPUT "${CMAKE_BINARY_DIR}/generated/${name}_tables.h" CONTENT "// Generated from src/rulesets/${name}/tables.json by cmake/EmbedRuleset.cmake. Do not edit.
#pragma once
#include \"core/table_ids.h\"

namespace ${ns} {
${body}
// Every EntryId, in index order (the embedded data checks the printed entries against them).
inline constexpr EntryId kAllEntryIds[] = {
${all}    EntryId{}};  // (an end, so that the list is never empty)
}  // namespace ${ns}
" @ONLY)
  set(${count_var} ${index} PARENT_SCOPE)
endfunction()
