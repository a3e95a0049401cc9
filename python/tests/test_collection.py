"""iter_records and validate over collections: input order on many threads, the GIL
released while Rust works, and the same answers as the CLI over testdata/."""

import json
import shutil
import subprocess
import threading
import time

import pytest

import shogi_tool
from conftest import TESTDATA, run_cli


def collection(tmp_path, copies):
    """`copies` files of varied games, named so that name order is not creation order."""
    sources = sorted((TESTDATA / "samples").glob("*.csa")) + sorted(
        (TESTDATA / "variants").glob("*.usi")
    )
    for i in range(copies):
        source = sources[i % len(sources)]
        shutil.copy(source, tmp_path / f"{(i * 7919) % copies:05d}{source.suffix}")
    return tmp_path


def test_records_come_in_input_order_whatever_the_threads(tmp_path):
    folder = collection(tmp_path, 300)
    expected = [
        (r.path, r.index, r.moves)
        for f in sorted(folder.iterdir())
        for r in shogi_tool.read(f)
    ]
    for jobs in (1, 2, 4, None):
        got = [(r.path, r.index, r.moves) for r in shogi_tool.iter_records(folder, jobs)]
        assert got == [(str(folder / p.split("/")[-1]), i, m) for p, i, m in expected], jobs


def test_several_paths_are_taken_in_the_order_given(tmp_path):
    a, b = "testdata/samples/two-games.csa", "testdata/samples/even-game.csa"
    got = [(r.path, r.index) for r in shogi_tool.iter_records([b, a])]
    assert got == [(b, 0), (a, 0), (a, 1)]
    assert [r.path for r in shogi_tool.iter_records(a)] == [a, a]
    assert list(shogi_tool.iter_records([])) == []


def test_a_file_that_cannot_be_read_raises_in_its_turn(tmp_path):
    shutil.copy(TESTDATA / "samples" / "even-game.csa", tmp_path / "a.csa")
    (tmp_path / "b.csa").write_bytes(b"\x00\x01\x02" * 100)
    shutil.copy(TESTDATA / "samples" / "even-game.csa", tmp_path / "c.csa")
    records = shogi_tool.iter_records(tmp_path)
    assert next(records).path.endswith("a.csa")
    with pytest.raises(shogi_tool.ReadError) as e:
        next(records)
    assert e.value.file.endswith("b.csa") and e.value.code == "unreadable"
    # The inputs read past it (handed over together with it) still come, in order.
    assert [r.path[-5:] for r in records] == ["c.csa"]
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(shogi_tool.ReadError, match="nothing to read"):
        list(shogi_tool.iter_records(empty))


def test_the_gil_is_released_while_rust_reads(tmp_path):
    folder = collection(tmp_path, 3000)
    counted = []
    stop = threading.Event()

    def count():
        n = 0
        while not stop.is_set():
            n += 1
        counted.append(n)

    def counted_during(work):
        counted.clear()
        stop.clear()
        thread = threading.Thread(target=count)
        thread.start()
        time.sleep(0.05)
        started = time.perf_counter()
        work()
        elapsed = time.perf_counter() - started
        stop.set()
        thread.join()
        return counted[0], elapsed

    # One long call that holds the GIL throughout would leave the counter where the
    # switch interval left it; released, the thread counts all along.
    n, elapsed = counted_during(lambda: shogi_tool.validate(folder, jobs=1))
    assert n > 10_000, (n, elapsed)
    n, _ = counted_during(lambda: shogi_tool.Position().perft(4))
    assert n > 10_000
    n, _ = counted_during(lambda: sum(1 for _ in shogi_tool.iter_records(folder, 1)))
    assert n > 10_000


def cli_lines(cli, *paths):
    return [json.loads(line) for line in run_cli(cli, "validate", "--format", "json", *paths).splitlines()]


def test_validate_equals_the_cli_over_testdata(cli):
    assert shogi_tool.validate("testdata/") == cli_lines(cli, "testdata/")


def test_validate_checks_training_files_as_the_cli_does(cli, tmp_path):
    hcpe = tmp_path / "games.hcpe"
    run_cli(cli, "positions", "testdata/samples", "--format", "hcpe", "-q", "-o", str(hcpe))
    spoilt = bytearray(hcpe.read_bytes())
    for i in range(7, len(spoilt), 50):
        spoilt[i] ^= 0x5A
    hcpe.write_bytes(bytes(spoilt[:-5]))
    lines = shogi_tool.validate(str(hcpe))
    assert lines == cli_lines(cli, str(hcpe))
    assert {v["code"] for v in lines} >= {"parse-error"}
    assert any(v["severity"] == "foul" for v in lines)


def test_each_record_validates_as_its_cli_line(cli):
    lines = cli_lines(cli, "testdata/")
    by_record = {(v["path"], v["record"]): v for v in lines}
    unreadable = {v["path"] for v in lines if any(e["code"] == "unreadable" for e in v["errors"])}
    compared = 0
    for path in dict.fromkeys(v["path"] for v in lines):
        if path in unreadable:
            with pytest.raises(shogi_tool.ReadError):
                shogi_tool.read(path)
            continue
        for record in shogi_tool.read(path, errors="keep"):
            assert record.validate() == by_record[(path, record.index)]
            compared += 1
    assert compared == len(lines) - len(unreadable)
    assert compared > 250


def test_moves_and_positions_equal_the_cli_positions(cli):
    out = run_cli(cli, "positions", "--format", "json", "testdata/")
    by_record = {}
    for line in out.splitlines():
        p = json.loads(line)
        by_record.setdefault((p["path"], p["record"]), []).append(p)
    assert len(by_record) > 200
    for (path, index), positions in by_record.items():
        record = shogi_tool.read(path, errors="keep")[index]
        assert record.positions() == [p["sfen"] for p in positions], (path, index)
        assert record.moves == [p["move"] for p in positions[1:]], (path, index)


def test_stats_of_an_empty_folder_raises_as_the_cli_refuses_it(tmp_path, cli):
    with pytest.raises(shogi_tool.ReadError, match="nothing to read") as e:
        shogi_tool.stats(tmp_path)
    assert e.value.code == "unreadable"
    refused = subprocess.run([cli, "stats", str(tmp_path)], capture_output=True, text=True)
    assert refused.returncode == 2
    assert str(e.value) in refused.stderr


def test_stats_equals_the_cli_over_testdata(cli):
    expected = json.loads(run_cli(cli, "stats", "--format", "json", "testdata/"))
    assert shogi_tool.stats("testdata/") == expected
    assert shogi_tool.stats(["testdata/samples"], jobs=1) == json.loads(
        run_cli(cli, "stats", "--format", "json", "testdata/samples")
    )
