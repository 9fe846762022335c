// How black-powder's texts write a dice sum's modifier (message parameters, not words).
#pragma once
#include <cstdlib>
#include <string>

namespace grapeshot::black_powder {

// "+0", "-1": the modifier as a break test's sum shows it ("3+4+0").
inline std::string signedText(int v) { return (v < 0 ? "-" : "+") + std::to_string(std::abs(v)); }
// " + 1", " - 1", or nothing for no modifier: as the brigade's sum shows it ("3 + 4 - 1").
inline std::string termText(int v) { return v == 0 ? std::string() : (v > 0 ? " + " : " - ") + std::to_string(std::abs(v)); }

}  // namespace grapeshot::black_powder
