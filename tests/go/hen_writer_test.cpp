#include <random>

#include <gtest/gtest.h>

#include "hen_fixtures.hpp"
#include "kifu/go/hen.hpp"

namespace kifu::go {
namespace {

namespace fx = fixtures;

std::string canonical(std::string_view text, HenWriteOptions options = {}) {
    Result<Position> p = parse_hen(text);
    EXPECT_TRUE(p) << text << (p ? "" : "\n" + p.error().format("<hen>"));
    if (!p) return {};
    Result<std::string> hen = write_hen(*p, options);
    EXPECT_TRUE(hen) << text;
    return hen ? *hen : std::string{};
}

TEST(HenWriter, SpecStringsAreTheirOwnCanonicalForm) {
    ASSERT_EQ(fx::kEarReddening.size(), 241u);
    EXPECT_EQ(canonical(fx::kEarReddening), fx::kEarReddening);
    EXPECT_EQ(canonical(fx::kNumbered9x9), fx::kNumbered9x9);
}

TEST(HenWriter, SizeOnlyWhenNot19x19UnlessAsked) {
    EXPECT_EQ(canonical(fx::kExample1, {.always_size = true}), fx::kExample1);
    EXPECT_EQ(canonical(fx::kExample1), fx::kExample1.substr(6));
    EXPECT_EQ(canonical(""), "");
    EXPECT_EQ(canonical("", {.always_size = true}), ".19x19");
    EXPECT_EQ(canonical(".13x9"), ".13x9");
}

TEST(HenWriter, PrettyFormIsTheSpecs) {
    EXPECT_EQ(canonical(fx::kExample1, {.always_size = true, .pretty = true}), fx::kExample1Pretty);
    EXPECT_EQ(canonical(".9x9_5Gb.b", {.pretty = true}), ".9x9\n_5 Gb\n.b");
    // Rows of a board at least 10 high are zero-padded to two digits.
    EXPECT_EQ(canonical(".5x10_1b", {.pretty = true}), ".5x10\n_01 b");
}

TEST(HenWriter, CanonicalRows) {
    EXPECT_EQ(canonical("_19Ab"), "_19b");            // no letter for column A at the start
    EXPECT_EQ(canonical("_19bbwwwb"), "_19b2w3b");    // runs of two or more
    EXPECT_EQ(canonical("_019 Cb Db Eb"), "_19Cb3");  // letters only where needed, no leading zeros
    EXPECT_EQ(canonical("_5 .b"), ".b");              // a row with no stones is dropped
}

TEST(HenWriter, CanonicalPartOrder) {
    EXPECT_EQ(canonical(".K10-CR.K11-a.b.K7w.L7~wb_7Kw_10Kb"), "_10Kb_7Kw~wb.L7.K7w.b.K11-a.K10-CR");
}

TEST(HenWriter, RunsStopAtNumberedStones) {
    EXPECT_EQ(canonical(".9x9_1b~1b2"), ".9x9_1b~1b2");
    EXPECT_EQ(canonical(".9x9_1bb~3b"), ".9x9_1b2~3b");
    EXPECT_EQ(canonical(".9x9_1~2Cw"), ".9x9_1~2Cw");
    EXPECT_EQ(canonical(".9x9_1~2Bw"), ".9x9_1~2w");
}

TEST(HenWriter, WideAndRectangularBoards) {
    for (int width = 20; width <= 25; ++width) {
        Position p;
        p.size = BoardSize{static_cast<std::uint8_t>(width), 7};
        p.set(Point{static_cast<std::uint8_t>(width - 1), 0}, Stone::black);
        p.set(Point{19, 6}, Stone::white);
        p.set(Point{static_cast<std::uint8_t>(width - 2), 3}, Stone::red);
        const Result<std::string> hen = write_hen(p);
        ASSERT_TRUE(hen);
        const Result<Position> back = parse_hen(*hen);
        ASSERT_TRUE(back) << *hen;
        EXPECT_EQ(*back, p) << *hen;
    }
    EXPECT_EQ(canonical(".25x3_3Ub2wZb"), ".25x3_3Ub2wZb");
}

TEST(HenWriter, RefusesWhatHenCannotSay) {
    Position wide;
    wide.size = BoardSize{26, 26};
    EXPECT_EQ(write_hen(wide).error().code, ErrorCode::unsupported);

    Position labelled;
    for (const char* text : {"", "a b", "a.b", "a_b", "a-b", "a~b", "SQ", "\xff"}) {
        labelled.labels = {Label{Point{0, 0}, text}};
        EXPECT_FALSE(write_hen(labelled)) << text;
    }

    Position numbered;
    numbered.set(Point{0, 0}, Stone::white);
    numbered.numbered = {NumberedStone{Point{0, 0}, 1}};  // move 1 is black's
    EXPECT_FALSE(write_hen(numbered));
}

TEST(HenWriter, UrlForm) {
    Result<Position> p = parse_hen(".9x9_5Gb.E5-é");
    ASSERT_TRUE(p);
    EXPECT_EQ(*write_hen_url(*p), ".9x9_5Gb.E5-%C3%A9");
    EXPECT_EQ(*write_hen_url(*parse_hen(fx::kEarReddening)), fx::kEarReddening);  // nothing to escape
}

TEST(HenWriter, AppendReusesTheBuffer) {
    const Result<Position> p = parse_hen(fx::kEarReddening);
    std::string out = "prefix:";
    ASSERT_TRUE(append_hen(*p, out));
    EXPECT_EQ(out, "prefix:" + std::string(fx::kEarReddening));
}

// Random positions of every kind survive write then read.
TEST(HenWriter, RandomPositionsRoundTrip) {
    std::mt19937 rng(20261129);
    const auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    for (int round = 0; round < 500; ++round) {
        Position p;
        p.size = BoardSize{static_cast<std::uint8_t>(1 + pick(25)), static_cast<std::uint8_t>(1 + pick(52))};
        const int colours = 2 + pick(3);
        if (colours > 2) {
            const Stone order[] = {Stone::green, Stone::black, Stone::yellow, Stone::white};
            p.order = PlayerOrder(std::span(order).first(static_cast<std::size_t>(colours)));
        }
        std::uint32_t next_number = 1;
        for (int i = 0; i < p.size.points(); ++i) {
            const Point at = Point::from_index(p.size, i);
            const int roll = pick(10);
            if (roll < 3) p.set(at, static_cast<Stone>(1 + pick(kStoneColours)));
            if (roll == 3) {
                p.numbered.push_back({at, next_number});
                p.set(at, p.order.colour_of_move(next_number));
                next_number += 1 + static_cast<std::uint32_t>(pick(3));
            }
            if (roll == 4 && pick(4) == 0) p.labels.push_back({at, pick(2) ? "A" : "12"});
            if (roll == 5 && pick(4) == 0) p.marks.push_back({at, static_cast<Mark>(pick(4))});
        }
        const Point somewhere = Point::from_index(p.size, pick(p.size.points()));
        if (p.at(somewhere) == Stone::none && pick(2)) p.ko = somewhere;
        if (p.at(somewhere) != Stone::none) p.last_move = LastMove{p.at(somewhere), Move::at(somewhere)};
        if (pick(3) == 0) p.last_move = LastMove{Stone::white, Move::pass()};
        if (pick(2)) p.turn = static_cast<Stone>(1 + pick(kStoneColours));

        for (const HenWriteOptions options : {HenWriteOptions{}, HenWriteOptions{true, true}}) {
            const Result<std::string> hen = write_hen(p, options);
            ASSERT_TRUE(hen) << hen.error().message;
            const Result<Position> back = parse_hen(*hen);
            ASSERT_TRUE(back) << *hen << "\n" << back.error().format("<hen>");
            EXPECT_EQ(*back, p) << *hen;
            EXPECT_EQ(*write_hen(*back, options), *hen);
        }
    }
}

}  // namespace
}  // namespace kifu::go
