#include "report/selection_outputs.h"

#include "validate/catalogue.h"

namespace arbiter::report {

route::GameSink* SelectionOutputs::sink_for(const std::string& path, Output& out, std::string& error) {
    if (split_by_) {
        for (auto& s : splits_)
            if (s->dir() == path) return s.get();
        if (path == "-") {
            error = "with --split-by, OUT is a directory, not standard output";
            return nullptr;
        }
        auto split = route::SplitSink::create(path, *split_by_);
        if (!split) {
            error = split.error();
            return nullptr;
        }
        splits_.push_back(std::move(split).value());
        return splits_.back().get();
    }
    for (auto& s : streams_)
        if (s->name() == path) return s.get();
    if (path == "-") {
        uses_stdout_ = true;
        streams_.push_back(std::make_unique<route::ByteStream>(
            [&out](std::string_view bytes) {
                out.write(bytes);
                return !out.failed() && !out.broken_pipe();
            },
            "-"));
        return streams_.back().get();
    }
    auto stream = route::ByteStream::to_file(path);
    if (!stream) {
        error = stream.error();
        return nullptr;
    }
    streams_.push_back(std::move(stream).value());
    return streams_.back().get();
}

Result<Ok, std::string> SelectionOutputs::open(const SelectionOptions& o, Output& out) {
    std::string error;
    if (!o.split_by.empty()) {
        split_by_ = route::parse_split_by(o.split_by);
        if (o.valid.empty() && o.invalid.empty() && o.codes.empty())
            return fail(std::string("--split-by splits the --print-valid, --print-invalid and --print-code outputs: give one"));
    }
    auto add = [&](route::Pick pick, validate::Code code, const std::string& flag, const std::string& path) -> bool {
        if (path.empty()) {
            error = flag + " wants a file name, or '-' for standard output";
            return false;
        }
        route::GameSink* stream = sink_for(path, out, error);
        if (!stream) {
            error = flag + " " + path + ": " + error;
            return false;
        }
        rules_.push_back(route::Rule{pick, code, stream});
        return true;
    };
    if (!o.valid.empty() && !add(route::Pick::Valid, {}, "--print-valid", o.valid)) return fail(error);
    if (!o.invalid.empty() && !add(route::Pick::Invalid, {}, "--print-invalid", o.invalid)) return fail(error);
    for (const std::string& spec : o.codes) {
        const size_t eq = spec.find('=');
        if (eq == std::string::npos || eq == 0)
            return fail("--print-code wants CODE=OUT (e.g. illegal-move=illegal.pgn), not '" + spec + "'");
        const std::string name = spec.substr(0, eq);
        const validate::CodeInfo* info = nullptr;
        for (const validate::CodeInfo& c : validate::all_codes())
            if (c.name == name) info = &c;
        if (!info) return fail("--print-code: no code '" + name + "' (`arbiter codes` lists them)");
        if (!add(route::Pick::Code, info->code, "--print-code", spec.substr(eq + 1))) return fail(error);
    }
    return Ok{};
}

pipeline::VerdictConsumer& SelectionOutputs::wrap(pipeline::VerdictConsumer& next, Output& err) {
    selection_ = std::make_unique<route::Selection>(next, [&err](const std::string& note) {
        err.write("arbiter: warning: " + note + "\n");
    });
    for (const route::Rule& r : rules_) selection_->add(r);
    return *selection_;
}

Result<Ok, std::string> SelectionOutputs::commit() {
    std::string first;
    for (auto& s : streams_)
        if (auto done = s->commit(); !done && first.empty()) first = s->name() + ": " + done.error();
    for (auto& s : splits_)
        if (auto done = s->commit(); !done && first.empty()) first = s->dir() + ": " + done.error();
    if (!first.empty()) return fail(first);
    return Ok{};
}

size_t SelectionOutputs::split_files() const {
    size_t n = 0;
    for (const auto& s : splits_) n += s->files();
    return n;
}

}  // namespace arbiter::report
