// SHA-256 (FIPS 180-4), small and dependency-free: the WASM core cannot link OpenSSL. Used for the
// ruleset data hash in roll receipts and for the commit–reveal seed protocol (README "Receipts").
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace grapeshot {

class Sha256 {
 public:
  Sha256();
  Sha256& update(const void* data, std::size_t size);
  Sha256& update(const std::string& bytes) { return update(bytes.data(), bytes.size()); }
  std::array<std::uint8_t, 32> digest();  // finalises; the object must not be updated afterwards

 private:
  void block(const std::uint8_t* p);
  std::uint32_t h_[8];
  std::uint8_t buf_[64];
  std::size_t used_ = 0;
  std::uint64_t bytes_ = 0;
};

std::array<std::uint8_t, 32> sha256(const std::string& bytes);
// The first 4 bytes of a digest as a big-endian unsigned integer (how seeds are drawn from hashes).
inline std::uint32_t leadingUint32(const std::array<std::uint8_t, 32>& d) {
  return (std::uint32_t(d[0]) << 24) | (std::uint32_t(d[1]) << 16) | (std::uint32_t(d[2]) << 8) | std::uint32_t(d[3]);
}
std::string sha256Hex(const std::string& bytes);  // lowercase hex, 64 characters
std::string toHex(const std::uint8_t* data, std::size_t size);
// Lowercase or uppercase hex -> bytes; false when `hex` has odd length or a non-hex character.
bool fromHex(const std::string& hex, std::string& out);

}  // namespace grapeshot
