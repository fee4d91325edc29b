// --format github: GitHub Actions workflow commands, one line per finding on the output:
//   ::error file=F,line=L,col=C,endColumn=E,title=CODE/REASON::message (game N: White - Black)
// warnings as ::warning, info as ::notice; values escaped as @actions/core does (data: % CR LF;
// properties also ':' and ','). GitHub shows 10 annotations of each kind per step, so at most
// `per_code` lines are written per code; one ::notice line per code then says how many more
// there were. When `summary_path` is set (from $GITHUB_STEP_SUMMARY), the Markdown summary is
// appended to that file at the end.
#pragma once

#include <array>
#include <string>

#include "report/ci/cap.h"
#include "report/ci/markdown_summary.h"
#include "report/ci/record.h"
#include "report/output.h"

namespace arbiter::report::ci {

class GithubWriter final : public CiWriter {
public:
    static constexpr uint64_t kGithubAnnotationsPerStep = 10;

    GithubWriter(Output& out, Output& err, std::string summary_path, std::string link_base,
                 uint64_t per_code = kGithubAnnotationsPerStep)
        : out_(out), err_(err), summary_path_(std::move(summary_path)), summary_(std::move(link_base)),
          per_code_(per_code) {}
    void game(const GameRecord& game) override;
    void end(const RunTotals& totals) override;

private:
    Output& out_;
    Output& err_;
    std::string summary_path_;
    MarkdownSummary summary_;
    uint64_t per_code_;
    std::array<Cap, size_t(validate::Code::Count_)> caps_{};
    std::string s_, text_;
};

}  // namespace arbiter::report::ci
