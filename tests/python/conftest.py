"""Shared fixtures of the Python tests: the shared corpora (skipped with a message when
absent), the kifu binary of the same build, and small files written for a test."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TESTDATA = pathlib.Path(os.environ.get("KIFU_TESTDATA_DIR", ROOT.parent / "shared" / "testdata"))
CHESS_CORPUS = TESTDATA / "chess" / "corpus" / "gnuchess_book_1.02_half.pgn.zst"
GO_GAMES = TESTDATA / "go" / "games" / "kombilo-pro"


def need(path: pathlib.Path) -> pathlib.Path:
    if not path.exists():
        pytest.skip(f"{path} is absent: the shared test data (../shared/testdata) is not here")
    return path


@pytest.fixture
def kifu_cli() -> str:
    cli = os.environ.get("KIFU_CLI")
    if not cli or not os.path.exists(cli):
        pytest.skip("KIFU_CLI does not name the kifu binary (ctest sets it)")
    return cli


@pytest.fixture(scope="session")
def corpus_head(tmp_path_factory) -> pathlib.Path:
    """The first games of the chess corpus (about 3 MB, cut at a game boundary), uncompressed."""
    import kifu

    need(CHESS_CORPUS)
    out = tmp_path_factory.mktemp("corpus") / "head.pgn"
    text = "".join(g.write("pgn") + "\n" for _, g in zip(range(12000), kifu.iter_games(CHESS_CORPUS)))
    out.write_text(text)
    return out
