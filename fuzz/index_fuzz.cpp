// The position index's readers of untrusted bytes: a row of postings as stored in an
// index file (a damaged or hostile index must end the row, never read past it), and the
// query texts (material, sub-FEN, a pattern's region), a Go game's prefilter. The first byte
// picks the reader.
// Properties: decoded rows re-encode to rows that decode the same; accepted queries
// describe what they say (counts within a side's army, regions inside the board).

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "../src/index/go_prefilter.hpp"
#include "../src/index/postings.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/index/chess_scan.hpp"
#include "kifu/index/pattern.hpp"

using namespace kifu;
using namespace kifu::index::detail;

namespace {

void check(bool condition) {
    if (!condition) std::abort();
}

void rows(std::string_view bytes, RowFormat format) {
    RowCursor cursor(bytes, format);
    std::string again;
    struct Group {
        std::uint64_t key;
        bool whole;
        std::vector<Entry> entries;
    };
    std::vector<Group> groups;
    for (int n = 0; cursor.next() && n < 100000; ++n) {
        std::vector<Entry> entries;
        if (!cursor.entries(entries)) break;
        check(entries.size() == cursor.entry_count());
        check(cursor.whole_key() || entries.size() == 1);
        if (!groups.empty() && cursor.key() < groups.back().key) break;  // keys out of order: not ours
        bool sorted = true;
        for (std::size_t i = 1; i < entries.size(); ++i)
            sorted = sorted && entries[i - 1].game <= entries[i].game;
        if (!sorted) break;
        groups.push_back({cursor.key(), cursor.whole_key(), std::move(entries)});
    }
    std::uint64_t previous = 0;
    for (const Group& g : groups) {
        append_group(again, previous, g.key, std::span<const Entry>(g.entries), format);
        previous = g.key;
    }
    RowCursor back(again, format);
    for (const Group& g : groups) {
        check(back.next());
        check(back.key() == g.key && back.whole_key() == g.whole);
        std::vector<Entry> e;
        check(back.entries(e));
        check(e.size() == g.entries.size());
        for (std::size_t i = 0; i < e.size(); ++i)
            check(e[i].game == g.entries[i].game && e[i].ply == g.entries[i].ply &&
                  e[i].code == g.entries[i].code);
    }
    check(!back.next());
}

void queries(std::string_view text) {
    const std::size_t bar = text.find('|');
    const std::string_view material = text.substr(0, bar);
    const std::string_view sub_fen =
        bar == std::string_view::npos ? std::string_view{} : text.substr(bar + 1);
    if (Result<index::ChessScan> scan = index::chess_scan(material, sub_fen)) {
        if (scan->material)
            for (const auto& side : *scan->material)
                for (const std::uint8_t n : side) check(n <= 10);
        (void)index::matches(*scan, chess::Position::start());
    } else {
        check(scan.error().message.size() > 0);
    }
}

void region(std::string_view text) {
    static const go::Position board = *go::parse_hen(".9x9_5Gb~3_3E~1b~2~4_2Fw.H3w.b.E2-a");
    if (Result<index::GoPattern> p = index::go_pattern(board, text)) {
        check(p->width >= 1 && p->height >= 1 && p->col + p->width <= 9 && p->row + p->height <= 9);
        check(p->cells.size() == static_cast<std::size_t>(p->width * p->height));
    }
}

// A stored Go prefilter: read or refused, and asked about any point and region key without
// reading past its bytes.
void prefilter(std::string_view bytes) {
    const std::optional<GoPrefilter> f = read_go_prefilter(bytes);
    if (!f) return;
    for (int i = 0; i < f->size.points(); ++i)
        (void)f->ever(i, (i & 1) ? go::Stone::white : go::Stone::black);
    for (const std::uint32_t key : {0u, 1u, 0x7FFFu, 0xFFFFFFu}) (void)f->had_region(key);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
    switch (data[0] % 4) {
        case 0:
            // The high bits: a Go row (places keep a symmetry); a row of whole keys.
            rows(rest, RowFormat{(data[0] & 0x80) != 0, (data[0] & 0x40) != 0});
            break;
        case 1:
            queries(rest);
            break;
        case 2:
            region(rest);
            break;
        default:
            prefilter(rest);
            break;
    }
    return 0;
}
