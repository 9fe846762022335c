// The summaries of the grande-tactique results, composed from the typed results (results.json,
// "x-summary") in the catalog's sentences (grande-tactique.summary.*): how every Morale Check came
// out, and what it does to whom (shaken, fleeing, pursuing), in the rules' words.
#include "grande_tactique.h"
#include "messages.h"

namespace grapeshot::grande_tactique {

Message chargeConsequence(results::Outcome outcome, int chargers) {
  switch (outcome) {
    case results::Outcome::chargeFailed: return msg::grandeTactiqueResultChargeChargeFailed(chargers);
    case results::Outcome::bothPassed: return msg::grandeTactiqueResultChargeBothPassed();
    case results::Outcome::targetFailed: return msg::grandeTactiqueResultChargeTargetFailed();
  }
  throw std::logic_error("grande-tactique: a charge outcome without a consequence");
}

}  // namespace grapeshot::grande_tactique

namespace grapeshot::results::grande_tactique {
namespace {

// One check's sentence: passed, failed, or failed because no natural roll could pass.
template <typename Check, typename Passed, typename Failed, typename CannotPass>
Message checkSentence(const Check& c, Passed passed, Failed failed, CannotPass cannotPass) {
  if (!c.needs) return cannotPass(c.natural);
  return c.passed ? passed(*c.needs, c.natural) : failed(*c.needs, c.natural);
}

Message consequenceSentence(Consequence code) {
  switch (code) {
    case Consequence::chargeProceeds: return msg::grandeTactiqueSummaryChargeProceeds();
    case Consequence::chargeFails: return msg::grandeTactiqueSummaryChargeFails();
    case Consequence::notInExcerpt: return msg::grandeTactiqueSummaryNotInExcerpt();
    case Consequence::removeShaken: return msg::grandeTactiqueSummaryRemoveShaken();
    case Consequence::staysShaken: return msg::grandeTactiqueSummaryStaysShaken();
    case Consequence::flee: return msg::grandeTactiqueSummaryFlee();
    case Consequence::standsFast: return msg::grandeTactiqueSummaryStandsFast();
    case Consequence::followUpOrHalt: return msg::grandeTactiqueSummaryFollowUpOrHalt();
    case Consequence::mustPursue: return msg::grandeTactiqueSummaryMustPursue();
  }
  throw std::logic_error("grande-tactique: a consequence without a sentence");
}

}  // namespace

Summary summary(const ChargeResult& r) {
  Summary s;
  s << checkSentence(r.attackers, msg::grandeTactiqueSummaryAttackersCheckPassed, msg::grandeTactiqueSummaryAttackersCheckFailed,
                     msg::grandeTactiqueSummaryAttackersCheckCannotPass);
  if (r.target.rolled) {
    struct {
      int natural;
      Nullable<int> needs;
      bool passed;
    } t{r.target.natural.value(), r.target.needs.value(), r.target.passed.value()};
    s << checkSentence(t, msg::grandeTactiqueSummaryTargetCheckPassed, msg::grandeTactiqueSummaryTargetCheckFailed,
                       msg::grandeTactiqueSummaryTargetCheckCannotPass);
  }
  // Who becomes shaken, or what the excerpt leaves to the melee rules: the result's consequence.
  return s << r.consequence.value();
}

Summary summary(const MoraleResult& r) {
  // The occasion as the form shows it (ruleset.json's x-enumLabels).
  const auto occasion = sameEnum<::grapeshot::inputs::grande_tactique::Occasion>(r.occasion);
  const char* label = (currentLang() == Lang::fr ? ::grapeshot::inputs::grande_tactique::kOccasionLabelsFr
                                                 : ::grapeshot::inputs::grande_tactique::kOccasionLabels)[static_cast<std::size_t>(occasion)];
  Summary s;
  s << checkSentence(
      r, [&](int needs, int natural) { return msg::grandeTactiqueSummaryMoraleCheckPassed(label, needs, natural); },
      [&](int needs, int natural) { return msg::grandeTactiqueSummaryMoraleCheckFailed(label, needs, natural); },
      [&](int natural) { return msg::grandeTactiqueSummaryMoraleCheckCannotPass(label, natural); });
  return s << consequenceSentence(r.consequence);
}

Summary summary(const RallyResult& r) {
  Summary s;
  s << checkSentence(r, msg::grandeTactiqueSummaryDeShakingPassed, msg::grandeTactiqueSummaryDeShakingFailed,
                     msg::grandeTactiqueSummaryDeShakingCannotPass);
  return s << consequenceSentence(r.consequence);
}

}  // namespace grapeshot::results::grande_tactique
