#pragma once
// XQF: XQStudio's binary xiangqi records (象棋演播室, 2001-2005), the format most xiangqi
// collections on the web are kept in. One game a file, read into a game tree and written.
//
//   0x000  "XQ", the version (10 = XQF 1.0; 11, 12 and 18 later ones), 13 bytes of keys
//   0x010  32 piece squares, X * 10 + Y (X the file 0-8 from Red's left, Y the row 0-9 from
//          Red's side; >= 90 not on the board) for Red's R N B A K A B N R C C P P P P P,
//          then Black's
//   0x030  the first move's number (2 bytes, later versions), who moves (0x032), the
//          result (0x033: 1 Red wins, 2 Black wins, 3 a draw), the type (0x040: 0 a
//          whole game, 1 an opening, 2 a middle game, 3 an endgame)
//   0x050  strings, a length byte and GBK text: title (0x050), event (0x0D0), date (0x110),
//          place (0x120), Red (0x130), Black (0x140), time rule (0x150), Red's and Black's
//          time (0x190, 0x1A0), commentator (0x1D0), author (0x1E0)
//   0x400  the move tree in preorder, a record a node, the root first: from + 24, to + 32,
//          a flag byte, a reserved byte, and a comment.
//          Version 10: a 32-bit little-endian comment length always follows, then the
//            text; flag 0xF0 "a child follows", 0x0F "a sibling follows this subtree".
//          Versions 11 and later: flag 0x80 a child, 0x40 a sibling, 0x20 a comment (its
//            length and text follow; the length is stored plus a key).
//
// Versions 11 and later are encrypted as ElephantEye's XQFTOOLS (xqf2pgn.cpp) documents:
// the piece squares (and from version 12 their order, rotated), the moves' squares and the
// comments' lengths are offset by keys computed from header bytes 12-15, and every byte
// from 0x400 on has a 32-byte key stream (header bytes 3 and 8-15 masked by a copyright
// string) subtracted. Decisions (docs/xqf.md): the start is the 32 squares whatever the
// type byte says; the side to move is the colour of the piece the first move moves (the
// byte at 0x032 when there is no move); every move is checked, and a subtree whose move
// is illegal is left out with a warning; bytes after the tree's last record are ignored
// (XQStudio leaves some) with a warning.
//
// Writing: XQF 1.0 as its format description prescribes, byte for byte as XQStudio wrote it;
// a game 1.0 cannot hold (variations, or Black to move at a start without moves) as version
// 18 with all keys zero (what vschess writes, unencrypted), which XQStudio, vschess and
// cchess read whole. Strings and comments are written in GB18030 (GBK for every character
// GBK has), a string cut at its field's room (said in the notes).

#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/xiangqi/game.hpp"

namespace kifu::xiangqi {

// Whether the bytes are an XQF file: "XQ", a version, and a whole header.
bool looks_like_xqf(std::string_view bytes) noexcept;

// The game of an XQF file. `charset` decodes its strings and comments (an iconv name; ""
// = GB18030, which holds GBK and GB2312). Errors and warnings are placed at a byte offset
// (line and column 0), and their messages say it.
Result<Game> read_xqf(std::string_view bytes, std::string_view charset = {},
                      std::vector<Error>* warnings = nullptr);

// The bytes of an XQF file of `game`. `notes` gets what it cannot hold (NAGs, strings past
// their field). Errors: a start with more pieces of a kind than the set has (the header has
// 32 places).
Result<std::string> write_xqf(const Game& game, std::vector<std::string>* notes = nullptr);

}  // namespace kifu::xiangqi
