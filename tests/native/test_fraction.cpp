// The core's exact rational (src/core/fraction.h): always reduced, and printed as a player writes a
// halved strength (W-12).
#include <catch2/catch.hpp>

#include "core/dice.h"
#include "core/fraction.h"

using grapeshot::Fraction;

TEST_CASE("a fraction stays reduced through sums, products and multipliers", "[fraction]") {
  Fraction f{1, 6};
  f += Fraction{1, 3};
  CHECK((f.num == 1 && f.den == 2));
  const Fraction g = f * 4;
  CHECK((g.num == 2 && g.den == 1));
  const Fraction h = Fraction{5, 1}.times(1, 2).times(1, 2);  // x1/2 twice: 5/4
  CHECK((h.num == 5 && h.den == 4));
  CHECK(h.value() == 1.25);
  CHECK(h.toJson().dump() == R"({"num":5,"den":4})");
}

TEST_CASE("a fraction prints as a whole, a proper fraction or a mixed number", "[fraction]") {
  CHECK(Fraction{7, 1}.text() == "7");
  CHECK(Fraction{3, 4}.text() == "3/4");
  CHECK(Fraction{5, 2}.text() == "2 1/2");
}

TEST_CASE("a roll and its modifier print as the trace shows them", "[dice]") {
  CHECK(grapeshot::rollText(grapeshot::kD10, 7, 0) == "d10 7");
  CHECK(grapeshot::rollText(grapeshot::kD10, 7, 2) == "d10 7 + 2 = 9");
  CHECK(grapeshot::rollText(grapeshot::kD6, 3, -4) == "d6 3 - 4 = -1");
}
