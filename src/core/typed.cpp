#include "typed.h"

namespace grapeshot {

std::size_t enumIndex(const Json& value, const char* const* names, std::size_t n) {
  const std::string& s = value.get_ref<const std::string&>();
  for (std::size_t i = 0; i < n; ++i)
    if (s == names[i]) return i;
  throw std::logic_error("\"" + s + "\" is not a value of the procedure's enum: its schema and code disagree");
}

int readInt(const Json& v) { return v.get<int>(); }
long long readInt64(const Json& v) { return v.get<long long>(); }
double readNumber(const Json& v) { return v.get<double>(); }
bool readBool(const Json& v) { return v.get<bool>(); }
std::string readString(const Json& v) { return v.get<std::string>(); }

}  // namespace grapeshot
