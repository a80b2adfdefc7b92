#pragma once
// What the binding files of the Python module share: the objects that hold kifu's values
// (a position Document, a game of a record), the errors raised as kifu.KifuError, and the
// conversions between Documents and Python objects. Every entry point is a loop over the
// registry (formats/registry.hpp), the game tree and the walk (core/).

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <pybind11/pybind11.h>

#include "kifu/chess/pgn_recording.hpp"
#include "kifu/core/error.hpp"
#include "kifu/core/result.hpp"
#include "kifu/formats/filter.hpp"
#include "kifu/formats/game_rules.hpp"
#include "kifu/formats/openings.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::python {

namespace py = pybind11;

// Raises kifu.KifuError (or its move subclasses) for `error`, naming `source`.
[[noreturn]] void raise(const Error& error, std::string_view source = "<text>");
// The exception object for an error, not raised (validate returns lists of them).
py::object error_object(const Error& error, std::string_view source, std::string_view severity = "error");

template <class T>
T take(Result<T> result, std::string_view source = "<text>") {
    if (!result) raise(result.error(), source);
    return std::move(*result);
}

// A position of any game (kifu.Position and its per-game classes).
struct Position {
    std::shared_ptr<const formats::Document> doc;  // immutable: play() gives a new position
};
// The class of a game's positions is named by its traits (the game interface), so that a
// document finds its class through formats::visit_game_rules.
template <class Rules>
struct GamePosition : Position {};
using GoPosition = GamePosition<go::GameTraits>;
using ChessPosition = GamePosition<chess::GameTraits>;
using ShogiPosition = GamePosition<shogi::GameTraits>;
using XiangqiPosition = GamePosition<xiangqi::GameTraits>;
struct FeenPosition : Position {};  // a FEEN board of no game behind the interface

// The format a game writes its positions in (hen, fen, epd, sfen, xfen-xiangqi, feen).
std::string_view own_format(const formats::Document& doc);

// The document of a position the walk gives (a game's traits' Position); a Go state with
// the node's marks.
formats::Document state_document(const chess::Position& p, std::span<const NodeMark> marks = {});
formats::Document state_document(const shogi::Position& p, std::span<const NodeMark> marks = {});
formats::Document state_document(const xiangqi::Position& p, std::span<const NodeMark> marks = {});
formats::Document state_document(const go::GameState& s, std::span<const NodeMark> marks = {});

// A game's tags as a dict in source order; the first value of a repeated name.
py::dict tags_dict(const std::vector<std::pair<std::string, std::string>>& tags);
py::dict tags_dict(const std::vector<std::pair<std::string_view, std::string_view>>& tags);

// A copy of a position document (records other than SGF copy too; an SGF collection is
// move-only: TypeError).
formats::Document copy_document(const formats::Document& doc);

// The Python object of a position document: the class of its game.
py::object wrap_position(formats::Document doc);

// One game of a record, shared by the Game object and its nodes. The record stays whole
// (written, narrowed to positions through the registry); the tree points into it. A game streamed from a PGN
// file comes as its recording (chess/pgn_recording.hpp: read and checked, the tree not built) and is built
// the first time its record or tree is asked for; its tags, result, ply count and errors
// are answered from the recording until then. Python calls it with the GIL held.
using TreeRef = std::variant<const chess::Game*, const go::Game*, const shogi::Game*, const xiangqi::Game*>;
struct GameData {
    std::size_t index = 0;                // the game's index in the record
    std::size_t number = 0;               // its index in its input (a streamed PGN: in the part read)
    std::optional<std::uint64_t> offset;  // its byte offset in its input, where known (PGN)
    std::string format;                   // the registry name it was read as
    std::string source;                   // file name, or "<text>"

    const formats::Document& record() const;
    TreeRef tree() const;
    // The recording of a streamed game not built yet, else null.
    const chess::PgnRecording* unbuilt() const noexcept {
        return built_.load(std::memory_order_acquire) ? nullptr : recording_.get();
    }

    void set_record(std::shared_ptr<const formats::Document> record, TreeRef tree) {
        record_ = std::move(record);
        tree_ = tree;
        built_.store(true, std::memory_order_release);
    }
    void set_recording(std::unique_ptr<const chess::PgnRecording> recording) {
        recording_ = std::move(recording);
    }

  private:
    // Builds the tree once, with the GIL released when the caller holds it (another
    // thread asking for the same game waits for it).
    void build() const;
    mutable std::shared_ptr<const formats::Document> record_;
    mutable TreeRef tree_;
    std::unique_ptr<const chess::PgnRecording> recording_;  // kept: unbuilt() may be reading it
    mutable std::once_flag once_;
    mutable std::atomic<bool> built_{false};
};
// 'chess', 'go', ...: the game of a game's record.
std::string game_name(const GameData& g);

std::shared_ptr<GameData> make_game(std::shared_ptr<const formats::Document> record, std::size_t index,
                                    std::string format, std::string source);

// A game of a record (kifu.Game) and a node of it (kifu.GameNode).
struct Game {
    std::shared_ptr<const GameData> data;
};
struct GameNode {
    std::shared_ptr<const GameData> data;
    NodeId id = 0;
};

// A read document as Python objects: a position, or a list of kifu.Game for a record.
py::object wrap_document(formats::Document doc, std::string format, std::string source);

// Reads a file whole through the byte source (decompressing it); io_error naming the path.
std::string read_file(const std::string& path);

// Write options from keyword arguments (pretty, always_size, letters, comments, nags,
// variations, encoding, notation, size, theme, coordinates, crop, flip). Unknown names
// raise TypeError with the nearest known one.
formats::WriteOptions write_options(const formats::Format& format, const py::kwargs& kwargs);
// The registry format of a name; KifuError (unsupported) with the nearest name otherwise.
const formats::Format& format_named(std::string_view name);
// A written text as Python: bytes for images and for Shift_JIS, str otherwise.
py::object written(const formats::Format& format, const formats::WriteOptions& options, std::string text);

// The filters Python takes (formats/filter.hpp): where ({'White': 'Carlsen'} or pairs), date
// (a year or (from, to)), result ('1-0', 'B+', ...), player (a name's part), rating (at least
// a number, or (from, to)); None for none. Bad values raise ValueError.
formats::GameFilter game_filter_of(const py::object& where, const py::object& date, const py::object& result,
                                   const py::object& player, const py::object& rating);

void bind_positions(py::module_& m);
void bind_games(py::module_& m);
void bind_streams(py::module_& m);
void bind_index(py::module_& m);
void bind_openings(py::module_& m);
void bind_engines(py::module_& m);

// kifu.OpeningBook: a book read once and shared (formats/openings.hpp).
struct OpeningBookRef {
    std::shared_ptr<const formats::OpeningBook> book;
};
// An opening as Python: {'code', 'name', 'tags', 'ply'} ('ply': where the game reaches it).
py::dict opening_dict(const formats::Opening& opening, std::uint32_t ply);

}  // namespace kifu::python
