#pragma once
// A PGN game read once and kept as what the reader said, in order: tags, moves with the
// text they were written as, comments, NAGs, variations, the result, errors and warnings,
// in two flat buffers (an 8-byte event each, and their texts). The tree is built from it
// when it is asked for, without reading the text again.
//
// Why: a Game tree costs about 100 bytes a node and its building a fifth of a full read;
// a recording costs 8 bytes an event plus the texts (a game of 80 plies: about 1 KB, an
// eighth of its tree) and little time. A stream of games is read at the speed of
// validation, each game is checked whole (every move of every variation resolved), and
// only the games a program looks into are built (kifu.iter_games in the Python module:
// tags, result, ply count and errors come from the recording).
//
// build() gives the tree GameBuilder gives for the same text (tests/chess/pgn_recording_test
// checks it on the corpus, fuzz/pgn_fuzz on any input).

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn.hpp"

namespace kifu::chess {

class PgnRecording : public PgnVisitor {
  public:
    bool begin_game(const PgnGameText& text) override;
    void tag(std::string_view name, std::string_view value) override;
    bool begin_movetext(const Position& start) override;
    void move(const Position& before, Move move, std::string_view san) override;
    void comment(std::string_view text, CommentKind kind) override;
    void nag(int nag) override;
    bool begin_variation() override;
    void end_variation() override;
    void result(std::string_view result) override;
    void error(const Error& error) override;
    void warning(const Error& warning) override;

    std::size_t index() const noexcept { return index_; }
    std::uint32_t line() const noexcept { return line_; }
    std::size_t plies() const noexcept { return plies_; }  // moves of the main line
    std::string_view result() const noexcept;              // "" when the game has none
    const std::vector<Error>& errors() const noexcept { return errors_; }
    const std::vector<Error>& warnings() const noexcept { return warnings_; }
    // The tags in source order.
    std::vector<std::pair<std::string_view, std::string_view>> tags() const;
    // The game as a tree.
    Game build() const;

  private:
    enum class Kind : std::uint8_t {
        tag_name,
        tag_value,
        movetext,
        move,
        comment,
        nag,
        begin_variation,
        end_variation,
        result
    };
    // One event; its text is texts_[previous event's end, end).
    struct Event {
        std::uint32_t end;
        std::uint16_t move;  // Move::raw() of a move
        Kind kind;
        std::uint8_t detail;  // a NAG's number, a comment's kind
    };
    // Inline: it runs for every move, and a call costs more than its work.
    void add(Kind kind, std::string_view text = {}, std::uint16_t move = 0, std::uint8_t detail = 0) {
        const std::size_t n = text.size();
        if (n > texts_capacity_ - texts_size_ && !grow(n)) [[unlikely]]
            return;
        copy_short(texts_.get() + texts_size_, text.data(), n);
        texts_size_ += static_cast<std::uint32_t>(n);
        events_.push_back(Event{texts_size_, move, kind, detail});
    }
    // memcpy, with the few bytes of a move copied by two overlapping loads.
    static void copy_short(char* to, const char* from, std::size_t n) noexcept {
        if (n >= 8 && n <= 16) {
            std::uint64_t a, b;
            std::memcpy(&a, from, 8);
            std::memcpy(&b, from + n - 8, 8);
            std::memcpy(to, &a, 8);
            std::memcpy(to + n - 8, &b, 8);
        } else if (n >= 4 && n < 8) {
            std::uint32_t a, b;
            std::memcpy(&a, from, 4);
            std::memcpy(&b, from + n - 4, 4);
            std::memcpy(to, &a, 4);
            std::memcpy(to + n - 4, &b, 4);
        } else if (n < 4) {
            for (std::size_t i = 0; i < n; ++i) to[i] = from[i];
        } else {
            std::memcpy(to, from, n);
        }
    }
    std::string_view text_of(std::size_t i) const noexcept {
        const std::uint32_t from = i == 0 ? 0 : events_[i - 1].end;
        return std::string_view(texts_.get() + from, events_[i].end - from);
    }

    // Room for `more` bytes of text; false (and an error) past 4 GiB.
    bool grow(std::size_t more);
    void reserve_texts(std::size_t bytes);
    // The texts, one after another (a flat buffer of our own: appending a move's few bytes
    // is a short copy, not a call).
    std::unique_ptr<char[]> texts_;
    std::uint32_t texts_size_ = 0, texts_capacity_ = 0;
    std::vector<Event> events_;
    std::vector<Error> errors_, warnings_;
    Position start_{};
    bool too_large_ = false;
    std::size_t index_ = 0;
    std::uint32_t line_ = 1;
    std::size_t plies_ = 0;
    std::uint32_t depth_ = 0;  // variations open
    std::uint32_t result_event_ = UINT32_MAX;
};

}  // namespace kifu::chess
