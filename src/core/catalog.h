// The message catalogs a build leaves out of the module (issue 26): the wasm build
// (GRAPESHOT_LOADED_CATALOGS) carries English only; every other language — its compiled templates and,
// for French, the rulesets' form texts — is a catalog the JS wrapper loads the first time a caller
// wants it (dist/grapeshot-core.<lang>.mjs, written by scripts/gen-core.mjs catalogBytes). Native
// builds carry every language, so every language is always loaded there.
#pragma once
#include <string>
#include <string_view>

#include "core/message.h"

namespace grapeshot {

// Whether sentences and forms can be rendered in `lang` (English always).
bool catalogLoaded(Lang lang);

// Loads a catalog from its bytes (catalogBytes' layout); "" once loaded (again: nothing to do), else
// why not (not a catalog, another version's, malformed).
std::string loadCatalog(std::string_view bytes);

// The request's `lang` code for `lang` ("en", "fr").
const char* langCode(Lang lang);

}  // namespace grapeshot
