//! End-to-end tests of collection surgery: `find`, `dedup`, `split`, `join` and the record
//! filters of `convert`.

use std::path::{Path, PathBuf};

use crate::common::{root, tool};

/// Writes `files` (name, bytes) into a new temporary folder.
fn folder(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
    dir
}

/// Runs the tool in `dir` and returns standard output, asserting the exit status.
fn run_in(dir: &Path, args: &[&str], code: i32) -> String {
    let out = tool().current_dir(dir).args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The sorted names of the files in `dir`.
fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// The sorted lines of `s`.
fn lines(s: &str) -> Vec<&str> {
    let mut v: Vec<&str> = s.lines().collect();
    v.sort();
    v
}

fn kifu(date: &str, event: &str, black: &str, white: &str, handicap: &str, moves: &str) -> String {
    let mut s = format!(
        "開始日時：{date}\n棋戦：{event}\n手合割：{handicap}\n先手：{black}\n後手：{white}\n手数----指手---------消費時間--\n"
    );
    for (i, m) in moves.split_whitespace().enumerate() {
        s.push_str(&format!("{:>4} {m}\n", i + 1));
    }
    s
}

mod find {
    use super::*;

    fn games() -> tempfile::TempDir {
        let a = kifu(
            "令和6年5月1日",
            "名人戦",
            "羽生善治",
            "藤井聡太",
            "平手",
            "７六歩(77) ３四歩(33) ２六歩(27) 投了",
        );
        let b = kifu(
            "2023/11/03(金) 10:00:00",
            "竜王戦",
            "藤井聡太",
            "豊島将之",
            "平手",
            "２六歩(27) ３四歩(33) ７六歩(77) ８四歩(83) 投了",
        );
        let c = kifu(
            "平成31年4月30日",
            "順位戦",
            "上手",
            "下手",
            "香落ち",
            "３四歩(33) ７六歩(77) 投了",
        );
        let csa = "V2.2\nN+Sato\nN-Suzuki\n$EVENT:Club\n$START_TIME:2024-05-01T10:00\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n%TORYO\n";
        folder(&[
            ("a.kifu", a.as_bytes()),
            ("b.kifu", b.as_bytes()),
            ("c.kifu", c.as_bytes()),
            ("d.csa", csa.as_bytes()),
            (
                "list.usi",
                b"position startpos moves 2g2f 8c8d\nposition startpos moves 7g7f 3c3d 2g2f 8c8d\n",
            ),
        ])
    }

    fn find(dir: &Path, args: &[&str]) -> Vec<String> {
        let mut all = vec!["find", "."];
        all.extend_from_slice(args);
        let out = run_in(dir, &all, 0);
        lines(&out)
            .into_iter()
            .map(|l| l.trim_start_matches("./").to_string())
            .collect()
    }

    #[test]
    fn a_position_reached_by_two_move_orders() {
        let d = games();
        // 7g7f 3c3d 2g2f (a.kifu, list.usi#1) = 2g2f 3c3d 7g7f (b.kifu, at ply 3).
        let got = find(d.path(), &["--position", "startpos moves 7g7f 3c3d 2g2f"]);
        assert_eq!(got, ["a.kifu#0", "b.kifu#0", "list.usi#1"]);
        let json = run_in(
            d.path(),
            &[
                "find",
                "b.kifu",
                "--position",
                "startpos moves 7g7f 3c3d 2g2f",
                "--format",
                "json",
            ],
            0,
        );
        let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
        assert_eq!(v["ply"], 3);
        assert_eq!(v["plies"], 4);
        assert_eq!(v["record"], 0);
        assert_eq!(v["outcome"]["reason"], "resignation");
    }

    #[test]
    fn a_position_reached_through_a_drop() {
        let d = games();
        let got = find(
            d.path(),
            &["--position", "startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e"],
        );
        assert_eq!(got, ["d.csa#0"]);
        // Without the drop the hands differ: not the same position.
        let got = find(
            d.path(),
            &["--position", "startpos moves 7g7f 3c3d 8h2b+ 3a2b 5i6h"],
        );
        assert!(got.is_empty());
    }

    #[test]
    fn board_only_ignores_hands_and_side_and_ply_range_bounds_where() {
        let d = games();
        // After 7g7f 3c3d black is to move; the same board with white to move is another
        // position unless --board-only.
        let sfen = "sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 1";
        assert!(find(d.path(), &["--position", sfen]).is_empty());
        let got = find(d.path(), &["--position", sfen, "--board-only"]);
        assert_eq!(got, ["a.kifu#0", "d.csa#0", "list.usi#1"]);
        let got = find(
            d.path(),
            &["--position", sfen, "--board-only", "--ply-range", "3.."],
        );
        assert!(got.is_empty());
        let got = find(
            d.path(),
            &["--position", sfen, "--board-only", "--ply-range", "0..2"],
        );
        assert_eq!(got.len(), 3);
    }

    #[test]
    fn players_events_and_sides_by_regex() {
        let d = games();
        assert_eq!(
            find(d.path(), &["--player", "藤井"]),
            ["a.kifu#0", "b.kifu#0"]
        );
        assert_eq!(find(d.path(), &["--black", "藤井"]), ["b.kifu#0"]);
        assert_eq!(find(d.path(), &["--white", "^藤井聡太$"]), ["a.kifu#0"]);
        assert_eq!(find(d.path(), &["--player", "(?i)^sato$"]), ["d.csa#0"]);
        assert_eq!(
            find(d.path(), &["--event", "名人|竜王"]),
            ["a.kifu#0", "b.kifu#0"]
        );
        assert_eq!(
            find(d.path(), &["--player", "藤井", "--event", "竜王"]),
            ["b.kifu#0"]
        );
    }

    #[test]
    fn dates_in_every_written_form() {
        let d = games();
        assert_eq!(
            find(d.path(), &["--date", "2024/05/01"]),
            ["a.kifu#0", "d.csa#0"]
        );
        assert_eq!(
            find(d.path(), &["--date", "令和6年5月1日..令和6年5月1日"]),
            ["a.kifu#0", "d.csa#0"]
        );
        assert_eq!(
            find(d.path(), &["--date", "..2023"]),
            ["b.kifu#0", "c.kifu#0"]
        );
        assert_eq!(find(d.path(), &["--date", "2019-04-30"]), ["c.kifu#0"]);
        assert_eq!(find(d.path(), &["--date", "2023/11"]), ["b.kifu#0"]);
        run_in(d.path(), &["find", ".", "--date", "someday"], 2);
    }

    #[test]
    fn handicap_plies_opening_invert_and_count() {
        let d = games();
        assert_eq!(find(d.path(), &["--handicap", "香落ち"]), ["c.kifu#0"]);
        assert_eq!(find(d.path(), &["--handicap", "KY"]), ["c.kifu#0"]);
        assert_eq!(
            find(d.path(), &["--handicap", "even", "--plies", "..2"]),
            ["list.usi#0"]
        );
        assert_eq!(find(d.path(), &["--plies", "5"]), ["d.csa#0"]);
        assert_eq!(
            find(d.path(), &["--opening", "7g7f 3c3d"]),
            ["a.kifu#0", "d.csa#0", "list.usi#1"]
        );
        assert_eq!(
            find(d.path(), &["--opening", "7g7f 3c3d", "--invert"]),
            ["b.kifu#0", "c.kifu#0", "list.usi#0"]
        );
        assert_eq!(
            run_in(d.path(), &["find", ".", "--player", "藤井", "--count"], 0),
            "2\n"
        );
    }

    #[test]
    fn outcome_winner_foul_and_warning_come_from_the_replay() {
        let samples = root().join("testdata/samples");
        let find = |args: &[&str]| {
            let mut all = vec!["find", "."];
            all.extend_from_slice(args);
            lines(&run_in(&samples, &all, 0))
                .into_iter()
                .map(String::from)
                .collect::<Vec<_>>()
        };
        assert_eq!(find(&["--foul", "nifu"]), ["./fouls.csa#0"]);
        assert_eq!(find(&["--outcome", "foul"]), ["./fouls.csa#0"]);
        assert_eq!(
            find(&["--winner", "white", "--outcome", "resignation"]),
            [
                "./even-game.csa#0",
                "./two-games.csa#0",
                "./two-games.csa#1"
            ]
        );
        assert!(find(&["--winner", "draw"]).is_empty());
        let d = folder(&[("w.csa", b"PI\n+\n+7776FU\n-3334FU\n%TORYO\n" as &[u8])]);
        // The record says white resigned after its own move: a result mismatch? No: the
        // resigning side is the one to move (black), so white wins; no warning.
        assert_eq!(
            run_in(d.path(), &["find", ".", "--winner", "white", "--count"], 0),
            "1\n"
        );
    }
}

/// Issue 33: `find` never answers a misspelt condition with an empty, clean-looking result;
/// a kind given twice is either value, kinds combine with AND, `--not` negates the match.
mod find_conditions {
    use super::*;

    fn samples() -> PathBuf {
        root().join("testdata/samples")
    }

    /// `find .` in `dir` with `args`: the exit status, the sorted lines, standard error.
    fn found(dir: &Path, args: &[&str]) -> (Option<i32>, Vec<String>, String) {
        let out = tool()
            .current_dir(dir)
            .arg("find")
            .arg(".")
            .args(args)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let lines = lines(&text)
            .into_iter()
            .map(|l| l.trim_start_matches("./").to_string())
            .collect();
        (
            out.status.code(),
            lines,
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    #[test]
    fn an_unknown_code_is_a_usage_error_naming_the_valid_ones_and_the_nearest() {
        for (flag, wrong, nearest, also) in [
            ("--foul", "nifuu", "nifu", "self-check"),
            ("--outcome", "resign", "resignation", "checkmate"),
            (
                "--warning",
                "result-mismatches",
                "result-mismatch",
                "unknown-line",
            ),
            ("--error", "parse-errors", "parse-error", "unknown-handicap"),
            ("--winner", "blak", "black", "draw"),
        ] {
            let (code, lines, err) = found(&samples(), &[flag, wrong]);
            assert_eq!(code, Some(2), "{flag} {wrong}: {err}");
            assert!(lines.is_empty(), "{flag} {wrong}");
            assert!(
                err.contains(&format!("a similar value exists: '{nearest}'")),
                "{flag} {wrong}: {err}"
            );
            assert!(err.contains(also), "{flag} {wrong} lists the values: {err}");
        }
        // The codes are those of the contract, in any case; `any` where it means something.
        assert_eq!(found(&samples(), &["--foul", "NIFU"]).1, ["fouls.csa#0"]);
        assert_eq!(found(&samples(), &["--outcome", "any"]).0, Some(2));
    }

    #[test]
    fn a_kind_given_again_is_either_value() {
        let s = samples();
        let (code, got, err) = found(&s, &["--foul", "nifu", "--foul", "self-check"]);
        assert_eq!(
            (code, got),
            (Some(0), vec!["fouls.csa#0".to_string()]),
            "{err}"
        );
        assert!(found(&s, &["--foul", "self-check", "--foul", "wrong-turn"])
            .1
            .is_empty());
        assert_eq!(found(&s, &["--foul", "any"]).1, ["fouls.csa#0"]);
        let d = folder(&[
            ("black.csa", b"PI\n+\n+7776FU\n%TORYO\n" as &[u8]),
            ("white.csa", b"PI\n+\n+7776FU\n-3334FU\n%TORYO\n"),
            ("none.csa", b"PI\n+\n+7776FU\n"),
        ]);
        assert_eq!(found(d.path(), &["--winner", "black"]).1, ["black.csa#0"]);
        assert_eq!(
            found(d.path(), &["--winner", "white", "--winner", "black"]).1,
            ["black.csa#0", "white.csa#0"]
        );
        assert_eq!(
            found(&s, &["--outcome", "foul", "--outcome", "checkmate"]).1,
            ["fouls.csa#0"]
        );
        assert_eq!(
            found(&s, &["--player", "^Sente$", "--player", "^D$"]).1,
            ["fouls.csa#0", "two-games.csa#1"]
        );
    }

    #[test]
    fn kinds_combine_with_and_and_not_negates_the_whole_match() {
        let s = samples();
        assert!(found(&s, &["--foul", "any", "--winner", "black"])
            .1
            .is_empty());
        assert_eq!(
            found(&s, &["--foul", "any", "--winner", "white"]).1,
            ["fouls.csa#0"]
        );
        let all = found(&s, &[]).1;
        assert_eq!(all.len(), 5);
        // not (a foul and white won): every record but the fouled one, white's wins included.
        let not = found(&s, &["--foul", "any", "--winner", "white", "--not"]).1;
        assert_eq!(
            not,
            [
                "even-game.csa#0",
                "even-game.usi#0",
                "two-games.csa#0",
                "two-games.csa#1"
            ]
        );
        assert_eq!(
            found(&s, &["--foul", "any", "--winner", "white", "--invert"]).1,
            not
        );
        assert_eq!(found(&s, &["--foul", "any", "--not"]).1.len(), 4);
        // Conditions without an OR are given once.
        assert_eq!(found(&s, &["--plies", "1..", "--plies", "..3"]).0, Some(2));
    }

    #[test]
    fn a_warning_of_reading_is_found_like_one_of_the_replay() {
        let d = folder(&[
            (
                "odd.csa",
                b"PI\n+\nthis line means nothing\n+7776FU\n%TORYO\n" as &[u8],
            ),
            ("plain.csa", b"PI\n+\n+7776FU\n%TORYO\n"),
        ]);
        assert_eq!(
            found(d.path(), &["--warning", "unknown-line"]).1,
            ["odd.csa#0"]
        );
        assert_eq!(found(d.path(), &["--warning", "any"]).1, ["odd.csa#0"]);
        assert_eq!(
            found(d.path(), &["--warning", "any", "--not"]).1,
            ["plain.csa#0"]
        );
    }

    #[test]
    fn error_finds_the_records_that_cannot_be_read() {
        let broken = root().join("testdata/broken");
        let d = folder(&[
            ("good.csa", b"PI\n+\n+7776FU\n%TORYO\n" as &[u8]),
            (
                "bad.usi",
                &std::fs::read(broken.join("bad-usi-move.usi")).unwrap(),
            ),
            (
                "handicap.kifu",
                &std::fs::read(broken.join("unknown-handicap.kifu")).unwrap(),
            ),
        ]);
        // Without --error a broken record is reported and makes the exit status 2.
        let (code, got, err) = found(d.path(), &[]);
        assert_eq!((code, got), (Some(2), vec!["good.csa#0".to_string()]));
        assert!(err.contains("bad.usi#0"), "{err}");
        // With it, broken records are what is searched: found, not reported, exit 0.
        let (code, got, err) = found(d.path(), &["--error", "any"]);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(got, ["bad.usi#0", "handicap.kifu#0"]);
        assert!(!err.contains("error:"), "{err}");
        assert_eq!(
            found(d.path(), &["--error", "unknown-handicap"]).1,
            ["handicap.kifu#0"]
        );
        assert_eq!(
            found(
                d.path(),
                &["--error", "unknown-handicap", "--error", "parse-error"]
            )
            .1,
            ["bad.usi#0", "handicap.kifu#0"]
        );
        let (code, got, _) = found(d.path(), &["--error", "any", "--not"]);
        assert_eq!((code, got), (Some(0), vec!["good.csa#0".to_string()]));
        let json = run_in(
            d.path(),
            &[
                "find",
                "bad.usi",
                "--error",
                "parse-error",
                "--format",
                "json",
            ],
            0,
        );
        let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
        assert_eq!(v["errors"][0]["code"], "parse-error");
    }
}

mod dedup {
    use super::*;

    const MOVES: &str = "７六歩(77) ３四歩(33) ２六歩(27) ８四歩(83) ２五歩(26) ８五歩(84)";

    /// The same game as KIF (Shift_JIS), KIFU, CSA, JKF and USI, each with other headers and
    /// comments; a prefix of it; and another game twice in one CSA file.
    fn games() -> tempfile::TempDir {
        let kif = kifu("2024/05/01", "名人戦", "羽生", "藤井", "平手", MOVES) + "   7 投了\n";
        let (sjis, _, bad) = encoding_rs::SHIFT_JIS.encode(&kif);
        assert!(!bad);
        let mut annotated = kifu("2020/01/01", "練習", "甲", "乙", "平手", MOVES);
        annotated = annotated.replacen(
            "   2 ３四歩(33)\n",
            "   2 ３四歩(33)\n*角道を開ける\n*もう一行\n",
            1,
        );
        let csa = "V2.2\nN+Sato\nN-Suzuki\n'a remark\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n-8384FU\n'*an engine comment\n+2625FU\n-8485FU\n%CHUDAN\n";
        let two = "V2.2\nPI\n+\n+5756FU\n-5354FU\n/\nN+x\nPI\n+\n+5756FU\n-5354FU\n%TORYO\n";
        let dir = folder(&[
            ("a.kif", &sjis),
            ("b.kifu", annotated.as_bytes()),
            ("c.csa", csa.as_bytes()),
            ("e.usi", b"position startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e\n"),
            ("p.usi", b"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d 2g2f\n"),
            ("two.csa", two.as_bytes()),
        ]);
        run_in(
            dir.path(),
            &["convert", "c.csa", "--to", "jkf", "-o", "d.jkf", "-q"],
            0,
        );
        dir
    }

    fn json(dir: &Path, args: &[&str]) -> Vec<serde_json::Value> {
        let mut all = vec!["dedup", ".", "--format", "json"];
        all.extend_from_slice(args);
        run_in(dir, &all, 0)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    fn paths(list: &serde_json::Value) -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|r| {
                format!(
                    "{}#{}",
                    r["path"].as_str().unwrap().trim_start_matches("./"),
                    r["record"]
                )
            })
            .collect()
    }

    #[test]
    fn one_group_per_game_whatever_the_format_encoding_headers_and_comments() {
        let d = games();
        let groups = json(d.path(), &[]);
        assert_eq!(groups.len(), 2, "{groups:?}");
        assert_eq!(groups[0]["plies"], 6);
        assert_eq!(
            paths(&groups[0]["records"]),
            ["a.kif#0", "b.kifu#0", "c.csa#0", "d.jkf#0", "e.usi#0"]
        );
        // The interrupted copy is reported as a prefix, not as the same game.
        assert_eq!(paths(&groups[0]["prefixes"]), ["p.usi#0"]);
        assert_eq!(groups[0]["prefixes"][0]["plies"], 3);
        assert_eq!(paths(&groups[1]["records"]), ["two.csa#0", "two.csa#1"]);
        // --prefix: the same game.
        let groups = json(d.path(), &["--prefix"]);
        assert_eq!(paths(&groups[0]["records"]).len(), 6);
        assert!(groups[0]["prefixes"].as_array().unwrap().is_empty());
        let human = run_in(d.path(), &["dedup", "."], 0);
        assert!(
            human.starts_with("game 1 (6 plies): 5 records\n  ./a.kif#0\n"),
            "{human}"
        );
        assert!(human.contains("  ./p.usi#0 (prefix: 3 plies)\n"), "{human}");
    }

    /// Prefixes are found whether they come before or after the game they begin (one read of
    /// the inputs: the main lines are looked up afterwards).
    #[test]
    fn prefixes_before_and_after_the_full_game() {
        let dir = folder(&[
            ("a.usi", b"position startpos moves 7g7f\n"),
            ("b.usi", b"position startpos moves 7g7f 3c3d 2g2f 8c8d\n"),
            ("c.usi", b"position startpos moves 7g7f 3c3d 2g2f\n"),
            ("d.usi", b"position startpos moves 2g2f\n"),
        ]);
        let groups = json(dir.path(), &[]);
        assert_eq!(groups.len(), 1, "{groups:?}");
        assert_eq!(paths(&groups[0]["records"]), ["b.usi#0"]);
        assert_eq!(paths(&groups[0]["prefixes"]), ["a.usi#0", "c.usi#0"]);
        assert_eq!(groups[0]["prefixes"][1]["plies"], 3);
    }

    #[test]
    fn out_dir_keeps_one_record_per_game_and_never_touches_the_inputs() {
        let d = games();
        let before: Vec<(String, Vec<u8>)> = ["a.kif", "b.kifu", "c.csa", "two.csa"]
            .iter()
            .map(|n| (n.to_string(), std::fs::read(d.path().join(n)).unwrap()))
            .collect();
        let cases: [(&[&str], &str, &[&str]); 3] = [
            (&[], "first", &["a.kif", "p.usi", "two.0.csa"]),
            (
                &["--keep", "most-annotated", "--prefix"],
                "annotated",
                &["b.kifu", "two.0.csa"],
            ),
            (
                &["--keep", "longest"],
                "longest",
                &["a.kif", "p.usi", "two.0.csa"],
            ),
        ];
        for (flags, dir, want) in cases {
            let mut args = vec!["dedup", ".", "-q", "--out-dir", dir];
            args.extend_from_slice(flags);
            run_in(d.path(), &args, 0);
            assert_eq!(listing(&d.path().join(dir)), want, "{flags:?}");
        }
        // A file of one record is copied byte for byte.
        assert_eq!(
            std::fs::read(d.path().join("first/a.kif")).unwrap(),
            before[0].1
        );
        for (name, bytes) in before {
            assert_eq!(
                std::fs::read(d.path().join(&name)).unwrap(),
                bytes,
                "{name}"
            );
        }
        // A folder that holds files already is refused.
        run_in(d.path(), &["dedup", "a.kif", "--out-dir", "first"], 2);
    }

    /// `--force`: a folder that is not empty is written into; a file there before the run is
    /// replaced, other files are left alone, and the outputs of one run never replace each
    /// other.
    #[test]
    fn force_replaces_only_files_that_existed_before_the_run() {
        let d = folder(&[
            ("in/x/g.usi", b"position startpos moves 7g7f 3c3d\n"),
            ("in/y/g.usi", b"position startpos moves 2g2f 8c8d\n"),
            ("out/g.usi", b"old\n"),
            ("out/keep.txt", b"mine\n"),
        ]);
        run_in(d.path(), &["dedup", "in", "--out-dir", "out"], 2);
        assert_eq!(std::fs::read(d.path().join("out/g.usi")).unwrap(), b"old\n");
        run_in(
            d.path(),
            &["dedup", "in", "--out-dir", "out", "--force", "-q"],
            0,
        );
        let read = |n: &str| std::fs::read_to_string(d.path().join("out").join(n)).unwrap();
        assert_eq!(read("g.usi"), "position startpos moves 7g7f 3c3d\n");
        assert_eq!(read("g-2.usi"), "position startpos moves 2g2f 8c8d\n");
        assert_eq!(read("keep.txt"), "mine\n");
        // --force needs --out-dir.
        run_in(d.path(), &["dedup", "in", "--force"], 2);
    }
}

/// The keeper's workflow of README and docs/cli.md, step by step: dedup a folder, find every
/// game of a player, join a season into one CSA file, split it back.
#[test]
fn a_keepers_workflow() {
    let moves = "７六歩(77) ３四歩(33) ２六歩(27)";
    let a = kifu("2024/05/01", "名人戦", "藤井", "豊島", "平手", moves);
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(&a);
    let a_again = a.replace("手数----", "*保存した棋譜\n手数----");
    let c = kifu(
        "2024/05/20",
        "名人戦",
        "豊島",
        "藤井",
        "平手",
        "２六歩(27) ８四歩(83)",
    );
    let e = kifu("2023/01/01", "王将戦", "羽生", "佐藤", "平手", "５六歩(57)");
    let d = folder(&[
        ("downloads/a.kif", &sjis),
        ("downloads/b.kifu", a_again.as_bytes()),
        ("downloads/c.kifu", c.as_bytes()),
        ("downloads/e.kifu", e.as_bytes()),
    ]);
    let groups = run_in(d.path(), &["dedup", "downloads", "-q"], 0);
    assert!(
        groups.starts_with("game 1 (3 plies): 2 records\n"),
        "{groups}"
    );
    run_in(
        d.path(),
        &[
            "dedup",
            "downloads",
            "-q",
            "--keep",
            "most-annotated",
            "--out-dir",
            "unique",
        ],
        0,
    );
    assert_eq!(
        listing(&d.path().join("unique")),
        ["b.kifu", "c.kifu", "e.kifu"]
    );
    let fujii = run_in(d.path(), &["find", "unique", "--player", "藤井", "-q"], 0);
    assert_eq!(lines(&fujii), ["unique/b.kifu#0", "unique/c.kifu#0"]);
    let season = run_in(
        d.path(),
        &[
            "find",
            "unique",
            "--event",
            "名人戦",
            "--date",
            "2024/04..2024/06",
            "-q",
        ],
        0,
    );
    let list: Vec<&str> = season
        .lines()
        .map(|l| l.split('#').next().unwrap())
        .collect();
    std::fs::write(d.path().join("season.txt"), list.join("\n")).unwrap();
    run_in(
        d.path(),
        &[
            "join",
            "--files-from",
            "season.txt",
            "-o",
            "meijin-2024.csa",
            "-q",
        ],
        0,
    );
    let joined = std::fs::read_to_string(d.path().join("meijin-2024.csa")).unwrap();
    assert_eq!(joined.matches("\n/\n").count(), 1, "{joined}");
    run_in(
        d.path(),
        &["split", "meijin-2024.csa", "--out-dir", "meijin-2024", "-q"],
        0,
    );
    assert_eq!(
        listing(&d.path().join("meijin-2024")),
        ["2024-05-01_藤井-豊島.csa", "2024-05-20_豊島-藤井.csa"]
    );
}

mod split_join {
    use super::*;

    /// Three games, each in the writer's form of `format` (as `convert` writes it).
    fn three(format: &str) -> (tempfile::TempDir, Vec<Vec<u8>>) {
        let d = folder(&[
            ("src/1.csa", b"V2.2\nN+Sato\nN-Suzuki\n$START_TIME:2024/05/01 10:00:00\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n" as &[u8]),
            ("src/2.csa", b"V2.2\nN+Sato\nN-Suzuki\n$START_TIME:2024/05/01 15:00:00\nPI\n+\n+2726FU\n-8384FU\n%TORYO\n"),
            ("src/3.csa", b"V2.2\nN+Ta/naka\nPI\n+\n+5756FU\n%TORYO\n"),
        ]);
        let mut originals = Vec::new();
        for i in 1..=3 {
            let out = format!("one/{i}.{format}");
            run_in(
                d.path(),
                &["convert", &format!("src/{i}.csa"), "-o", &out, "-q"],
                0,
            );
            originals.push(std::fs::read(d.path().join(out)).unwrap());
        }
        (d, originals)
    }

    #[test]
    fn join_then_split_gives_back_the_same_records_in_every_multi_game_format() {
        for format in ["csa", "sfen", "usi", "jkf"] {
            let (d, originals) = three(format);
            let all = format!("all.{format}");
            let inputs: Vec<String> = (1..=3).map(|i| format!("one/{i}.{format}")).collect();
            let mut args: Vec<&str> = vec!["join"];
            args.extend(inputs.iter().map(String::as_str));
            args.extend(["-o", &all, "-q"]);
            run_in(d.path(), &args, 0);
            let joined = std::fs::read_to_string(d.path().join(&all)).unwrap();
            match format {
                "csa" => assert_eq!(joined.matches("\n/\n").count(), 2, "{joined}"),
                "jkf" => assert!(joined.starts_with('['), "{joined}"),
                _ => assert_eq!(joined.lines().count(), 3, "{joined}"),
            }
            run_in(d.path(), &["split", &all, "--out-dir", "parts", "-q"], 0);
            let names = listing(&d.path().join("parts"));
            assert_eq!(names.len(), 3, "{format}: {names:?}");
            let mut got: Vec<Vec<u8>> = names
                .iter()
                .map(|n| std::fs::read(d.path().join("parts").join(n)).unwrap())
                .collect();
            let mut want = originals.clone();
            if format == "jkf" {
                // The elements of a joined array are compact, one a line (split writes them as
                // they stand): the same JSON as convert's pretty form.
                let compact = |b: &Vec<u8>| {
                    let v: serde_json::Value = serde_json::from_slice(b).unwrap();
                    serde_json::to_vec(&v).unwrap()
                };
                assert!(got.iter().all(|b| !b.trim_ascii_end().contains(&b'\n')));
                got = got.iter().map(compact).collect();
                want = want.iter().map(compact).collect();
                assert_eq!(joined.lines().count(), 5, "{joined}");
            }
            got.sort();
            want.sort();
            assert_eq!(got, want, "{format}");
            if format == "csa" {
                // Named from the headers; the same date and players twice get -2.
                assert_eq!(
                    names,
                    [
                        "2024-05-01_Sato-Suzuki-2.csa",
                        "2024-05-01_Sato-Suzuki.csa",
                        "Ta_naka.csa"
                    ]
                );
            }
            if format == "usi" {
                assert_eq!(names, ["all.0.usi", "all.1.usi", "all.2.usi"]);
            }
        }
    }

    /// `split` writes each record's own bytes where it knows them (between the `/` lines of a
    /// CSA file, a line of a USI list), in the input's encoding: nothing convert would change
    /// (a time on the move's line, remarks, the order of lines) is lost.
    #[test]
    fn split_keeps_each_records_own_bytes_and_encoding() {
        let games = [
            "V2.2\nN+佐藤\nN-鈴木\n'一局目\nPI\n+\n+7776FU,T3\n-3334FU,T5\n%TORYO\n",
            "N+佐藤\nN-田中\nPI\n+\n+2726FU\n'*評価値 30\n%CHUDAN\n",
        ];
        let text = games.join("/\n");
        let (sjis, _, bad) = encoding_rs::SHIFT_JIS.encode(&text);
        assert!(!bad);
        let usi = b"startpos moves 7g7f 3c3d\r\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f\r\n";
        // A JKF array in its producer's own layout: each element is written as it stands.
        let jkf_elements = [
            r#"{"header":{"先手":"甲"},   "moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU","color":0}}]}"#,
            "{ \"header\" : { \"先手\" : \"乙\" },\n  \"moves\" : [ {} ] }",
        ];
        let jkf = format!("[ {} ,\n {}]\n", jkf_elements[0], jkf_elements[1]);
        let d = folder(&[
            ("games.csa", &sjis),
            ("list.usi", usi),
            ("arr.jkf", jkf.as_bytes()),
        ]);
        run_in(
            d.path(),
            &[
                "split",
                "games.csa",
                "list.usi",
                "arr.jkf",
                "--out-dir",
                "parts",
                "-q",
            ],
            0,
        );
        let names = listing(&d.path().join("parts"));
        assert_eq!(
            names,
            [
                "list.0.usi",
                "list.1.usi",
                "乙.jkf",
                "佐藤-田中.csa",
                "佐藤-鈴木.csa",
                "甲.jkf"
            ]
        );
        let read = |n: &str| std::fs::read(d.path().join("parts").join(n)).unwrap();
        let sjis_of = |s: &str| encoding_rs::SHIFT_JIS.encode(s).0.into_owned();
        assert_eq!(read("佐藤-鈴木.csa"), sjis_of(games[0]));
        // The file's version line stands for every game of it.
        assert_eq!(
            read("佐藤-田中.csa"),
            sjis_of(&format!("V2.2\n{}", games[1]))
        );
        assert_eq!(read("list.0.usi"), b"startpos moves 7g7f 3c3d\r\n");
        assert_eq!(read("list.1.usi"), &usi[26..]);
        assert_eq!(read("甲.jkf"), format!("{}\n", jkf_elements[0]).as_bytes());
        assert_eq!(read("乙.jkf"), format!("{}\n", jkf_elements[1]).as_bytes());
    }

    /// `join` takes convert's filters: each record is changed before it is joined.
    #[test]
    fn join_filters_every_record() {
        let kif = kifu(
            "2024/05/01",
            "練習",
            "甲",
            "乙",
            "平手",
            "７六歩(77) ３四歩(33)",
        )
        .replace("   2 ３四歩(33)\n", "   2 ３四歩(33)\n*a comment\n")
            + "\n変化：2手\n   2 ８四歩(83)\n";
        let csa = "V2.2\nN+Sato\nPI\n+\n+2726FU,T3\n'*engine\n-8384FU,T5\n%TORYO\n";
        let d = folder(&[("a.kifu", kif.as_bytes()), ("b.csa", csa.as_bytes())]);
        let joined = |extra: &[&str]| {
            let mut args = vec!["join", "a.kifu", "b.csa", "-o", "all.csa", "-q", "--force"];
            args.extend_from_slice(extra);
            run_in(d.path(), &args, 0);
            std::fs::read_to_string(d.path().join("all.csa")).unwrap()
        };
        let plain = joined(&[]);
        assert!(
            plain.contains("'*a comment") || plain.contains("'a comment"),
            "{plain}"
        );
        assert!(plain.contains("\nT3\n"), "{plain}");
        let filtered = joined(&[
            "--no-comments",
            "--no-times",
            "--main-line-only",
            "--no-variations",
            "--header",
            "event=Season 2024",
        ]);
        assert!(
            !filtered.contains("comment") && !filtered.contains("engine"),
            "{filtered}"
        );
        assert!(!filtered.contains("\nT"), "{filtered}");
        assert_eq!(
            filtered.matches("$EVENT:Season 2024").count(),
            2,
            "{filtered}"
        );
        assert_eq!(filtered.matches("\n/\n").count(), 1, "{filtered}");
    }

    #[test]
    fn split_never_replaces_and_join_refuses_single_game_formats() {
        let (d, _) = three("csa");
        run_in(d.path(), &["join", "src", "-o", "all.csa", "-q"], 0);
        run_in(d.path(), &["split", "all.csa", "--out-dir", "p", "-q"], 0);
        run_in(d.path(), &["split", "all.csa", "--out-dir", "p", "-q"], 0);
        assert_eq!(listing(&d.path().join("p")).len(), 6);
        run_in(d.path(), &["join", "src", "-o", "all.kif"], 2);
        // An existing file is kept without --force.
        run_in(d.path(), &["join", "src", "-o", "all.csa"], 2);
        run_in(
            d.path(),
            &["join", "src", "-o", "all.csa", "--force", "-q"],
            0,
        );
    }
}

mod convert_filters {
    use super::*;

    const KIF: &str = "棋戦：練習\n先手：甲\n後手：乙\n手数----指手---------消費時間--\n*開始前\n   1 ７六歩(77)   ( 0:05/00:00:05)\n*いい手\n   2 ３四歩(33)   ( 0:03/00:00:08)\n   3 投了\n\n変化：2手\n   2 ８四歩(83)   ( 0:01/00:00:06)\n";

    fn convert(dir: &Path, to: &str, args: &[&str]) -> String {
        let mut all = vec![
            "convert",
            "g.kifu",
            "--to",
            to,
            "--output-encoding",
            "utf-8",
        ];
        all.extend_from_slice(args);
        let out = tool().current_dir(dir).args(&all).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    }

    #[test]
    fn header_is_set_in_every_format() {
        let d = folder(&[("g.kifu", KIF.as_bytes())]);
        for (to, expect) in [
            ("kif", "棋戦：名人戦"),
            ("kifu", "棋戦：名人戦"),
            ("ki2", "棋戦：名人戦"),
            ("ki2u", "棋戦：名人戦"),
            ("csa", "$EVENT:名人戦"),
            ("jkf", "\"棋戦\": \"名人戦\""),
        ] {
            let out = convert(
                d.path(),
                to,
                &["--header", "event=名人戦", "--header", "記録係=某"],
            );
            assert!(out.contains(expect), "{to}: {out}");
            assert!(!out.contains("練習"), "{to}: {out}");
            assert!(out.contains("某"), "{to}: {out}");
        }
        // SFEN and USI carry no header: said, and refused with --strict.
        for to in ["sfen", "usi"] {
            let out = tool()
                .current_dir(d.path())
                .args(["convert", "g.kifu", "--to", to, "--header", "event=X"])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0));
            run_in(
                d.path(),
                &[
                    "convert", "g.kifu", "--to", to, "--header", "event=X", "--strict",
                ],
                2,
            );
        }
    }

    #[test]
    fn comments_times_and_variations_go_on_request() {
        let d = folder(&[("g.kifu", KIF.as_bytes())]);
        let plain = convert(d.path(), "kifu", &[]);
        assert!(plain.contains("*いい手") && plain.contains("変化：") && plain.contains("0:05"));
        let out = convert(d.path(), "kifu", &["--no-comments"]);
        assert!(!out.contains("いい手") && !out.contains("開始前") && out.contains("変化："));
        let out = convert(d.path(), "kifu", &["--no-variations"]);
        assert!(!out.contains("変化：") && !out.contains("８四歩") && out.contains("*いい手"));
        let out = convert(d.path(), "kifu", &["--main-line-only"]);
        assert!(!out.contains("変化：") && out.contains("投了"));
        let out = convert(d.path(), "csa", &["--no-times"]);
        assert!(!out.contains("\nT"), "{out}");
        let out = convert(d.path(), "csa", &[]);
        assert!(out.contains("\nT5"), "{out}");
    }
}

/// `find --opening NAME` and `--castle NAME` select by the names the tool gives each side;
/// a side may be named, and a wrong name or side is refused with why.
#[test]
fn find_selects_by_opening_and_castle_names() {
    let shiken = "startpos moves 7g7f 1c1d 6g6f 9c9d 2h6h 1d1e 8h7g 9d9e 5i4h 4a4b 4h3h 6a6b \
                  3h2h 4b4a 3i3h 6b6a 6i5h 4a4b 4g4f 6a6b 5h4g 4b4a\n";
    let yagura = "startpos moves 7g7f 1c1d 6g6f 9c9d 7i6h 1d1e 6h7g 9d9e 6i7h 4a4b 4i5h 6a6b \
                  5h6g 4b4a 8h7i 6b6a 7i6h 4a4b 5i6i 6a6b 6i7i 4b4a 7i8h 6b6a\n";
    let dir = folder(&[
        ("shiken.usi", shiken.as_bytes()),
        ("yagura.usi", yagura.as_bytes()),
    ]);
    let d = dir.path();
    assert_eq!(
        lines(&run_in(d, &["find", "--opening", "四間飛車", "."], 0)),
        ["./shiken.usi#0"]
    );
    assert_eq!(
        lines(&run_in(d, &["find", "--opening", "black:矢倉", "."], 0)),
        ["./yagura.usi#0"]
    );
    assert!(run_in(d, &["find", "--opening", "white:矢倉", "."], 0).is_empty());
    assert_eq!(
        lines(&run_in(d, &["find", "--castle", "高美濃囲い", "."], 0)),
        ["./shiken.usi#0"]
    );
    assert_eq!(
        lines(&run_in(
            d,
            &[
                "find",
                "--opening",
                "振り飛車",
                "--castle",
                "先手:金矢倉",
                "."
            ],
            0
        )),
        Vec::<&str>::new()
    );
    // An alias finds its name; moves still work as before.
    assert_eq!(
        lines(&run_in(d, &["find", "--castle", "本美濃", "."], 0)),
        ["./shiken.usi#0"]
    );
    assert_eq!(
        lines(&run_in(
            d,
            &["find", "--opening", "7g7f 1c1d 6g6f 9c9d 7i6h", "."],
            0
        )),
        ["./yagura.usi#0"]
    );
    let out = tool()
        .current_dir(d)
        .args(["find", "--castle", "四間飛車", "."])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is a strategy, not a castle"));
}
