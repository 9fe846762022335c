// grapeshot_cli: one JSON request per line on stdin, one response per line on stdout.
// For hosts without JS, for debugging, and for comparing native answers with the WASM module.
#include <iostream>
#include <string>

#include "core/engine.h"

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--rulesets") {
    std::cout << grapeshot::describe().dump(2) << "\n";
    return 0;
  }
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    std::cout << grapeshot::resolveJson(line) << "\n";
  }
  return 0;
}
