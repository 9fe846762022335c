// One JSON type for the whole engine. ordered_json keeps keys in the order they were written, so
// schemas list their inputs in the printed order and responses read top-down.
#pragma once
#include <nlohmann/json.hpp>

namespace grapeshot {
using Json = nlohmann::ordered_json;
}
