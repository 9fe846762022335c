// Dice: PCG32 against the reference implementation's published output, unbiased range reduction,
// scripted dice errors.
#include <catch2/catch.hpp>

#include "core/dice.h"
#include "core/error.h"

using namespace grapeshot;

TEST_CASE("PCG32 matches the reference pcg32-demo output (seed 42, stream 54)", "[dice]") {
  Pcg32 rng(42u, 54u);
  const std::uint32_t expected[] = {0xa15c02b7u, 0x7b47f409u, 0xba1d3330u, 0x83d2f293u, 0xbfa4784bu, 0xcbed606eu};
  for (std::uint32_t e : expected) CHECK(rng.next() == e);
}

TEST_CASE("bounded() rejects the low 2^32 mod n outputs and stays in range", "[dice]") {
  Pcg32 rng(7u);
  int counts[6] = {};
  for (int i = 0; i < 60000; ++i) {
    const auto v = rng.bounded(6);
    REQUIRE(v < 6u);
    ++counts[v];
  }
  for (int c : counts) CHECK(c > 9500);  // 10000 expected; 5 sigma is about 450
  for (int c : counts) CHECK(c < 10500);
}

TEST_CASE("seeded dice give each die's printed faces", "[dice]") {
  SeededDice dice(123u);
  bool seen6[7] = {}, seen10[10] = {};
  for (int i = 0; i < 2000; ++i) {
    const int a = dice.next(kD6), b = dice.next(kD10);
    REQUIRE(a >= 1);
    REQUIRE(a <= 6);
    REQUIRE(b >= 0);
    REQUIRE(b <= 9);
    seen6[a] = seen10[b] = true;
  }
  for (int f = 1; f <= 6; ++f) CHECK(seen6[f]);
  for (int f = 0; f <= 9; ++f) CHECK(seen10[f]);
}

TEST_CASE("the same seed gives the same rolls", "[dice]") {
  SeededDice a(2024u), b(2024u);
  for (int i = 0; i < 100; ++i) CHECK(a.next(kD6) == b.next(kD6));
}

TEST_CASE("scripted dice are consumed in order and checked against the die", "[dice]") {
  ScriptedDice dice({3, 0, 7});
  CHECK(dice.next(kD6) == 3);
  CHECK_THROWS_MATCHES(dice.next(kD6), RequestError,
                       Catch::Predicate<RequestError>([](const RequestError& e) {
                         return e.code() == "die_out_of_range" && e.path() == "/dice/1";
                       }));
  ScriptedDice two({5});
  CHECK(two.next(kD10) == 5);
  CHECK_THROWS_MATCHES(two.next(kD10), RequestError, Catch::Predicate<RequestError>([](const RequestError& e) {
                         return e.code() == "dice_exhausted" && e.path() == "/dice";
                       }));
}
