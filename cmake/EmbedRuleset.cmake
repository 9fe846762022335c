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
  gs_table_ids("${name}" "${content_tables}" entry_ids)
  gs_typed_inputs("${folder_path}" inputs_cpp)
  file(CONFIGURE OUTPUT "${out}" CONTENT "// Generated from src/rulesets/${name}/*.json by cmake/EmbedRuleset.cmake. Do not edit.
#include \"core/ruleset.h\"
namespace {
const bool registered = ::grapeshot::registerRulesetData(\"${name}\", R\"gs_json(${content_ruleset})gs_json\",
                                                         R\"gs_json(${content_tables})gs_json\",
                                                         \"${data_hash}\", ${entry_ids});
}
" @ONLY)
  set(${out_var} "${out}" "${inputs_cpp}" PARENT_SCOPE)
endfunction()

# Writes generated/<folder>_inputs.{h,cpp}: the typed inputs of the folder's procedures and its
# options, generated from ruleset.json's schemas by scripts/gen-inputs.mjs (core/typed.h).
function(gs_typed_inputs folder_path out_var)
  get_filename_component(name "${folder_path}" NAME)
  find_program(GRAPESHOT_NODE NAMES node nodejs REQUIRED NO_CMAKE_FIND_ROOT_PATH)
  set(script "${CMAKE_SOURCE_DIR}/scripts/gen-inputs.mjs")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${script}")
  execute_process(COMMAND "${GRAPESHOT_NODE}" "${script}" "${folder_path}" "${CMAKE_BINARY_DIR}/generated"
                  RESULT_VARIABLE failed ERROR_VARIABLE message)
  if(failed)
    message(FATAL_ERROR "typed inputs of ${name}: ${message}")
  endif()
  set(${out_var} "${CMAKE_BINARY_DIR}/generated/${name}_inputs.cpp" PARENT_SCOPE)
endfunction()

# Writes generated/<folder>_tables.h: the ids of the folder's tables and of their entries as C++
# constants (core/table_ids.h), so that a procedure names them in code and a misspelt or removed id
# fails to compile instead of failing mid-roll:
#   tables::combat                           a TableId
#   tables::columnModifiers.defenderHigher   an EntryId (a table with entries is a TableId too)
# Each EntryId also carries its ordinal among the ruleset's entries, which the ruleset indexes its
# printed entries by (`count_var` gets their number).
function(gs_table_ids name tables_json count_var)
  set(ns "grapeshot::tables::${name}")
  set(body "")
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
              string(APPEND ids "  EntryId ${eid}{\"${tid}\", \"${eid}\", ${index}};\n")
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
${body}}  // namespace ${ns}
" @ONLY)
  set(${count_var} ${index} PARENT_SCOPE)
endfunction()
