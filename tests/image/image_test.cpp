// Board images: golden SVGs of fixed positions of every game, PNGs and GIFs decoded with
// libpng and giflib (size, pixel colours, text), and image -> notation -> the same position.

#include <gif_lib.h>
#include <png.h>
#include <zlib.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "kifu/formats/registry.hpp"
#include "kifu/image/encode.hpp"
#include "kifu/image/formats.hpp"
#include "kifu/image/glyphs.hpp"
#include "kifu/image/metadata.hpp"
#include "kifu/image/render.hpp"

namespace {

using namespace kifu;
using image::ImageFormat;

struct Case {
    std::string_view name;    // the golden file's name
    std::string_view format;  // the registry's reader
    std::string_view text;
    std::string_view key;        // the key the game's notation travels under
    image::DrawOptions options;  // as drawn for the golden file
};

image::DrawOptions coordinates() {
    image::DrawOptions o;
    o.coordinates = image::DrawOptions::Coordinates::game;
    return o;
}

// The HEN spec's two examples, and a position of every other game.
const Case kCases[] = {
    {"go-hen-spec-arbitrary", "hen", ".19x19_19bwb2w3_10Kb_8Kbw_7JbwMw_6Kbw_1Cw3bNwb2.L7.K7w.b", "HEN",
     coordinates()},
    {"go-hen-spec-ear-reddening",
     "hen",
     "_19Kbw2_18DbKbwNwPw2b_17Cw2FbJwb2w2Pwb_16Mb3Rb_15LbQb2_14Qbw2_13Ow3b3_12Pbw3b_11KbNbw2b3_10Nw2bRbw_"
     "9CwPwb2w_8Pwbwb_7NwPwbw2_6CwKbMbwPwb_5GbJwMbwbwbw_4CbEbHbMbw2bRw_3FbwbwLw2b4w2_2GbwKw2Nwb2Rbw_"
     "1JwMwObQbSb.K11b.w.M6-SQ.M5-SQ.M4-SQ.K6-SQ.J5-CR",
     "HEN",
     {}},
    {"go-9x9-labels-numbers", "hen", ".9x9_5Gb_4G~3_3E~1b~2~4_2Fw.H3w.b.E2-a", "HEN", {}},
    {"chess-middlegame", "fen", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 2 9", "FEN",
     coordinates()},
    {"shogi-position", "sfen",
     "ln1g3nl/1r2g1k2/p1sppsbpp/2p2pp2/1p7/2P1P1P2/PPBP1PS1P/2G2K2R/LNS2G1NL b Pp 31", "SFEN", coordinates()},
    {"xiangqi-start",
     "xfen-xiangqi",
     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     "FEN",
     {}},
    {"feen-3d", "feen", "ab/c1//1D/EF / A/a", "FEEN", {}},
};

formats::Document read(const Case& c) {
    Result<formats::Document> d = formats::find_format(c.format)->read(c.text, {});
    EXPECT_TRUE(d) << c.name << ": " << (d ? "" : d.error().message);
    return std::move(*d);
}

std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

const std::filesystem::path kGolden = std::filesystem::path(KIFU_SOURCE_DIR) / "tests/image/golden";

// The golden files were made with Debian 12's fonts; without them text is boxes.
#define REQUIRE_FONTS()            \
    if (!image::fonts_available()) \
    GTEST_SKIP() << "the fonts are missing (fonts-dejavu-core, fonts-noto-cjk: scripts/install-deps)"

TEST(ImageSvg, GoldenFilesOfEveryGame) {
    REQUIRE_FONTS();
    const bool update = std::getenv("KIFU_UPDATE_GOLDEN") != nullptr;
    for (const Case& c : kCases) {
        const formats::Document d = read(c);
        Result<BoardView> view = formats::board_view(d);
        ASSERT_TRUE(view) << c.name;
        image::RenderOptions o;
        static_cast<image::DrawOptions&>(o) = c.options;
        Result<std::string> svg = image::render(*view, o, image::texts_of(d));
        ASSERT_TRUE(svg) << c.name;
        const std::filesystem::path golden = kGolden / (std::string(c.name) + ".svg");
        if (update) std::ofstream(golden, std::ios::binary) << *svg;
        EXPECT_EQ(*svg, slurp(golden))
            << c.name << ": differs from " << golden
            << " (KIFU_UPDATE_GOLDEN=1 rewrites the golden files after a deliberate change)";
        // Deterministic, and nothing outside the file.
        EXPECT_EQ(*svg, *image::render(*view, o, image::texts_of(d)));
        EXPECT_EQ(svg->find("xlink:href=\"http"), std::string::npos);
        EXPECT_EQ(svg->find("<text"), std::string::npos);
        EXPECT_EQ(svg->find("<image"), std::string::npos);
        // The glyphs are numbered in the document, 0, 1, 2, ... as they are first used (they
        // were the font cache's numbers, which depend on what the process drew before).
        std::size_t glyphs = 0;
        for (std::size_t at = svg->find("<path id=\"g"); at != std::string::npos;
             at = svg->find("<path id=\"g", at + 1)) {
            const std::string expected = "<path id=\"g" + std::to_string(glyphs) + "\"";
            EXPECT_EQ(svg->compare(at, expected.size(), expected), 0) << c.name << ": glyph " << glyphs;
            ++glyphs;
        }
    }
    // The same bytes whatever was drawn before: the cases again, the other way round.
    for (auto c = std::rbegin(kCases); c != std::rend(kCases); ++c) {
        const formats::Document d = read(*c);
        image::RenderOptions o;
        static_cast<image::DrawOptions&>(o) = c->options;
        EXPECT_EQ(*image::render(*formats::board_view(d), o, image::texts_of(d)),
                  slurp(kGolden / (std::string(c->name) + ".svg")))
            << c->name << " drawn after the others";
    }
}

// A PNG decoded by libpng's simplified API (RGB), and its text chunks by libpng too.
struct DecodedPng {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
    std::vector<std::pair<std::string, std::string>> texts;
    std::array<int, 3> at(int x, int y) const {
        const std::size_t i = (static_cast<std::size_t>(y) * width + x) * 3;
        return {rgb[i], rgb[i + 1], rgb[i + 2]};
    }
};

struct Buffer {
    std::string_view bytes;
    std::size_t at = 0;
};
void read_from(png_structp png, png_bytep out, png_size_t n) {
    auto* b = static_cast<Buffer*>(png_get_io_ptr(png));
    if (n > b->bytes.size() - b->at) png_error(png, "past the end");
    std::memcpy(out, b->bytes.data() + b->at, n);
    b->at += n;
}

DecodedPng decode_png(std::string_view bytes) {
    DecodedPng out;
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    EXPECT_TRUE(png_image_begin_read_from_memory(&image, bytes.data(), bytes.size())) << image.message;
    image.format = PNG_FORMAT_RGB;
    out.width = static_cast<int>(image.width), out.height = static_cast<int>(image.height);
    out.rgb.resize(PNG_IMAGE_SIZE(image));
    EXPECT_TRUE(png_image_finish_read(&image, nullptr, out.rgb.data(), 0, nullptr)) << image.message;
    // The text chunks through libpng's reader (not kifu's).
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png_create_info_struct(png);
    Buffer buffer{bytes};
    if (!setjmp(png_jmpbuf(png))) {
        png_set_read_fn(png, &buffer, read_from);
        png_read_info(png, info);
        png_textp texts = nullptr;
        int n = 0;
        png_get_text(png, info, &texts, &n);
        for (int i = 0; i < n; ++i)
            out.texts.emplace_back(texts[i].key,
                                   std::string(texts[i].text, texts[i].itxt_length ? texts[i].itxt_length
                                                                                   : texts[i].text_length));
    }
    png_destroy_read_struct(&png, &info, nullptr);
    return out;
}

bool close_to(std::array<int, 3> c, std::uint32_t rgb, int tolerance = 24) {
    return std::abs(c[0] - static_cast<int>(rgb >> 16)) <= tolerance &&
           std::abs(c[1] - static_cast<int>((rgb >> 8) & 255)) <= tolerance &&
           std::abs(c[2] - static_cast<int>(rgb & 255)) <= tolerance;
}

Result<std::string> render_text(std::string_view format, std::string_view text, ImageFormat to,
                                int size = 400) {
    Result<formats::Document> d = formats::find_format(format)->read(text, {});
    if (!d) return d.error();
    Result<BoardView> view = formats::board_view(*d);
    if (!view) return view.error();
    image::RenderOptions o;
    o.format = to;
    o.size = size;
    return image::render(*view, o, image::texts_of(*d));
}

TEST(ImagePng, GoBoardSizeColoursAndText) {
    // 9x9, no coordinates: lines 40 apart from 24 in, a 368-unit square scaled to 400.
    const std::string hen = ".9x9_5Eb_3Cw.b";
    Result<std::string> png = render_text("hen", hen, ImageFormat::png);
    ASSERT_TRUE(png);
    const DecodedPng p = decode_png(*png);
    EXPECT_EQ(p.width, 400);
    EXPECT_EQ(p.height, 400);
    const double scale = 400.0 / 368;
    const auto px = [&](int point) { return static_cast<int>((24 + 40 * point) * scale); };
    EXPECT_TRUE(close_to(p.at(px(4) + 3, px(4) + 3), 0x141414, 60)) << "E5 black stone";
    const auto w = p.at(px(2) + 3, px(6) + 3);
    EXPECT_GT(w[0], 200) << "C3 white stone";
    // Wood half-way between two lines, where nothing stands.
    EXPECT_TRUE(close_to(p.at(px(7) + 20, px(1) + 20), 0xDCB35C, 4));
    ASSERT_EQ(p.texts.size(), 1u);
    EXPECT_EQ(p.texts[0].first, "HEN");
    EXPECT_EQ(p.texts[0].second, hen);
}

TEST(ImagePng, ChessSquaresAndTheSizeOption) {
    Result<std::string> png = render_text(
        "fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", ImageFormat::png, 240);
    ASSERT_TRUE(png);
    const DecodedPng p = decode_png(*png);
    EXPECT_EQ(p.width, 240);
    EXPECT_EQ(p.height, 240);
    // No coordinates: 8 squares of 30 pixels; a8 (top left) light, b8 dark, at their corners.
    EXPECT_TRUE(close_to(p.at(2, 2), 0xF0D9B5, 4));
    EXPECT_TRUE(close_to(p.at(32, 2), 0xB58863, 4));
    // d5 (empty) light, e5 dark: columns 3 and 4 of row 3.
    EXPECT_TRUE(close_to(p.at(3 * 30 + 15, 3 * 30 + 15), 0xF0D9B5, 4));
    EXPECT_TRUE(close_to(p.at(4 * 30 + 15, 3 * 30 + 15), 0xB58863, 4));
    // e4's white pawn: white inside its outline, at the centre of its base.
    EXPECT_TRUE(close_to(p.at(4 * 30 + 15, 4 * 30 + 20), 0xFFFFFF, 40));
    // The text: FEN and FEEN.
    ASSERT_EQ(p.texts.size(), 2u);
    EXPECT_EQ(p.texts[0].first, "FEN");
    EXPECT_EQ(p.texts[1].first, "FEEN");
}

TEST(ImagePng, NonLatinTextGoesInAnITXtChunk) {
    Result<std::string> png = render_text("hen", ".9x9_5Er.E5-碁", ImageFormat::png, 100);
    ASSERT_TRUE(png);
    EXPECT_NE(png->find("iTXt"), std::string::npos);
    const DecodedPng p = decode_png(*png);
    ASSERT_EQ(p.texts.size(), 1u);
    EXPECT_EQ(p.texts[0].second, ".9x9_5Er.E5-碁");
}

// A GIF decoded by giflib: its frames, its comment.
struct DecodedGif {
    int width = 0, height = 0, frames = 0;
    std::vector<std::string> comments;
};
int gif_read(GifFileType* gif, GifByteType* out, int n) {
    auto* b = static_cast<Buffer*>(gif->UserData);
    const std::size_t take = std::min<std::size_t>(static_cast<std::size_t>(n), b->bytes.size() - b->at);
    std::memcpy(out, b->bytes.data() + b->at, take);
    b->at += take;
    return static_cast<int>(take);
}
DecodedGif decode_gif(std::string_view bytes) {
    DecodedGif out;
    Buffer buffer{bytes};
    int error = 0;
    GifFileType* gif = DGifOpen(&buffer, gif_read, &error);
    EXPECT_NE(gif, nullptr);
    if (!gif) return out;
    EXPECT_EQ(DGifSlurp(gif), GIF_OK);
    out.width = gif->SWidth, out.height = gif->SHeight, out.frames = gif->ImageCount;
    const auto comments = [&](int n, ExtensionBlock* blocks) {
        for (int i = 0; i < n; ++i)
            if (blocks[i].Function == COMMENT_EXT_FUNC_CODE)
                out.comments.emplace_back(reinterpret_cast<const char*>(blocks[i].Bytes),
                                          static_cast<std::size_t>(blocks[i].ByteCount));
    };
    comments(gif->ExtensionBlockCount, gif->ExtensionBlocks);
    for (int f = 0; f < gif->ImageCount; ++f)
        comments(gif->SavedImages[f].ExtensionBlockCount, gif->SavedImages[f].ExtensionBlocks);
    DGifCloseFile(gif, &error);
    return out;
}

// The SVG and the PNG of a position are one picture: librsvg's rendering of kifu's SVG
// (rsvg-convert) against kifu's own PNG, pixel by pixel.
TEST(ImageSvg, LibrsvgDrawsTheSvgAsKifuPaintsThePng) {
    REQUIRE_FONTS();
    if (std::system("rsvg-convert --version >/dev/null 2>&1") != 0)
        GTEST_SKIP() << "rsvg-convert is missing (librsvg2-bin: scripts/install-deps test)";
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "kifu-image-test";
    std::filesystem::create_directories(dir);
    for (const Case& c : kCases) {
        const formats::Document d = read(c);
        const BoardView view = *formats::board_view(d);
        image::RenderOptions o;
        static_cast<image::DrawOptions&>(o) = c.options;
        const std::string svg = *image::render(view, o, {});
        o.format = ImageFormat::png;
        const DecodedPng ours = decode_png(*image::render(view, o, {}));
        std::ofstream(dir / "board.svg", std::ios::binary) << svg;
        const std::string command = "rsvg-convert -w " + std::to_string(ours.width) + " -h " +
                                    std::to_string(ours.height) + " -b white " +
                                    (dir / "board.svg").string() + " -o " + (dir / "board.png").string();
        ASSERT_EQ(std::system(command.c_str()), 0) << c.name;
        const DecodedPng theirs = decode_png(slurp(dir / "board.png"));
        ASSERT_EQ(theirs.width, ours.width);
        ASSERT_EQ(theirs.height, ours.height);
        // Antialiasing differs between the two rasterisers at edges; the picture may not.
        std::size_t far = 0;
        double total = 0;
        for (std::size_t i = 0; i < ours.rgb.size(); ++i) {
            const int diff = std::abs(static_cast<int>(ours.rgb[i]) - static_cast<int>(theirs.rgb[i]));
            total += diff;
            far += diff > 64;
        }
        // Measured: means 0.01-1.9 (shogi and xiangqi, whose kanji have the most edges), no
        // pixel off by more than 64 anywhere; a glyph drawn at the wrong size fails both.
        const double mean = total / static_cast<double>(ours.rgb.size());
        const double far_share = static_cast<double>(far) / static_cast<double>(ours.rgb.size());
        EXPECT_LT(mean, 2.5) << c.name;
        EXPECT_LT(far_share, 0.002) << c.name;
    }
    std::filesystem::remove_all(dir);
}

TEST(ImageGif, OneFrameWithTheNotationAsAComment) {
    Result<std::string> gif = render_text(
        "sfen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", ImageFormat::gif, 300);
    ASSERT_TRUE(gif);
    const DecodedGif g = decode_gif(*gif);
    EXPECT_EQ(g.frames, 1);
    EXPECT_EQ(std::max(g.width, g.height), 300);
    ASSERT_FALSE(g.comments.empty());
    EXPECT_EQ(g.comments[0], "SFEN: lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
}

const std::string_view kOpera =
    "[Event \"Opera\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 1-0\n";

TEST(ImageGif, AnAnimationHasAFrameAPositionAndCarriesTheRecord) {
    Result<formats::Document> d = formats::find_format("pgn")->read(kOpera, {});
    ASSERT_TRUE(d);
    Result<std::vector<BoardView>> views = formats::main_line_views(*d);
    ASSERT_TRUE(views);
    ASSERT_EQ(views->size(), 11u);  // the start and 10 plies
    EXPECT_FALSE((*views)[0].last_move);
    ASSERT_TRUE((*views)[1].last_move);
    EXPECT_EQ((*views)[1].last_move->text, "e4");
    EXPECT_EQ((*views)[1].last_move->from, 6 * 8 + 4);  // e2
    EXPECT_EQ((*views)[1].last_move->to, 4 * 8 + 4);    // e4
    image::RenderOptions o;
    o.format = ImageFormat::gif;
    o.size = 160;
    Result<std::string> gif = image::render_animation(*views, o, image::texts_of(*d));
    ASSERT_TRUE(gif);
    const DecodedGif g = decode_gif(*gif);
    EXPECT_EQ(g.frames, 11);
    ASSERT_FALSE(g.comments.empty());
    EXPECT_EQ(g.comments[0].rfind("PGN: [Event \"Opera\"]", 0), 0u) << g.comments[0];
    // Read back, the image is the game.
    Result<formats::Document> back = formats::find_format("gif")->read(*gif, {});
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_TRUE(formats::is_record(*back));
    EXPECT_EQ(std::get<std::vector<chess::Game>>(back->value)[0].main_line().size(), 10u);
    // A PNG cannot animate.
    o.format = ImageFormat::png;
    EXPECT_FALSE(image::render_animation(*views, o));
}

TEST(ImageRoundTrip, EveryGameThroughEveryImageFormat) {
    for (const Case& c : kCases) {
        const formats::Document d = read(c);
        std::vector<std::string> notes;
        const std::string original = *formats::find_format(c.format)->write(d, {}, notes);
        for (const std::string_view name : {"svg", "png", "gif"}) {
            const formats::Format* f = formats::find_format(name);
            ASSERT_TRUE(f->accepts(d)) << c.name;
            Result<std::string> bytes = f->write(d, {}, notes);
            ASSERT_TRUE(bytes) << c.name << " " << name;
            Result<const formats::Format*> detected = formats::detect_format(*bytes);
            ASSERT_TRUE(detected);
            EXPECT_EQ((*detected)->name, name);
            Result<formats::Document> back = f->read(*bytes, {});
            ASSERT_TRUE(back) << c.name << " " << name << ": " << back.error().message;
            EXPECT_EQ(*formats::find_format(c.format)->write(*back, {}, notes), original)
                << c.name << " " << name;
            Result<std::vector<image::ImageText>> texts = image::read_image_texts(*bytes);
            ASSERT_TRUE(texts);
            ASSERT_FALSE(texts->empty());
            EXPECT_EQ(texts->front().key, c.key) << c.name;
        }
    }
}

// hen-python's PNG: HEN in a tEXt chunk, Latin-1; hen-worker's: the HEN of its URL, in
// UTF-8 percent-escapes and all; its GIF: a "HEN: ..." comment.
std::string chunk(std::string_view type, std::string_view data) {
    std::string out;
    const auto be32 = [&](std::uint32_t v) {
        for (int s = 24; s >= 0; s -= 8) out += static_cast<char>((v >> s) & 255);
    };
    be32(static_cast<std::uint32_t>(data.size()));
    std::string body = std::string(type) + std::string(data);
    out += body;
    be32(static_cast<std::uint32_t>(
        crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()))));
    return out;
}
std::string png_with_text(std::string_view key, std::string_view text) {
    const std::string ihdr("\0\0\0\1\0\0\0\1\x08\x02\0\0\0", 13);
    return std::string("\x89PNG\r\n\x1A\n") + chunk("IHDR", ihdr) +
           chunk("tEXt", std::string(key) + '\0' + std::string(text)) + chunk("IEND", "");
}

TEST(ImageMetadata, HenPythonAndHenWorkerImagesRead) {
    const formats::Format* png = formats::find_format("png");
    std::vector<std::string> notes;
    // hen-python: Latin-1 in tEXt.
    Result<formats::Document> a =
        png->read(png_with_text("HEN", ".9x9_5Gb_4G~3_3E~1b~2~4_2Fw.H3w.b.E2-a"), {});
    ASSERT_TRUE(a) << a.error().message;
    EXPECT_EQ(*formats::find_format("hen")->write(*a, {}, notes), ".9x9_5Gb_4G~3_3E~1b~2~4_2Fw.H3w.b.E2-a");
    // hen-worker: the URL's percent-escapes.
    Result<formats::Document> b = png->read(png_with_text("HEN", ".9x9_5Er.E5-%E7%A2%81"), {});
    ASSERT_TRUE(b) << b.error().message;
    EXPECT_EQ(*formats::find_format("hen")->write(*b, {}, notes), ".9x9_5Er.E5-碁");
    // A Latin-1 byte that is not UTF-8 is Latin-1.
    Result<std::vector<image::ImageText>> latin =
        image::read_image_texts(png_with_text("Comment", "caf\xE9"));
    ASSERT_TRUE(latin);
    EXPECT_EQ(latin->at(0).text, "café");
    // hen-worker's GIF comment.
    std::string gif("GIF89a\1\0\1\0\0\0\0", 13);
    const std::string comment = "HEN: .9x9_5Gb.b";
    gif += "\x21\xFE";
    gif += static_cast<char>(comment.size());
    gif += comment;
    gif += '\0';
    gif += ';';
    Result<formats::Document> c = formats::find_format("gif")->read(gif, {});
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(*formats::find_format("hen")->write(*c, {}, notes), ".9x9_5Gb.b");
}

// The texts of one image are bounded together: a small file of many compressed chunks
// (each under the 1 MiB a text may be) is refused at 4 MiB in all, not inflated to
// gigabytes. A few large texts under the bound read.
TEST(ImageMetadata, TheTextsOfAnImageAreBoundedTogether) {
    const std::string megabyte(1000 * 1000, 'a');
    uLongf packed_size = compressBound(megabyte.size());
    std::string packed(packed_size, '\0');
    ASSERT_EQ(compress(reinterpret_cast<Bytef*>(packed.data()), &packed_size,
                       reinterpret_cast<const Bytef*>(megabyte.data()), megabyte.size()),
              Z_OK);
    packed.resize(packed_size);
    const auto png_of = [&](int chunks) {
        std::string png = std::string("\x89PNG\r\n\x1A\n") +
                          chunk("IHDR", std::string("\0\0\0\1\0\0\0\1\x08\x02\0\0\0", 13));
        for (int i = 0; i < chunks; ++i)
            png += chunk("zTXt", "Comment" + std::string(1, '\0') + '\0' + packed);
        return png + chunk("IEND", "");
    };
    const std::string three = png_of(3), many = png_of(400);
    EXPECT_LT(many.size(), 2'000'000u);  // 400 MB of text in a file of some hundred kilobytes
    Result<std::vector<image::ImageText>> read = image::read_image_texts(three);
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(read->size(), 3u);
    Result<std::vector<image::ImageText>> refused = image::read_image_texts(many);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().message, "the image's texts come to more than 4 MiB");
}

TEST(ImageMetadata, BrokenImagesAreErrorsWithTheirPlace) {
    const formats::Format* png = formats::find_format("png");
    std::string good = png_with_text("HEN", ".9x9_5Gb.b");
    // Cut in the middle of the tEXt chunk (which starts at byte 33, after the IHDR).
    Result<formats::Document> cut = png->read(std::string_view(good).substr(0, 50), {});
    ASSERT_FALSE(cut);
    EXPECT_EQ(cut.error().code, ErrorCode::unexpected_end);
    EXPECT_EQ(cut.error().message, "PNG chunk 'tEXt' of 14 bytes runs past the end of the file");
    EXPECT_EQ(cut.error().offset, 33u);
    // A byte of the text changed: the CRC no longer matches.
    std::string bad = good;
    bad[45] = 'X';
    Result<formats::Document> crc = png->read(bad, {});
    ASSERT_FALSE(crc);
    EXPECT_NE(crc.error().message.find("PNG chunk 'tEXt': expected CRC"), std::string::npos);
    // No notation at all.
    Result<formats::Document> none = png->read(png_with_text("Software", "x"), {});
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().message,
              "the image carries no notation (no HEN, FEN, SFEN, FEEN, SGF, PGN or KIF text)");
    // A notation that does not read says where it came from.
    Result<formats::Document> broken = png->read(png_with_text("HEN", ".9x9_5Zb"), {});
    ASSERT_FALSE(broken);
    EXPECT_EQ(broken.error().message.rfind("in the image's HEN text '.9x9_5Zb': ", 0), 0u)
        << broken.error().message;
    // A GIF that ends inside a block.
    Result<std::vector<image::ImageText>> gif =
        image::read_image_texts(std::string("GIF89a\1\0\1\0\0\0\0\x21\xFE\x09HE", 18));
    ASSERT_FALSE(gif);
    EXPECT_EQ(gif.error().message, "expected the extension's sub-blocks, found the end of the GIF");
    EXPECT_FALSE(image::read_image_texts("not an image"));
}

TEST(ImageDraw, CropKeepsTheCornerInUseAndOptionsAreChecked) {
    Result<formats::Document> d = formats::find_format("hen")->read("_16Pbw_15Qb2_17Pw", {});
    ASSERT_TRUE(d);
    Result<BoardView> view = formats::board_view(*d);
    ASSERT_TRUE(view);
    image::DrawOptions o;
    Result<image::Scene> whole = image::draw(*view, o);
    o.crop = true;
    Result<image::Scene> cropped = image::draw(*view, o);
    ASSERT_TRUE(whole && cropped);
    EXPECT_EQ(whole->width, 24 * 2 + 18 * 40);
    // P..T (columns 14-18): the right edge kept, 2 lines and an overhang left of P.
    EXPECT_EQ(cropped->width, 20 + 6 * 40 + 24);
    EXPECT_EQ(cropped->height, 24 + 6 * 40 + 20);  // rows 19..13
    o.theme = "purple";
    Result<image::Scene> unknown = image::draw(*view, o);
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().message,
              "no theme is called 'purple' (themes: wood, brown, blue, green, paper)");
    image::RenderOptions r;
    r.size = 5;
    EXPECT_EQ(image::render(*view, r).error().code, ErrorCode::out_of_range);
}

TEST(ImageDraw, FlipTurnsTheBoardAndTheLastMove) {
    Result<formats::Document> d = formats::find_format("pgn")->read(kOpera, {});
    ASSERT_TRUE(d);
    formats::NodeChoice choice;
    choice.ply = 1;
    Result<formats::Document> after_e4 = formats::position_in(*d, choice);
    ASSERT_TRUE(after_e4);
    Result<BoardView> view = formats::board_view(*after_e4);
    ASSERT_TRUE(view);
    const BoardView turned = image::flipped(*view);
    EXPECT_EQ(turned.at(0, 0).piece, "R");  // h1 at the top left
    EXPECT_EQ(turned.file_names.front(), "h");
    EXPECT_EQ(turned.last_move->to, 63 - (4 * 8 + 4));
    EXPECT_EQ(image::flipped(turned), *view);
}

}  // namespace

namespace {

// The texts of a scene, for checking what a drawer put in.
std::vector<std::string> texts_of(const image::Scene& scene) {
    std::vector<std::string> out;
    for (const image::Shape& s : scene.shapes)
        if (const auto* t = std::get_if<image::Text>(&s)) out.push_back(t->text);
    return out;
}

TEST(ImageDraw, SgfCoordinatesTurnWithTheBoard) {
    Result<formats::Document> d = formats::find_format("hen")->read(".9x9", {});
    ASSERT_TRUE(d);
    Result<BoardView> view = formats::board_view(*d);
    ASSERT_TRUE(view);
    image::DrawOptions o;
    o.coordinates = image::DrawOptions::Coordinates::sgf;
    // The first label drawn is the file at the left: aa is the top left point, unless turned.
    EXPECT_EQ(texts_of(*image::draw(*view, o)).front(), "a");
    o.flip = true;
    EXPECT_EQ(texts_of(*image::draw(*view, o)).front(), "i");
    o.coordinates = image::DrawOptions::Coordinates::game;
    EXPECT_EQ(texts_of(*image::draw(*view, o)).front(), "J");  // as the game's own names do
}

TEST(ImageDraw, PgnCommentSquaresAndArrowsAreDrawn) {
    const std::string_view pgn = "[Result \"*\"]\n\n1. e4 {[%csl Gd4,Re5][%cal Ge2e4,Bg1f3]} e5 *\n";
    Result<formats::Document> d = formats::find_format("pgn")->read(pgn, {});
    ASSERT_TRUE(d);
    formats::NodeChoice choice;
    choice.ply = 1;
    Result<formats::Document> after = formats::position_in(*d, choice);
    ASSERT_TRUE(after);
    Result<BoardView> view = formats::board_view(*after);
    ASSERT_TRUE(view);
    const auto has = [&](NodeMark::Kind kind, int cell, int to, std::string_view colour) {
        return std::find(view->marks.begin(), view->marks.end(),
                         NodeMark{kind, cell, to, std::string(colour)}) != view->marks.end();
    };
    EXPECT_TRUE(has(NodeMark::Kind::highlight, 4 * 8 + 3, -1, "G"));     // d4
    EXPECT_TRUE(has(NodeMark::Kind::highlight, 3 * 8 + 4, -1, "R"));     // e5
    EXPECT_TRUE(has(NodeMark::Kind::arrow, 6 * 8 + 4, 4 * 8 + 4, "G"));  // e2-e4
    EXPECT_TRUE(has(NodeMark::Kind::arrow, 7 * 8 + 6, 5 * 8 + 5, "B"));  // g1-f3
    Result<image::Scene> scene = image::draw(*view, {});
    ASSERT_TRUE(scene);
    // Two arrows (polygons) in their colours, over the pieces.
    int arrows = 0;
    for (const image::Shape& s : scene->shapes)
        if (const auto* p = std::get_if<image::Polygon>(&s); p && p->points.size() == 7) ++arrows;
    EXPECT_EQ(arrows, 2);
}

TEST(ImageDraw, AGoPassIsSaidInWordsAndStarPointsFollowTheSize) {
    Result<formats::Document> d = formats::find_format("hen")->read(".9x9_5Eb.pw", {});
    ASSERT_TRUE(d);
    Result<image::Scene> scene = image::draw(*formats::board_view(*d), {});
    ASSERT_TRUE(scene);
    const std::vector<std::string> texts = texts_of(*scene);
    EXPECT_NE(std::find(texts.begin(), texts.end(), "white passes"), texts.end());
    // In an animation's frame, said over the board: the frame keeps the board's square shape.
    image::DrawOptions frame;
    frame.pass_over_board = true;
    Result<image::Scene> over = image::draw(*formats::board_view(*d), frame);
    ASSERT_TRUE(over);
    EXPECT_EQ(over->width, over->height);
    const std::vector<std::string> over_texts = texts_of(*over);
    EXPECT_NE(std::find(over_texts.begin(), over_texts.end(), "white passes"), over_texts.end());
    const auto stars = [](std::string_view hen) {
        Result<formats::Document> doc = formats::find_format("hen")->read(hen, {});
        const image::Scene s = *image::draw(*formats::board_view(*doc), {});
        int n = 0;
        for (std::size_t i = 0; i < s.board_end; ++i)
            if (std::holds_alternative<image::Circle>(s.shapes[i])) ++n;
        return n;
    };
    EXPECT_EQ(stars(".19x19"), 9);
    EXPECT_EQ(stars(".13x13"), 9);
    EXPECT_EQ(stars(".9x9"), 5);
    EXPECT_EQ(stars(".7x7"), 5);
    EXPECT_EQ(stars(".5x5"), 1);
    EXPECT_EQ(stars(".4x4"), 0);
    // A rectangle: the corners' points (3 in along 19, 2 in along 9) and the centre; no
    // side points, as the short side has fewer than 13 lines.
    EXPECT_EQ(stars(".19x9"), 5);
}

// An animation is painted frame by frame only where a frame differs from the one before:
// each frame comes out as a whole paint of its scene, pixel for pixel, for every game's
// records (moves, captures, drops, the last move's marks), and a move repaints less than the
// board.
TEST(ImageAnimation, EachFrameIsTheWholePaintOfItsScene) {
    REQUIRE_FONTS();
    for (const char* name : {"opera-game.pgn", "ko.sgf", "short-game.kifu", "xiangqi-game.pgn"}) {
        const std::string text = slurp(std::filesystem::path(KIFU_SOURCE_DIR) / "examples" / name);
        Result<const formats::Format*> format = formats::detect_format(text, name);
        ASSERT_TRUE(format) << name;
        Result<formats::Document> d = (*format)->read(text, {});
        ASSERT_TRUE(d) << name;
        Result<std::vector<BoardView>> views = formats::main_line_views(*d);
        ASSERT_TRUE(views) << name;
        ASSERT_GT(views->size(), 3u) << name;
        image::DrawOptions o;
        o.pass_over_board = true;
        std::vector<image::Scene> scenes;
        for (const BoardView& v : *views) scenes.push_back(*image::draw(v, o));
        const int w = 240, h = static_cast<int>(std::lround(240 * scenes[0].height / scenes[0].width));
        image::FramePainter painter(w, h);
        for (std::size_t i = 0; i < scenes.size(); ++i) {
            const std::span<const image::PixelRect> changed = painter.paint(scenes[i]);
            long area = 0;
            for (const image::PixelRect& r : changed) area += static_cast<long>(r.w) * r.h;
            if (i == 0) {
                EXPECT_EQ(area, static_cast<long>(w) * h) << name;
            } else {
                EXPECT_LT(area, static_cast<long>(w) * h / 2) << name << " frame " << i;
            }
            const image::Pixels whole = image::paint(scenes[i], w, h);
            ASSERT_EQ(painter.pixels().xrgb.size(), whole.xrgb.size());
            std::size_t differ = 0;
            for (std::size_t k = 0; k < whole.xrgb.size(); ++k)  // RGB24: the top byte is unused
                differ += (painter.pixels().xrgb[k] & 0xFFFFFF) != (whole.xrgb[k] & 0xFFFFFF);
            EXPECT_EQ(differ, 0u) << name << " frame " << i;
        }
    }
}

// Every frame of a GIF decoded with giflib (its LZW data, the rectangle each later frame
// stores) is the frame painted, within the palette's rounding.
TEST(ImageGif, EachFrameDecodesToItsPaintedPixels) {
    REQUIRE_FONTS();
    Result<formats::Document> d = formats::find_format("pgn")->read(kOpera, {});
    ASSERT_TRUE(d);
    const std::vector<BoardView> views = *formats::main_line_views(*d);
    image::RenderOptions o;
    o.format = ImageFormat::gif;
    o.size = 200;
    const std::string gif = *image::render_animation(views, o);
    Buffer buffer{gif};
    int error = 0;
    GifFileType* g = DGifOpen(&buffer, gif_read, &error);
    ASSERT_NE(g, nullptr);
    ASSERT_EQ(DGifSlurp(g), GIF_OK);
    ASSERT_EQ(g->ImageCount, static_cast<int>(views.size()));
    std::vector<GifByteType> canvas(static_cast<std::size_t>(g->SWidth) *
                                    static_cast<std::size_t>(g->SHeight));
    image::DrawOptions drawn = o;
    drawn.pass_over_board = true;
    for (int f = 0; f < g->ImageCount; ++f) {
        const SavedImage& im = g->SavedImages[f];
        for (int y = 0; y < im.ImageDesc.Height; ++y)
            for (int x = 0; x < im.ImageDesc.Width; ++x)
                canvas[static_cast<std::size_t>(im.ImageDesc.Top + y) * static_cast<std::size_t>(g->SWidth) +
                       static_cast<std::size_t>(im.ImageDesc.Left + x)] =
                    im.RasterBits[y * im.ImageDesc.Width + x];
        const image::Pixels painted =
            image::paint(*image::draw(views[static_cast<std::size_t>(f)], drawn), g->SWidth, g->SHeight);
        double total = 0;
        for (std::size_t k = 0; k < canvas.size(); ++k) {
            const GifColorType c = g->SColorMap->Colors[canvas[k]];
            const std::uint32_t p = painted.xrgb[k];
            total += std::abs(static_cast<int>(c.Red) - static_cast<int>((p >> 16) & 255)) +
                     std::abs(static_cast<int>(c.Green) - static_cast<int>((p >> 8) & 255)) +
                     std::abs(static_cast<int>(c.Blue) - static_cast<int>(p & 255));
        }
        // Measured: 0.2-0.3 on a 0-765 scale (the palette's 256 colours for antialiased edges);
        // a frame put at the wrong place or undecodable data is far above.
        EXPECT_LT(total / static_cast<double>(canvas.size()), 2.0) << "frame " << f;
    }
    DGifCloseFile(g, &error);
}

// The LZW data of images made to strain it, read back by giflib exactly: noise (a code a
// pixel or two: the table fills and is cleared many times, every code width used), one
// colour (long strings), one pixel, a row and a column.
TEST(ImageGif, TheCompressedDataReadsBackExactly) {
    const auto round_trip = [](int w, int h, auto colour_at) {
        image::Pixels p;
        p.width = w, p.height = h;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) p.xrgb.push_back(colour_at(x, y));
        const std::string gif = image::write_gif({&p, 1}, 0, {});
        Buffer buffer{gif};
        int error = 0;
        GifFileType* g = DGifOpen(&buffer, gif_read, &error);
        ASSERT_NE(g, nullptr);
        ASSERT_EQ(DGifSlurp(g), GIF_OK) << w << "x" << h;
        const SavedImage& im = g->SavedImages[0];
        ASSERT_EQ(im.ImageDesc.Width * im.ImageDesc.Height, w * h);
        std::size_t wrong = 0;
        for (int k = 0; k < w * h; ++k) {
            const GifColorType c = g->SColorMap->Colors[im.RasterBits[k]];
            wrong += (static_cast<std::uint32_t>(c.Red) << 16 | static_cast<std::uint32_t>(c.Green) << 8 |
                      c.Blue) != (p.xrgb[static_cast<std::size_t>(k)] & 0xFFFFFF);
        }
        EXPECT_EQ(wrong, 0u) << w << "x" << h;
        DGifCloseFile(g, &error);
    };
    std::uint32_t seed = 12345;
    const auto noise = [&](int, int) {  // 200 colours, as an LCG picks them
        seed = seed * 1103515245u + 12345u;
        const std::uint32_t i = (seed >> 16) % 200;
        return i * 0x010305u & 0xFFFFFF;
    };
    round_trip(500, 300, noise);
    round_trip(640, 480, [](int, int) { return 0x336699u; });
    round_trip(1, 1, [](int, int) { return 0xABCDEFu; });
    round_trip(700, 1, noise);
    round_trip(1, 700, noise);
    round_trip(257, 255,
               [](int x, int y) { return static_cast<std::uint32_t>((x * 7 + y * 13) % 256) * 0x010101u; });
}

}  // namespace
