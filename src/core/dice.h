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

// A roll and its modifier as the trace and summaries print it: "d10 7" or "d10 7 + 2 = 9".
std::string rollText(const Die& die, int natural, int drm);

// The bands of a roll whose consequence depends only on which band its face falls in (a check
// against a target, the printed bands of a table): each band starts at one of the cuts, the first
// at die.low. Cuts outside (low, high] are ignored.
struct Bands {
  int cuts[4];
  int count;  // how many cuts are used
};

// Where natural rolls come from.
class DiceSource {
 public:
  virtual ~DiceSource() = default;
  virtual int next(const Die& die) = 0;  // a natural face of `die`
  // A roll read only by its band: exact odds branch once per band, weighted by its faces (a check
  // is two branches, not ten), and report the band's lowest face; every other source rolls a face.
  virtual int nextBanded(const Die& die, const Bands& /*bands*/) { return next(die); }
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
