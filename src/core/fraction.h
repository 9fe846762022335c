// An exact rational number, always reduced, its denominator positive: the probabilities and
// expectations of exact odds, and strengths that printed multipliers halve or quarter (W-12).
#pragma once
#include <cstdint>
#include <string>

#include "json.h"

namespace grapeshot {

struct Fraction {
  std::int64_t num = 0;
  std::int64_t den = 1;
  Fraction& operator+=(const Fraction& o);
  Fraction operator*(std::int64_t k) const;
  Fraction times(std::int64_t n, std::int64_t d) const;  // this x n/d
  double value() const { return static_cast<double>(num) / static_cast<double>(den); }
  std::string text() const;  // as a player writes it: "7", "3/4", "2 1/2"
  Json toJson() const { return object({{"num", num}, {"den", den}}); }
};

}  // namespace grapeshot
