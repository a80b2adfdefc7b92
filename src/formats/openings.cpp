// Opening books and the naming of games by position (formats/openings.hpp).

#include "kifu/formats/openings.hpp"

#include <unistd.h>

#include <limits>
#include <type_traits>

#include <fmt/format.h>

#include "kifu/chess/polyglot.hpp"
#include "kifu/core/byte_source.hpp"
#include "kifu/formats/game_rules.hpp"

namespace kifu::formats {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// The blank-separated words of a games-table field.
std::vector<std::string_view> words_of(std::string_view text) {
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < text.size();) {
        while (i < text.size() && text[i] == ' ') ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ') ++i;
        if (i > start) out.push_back(text.substr(start, i - start));
    }
    return out;
}

}  // namespace

std::span<const std::string_view> opening_tag_names(Game game) {
    static const std::vector<std::vector<std::string_view>> names = [] {
        std::vector<std::vector<std::string_view>> out;
        for (const GameInfo& g : all_games()) out.push_back(words_of(g.opening_tags));
        return out;
    }();
    const auto i = static_cast<std::size_t>(game);
    return i < names.size() ? std::span<const std::string_view>(names[i])
                            : std::span<const std::string_view>();
}

std::string Opening::name() const {
    if (tags.size() <= 1) return std::string(code());
    std::string out = tags[1].second;
    for (std::size_t i = 2; i < tags.size(); ++i) out.append(i == 2 ? ": " : ", ").append(tags[i].second);
    return out;
}

// One book game: its main line played to its end names that position by its opening tags.
template <class Tree>
void add_book_game(OpeningBook& book, const Tree& tree, std::uint32_t entry) {
    using Rules = typename Tree::GameTraits;
    Opening opening;
    for (const std::string& name : book.tag_names_)
        if (const std::optional<std::string_view> value = tree.tag(name); value && !value->empty())
            opening.tags.emplace_back(name, std::string(*value));
    if (opening.tags.empty() || !tree.errors.empty()) {
        ++book.skipped_;
        return;
    }
    typename Tree::Position position = tree.start;
    std::uint64_t line = kOpeningLineStart;
    std::uint32_t ply = 0;
    for (NodeId id = Tree::kRoot; !tree.nodes[id].children.empty();) {
        id = tree.nodes[id].children.front();
        line = opening_line_hash(line, Rules::move_word(tree.nodes[id].move));
        Rules::play(position, tree.nodes[id].move);
        ++ply;
    }
    opening.ply = ply;
    opening.line_hash = line;
    opening.entry = entry;
    opening.key = Rules::key(position);
    if constexpr (HasProgress<Rules>) book.progress_.push_back(Rules::progress(position));
    book.openings_.push_back(std::move(opening));
    book.deepest_ = std::max(book.deepest_, ply);
}

OpeningBook::Slot& OpeningBook::slot_of(std::uint64_t key) noexcept {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = key & mask;
    while (slots_[i].first != kNone && slots_[i].key != key) i = (i + 1) & mask;
    return slots_[i];
}

// The table of keys, once the entries are read: the same position named again is kept after
// the others of its key, unless it is the same line (then it is dropped).
void OpeningBook::index_keys() {
    std::size_t size = 16;
    while (size < 2 * openings_.size()) size *= 2;
    slots_.assign(size, Slot{});
    same_key_.assign(openings_.size(), kNone);
    std::vector<Opening> kept;
    kept.reserve(openings_.size());
    for (Opening& o : openings_) {
        const auto index = static_cast<std::uint32_t>(kept.size());
        Slot& slot = slot_of(o.key);
        if (slot.first == kNone) {
            slot = {o.key, index};
        } else {
            std::uint32_t last = slot.first;
            bool same_line = false;
            for (std::uint32_t i = slot.first; i != kNone; i = same_key_[i]) {
                same_line = same_line || (kept[i].line_hash == o.line_hash && kept[i].ply == o.ply);
                last = i;
            }
            if (same_line) continue;
            same_key_[last] = index;
        }
        kept.push_back(std::move(o));
    }
    openings_ = std::move(kept);
    same_key_.resize(openings_.size());
}

// least_count_[kept]: the least count of a named position whose kept bits are a subset of
// `kept`, by one pass a bit over the 65,536 sets (the least over the subsets, a set without
// the bit being one of them).
void OpeningBook::index_progress() {
    if (progress_.empty()) return;
    least_count_.assign(std::size_t{1} << 16, 255);
    for (const Progress& p : progress_) least_count_[p.kept] = std::min(least_count_[p.kept], p.count);
    // By blocks: in each block of 2 * bit sets, the upper half (the sets with the bit) takes
    // the least with the lower half, two runs of bytes side by side that the compiler vectorises
    // (a test of the bit on every set cost 14 M instructions at each start).
    std::uint8_t* least = least_count_.data();
    for (std::size_t bit = 1; bit < least_count_.size(); bit <<= 1)
        for (std::size_t block = 0; block < least_count_.size(); block += 2 * bit)
            for (std::size_t i = block; i < block + bit; ++i)
                least[i + bit] = std::min(least[i + bit], least[i]);
    progress_.clear();
    progress_.shrink_to_fit();
}

Result<OpeningBook> OpeningBook::of(const Document& record) {
    OpeningBook book;
    book.game_ = game_of(record);
    const GameInfo* info = game_info(book.game_);
    if (!info || !is_record(record))
        return Error(ErrorCode::unsupported,
                     "an opening book is a record of games that end at named positions");
    for (const std::string_view name : opening_tag_names(book.game_)) book.tag_names_.emplace_back(name);
    visit_record(record, [&](const auto& games) {
        for (std::size_t i = 0; i < games.size(); ++i)
            add_book_game(book, games[i], static_cast<std::uint32_t>(i));
    });
    book.index_keys();
    book.index_progress();
    if (book.openings_.empty())
        return Error(
            ErrorCode::unsupported,
            fmt::format("no game of the book names its position: a book's games carry the tags {} ({})",
                        info->opening_tags, info->name));
    return book;
}

Result<OpeningBook> OpeningBook::open(const std::string& path) {
    Result<std::unique_ptr<ByteSource>> source = open_byte_source(path);
    if (!source) return std::move(source).error();
    Result<std::string> text = read_all(**source);
    if (!text) return std::move(text).error();
    Result<const Format*> format = detect_format(*text, path);
    if (!format) return std::move(format).error();
    if ((*format)->kind != Kind::record || !(*format)->can_read())
        return Error(
            ErrorCode::unsupported,
            fmt::format("an opening book is a record collection (PGN, Scid's ECO file, lichess's TSV, "
                        "KIF, SGF, ...); this is {}",
                        (*format)->name));
    Result<Document> document = (*format)->read(*text, {});
    if (!document) return std::move(document).error();
    return of(*document);
}

std::optional<std::string> OpeningBook::installed(Game game) {
    const GameInfo* info = game_info(game);
    if (!info) return std::nullopt;
    for (const std::string_view path : words_of(info->opening_books)) {
        const std::string p(path);
        if (::access(p.c_str(), R_OK) == 0) return p;
    }
    return std::nullopt;
}

const Opening* OpeningBook::find(std::uint64_t key, std::uint64_t line_hash,
                                 std::uint32_t ply) const noexcept {
    if (slots_.empty()) return nullptr;
    const std::size_t mask = slots_.size() - 1;
    std::size_t at = key & mask;
    while (slots_[at].key != key) {
        if (slots_[at].first == kNone) return nullptr;
        at = (at + 1) & mask;
    }
    const std::uint32_t first = slots_[at].first;
    if (first == kNone) return nullptr;  // key 0 in an empty slot
    for (std::uint32_t i = first; i != kNone; i = same_key_[i])
        if (openings_[i].line_hash == line_hash && openings_[i].ply == ply) return &openings_[i];
    return &openings_[first];
}

bool PgnOpeningFinder::begin_game(const chess::PgnGameText&) {
    tracker_.reset();
    looking_ = true;
    return true;
}

bool PgnOpeningFinder::begin_movetext(const chess::Position& start) {
    pieces_ = chess::polyglot_pieces(start);
    return true;
}

// The Polyglot key kept up to date move by move, as the index's reader keeps it: a move
// changes the pieces' part by a few squares (the traits' key would sum all 64 each ply).
void PgnOpeningFinder::move(const chess::Position& before, chess::Move move, std::string_view) {
    if (!looking_) return;
    looking_ = tracker_.see_key(pieces_ ^ chess::polyglot_state(before), chess::GameTraits::progress(before));
    pieces_ = chess::polyglot_pieces_after(before, pieces_, move);
    if (!looking_) {
        stop_movetext();  // past the book's horizon: the rest of the game cannot change the name
        return;
    }
    tracker_.played(move);
}

void PgnOpeningFinder::end_game(const chess::Position& final_position) {
    if (looking_) tracker_.see_key(pieces_ ^ chess::polyglot_state(final_position));
}

void PgnOpeningTagger::tag(std::string_view name, std::string_view value) {
    if (opening_)
        for (const std::string& n : book_->tag_names())
            if (n == name) return;  // the book's tag instead (give_tags)
    writer_->tag(name, value);
}

void PgnOpeningTagger::give_tags() {
    if (given_ || !opening_) return;
    given_ = true;
    for (const auto& [name, value] : opening_->tags) writer_->tag(name, value);
}

bool PgnOpeningTagger::begin_movetext(const chess::Position& start) {
    give_tags();
    return writer_->begin_movetext(start);
}

void PgnOpeningTagger::end_game(const chess::Position& final_position) {
    give_tags();  // a game that ended in its tags
    writer_->end_game(final_position);
}

Result<std::size_t> name_openings(Document& record, const OpeningBook& book) {
    if (!is_record(record)) return Error(ErrorCode::unsupported, "only the games of a record are named");
    std::size_t named = 0;
    std::visit(
        [&](auto& value) {
            using V = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<V, go::Record>) {
                // An SGF game's tags are its root's properties: written into its raw layer.
                for (std::size_t g = 0; g < value.size(); ++g)
                    if (const OpeningMatch m = find_opening(value.game(g), book); m.opening) {
                        for (const auto& [name, text] : m.opening->tags) value.set_game_info(g, name, text);
                        ++named;
                    }
            } else if constexpr (requires { value.front().tags; }) {
                for (auto& tree : value)
                    if (const OpeningMatch m = find_opening(tree, book); m.opening) {
                        set_opening_tags(tree, book, *m.opening);
                        ++named;
                    }
            }
        },
        record.value);
    return named;
}

std::vector<OpeningMatch> openings_of(const Document& record, const OpeningBook& book) {
    std::vector<OpeningMatch> out;
    visit_record(record, [&](const auto& games) {
        for (const auto& tree : games) out.push_back(find_opening(tree, book));
    });
    return out;
}

}  // namespace kifu::formats
