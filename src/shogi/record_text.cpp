// What the shogi record formats share: how their bytes are decoded and encoded, and the
// words each ending is written with.

#include <array>

#include <fmt/format.h>

#include "kifu/core/charset.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/shogi/record.hpp"

namespace kifu::shogi {
namespace {

// The value of "encoding=" in a declaration of the first lines of a KIF or CSA file
// ("#KIF version=2.0 encoding=Shift_JIS", "'CSA encoding=UTF-8", "'encoding=Shift_JIS"), or "".
std::string_view declared_encoding(std::string_view bytes) {
    std::size_t start = 0;
    for (int line = 0; line < 3 && start < bytes.size(); ++line) {
        std::size_t end = bytes.find('\n', start);
        if (end == std::string_view::npos) end = bytes.size();
        const std::string_view text = bytes.substr(start, end - start);
        start = end + 1;
        // Only the declarations the formats have: "#KIF ... encoding=" (or #KI2), "'CSA
        // encoding=", "'encoding=". A comment or a header that only mentions "encoding=" is text.
        const bool kif = text.starts_with("#KIF") || text.starts_with("#KI2");
        const bool csa = text.starts_with("'CSA ") || text.starts_with("'encoding=");
        if (!kif && !csa) continue;
        const std::size_t at = text.find("encoding=");
        if (at == std::string_view::npos) continue;
        // A charset's name is letters, digits and '-', '_', '.', ':' ("Shift_JIS", "UTF-8"),
        // and it ends the line: a line with more after the name (a NUL, a bracket, a header's
        // value "'encoding=6/00：00") is not a declaration, so a header the writers write
        // never reads back as one.
        const std::string_view name = text.substr(at + 9);
        std::size_t n = 0;
        const auto in_name = [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                   c == '_' || c == '.' || c == ':';
        };
        while (n < name.size() && in_name(name[n])) ++n;
        std::size_t rest = n;
        while (rest < name.size() && (name[rest] == ' ' || name[rest] == '\t' || name[rest] == '\r')) ++rest;
        if (rest < name.size()) continue;
        return name.substr(0, n);
    }
    return {};
}

struct EndingWords {
    Ending ending;
    std::string_view kif;  // KIF's terminal word
    std::string_view csa;  // CSA's special, without '%' ("" for the illegal actions: by side)
};

constexpr std::array<EndingWords, 18> kEndings{{
    {Ending::none, "", ""},
    {Ending::resign, "投了", "TORYO"},
    {Ending::interrupt, "中断", "CHUDAN"},
    {Ending::repetition, "千日手", "SENNICHITE"},
    {Ending::impasse, "持将棋", "JISHOGI"},
    {Ending::timeout, "切れ負け", "TIME_UP"},
    {Ending::illegal_win, "反則勝ち", ""},
    {Ending::illegal_loss, "反則負け", ""},
    {Ending::illegal_move, "反則負け", "ILLEGAL_MOVE"},
    {Ending::declaration_win, "入玉勝ち", "KACHI"},
    {Ending::win_by_default, "不戦勝", ""},
    {Ending::loss_by_default, "不戦敗", ""},
    {Ending::mate, "詰み", "TSUMI"},
    {Ending::no_mate, "不詰", "FUZUMI"},
    {Ending::max_moves, "最大手数", "MAX_MOVES"},
    {Ending::draw, "引き分け", "HIKIWAKE"},
    {Ending::error, "エラー", "ERROR"},
    {Ending::sealed_move, "封じ手", ""},
}};

const EndingWords& words(Ending ending) noexcept {
    return kEndings[static_cast<std::size_t>(ending)];
}

}  // namespace

Result<std::string> decode_record(std::string_view bytes, std::string_view given) {
    const auto [bom, bom_length] = charset::byte_order_mark(bytes);
    std::string charset;
    if (!given.empty()) {
        charset = given;
        bytes.remove_prefix(bom_length);
    } else if (!bom.empty()) {
        charset = bom;
        bytes.remove_prefix(bom_length);
    } else if (const std::string_view declared = declared_encoding(bytes); !declared.empty()) {
        // The declaration is a hint: a record re-encoded as UTF-8 keeps its "encoding=Shift_JIS"
        // header (pasted into the page, given as --text or a Python str), and Kifu for Windows
        // has written Shift_JIS that declares UTF-8. Valid UTF-8 is read as UTF-8, as tsshogi
        // does: Japanese text in Shift_JIS is never valid UTF-8 beyond a few bytes.
        if (utf8::is_valid(bytes)) return std::string(bytes);
        charset = charset::canonical_name(declared);
        if (charset == "UTF-8") charset = "CP932";
        if (charset.empty())
            return Error{ErrorCode::unsupported,
                         {0, 1, 1},
                         fmt::format("the file declares the encoding '{}', which kifu does not know",
                                     utf8::snippet(declared))};
    } else if (utf8::is_valid(bytes)) {
        return std::string(bytes);  // the common case: one pass over the bytes
    } else {
        charset = "CP932";
    }
    Result<charset::Converted> text = charset::to_utf8(bytes, charset);
    if (!text) return text.error();
    // iconv takes names loosely ("UT(F-8") and may pass bytes through: what comes out is UTF-8.
    if (!utf8::is_valid(text->text)) return charset::repair_utf8(text->text).text;
    return std::move(text->text);
}

Result<std::string> to_shift_jis(std::string_view utf8_text) {
    std::string text(utf8_text);
    // The first line's declaration says what the file now is.
    const std::size_t line_end = std::min(text.find('\n'), text.size());
    if (const std::size_t at = text.find("encoding=UTF-8"); at < line_end)
        text.replace(at, 14, "encoding=Shift_JIS");
    Result<std::string> out = charset::from_utf8(text, "CP932");
    if (!out) {
        Error e = out.error();
        e.message = "cannot write Shift_JIS: " + e.message;
        return e;
    }
    return out;
}

std::string_view kif_word(Ending ending) noexcept {
    return words(ending).kif;
}

std::string_view csa_special(Ending ending, Color side_to_move) noexcept {
    if (ending == Ending::illegal_loss)
        return side_to_move == Color::black ? "+ILLEGAL_ACTION" : "-ILLEGAL_ACTION";
    if (ending == Ending::illegal_win)
        return side_to_move == Color::black ? "-ILLEGAL_ACTION" : "+ILLEGAL_ACTION";
    return words(ending).csa;
}

Ending ending_from_kif_word(std::string_view word) noexcept {
    if (word.empty()) return Ending::none;
    if (word == "反則負け") return Ending::illegal_loss;  // illegal_move is CSA's alone
    if (word == "詰") return Ending::mate;
    if (word == "時間切れ") return Ending::timeout;
    for (const EndingWords& w : kEndings)
        if (w.kif == word) return w.ending;
    return Ending::none;
}

std::string closing_line(Ending ending, std::size_t plies, Color side_to_move, bool handicap) {
    const std::string_view mover =
        side_to_move == Color::black ? (handicap ? "下手" : "先手") : (handicap ? "上手" : "後手");
    const std::string_view other =
        side_to_move == Color::black ? (handicap ? "上手" : "後手") : (handicap ? "下手" : "先手");
    const std::string head = fmt::format("まで{}手で", plies);
    switch (ending) {
        case Ending::none:
            return {};
        case Ending::resign:
            return fmt::format("{}{}の勝ち", head, other);
        case Ending::timeout:
            return fmt::format("{}時間切れにより{}の勝ち", head, other);
        case Ending::illegal_win:
            return fmt::format("{}{}の反則勝ち", head, mover);
        case Ending::illegal_loss:
        case Ending::illegal_move:
            return fmt::format("{}{}の反則負け", head, mover);
        case Ending::declaration_win:
            return fmt::format("{}{}の入玉勝ち", head, mover);
        case Ending::win_by_default:
            return fmt::format("{}{}の不戦勝", head, mover);
        case Ending::loss_by_default:
            return fmt::format("{}{}の不戦敗", head, mover);
        case Ending::mate:
            return fmt::format("{}詰", head);
        default:
            return head + std::string(words(ending).kif);
    }
}

}  // namespace kifu::shogi
