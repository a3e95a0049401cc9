"""shogi_tool.Record: headers, players, start, moves, result, comments, variations,
positions, validate and to."""

import shogi_tool

EVEN = "testdata/samples/even-game.csa"


def test_headers_and_players_are_as_written():
    record = shogi_tool.read(EVEN)[0]
    assert record.headers["N+"] == record.black == "Sente Player"
    assert record.headers["N-"] == record.white == "Gote Player"
    assert record.headers["$EVENT"] == "shogi-tool sample"
    assert list(record.headers)[:2] == ["N+", "N-"]


def test_the_result_is_the_replay_s_judgement():
    assert shogi_tool.read(EVEN)[0].result == ("white", "resignation")
    mate = shogi_tool.read("testdata/variants/minishogi.usi")[0]
    assert mate.result == ("white", "checkmate")


def test_positions_are_the_start_then_one_per_ply():
    record = shogi_tool.read(EVEN)[0]
    positions = record.positions()
    assert len(positions) == len(record.moves) + 1
    assert positions[0] == record.start_sfen
    position = shogi_tool.Position.from_sfen(record.start_sfen)
    for usi, sfen in zip(record.moves, positions[1:]):
        position.push(usi)
        assert position.sfen() == sfen


def test_comments_and_variations_carry_their_ply():
    record = shogi_tool.read("testdata/kif/comments-bookmarks.kifu")[0]
    assert (0, "初手の前のコメント") in record.comments
    assert (1, "初手のコメント") in record.comments
    branched = shogi_tool.read("testdata/kif/doh-branch.kifu")[0]
    assert branched.variations == [(3, ["8h2b+", "3a2b"]), (4, ["8b2b"])]
    assert shogi_tool.read(EVEN)[0].variations == []


def test_validate_names_the_fouls():
    record = shogi_tool.read("testdata/fouls/nifu.usi")[0]
    v = record.validate()
    assert [f["code"] for f in v["fouls"]] == ["nifu"]
    assert v["path"] == "testdata/fouls/nifu.usi"


def test_to_writes_text_or_bytes_that_read_back_to_the_same_game():
    record = shogi_tool.read(EVEN)[0]
    for fmt in ["csa", "kif", "ki2", "jkf", "usi", "sfen"]:
        text = record.to(fmt)
        assert isinstance(text, str)
        again = shogi_tool.read(text if "\n" in text else text + "\n", format=fmt)[0]
        assert again.moves == record.moves, fmt
    sjis = record.to("kif", "shift_jis")
    assert isinstance(sjis, bytes)
    assert sjis.decode("shift_jis") == record.to("kif")
    assert shogi_tool.read(sjis, format="kif")[0].moves == record.moves


def test_to_refuses_a_format_that_cannot_carry_the_game():
    record = shogi_tool.read("testdata/variants/minishogi.usi")[0]
    try:
        record.to("csa")
    except ValueError as e:
        assert "CSA" in str(e)
    else:
        raise AssertionError("a minishogi record was written as CSA")
    assert shogi_tool.read(record.to("kif"), format="kif")[0].moves == record.moves
