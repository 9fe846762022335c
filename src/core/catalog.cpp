#include "catalog.h"

#include <cstdint>
#include <cstring>
#include <vector>

#include "forms_fr.h"  // generated from src/messages/fr.json
#include "messages.h"  // generated from src/messages/*.json

namespace grapeshot {

const char* langCode(Lang lang) {
  const int l = static_cast<int>(lang);
  return l >= 0 && l < msg::kLanguages ? msg::kLanguageCodes[l] : "en";
}

bool catalogLoaded(Lang lang) {
  const int l = static_cast<int>(lang);
  return l >= 0 && l < msg::kLanguages && msg::kTemplates[l].text != nullptr;
}

namespace {

// A loaded catalog's bytes and offsets, kept for the life of the module (kTemplates and the form
// texts point into them).
struct Loaded {
  std::string bytes;
  std::vector<std::uint32_t> at;
};
Loaded loaded[msg::kLanguages];

#ifdef GRAPESHOT_LOADED_CATALOGS
std::vector<forms::Text> frenchForms;
#endif

std::uint32_t u32(std::string_view b, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(b[at + i]);
  return v;
}

}  // namespace

std::string loadCatalog(std::string_view b) {
  if (b.size() < 24 || b.substr(0, 4) != "GSC1") return "not a grapeshot catalog";
  const std::string code(b.substr(4, 4).data(), strnlen(b.substr(4, 4).data(), 4));
  int l = 0;
  while (l < msg::kLanguages && code != msg::kLanguageCodes[l]) ++l;
  if (l == 0 || l == msg::kLanguages) return "a catalog of a language this engine does not speak: " + code.substr(0, 4);
  if (msg::kTemplates[l].text) return "";  // loaded already (or built in)
  const std::uint32_t formCount = u32(b, 16);
  // kPrinted indexes the French forms: a count of its own is another build's as surely as the hash.
  if (u32(b, 8) != msg::kCatalogHash || u32(b, 12) != static_cast<std::uint32_t>(msg::kCount) ||
      (static_cast<Lang>(l) == Lang::fr && formCount != forms::kFormCount))
    return "the " + code + " catalog of another version of grapeshot: load the one beside this grapeshot-core.wasm";
  const std::size_t head = 20 + 4 * (static_cast<std::size_t>(msg::kCount) + 1);
  if (b.size() < head) return "a truncated catalog";
  Loaded& into = loaded[l];
  into.at.resize(msg::kCount + 1);
  for (int i = 0; i <= msg::kCount; ++i) {
    into.at[i] = u32(b, 20 + 4 * i);
    if ((i && into.at[i] < into.at[i - 1]) || head + into.at[i] > b.size()) return "a malformed catalog";
  }
  if (into.at[0] != 0) return "a malformed catalog";
  into.bytes.assign(b.data(), b.size());
  // The form texts: "ruleset\0pointer\0text\0" each, after the templates.
  std::vector<forms::Text> texts;
  texts.reserve(formCount);
  std::size_t at = head + into.at[msg::kCount];
  for (std::uint32_t i = 0; i < formCount; ++i) {
    const char* part[3];
    for (auto& p : part) {
      const std::size_t end = into.bytes.find('\0', at);
      if (end == std::string::npos) return "a malformed catalog";
      p = into.bytes.data() + at;
      at = end + 1;
    }
    texts.push_back({part[0], part[1], part[2]});
  }
  if (at != into.bytes.size()) return "a malformed catalog";
#ifdef GRAPESHOT_LOADED_CATALOGS
  if (static_cast<Lang>(l) == Lang::fr) frenchForms = std::move(texts);
#endif
  msg::kTemplates[l] = {into.bytes.data() + head, into.at.data()};
  return "";
}

namespace forms {
#ifdef GRAPESHOT_LOADED_CATALOGS
Texts french() { return {frenchForms.data(), frenchForms.size()}; }
#else
Texts french() { return {kFrench, sizeof kFrench / sizeof kFrench[0]}; }
#endif
}  // namespace forms

}  // namespace grapeshot
