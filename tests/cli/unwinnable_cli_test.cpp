// arbiter unwinnable: FEN arguments and files, sides, modes, formats, errors, order at any -j.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "cli_run.h"

using test::quote;
using test::Run;

namespace {

const std::string kDeadWall = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1";  // E1: dead
const std::string kMateInOne = "5K1k/7p/8/4N3/8/8/8/8 w - - 0 1";                 // Nf7#

std::string temp_file(const std::string& name, const std::string& text) {
    const std::string path = "/tmp/arbiter-unwinnable-cli-" + std::to_string(getpid()) + "-" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("unwinnable: FEN arguments, both sides by default", "[unwinnable]") {
    const Run r = test::arbiter("unwinnable " + quote(kDeadWall));
    CHECK(r.status == 0);
    CHECK(r.out == kDeadWall + ": white unwinnable (blockade)\n" + kDeadWall + ": black unwinnable (blockade)\n");
}

TEST_CASE("unwinnable: full mode prints a helpmate line in SAN", "[unwinnable]") {
    const Run r = test::arbiter("unwinnable --mode full --side white " + quote(kMateInOne));
    CHECK(r.status == 0);
    CHECK(r.out == kMateInOne + ": white winnable (helpmate): 1.Nf7#\n");
    // Quick mode does not search at length: the same question may stay open, never "unwinnable".
    const Run quick = test::arbiter("unwinnable --side white " + quote("8/4K2k/4P2p/8/3b1q2/8/8/8 b - - 0 1"));
    CHECK(quick.out.find("unwinnable") == std::string::npos);
}

TEST_CASE("unwinnable: --side black and JSON", "[unwinnable]") {
    const Run r = test::arbiter("unwinnable --format json --side black " + quote(kDeadWall));
    CHECK(r.status == 0);
    CHECK(r.out == "{\"input\":\"" + kDeadWall +
                       "\",\"black\":{\"verdict\":\"unwinnable\",\"reason\":\"blockade\",\"nodes\":0}}\n");
    const Run w = test::arbiter("unwinnable --format json --mode full --side white " + quote(kMateInOne));
    CHECK(w.out.find("\"white\":{\"verdict\":\"winnable\",\"reason\":\"helpmate\"") != std::string::npos);
    CHECK(w.out.find("\"helpmate\":\"1.Nf7#\"") != std::string::npos);
}

TEST_CASE("unwinnable: --budget 1 leaves a middlegame undetermined", "[unwinnable]") {
    const Run r = test::arbiter("unwinnable --mode full --budget 1 --side white " +
                                quote("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"));
    CHECK(r.status == 0);
    CHECK(r.out.find("white undetermined (") != std::string::npos);
}

TEST_CASE("unwinnable: --input file, comments, game ids, errors per line", "[unwinnable]") {
    const std::string path = temp_file("unwinnable-input.txt", "# a comment\n\n" + kDeadWall + " gameid1\n" +
                                                                   "not a fen\n" +
                                                                   "8/8/8/8/8/8/8/K1k5 w - - 0 1\n");
    const Run r = test::arbiter("unwinnable --side white --input " + quote(path));
    CHECK(r.status == 1);  // the unreadable line
    CHECK(r.out.find(kDeadWall + " gameid1: white unwinnable (blockade)\n") == 0);
    CHECK(r.out.find("\n" + path + ":4: not a fen: error: cannot read the FEN: ") != std::string::npos);
    CHECK(r.out.find("\n8/8/8/8/8/8/8/K1k5 w - - 0 1: white unwinnable (material)\n") != std::string::npos);
    CHECK(count(r.out, "\n") == 3);
    CHECK(count(r.out, path + ":4: not a fen: error:") == 1);
    // From standard input the place is <stdin>:LINE, as the other verbs write it.
    const Run piped = test::arbiter("unwinnable --side white --input - < " + quote(path));
    CHECK(piped.status == 1);
    CHECK(piped.out.find("\n<stdin>:4: not a fen: error: cannot read the FEN: ") != std::string::npos);
    std::remove(path.c_str());
    // An illegal position (FIDE 3.10.3: nine white pawns) is refused, not analysed.
    const Run illegal = test::arbiter("unwinnable " + quote("4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1"));
    CHECK(illegal.status == 1);
    CHECK(illegal.out.find("error: illegal position") != std::string::npos);
    // A file that cannot be opened is a usage-level failure.
    CHECK(test::arbiter("unwinnable --input /nonexistent/positions.txt").status == 2);
    // Nothing to analyse.
    CHECK(test::arbiter("unwinnable").status == 2);
}

TEST_CASE("unwinnable: answers in input order at any -j", "[unwinnable]") {
    std::string text;
    for (int i = 0; i < 50; ++i) text += (i % 2 ? kDeadWall : kMateInOne) + "\n";
    const std::string path = temp_file("unwinnable-order.txt", text);
    const Run one = test::arbiter("unwinnable --mode full --input " + quote(path) + " -j 1");
    const Run four = test::arbiter("unwinnable --mode full --input " + quote(path) + " -j 4");
    CHECK(one.status == 0);
    CHECK(one.out == four.out);
    CHECK(count(one.out, "\n") == 100);
    std::remove(path.c_str());
    CHECK(one.out.substr(0, kMateInOne.size()) == kMateInOne);
}

TEST_CASE("check: EPD JSON carries can_mate per side", "[unwinnable][epd]") {
    const std::string path = temp_file("can-mate.epd", kDeadWall + "\n");
    const Run r = test::arbiter("check --format json --all-games " + quote(path));
    CHECK(r.out.find("\"end\":\"dead-position\",\"can_mate\":{\"white\":\"unwinnable\",\"black\":\"unwinnable\"}") !=
          std::string::npos);
    std::remove(path.c_str());
}

TEST_CASE("check: a PGN game's dead-position end names its proof in JSON and text", "[unwinnable][dead]") {
    const std::string pgn =
        "[Event \"t\"]\n[Result \"0-1\"]\n[SetUp \"1\"]\n[FEN \"8/4kb2/8/1p1p1p1p/bP1P1P1P/1N6/3B1K2/8 b - - 0 1\"]\n\n"
        "1... Bxb3 2. Ke3 0-1\n";
    const std::string path = temp_file("dead-mid-game.pgn", pgn);
    const Run json = test::arbiter("check --format json " + quote(path));
    CHECK(json.status == 1);
    CHECK(json.out.find("\"end\":{\"reason\":\"dead-position\",\"ply\":1,\"proof\":\"blockade\"}") != std::string::npos);
    const Run text = test::arbiter("check " + quote(path));
    CHECK(text.out.find("ended by a dead position (proof: blockade) after ply 1") != std::string::npos);
    // Other ends carry no proof.
    const std::string mate = temp_file("mate.pgn", "[Event \"t\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n");
    const Run mated = test::arbiter("check --format json --all-games " + quote(mate));
    CHECK(mated.out.find("\"end\":{\"reason\":\"checkmate\",\"ply\":7}") != std::string::npos);
    std::remove(path.c_str());
    std::remove(mate.c_str());
}
