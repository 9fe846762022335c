// Dice. The PRNG is PCG32 (M. O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically
// Good Algorithms for Random Number Generation", 2014): 64-bit LCG state, XSH-RR 32-bit output,
// seeded exactly like the reference pcg32_srandom_r(seed, 54). Range reduction rejects the
// (2^32 mod n) lowest outputs (reference pcg32_boundedrand_r), so every face is equally likely.
// No std::*_distribution: those differ between libstdc++ and libc++.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "json.h"

namespace grapeshot {

class Pcg32 {
 public:
  static constexpr std::uint64_t kStream = 54u;
  explicit Pcg32(std::uint64_t seed, std::uint64_t stream = kStream);
  std::uint32_t next();
  std::uint32_t bounded(std::uint32_t bound);  // uniform in [0, bound)

 private:
  std::uint64_t state_ = 0;
  std::uint64_t inc_ = 0;
};

// A die: its name as reported in `rolls` and its printed faces.
struct Die {
  const char* name;
  int low;
  int high;
  int faces() const { return high - low + 1; }
};
inline constexpr Die kD6{"d6", 1, 6};
inline constexpr Die kD10{"d10", 0, 9};  // a d10 read 0-9 (W-01)

// Where natural rolls come from.
class DiceSource {
 public:
  virtual ~DiceSource() = default;
  virtual int next(const Die& die) = 0;  // a natural face of `die`
};

class SeededDice final : public DiceSource {
 public:
  explicit SeededDice(std::uint32_t seed) : rng_(seed) {}
  int next(const Die& die) override;

 private:
  Pcg32 rng_;
};

// Rolls supplied by the host (physical dice, or a host's own roller), consumed in order.
class ScriptedDice final : public DiceSource {
 public:
  explicit ScriptedDice(std::vector<int> naturals) : naturals_(std::move(naturals)) {}
  int next(const Die& die) override;  // throws dice_exhausted / die_out_of_range
  std::size_t used() const { return pos_; }

 private:
  std::vector<int> naturals_;
  std::size_t pos_ = 0;
};

}  // namespace grapeshot
