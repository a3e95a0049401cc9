"""shogi_tool.read: paths, bytes and text; forced format, encoding and variant; errors."""

import pathlib

import pytest

import shogi_tool
from conftest import TESTDATA

EVEN = "testdata/samples/even-game.csa"


def test_a_path_a_pathlike_bytes_and_text_give_the_same_moves():
    by_path = shogi_tool.read(EVEN)[0]
    by_pathlike = shogi_tool.read(pathlib.Path(EVEN))[0]
    data = (TESTDATA / "samples" / "even-game.csa").read_bytes()
    by_bytes = shogi_tool.read(data)[0]
    by_text = shogi_tool.read(data.decode("utf-8"))[0]
    assert by_path.moves[:3] == ["7g7f", "3c3d", "2g2f"]
    assert by_path.moves == by_pathlike.moves == by_bytes.moves == by_text.moves
    assert by_path.path == EVEN
    assert by_bytes.path == "<bytes>"
    assert by_text.path == "<string>"
    assert by_bytes.format == by_text.format == "csa"


def test_every_record_of_a_file_is_read_in_order():
    records = shogi_tool.read("testdata/samples/two-games.csa")
    assert [r.index for r in records] == [0, 1]
    assert [(r.black, r.white) for r in records] == [("A", "B"), ("C", "D")]


def test_shift_jis_is_detected_and_can_be_forced():
    kif = TESTDATA / "kif" / "sjis-declaration.kif"
    assert shogi_tool.read(kif)[0].encoding == "shift_jis"
    forced = shogi_tool.read(kif.read_bytes(), format="kif", encoding="shift_jis")[0]
    assert forced.encoding == "shift_jis"
    assert forced.moves == shogi_tool.read(kif)[0].moves


def test_a_one_line_record_is_text_with_its_newline_or_as_bytes():
    text = "startpos moves 7g7f 3c3d\n"
    assert shogi_tool.read(text, format="usi")[0].moves == ["7g7f", "3c3d"]
    assert shogi_tool.read(text.encode(), format="usi")[0].moves == ["7g7f", "3c3d"]
    # Without a line break a str is a path.
    with pytest.raises(shogi_tool.ReadError) as e:
        shogi_tool.read("startpos moves 7g7f")
    assert e.value.code == "unreadable"


def test_a_forced_variant_reads_startpos_as_its_start():
    record = shogi_tool.read("startpos moves 5e4d\n", format="usi", variant="minishogi")[0]
    assert record.variant == "minishogi"
    assert record.start_sfen == "rbsgk/4p/5/P4/KGSBR b - 1"
    assert record.moves == ["5e4d"]


def test_a_parse_error_raises_read_error_with_where_and_which_code():
    with pytest.raises(shogi_tool.ReadError) as e:
        shogi_tool.read(b"PI\n+\n+7776FU\n-3334XX\n")
    err = e.value
    assert isinstance(err, ValueError)
    assert (err.file, err.line, err.column, err.code) == ("<bytes>", 4, 6, "parse-error")
    assert "-3334XX" in err.message
    assert str(err).startswith("<bytes>:4:6: ")


def test_errors_keep_returns_the_record_with_what_stopped_it():
    record = shogi_tool.read("testdata/broken/bad-piece-code.csa", errors="keep")[0]
    errors = record.validate()["errors"]
    assert errors and errors[0]["code"] == "parse-error"
    with pytest.raises(shogi_tool.ReadError) as e:
        shogi_tool.read("testdata/broken/bad-piece-code.csa")
    assert e.value.file == "testdata/broken/bad-piece-code.csa"
    assert e.value.line == errors[0]["line"]
    assert e.value.column == errors[0]["column"]


def test_a_missing_file_or_binary_data_is_unreadable():
    with pytest.raises(shogi_tool.ReadError) as e:
        shogi_tool.read("testdata/no-such-file.csa")
    assert (e.value.code, e.value.line, e.value.column) == ("unreadable", None, None)
    assert e.value.file == "testdata/no-such-file.csa"
    with pytest.raises(shogi_tool.ReadError) as e:
        shogi_tool.read("testdata/broken/binary-junk.csa")
    assert "binary data" in e.value.message


def test_bad_names_are_value_errors_that_list_the_choices():
    with pytest.raises(ValueError, match="unknown format"):
        shogi_tool.read(EVEN, format="pgn")
    with pytest.raises(ValueError, match="unknown encoding"):
        shogi_tool.read(EVEN, encoding="latin-1")
    with pytest.raises(ValueError):
        shogi_tool.read(EVEN, variant="chess")
    with pytest.raises(ValueError, match="errors must be"):
        shogi_tool.read(EVEN, errors="ignore")
    with pytest.raises(TypeError):
        shogi_tool.read(42)
