// The PGN splitter and reader on any bytes: no crash, no hang; and the games cut from a
// stream that arrives a few bytes at a time are the games cut from the whole text.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kifu/chess/pgn.hpp"

using namespace kifu;
using namespace kifu::chess;

namespace {

// Gives 1 to 7 bytes a read, so that games straddle every refill.
class Trickle : public ByteSource {
  public:
    explicit Trickle(std::string_view text) : text_(text) {}
    Result<std::size_t> read(char* buffer, std::size_t size) override {
        const std::size_t n = std::min({size, text_.size(), std::size_t{1} + (step_++ % 7)});
        std::memcpy(buffer, text_.data(), n);
        text_.remove_prefix(n);
        return n;
    }

  private:
    std::string_view text_;
    std::size_t step_ = 0;
};

struct Everything : PgnVisitor {
    std::size_t events = 0;
    void tag(std::string_view, std::string_view) override { ++events; }
    void move(const Position&, Move, std::string_view) override { ++events; }
    void comment(std::string_view, CommentKind) override { ++events; }
    void nag(int) override { ++events; }
    void result(std::string_view) override { ++events; }
    void error(const Error& e) override {
        if (e.line == 0 || e.column == 0) std::abort();  // every error has a place
        if (e.message.size() > 400) std::abort();        // and quotes the input short
        ++events;
    }
    void warning(const Error& e) override {
        if (e.line == 0 || e.column == 0 || e.message.size() > 400) std::abort();
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> whole;
    PgnSplitter splitter(text);
    Everything visitor;
    while (const auto game = splitter.next()) {
        whole.emplace_back(game->text);
        read_pgn_game(*game, visitor);
    }
    std::vector<std::string> streamed;
    PgnSplitter trickle(std::make_unique<Trickle>(text));
    while (const auto game = trickle.next()) streamed.emplace_back(game->text);
    // A UTF-8 byte-order mark is only looked for at the very start: both see it.
    if (whole != streamed) std::abort();

    // Under a small limit, a game is either within it or oversized (passed over, one
    // error), and the games come in order, whether the text is streamed or whole.
    constexpr std::size_t kLimit = 200;
    for (const bool stream : {true, false}) {
        PgnSplitter limited =
            stream ? PgnSplitter(std::make_unique<Trickle>(text), kLimit) : PgnSplitter(text, kLimit);
        std::size_t next_offset = 0;
        while (const auto game = limited.next()) {
            if (game->offset < next_offset) std::abort();
            if (game->oversized
                    ? game->oversized <= kLimit || game->limit != kLimit || game->text.size() > 256
                    : game->text.size() > kLimit)
                std::abort();
            next_offset = game->offset + (game->oversized ? game->oversized : game->text.size());
            if (game->oversized) {
                Everything one;
                if (read_pgn_game(*game, one) || one.events != 1) std::abort();
            }
        }
    }
    return 0;
}
