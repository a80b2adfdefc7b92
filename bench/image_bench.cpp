// Board images per second: SVG and PNG (400x400) of a 19x19 Go position (the HEN spec's
// Ear-reddening one), a chess middlegame and a shogi position, from a board view built
// once (what a server does with a parsed notation); animated GIFs of a game of each. Beside them, the peer
// that does the PNG job here: librsvg (what rsvg-convert runs) rasterising kifu's own SVG of the same board
// into a 400x400 PNG, in the same process.

#include <benchmark/benchmark.h>

#include <string>
#include <string_view>

#include "kifu/core/byte_source.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/image/formats.hpp"
#include "kifu/image/render.hpp"

#ifdef KIFU_BENCH_RSVG
#include <librsvg/rsvg.h>
#endif

namespace {

using namespace kifu;

struct Board {
    std::string_view format, text;
};
constexpr Board kGo{
    "hen",
    "_19Kbw2_18DbKbwNwPw2b_17Cw2FbJwb2w2Pwb_16Mb3Rb_15LbQb2_14Qbw2_13Ow3b3_12Pbw3b_11KbNbw2b3_"
    "10Nw2bRbw_9CwPwb2w_8Pwbwb_7NwPwbw2_6CwKbMbwPwb_5GbJwMbwbwbw_4CbEbHbMbw2bRw_3FbwbwLw2b4w2_"
    "2GbwKw2Nwb2Rbw_1JwMwObQbSb.K11b.w.M6-SQ.M5-SQ.M4-SQ.K6-SQ.J5-CR"};
constexpr Board kChess{"fen", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 2 9"};
constexpr Board kShogi{"sfen",
                       "ln1g3nl/1r2g1k2/p1sppsbpp/2p2pp2/1p7/2P1P1P2/PPBP1PS1P/2G2K2R/LNS2G1NL b Pp 31"};

struct Prepared {
    BoardView view;
    std::vector<image::ImageText> texts;
};
Prepared prepare(const Board& b) {
    Result<formats::Document> d = formats::find_format(b.format)->read(b.text, {});
    return {*formats::board_view(*d), image::texts_of(*d)};
}

void image(benchmark::State& state, const Board& board, image::ImageFormat format) {
    const Prepared p = prepare(board);
    image::RenderOptions o;
    o.format = format;
    o.size = 400;
    std::size_t bytes = 0;
    for (auto _ : state) {
        Result<std::string> out = image::render(p.view, o, p.texts);
        if (!out) {
            state.SkipWithError("render failed");
            break;
        }
        bytes = out->size();
        benchmark::DoNotOptimize(out->data());
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["bytes_an_image"] = static_cast<double>(bytes);
}

BENCHMARK_CAPTURE(image, svg_go, kGo, image::ImageFormat::svg);
BENCHMARK_CAPTURE(image, png_go, kGo, image::ImageFormat::png);
BENCHMARK_CAPTURE(image, svg_chess, kChess, image::ImageFormat::svg);
BENCHMARK_CAPTURE(image, png_chess, kChess, image::ImageFormat::png);
BENCHMARK_CAPTURE(image, svg_shogi, kShogi, image::ImageFormat::svg);
BENCHMARK_CAPTURE(image, png_shogi, kShogi, image::ImageFormat::png);

// Animated GIFs at 720 pixels (issue 37: lila-gif's are about 60 ms for 93 frames), each
// frame painted where it differs from the one before and encoded as it is painted: a 93-ply
// chess game of the shared corpus (Adams-Yudasin, Manila 1990), the 325 moves of the
// Ear-reddening game, a 117-move KIF (the 2014 Ryuo match) and a 132-ply xiangqi game. The
// records come from ../shared/testdata (KIFU_TESTDATA_DIR), their views built once.
struct Animation {
    std::string_view path;        // under the testdata directory
    std::string_view game_start;  // the game's first line, where a file holds several
};
constexpr Animation kChessAnimation{"chess/corpus/gnuchess_book_1.02_half.pgn.zst",
                                    "[Site \"Manila (izt) 49/264\"]"};
constexpr Animation kGoAnimation{"go/games/ear-reddening-1846.sgf", ""};
constexpr Animation kShogiAnimation{"shogi/records/kifu-for-js/kif/ryuou201409020101.kif", ""};
constexpr Animation kXiangqiAnimation{"xiangqi/records/synthetic/synthetic_games_san.pgn", ""};

void animation(benchmark::State& state, const Animation& a) {
    Result<std::unique_ptr<ByteSource>> source =
        open_byte_source(std::string(KIFU_TESTDATA_DIR) + "/" + std::string(a.path));
    Result<std::string> all = source ? read_all(**source) : Result<std::string>(source.error());
    if (!all) {
        state.SkipWithError("record not found (KIFU_TESTDATA_DIR)");
        return;
    }
    std::string text = std::move(*all);
    if (!a.game_start.empty()) {  // the one game: from its [Event] line to the next
        const std::size_t at = text.find(a.game_start);
        const std::size_t begin = text.rfind("[Event ", at), end = text.find("\n[Event ", at);
        if (at == std::string::npos || begin == std::string::npos) {
            state.SkipWithError("game not found");
            return;
        }
        text = text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
    }
    Result<const formats::Format*> format = formats::detect_format(text, a.path);
    Result<formats::Document> d =
        format ? (*format)->read(text, {}) : Result<formats::Document>(format.error());
    Result<std::vector<BoardView>> views =
        d ? formats::main_line_views(*d) : Result<std::vector<BoardView>>(d.error());
    if (!views) {
        state.SkipWithError("record not read");
        return;
    }
    image::RenderOptions o;
    o.format = image::ImageFormat::gif;
    o.size = 720;
    std::size_t bytes = 0;
    for (auto _ : state) {
        Result<std::string> gif = image::render_animation(*views, o);
        if (!gif) {
            state.SkipWithError("render failed");
            break;
        }
        bytes = gif->size();
        benchmark::DoNotOptimize(gif->data());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(views->size()));
    state.counters["frames"] = static_cast<double>(views->size());
    state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK_CAPTURE(animation, gif_chess_93_plies, kChessAnimation)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(animation, gif_go_325_moves, kGoAnimation)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(animation, gif_shogi_117_moves, kShogiAnimation)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(animation, gif_xiangqi_132_plies, kXiangqiAnimation)->Unit(benchmark::kMillisecond);

#ifdef KIFU_BENCH_RSVG
cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

// librsvg: parse the SVG, render it at 400x400 into a cairo surface, write a PNG.
void rsvg_png(benchmark::State& state, const Board& board) {
    const Prepared p = prepare(board);
    image::RenderOptions o;
    o.size = 400;
    const std::string svg = *image::render(p.view, o, p.texts);
    std::string png;
    for (auto _ : state) {
        png.clear();
        RsvgHandle* handle =
            rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), nullptr);
        if (!handle) {
            state.SkipWithError("librsvg could not read the SVG");
            break;
        }
        cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 400, 400);
        cairo_t* cr = cairo_create(surface);
        const RsvgRectangle viewport{0, 0, 400, 400};
        rsvg_handle_render_document(handle, cr, &viewport, nullptr);
        cairo_surface_write_to_png_stream(surface, append_bytes, &png);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
        g_object_unref(handle);
        benchmark::DoNotOptimize(png.data());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(rsvg_png, go, kGo);
BENCHMARK_CAPTURE(rsvg_png, chess, kChess);
BENCHMARK_CAPTURE(rsvg_png, shogi, kShogi);
#endif

}  // namespace
