#include "receipt.h"

#include <algorithm>
#include <vector>

#include "catalog.h"
#include "engine.h"
#include "error.h"
#include "ruleset.h"
#include "schema.h"
#include "sha256.h"

namespace grapeshot {
namespace {

constexpr char kCommitTag[] = "grapeshot commit v3";
constexpr char kSeedTag[] = "grapeshot seed v3";
constexpr char kCommitTagV2[] = "grapeshot commit v2";  // grapeshot-receipt/2, verified only
constexpr char kSeedTagV2[] = "grapeshot seed v2";

// A 32-byte secret or commitment as 64 lowercase hex digits.
std::string hex32(const Json& v, const std::string& path) {
  if (!v.is_string()) throw RequestError(code::kWrongType, msg::errorExpectedString(typeWord(v)), path);
  const std::string& s = v.get_ref<const std::string&>();
  std::string bytes;
  bool lower = true;
  for (char c : s) lower = lower && !(c >= 'A' && c <= 'F');
  if (s.size() != 64 || !lower || !fromHex(s, bytes))
    throw RequestError(code::kInvalidValue, msg::errorExpectedHex32(), path);
  return bytes;
}

const Json& pair(const Json& cr, const char* field, const std::string& path) {
  const auto it = cr.find(field);
  const std::string p = path + "/" + field;
  if (it == cr.end()) throw RequestError(code::kMissingField, msg::errorMissingField(field), p);
  if (!it->is_array()) throw RequestError(code::kWrongType, msg::errorExpectedType(msg::errorTypeArticleAnArray(), typeWord(*it)), p);
  if (it->size() != 2) throw RequestError(code::kOutOfRange, msg::errorExpectedSides(), p);
  return *it;
}

// The first JSON Pointer (under `path`) where `a` and `b` differ, or nullopt.
std::optional<std::string> firstDifference(const Json& a, const Json& b, const std::string& path) {
  if (a.type() != b.type() && !(a.is_number() && b.is_number())) return path;
  if (a.is_object()) {
    for (const auto& [k, v] : a.items()) {
      if (!b.contains(k)) return pointerJoin(path, k);
      if (auto d = firstDifference(v, b.at(k), pointerJoin(path, k))) return d;
    }
    for (const auto& [k, _] : b.items())
      if (!a.contains(k)) return pointerJoin(path, k);
    return std::nullopt;
  }
  if (a.is_array()) {
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
      if (auto d = firstDifference(a[i], b[i], pointerJoin(path, i))) return d;
    if (a.size() != b.size()) return pointerJoin(path, std::min(a.size(), b.size()));
    return std::nullopt;
  }
  if (a != b) return path;
  return std::nullopt;
}

const Json& field(const Json& obj, const char* name) {
  const auto it = obj.find(name);
  if (it == obj.end())
    throw RequestError(code::kMissingField, msg::errorMissingField(name), std::string("/") + name);
  return *it;
}

Json verifyChecked(const Json& receipt, bool requireCommitReveal) {
  if (!receipt.is_object())
    throw RequestError(code::kInvalidRequest, msg::errorReceiptNotObject(typeWord(receipt)), "");
  static const char* const kFields[] = {"format", "engine",     "ruleset", "dataHash", "request",
                                        "seed",   "diceSource", "rolls",   "result"};
  for (const auto& [k, _] : receipt.items()) {
    bool known = false;
    for (const char* f : kFields) known = known || k == f;
    if (!known) throw RequestError(code::kUnknownField, msg::errorUnknownField(clip(k)), pointerJoin("", k));
  }
  const Json& format = field(receipt, "format");
  const int version = format == kReceiptFormat ? 3 : format == kReceiptFormatV2 ? 2 : 0;
  if (!version)
    throw RequestError(code::kInvalidValue,
                       msg::errorReceiptFormat(std::string(kReceiptFormat) + ", " + kReceiptFormatV2),
                       "/format");
  const Json& engine = field(receipt, "engine");
  const Json& rulesetId = field(receipt, "ruleset");
  const Json& dataHash = field(receipt, "dataHash");
  const Json& request = field(receipt, "request");
  const Json& rolls = field(receipt, "rolls");
  const Json& result = field(receipt, "result");
  const Json& diceSource = field(receipt, "diceSource");
  if (diceSource != kDiceSupplied && diceSource != kDiceSeed && diceSource != kDiceDrawn && diceSource != kDiceCommitReveal)
    throw RequestError(code::kInvalidValue, msg::errorExpectedDiceSource(), "/diceSource");
  if (!engine.is_string()) throw RequestError(code::kWrongType, msg::errorExpectedTypeOnly(msg::errorTypeArticleString()), "/engine");
  if (!rulesetId.is_string()) throw RequestError(code::kWrongType, msg::errorExpectedTypeOnly(msg::errorTypeArticleString()), "/ruleset");
  if (!dataHash.is_string()) throw RequestError(code::kWrongType, msg::errorExpectedTypeOnly(msg::errorTypeArticleString()), "/dataHash");
  if (!request.is_object()) throw RequestError(code::kWrongType, msg::errorExpectedTypeOnly(msg::errorTypeArticleAnObject()), "/request");
  if (!rolls.is_array()) throw RequestError(code::kWrongType, msg::errorExpectedTypeOnly(msg::errorTypeArticleAnArray()), "/rolls");
  if (!result.is_object()) throw RequestError(code::kWrongType, msg::errorExpectedTypeOnly(msg::errorTypeArticleAnObject()), "/result");
  const auto seedIt = receipt.find("seed");
  if (seedIt != receipt.end() && !seedIt->is_number_unsigned() && !(seedIt->is_number_integer() && seedIt->get<std::int64_t>() >= 0))
    throw RequestError(code::kWrongType, msg::errorExpectedSeedOnly(), "/seed");

  Json problems = Json::array();
  // Each problem's message a sentence of the catalog (verify.*), in the receipt's request's language;
  // an error the engine already said (`said`) is passed on as it is.
  auto said = [&](const char* code, const std::string& path, const std::string& message) {
    problems.push_back(object({{"code", code}, {"path", path}, {"message", message}}));
  };
  auto problem = [&](const char* code, const std::string& path, const Message& message) { said(code, path, message.text()); };
  if (engine != kEngineVersion)
    problem("engine_mismatch", "/engine", msg::verifyEngineMismatch(clip(engine.get<std::string>()), std::string(kEngineVersion)));
  const Ruleset* rs = findRuleset(rulesetId.get<std::string>());
  if (!rs) throw RequestError(code::kUnknownRuleset, msg::errorUnknownRulesetOnly(clip(rulesetId.get<std::string>())), "/ruleset");
  if (dataHash != rs->dataHash())
    problem("data_hash_mismatch", "/dataHash", msg::verifyDataHashMismatch(rs->dataHash()));
  if (request.value("ruleset", Json()) != rulesetId)
    problem("request_mismatch", "/request/ruleset", msg::verifyOtherRuleset());
  for (const char* envelope : {"receipt", "sensitivity", "trace"})  // not part of what was resolved
    if (request.contains(envelope))
      problem("request_mismatch", std::string("/request/") + envelope, msg::verifyEnvelopeField(std::string(envelope)));
  // The dice source the receipt states must be the one its request shows: in a /3 receipt a chosen
  // seed is the request's `seed` and a drawn one is the receipt's alone (a /2 receipt wrote both into
  // the request, so there "seed" and "drawn" cannot be told apart). A host can insist on
  // commit–reveal, the only source neither player chose alone, and on its /3 binding.
  const std::string source = diceSource.get<std::string>();
  const bool hasDice = request.contains("dice"), hasRequestSeed = request.contains("seed"), hasCommit = request.contains("commitReveal");
  const char* shown = hasDice ? kDiceSupplied : hasCommit ? kDiceCommitReveal : version == 2 ? nullptr : hasRequestSeed ? kDiceSeed : kDiceDrawn;
  if (shown ? source != shown : (source != kDiceSeed && source != kDiceDrawn))
    problem("dice_source_mismatch", "/diceSource", msg::verifyDiceSourceOtherwise(source));
  if (requireCommitReveal && source != kDiceCommitReveal)
    problem("dice_source_mismatch", "/diceSource", msg::verifyCommitRevealRequired(source));
  if (requireCommitReveal && source == kDiceCommitReveal && version == 2)
    problem("commitment_unbound", "/format", msg::verifyCommitmentUnbound(std::string(kReceiptFormatV2)));
  if (hasCommit && (hasDice || hasRequestSeed))
    problem("request_mismatch", "/request/commitReveal", msg::verifyOneDiceSource());
  // The seed the request itself determines (explicit, or from the commit–reveal secrets).
  std::optional<std::uint32_t> seed;
  if (seedIt != receipt.end()) seed = static_cast<std::uint32_t>(seedIt->get<std::uint64_t>() & 0xFFFFFFFFull);
  if (seedIt != receipt.end() && seedIt->get<std::uint64_t>() > 0xFFFFFFFFull)
    problem("seed_mismatch", "/seed", msg::verifySeedNot32());
  if (hasDice && seedIt != receipt.end()) problem("seed_mismatch", "/seed", msg::verifyDiceNoSeed());
  if (!hasDice && seedIt == receipt.end()) problem("seed_mismatch", "/seed", msg::verifyMissingSeed());
  if (request.contains("seed") && seedIt != receipt.end() && request.at("seed") != *seedIt)
    problem("seed_mismatch", "/seed", msg::verifySeedNotRequests());
  // Re-derive: the request, replayed with its seed, must give the recorded rolls and result.
  Json replay = request;
  replay.erase("receipt");
  if (hasCommit && seed) {
    // The commitments and the seed, checked by the receipt's own version of commit–reveal; the
    // replay then takes the seed (resolve accepts only version 3 commitments).
    std::optional<std::string> hash;
    try {
      const Prepared p = prepare(request);
      hash = canonicalRequestHash(canonicalRequest(p.ruleset->id(), p.name, p.options, p.inputs));
    } catch (const RequestError&) {
      // The replay below reports it.
    }
    if (hash) {
      try {
        if (commitRevealSeed(request.at("commitReveal"), "/request/commitReveal", *hash, version) != *seed)
          problem("seed_mismatch", "/seed", msg::verifySeedNotDerived());
      } catch (const RequestError& e) {
        said(e.code() == code::kCommitmentMismatch ? "commitment_mismatch" : "request_rejected", e.path(), e.what());
      }
    }
    replay.erase("commitReveal");
  }
  if (version == 2 && !hasDice && !hasRequestSeed && !hasCommit)
    problem("request_mismatch", "/request", msg::verifyNotReplayable());

  Json again = resolve(replay, seed);
  if (!again.value("ok", false)) {
    const Json& err = again.at("error");
    const std::string path = "/request" + err.at("path").get<std::string>();
    if (err.at("code") == code::kCommitmentMismatch)
      said("commitment_mismatch", path, err.at("message").get<std::string>());
    else
      problem("request_rejected", path, msg::verifyEngineRejects(err.at("message").get<std::string>()));
  } else {
    Json naturals = Json::array();
    for (const auto& r : again.at("rolls")) naturals.push_back(r.at("natural"));
    if (auto d = firstDifference(rolls, naturals, "/rolls"))
      problem("rolls_mismatch", *d, msg::verifyRollsMismatch());
    if (auto d = firstDifference(result, again.at("result"), "/result"))
      problem("result_mismatch", *d, msg::verifyResultMismatch());
  }
  return object({{"ok", true}, {"valid", problems.empty()}, {"format", format}, {"diceSource", source}, {"problems", std::move(problems)}});
}

}  // namespace

std::string commitmentFor(char role, const std::string& secretBytes, const std::string& requestHash,
                          const std::string& context) {
  Sha256 h;
  h.update(kCommitTag, sizeof kCommitTag);  // includes the terminating 0x00
  h.update(&role, 1);
  // Fixed-length fields first (32-byte hash, 32-byte secret), the one variable-length field last:
  // the layout is unambiguous without separators.
  h.update(requestHash).update(secretBytes).update(context);
  const auto d = h.digest();
  return toHex(d.data(), d.size());
}

std::uint32_t deriveSeed(const std::string& secretA, const std::string& secretB, const std::string& requestHash,
                         const std::string& context) {
  Sha256 h;
  h.update(kSeedTag, sizeof kSeedTag);  // includes the terminating 0x00
  h.update(secretA).update(secretB).update(requestHash).update(context);
  return leadingUint32(h.digest());
}

std::string commitmentForV2(char role, const std::string& secretBytes) {
  Sha256 h;
  h.update(kCommitTagV2, sizeof kCommitTagV2);
  h.update(&role, 1);
  h.update(secretBytes);
  const auto d = h.digest();
  return toHex(d.data(), d.size());
}

std::uint32_t deriveSeedV2(const std::string& secretA, const std::string& secretB, const std::string& requestHash,
                           const std::string& context) {
  Sha256 h;
  h.update(kSeedTagV2, sizeof kSeedTagV2);
  h.update(secretA).update(secretB).update(requestHash).update(context);
  return leadingUint32(h.digest());
}

namespace {
// Writes v with every object's members in byte order of their keys (what a std::map-backed json
// gives), so the canonical form does not depend on the order a host wrote its members in. Scalars
// and keys are written by nlohmann's serializer (strict: invalid UTF-8 throws), as before.
void writeSorted(const Json& v, std::string& out) {
  constexpr auto strict = Json::error_handler_t::strict;
  if (v.is_object()) {
    std::vector<const Json::object_t::value_type*> members;
    members.reserve(v.size());
    for (const auto& m : v.get_ref<const Json::object_t&>()) members.push_back(&m);
    std::sort(members.begin(), members.end(), [](auto* a, auto* b) { return a->first < b->first; });
    out += '{';
    for (std::size_t i = 0; i < members.size(); ++i) {
      if (i) out += ',';
      out += Json(members[i]->first).dump(-1, ' ', false, strict);
      out += ':';
      writeSorted(members[i]->second, out);
    }
    out += '}';
  } else if (v.is_array()) {
    out += '[';
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i) out += ',';
      writeSorted(v[i], out);
    }
    out += ']';
  } else {
    out += v.dump(-1, ' ', false, strict);
  }
}
}  // namespace

std::string canonicalRequest(const std::string& ruleset, const std::string& procedure, const Json& options,
                             const Json& inputs) {
  std::string out;
  writeSorted(object({{"ruleset", ruleset}, {"procedure", procedure}, {"options", options}, {"inputs", inputs}}), out);
  return out;
}

std::string canonicalRequestHash(const std::string& canonical) {
  Sha256 h;
  h.update(canonical);
  const auto d = h.digest();
  return std::string(reinterpret_cast<const char*>(d.data()), d.size());
}

void checkContext(const Json& context, const std::string& path) {
  if (!context.is_string()) throw RequestError(code::kWrongType, msg::errorExpectedString(typeWord(context)), path);
  const std::string& s = context.get_ref<const std::string&>();
  if (s.size() > 256) throw RequestError(code::kOutOfRange, msg::errorContextTooLong(), path);
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c > 0x7e)
      throw RequestError(code::kInvalidValue, msg::errorContextNotAscii(i), path);
    if (c == ' ' && (i == 0 || i + 1 == s.size() || s[i + 1] == ' '))
      throw RequestError(code::kInvalidValue, msg::errorContextSpaces(), path);
  }
}

std::uint32_t commitRevealSeed(const Json& cr, const std::string& path, const std::string& requestHash, int version) {
  if (!cr.is_object()) throw RequestError(code::kWrongType, msg::errorExpectedType(msg::errorTypeArticleAnObject(), typeWord(cr)), path);
  for (const auto& [k, _] : cr.items())
    if (k != "commitments" && k != "secrets" && k != "context")
      throw RequestError(code::kUnknownField, msg::errorUnknownField(clip(k)), pointerJoin(path, k));
  const Json& commitments = pair(cr, "commitments", path);
  const Json& secrets = pair(cr, "secrets", path);
  std::string context;
  if (const auto it = cr.find("context"); it != cr.end()) {
    checkContext(*it, path + "/context");
    context = it->get<std::string>();
  }
  std::string secret[2];
  for (std::size_t i = 0; i < 2; ++i) {
    hex32(commitments[i], pointerJoin(path + "/commitments", i));
    secret[i] = hex32(secrets[i], pointerJoin(path + "/secrets", i));
  }
  // Mirrored commitments or one secret for both sides: one player would be choosing alone.
  if (commitments[0] == commitments[1])
    throw RequestError(code::kConflictingFields, msg::errorCommitmentsEqual(),
                       path + "/commitments/1");
  if (secret[0] == secret[1])
    throw RequestError(code::kConflictingFields, msg::errorSecretsEqual(), path + "/secrets/1");
  for (std::size_t i = 0; i < 2; ++i) {
    const char role = i ? 'B' : 'A';
    const std::string expected =
        version == 2 ? commitmentForV2(role, secret[i]) : commitmentFor(role, secret[i], requestHash, context);
    if (expected != commitments[i].get<std::string>())
      throw RequestError(code::kCommitmentMismatch,
                         version == 2 ? msg::errorSecretMismatchV2(std::string(1, role)) : msg::errorSecretMismatch(std::string(1, role)),
                         pointerJoin(path + "/secrets", i));
  }
  return version == 2 ? deriveSeedV2(secret[0], secret[1], requestHash, context)
                      : deriveSeed(secret[0], secret[1], requestHash, context);
}

bool receiptRequested(const Json& request) {
  const auto it = request.find("receipt");
  if (it == request.end()) return false;
  if (!it->is_boolean()) throw RequestError(code::kWrongType, msg::errorExpectedBoolean(typeWord(*it)), "/receipt");
  return it->get<bool>();
}

Json makeReceipt(const Ruleset& rs, const Json& request, const Json& options, std::optional<std::uint32_t> seed,
                 const char* diceSource, const Json& rolls, const Json& result) {
  Json req = request;
  for (const char* envelope : {"receipt", "sensitivity", "trace"}) req.erase(envelope);  // not part of the resolution
  req["options"] = options;  // the effective options: defaults may change between versions
  // A drawn seed stays out of the request (only the receipt's `seed`), so the receipt shows whether
  // the requester gave the seed ("seed") or the engine drew it ("drawn").
  Json naturals = Json::array();
  for (const auto& r : rolls) naturals.push_back(r.at("natural"));
  Json out = object({{"format", kReceiptFormat}, {"engine", kEngineVersion}, {"ruleset", rs.id()},
           {"dataHash", rs.dataHash()}, {"request", std::move(req)}});
  if (seed) out["seed"] = *seed;
  out["diceSource"] = diceSource;
  out["rolls"] = std::move(naturals);
  out["result"] = result;
  return out;
}

Json verify(const Json& receipt, bool requireCommitReveal) {
  // Said in the language of the receipt's request (a receipt made in French is verified in French),
  // where that catalog is loaded; else in the engine's default.
  Lang lang = currentLang();
  if (const auto r = receipt.is_object() ? receipt.find("request") : receipt.end(); r != receipt.end() && r->is_object())
    if (const auto l = r->find("lang"); l != r->end() && *l == "fr" && catalogLoaded(Lang::fr)) lang = Lang::fr;
  const LangScope scope(lang);
  try {
    return verifyChecked(receipt, requireCommitReveal);
  } catch (const RequestError& e) {
    return errorEnvelope(e.code(), e.what(), e.path());
  } catch (const std::exception& e) {
    return errorEnvelope(code::kInternalError, std::string("internal error: ") + e.what(), "");
  } catch (...) {
    return errorEnvelope(code::kInternalError, "internal error", "");
  }
}

std::string verifyJson(const std::string& text, bool requireCommitReveal) {
  Json out;
  try {
    Json req, err;
    out = parseRequest(text, req, err) ? verify(req, requireCommitReveal) : err;
  } catch (...) {
    out = errorEnvelope(code::kInternalError, "internal error", "");
  }
  return toText(out);
}

}  // namespace grapeshot
