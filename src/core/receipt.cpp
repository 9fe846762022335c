#include "receipt.h"

#include "engine.h"
#include "error.h"
#include "ruleset.h"
#include "schema.h"
#include "sha256.h"

namespace grapeshot {
namespace {

constexpr char kCommitTag[] = "grapeshot commit v1";
constexpr char kSeedTag[] = "grapeshot seed v1";

// A 32-byte secret or commitment as 64 lowercase hex digits.
std::string hex32(const Json& v, const std::string& path) {
  if (!v.is_string()) throw RequestError(code::kWrongType, std::string("expected a string, got ") + schemaTypeName(v), path);
  const std::string& s = v.get_ref<const std::string&>();
  std::string bytes;
  bool lower = true;
  for (char c : s) lower = lower && !(c >= 'A' && c <= 'F');
  if (s.size() != 64 || !lower || !fromHex(s, bytes))
    throw RequestError(code::kInvalidValue, "expected 64 lowercase hex digits (32 bytes)", path);
  return bytes;
}

const Json& pair(const Json& cr, const char* field, const std::string& path) {
  const auto it = cr.find(field);
  const std::string p = path + "/" + field;
  if (it == cr.end()) throw RequestError(code::kMissingField, std::string("missing required field \"") + field + "\"", p);
  if (!it->is_array()) throw RequestError(code::kWrongType, std::string("expected an array, got ") + schemaTypeName(*it), p);
  if (it->size() != 2) throw RequestError(code::kOutOfRange, "expected exactly 2 items (side A, side B)", p);
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
    throw RequestError(code::kMissingField, std::string("missing required field \"") + name + "\"", std::string("/") + name);
  return *it;
}

Json verifyChecked(const Json& receipt) {
  if (!receipt.is_object())
    throw RequestError(code::kInvalidRequest, std::string("a receipt is a JSON object, got ") + schemaTypeName(receipt), "");
  static const char* const kFields[] = {"format", "engine", "ruleset", "dataHash", "request", "seed", "rolls", "result"};
  for (const auto& [k, _] : receipt.items()) {
    bool known = false;
    for (const char* f : kFields) known = known || k == f;
    if (!known) throw RequestError(code::kUnknownField, "unknown field \"" + clip(k) + "\"", pointerJoin("", k));
  }
  const Json& format = field(receipt, "format");
  if (format != kReceiptFormat)
    throw RequestError(code::kInvalidValue, std::string("not a receipt format this engine reads (") + kReceiptFormat + ")", "/format");
  const Json& engine = field(receipt, "engine");
  const Json& rulesetId = field(receipt, "ruleset");
  const Json& dataHash = field(receipt, "dataHash");
  const Json& request = field(receipt, "request");
  const Json& rolls = field(receipt, "rolls");
  const Json& result = field(receipt, "result");
  if (!engine.is_string()) throw RequestError(code::kWrongType, "expected a string", "/engine");
  if (!rulesetId.is_string()) throw RequestError(code::kWrongType, "expected a string", "/ruleset");
  if (!dataHash.is_string()) throw RequestError(code::kWrongType, "expected a string", "/dataHash");
  if (!request.is_object()) throw RequestError(code::kWrongType, "expected an object", "/request");
  if (!rolls.is_array()) throw RequestError(code::kWrongType, "expected an array", "/rolls");
  if (!result.is_object()) throw RequestError(code::kWrongType, "expected an object", "/result");
  const auto seedIt = receipt.find("seed");
  if (seedIt != receipt.end() && !seedIt->is_number_unsigned() && !(seedIt->is_number_integer() && seedIt->get<std::int64_t>() >= 0))
    throw RequestError(code::kWrongType, "expected an integer 0..4294967295", "/seed");

  Json problems = Json::array();
  auto problem = [&](const char* code, const std::string& path, const std::string& message) {
    problems.push_back(Json{{"code", code}, {"path", path}, {"message", message}});
  };
  if (engine != kEngineVersion)
    problem("engine_mismatch", "/engine",
            "receipt made by engine " + clip(engine.get<std::string>()) + ", this is " + kEngineVersion + ": cannot vouch for it");
  const Ruleset* rs = findRuleset(rulesetId.get<std::string>());
  if (!rs) throw RequestError(code::kUnknownRuleset, "unknown ruleset \"" + clip(rulesetId.get<std::string>()) + "\"", "/ruleset");
  if (dataHash != rs->dataHash())
    problem("data_hash_mismatch", "/dataHash", "the receipt was made with different ruleset data (this engine: " + rs->dataHash() + ")");
  if (request.value("ruleset", Json()) != rulesetId)
    problem("request_mismatch", "/request/ruleset", "the request names another ruleset than the receipt");
  if (request.contains("receipt")) problem("request_mismatch", "/request/receipt", "a receipt's request carries no receipt flag");
  // The seed the request itself determines (explicit, or from the commit–reveal secrets).
  std::optional<std::uint32_t> seed;
  if (seedIt != receipt.end()) seed = static_cast<std::uint32_t>(seedIt->get<std::uint64_t>() & 0xFFFFFFFFull);
  if (seedIt != receipt.end() && seedIt->get<std::uint64_t>() > 0xFFFFFFFFull)
    problem("seed_mismatch", "/seed", "seed is not a 32-bit unsigned integer");
  const bool hasDice = request.contains("dice");
  if (hasDice && seedIt != receipt.end()) problem("seed_mismatch", "/seed", "a receipt with supplied dice has no seed");
  if (!hasDice && seedIt == receipt.end()) problem("seed_mismatch", "/seed", "missing the seed that rolled the dice");
  if (request.contains("seed") && seedIt != receipt.end() && request.at("seed") != *seedIt)
    problem("seed_mismatch", "/seed", "the receipt's seed is not the request's seed");
  if (request.contains("commitReveal") && seed) {
    try {
      if (commitRevealSeed(request.at("commitReveal"), "/request/commitReveal") != *seed)
        problem("seed_mismatch", "/seed", "the seed is not the one derived from the revealed secrets");
    } catch (const RequestError&) {
      // The replay below reports it.
    }
  }
  if (!hasDice && !request.contains("seed") && !request.contains("commitReveal"))
    problem("request_mismatch", "/request", "the request has no dice, seed or commitReveal: it cannot be replayed");

  // Re-derive: the request, replayed with its seed, must give the recorded rolls and result.
  Json replay = request;
  replay.erase("receipt");
  Json again = resolve(replay, seed);
  if (!again.value("ok", false)) {
    const Json& err = again.at("error");
    const std::string path = "/request" + err.at("path").get<std::string>();
    if (err.at("code") == code::kCommitmentMismatch)
      problem("commitment_mismatch", path, err.at("message").get<std::string>());
    else
      problem("request_rejected", path, "the engine rejects the request: " + err.at("message").get<std::string>());
  } else {
    Json naturals = Json::array();
    for (const auto& r : again.at("rolls")) naturals.push_back(r.at("natural"));
    if (auto d = firstDifference(rolls, naturals, "/rolls"))
      problem("rolls_mismatch", *d, "the recorded dice are not the ones the request and seed roll");
    if (auto d = firstDifference(result, again.at("result"), "/result"))
      problem("result_mismatch", *d, "the recorded result does not follow from the request and dice");
  }
  return Json{{"ok", true}, {"valid", problems.empty()}, {"problems", std::move(problems)}};
}

}  // namespace

std::string commitmentFor(const std::string& secretBytes) {
  Sha256 h;
  h.update(kCommitTag, sizeof kCommitTag);  // includes the terminating 0x00
  h.update(secretBytes);
  const auto d = h.digest();
  return toHex(d.data(), d.size());
}

std::uint32_t deriveSeed(const std::string& secretA, const std::string& secretB, const std::string& context) {
  Sha256 h;
  h.update(kSeedTag, sizeof kSeedTag);  // includes the terminating 0x00
  h.update(secretA).update(secretB).update(context);
  const auto d = h.digest();
  return (std::uint32_t(d[0]) << 24) | (std::uint32_t(d[1]) << 16) | (std::uint32_t(d[2]) << 8) | std::uint32_t(d[3]);
}

std::uint32_t commitRevealSeed(const Json& cr, const std::string& path) {
  if (!cr.is_object()) throw RequestError(code::kWrongType, std::string("expected an object, got ") + schemaTypeName(cr), path);
  for (const auto& [k, _] : cr.items())
    if (k != "commitments" && k != "secrets" && k != "context")
      throw RequestError(code::kUnknownField, "unknown field \"" + clip(k) + "\"", pointerJoin(path, k));
  const Json& commitments = pair(cr, "commitments", path);
  const Json& secrets = pair(cr, "secrets", path);
  std::string context;
  if (const auto it = cr.find("context"); it != cr.end()) {
    if (!it->is_string()) throw RequestError(code::kWrongType, "expected a string", path + "/context");
    context = it->get<std::string>();
    if (context.size() > 1024) throw RequestError(code::kOutOfRange, "context is at most 1024 bytes", path + "/context");
  }
  std::string secret[2];
  for (std::size_t i = 0; i < 2; ++i) {
    hex32(commitments[i], pointerJoin(path + "/commitments", i));
    secret[i] = hex32(secrets[i], pointerJoin(path + "/secrets", i));
  }
  for (std::size_t i = 0; i < 2; ++i)
    if (commitmentFor(secret[i]) != commitments[i].get<std::string>())
      throw RequestError(code::kCommitmentMismatch,
                         std::string("secret ") + (i ? "B" : "A") + " does not match its commitment",
                         pointerJoin(path + "/secrets", i));
  return deriveSeed(secret[0], secret[1], context);
}

bool receiptRequested(const Json& request) {
  const auto it = request.find("receipt");
  if (it == request.end()) return false;
  if (!it->is_boolean()) throw RequestError(code::kWrongType, std::string("expected a boolean, got ") + schemaTypeName(*it), "/receipt");
  return it->get<bool>();
}

Json makeReceipt(const Ruleset& rs, const Json& request, const Json& options, std::optional<std::uint32_t> seed,
                 const Json& rolls, const Json& result) {
  Json req = request;
  req.erase("receipt");
  req["options"] = options;  // the effective options: defaults may change between versions
  if (seed && !req.contains("seed") && !req.contains("commitReveal")) req["seed"] = *seed;
  Json naturals = Json::array();
  for (const auto& r : rolls) naturals.push_back(r.at("natural"));
  Json out{{"format", kReceiptFormat}, {"engine", kEngineVersion}, {"ruleset", rs.id()},
           {"dataHash", rs.dataHash()}, {"request", std::move(req)}};
  if (seed) out["seed"] = *seed;
  out["rolls"] = std::move(naturals);
  out["result"] = result;
  return out;
}

Json verify(const Json& receipt) {
  try {
    return verifyChecked(receipt);
  } catch (const RequestError& e) {
    return errorEnvelope(e.code(), e.what(), e.path());
  } catch (const std::exception& e) {
    return errorEnvelope(code::kInternalError, std::string("internal error: ") + e.what(), "");
  } catch (...) {
    return errorEnvelope(code::kInternalError, "internal error", "");
  }
}

std::string verifyJson(const std::string& text) {
  Json out;
  try {
    Json req, err;
    out = parseRequest(text, req, err) ? verify(req) : err;
  } catch (...) {
    out = errorEnvelope(code::kInternalError, "internal error", "");
  }
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace grapeshot
