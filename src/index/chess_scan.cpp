#include "kifu/index/chess_scan.hpp"

#include <bit>

#include "database_impl.hpp"
#include "game_rows.hpp"
#include "kifu/chess/fen.hpp"
#include "scan.hpp"

namespace kifu::index {

Result<ChessScan> chess_scan(std::string_view material, std::string_view sub_fen) {
    ChessScan scan;
    if (!material.empty()) {
        std::array<std::array<std::uint8_t, 6>, 2> counts{};
        std::size_t side = 0;
        bool has_v = false;
        for (std::size_t i = 0; i < material.size(); ++i) {
            const char c = material[i];
            if (c == 'v' || c == 'V') {
                if (has_v) return expected_at(material, i, "one 'v' between White's pieces and Black's");
                has_v = true;
                side = 1;
                continue;
            }
            const chess::PieceType t =
                chess::piece_type_from_letter(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
            if (t == chess::PieceType::none)
                return expected_at(material, i, "a piece letter K Q R B N P, or 'v' between the sides");
            if (++counts[side][static_cast<std::size_t>(chess::index(t))] > 10)
                return error_at(material, i, ErrorCode::out_of_range, "more of a piece than a side can have");
        }
        if (!has_v) return expected_at(material, material.size(), "'v' and Black's pieces, as in KQRvKR");
        scan.material = counts;
    }
    if (!sub_fen.empty()) {
        std::array<chess::Piece, 64> board{};
        int rank = 7, file = 0;
        const std::size_t end = std::min(sub_fen.find(' '), sub_fen.size());
        for (std::size_t i = 0; i < end; ++i) {
            const char c = sub_fen[i];
            if (c == '/') {
                if (file != 8) return expected_at(sub_fen, i, "8 squares in the rank before '/'");
                if (--rank < 0) return expected_at(sub_fen, i, "8 ranks, no more");
                file = 0;
            } else if (c >= '1' && c <= '8') {
                file += c - '0';
                if (file > 8) return expected_at(sub_fen, i, "at most 8 squares in a rank");
            } else {
                const chess::PieceType t = chess::piece_type_from_letter(
                    static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
                if (t == chess::PieceType::none || file >= 8)
                    return expected_at(sub_fen, i, "a piece letter (KQRBNP, kqrbnp), a digit 1-8 or '/'");
                board[static_cast<std::size_t>(chess::make_square(file, rank))] =
                    chess::Piece{t, std::isupper(static_cast<unsigned char>(c)) ? chess::Color::white
                                                                                : chess::Color::black};
                ++file;
            }
        }
        if (rank != 0 || file != 8) return expected_at(sub_fen, end, "8 ranks of 8 squares, as a FEN board");
        scan.sub_fen = board;
    }
    if (!scan.material && !scan.sub_fen)
        return Error{ErrorCode::unexpected_end, "give a material or a sub-FEN to look for"};
    return scan;
}

bool matches(const ChessScan& scan, const chess::Position& position) noexcept {
    if (scan.material)
        for (std::size_t side = 0; side < 2; ++side)
            for (std::size_t t = 0; t < 6; ++t)
                if (std::popcount(position.pieces(side ? chess::Color::black : chess::Color::white,
                                                  static_cast<chess::PieceType>(t))) !=
                    (*scan.material)[side][t])
                    return false;
    if (scan.sub_fen)
        for (std::size_t s = 0; s < 64; ++s) {
            const chess::Piece want = (*scan.sub_fen)[s];
            if (want.type != chess::PieceType::none &&
                !(position.piece_on(static_cast<chess::Square>(s)) == want))
                return false;
        }
    return true;
}

Result<SearchResult> search_chess_scan(Database& db, const ChessScan& scan, const Filter& filter,
                                       std::size_t offset, std::size_t limit, unsigned threads) {
    const detail::GameTest test = [&](const detail::StoredGame& g) -> std::optional<detail::ScanHit> {
        chess::Position position = chess::Position::start();
        if (!g.start.empty()) {
            Result<chess::Position> p = chess::parse_fen(g.start);
            if (!p) return std::nullopt;
            position = *p;
        }
        const std::size_t n = g.moves.size() / 2;
        for (std::size_t i = 0;; ++i) {
            if (matches(scan, position))
                return detail::ScanHit{0, static_cast<std::uint32_t>(i), 0, 0, g.outcome};
            if (i == n) return std::nullopt;
            const auto word = static_cast<std::uint16_t>(static_cast<unsigned char>(g.moves[2 * i]) |
                                                         static_cast<unsigned char>(g.moves[2 * i + 1]) << 8);
            position.play(chess::Move::from_raw(word));
        }
    };
    Result<std::vector<detail::ScanHit>> hits =
        detail::scan_games(DatabaseAccess::impl(db).db, formats::Game::chess, threads, test);
    if (!hits) return hits.error();
    detail::GameRows rows(DatabaseAccess::impl(db).db);
    SearchResult out;
    for (const detail::ScanHit& h : *hits)
        rows.list(h.game, h.ply, 0, filter, offset, limit, out.count, out.games);
    return out;
}

}  // namespace kifu::index
