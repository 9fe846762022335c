// grapeshot_cli: one JSON request per line on stdin, one response per line on stdout.
// For hosts without JS, for debugging, and for comparing native answers with the WASM module.
//   grapeshot_cli                  each line resolved
//   grapeshot_cli --odds [N]       each line's exact odds (under a budget of N sequences)
//   grapeshot_cli --odds-batch K N the lines K at a time as one odds batch sharing a budget of N
//   grapeshot_cli --rulesets       what the engine knows
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>

#include "core/engine.h"
#include "core/odds.h"
#include "core/parse.h"

namespace {
// The odds of one request's text, or the error its text gets.
std::string oddsLine(const std::string& line, std::uint64_t budget) {
  grapeshot::Json request, error;
  if (!grapeshot::parseRequest(line, request, error)) return grapeshot::toText(error);
  return grapeshot::oddsText(request, budget);
}
std::uint64_t number(int argc, char** argv, int i, std::uint64_t otherwise) {
  return argc > i ? std::strtoull(argv[i], nullptr, 10) : otherwise;
}
}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "--rulesets") {
    std::cout << grapeshot::describe().dump(2) << "\n";
    return 0;
  }
  std::string line;
  if (mode == "--odds-batch") {  // compares shared-budget decisions (scripts/compare-responses.mjs)
    const std::uint64_t size = std::max<std::uint64_t>(1, number(argc, argv, 2, 4));
    const std::uint64_t budget = number(argc, argv, 3, grapeshot::kMaxOddsPaths);
    grapeshot::Json batch = grapeshot::Json::array();
    const auto flush = [&] {
      if (!batch.empty()) std::cout << grapeshot::batchText(batch, "odds", 1u, budget) << "\n";
      batch = grapeshot::Json::array();
    };
    while (std::getline(std::cin, line)) {
      grapeshot::Json request, error;
      if (line.empty() || !grapeshot::parseRequest(line, request, error)) continue;
      batch.push_back(std::move(request));
      if (batch.size() == size) flush();
    }
    flush();
    return 0;
  }
  const bool odds = mode == "--odds";
  const std::uint64_t budget = number(argc, argv, 2, grapeshot::kMaxOddsPaths);
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    std::cout << (odds ? oddsLine(line, budget) : grapeshot::resolveJson(line)) << "\n";
  }
  return 0;
}
