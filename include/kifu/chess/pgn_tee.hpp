#pragma once
// One read of a PGN game for two visitors of its main line.

#include "kifu/chess/pgn.hpp"

namespace kifu::chess {

// Two visitors of a game's main line fed by one read (an opening's finder and a duplicate
// keyer: one pass where each would read the game again). Variations are passed over; each
// gets the events of the main line as its own read would give them: one that has asked to
// stop (stop_movetext) gets nothing more but end_game (the position there is where the read
// ended, later than its own read's), and the rest of the movetext is passed over once both
// have asked.
class PgnMainLineTee final : public PgnVisitor {
  public:
    PgnMainLineTee(PgnVisitor& first, PgnVisitor& second) noexcept : a_(&first), b_(&second) {}
    bool begin_game(const PgnGameText& game) override {
        a_->stopped_ = b_->stopped_ = false;
        const bool a = a_->begin_game(game), b = b_->begin_game(game);
        return a || b;
    }
    void tag(std::string_view name, std::string_view value) override {
        a_->tag(name, value), b_->tag(name, value);
    }
    bool begin_movetext(const Position& start) override {
        const bool a = a_->begin_movetext(start), b = b_->begin_movetext(start);
        return a || b;
    }
    void move(const Position& before, Move move, std::string_view san) override {
        if (!a_->stopped_) a_->move(before, move, san);
        if (!b_->stopped_) b_->move(before, move, san);
        if (a_->stopped_ && b_->stopped_) stop_movetext();
    }
    bool begin_variation() override { return false; }
    void result(std::string_view marker) override {
        if (!a_->stopped_) a_->result(marker);
        if (!b_->stopped_) b_->result(marker);
    }
    void error(const Error& e) override {
        if (!a_->stopped_) a_->error(e);
        if (!b_->stopped_) b_->error(e);
    }
    void warning(const Error& e) override {
        if (!a_->stopped_) a_->warning(e);
        if (!b_->stopped_) b_->warning(e);
    }
    void end_game(const Position& final_position) override {
        a_->end_game(final_position), b_->end_game(final_position);
    }

  private:
    PgnVisitor* a_;
    PgnVisitor* b_;
};

}  // namespace kifu::chess
