#include "kifu/chess/pgn_recording.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace kifu::chess {

bool PgnRecording::begin_game(const PgnGameText& text) {
    texts_size_ = 0;
    events_.clear();
    errors_.clear();
    warnings_.clear();
    start_ = Position{};
    too_large_ = false;
    index_ = text.index;
    line_ = text.line;
    plies_ = 0;
    depth_ = 0;
    result_event_ = UINT32_MAX;
    // The texts are a part of the game's text; a move takes 5 to 7 bytes of it: room for
    // both at once, within a bound (a huge game grows as usual).
    reserve_texts(std::min<std::size_t>(text.text.size(), std::size_t{1} << 16));
    events_.reserve(std::min<std::size_t>(text.text.size() / 5 + 16, std::size_t{1} << 14));
    return true;
}

void PgnRecording::reserve_texts(std::size_t bytes) {
    if (bytes <= texts_capacity_) return;
    auto bigger = std::make_unique_for_overwrite<char[]>(bytes);
    if (texts_size_ != 0) std::memcpy(bigger.get(), texts_.get(), texts_size_);
    texts_ = std::move(bigger);
    texts_capacity_ = static_cast<std::uint32_t>(bytes);
}

bool PgnRecording::grow(std::size_t more) {
    const std::size_t needed = std::size_t{texts_size_} + more;
    if (needed > UINT32_MAX) {  // 32-bit offsets: a game of 4 GiB
        if (!too_large_) errors_.push_back(Error{ErrorCode::out_of_range, "a game of over 4 GiB of text"});
        too_large_ = true;
        return false;
    }
    reserve_texts(std::min<std::size_t>(std::max<std::size_t>({needed, std::size_t{texts_capacity_} * 2, 64}),
                                        UINT32_MAX));
    return true;
}

void PgnRecording::tag(std::string_view name, std::string_view value) {
    add(Kind::tag_name, name);
    add(Kind::tag_value, value);
}

bool PgnRecording::begin_movetext(const Position& start) {
    start_ = start;
    add(Kind::movetext);
    return true;
}

void PgnRecording::move(const Position&, Move move, std::string_view san) {
    plies_ += depth_ == 0;
    add(Kind::move, san, move.raw());
}

void PgnRecording::comment(std::string_view text, CommentKind kind) {
    add(Kind::comment, text, 0, static_cast<std::uint8_t>(kind));
}

void PgnRecording::nag(int nag) {
    add(Kind::nag, {}, 0, static_cast<std::uint8_t>(nag));  // as the tree keeps it: 8 bits
}

bool PgnRecording::begin_variation() {
    ++depth_;
    add(Kind::begin_variation);
    return true;
}

void PgnRecording::end_variation() {
    --depth_;
    add(Kind::end_variation);
}

void PgnRecording::result(std::string_view result) {
    result_event_ = static_cast<std::uint32_t>(events_.size());
    add(Kind::result, result);
}

void PgnRecording::error(const Error& error) {
    errors_.push_back(error);
}

void PgnRecording::warning(const Error& warning) {
    warnings_.push_back(warning);
}

std::string_view PgnRecording::result() const noexcept {
    return result_event_ < events_.size() ? text_of(result_event_) : std::string_view();
}

std::vector<std::pair<std::string_view, std::string_view>> PgnRecording::tags() const {
    std::vector<std::pair<std::string_view, std::string_view>> out;
    for (std::size_t i = 0; i + 1 < events_.size(); ++i)
        if (events_[i].kind == Kind::tag_name) out.emplace_back(text_of(i), text_of(i + 1));
    return out;
}

Game PgnRecording::build() const {
    GameBuilder builder;
    builder.begin_game(PgnGameText{{}, index_, 0, line_, 1});
    std::size_t moves = 0;
    for (const Event& e : events_) moves += e.kind == Kind::move;
    builder.reserve_nodes(moves + 1);
    for (std::size_t i = 0; i < events_.size(); ++i) {
        const Event& e = events_[i];
        switch (e.kind) {
            case Kind::tag_name:
                builder.tag(text_of(i), text_of(i + 1));
                break;
            case Kind::tag_value:
                break;  // with its name
            case Kind::movetext:
                builder.begin_movetext(start_);
                break;
            case Kind::move:
                builder.move(start_, Move::from_raw(e.move), text_of(i));
                break;
            case Kind::comment:
                builder.comment(text_of(i), static_cast<CommentKind>(e.detail));
                break;
            case Kind::nag:
                builder.nag(e.detail);
                break;
            case Kind::begin_variation:
                builder.begin_variation();
                break;
            case Kind::end_variation:
                builder.end_variation();
                break;
            case Kind::result:
                builder.result(text_of(i));
                break;
        }
    }
    for (const Error& e : errors_) builder.error(e);
    for (const Error& w : warnings_) builder.warning(w);
    return builder.take();
}

}  // namespace kifu::chess
