#include "engine.h"

#include <algorithm>
#include <array>
#include <random>
#include <set>
#include <string_view>

#include "context.h"
#include "receipt.h"
#include "error.h"
#include "catalog.h"
#include "forms_fr.h"  // generated from src/messages/fr.json
#include "ruleset.h"
#include "schema.h"
#include "trace.h"
#include "sha256.h"

namespace grapeshot {
namespace {

// Fields of a request that are not procedure inputs.
// Asked of every member of every request: compared as views (lengths first), not by strcmp.
bool isEnvelopeField(const std::string& k) {
  static constexpr std::string_view kEnvelope[] = {"ruleset", "procedure", "options", "dice", "seed", "sensitivity",
                                                   "trace", "lang", "receipt", "commitReveal" /* receipt.h */};
  const std::string_view key(k);
  for (const std::string_view name : kEnvelope)
    if (key == name) return true;
  return false;
}

// A string field of a request, given the member found (null: missing).
const std::string& requireString(const Json* member, const char* field) {
  if (!member)
    throw RequestError(code::kMissingField, msg::errorMissingField(field), std::string("/") + field);
  if (!member->is_string())
    throw RequestError(code::kWrongType, msg::errorExpectedString(typeWord(*member)), std::string("/") + field);
  return member->get_ref<const std::string&>();
}

const std::string& requireString(const Json& req, const char* field) {
  const auto it = req.find(field);
  return requireString(it == req.end() ? nullptr : &*it, field);
}

const Ruleset& requireRuleset(const Json* member) {
  const std::string& id = requireString(member, "ruleset");
  if (const Ruleset* rs = findRuleset(id)) return *rs;
  std::string known;
  for (const auto& rs : rulesets()) known += (known.empty() ? "" : ", ") + rs.id();
  throw RequestError(code::kUnknownRuleset, msg::errorUnknownRuleset(clip(id), known), "/ruleset");
}

const Ruleset& requireRuleset(const Json& req) {
  const auto it = req.find("ruleset");
  return requireRuleset(it == req.end() ? nullptr : &*it);
}

const std::string& requireProcedure(const Ruleset& rs, const Json& req) {
  const std::string& name = requireString(req, "procedure");
  if (const std::string* canonical = rs.canonicalName(name)) return *canonical;
  bool elsewhere = false;
  for (const auto& other : rulesets()) elsewhere = elsewhere || other.canonicalName(name) != nullptr;
  std::string supported;
  for (const auto& p : rs.procedureNames()) supported += (supported.empty() ? "" : ", ") + p;
  throw RequestError(elsewhere ? code::kUnsupportedProcedure : code::kUnknownProcedure,
                     msg::errorUnknownProcedure(rs.id(), clip(name), supported), "/procedure");
}

// A schema's refusal of a French request is said again by the French schema (its titles and enum
// labels the forms'), which refuses it at the same place: validation is not slowed, and an English
// request never builds the French schemas.
template <typename Validate>
Json validatedIn(Validate&& validate, const Schema& english, const Schema* (*french)(const Ruleset&, const std::string&),
                 const Ruleset& rs, const std::string& name) {
  try {
    return validate(english);
  } catch (const RequestError&) {
    if (currentLang() == Lang::en) throw;
    validate(*french(rs, name));
    throw;  // (the French schema accepted it: the English error stands)
  }
}

Json validOptions(const Ruleset& rs, const Json& req) {
  const auto it = req.find("options");
  if (it == req.end()) return rs.defaultOptions();
  return validatedIn([&](const Schema& s) { return s.validate(*it, "/options", code::kUnknownOption); }, rs.optionsValidator(),
                     [](const Ruleset& r, const std::string&) { return &r.optionsValidator(Lang::fr); }, rs, std::string());
}

std::vector<int> validDice(const Json& dice) {
  if (!dice.is_array())
    throw RequestError(code::kWrongType, msg::errorExpectedIntegers(typeWord(dice)), "/dice");
  if (dice.size() > 1000) throw RequestError(code::kOutOfRange, msg::errorTooManyDice(), "/dice");
  std::vector<int> out;
  out.reserve(dice.size());
  for (std::size_t i = 0; i < dice.size(); ++i) {
    const Json& d = dice[i];
    if (!d.is_number_integer())
      throw RequestError(code::kWrongType, msg::errorExpectedInteger(typeWord(d)), pointerJoin("/dice", i));
    if (d.is_number_unsigned() ? d.get<std::uint64_t>() > 100 : (d.get<std::int64_t>() < -100 || d.get<std::int64_t>() > 100))
      throw RequestError(code::kDieOutOfRange, msg::errorNotAnyDieFace(i + 1, Json(d)), pointerJoin("/dice", i));
    out.push_back(d.get<int>());
  }
  return out;
}

std::uint32_t validSeed(const Json& seed) {
  if (!seed.is_number_integer())
    throw RequestError(code::kWrongType, msg::errorExpectedSeed(typeWord(seed)), "/seed");
  if (seed.is_number_unsigned() ? seed.get<std::uint64_t>() > 0xFFFFFFFFull : seed.get<std::int64_t>() < 0)
    throw RequestError(code::kOutOfRange, msg::errorSeedRange(), "/seed");
  return static_cast<std::uint32_t>(seed.get<std::uint64_t>());
}

}  // namespace

Lang requestLang(const Json& req) {
  const auto it = req.is_object() ? req.find("lang") : req.end();
  if (!req.is_object() || it == req.end()) return Lang::en;
  if (!it->is_string()) throw RequestError(code::kWrongType, msg::errorExpectedLang(typeWord(*it)), "/lang");
  if (*it == "en") return Lang::en;
  if (*it == "fr") {
    // The wasm module loads French on demand (core/catalog.h): the wrapper loads it and asks again.
    if (!catalogLoaded(Lang::fr)) throw RequestError(code::kLangNotLoaded, msg::errorLangNotLoaded("fr"), "/lang");
    return Lang::fr;
  }
  throw RequestError(code::kInvalidValue, msg::errorUnknownLang(clip(it->get<std::string>())), "/lang");
}

Prepared prepare(const Json& req, Json* consumable) {
  if (!req.is_object())
    throw RequestError(code::kInvalidRequest, msg::errorNotAnObject(typeWord(req)), "");
  Prepared p;
  p.ruleset = &requireRuleset(req);
  p.name = requireProcedure(*p.ruleset, req);
  p.options = validOptions(*p.ruleset, req);
  const Schema& inputs = p.ruleset->inputsValidator(p.name);
  if (currentLang() != Lang::en) {  // validated on a copy, which an error can say again in French
    p.inputs = validatedIn([&](const Schema& s) { return s.validate(req, "", nullptr, isEnvelopeField); }, inputs,
                           [](const Ruleset& r, const std::string& name) { return &r.inputsValidator(name, Lang::fr); },
                           *p.ruleset, p.name);
    return p;
  }
  p.inputs = consumable ? inputs.validate(std::move(*consumable), "", nullptr, isEnvelopeField)
                        : inputs.validate(req, "", nullptr, isEnvelopeField);
  return p;
}

DiceChoice checkDiceSource(const Json& req, const Prepared& p) {
  DiceChoice c;
  c.hasDice = req.contains("dice");
  c.hasSeed = req.contains("seed");
  c.hasCommit = req.contains("commitReveal");
  if (c.hasDice && c.hasSeed) throw RequestError(code::kConflictingFields, msg::errorDiceOrSeed(), "/seed");
  if (c.hasCommit && (c.hasDice || c.hasSeed))
    throw RequestError(code::kConflictingFields, msg::errorOneDiceSource(), "/commitReveal");
  c.wantReceipt = receiptRequested(req);
  if (c.hasDice) c.dice = validDice(req.at("dice"));
  if (c.hasSeed) c.seed = validSeed(req.at("seed"));
  // Commit–reveal binds the seed to the request both sides agreed: its canonical form's hash.
  if (c.hasCommit)
    c.seed = commitRevealSeed(req.at("commitReveal"), "/commitReveal",
                              canonicalRequestHash(canonicalRequest(p.ruleset->id(), p.name, p.options, p.inputs)));
  return c;
}

EnvelopeChoice checkEnvelope(const Json& req) {
  EnvelopeChoice c;
  if (const auto t = req.find("trace"); t != req.end()) {
    if (!t->is_boolean()) throw RequestError(code::kWrongType, msg::errorExpectedBoolean(typeWord(*t)), "/trace");
    c.tracing = t->get<bool>();
  }
  if (const auto s = req.find("sensitivity"); s != req.end()) {
    if (s->is_string()) {
      if (*s != "all") throw RequestError(code::kInvalidValue, msg::errorExpectedSensitivity(), "/sensitivity");
      c.allChoices = true;
    } else if (s->is_boolean()) {
      c.sensitivity = s->get<bool>();
    } else {
      throw RequestError(code::kWrongType, msg::errorExpectedSensitivity(), "/sensitivity");
    }
  }
  return c;
}

Json canonical(const Json& request) {
  return guarded([&] {
    const LangScope lang(requestLang(request));
    const Prepared p = prepare(request);
    const std::string text = canonicalRequest(p.ruleset->id(), p.name, p.options, p.inputs);
    const std::string hash = canonicalRequestHash(text);
    return object({{"ok", true}, {"canonical", text},
                {"hash", toHex(reinterpret_cast<const std::uint8_t*>(hash.data()), hash.size())}});
  });
}

namespace {

// A resolved request before it is written: the response's parts, the trace still as its records.
struct Resolution {
  const Ruleset* ruleset;
  std::string procedure;
  std::string result;  // written as JSON text by the procedure
  RollLog rolls;
  std::optional<TraceLog> trace;  // only when asked for
  std::optional<std::uint32_t> seed;
  Json receipt;  // null: none asked for
  bool written = false;  // the response's opening members and the result are already in the caller's text
};

// `consumable`: the request itself, which its caller will not read again, so validation moves its
// inputs out instead of copying them — unless a receipt, which repeats the request, is asked for.
// `into`: the response's text (appendResolution), which the result is written straight into after
// the response's opening members (`written`), not into a buffer of its own copied there after —
// unless a receipt, which reads the result back, is asked for.
Resolution resolveChecked(const Json& req, std::optional<std::uint32_t> fallbackSeed, Json* consumable = nullptr,
                          std::string* into = nullptr) {
  // Every sentence below — errors, trace, summary — is rendered in the language asked (issue 28).
  const LangScope lang(requestLang(req));
  const Prepared p = prepare(req, req.is_object() && req.contains("receipt") ? nullptr : consumable);
  DiceChoice choice = checkDiceSource(req, p);
  const bool hasDice = choice.hasDice, hasSeed = choice.hasSeed, wantReceipt = choice.wantReceipt;

  std::optional<ScriptedDice> scripted;
  std::optional<SeededDice> seeded;
  std::uint32_t seed = 0;
  if (hasDice) {
    scripted.emplace(std::move(choice.dice));
  } else {
    seed = hasSeed || choice.hasCommit ? choice.seed : fallbackSeed ? *fallbackSeed : std::random_device{}();
    seeded.emplace(seed);
  }
  // `trace: false` skips the explanation (bots resolving many candidates): no step is built.
  const bool tracing = checkEnvelope(req).tracing;
  const auto bound = p.ruleset->bind(p.name, p.inputs, p.options);  // typed inputs read and checked
  DiceSource& dice = hasDice ? static_cast<DiceSource&>(*scripted) : *seeded;
  Context ctx(*p.ruleset, dice, tracing);
  ctx.walkOnly();  // the tallies are what exact odds count: a resolve reports none, so makes none
  std::string result;
  const bool direct = into && !wantReceipt;
  if (direct) {
    appendJsonString(*into += "{\"ok\":true,\"ruleset\":", p.ruleset->id());
    appendJsonString(*into += ",\"procedure\":", p.name);
    *into += ",\"result\":";
  } else {
    // A result is a few hundred bytes to a few KB: room made once, not grown by doubling from nothing
    // (seven reallocations and copies of a Waterloo shock's result).
    result.reserve(4096);
  }
  JsonWriter writer(direct ? *into : result);
  bound->play(ctx, &writer);
  Resolution r{p.ruleset, p.name, std::move(result), ctx.takeRolls(), std::nullopt, std::nullopt, Json(), direct};
  if (tracing) r.trace = ctx.takeTrace();
  // The seed is reported when it decided something: a drawn seed that rolled no die is noise.
  if (hasSeed || (!hasDice && !r.rolls.empty())) r.seed = seed;
  if (wantReceipt)
    r.receipt = makeReceipt(*p.ruleset, req, p.options, hasDice ? std::nullopt : std::optional<std::uint32_t>(seed),
                            hasDice ? kDiceSupplied : choice.hasCommit ? kDiceCommitReveal : hasSeed ? kDiceSeed : kDiceDrawn,
                            r.rolls.toJson(), Json::parse(r.result));
  return r;
}

}  // namespace

Json errorEnvelope(const std::string& code, const std::string& message, const std::string& path) {
  return object({{"ok", false}, {"error", object({{"code", code}, {"message", message}, {"path", path}})}});
}

Json errorEnvelope(const RequestError& e) {
  Json error = object({{"code", e.code()}, {"message", e.what()}, {"path", e.path()}});
  if (e.message()) error["messages"] = object({{"message", e.message()->structured()}});
  return object({{"ok", false}, {"error", std::move(error)}});
}

Json currentErrorEnvelope() {
  try {
    throw;
  } catch (const RequestError& e) {
    return errorEnvelope(e);
  } catch (const std::exception& e) {
    return errorEnvelope("internal_error", std::string("internal error: ") + e.what(), "");
  } catch (...) {
    return errorEnvelope(code::kInternalError, "internal error", "");
  }
}


Json resolve(const Json& request, std::optional<std::uint32_t> fallbackSeed) {
  return guarded([&] {
    Resolution r = resolveChecked(request, fallbackSeed);
    Json out = object({{"ok", true}, {"ruleset", r.ruleset->id()}, {"procedure", std::move(r.procedure)},
                       {"result", Json::parse(r.result)}, {"rolls", r.rolls.toJson()}});
    if (r.trace) out["trace"] = r.trace->toJson();
    if (r.seed) out["seed"] = *r.seed;
    if (!r.receipt.is_null()) out["receipt"] = std::move(r.receipt);
    return out;
  });
}

namespace {

// The response written as text, with no document around the result: the trace is rendered from its
// records straight into the text.
void appendResolution(const Json& request, Json* consumable, std::string& out, std::optional<std::uint32_t> fallbackSeed) {
  const std::size_t start = out.size();
  try {
    const Resolution r = resolveChecked(request, fallbackSeed, consumable, &out);
    if (!r.written) {
      out += "{\"ok\":true,\"ruleset\":";
      appendJsonString(out, r.ruleset->id());
      out += ",\"procedure\":";
      appendJsonString(out, r.procedure);
      (out += ",\"result\":") += r.result;
    }
    out += ",\"rolls\":";
    r.rolls.appendTo(out);
    if (r.trace) {
      out += ",\"trace\":";
      r.trace->appendTo(out);
    }
    if (r.seed) (out += ",\"seed\":") += std::to_string(*r.seed);
    if (!r.receipt.is_null()) appendJson(out += ",\"receipt\":", r.receipt);
    out += '}';
  } catch (...) {
    out.resize(start);
    out += toText(currentErrorEnvelope());
  }
}

}  // namespace

void appendResolve(const Json& request, std::string& out, std::optional<std::uint32_t> fallbackSeed) {
  appendResolution(request, nullptr, out, fallbackSeed);
}

void appendResolve(Json&& request, std::string& out, std::optional<std::uint32_t> fallbackSeed) {
  appendResolution(request, &request, out, fallbackSeed);
}

std::string resolveJson(const std::string& text, std::optional<std::uint32_t> fallbackSeed) {
  Json req, err;
  try {
    if (!parseRequest(text, req, err)) return toText(err);
  } catch (...) {
    return toText(currentErrorEnvelope());
  }
  std::string out;
  out.reserve(8192);  // a traced response is a few KB: grown once or not at all
  appendResolve(std::move(req), out, fallbackSeed);
  return out;
}

namespace {

// A request's members by name, found in one pass (lookups come by the hundred thousand): for each of
// `names` its member or null; a member not among them is unknown_field (the first, in the request's
// order).
template <std::size_t N>
std::array<const Json*, N> readFields(const Json& req, const std::array<std::string_view, N>& names) {
  if (!req.is_object()) throw RequestError(code::kInvalidRequest, msg::errorRequestNotObject(), "");
  std::array<const Json*, N> found{};
  for (const auto& member : req.get_ref<const Json::object_t&>()) {
    std::size_t i = 0;
    while (i < N && names[i] != member.first) ++i;
    if (i == N) throw RequestError(code::kUnknownField, msg::errorUnknownField(clip(member.first)), pointerJoin("", member.first));
    found[i] = &member.second;
  }
  return found;
}

// A lookup's ruleset and grid table, from the members found.
std::pair<const Ruleset*, const Grid*> requireGrid(const Json* ruleset, const Json* table) {
  const Ruleset& rs = requireRuleset(ruleset);
  const std::string& tid = requireString(table, "table");
  const Grid* g = rs.grid(tid);
  if (!g) throw RequestError(code::kUnknownTable, msg::errorUnknownGrid(rs.id(), clip(tid)), "/table");
  return {&rs, g};
}

// An integer field within [low, high], given the member found (null: missing); anything else is
// refused by the schema validator's own message (built only then, so a batch of valid lookups
// builds no schema).
int boundedInt(const Json* v, const char* field, int low, int high) {
  if (v && v->is_number_integer() && !v->is_number_unsigned() && v->get<std::int64_t>() >= low && v->get<std::int64_t>() <= high)
    return v->get<int>();
  if (v && v->is_number_unsigned() && v->get<std::uint64_t>() <= static_cast<std::uint64_t>(std::max(high, 0)) &&
      static_cast<std::int64_t>(v->get<std::uint64_t>()) >= low)
    return v->get<int>();
  return validate(object({{"type", "integer"}, {"minimum", low}, {"maximum", high}}), v ? *v : Json(), std::string("/") + field)
      .get<int>();
}

}  // namespace

void appendLookup(const Json& req, std::string& out) {
  const std::size_t start = out.size();
  try {
    const auto [ruleset, table, column, roll, given] =
        readFields<5>(req, {"ruleset", "table", "column", "roll", "options"});
    const auto [rsp, g] = requireGrid(ruleset, table);
    const Ruleset& rs = *rsp;
    Json validated;  // the request's own options, validated; absent: the defaults, not copied
    const PatchedGrid grid = Errata(rs, given ? (validated = validOptions(rs, req)) : rs.defaultOptions()).grid(*g);
    const int c = boundedInt(column, "column", 0, g->columns() - 1);
    if (!roll) throw RequestError(code::kMissingField, msg::errorMissingField("roll"), "/roll");
    const int r = g->clampRoll(boundedInt(roll, "roll", -1000, 1000));
    // Written as text, not built as a document, from the texts the grid serialized when it loaded:
    // lookups come by the hundred thousand.
    out += "{\"ok\":true,\"cell\":";
    if (g->twoSided()) {
      char sep = '{';
      for (const auto& side : g->sides()) ((out += sep) += toText(side) + ':') += grid.cellText(c, r, side), sep = ',';
      out += '}';
    } else {
      out += grid.cellText(c, r);
    }
    ((out += ",\"column\":") += g->columnLabelText(c)) += ",\"row\":";
    ((out += g->rowLabelText(r)) += ",\"roll\":") += std::to_string(r);
    out += '}';
  } catch (...) {
    out.resize(start);
    out += toText(currentErrorEnvelope());
  }
}

Json lookup(const Json& req) {
  std::string text;
  appendLookup(req, text);
  return Json::parse(text);
}

Json lookupCodes(const Json& header, const std::int32_t* pairs, std::size_t n, std::vector<std::int32_t>& codes) {
  codes.clear();
  return guarded([&] {
    const auto fields = readFields<4>(header, {"ruleset", "table", "options", "side"});
    const auto [rsp, g] = requireGrid(fields[0], fields[1]);
    const Json options = validOptions(*rsp, header);
    const PatchedGrid grid = Errata(*rsp, options).grid(*g);
    std::string side;
    if (g->twoSided()) {
      Json sides = Json::array();
      for (const auto& s : g->sides()) sides.push_back(s);
      side = validate(object({{"type", "string"}, {"enum", sides}}), header.contains("side") ? header.at("side") : Json(), "/side")
                 .get<std::string>();
    } else if (header.contains("side")) {
      throw RequestError(code::kUnknownField, msg::errorOneSided(), "/side");
    }
    // Every cell's code once (a table has at most a few hundred), then one read per pair.
    Json cells = Json::array();
    const int rows = g->lastRow() - g->firstRow() + 1;
    std::vector<std::int32_t> codeOf(static_cast<std::size_t>(g->columns() * rows));
    for (int c = 0; c < g->columns(); ++c)
      for (int r = g->firstRow(); r <= g->lastRow(); ++r) {
        const Json cell = grid.cell(c, r, side);
        const Json text = cell.is_null() ? Json("") : cell;
        std::size_t k = 0;
        while (k < cells.size() && cells[k] != text) ++k;
        if (k == cells.size()) cells.push_back(text);
        codeOf[static_cast<std::size_t>(c * rows + (r - g->firstRow()))] = static_cast<std::int32_t>(k);
      }
    codes.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::int32_t c = pairs[2 * i], roll = pairs[2 * i + 1];
      if (c < 0 || c >= g->columns()) {
        codes[i] = -1;
        continue;
      }
      const int r = g->clampRoll(roll);
      codes[i] = codeOf[static_cast<std::size_t>(c * rows + (r - g->firstRow()))];
    }
    return object({{"ok", true}, {"cells", std::move(cells)}});
  });
}

Json table(const Json& req) {
  return guarded([&] {
    if (!req.is_object()) throw RequestError(code::kInvalidRequest, msg::errorRequestNotObject(), "");
    const LangScope lang(requestLang(req));  // its printed texts in the language asked (issue 28)
    const Ruleset& rs = requireRuleset(req);
    const std::string& tid = requireString(req, "table");
    if (!rs.hasTable(tid)) throw RequestError(code::kUnknownTable, msg::errorUnknownTable(rs.id(), clip(tid)), "/table");
    return object({{"ok", true}, {"table", rs.table(tid, currentLang())}});
  });
}

namespace {

// A table's title in `lang`: the French catalog's (forms_fr.h, by the pointer scripts/forms.mjs gives
// tables.json's titles), else as printed.
std::string tableTitle(const Ruleset& rs, const printed::TableHead& t, Lang lang) {
  if (lang == Lang::fr) {
    const std::string pointer = "tables.json#/tables/" + pointerToken(std::string(t.id)) + "/title";
    for (const auto& f : forms::french())
      if (rs.id() == f.ruleset && pointer == f.pointer) return f.text;
  }
  return std::string(t.title);
}

Json describeIn(Lang lang) {
  Json out = Json::array();
  for (const auto& rs : rulesets()) {
    const Json& m = rs.envelope(lang);
    Json procedures = Json::array();
    for (const auto& name : rs.procedureNames()) {
      const Json& p = rs.procedure(name, lang);
      procedures.push_back(object({{"name", name}, {"title", p.value("title", name)},
                                {"description", p.value("description", "")},
                                {"aliases", p.value("aliases", Json::array())}, {"inputs", p.at("inputs")},
                                {"headline", p.value("headline", Json::array())}}));
    }
    Json tables = Json::array();
    for (const auto& t : rs.tableHeads())
      tables.push_back(object({{"id", std::string(t.id)}, {"kind", std::string(t.kind)}, {"title", tableTitle(rs, t, lang)}}));
    out.push_back(object({{"id", rs.id()}, {"title", m.at("title")}, {"publisher", m.value("publisher", "")},
                       {"dice", m.value("dice", Json::array())}, {"rulings", m.value("rulings", Json::object())},
                       {"dataHash", rs.dataHash()}, {"procedures", std::move(procedures)},
                       {"options", m.value("options", Json::object())}, {"tables", std::move(tables)}}));
  }
  return out;
}

}  // namespace

const Json& describe(Lang lang) {
  if (lang == Lang::fr && catalogLoaded(Lang::fr)) {  // the wrapper loads it first (core/catalog.h)
    static const Json french = describeIn(Lang::fr);
    return french;
  }
  static const Json english = describeIn(Lang::en);
  return english;
}

}  // namespace grapeshot
