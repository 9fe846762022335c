#include "fraction.h"

#include <numeric>

namespace grapeshot {
namespace {
Fraction reduced(std::int64_t num, std::int64_t den) {
  const std::int64_t r = std::gcd(num < 0 ? -num : num, den);
  return r > 1 ? Fraction{num / r, den / r} : Fraction{num, den};
}
}  // namespace

Fraction& Fraction::operator+=(const Fraction& o) {
  const std::int64_t g = std::gcd(den, o.den);
  const std::int64_t l = den / g * o.den;
  return *this = reduced(num * (l / den) + o.num * (l / o.den), l);
}

Fraction Fraction::operator*(std::int64_t k) const { return reduced(num * k, den); }

Fraction Fraction::times(std::int64_t n, std::int64_t d) const { return reduced(num * n, den * d); }

std::string Fraction::text() const {
  if (den == 1) return std::to_string(num);
  const std::int64_t whole = num / den;
  return (whole ? std::to_string(whole) + " " : "") + std::to_string(num % den) + "/" + std::to_string(den);
}

}  // namespace grapeshot
