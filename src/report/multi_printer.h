// Several reports from one run (--format sarif --output report.sarif --format text): every
// verdict and the summary go to each printer in turn.
#pragma once

#include <memory>
#include <vector>

#include "report/printer.h"

namespace arbiter::report {

class MultiPrinter final : public Printer {
public:
    void add(std::unique_ptr<Printer> printer) { printers_.push_back(std::move(printer)); }
    void game(const validate::GameVerdict& game) override {
        for (auto& p : printers_) p->game(game);
    }
    void position(const validate::PositionVerdict& position) override {
        for (auto& p : printers_) p->position(position);
    }
    void summary(const Summary& summary) override {
        for (auto& p : printers_) p->summary(summary);
    }

private:
    std::vector<std::unique_ptr<Printer>> printers_;
};

}  // namespace arbiter::report
