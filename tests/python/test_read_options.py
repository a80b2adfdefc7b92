"""The read options as data (formats/options.hpp): each row of the table reaches Python's
keyword arguments and the CLI's flags by the same name, applies to the formats that take
it and is refused for the others; and charset= decides how SGF text is decoded."""

import subprocess

import pytest

import kifu


def _formats_taking(name):
    readable = [f for f in kifu.formats() if f["reads"]]
    taking = [f["name"] for f in readable if name in f["read_options"]]
    refusing = [f["name"] for f in readable if name not in f["read_options"]]
    return taking, refusing


def _value(option):
    return True if option["kind"] == "flag" else option["example"]


def test_every_read_option_reaches_python_for_the_formats_that_take_it():
    options = kifu.read_options()
    assert [o["name"] for o in options] == ["position", "superko", "rules", "charset"]
    for option in options:
        taking, refusing = _formats_taking(option["name"])
        assert taking and refusing, option["name"]
        for name in taking:
            kifu.validate(b"x", name, **{option["name"]: _value(option)})  # taken: no TypeError
        for name in refusing:
            with pytest.raises(TypeError, match=option["name"] + ": it is for"):
                kifu.validate(b"x", name, **{option["name"]: _value(option)})
    with pytest.raises(TypeError, match="no read option 'charsett'"):
        kifu.read(b"(;GM[1])", "sgf", charsett="GB2312")
    with pytest.raises(ValueError, match="'NOPE' is no charset"):
        kifu.read(b"(;GM[1])", "sgf", charset="NOPE")


def test_every_read_option_reaches_the_cli(kifu_cli):
    for command in (["convert", "--to", "sgf"], ["validate"], ["info"], ["tree"], ["render", "--to", "svg"]):
        help_text = subprocess.run([kifu_cli, *command, "--help"], capture_output=True, text=True).stdout
        for option in kifu.read_options():
            assert f"--{option['name']}" in help_text, (command, option["name"])
    for option in kifu.read_options():
        flag = [f"--{option['name']}"] + ([] if option["kind"] == "flag" else [option["example"]])
        taking, refusing = _formats_taking(option["name"])
        ran = subprocess.run([kifu_cli, "validate", "--from", taking[0], *flag, "--text", "x"],
                             capture_output=True, text=True)
        assert ran.returncode in (0, 1), (option["name"], ran.stderr)
        ran = subprocess.run([kifu_cli, "validate", "--from", refusing[0], *flag, "--text", "x"],
                             capture_output=True, text=True)
        assert ran.returncode == 2 and "does not apply" in ran.stderr, (option["name"], ran.stderr)


def test_charset_decides_how_sgf_text_is_read(tmp_path, kifu_cli):
    sgf = b"(;GM[1]SZ[19]PW[\xb0\xd7])"  # GB2312 for White; EUC-KR reads a rare syllable
    (game,) = kifu.read(sgf)
    assert game.tags["PW"] == "白"
    (game,) = kifu.read(sgf, charset="EUC-KR")
    assert game.tags["PW"] == "겜"
    path = tmp_path / "white.sgf"
    path.write_bytes(sgf)
    assert [g.tags["PW"] for g in kifu.iter_games(path, charset="EUC-KR")] == ["겜"]
    assert kifu.rows(path, charset="GB2312")[0]["tags"]["PW"] == "白"
    ran = subprocess.run([kifu_cli, "info", "--charset", "EUC-KR", str(path)], capture_output=True, text=True)
    assert ran.returncode == 0 and "겜" in ran.stdout, ran.stderr


def test_charset_reads_a_cp1251_pgn_stream(tmp_path, kifu_cli):
    path = tmp_path / "russian.pgn"
    path.write_bytes('[White "Иванов"]\n\n1. e4 *\n'.encode("cp1251"))
    assert [g.tags["White"] for g in kifu.iter_games(path, charset="CP1251")] == ["Иванов"]
    ran = subprocess.run([kifu_cli, "convert", "--to", "jsonl", "--charset", "cp1251", str(path)],
                         capture_output=True, text=True)
    assert ran.returncode == 0 and "Иванов" in ran.stdout, ran.stderr
    ran = subprocess.run([kifu_cli, "pgn", "stats", "--charset", "nope", str(path)], capture_output=True, text=True)
    assert ran.returncode == 2, ran.stderr
