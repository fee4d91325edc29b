#include "report/ci/policy_stage.h"

namespace arbiter::report::ci {

PolicyStage::PolicyStage(const validate::Policy& policy, const FingerprintSet* baseline)
    : policy_(policy), baseline_(baseline), tournament_(policy) {}

void PolicyStage::count_failing(const std::vector<validate::Diagnostic>& diagnostics) {
    for (size_t i = 0; i < diagnostics.size(); ++i)
        if (policy_.fails(diagnostics[i].severity) && !(baseline_ && baseline_->count(fingerprints_[i])))
            ++failing_;
}

const validate::GameVerdict& PolicyStage::game(const validate::GameVerdict& verdict) {
    const validate::GameVerdict* v = &verdict;
    if (tournament_.any() || (policy_.has_rules() && !verdict.diagnostics.empty())) {
        game_ = verdict;
        tournament_.game(game_);
        policy_.apply(game_);
        v = &game_;
    }
    if (v->diagnostics.empty()) return *v;
    if (baseline_) fingerprinter_.game(*v, fingerprints_);
    count_failing(v->diagnostics);
    return *v;
}

const validate::PositionVerdict& PolicyStage::position(const validate::PositionVerdict& verdict) {
    const validate::PositionVerdict* v = &verdict;
    if (policy_.has_rules() && !verdict.diagnostics.empty()) {
        position_ = verdict;
        policy_.apply(position_.diagnostics, position_.valid);
        v = &position_;
    }
    if (v->diagnostics.empty()) return *v;
    if (baseline_) fingerprinter_.position(*v, fingerprints_);
    count_failing(v->diagnostics);
    return *v;
}

}  // namespace arbiter::report::ci
