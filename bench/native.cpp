// grapeshot_bench: native timings for the same requests the Node benchmark runs, so the WASM
// figures can be compared with native ones. Usage: grapeshot_bench <requests.json>; prints JSON.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "core/engine.h"
#include "core/odds.h"

using grapeshot::Json;
using Clock = std::chrono::steady_clock;

namespace {

// Median microseconds per call over `rounds` rounds of `per` calls each.
template <typename F>
double medianMicros(F&& f, int rounds, int per) {
  std::vector<double> samples;
  for (int r = 0; r < rounds; ++r) {
    const auto t0 = Clock::now();
    for (int i = 0; i < per; ++i) f();
    samples.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / per);
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: grapeshot_bench requests.json\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  std::stringstream ss;
  ss << in.rdbuf();
  const Json doc = Json::parse(ss.str());
  Json out = Json::object();
  volatile std::size_t sink = 0;
  for (const auto& [name, req] : doc.at("resolve").items()) {
    const std::string text = req.dump();
    out["resolve"][name] = medianMicros([&] { sink = sink + grapeshot::resolveJson(text).size(); }, 9, 300);
  }
  // Odds, without and with sensitivity; repetitions sized from a first call so slow requests
  // still finish in about a second each.
  for (const auto& [name, req] : doc.at("odds").items()) {
    for (const bool sensitivity : {false, true}) {
      Json copy = req;
      copy["sensitivity"] = sensitivity;
      const std::string text = copy.dump();
      auto call = [&] {
        Json r, err;
        grapeshot::parseRequest(text, r, err);
        sink = sink + grapeshot::odds(r).dump().size();
      };
      const double first = medianMicros(call, 1, 1);
      const int per = std::max(1, std::min(200, static_cast<int>(200000 / std::max(first, 1.0))));
      out[sensitivity ? "oddsSensitivity" : "odds"][name] = medianMicros(call, 5, per);
    }
  }
  // A JSON lookup batch of 20,000, text in and text out, as the WASM binding runs it.
  {
    Json lookups = Json::array();
    for (int i = 0; i < 20000; ++i)
      lookups.push_back(Json{{"ruleset", "napoleon-iii-1866"}, {"table", "combat"}, {"column", i % 9}, {"roll", i % 7}});
    const std::string text = lookups.dump();
    const double micros = medianMicros([&] {
      Json req, err;
      grapeshot::parseRequest(text, req, err, grapeshot::kMaxBatchBytes);
      sink = sink + grapeshot::batchText(req, "lookup", 0).size();
    }, 5, 1);
    out["lookupBatchPerSecond"] = 20000 / (micros / 1e6);
  }
  std::cout << out.dump() << "\n";
  return sink == 0 ? 1 : 0;
}
