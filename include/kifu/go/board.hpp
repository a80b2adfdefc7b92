#pragma once
// The rules of Go on a board of up to 52x52: captures, suicide, simple ko and,
// on request, positional or situational superko.
//
// Moves execute as SGF FF[4] says: the stone is placed, opposing groups left
// without liberties are removed, then the mover's own group if it has none
// (suicide). Replay is permissive: every move is carried out, and play() says
// whether it was legal. Setup (AB, AW, AE) never captures.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "kifu/go/point.hpp"
#include "kifu/go/position.hpp"
#include "kifu/go/stone.hpp"

namespace kifu::go {

enum class Legality : std::uint8_t { legal, occupied, suicide, ko, superko };

struct PlayOutcome {
    Legality legality = Legality::legal;
    int captured = 0;  // opposing stones removed
    int suicided = 0;  // own stones removed
};

class Board {
  public:
    explicit Board(BoardSize size = {});

    BoardSize size() const noexcept { return size_; }
    Stone at(Point p) const noexcept { return static_cast<Stone>(cells_[cell(p)]); }

    // Setup: puts (or with Stone::none removes) a stone; nothing is captured.
    void set(Point p, Stone stone);

    // A move by `stone` at `p`, carried out whatever its legality.
    PlayOutcome play(Stone stone, Point p);
    // A pass: the ko restriction ends.
    void pass(Stone stone);

    // Whether `stone` may play at `p` by the rules every rule set shares: the point is
    // empty, it is not the ko point that binds `stone`, and the stone captures or keeps a
    // liberty (no suicide). Superko is not looked at (it needs the game's history). The
    // board is unchanged.
    bool allows(Stone stone, Point p);
    // A ko point that binds `binds` (Stone::none: whoever moves), for a position given as
    // a diagram (HEN names its ko point); setup and any move end it.
    void set_ko(Point p, Stone binds) noexcept {
        ko_ = p;
        ko_player_ = binds;
    }

    // The point the player to move may not take at once (simple ko), if any, and whom
    // it binds.
    std::optional<Point> ko_point() const noexcept { return ko_; }
    Stone ko_binds() const noexcept { return ko_player_; }

    // Stones captured by `stone` (including the opponent's suicides).
    int prisoners(Stone stone) const noexcept { return prisoners_[static_cast<int>(stone)]; }
    int stone_count() const noexcept;
    // Whether the group of the stone at `p` has a liberty (false for an empty point).
    bool group_has_liberty(Point p);

    // Zobrist hash of the stones, for superko.
    std::uint64_t hash() const noexcept { return hash_; }
    // Checks each move against every earlier position from now on: the whole board
    // (positional superko) or the board and the player to move (situational).
    void track_superko(bool on, bool situational = false);
    // Counts the present position as seen (after a setup: moves record theirs themselves;
    // for situational superko, with either player to move).
    void remember_position();

    // The stones as a Position (no markup).
    Position position() const;
    // Row `row`'s points, left to right, each a Stone's value: a view for scans that compare
    // whole rows with a copy (the position index's keys, looking for what a move changed).
    std::span<const std::uint8_t> row_cells(int row) const noexcept {
        return {cells_.data() + (row + 1) * stride_ + 1, size_.width};
    }

  private:
    using Cell = std::uint8_t;
    static constexpr Cell kBorder = 0xFF;

    int cell(Point p) const noexcept { return (p.row + 1) * stride_ + p.col + 1; }
    void put(int c, Cell value) noexcept;
    // True when the group at `c` has a liberty; collects its stones into group_ when
    // `collect` (and then looks at the whole group).
    bool has_liberty(int c, bool collect);
    int remove_group();
    std::uint64_t zobrist(int c, Cell value) const noexcept;

    BoardSize size_;
    int stride_;
    std::vector<Cell> cells_;
    std::vector<std::uint32_t> mark_;  // flood-fill visit marks, by generation
    std::uint32_t generation_ = 0;
    std::vector<int> stack_;
    std::vector<int> group_;
    std::optional<Point> ko_;
    Stone ko_player_ = Stone::none;
    int prisoners_[kStoneColours + 1] = {};
    std::uint64_t hash_ = 0;
    bool superko_ = false;
    bool situational_ = false;
    // Positions seen (with situational_, positions and turns), by hash: open addressing, so
    // that a move's insert allocates nothing but the occasional doubling.
    class SeenSet {
      public:
        void clear() noexcept;
        bool insert(std::uint64_t key);  // false when it was there
      private:
        std::vector<std::uint64_t> slots_;  // 0 = empty; the key 0 is kept apart
        std::size_t size_ = 0;
        bool zero_ = false;
    };
    SeenSet seen_;
};

}  // namespace kifu::go
