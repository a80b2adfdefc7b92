#pragma once
// SGF (Smart Game Format, FF[1]-FF[4]): the game tree, read and written.
//
// The reader takes the bytes of a file, decodes them to UTF-8 (each game tree's CA
// decides; a BOM, UTF-16 and undeclared encodings are recognised), then parses
// the structure in one pass with an explicit stack, so that variation trees of
// any depth read without recursion. Values are kept raw (as written, escapes
// included) in the decoded text; sgf_values.hpp turns them into text, points and
// numbers. Structural errors are fatal, with line and column; problems with
// values are warnings, and reading goes on. A file cut short (inside a value or a
// game tree) is read up to where it stops, with a `truncated` warning.

#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/core/text_position.hpp"

namespace kifu::go {

// What a warning is about; `kifu info` and the corpus tests count them by kind.
enum class SgfIssue : std::uint8_t {
    junk_outside_tree,      // text before the first '(' or after a game tree
    missing_node_start,     // properties right after '(' with no ';' (Nihon Ki-in files); a node is assumed
    invalid_text,           // bytes that are not valid in the file's charset (now U+FFFD)
    unknown_charset,        // CA names a charset with no converter; the text was read as guessed
    unescaped_bracket,      // a ']' inside a value that should have been written "\]"
    duplicate_property,     // a property given twice in one node; the values were merged
    bad_value,              // a value that does not fit its property's FF[4] type (a number, a date, ...)
    point_off_board,        // a point outside the board; ignored
    human_coordinates,      // a move written "R16" instead of "pd"; read all the same
    setup_after_root,       // AB/AW/AE in a node after the root before any move: valid FF[4], but
                            // readers such as sgfmill take setup from the root only
    setup_after_moves,      // AB/AW/AE after moves were played
    setup_with_move,        // setup and a move in one node
    move_on_occupied,       // a move onto a stone (the stone is replaced)
    suicide,                // a move that leaves its own group without liberties (the group is removed)
    ko_violation,           // an immediate recapture of a simple ko
    superko_violation,      // a move that repeats an earlier whole-board position (when checked)
    truncated,              // the file ends inside a value or a game tree: read as if closed there
    charset_guessed,        // no CA, and the text is not UTF-8: the charset was guessed (how sure, said)
    two_moves,              // more than one move in a node (B and W, or two values); all are played
    setup_without_liberty,  // setup that leaves a group without liberties (a position no game reaches)
    node_after_variation,   // "(;a(;b);c)": c read as another variation of a
};
inline constexpr int kSgfIssueKinds = 21;

std::string_view to_string(SgfIssue issue) noexcept;

struct SgfWarning {
    SgfIssue issue;
    Error where;  // code unexpected_character etc., with the line and column of the value
};

// The warning as an Error whose message ends with its kind: "... retakes a ko at once
// [ko_violation]", as kifu prints warnings.
Error warning_error(const SgfWarning& warning);

struct SgfReadOptions {
    // The charset to decode with, overriding CA and detection (an iconv name; "" = CA).
    std::string charset;
};

class SgfCollection;
Result<SgfCollection> read_sgf(std::string_view bytes, const SgfReadOptions& options);

class SgfCollection {
  public:
    static constexpr std::uint32_t kNone = 0xFFFFFFFF;

    SgfCollection() = default;
    // A collection made from another format's record (GIB, NGF, UGF: go/server_records.hpp):
    // that record's decoded text is its source() (read from `charset`), and each node added
    // by hand stands where its move was read (set_offset; a property set on it stands there
    // too), so that the checks of its games give that text's lines and columns.
    SgfCollection(std::string source, std::string charset);
    SgfCollection(SgfCollection&&) noexcept = default;
    SgfCollection& operator=(SgfCollection&&) noexcept = default;
    SgfCollection(const SgfCollection&) = delete;
    SgfCollection& operator=(const SgfCollection&) = delete;

    struct Node {
        std::uint32_t parent = kNone;
        std::uint32_t first_child = kNone;
        std::uint32_t last_child = kNone;
        std::uint32_t next_sibling = kNone;
        std::uint32_t first_property = 0;
        std::uint32_t property_count = 0;
        std::uint32_t offset = 0;  // of its ';' in source()
    };
    struct Property {
        std::string_view id;  // the FF[4] identifier: "AddBlack" is read as "AB"
        std::uint32_t first_value = 0;
        std::uint32_t value_count = 0;
        std::uint32_t offset = 0;  // of its identifier in source()
    };

    // The root node of each game tree, in file order.
    std::span<const std::uint32_t> games() const noexcept { return games_; }
    std::size_t node_count() const noexcept { return nodes_.size(); }
    const Node& node(std::uint32_t id) const { return nodes_[id]; }
    // Inline: every walk over the raw nodes calls these for each node and property.
    std::span<const Property> properties(std::uint32_t node) const {
        const Node& n = nodes_[node];
        return std::span(properties_).subspan(n.first_property, n.property_count);
    }
    const Property* find(std::uint32_t node, std::string_view id) const;
    // The raw values of a property: UTF-8, escapes as written.
    std::span<const std::string_view> values(const Property& property) const {
        return std::span(values_).subspan(property.first_value, property.value_count);
    }
    // The first raw value of a property of the node, or nullptr when it has none.
    const std::string_view* value(std::uint32_t node, std::string_view id) const;
    // The children of a node, first (the main line) first.
    std::vector<std::uint32_t> children(std::uint32_t node) const;

    // The decoded text the tree points into, and the charset each game was decoded from
    // (its own CA; a game without one is read as the first game is).
    std::string_view source() const noexcept { return *text_; }
    const std::string& charset(std::size_t game = 0) const noexcept {
        return game < charsets_.size() ? charsets_[game] : kUtf8;
    }
    const std::vector<SgfWarning>& warnings() const noexcept { return warnings_; }
    // An error at a byte offset of source(), with its line and column (fast for many).
    Error error_at(std::size_t offset, ErrorCode code, std::string message) const;

    // Building a tree by hand (values raw: escape text with sgf_escape). A property goes
    // to the node given; setting an id the node has already replaces its values.
    std::uint32_t add_game();
    // Room for `nodes` more nodes with a one-value property each, so that a reader that
    // knows its number of moves builds the tree without the arrays copying themselves.
    void reserve(std::size_t nodes);
    // Inline: the reader adds every node it reads with it.
    std::uint32_t add_child(std::uint32_t parent) {
        const auto id = static_cast<std::uint32_t>(nodes_.size());
        Node& child = nodes_.emplace_back();
        child.parent = parent;
        child.first_property = static_cast<std::uint32_t>(properties_.size());
        Node& p = nodes_[parent];
        (p.first_child == kNone ? p.first_child : nodes_[p.last_child].next_sibling) = id;
        p.last_child = id;
        return id;
    }
    void set_offset(std::uint32_t node, std::uint32_t offset) { nodes_[node].offset = offset; }
    // A child of `parent` whose one property is a move, B (`black`) or W, at `point` (an
    // SGF point's text; "" for a pass), read at `offset`: what set_offset and set_property
    // make of a new node, without their search for a property to replace (the readers of
    // other formats add every move with it).
    std::uint32_t add_move(std::uint32_t parent, bool black, std::string_view point, std::uint32_t offset);
    void warn(SgfWarning warning) { warnings_.push_back(std::move(warning)); }
    void set_property(std::uint32_t node, std::string_view id, std::span<const std::string> raw_values);
    void set_property(std::uint32_t node, std::string_view id, std::string_view raw_value);
    void remove_property(std::uint32_t node, std::string_view id);

  private:
    friend class SgfReader;
    friend Result<SgfCollection> read_sgf(std::string_view bytes, const SgfReadOptions& options);
    std::string_view keep(std::string_view text);
    template <class Value>
    void set_values(std::uint32_t node, std::string_view id, std::span<const Value> raw_values);

    // On the heap, and the collection move-only, so that the views into it stay valid.
    static inline const std::string kUtf8 = "UTF-8";
    std::unique_ptr<std::string> text_ = std::make_unique<std::string>();
    std::vector<std::string> charsets_;  // by game
    std::deque<std::string> owned_;      // ids and values added by hand or rebuilt; stable addresses
    std::vector<Node> nodes_;
    std::vector<Property> properties_;
    std::vector<std::string_view> values_;
    std::vector<std::uint32_t> games_;
    std::vector<SgfWarning> warnings_;
    mutable std::unique_ptr<LineIndex> lines_;  // built on the first error_at
};

// Reads a whole SGF file (its bytes as stored).
Result<SgfCollection> read_sgf(std::string_view bytes, const SgfReadOptions& options = {});

// Writes FF[4] in UTF-8: FF[4] and CA[UTF-8] in each root, a node a line, a variation
// starting on a new line, each property once, values escaped as SGF requires.
std::string write_sgf(const SgfCollection& collection);

}  // namespace kifu::go
