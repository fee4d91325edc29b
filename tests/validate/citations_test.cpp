// Every FIDE article arbiter cites (in the catalogue, in a diagnostic's rule, in a message) is one
// the rule texts we follow have, under that number, and it says what the diagnostic is about.
//
// The texts are tests/data/rules/ (copies of the project's rule texts, see the README there):
// the Laws' Articles 1-6 as translated in 2023 and an excerpt of Articles 4-9 in the 2014
// wording. Their article numbers are OCR'd, sometimes garbled ("3.74.2" for 3.7.4.2, "5.11" for
// 5.1.1): an article is found by its label as it stands in the text, whose digits must be the
// cited ones, and by a quotation that follows it and states the rule.
#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "chess/san.h"
#include "validate/catalogue.h"
#include "validate/san_reasons.h"

namespace {

using namespace arbiter::validate;

const std::string kArticles1to6 = "laws-articles-1-6.txt";  // 2023 translation, Articles 1-6
const std::string kExcerpt4to9 = "laws-excerpt-4-9.txt";    // 2014 excerpt, Articles 4-7 and 9

struct Article {
    std::string file;   // empty: an article our texts do not carry
    std::string label;  // as it stands at the start of a line of the file
    std::string item;   // "a)", "b)": the 2014 text letters the items the Laws now number
    std::string quote;  // the rule, as the text words it (white space collapsed)
    std::set<std::string> about;  // the codes and reasons that cite it
};

// Every article cited anywhere in src/, and why.
const std::map<std::string, Article>& articles() {
    static const std::map<std::string, Article> table = {
        {"3", {kArticles1to6, "Artikel 3:", "", "Die Gangart der Figuren",
               {"illegal-move", "illegal-variation-move", "illegal-epd-move", "unreachable", "no-such-piece", "bad-san"}}},
        {"3.7.4.2", {kArticles1to6, "3.74.2", "", "Schlagen en passant", {"en-passant-unavailable"}}},
        {"3.7.5.1", {kArticles1to6, "3.75.1", "",
                     "muss er diesen als Teil desselben Zuges gegen eine Dame, einen Turm, Laufer oder Springer",
                     {"invalid-promotion"}}},
        // Castling as the standard game defines it: the king two squares towards the rook, the rook
        // over it (the king onto its own rook is Chess960's notation, FIDE Guidelines II).
        {"3.8.2", {kArticles1to6, "3.8.2", "", "Die Rochade ist ein Zug des Konigs und eines gleichfarbigen Turmes",
                   {"castling-in-standard"}}},
        {"3.8.2.1", {kArticles1to6, "3.8.2.1", "", "Das Recht zu rochieren ist verloren", {"castling-without-right"}}},
        {"3.8.2.2.1", {kArticles1to6, "3.8.2.2.1", "",
                       "oder sein Zielfeld von einer oder mehreren gegnerischen Figuren angegriffen wird",
                       {"castling-in-check", "castling-through-check"}}},
        {"3.8.2.2.2", {kArticles1to6, "3.8.2.2.2", "", "wenn sich zwischen dem Koénig und dem Turm, mit dem rochiert werden soll",
                       {"castling-blocked"}}},
        {"3.9.2", {kArticles1to6, "3.9.2", "",
                   "Keine Figur darf einen Zug machen, der entweder den Konig derselben Farbe einem Schachgebot aussetzt",
                   {"leaves-king-in-check"}}},
        {"3.10.3", {kArticles1to6, "3.10.3", "",
                    "Eine Stellung ist regelwidrig, wenn sie nicht durch irgendeine Folge", {"illegal-position"}}},
        {"5", {kArticles1to6, "Artikel 5:", "", "Die Beendigung der Partie",
               {"moves-after-end", "result-contradicts-board", "game-end"}}},
        {"5.1.1", {kArticles1to6, "5.11", "", "Die Partie ist von dem Spieler gewonnen, der den gegnerischen Konig mattgesetzt hat",
                   {"checkmate"}}},
        {"5.2.1", {kArticles1to6, "5.21", "", "Pattstellung", {"stalemate"}}},
        {"5.2.2", {kArticles1to6, "5.2.2", "", "tote Stellung", {"dead-position", "fide-differs"}}},
        {"5.2.3", {kArticles1to6, "5.2.3", "", "sofern beide Spieler mindestens einen Zug", {"early-draw-agreement"}}},
        {"6.9", {kExcerpt4to9, "6.9", "",
                 "aus der heraus es dem Gegner nicht möglich ist, den König des Spielers durch eine beliebige Folge "
                 "regelgemäßer Züge matt zu setzen",
                 {"result-contradicts-board", "timeout-vs-insufficient-material", "time-forfeit", "fide-differs",
                  "timeout-vs-unwinnable", "winnability-undetermined"}}},
        // Article 7.5.1 itself is about completing an illegal move; the German Chess Federation's
        // arbiters read capturing the king under it (the excerpt's interpretations table).
        {"7.5.1", {kExcerpt4to9, "FR Art. 7.5.1", "", "Das Schlagen des Königs ist ein regelwidriger Zug", {"king-capture"}}},
        {"7.5.2", {kExcerpt4to9, "7.5.2", "", "aber den Bauern nicht durch eine Figur ersetzt hat, ist dieser Zug regelwidrig",
                   {"missing-promotion"}}},
        // A null move is the clock pressed without a move made.
        {"7.5.3", {kExcerpt4to9, "7.5.3", "", "ohne einen Zug ausgeführt zu haben, wird dies wie ein regelwidriger Zug behandelt",
                   {"null-move"}}},
        // The count of completed illegal moves: the second loses, unless the opponent cannot mate.
        {"7.5.5", {kExcerpt4to9, "7.5.5", "", "nach dem zweiten abgeschlossenen regelwidrigen Zug desselben Spielers",
                   {"illegal-moves"}}},
        {"9.6", {kExcerpt4to9, "9.6", "", "Falls eine oder beide der folgenden Situationen auftreten, ist die Partie remis",
                 {"moves-after-end", "result-contradicts-board", "game-end"}}},
        {"9.6.1", {kExcerpt4to9, "9.6", "a)", "a) sobald eine gleiche Stellung, in wenigstens fünf aufeinanderfolgenden Zügen",
                   {"fivefold-repetition"}}},
        {"9.6.2", {kExcerpt4to9, "9.6", "b)", "b) sobald wenigstens 75 aufeinander folgende Züge von jedem Spieler",
                   {"seventy-five-moves"}}},
        // The draw claims: the Laws' 9.2 and 9.3, which none of our texts carries (the excerpt
        // has 9.6 and 9.7 of Article 9).
        {"9.2", {"", "", "", "", {"claimable-draw", "threefold-repetition"}}},
        {"9.3", {"", "", "", "", {"claimable-draw", "fifty-moves"}}},
    };
    return table;
}

std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string digits_of(std::string_view s) {
    std::string d;
    for (char c : s)
        if (std::isdigit(static_cast<unsigned char>(c))) d += c;
    return d;
}

// The articles in "FIDE 5, 6.9, 9.6" (every "FIDE " followed by numbers), in order.
std::vector<std::string> fide_articles(std::string_view text) {
    std::vector<std::string> out;
    for (size_t at = text.find("FIDE "); at != std::string_view::npos; at = text.find("FIDE ", at + 1)) {
        size_t i = at + 5;
        for (;;) {
            size_t j = i;
            while (j < text.size() && (std::isdigit(static_cast<unsigned char>(text[j])) ||
                                       (text[j] == '.' && j + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[j + 1])))))
                ++j;
            if (j == i) break;
            out.emplace_back(text.substr(i, j - i));
            if (text.substr(j, 2) != ", ") break;
            i = j + 2;
        }
    }
    return out;
}

// The string literals of a C++ source (comments skipped), concatenated with a separator.
std::string string_literals(const std::string& src) {
    std::string out;
    for (size_t i = 0; i < src.size(); ++i) {
        const char c = src[i];
        if (c == '/' && i + 1 < src.size() && src[i + 1] == '/') {
            i = src.find('\n', i);
            if (i == std::string::npos) break;
        } else if (c == '/' && i + 1 < src.size() && src[i + 1] == '*') {
            i = src.find("*/", i + 2);
            if (i == std::string::npos) break;
            ++i;
        } else if (c == '\'' && i > 0 && std::isalnum(static_cast<unsigned char>(src[i - 1]))) {
            continue;  // a digit separator (1'000), not a character literal
        } else if (c == '\'') {
            while (++i < src.size() && src[i] != '\'')
                if (src[i] == '\\') ++i;
        } else if (c == '"' && i > 0 && src[i - 1] == 'R') {  // R"delim( ... )delim"
            const size_t open = src.find('(', i);
            if (open == std::string::npos) break;
            const std::string close = ")" + src.substr(i + 1, open - i - 1) + "\"";
            const size_t end = src.find(close, open);
            if (end == std::string::npos) break;
            out += src.substr(open + 1, end - open - 1);
            out += '\n';
            i = end + close.size() - 1;
        } else if (c == '"') {
            while (++i < src.size() && src[i] != '"') {
                if (src[i] == '\\') ++i;
                if (i < src.size()) out += src[i];
            }
            out += '\n';
        }
    }
    return out;
}

// The text from the line that starts with `label` on, white space collapsed; empty if no line
// does. (Some lines of the texts start with an artefact "<|...|>" of how they were collected.)
std::string text_from_label(const std::string& text, const std::string& label) {
    std::istringstream lines(text);
    std::string line;
    size_t offset = 0;
    while (std::getline(lines, line)) {
        const size_t line_start = offset;
        offset += line.size() + 1;
        std::string_view l(line);
        if (l.substr(0, 2) == "<|") {
            const size_t close = l.find("|>");
            if (close != std::string_view::npos) l.remove_prefix(close + 2);
        }
        while (!l.empty() && l.front() == ' ') l.remove_prefix(1);
        if (l.substr(0, label.size()) != label) continue;
        const std::string_view rest = l.substr(label.size());
        if (!rest.empty() && (std::isdigit(static_cast<unsigned char>(rest[0])) ||
                              (rest[0] == '.' && rest.size() > 1 && std::isdigit(static_cast<unsigned char>(rest[1])))))
            continue;  // "3.8.2.2" is not the label of "3.8.2.2.1"
        std::string collapsed;
        for (size_t i = line_start; i < text.size(); ++i) {
            const bool space = text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t';
            if (space) {
                if (!collapsed.empty() && collapsed.back() != ' ') collapsed += ' ';
            } else {
                collapsed += text[i];
            }
        }
        return collapsed;
    }
    return {};
}

bool is_fide(std::string_view rule) { return rule.substr(0, 5) == "FIDE "; }

}  // namespace

TEST_CASE("citations: every FIDE article cited in the source is one this test lists", "[citations]") {
    std::set<std::string> cited;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(ARBITER_SOURCE_DIR) + "/src")) {
        const auto ext = entry.path().extension();
        if (ext != ".cpp" && ext != ".h") continue;
        for (const std::string& a : fide_articles(string_literals(slurp(entry.path())))) {
            INFO(entry.path().string() << " cites FIDE " << a);
            CHECK(articles().count(a) == 1);
            cited.insert(a);
        }
    }
    CHECK(cited.count("3.7.4.2") == 1);  // (the scan itself works: en passant is cited)
    for (const auto& [article, _] : articles()) {
        INFO("listed but no longer cited: FIDE " << article);
        CHECK(cited.count(article) == 1);
    }
}

TEST_CASE("citations: each cited article is in our rule texts under its number, saying the rule", "[citations]") {
    const std::string dir = std::string(ARBITER_TEST_DATA_DIR) + "/rules/";
    std::map<std::string, std::string> texts;
    for (const auto& [article, a] : articles()) {
        INFO("FIDE " << article);
        if (a.file.empty()) {
            // Only the draw claims are outside our texts; a new citation must be found in them.
            CHECK((article == "9.2" || article == "9.3"));
            continue;
        }
        if (!texts.count(a.file)) texts[a.file] = slurp(dir + a.file);
        REQUIRE(texts[a.file].size() > 1000);
        // The label's digits are the cited ones (an item "a)" is the article's first, "b)" its second).
        std::string number = digits_of(a.label);
        if (!a.item.empty()) number += std::to_string(a.item[0] - 'a' + 1);
        CHECK(number == digits_of(article));
        const std::string from = text_from_label(texts[a.file], a.label);
        INFO("label " << a.label << " in " << a.file);
        REQUIRE_FALSE(from.empty());
        // The rule follows its label: in these texts the numbers of a block of articles may come
        // before their paragraphs, so "follows" is within the next 1200 characters (the farthest is 834).
        const size_t at = from.find(a.quote);
        INFO("quote: " << a.quote);
        CHECK(at != std::string::npos);
        CHECK(at < 1200);
    }
}

TEST_CASE("citations: each code and reason cites an article about it", "[citations]") {
    auto check_use = [](std::string_view name, std::string_view rule) {
        for (const std::string& article : fide_articles(rule)) {
            INFO(name << " cites FIDE " << article);
            REQUIRE(articles().count(article) == 1);
            CHECK(articles().at(article).about.count(std::string(name)) == 1);
        }
    };
    size_t fide_uses = 0;
    for (const CodeInfo& info : all_codes()) {
        check_use(info.name, info.rule);
        fide_uses += is_fide(info.rule);
        for (const ReasonInfo& r : info.reasons) check_use(r.name, r.meaning);
    }
    CHECK(fide_uses >= 8);
    using arbiter::chess::SanError;
    for (int e = 0; e <= int(SanError::Ambiguous); ++e) {
        const auto error = SanError(e);
        check_use(illegal_reason(error), illegal_rule(error));
    }
    // The two the issue named: en passant cites the article that defines it, a null move the
    // one that treats a move not made as an illegal move.
    CHECK(illegal_rule(SanError::EnPassantUnavailable) == "FIDE 3.7.4.2");
    CHECK(illegal_rule(SanError::NullMove) == "FIDE 7.5.3");
}

TEST_CASE("citations: the helpers read what they are meant to", "[citations]") {
    CHECK(fide_articles("FIDE 5, 6.9, 9.6") == std::vector<std::string>{"5", "6.9", "9.6"});
    CHECK(fide_articles("x (FIDE 9.2) y FIDE Guidelines II, FIDE 3.") == std::vector<std::string>{"9.2", "3"});
    CHECK(string_literals("a = \"FIDE 1\"; // \"FIDE 2\"\n/* \"FIDE 3\" */ b = '\"'; c = \"x\\\"FIDE 4\";") ==
          "FIDE 1\nx\"FIDE 4\n");
    CHECK(string_literals("n = 1'000; s = R\"(say \"FIDE 5\")\"; t = R\"x(a)\" b)x\";") == "say \"FIDE 5\"\na)\" b\n");
    CHECK(text_from_label("3.8.2.2 a\n3.8.2.2.1 b\n", "3.8.2.2.1") == "3.8.2.2.1 b ");
    CHECK(text_from_label("<|x|>5.21\nPatt\n", "5.21") == "<|x|>5.21 Patt ");
    CHECK(text_from_label("5.211 x\n", "5.21").empty());
}
