"""The write options as data (formats/options.hpp): each row of the table reaches Python's
keyword arguments (kifu.write), the CLI's flags (kifu convert: --NAME, --no-NAME for an
option on unless turned off) and is listed by kifu.formats() for the formats that take it;
one a format does not take is refused everywhere."""

import subprocess

import pytest

import kifu

# Something each output format can be written from: (input format, text).
INPUTS = {
    "hen": ("hen", ".9x9"),
    "feen2015": ("fen", "startpos"),
    "pgn": ("pgn", "1. e4 {a} e5 $1 (1... c5) *"),
    "kif": ("usi", "7g7f"),
    "pgn-xiangqi": ("pgn-xiangqi", "1. h2e2 h9g7 *"),
    "svg": ("hen", ".9x9"),
    "csv": ("pgn", "1. e4 e5 *"),
}


def _value(option):
    if option["kind"] == "text":
        return option["example"]
    return option["kind"] == "flag"  # a flag turned on, a flag_on turned off


def _taking(name):
    for f in kifu.formats():
        if f["writes"] and name in f["write_options"] and f["name"] in INPUTS:
            return f["name"]
    raise AssertionError(f"{name}: give INPUTS a format that takes it")


@pytest.mark.filterwarnings("ignore::kifu.DroppedWarning")
def test_every_write_option_reaches_python():
    options = kifu.write_options()
    assert [o["name"] for o in options] == ["pretty", "always_size", "letters", "comments", "nags", "variations",
                                            "encoding", "notation", "columns", "positions", "size", "theme",
                                            "coordinates", "crop", "flip"]
    for option in options:
        taking = _taking(option["name"])
        source, text = INPUTS[taking]
        obj = kifu.read(text, source)
        kifu.write(obj, taking, **{option["name"]: _value(option)})  # taken: no TypeError
        with pytest.raises(TypeError, match=option["name"] + ": it is for"):
            kifu.write(obj, "txt", **{option["name"]: _value(option)})
    with pytest.raises(TypeError, match="did you mean 'pretty'"):
        kifu.write(kifu.GoPosition(".9x9"), "hen", prety=True)
    with pytest.raises(ValueError, match="notation: 'nope'"):
        kifu.write(kifu.read("1. h2e2 h9g7 *", "pgn-xiangqi"), "pgn-xiangqi", notation="nope")
    # An image's options draw what they say.
    board = kifu.GoPosition(".9x9")
    assert kifu.write(board, "svg", size=123).count('width="123"') == 1
    plain = kifu.write(board, "svg")
    assert 'id="g0"' not in plain, plain
    assert 'id="g0"' in kifu.write(board, "svg", coordinates=True)
    with pytest.raises(ValueError, match="size: '9'"):
        kifu.write(board, "svg", size=9)
    (game,) = kifu.read("1. e4 {a} e5 *")
    assert "{a}" in kifu.write(game, "pgn") and "{a}" not in kifu.write(game, "pgn", comments=False)


def test_every_write_option_reaches_the_cli(kifu_cli):
    help_text = subprocess.run([kifu_cli, "convert", "--help"], capture_output=True, text=True).stdout
    for option in kifu.write_options():
        name = option["name"].replace("_", "-")
        flag = f"--no-{name}" if option["kind"] == "flag_on" else f"--{name}"
        assert flag in help_text, flag
        value = [option["example"]] if option["kind"] == "text" else []
        taking = _taking(option["name"])
        source, text = INPUTS[taking]
        ran = subprocess.run([kifu_cli, "convert", "--from", source, "--to", taking, flag, *value, "--text", text],
                             capture_output=True)
        assert ran.returncode == 0, (flag, ran.stderr)
        ran = subprocess.run([kifu_cli, "convert", "--from", source, "--to", "txt", flag, *value, "--text", text],
                             capture_output=True, text=True)
        assert ran.returncode == 2 and "does not apply" in ran.stderr, (flag, ran.stderr)
