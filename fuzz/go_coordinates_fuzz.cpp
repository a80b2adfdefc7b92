// Go coordinates. The first two bytes choose the board (1-52 each way), the rest
// is the text. Whatever each reader accepts must be on the board and must write
// back to a text that reads to the same point.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kifu/go/coordinates.hpp"

using namespace kifu::go;

namespace {

void check(bool condition) {
    if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const BoardSize board{static_cast<std::uint8_t>(1 + data[0] % kMaxBoardSide),
                          static_cast<std::uint8_t>(1 + data[1] % kMaxBoardSide)};
    const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);

    if (const auto p = from_human(board, text)) {
        check(p->on(board));
        check(*from_human(board, *to_human(board, *p)) == *p);
    }
    if (const auto p = from_sgf(board, text)) {
        check(p->on(board));
        check(*from_sgf(board, *to_sgf(board, *p)) == *p);
    }
    if (const auto p = from_index(board, text)) {
        check(p->on(board));
        check(*from_index(board, to_index(*p)) == *p);
    }
    if (const auto m = sgf_move(board, text); m && !m->is_pass) check(m->point.on(board));
    if (const auto m = human_move(board, text); m && !m->is_pass) check(m->point.on(board));
    if (const auto s = parse_board_size(text)) check(s->width >= 1 && s->height >= 1);
    if (!text.empty()) (void)letter_column(text[0]);
    return 0;
}
