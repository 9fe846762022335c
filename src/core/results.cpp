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

Summary& Summary::operator<<(Message m) {
  sentences.push_back(std::move(m));
  return *this;
}

std::string Summary::text() const {
  std::string out;
  for (const Message& m : sentences) {
    if (!out.empty()) out += ' ';
    m.appendText(out);
  }
  return out;
}

void writeSummaryText(JsonWriter& w, const Summary& s) {
  // Rendered into one buffer kept between responses (the text is escaped as it is written).
  static thread_local std::string text;
  text.clear();
  for (const Message& m : s.sentences) {
    if (!text.empty()) text += ' ';
    m.appendText(text);
  }
  w.commaKey(",\"summary\":").value(text);
}

void writeSentences(JsonWriter& w, const Summary& s) {
  std::string& out = w.commaKey(",\"summary\":").rawValue();
  out += '[';
  for (std::size_t i = 0; i < s.sentences.size(); ++i) {
    if (i) out += ',';
    s.sentences[i].appendStructured(out);
  }
  out += ']';
}

void writeStructured(JsonWriter& w, const Message& m) { m.appendStructured(w.rawValue()); }

void writeText(JsonWriter& w, const Message& m) {
  // Rendered into a buffer kept between responses, then escaped as it is written: no string made
  // and freed per message.
  static thread_local std::string text;
  text.clear();
  m.appendText(text);
  w.value(text);
}

}  // namespace grapeshot
