"""Record.to and Record.convert run what `shogi-tool convert` runs: the same bytes, and
what the target cannot carry said as the CLI says it (a DroppedWarning)."""

import subprocess
import warnings

import pytest

import shogi_tool
from conftest import REPO

NUL_JKF = (
    '{"header":{"先手":"A\\u0000B"},"moves":[{},{"move":{"from":{"x":7,"y":7},'
    '"to":{"x":7,"y":6},"piece":"FU","color":0},"comments":["x\\u0000y"]}]}'
)


def cli_convert(cli, path, *args):
    """(stdout bytes, the warnings of stderr without their `shogi-tool: warning: ` prefix)."""
    done = subprocess.run([cli, "convert", str(path), *args], cwd=REPO, capture_output=True)
    assert done.returncode == 0, done.stderr
    prefix = "shogi-tool: warning: "
    said = done.stderr.decode().splitlines()
    return done.stdout, [line[len(prefix):] for line in said if line.startswith(prefix)]


def warned(work):
    """What `work()` returns, and the messages of the DroppedWarnings it raised."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = work()
    assert all(issubclass(w.category, shogi_tool.DroppedWarning) for w in caught), caught
    return result, [str(w.message) for w in caught]


def test_the_dropped_warning_is_a_user_warning():
    assert issubclass(shogi_tool.DroppedWarning, UserWarning)


@pytest.mark.parametrize(
    "path, fmt",
    [
        ("testdata/kif/doh-branch.kifu", "csa"),
        ("testdata/kif/doh-branch.kifu", "usi"),
        ("testdata/kif/comments-bookmarks.kifu", "usi"),
        ("testdata/kif/comments-bookmarks.kifu", "jkf"),
        ("testdata/samples/two-games.csa", "usi"),
    ],
)
def test_what_the_target_cannot_carry_is_warned_as_the_cli_says_it(cli, path, fmt):
    stdout, cli_warnings = cli_convert(cli, path, "--to", fmt)
    assert cli_warnings, "the CLI warns of nothing here: the case tests nothing"
    texts, ours = [], []
    for record in shogi_tool.read(path):
        text, said = warned(lambda: record.to(fmt))
        assert len(said) == 1, said
        texts.append(text)
        ours.extend(said)
        data, dropped = record.convert(fmt)
        assert data == text
        assert said[0].endswith(", ".join(dropped))
    assert ours == cli_warnings
    if len(texts) == 1:
        assert texts[0].encode() == stdout


def test_a_conversion_that_drops_nothing_does_not_warn(cli):
    record = shogi_tool.read("testdata/samples/even-game.csa")[0]
    for fmt in ["csa", "kif", "jkf"]:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            text = record.to(fmt)
            assert record.convert(fmt) == (text, [])
    stdout, cli_warnings = cli_convert(cli, "testdata/samples/even-game.csa", "--to", "csa")
    assert cli_warnings == []
    assert record.to("csa").encode() == stdout


def test_nul_characters_are_dropped_as_the_cli_drops_them(cli, tmp_path):
    path = tmp_path / "n.jkf"
    path.write_text(NUL_JKF, encoding="utf-8")
    record = shogi_tool.read(path)[0]
    # Piped, the CLI writes KIF in Shift_JIS; with --output-encoding, in that encoding.
    for encoding, args in [(None, []), ("utf-8", ["--output-encoding", "utf-8"])]:
        stdout, cli_warnings = cli_convert(cli, path, "--to", "kif", *args)
        data, said = warned(lambda: record.to("kif", encoding))
        written = data.encode("shift_jis") if encoding is None else data
        assert written == stdout
        assert b"\0" not in written
        assert said == cli_warnings
        assert record.convert("kif", encoding)[1] == ["NUL characters"]


def test_characters_the_encoding_cannot_hold_are_said_only_for_bytes():
    text = "V2.2\nPI\n+\n+7776FU\n'\U0001F600 a smile\n-3334FU\n"
    record = shogi_tool.read(text, format="csa")[0]
    assert record.convert("kif")[1] == []
    assert "\U0001F600" in record.convert("kif")[0]
    data, dropped = record.convert("kif", "shift_jis")
    assert dropped == ["characters shift_jis cannot hold (\U0001F600)"]
    assert isinstance(data, bytes)


def test_jkf_is_utf8_only_and_an_unreadable_record_is_not_converted():
    record = shogi_tool.read("testdata/samples/even-game.csa")[0]
    with pytest.raises(ValueError, match="JKF is JSON"):
        record.to("jkf", "shift_jis")
    kept = shogi_tool.read("testdata/broken/bad-piece-code.csa", errors="keep")[0]
    with pytest.raises(shogi_tool.ReadError) as e:
        kept.to("kif")
    assert e.value.code == "parse-error"
