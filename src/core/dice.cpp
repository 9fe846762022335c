#include "dice.h"

#include "error.h"

namespace grapeshot {

Pcg32::Pcg32(std::uint64_t seed, std::uint64_t stream) {
  // pcg32_srandom_r
  inc_ = (stream << 1u) | 1u;
  next();
  state_ += seed;
  next();
}

std::uint32_t Pcg32::next() {
  // pcg32_random_r
  const std::uint64_t old = state_;
  state_ = old * 6364136223846793005ULL + inc_;
  const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
  const auto rot = static_cast<std::uint32_t>(old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

std::uint32_t Pcg32::bounded(std::uint32_t bound) {
  // pcg32_boundedrand_r: reject the 2^32 mod bound lowest outputs.
  const std::uint32_t threshold = (0u - bound) % bound;
  for (;;) {
    const std::uint32_t r = next();
    if (r >= threshold) return r % bound;
  }
}

int SeededDice::next(const Die& die) {
  return die.low + static_cast<int>(rng_.bounded(static_cast<std::uint32_t>(die.faces())));
}

int ScriptedDice::next(const Die& die) {
  if (pos_ >= naturals_.size())
    throw RequestError(code::kDiceExhausted, msg::errorDiceExhausted(naturals_.size(), die.name),
                       "/dice");
  const int v = naturals_[pos_];
  if (v < die.low || v > die.high)
    throw RequestError(code::kDieOutOfRange, msg::errorNotDieFace(pos_ + 1, v, die.name, die.low, die.high),
                       "/dice/" + std::to_string(pos_));
  ++pos_;
  return v;
}

std::string rollText(const Die& die, int natural, int drm) {
  std::string s = std::string(die.name) + " " + std::to_string(natural);
  if (drm != 0) s += (drm > 0 ? " + " : " - ") + std::to_string(drm > 0 ? drm : -drm) + " = " + std::to_string(natural + drm);
  return s;
}

}  // namespace grapeshot
