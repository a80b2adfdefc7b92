"""Every ```python block of docs/python.md runs as written (the Dask one with its cluster
on a tiny collection of its own)."""

import os
import pathlib
import re

import pytest

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_block_runs(index, tmp_path, monkeypatch):
    code = BLOCKS[index]
    monkeypatch.chdir(tmp_path)
    if "games/*.pgn" in code:
        os.mkdir("games")
        (tmp_path / "games" / "a.pgn").write_text('[Result "1-0"]\n\n1. e4 e5 1-0\n')
        (tmp_path / "games" / "b.pgn").write_text('[Result "0-1"]\n\n1. d4 d5 0-1\n')
    exec(compile(code, f"{DOC}:block{index}", "exec"), {"__name__": "__main__"})
    if "build_index" in code:
        assert (tmp_path / "games.db").exists()


def test_stubs_name_every_public_member():
    import ast

    import kifu

    stub = ast.parse((pathlib.Path(kifu.__file__).parent / "__init__.pyi").read_text())
    top = {n.name for n in stub.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    top |= {n.target.id for n in stub.body if isinstance(n, ast.AnnAssign)}  # __version__: str
    assert set(kifu.__all__) <= top, set(kifu.__all__) - top
    for node in stub.body:
        if isinstance(node, ast.ClassDef) and hasattr(kifu._kifu, node.name):
            stubbed = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            for base in node.bases:
                stubbed |= {n.name for b in stub.body if isinstance(b, ast.ClassDef) and isinstance(base, ast.Name)
                            and b.name == base.id for n in b.body if isinstance(n, ast.FunctionDef)}
            public = {m for m in vars(getattr(kifu._kifu, node.name)) if not m.startswith("_")}
            assert public <= stubbed, (node.name, public - stubbed)


README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.parametrize("block", re.findall(r"```python\n(.*?)```", README.read_text(), re.S))
def test_readme_python_blocks_run_in_examples(block, monkeypatch, capsys):
    monkeypatch.chdir(README.parent / "examples")
    exec(compile(block, f"{README}:python", "exec"), {"__name__": "__main__"})
    assert capsys.readouterr().out  # it printed what it says it prints


def test_the_development_checklists_name_files_that_exist():
    """docs/development.md's checklists for adding a format, a read option and a game send a
    developer to files; each one named must be there (a moved file makes the list untrue)."""
    root = DOC.parents[1]
    text = (root / "docs" / "development.md").read_text()
    checklists = text[text.index("## Adding a format"):text.index("## Layout")]
    named = set(re.findall(r"`((?:src|include|tests|tools|python|fuzz|bench|docs)/[^`<> ]+\.(?:cpp|hpp|py|pyi|md))`",
                           checklists))
    assert len(named) >= 15, named
    missing = sorted(p for p in named if not (root / p).exists())
    assert not missing, missing
    # The game interface's one dispatch and its test name every game with move rules.
    dispatch = (root / "include/kifu/formats/game_rules.hpp").read_text()
    test = (root / "tests/core/game_rules_test.cpp").read_text()
    for game in ("chess", "shogi", "xiangqi"):
        assert f"{game}::GameTraits" in dispatch and f"{game}::GameTraits" in test, game
