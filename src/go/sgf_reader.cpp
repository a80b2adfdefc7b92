// SGF reader: bytes -> UTF-8 -> game trees, in one pass with an explicit stack.

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "kifu/core/charset.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/go/sgf.hpp"
#include "sgf_known_ids.hpp"

namespace kifu::go {

std::string_view to_string(SgfIssue issue) noexcept {
    switch (issue) {
        case SgfIssue::junk_outside_tree:
            return "junk_outside_tree";
        case SgfIssue::missing_node_start:
            return "missing_node_start";
        case SgfIssue::invalid_text:
            return "invalid_text";
        case SgfIssue::unknown_charset:
            return "unknown_charset";
        case SgfIssue::unescaped_bracket:
            return "unescaped_bracket";
        case SgfIssue::duplicate_property:
            return "duplicate_property";
        case SgfIssue::bad_value:
            return "bad_value";
        case SgfIssue::point_off_board:
            return "point_off_board";
        case SgfIssue::human_coordinates:
            return "human_coordinates";
        case SgfIssue::setup_after_root:
            return "setup_after_root";
        case SgfIssue::setup_after_moves:
            return "setup_after_moves";
        case SgfIssue::setup_with_move:
            return "setup_with_move";
        case SgfIssue::move_on_occupied:
            return "move_on_occupied";
        case SgfIssue::suicide:
            return "suicide";
        case SgfIssue::ko_violation:
            return "ko_violation";
        case SgfIssue::superko_violation:
            return "superko_violation";
        case SgfIssue::truncated:
            return "truncated";
        case SgfIssue::charset_guessed:
            return "charset_guessed";
        case SgfIssue::two_moves:
            return "two_moves";
        case SgfIssue::setup_without_liberty:
            return "setup_without_liberty";
        case SgfIssue::node_after_variation:
            return "node_after_variation";
    }
    return "unknown";
}

namespace {

constexpr bool is_space(char c) noexcept {
    return c == ' ' || (c >= '\t' && c <= '\r');
}
constexpr bool is_upper_letter(char c) noexcept {
    return c >= 'A' && c <= 'Z';
}
constexpr bool is_letter(char c) noexcept {
    return is_upper_letter(c) || (c >= 'a' && c <= 'z');
}
constexpr std::size_t kMaxIdLength = 64;

// How many times `c` is in `text`, eight bytes a step: the bytes equal to c become zero,
// and the zero bytes of a word are counted exactly (a byte's high bit is set in `t` only
// where the byte is zero; no popcount instruction is assumed).
std::size_t count_of(std::string_view text, char c) noexcept {
    constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL;
    const std::uint64_t pattern = 0x0101010101010101ULL * static_cast<unsigned char>(c);
    std::size_t count = 0, i = 0;
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, text.data() + i, 8);
        const std::uint64_t v = word ^ pattern;
        const std::uint64_t t = ~(((v & kLow7) + kLow7) | v | kLow7);
        count +=
            static_cast<std::size_t>(((t >> 7) * 0x0101010101010101ULL) >> 56);  // add the bytes' 0s and 1s
    }
    for (; i < text.size(); ++i) count += text[i] == c;
    return count;
}

// Identifiers are one or two letters nearly always: compared without a call to memcmp.
constexpr bool same_id(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    if (a.size() > 2) return a == b;
    return a.empty() || (a[0] == b[0] && (a.size() == 1 || a[1] == b[1]));
}

}  // namespace

class SgfReader {
  public:
    explicit SgfReader(SgfCollection& out) : out_(out), text_(*out.text_) {}

    Result<void> read() {
        // Every value opens with '[' and every node with ';' (brackets in comments count
        // too): reserved at once, the arrays grow without copying themselves.
        const std::size_t brackets = count_of(text_, '[');
        out_.values_.reserve(brackets);
        out_.properties_.reserve(brackets);
        out_.nodes_.reserve(brackets + 1);  // a node has a value or two; one without grows the array
        std::size_t i = 0;
        const std::size_t n = text_.size();
        bool outside_warned = false;
        while (i < n) {
            // Between game trees: anything but blanks is junk (headers, mail signatures).
            const char c = text_[i];
            if (is_space(c)) {
                ++i;
                continue;
            }
            if (c == '(' && starts_tree(i + 1)) {
                if (Result<void> ok = read_game_tree(i); !ok) return ok;
                continue;
            }
            const std::size_t junk_at = i;
            ++i;
            while (i < n && !(text_[i] == '(' && starts_tree(i + 1))) ++i;
            if (!outside_warned) {
                warn(SgfIssue::junk_outside_tree, junk_at,
                     out_.games_.empty() ? "text before the first game tree is ignored"
                                         : "text after a game tree is ignored");
                outside_warned = true;
            }
        }
        if (out_.games_.empty()) return expected_at(text_, n, "a game tree '(;'");
        return {};
    }

  private:
    // From a '(' at depth 0 to its matching ')'.
    Result<void> read_game_tree(std::size_t& i) {
        const std::size_t n = text_.size();
        const std::size_t tree_at = i;
        stack_.clear();
        std::uint32_t current = SgfCollection::kNone;
        bool after_variation = false;  // a ')' closed a variation and no '(' came since
        while (i < n) {
            const char c = text_[i];
            if (is_space(c)) {
                ++i;
                continue;
            }
            switch (c) {
                case '(':
                    stack_.push_back(current);
                    after_variation = false;
                    ++i;
                    break;
                case ')':
                    if (stack_.empty()) return {};  // (cannot happen: the loop ends when it empties)
                    current = stack_.back();
                    stack_.pop_back();
                    ++i;
                    if (stack_.empty()) return {};
                    after_variation = true;
                    break;
                case ';': {
                    if (stack_.empty()) return expected_at(text_, i, "'(' before a node");
                    if (after_variation) {
                        // "(;a(;b);c)": old editors (CGoban 1, GoGui's test files) go on after a
                        // variation; c is read as another variation of a, after b.
                        warn(SgfIssue::node_after_variation, i,
                             "a node after a closed variation (SGF allows only '(' or ')' there); read as "
                             "another variation of the node before it");
                        after_variation = false;
                    }
                    const std::uint32_t node =
                        current == SgfCollection::kNone ? out_.add_game() : out_.add_child(current);
                    out_.nodes_[node].offset = static_cast<std::uint32_t>(i);
                    current = node;
                    ++i;
                    if (!read_properties(node, i)) return std::move(*failure_);
                    break;
                }
                default:
                    if (current == SgfCollection::kNone && is_letter(c) && starts_property(i)) {
                        warn(SgfIssue::missing_node_start, i, "a node starts without ';'; one is assumed");
                        current = out_.add_game();
                        out_.nodes_[current].offset = static_cast<std::uint32_t>(i);
                        if (!read_properties(current, i)) return std::move(*failure_);
                        break;
                    }
                    if (current == SgfCollection::kNone)
                        return expected_at(text_, i, "';' to start a node after '('");
                    return expected_at(text_, i, "a property, ';', '(' or ')'");
            }
        }
        // Cut short (a download or a copy that stopped): what was read stands.
        warn(SgfIssue::truncated, n,
             fmt::format("the file ends inside the game tree opened at {}{}; read as if closed there",
                         where(tree_at),
                         stack_.size() > 1 ? fmt::format(" and {} variation(s) in it", stack_.size() - 1)
                                           : std::string()));
        stack_.clear();
        return {};
    }

    // The properties of a node; false when one does not read (the error in failure_).
    bool read_properties(std::uint32_t node, std::size_t& i) {
        const std::size_t n = text_.size();
        const auto first = static_cast<std::uint32_t>(out_.properties_.size());
        for (;;) {
            while (i < n && is_space(text_[i])) ++i;
            if (i >= n || !is_letter(text_[i])) break;
            if (!read_property(i)) return false;
        }
        SgfCollection::Node& record = out_.nodes_[node];
        record.first_property = first;
        record.property_count = static_cast<std::uint32_t>(out_.properties_.size()) - first;
        if (record.property_count > 1) merge_repeated(node);
        return true;
    }

    // One property and its values; false when it does not read (the error in failure_).
    bool read_property(std::size_t& position) {
        // A local index (the caller's is written once, at the end), the bytes at hand and a
        // plain bool for the result: this runs for every property of every node.
        std::size_t i = position;
        const std::string_view text = text_;
        const std::size_t n = text.size();
        const std::size_t id_at = i;
        std::array<char, kMaxIdLength> upper;  // written before it is read
        std::size_t length = 0;
        bool lower_case = false;
        while (i < n && is_letter(text[i])) {
            if (is_upper_letter(text[i])) {
                if (length == kMaxIdLength)
                    return fail(
                        error_at(text, id_at, ErrorCode::out_of_range,
                                 fmt::format("a property identifier longer than {} letters", kMaxIdLength)));
                upper[length++] = text[i];
            } else {
                lower_case = true;
            }
            ++i;
        }
        if (length == 0)
            return fail(
                error_at(text, id_at, ErrorCode::unexpected_character,
                         fmt::format("expected a property identifier (upper-case letters), found '{}'",
                                     utf8::snippet(text.substr(id_at, i - id_at)))));
        std::string_view id = text.substr(id_at, i - id_at);
        if (lower_case) id = canonical_id(std::string_view(upper.data(), length));

        while (i < n && is_space(text[i])) ++i;
        if (i >= n || text[i] != '[')
            return fail(expected_at(text, i, fmt::format("'[' and a value of {}", id)));

        SgfCollection::Property property;
        property.id = id;
        property.offset = static_cast<std::uint32_t>(id_at);
        property.first_value = static_cast<std::uint32_t>(out_.values_.size());
        while (i < n && text[i] == '[') {
            const std::size_t open = i;
            const std::size_t close = value_end(open);
            if (close >= n) {
                warn(SgfIssue::truncated, n,
                     fmt::format("the file ends inside the value of {} opened at {}; read up to the end", id,
                                 where(open)));
                out_.values_.push_back(text.substr(open + 1));
                i = n;
                break;
            }
            out_.values_.push_back(text.substr(open + 1, close - open - 1));
            i = close + 1;
            while (i < n && is_space(text[i])) ++i;
        }
        property.value_count = static_cast<std::uint32_t>(out_.values_.size()) - property.first_value;
        out_.properties_.push_back(property);
        position = i;
        return true;
    }

    // The ']' that ends the value opened at `open`: a move's two letters closed by a ']'
    // that can end a value ("B[pd];") at once, else the search.
    std::size_t value_end(std::size_t open) {
        if (open + 4 < text_.size()) {
            const char* v = text_.data() + open;
            if (v[3] == ']' && v[1] != ']' && v[1] != '\\' && v[2] != ']' && v[2] != '\\' &&
                (v[4] == ';' || v[4] == ')' || v[4] == '(' || can_follow_value(open + 4)))
                return open + 3;
        }
        return find_value_end(open);
    }

    // The ']' that ends the value opened at `open`. A ']' followed by something that
    // cannot follow a value is taken as an unescaped ']' inside it (a warning), unless no
    // later ']' would do either: then the first one closes the value, and whatever follows
    // it is reported as the structural error it is.
    std::size_t find_value_end(std::size_t open) {
        const std::size_t n = text_.size();
        const char* data = text_.data();
        std::size_t j = open + 1;
        // Most values are short (a point, a number): looked at byte by byte, and closed by a
        // ']' that a property, node or tree follows, they need no search.
        for (const std::size_t end = std::min(n, j + 16); j < end; ++j) {
            if (data[j] == '\\') break;
            if (data[j] == ']') {
                if (can_follow_value(j + 1)) return j;
                break;
            }
        }
        j = open + 1;
        std::size_t first_close = n;
        skipped_.clear();
        for (;;) {
            // The next ']' or '\', whichever comes first.
            const void* bracket = std::memchr(data + j, ']', n - j);
            const std::size_t close =
                bracket ? static_cast<std::size_t>(static_cast<const char*>(bracket) - data) : n;
            const void* slash = std::memchr(data + j, '\\', close - j);
            if (slash) {
                j = static_cast<std::size_t>(static_cast<const char*>(slash) - data) +
                    2;  // skip the escaped char
                if (j >= n) return first_close;
                continue;
            }
            if (close >= n) return first_close;
            if (first_close == n) first_close = close;
            if (can_follow_value(close + 1)) {
                for (const std::size_t at : skipped_)
                    warn(SgfIssue::unescaped_bracket, at,
                         "a ']' inside a value should be written '\\]'; read as text");
                return close;
            }
            skipped_.push_back(close);
            j = close + 1;
        }
    }

    // After a value: another value, a property, a node, a variation, the end of a tree.
    bool can_follow_value(std::size_t k) const {
        const std::size_t n = text_.size();
        while (k < n && is_space(text_[k])) ++k;
        if (k >= n) return true;
        const char c = text_[k];
        return c == '[' || c == ';' || c == '(' || c == ')' || starts_property(k);
    }

    // Letters, blanks, then '[': a property identifier and its first value.
    bool starts_property(std::size_t k) const {
        const std::size_t n = text_.size();
        if (k >= n || !is_letter(text_[k])) return false;
        while (k < n && is_letter(text_[k])) ++k;
        while (k < n && is_space(text_[k])) ++k;
        return k < n && text_[k] == '[';
    }

    // After a '(' outside any tree: a tree starts when a node (or a property, for files
    // that leave out the ';') or another '(' follows; otherwise the '(' is just text.
    bool starts_tree(std::size_t k) const {
        const std::size_t n = text_.size();
        while (k < n && is_space(text_[k])) ++k;
        return k < n && (text_[k] == ';' || text_[k] == '(' || starts_property(k));
    }

    // A property given twice in one node has its values merged into the first.
    void merge_repeated(std::uint32_t node) {
        SgfCollection::Node& record = out_.nodes_[node];
        auto props = std::span(out_.properties_).subspan(record.first_property, record.property_count);
        bool repeated = false;
        if (props.size() <= 16) {
            for (std::size_t a = 0; a < props.size() && !repeated; ++a)
                for (std::size_t b = a + 1; b < props.size(); ++b)
                    if (same_id(props[a].id, props[b].id)) repeated = true;
        } else {
            std::vector<std::string_view> ids;
            for (const auto& p : props) ids.push_back(p.id);
            std::sort(ids.begin(), ids.end());
            repeated = std::adjacent_find(ids.begin(), ids.end()) != ids.end();
        }
        if (!repeated) return;

        // Rebuild the node's properties at the end, each once, values in file order.
        std::vector<SgfCollection::Property> merged;
        std::vector<std::vector<std::string_view>> values;
        for (const auto& p : props) {
            auto it = std::find_if(merged.begin(), merged.end(), [&](const auto& m) { return m.id == p.id; });
            const auto vals = std::span(out_.values_).subspan(p.first_value, p.value_count);
            if (it == merged.end()) {
                merged.push_back(p);
                values.emplace_back(vals.begin(), vals.end());
            } else {
                warn(SgfIssue::duplicate_property, p.offset,
                     fmt::format("property {} is given twice in one node; the values are merged", p.id));
                auto& v = values[static_cast<std::size_t>(it - merged.begin())];
                v.insert(v.end(), vals.begin(), vals.end());
            }
        }
        out_.properties_.resize(record.first_property);
        for (std::size_t k = 0; k < merged.size(); ++k) {
            merged[k].first_value = static_cast<std::uint32_t>(out_.values_.size());
            merged[k].value_count = static_cast<std::uint32_t>(values[k].size());
            out_.values_.insert(out_.values_.end(), values[k].begin(), values[k].end());
            out_.properties_.push_back(merged[k]);
        }
        record.property_count = static_cast<std::uint32_t>(merged.size());
    }

    std::string_view canonical_id(std::string_view upper) {
        const auto it = std::find(kKnownIds.begin(), kKnownIds.end(), upper);
        if (it != kKnownIds.end()) return *it;
        return out_.keep(upper);
    }

    void warn(SgfIssue issue, std::size_t offset, std::string message) {
        out_.warnings_.push_back(
            {issue, out_.error_at(offset, ErrorCode::unexpected_character, std::move(message))});
    }

    std::string where(std::size_t offset) const { return line_column_text(text_, offset); }

    bool fail(Error error) {
        failure_ = std::move(error);
        return false;
    }

    SgfCollection& out_;
    std::string_view text_;
    std::vector<std::uint32_t> stack_;
    std::vector<std::size_t> skipped_;  // ']' taken as text in the value being read
    std::optional<Error> failure_;      // why read_property(ies) said false
};

namespace {

// The CA value of the root of the game tree at or after `from`, read from the raw bytes
// (charset names are ASCII) by walking that node's properties as the parser will: a "CA["
// inside another value is text, not a declaration.
std::string_view declared_charset(std::string_view bytes, std::size_t from = 0) {
    const std::size_t n = bytes.size();
    std::size_t i = bytes.find("(;", from);
    if (i == std::string_view::npos) return {};
    i += 2;
    for (;;) {
        while (i < n && is_space(bytes[i])) ++i;
        const std::size_t id_at = i;
        while (i < n && is_letter(bytes[i])) ++i;
        if (i == id_at) return {};  // the end of the root node
        const std::string_view id = bytes.substr(id_at, i - id_at);
        bool first_value = true;
        for (;;) {
            while (i < n && is_space(bytes[i])) ++i;
            if (i >= n || bytes[i] != '[') break;
            const std::size_t start = ++i;
            while (i < n && bytes[i] != ']') i += bytes[i] == '\\' ? 2 : 1;
            if (i >= n) return {};
            if (id == "CA" && first_value) return bytes.substr(start, std::min<std::size_t>(i - start, 64));
            first_value = false;
            ++i;
        }
    }
}

// The lead bytes of the double-byte charsets whose second byte can be an ASCII byte (']'
// or '\\' among them), for finding where a game tree ends before the text is decoded.
enum class LeadBytes : std::uint8_t { none, shift_jis, double_byte };

LeadBytes lead_bytes_of(std::string_view charset) {
    if (charset == "CP932") return LeadBytes::shift_jis;
    if (charset == "GB18030" || charset.rfind("BIG5", 0) == 0 || charset == "CP949" || charset == "CP950")
        return LeadBytes::double_byte;
    return LeadBytes::none;
}

// Stateful or not ASCII-compatible: a file in one of these is decoded whole.
bool splittable(std::string_view charset) {
    return charset.rfind("UTF-16", 0) != 0 && charset.rfind("UTF-32", 0) != 0 &&
           charset.rfind("ISO-2022", 0) != 0 && charset != "UTF-7";
}

// One game tree of the raw bytes and the charset it is decoded with.
struct Segment {
    std::size_t begin;  // raw offset; the first segment starts at 0, each ends where the next begins
    std::string charset;
    std::string_view declared;  // its root's CA, as written
    bool unknown = false;       // a CA that iconv does not know (the charset is the file's)
};

// Where each game tree after the first begins in the raw bytes: the bytes are walked as the
// parser will walk their decoded text, values skipped (with their escapes, and with the
// second bytes of double-byte characters in the tree's own charset), parentheses counted.
std::vector<Segment> split_game_trees(std::string_view bytes, const std::string& file_charset) {
    std::vector<Segment> out;
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    while (i < n) {
        const std::size_t open = bytes.find('(', i);
        if (open == std::string_view::npos) break;
        const std::string_view declared = declared_charset(bytes, open);
        std::string charset = declared.empty() ? std::string() : charset::canonical_name(declared);
        const bool unknown = !declared.empty() && charset.empty();
        if (charset.empty()) charset = file_charset;  // none given, or one iconv does not know
        out.push_back({out.empty() ? 0 : open, charset, declared, unknown});
        const LeadBytes leads = lead_bytes_of(charset);
        int depth = 0;
        bool in_value = false;
        for (i = open; i < n; ++i) {
            const auto c = static_cast<unsigned char>(bytes[i]);
            if (in_value) {
                if (c == '\\') {
                    ++i;
                } else if (c == ']') {
                    in_value = false;
                } else if (c >= 0x81 && leads != LeadBytes::none &&
                           (leads == LeadBytes::double_byte || c <= 0x9F || (c >= 0xE0 && c <= 0xFC))) {
                    ++i;  // the second byte of a double-byte character
                }
                continue;
            }
            if (c == '[') {
                in_value = true;
            } else if (c == '(') {
                ++depth;
            } else if (c == ')' && --depth == 0) {
                ++i;
                break;
            }
        }
    }
    if (out.empty()) out.push_back({0, file_charset, {}});
    return out;
}

Error unplaced(ErrorCode code, std::string message) {
    return Error{code, std::move(message)};
}

// The charset of a file that does not declare one, and the warning that says it was guessed.
std::string guessed_charset(std::string_view bytes, std::vector<SgfWarning>& warnings) {
    const charset::Guess g = charset::guess(bytes);
    if (g.charset != "UTF-8")
        warnings.push_back(
            {SgfIssue::charset_guessed,
             unplaced(
                 ErrorCode::invalid_encoding,
                 g.from_little_text
                     ? fmt::format("no CA: the text was read as {}, a guess from little text (confidence "
                                   "{} of 100); CA or --charset decides",
                                   g.charset, g.confidence)
                     : fmt::format("no CA: the text was read as {} (detected with confidence {} of 100)",
                                   g.charset, g.confidence))});
    return g.charset;
}

void note_replaced(const charset::Converted& converted, std::size_t raw_offset, const std::string& charset,
                   std::vector<SgfWarning>& warnings) {
    if (converted.replaced == 0) return;
    const std::size_t first = raw_offset + converted.first_replaced;
    warnings.push_back(
        {SgfIssue::invalid_text,
         Error{ErrorCode::invalid_encoding,
               {first, 0, 0},
               fmt::format("{} byte sequence(s) not valid {} were replaced by U+FFFD (the first at byte {})",
                           converted.replaced, charset, first)}});
}

}  // namespace

Result<SgfCollection> read_sgf(std::string_view bytes, const SgfReadOptions& options) {
    SgfCollection out;
    std::vector<SgfWarning> early;
    const auto [bom, bom_length] = charset::byte_order_mark(bytes);
    std::string file_charset = options.charset;
    if (file_charset.empty() && !bom.empty()) file_charset = bom;
    if (!bom.empty()) bytes.remove_prefix(bom_length);
    // A charset given or a BOM decides for the whole file; otherwise each game tree's CA
    // decides for it, and a tree without one is read as the first tree is. CA is a hint:
    // text beyond ASCII that is valid UTF-8 is UTF-8 whatever it declares (a file re-encoded
    // that kept its CA[GB2312], a record pasted into the page or given as a Python str); text
    // in a double-byte charset is not valid UTF-8 beyond a few bytes.
    bool per_game = file_charset.empty();
    if (file_charset.empty()) {
        const std::string_view declared = declared_charset(bytes);
        if (!declared.empty()) {
            file_charset = charset::canonical_name(declared);
            if (file_charset != "UTF-8" &&
                std::any_of(bytes.begin(), bytes.end(),
                            [](char c) { return static_cast<unsigned char>(c) >= 0x80; }) &&
                utf8::is_valid(bytes)) {
                file_charset = "UTF-8";
                per_game = false;
            } else if (file_charset.empty()) {
                file_charset = guessed_charset(bytes, early);
                early.push_back(
                    {SgfIssue::unknown_charset,
                     unplaced(ErrorCode::unsupported, fmt::format("unknown character set CA[{}]; read as {}",
                                                                  declared, file_charset))});
            }
        } else {
            file_charset = guessed_charset(bytes, early);
        }
    }

    // Another game's CA can only be further on: without a second "CA[" there is one charset.
    std::vector<Segment> segments;
    if (per_game && splittable(file_charset)) {
        const std::size_t first_ca = bytes.find("CA[");
        if (first_ca != std::string_view::npos && bytes.find("CA[", first_ca + 3) != std::string_view::npos)
            segments = split_game_trees(bytes, file_charset);
    }
    const bool one_charset = std::all_of(segments.begin(), segments.end(), [&](const Segment& s) {
        return s.charset == file_charset && !s.unknown;
    });
    std::vector<std::pair<std::size_t, std::string>> decoded_charsets;  // (decoded offset, charset)
    if (one_charset) {
        Result<charset::Converted> converted = charset::to_utf8(bytes, file_charset);
        if (!converted) return std::move(converted).error();
        *out.text_ = std::move(converted->text);
        note_replaced(*converted, 0, file_charset, early);
        decoded_charsets.emplace_back(0, file_charset);
    } else {
        for (std::size_t k = 0; k < segments.size(); ++k) {
            const Segment& seg = segments[k];
            const std::size_t end = k + 1 < segments.size() ? segments[k + 1].begin : bytes.size();
            if (k > 0 && seg.unknown)
                early.push_back({SgfIssue::unknown_charset,
                                 unplaced(ErrorCode::unsupported,
                                          fmt::format("unknown character set CA[{}] in game {}; read as {}",
                                                      seg.declared, k + 1, seg.charset))});
            Result<charset::Converted> converted =
                charset::to_utf8(bytes.substr(seg.begin, end - seg.begin), seg.charset);
            if (!converted) return std::move(converted).error();
            decoded_charsets.emplace_back(out.text_->size(), seg.charset);
            out.text_->append(converted->text);
            note_replaced(*converted, seg.begin, seg.charset, early);
        }
    }
    out.warnings_ = std::move(early);

    SgfReader reader(out);
    if (Result<void> ok = reader.read(); !ok) return ok.error();
    // Each game the charset of the piece of text its root is in.
    out.charsets_.reserve(out.games_.size());
    std::size_t piece = 0;
    for (const std::uint32_t root : out.games_) {
        const std::size_t at = out.nodes_[root].offset;
        while (piece + 1 < decoded_charsets.size() && decoded_charsets[piece + 1].first <= at) ++piece;
        out.charsets_.push_back(decoded_charsets[piece].second);
    }
    return out;
}

}  // namespace kifu::go
