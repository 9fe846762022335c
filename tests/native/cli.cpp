// grapeshot_cli: one JSON request per line on stdin, one response per line on stdout.
// For hosts without JS, for debugging, and for comparing native answers with the WASM module.
#include <iostream>
#include <string>

#include "core/engine.h"
#include "core/odds.h"
#include "core/parse.h"

namespace {
// The odds of one request's text, or the error its text gets.
std::string oddsLine(const std::string& line) {
  grapeshot::Json request, error;
  if (!grapeshot::parseRequest(line, request, error)) return grapeshot::toText(error);
  return grapeshot::oddsText(request);
}
}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--rulesets") {
    std::cout << grapeshot::describe().dump(2) << "\n";
    return 0;
  }
  // --odds: each line's exact odds instead of its resolution.
  const bool odds = argc > 1 && std::string(argv[1]) == "--odds";
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    std::cout << (odds ? oddsLine(line) : grapeshot::resolveJson(line)) << "\n";
  }
  return 0;
}
