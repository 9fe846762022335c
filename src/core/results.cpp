#include "results.h"

namespace grapeshot {

namespace {
bool whole(double v) { return v > -9.0e15 && v < 9.0e15 && v == static_cast<double>(static_cast<long long>(v)); }
}  // namespace

void writeNumber(JsonWriter& w, double v) {
  if (whole(v)) w.value(static_cast<long long>(v));
  else w.value(v);
}

TraceValue numberValue(double v) { return whole(v) ? TraceValue(static_cast<long long>(v)) : TraceValue(v); }

std::string Summary::text() const {
  std::string out;
  for (const Message& m : sentences) {
    if (!out.empty()) out += ' ';
    out += m.text();
  }
  return out;
}

void writeSummaryText(JsonWriter& w, const Summary& s) { w.field("summary", s.text()); }

void writeSentences(JsonWriter& w, const Summary& s) {
  std::string list = "[";
  for (std::size_t i = 0; i < s.sentences.size(); ++i) {
    if (i) list += ',';
    s.sentences[i].appendStructured(list);
  }
  list += ']';
  w.rawField("summary", list);
}

void writeStructured(JsonWriter& w, const Message& m) {
  std::string text;
  m.appendStructured(text);
  w.raw(text);
}

}  // namespace grapeshot
