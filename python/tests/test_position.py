"""shogi_tool.Position: SFEN, legal moves, push/pop, check, perft and fouls, every variant."""

import pytest

import shogi_tool

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def test_the_start_position_and_its_legal_moves():
    position = shogi_tool.Position()
    assert position.sfen() == START
    assert shogi_tool.Position.from_sfen(START).sfen() == START
    moves = position.legal_moves()
    assert len(moves) == 30
    assert "7g7f" in moves and "2h3h" in moves


def test_push_and_pop_take_moves_back_in_order():
    position = shogi_tool.Position()
    position.push("7g7f")
    position.push("3c3d")
    assert position.moves == ["7g7f", "3c3d"]
    assert position.pop() == "3c3d"
    assert position.pop() == "7g7f"
    assert position.sfen() == START
    with pytest.raises(IndexError):
        position.pop()


def test_an_illegal_push_names_the_foul_and_changes_nothing():
    position = shogi_tool.Position()
    with pytest.raises(ValueError, match="illegal-move"):
        position.push("7g7e")
    with pytest.raises(ValueError, match="not a USI move"):
        position.push("7g")
    assert position.sfen() == START


def test_diagnose_gives_the_foul_a_move_would_be():
    position = shogi_tool.Position()
    assert position.diagnose("7g7f") is None
    code, reason = position.diagnose("7g7e")
    assert code == "illegal-move" and "7g" in reason
    nifu = shogi_tool.Position.from_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1")
    assert nifu.diagnose("P*5e")[0] == "nifu"
    pinned = shogi_tool.Position.from_sfen("4k4/4r4/9/9/9/9/9/4B4/4K4 b - 1")
    assert pinned.diagnose("5h4g")[0] == "self-check"


def test_check():
    assert not shogi_tool.Position().is_check()
    assert shogi_tool.Position.from_sfen("4k4/4G4/9/9/9/9/9/9/4K4 w - 1").is_check()


def test_perft_counts_the_known_numbers():
    assert [shogi_tool.Position().perft(d) for d in (1, 2, 3)] == [30, 900, 25470]


@pytest.mark.parametrize(
    "variant", ["minishogi", "gorogoro", "gorogoroplus", "torishogi", "dobutsu"]
)
def test_every_variant_plays_from_its_start(variant):
    position = shogi_tool.Position(variant)
    assert position.variant == variant
    again = shogi_tool.Position.from_sfen(position.sfen(), variant)
    assert again.sfen() == position.sfen()
    moves = position.legal_moves()
    assert moves and position.perft(1) == len(moves)
    position.push(moves[0])
    assert position.pop() == moves[0]
    assert position.diagnose(moves[0]) is None


def test_a_variant_is_told_by_its_board_size():
    assert shogi_tool.Position.from_sfen("rbsgk/4p/5/P4/KGSBR b - 1").variant == "minishogi"


def test_a_bad_sfen_is_a_value_error():
    with pytest.raises(ValueError, match="bad SFEN"):
        shogi_tool.Position.from_sfen("not an sfen")
    with pytest.raises(ValueError):
        shogi_tool.Position("chess")


def test_legal_moves_along_a_game_equal_one_call_per_position():
    record = shogi_tool.read("testdata/samples/even-game.csa")[0]
    start = shogi_tool.Position.from_sfen(record.start_sfen)
    along = start.legal_moves_along(record.moves)
    assert len(along) == len(record.moves) + 1
    position = start.copy()
    for usi, legal in zip(record.moves + [None], along):
        assert legal == position.legal_moves()
        if usi:
            position.push(usi)
    assert start.sfen() == record.start_sfen
    with pytest.raises(ValueError, match="illegal move 7g7e"):
        start.legal_moves_along(["7g7f", "7g7e"])


def test_every_legal_move_string_is_its_own_legal_move():
    # Drops and promotions included: a position with pieces in hand, pieces in the zone.
    position = shogi_tool.Position.from_sfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
    for sfen in [position.sfen(), START]:
        position = shogi_tool.Position.from_sfen(sfen)
        moves = position.legal_moves()
        assert len(set(moves)) == len(moves)
        assert any("*" in m for m in moves) or sfen == START
        for usi in moves:
            assert position.diagnose(usi) is None, usi
            position.push(usi)
            assert position.pop() == usi
