// Errors as data: every failure a caller can cause is a RequestError with a stable code and a
// JSON Pointer to the offending input. The engine turns it into {ok:false, error:{code,message,path}}.
#pragma once
#include <optional>
#include <stdexcept>
#include <string>

#include "error_codes.h"  // code::k<Name>, from errors.json (scripts/gen-core.mjs)
#include "messages.h"     // msg::<id>(…), from src/messages/en.json (scripts/gen-core.mjs)

namespace grapeshot {

// Request text beyond this many bytes is refused unparsed (request_too_large): real requests are
// under 4 KB, and 16 KiB keeps the worst case of a hostile one within a few milliseconds in WASM.
inline constexpr std::size_t kMaxRequestBytes = 16u << 10;
inline constexpr std::size_t kMaxBatchBytes = 4u << 20;  // a batch (many requests in one text)
inline constexpr std::size_t kMaxBatchItems = 20000;    // requests in one batch
inline constexpr std::size_t kMaxBatchOutputBytes = 16u << 20;  // a batch's answers, together

class RequestError : public std::runtime_error {
 public:
  // The message, a sentence of the catalog: its text (what()) and its structured form ({id, params}).
  RequestError(std::string code, Message message, std::string path)
      : std::runtime_error(message.text()), code_(std::move(code)), path_(std::move(path)), message_(std::move(message)) {}
  // A message not yet in the catalog: its text only.
  RequestError(std::string code, const std::string& message, std::string path)
      : std::runtime_error(message), code_(std::move(code)), path_(std::move(path)) {}
  const std::string& code() const { return code_; }
  const std::string& path() const { return path_; }
  const std::optional<Message>& message() const { return message_; }

 private:
  std::string code_;
  std::string path_;
  std::optional<Message> message_;
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
