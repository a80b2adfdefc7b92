"""Positions of every game: reading, moves, status, keys, equality, images, pickling."""

import pickle

import pytest

import kifu


def test_chess_moves_and_status():
    board = kifu.ChessPosition()
    assert board.game == "chess" and board.turn == "white"
    assert len(board.legal_moves) == 20 and "Nf3" in board.legal_moves
    after = board.play("e4")
    assert after.fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert board.play("e2e4") == after and hash(board.play("e2e4")) == hash(after)
    assert board.fen.startswith("rnbqkbnr/pppppppp/8/8/8/8/")  # unchanged
    mate = kifu.ChessPosition()
    for m in ["f3", "e5", "g4", "Qh4#"]:
        mate = mate.play(m)
    assert mate.status == "checkmate" and mate.is_check and mate.legal_moves == []
    assert kifu.ChessPosition("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").status == "stalemate"
    assert after.key == 0x823C9B50FD114196  # the Polyglot key of the specification's example


def test_move_errors_are_typed():
    board = kifu.ChessPosition()
    with pytest.raises(kifu.IllegalMoveError) as illegal:
        board.play("e5")
    assert illegal.value.code == "illegal_move" and illegal.value.line == 1
    with pytest.raises(kifu.AmbiguousMoveError):
        kifu.ChessPosition("k7/8/8/8/8/8/4K3/R6R w - - 0 1").play("Rd1")
    with pytest.raises(kifu.KifuError) as invalid:
        board.play("hello")
    assert invalid.value.code == "unexpected_character" and not isinstance(invalid.value, kifu.IllegalMoveError)
    assert isinstance(invalid.value, ValueError)


def test_go_rules():
    empty = kifu.GoPosition()
    assert len(empty.legal_moves) == 19 * 19 + 1 and empty.turn == "black"
    p = empty.play("D4").play("Q16").play("dd")  # SGF points read too
    assert p.turn == "white" and p.piece_at("D4") == "b" and p.piece_at("D16") == "b" and p.piece_at("Q16") == "w"
    with pytest.raises(kifu.IllegalMoveError):
        p.play("D4")  # taken
    # A ko on 5x5: black takes the white stone at C3 with D3; white may not retake at once.
    board = kifu.GoPosition(".5x5")
    for move in ["B3", "D4", "C4", "D2", "C2", "E3", "pass", "C3", "D3"]:
        board = board.play(move)
    assert board.piece_at("C3") is None and board.turn == "white"
    assert "C3" not in board.legal_moves
    with pytest.raises(kifu.IllegalMoveError, match="ko"):
        board.play("C3")
    assert "C3" in board.play("A1").play("A2").legal_moves  # after a move elsewhere, it may
    # Suicide is illegal: black into the white eye at A5 of a white wall.
    eye = kifu.GoPosition(".5x5").play("pass").play("B5").play("pass").play("A4")
    with pytest.raises(kifu.IllegalMoveError, match="suicide"):
        eye.play("A5")
    assert kifu.read(p.hen) == p and p.key == kifu.read(p.hen).key


def test_shogi_and_xiangqi():
    s = kifu.ShogiPosition()
    assert len(s.legal_moves) == 30 and s.turn == "black"
    assert s.play("7g7f") == s.play("+7776FU") == s.play("P-7f")
    assert s.play("7g7f").play("3c3d").play("8h2b+").hands["black"] == {"B": 1}
    x = kifu.XiangqiPosition()
    assert len(x.legal_moves) == 44 and x.turn == "red"
    assert x.play("h2e2") == x.play("C2.5") == x.play("炮二平五")


def test_feen_reads_as_its_game():
    chess = kifu.ChessPosition().play("e4")
    assert kifu.read(chess.feen) == chess  # a FEEN of chess (style C) is a chess position
    board = kifu.read("3/1+Q'1/3 / Q/q")  # a board of no known game
    assert isinstance(board, kifu.FeenPosition) and board.game == "any"
    with pytest.raises(kifu.KifuError) as no_moves:
        board.legal_moves
    assert no_moves.value.code == "unsupported"


def test_repr_str_images_pickle():
    board = kifu.ChessPosition().play("e4")
    assert repr(board) == "ChessPosition('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1')"
    assert "a b c d e f g h" in str(board)
    svg = board._repr_svg_()
    assert svg.startswith("<svg") and "</svg>" in svg
    png = board.png(size=64)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert kifu.read(png) == board  # the image carries its notation
    for p in [board, kifu.GoPosition().play("C3"), kifu.ShogiPosition(), kifu.XiangqiPosition()]:
        back = pickle.loads(pickle.dumps(p))
        assert type(back) is type(p) and back == p
    assert board.piece_at("e4") == "P" and board.board()[7][4] == "K"
    with pytest.raises(KeyError):
        board.piece_at("z9")


def test_problems_reads_go_collections_in_their_convention_and_finds_duplicates():
    sgf = ("(;SZ[9]AB[aa][ba]AW[ab][bb](;B[ca]C[RIGHT])(;B[da];W[ca]))"
           "(;SZ[9]AW[ii][hi]AB[ih][hh];W[gi]C[RIGHT])")
    first, second = kifu.problems(sgf)
    assert first["convention"] == "goproblems" and first["detected"]
    assert first["player"] == "B" and first["right"] == ["C9"] and first["wrong"] == ["D9"]
    assert [n["right"] for n in first["tree"]] == [True, False]
    assert first["tree"][1]["children"][0]["move"] == "C9"
    assert first["findings"] == []
    assert kifu.GoPosition(first["start"]).turn == "black"
    assert second["player"] == "W"
    assert [f["issue"] for f in second["findings"]] == ["duplicate"]
    # The main line read as right instead: both first moves' lines are judged that way.
    main = kifu.problems(kifu.read(sgf), convention="main-line")[0]
    assert main["convention"] == "main-line" and not main["detected"] and main["right"] == ["C9"]
    with pytest.raises(ValueError):
        kifu.problems(sgf, convention="nonsense")
    with pytest.raises(kifu.KifuError):
        kifu.problems("startpos")


def test_solve_mate_problems_of_every_game_with_checkmate():
    tsume = kifu.ShogiPosition("9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1")
    s = kifu.solve(tsume)
    assert s["verdict"] == "mate" and s["plies"] == 3 and len(s["line"]) == 3
    at = tsume
    for move in s["line"]:
        at = at.play(move)
    assert at.status == "checkmate"
    assert kifu.solve("9/4k4/9/4P4/9/9/9/9/9 b G2r2b4s4n4l17p 1")["verdict"] == "no_mate"
    bk1 = kifu.ChessPosition("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1")
    s = kifu.solve(bk1, mate=3)
    assert s["verdict"] == "mate" and s["plies"] == 5 and s["keys"] == ["Qd1+"]
    assert kifu.solve(bk1, mate=2)["verdict"] == "no_mate"
    with pytest.raises(kifu.KifuError) as go:
        kifu.solve(kifu.GoPosition())
    assert go.value.code == "unsupported"
    with pytest.raises(TypeError):
        kifu.solve(bk1, plies=5, mate=3)
