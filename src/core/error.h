// Errors as data: every failure a caller can cause is a RequestError with a stable code and a
// JSON Pointer to the offending input. The engine turns it into {ok:false, error:{code,message,path}}.
#pragma once
#include <stdexcept>
#include <string>

namespace grapeshot {

// Stable error codes (documented in README.md). Never rename one; add new ones.
namespace code {
inline constexpr const char* kParseError = "parse_error";              // text is not JSON
inline constexpr const char* kInvalidRequest = "invalid_request";      // top level is not an object
inline constexpr const char* kMissingField = "missing_field";
inline constexpr const char* kUnknownField = "unknown_field";
inline constexpr const char* kWrongType = "wrong_type";
inline constexpr const char* kOutOfRange = "out_of_range";
inline constexpr const char* kInvalidValue = "invalid_value";          // not one of the enum values
inline constexpr const char* kUnknownRuleset = "unknown_ruleset";
inline constexpr const char* kUnknownProcedure = "unknown_procedure";  // no ruleset has it
inline constexpr const char* kUnsupportedProcedure = "unsupported_procedure";  // another ruleset has it
inline constexpr const char* kUnknownOption = "unknown_option";
inline constexpr const char* kUnknownTable = "unknown_table";
inline constexpr const char* kConflictingFields = "conflicting_fields";
inline constexpr const char* kDiceExhausted = "dice_exhausted";        // fewer dice than the procedure rolls
inline constexpr const char* kDieOutOfRange = "die_out_of_range";      // not a face of that die
inline constexpr const char* kProhibited = "prohibited";               // the rules forbid the action
inline constexpr const char* kInternalError = "internal_error";        // a bug: report it
inline constexpr const char* kRequestTooLarge = "request_too_large";   // text beyond kMaxRequestBytes
inline constexpr const char* kCommitmentMismatch = "commitment_mismatch";  // a revealed secret != its commitment
}  // namespace code

// Request text beyond this many bytes is refused unparsed (request_too_large): real requests are
// under 4 KB, and 16 KiB keeps the worst case of a hostile one within a few milliseconds in WASM.
inline constexpr std::size_t kMaxRequestBytes = 16u << 10;
inline constexpr std::size_t kMaxBatchBytes = 4u << 20;  // a batch (many requests in one text)
inline constexpr std::size_t kMaxBatchItems = 20000;    // requests in one batch
inline constexpr std::size_t kMaxBatchOutputBytes = 16u << 20;  // a batch's answers, together

class RequestError : public std::runtime_error {
 public:
  RequestError(std::string code, const std::string& message, std::string path)
      : std::runtime_error(message), code_(std::move(code)), path_(std::move(path)) {}
  const std::string& code() const { return code_; }
  const std::string& path() const { return path_; }

 private:
  std::string code_;
  std::string path_;
};

// User text quoted in a message, at most `n` bytes (cut at a UTF-8 boundary): messages stay short
// whatever the input; the full text is in `path` where it names a field.
inline std::string clip(const std::string& s, std::size_t n = 40) {
  if (s.size() <= n) return s;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n) + "...";
}

// JSON Pointer escaping (RFC 6901): "~" -> "~0", "/" -> "~1".
std::string pointerToken(const std::string& key);
inline std::string pointerJoin(const std::string& base, const std::string& key) {
  return base + "/" + pointerToken(key);
}
inline std::string pointerJoin(const std::string& base, std::size_t index) {
  return base + "/" + std::to_string(index);
}

}  // namespace grapeshot
