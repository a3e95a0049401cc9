//! The small variants (`shogi_tool::variant`): perft suites from Fairy-Stockfish and an
//! independent Shogi 3x4 implementation (`testdata/perft/<variant>.perft`, made by
//! `scripts/variant_reference.py`), random legal games that must validate clean and end in the
//! oracle's final position (`testdata/variants/`), foul fixtures (`testdata/variant-fouls/`,
//! with the JSON `validate` must print), a property test per variant, and the CLI.
//!
//! Perft counts above 200,000 leaves run only with `SHOGI_TOOL_FULL_PERFT=1`. Regenerate the
//! fixtures' JSON with `UPDATE_EXPECT=1 cargo test --test integration variants::` and review the diff.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

use crate::common;
use shogi_tool::formats::usi;
use shogi_tool::record::replay::{replay, ReplayOptions};
use shogi_tool::shogi::{Position, Square};
use shogi_tool::variant::{perft, VKind, VMove, VPosition, VRules, Variant, Venue};

const SMALL: [Variant; 5] = [
    Variant::Minishogi,
    Variant::Gorogoro,
    Variant::GorogoroPlus,
    Variant::Torishogi,
    Variant::Dobutsu,
];

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(rel)
}

fn bin() -> Command {
    Command::cargo_bin("shogi-tool").unwrap()
}

// ------------------------------------------------------------------ perft suites

struct Case {
    id: String,
    sfen: String,
    depths: Vec<(u32, u64)>,
}

/// A suite: its variant, the venue whose rules it counts (`rules VENUE`, Little Golem's by
/// default), its cases.
fn read_suite(path: &Path) -> (Variant, Venue, Vec<Case>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut variant = None;
    let mut venue = Venue::LittleGolem;
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "variant" => variant = Some(rest.parse::<Variant>().unwrap()),
            "rules" => {
                venue = match rest {
                    "littlegolem" => Venue::LittleGolem,
                    "fairy-stockfish" => Venue::FairyStockfish,
                    _ => panic!("{}: unknown venue `{rest}`", path.display()),
                }
            }
            "id" => cases.push(Case {
                id: rest.to_string(),
                sfen: String::new(),
                depths: Vec::new(),
            }),
            "sfen" => cases.last_mut().unwrap().sfen = rest.to_string(),
            "perft" => {
                let (d, c) = rest.split_once(' ').unwrap();
                let case = cases.last_mut().unwrap();
                case.depths.push((d.parse().unwrap(), c.parse().unwrap()));
            }
            _ => panic!("{}: unknown line `{line}`", path.display()),
        }
    }
    (variant.expect("a `variant` line"), venue, cases)
}

fn run_suite(v: Variant) {
    run_suite_file(v, v.name());
}

/// Runs `testdata/perft/NAME.perft`, a suite of `v`, under the rules it names.
fn run_suite_file(v: Variant, name: &str) {
    let path = data(&format!("perft/{name}.perft"));
    let (variant, venue, cases) = read_suite(&path);
    assert_eq!(variant, v);
    let rule = VRules {
        venue,
        ..VRules::default()
    }
    .promotion_rule_in(v);
    assert!(
        cases.len() >= 11,
        "{v}: the start and at least 10 random positions"
    );
    let full = std::env::var_os("SHOGI_TOOL_FULL_PERFT").is_some();
    let mut failures = Vec::new();
    for case in &cases {
        let pos = VPosition::from_sfen_as(&case.sfen, Some(v))
            .unwrap_or_else(|e| panic!("{}: {e}", case.id))
            .with_promotion_rule(rule);
        for &(depth, expected) in &case.depths {
            if expected > 200_000 && !full {
                continue;
            }
            let got = perft(&pos, depth);
            if got != expected {
                failures.push(format!(
                    "{v} {} depth {depth}: expected {expected}, got {got}",
                    case.id
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn perft_minishogi() {
    run_suite(Variant::Minishogi);
}

#[test]
fn perft_gorogoro() {
    run_suite(Variant::Gorogoro);
}

#[test]
fn perft_gorogoroplus() {
    run_suite(Variant::GorogoroPlus);
}

#[test]
fn perft_torishogi() {
    run_suite(Variant::Torishogi);
}

/// Fairy-Stockfish's own Tori Shogi (compulsory promotion), the rules of `--rules
/// fairy-stockfish`.
#[test]
fn perft_torishogi_compulsory() {
    run_suite_file(Variant::Torishogi, "torishogi-compulsory");
}

#[test]
fn perft_dobutsu() {
    run_suite(Variant::Dobutsu);
}

/// The generic core plays standard shogi too: it must agree with the tuned core.
#[test]
fn generic_core_agrees_with_the_standard_core() {
    for sfen in [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "7nk/7p1/9/7N1/9/9/9/9/4K4 b GLP 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    ] {
        let fast = Position::from_sfen(sfen).unwrap();
        let generic = VPosition::from_sfen_as(sfen, Some(Variant::Standard)).unwrap();
        for d in 1..=2 {
            assert_eq!(
                perft(&generic, d),
                shogi_tool::shogi::perft::perft(&fast, d),
                "{sfen} depth {d}"
            );
        }
    }
}

// ------------------------------------------------------------------ random games

#[test]
fn random_games_validate_clean_and_end_in_the_oracles_position() {
    for v in SMALL {
        let games = std::fs::read_to_string(data(&format!("variants/{}.usi", v.name()))).unwrap();
        let finals =
            std::fs::read_to_string(data(&format!("variants/{}.final", v.name()))).unwrap();
        let records = usi::read_as(&games, Some(v));
        let finals: Vec<&str> = finals.lines().collect();
        assert!(records.len() >= 10, "{v}");
        assert_eq!(records.len(), finals.len(), "{v}");
        for (k, (rec, fin)) in records.iter().zip(&finals).enumerate() {
            let (plies, oracle) = fin.split_once('\t').unwrap();
            assert!(rec.errors.is_empty(), "{v} game {k}: {:?}", rec.errors);
            assert_eq!(rec.variant(), v, "{v} game {k}");
            let rep = replay(rec, &ReplayOptions::default());
            assert!(rep.fouls.is_empty(), "{v} game {k}: {:?}", rep.fouls);
            assert!(rep.errors.is_empty(), "{v} game {k}: {:?}", rep.errors);
            assert_eq!(rep.plies, plies.parse::<usize>().unwrap(), "{v} game {k}");
            let ours = rep.variant_positions.last().unwrap();
            let theirs = VPosition::from_sfen_as(oracle, Some(v)).unwrap();
            let strip = |p: &VPosition| p.to_sfen().rsplit_once(' ').unwrap().0.to_string();
            assert_eq!(strip(ours), strip(&theirs), "{v} game {k}");
        }
    }
}

/// Every SFEN/USI game of `testdata/variants/` and `testdata/variant-fouls/`, replayed under
/// each venue's rules: plies, outcome, fouls, warnings, errors and the final position, one line
/// a game, compared with `testdata/variants/expected/usi/replays.txt` (made by the variant line
/// reader and replay of `formats/usi/variant_game.rs` before they were deleted;
/// `UPDATE_EXPECT=1` rewrites it).
#[test]
fn sfen_games_replay_as_the_frozen_transcript_says() {
    let mut files: Vec<PathBuf> = ["variants", "variant-fouls"]
        .iter()
        .flat_map(|d| std::fs::read_dir(data(d)).unwrap().flatten())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "usi"))
        .collect();
    files.sort();
    let mut got = String::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.strip_prefix(data("")).unwrap().display().to_string();
        for venue in [Venue::LittleGolem, Venue::FairyStockfish] {
            let rules = VRules {
                venue,
                ..VRules::default()
            };
            for (line, summary) in replay_summaries(&text, rules) {
                got.push_str(&format!("{name}:{line} {venue:?} {summary}\n"));
            }
        }
    }
    assert_matches_expected("variants/expected/usi/replays.txt", &got);
}

/// Each game of an SFEN/USI text with its line and a summary of its replay under `rules`,
/// read by the one SFEN/USI reader and judged by the one replay (a read error counts among
/// the errors, as the old line replay counted it).
fn replay_summaries(text: &str, rules: VRules) -> Vec<(u32, String)> {
    usi::read(text)
        .iter()
        .map(|rec| {
            let options = ReplayOptions {
                variant_rules: rules,
                ..ReplayOptions::default()
            };
            let rep = replay(rec, &options);
            let fouls: Vec<String> = rep
                .fouls
                .iter()
                .map(|f| format!("{}@{}", f.code, f.ply))
                .collect();
            let warnings: Vec<String> = rep.warnings.iter().map(|w| w.code.to_string()).collect();
            let errors: Vec<String> = rec
                .errors
                .iter()
                .map(|e| e.code.to_string())
                .chain(rep.errors.iter().map(|e| e.code.to_string()))
                .collect();
            let last = rep
                .variant_positions
                .last()
                .map(|p| p.to_sfen())
                .unwrap_or_default();
            (
                rec.source.line,
                format!(
                    "plies={} outcome={}/{:?} fouls={fouls:?} warnings={warnings:?} errors={errors:?} final={last}",
                    rep.plies, rep.outcome.reason, rep.outcome.winner
                ),
            )
        })
        .collect()
}

#[test]
fn cli_validates_random_games_and_prints_the_final_positions() {
    for v in SMALL {
        let path = data(&format!("variants/{}.usi", v.name()));
        // Detected from the SFEN boards, no --variant needed.
        bin().arg("validate").arg(&path).assert().success();
        let out = bin()
            .args(["positions", "--final", "--variant", v.name()])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success());
        let finals =
            std::fs::read_to_string(data(&format!("variants/{}.final", v.name()))).unwrap();
        for (line, fin) in String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .zip(finals.lines())
        {
            let oracle = VPosition::from_sfen_as(fin.split_once('\t').unwrap().1, Some(v)).unwrap();
            let ours = VPosition::from_sfen_as(line, Some(v)).unwrap();
            assert_eq!(
                ours.to_sfen().rsplit_once(' ').unwrap().0,
                oracle.to_sfen().rsplit_once(' ').unwrap().0
            );
        }
    }
}

// ------------------------------------------------------------------ property test

/// A small deterministic generator (no dependency on the order of a hash map or a crate).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Every board move (any source and destination on the board, with and without promotion)
/// and every drop of every kind of the game.
fn every_move(pos: &VPosition) -> Vec<VMove> {
    let squares: Vec<Square> = pos.squares().collect();
    let mut out = Vec::new();
    for &from in &squares {
        for &to in &squares {
            for promote in [false, true] {
                out.push(VMove::Normal { from, to, promote });
            }
        }
    }
    for &kind in pos.variant().kinds() {
        for k in [kind, kind.promote().unwrap_or(kind)] {
            for &to in &squares {
                out.push(VMove::Drop { kind: k, to });
            }
        }
    }
    out
}

#[test]
fn along_random_games_generated_moves_are_legal_and_others_get_a_reason() {
    let mut rng = Lcg(17);
    for v in SMALL {
        for game in 0..4 {
            let mut pos = VPosition::start(v);
            for ply in 0..60 {
                if pos.is_over() {
                    // A 3x4 campmate ended the game (later moves are `moves-after-end`).
                    break;
                }
                let legal = pos.legal_moves();
                for m in every_move(&pos) {
                    let verdict = pos.diagnose(m);
                    assert_eq!(
                        verdict.is_ok(),
                        legal.contains(&m),
                        "{v} game {game} ply {ply} {}: {} {:?}",
                        pos.to_sfen(),
                        pos.usi(m),
                        verdict
                    );
                    if let Err(f) = verdict {
                        assert!(!f.code().as_str().is_empty() && !f.to_string().is_empty());
                    }
                }
                if legal.is_empty() {
                    break;
                }
                pos.play(legal[rng.below(legal.len())]).unwrap();
            }
        }
    }
}

#[test]
fn kinds_outside_the_game_cannot_be_dropped() {
    let pos = VPosition::start(Variant::Minishogi);
    let f = pos
        .diagnose(VMove::Drop {
            kind: VKind::Lance,
            to: Square::new(3, 3).unwrap(),
        })
        .unwrap_err();
    assert_eq!(f.code(), "illegal-move");
}

// ------------------------------------------------------------------ foul fixtures

#[test]
fn every_variant_foul_fixture_gives_its_expected_json() {
    let dir = data("variant-fouls");
    let names = common::fixture_names(&dir);
    for v in SMALL {
        assert!(
            names.iter().any(|n| n.starts_with(v.name())),
            "no fixture for {v}"
        );
    }
    let mut failures = Vec::new();
    for name in &names {
        let Some((out, got)) = common::validate_against_expected(&dir, name, &mut failures) else {
            continue;
        };
        let has_foul = got.contains("\"fouls\":[{");
        assert_eq!(out.status.code(), Some(i32::from(has_foul)), "{name}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ------------------------------------------------------------------ command line

#[test]
fn perft_takes_a_variant_or_detects_it() {
    bin()
        .args(["perft", "--variant", "mini", "3"])
        .assert()
        .success()
        .stdout("2512\n");
    bin()
        .args(["perft", "--sfen", "gle/1c1/1C1/ELG[-] w 0 1", "4"])
        .assert()
        .success()
        .stdout("346\n");
    bin()
        .args(["perft", "--variant", "5x6+", "--divide", "1"])
        .assert()
        .success()
        .stdout(predicates::str::contains("L*5b: 1").and(predicates::str::ends_with("39\n")));
}

/// One perft for every game: a variant's takes `--no-bulk` and is estimated, and refused
/// without `--force`, like standard shogi's (main's variant route ran any depth blindly).
#[test]
fn perft_of_a_variant_takes_every_option_of_standard_shogis() {
    bin()
        .args(["perft", "--variant", "tori", "--no-bulk", "3"])
        .assert()
        .success()
        .stdout("5445\n");
    bin()
        .args(["perft", "--variant", "mini", "12"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("perft 12 would count about"))
        .stderr(predicates::str::contains("give --force to run it anyway"));
}

#[test]
fn sfen_errors_name_field_and_byte() {
    bin()
        .args([
            "perft",
            "--variant",
            "minishogi",
            "--sfen",
            "rbsgk/4p/6/P4/KGSBR b - 1",
            "1",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "SFEN board field, byte 9: rank 3 has 6 files, this variant (minishogi) has 5",
        ));
}

#[test]
fn a_record_of_another_variant_is_an_error_naming_both() {
    let out = bin()
        .args(["validate", "--format", "json", "--variant", "tori"])
        .arg(data("variant-fouls/minishogi-nifu.usi"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let s = String::from_utf8(out.stdout).unwrap();
    assert!(
        s.contains("the record is minishogi (5x5 board), but --variant says torishogi"),
        "{s}"
    );
}

#[test]
fn impasse_is_for_standard_shogi_only() {
    bin()
        .args(["impasse", "--sfen", "rbsgk/4p/5/P4/KGSBR b - 1"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("standard shogi only"));
    // A variant's file met while walking a folder is refused too, the others are read.
    let out = in_root()
        .args(["impasse", "testdata/stats-variants"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("testdata/stats-variants/mini.usi#0: `impasse` scores entering-king (impasse) points, a rule of standard shogi only; Mini Shogi 5x5 (minishogi) has no such rule"),
        "{err}"
    );
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("standard.usi#0"));
}

#[test]
fn board_moves_and_drops_show_variant_positions() {
    bin()
        .args(["board", "--variant", "3x4", "--sfen", "startpos"])
        .assert()
        .success()
        .stdout(predicates::str::contains("Shogi 3x4 (dobutsu)"));
    bin()
        .args(["moves", "--variant", "dobutsu", "--sfen", "startpos"])
        .assert()
        .success()
        .stdout("1d1c\n2c2b\n2d3c\n2d1c\n");
    bin()
        .args(["drops", "--sfen", "3k3/7/7/2S4/2S4/7/3K3 b S 1"])
        .assert()
        .success()
        .stdout(predicates::str::contains("5c: swallow-file"));
}

/// `--sfen` of `board`, `moves` and `drops` (and `perft`, which loads its position the same
/// way): standard, minishogi, Tori Shogi and Shogi 3x4 positions, with moves, and the errors
/// of bad SFENs, bad move words, fouls and another game than `--variant`, compared with the
/// transcript `testdata/variants/expected/sfen/cli.txt` (made by the variant line reader
/// `formats/usi/variant_game.rs` before it was deleted; `UPDATE_EXPECT=1` rewrites it).
#[test]
fn sfen_positions_and_errors_are_those_of_the_transcript() {
    let cases: &[&[&str]] = &[
        &["board", "--sfen", "rbsgk/4p/5/P4/KGSBR b - 1"],
        &[
            "moves",
            "--sfen",
            "sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1d",
        ],
        &[
            "moves",
            "--sfen",
            "rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1d resign",
        ],
        &[
            "board",
            "--variant",
            "mini",
            "--sfen",
            "startpos moves 1e1d",
        ],
        &["board", "--variant", "tori", "--sfen", "startpos"],
        &[
            "moves",
            "--sfen",
            "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1 moves 4g5f",
        ],
        &["drops", "--sfen", "3k3/7/7/2S4/2S4/7/3K3 b S 1"],
        &["drops", "--variant", "mini", "--sfen", "startpos"],
        &["board", "--sfen", "3/L2/3/2l b - 1 moves 3b3a"],
        &[
            "board",
            "--sfen",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        ],
        &["moves", "--sfen", "startpos moves 7g7f"],
        &["board", "--sfen", "rbsgk/4p/6/P4/KGSBR b - 1"],
        &["board", "--sfen", "rbsgk/4p/5/P4/KGSBR x - 1"],
        &[
            "board",
            "--variant",
            "mini",
            "--sfen",
            "rbsgk/4p/6/P4/KGSBR b - 1",
        ],
        &[
            "board",
            "--variant",
            "mini",
            "--sfen",
            "rbsgk/4p/5/P4/KGSBR x - 1",
        ],
        &[
            "perft",
            "--variant",
            "minishogi",
            "--sfen",
            "rbsgk/4p/6/P4/KGSBR b - 1",
            "1",
        ],
        &["board", "--sfen", "rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1x"],
        &[
            "board",
            "--sfen",
            "rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1d foo",
        ],
        &[
            "board",
            "--sfen",
            "rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1d 1a1b 1d1c",
        ],
        &[
            "board",
            "--variant",
            "dobutsu",
            "--sfen",
            "position startpos moves 2c2b 2b2a",
        ],
        &[
            "moves",
            "--sfen",
            "position sfen 3/L2/3/2l b - 1 moves 3b3a 1d1c",
        ],
        &[
            "board",
            "--variant",
            "tori",
            "--sfen",
            "rbsgk/4p/5/P4/KGSBR b - 1",
        ],
        &[
            "board",
            "--variant",
            "gorogoro",
            "--sfen",
            "rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1d",
        ],
        &[
            "board",
            "--variant",
            "standard",
            "--sfen",
            "rbsgk/4p/5/P4/KGSBR b - 1",
        ],
        &[
            "board",
            "--variant",
            "mini",
            "--sfen",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        ],
        &[
            "moves",
            "--variant",
            "tori",
            "--rules",
            "fairy-stockfish",
            "--sfen",
            "3k3/7/2S4/7/7/7/3K3 b - 1",
        ],
        &["board", "--variant", "mini"],
    ];
    let mut got = String::new();
    for args in cases {
        let out = bin().args(*args).output().unwrap();
        got.push_str(&format!(
            "$ shogi-tool {}\n{}{}[exit {}]\n\n",
            args.join(" "),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
            out.status.code().unwrap_or(-1)
        ));
    }
    assert_matches_expected("variants/expected/sfen/cli.txt", &got);
}

use predicates::prelude::PredicateBooleanExt;

#[test]
fn convert_writes_variant_records_as_sfen_and_usi() {
    let path = data("variant-fouls/dobutsu-campmate.usi");
    bin()
        .args(["convert", "--to", "usi"])
        .arg(&path)
        .assert()
        .success()
        .stdout("position sfen 3/L2/3/2l b - 1 moves 3b3a\n");
    // KIF carries the variants; as for standard shogi, it writes what the record states (this
    // one states no ending, so no `まで…` summary of the replay's verdict); CSA cannot.
    bin()
        .args(["convert", "--to", "kifu"])
        .arg(&path)
        .assert()
        .success()
        .stdout(
            predicates::str::contains("手合割：どうぶつしょうぎ\n")
                .and(predicates::str::ends_with("   1 ３一ライオン(32)\n")),
        );
    bin()
        .args(["convert", "--to", "csa"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("CSA has no syntax"));
}

// ------------------------------------------------------------------ stats and detection

/// The tool run in the repository's root, so that paths (and the inputs' fingerprint) are
/// the relative ones of the expected outputs.
fn in_root() -> Command {
    let mut c = bin();
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn stdout_of(c: &mut Command) -> String {
    let out = c.output().unwrap();
    assert!(
        out.status.code() == Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Compares with `testdata/stats-variants.expected/NAME` (`UPDATE_EXPECT=1` rewrites it).
fn expect(name: &str, got: &str) {
    let path = data("stats-variants.expected").join(name);
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&path, got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert_eq!(got, want, "{}", path.display());
}

#[test]
fn stats_breaks_a_mixed_collection_down_by_variant_in_every_format() {
    // One standard record, three minishogi, one Tori Shogi (.sfen), one Shogi 3x4: each file
    // found by walking the folder, its variant by its board.
    for (format, name) in [
        ("json", "stats.json"),
        ("csv", "stats.csv"),
        ("human", "stats.txt"),
    ] {
        let got = stdout_of(in_root().args([
            "stats",
            "-q",
            "--format",
            format,
            "testdata/stats-variants",
        ]));
        expect(name, &got);
    }
}

#[test]
fn stats_rows_name_the_variant_of_each_record() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.jsonl");
    stdout_of(
        in_root()
            .args([
                "stats",
                "-q",
                "--format",
                "json",
                "testdata/stats-variants",
                "--games",
            ])
            .arg(&games),
    );
    expect("games.jsonl", &std::fs::read_to_string(&games).unwrap());
}

#[test]
fn stats_of_variant_shards_merge_into_one_run_and_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let whole =
        stdout_of(in_root().args(["stats", "-q", "--format", "json", "testdata/stats-variants"]));
    let mut parts = Vec::new();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let part = stdout_of(in_root().args([
            "stats",
            "-q",
            "--format",
            "json",
            "--shard",
            &shard,
            "testdata/stats-variants",
        ]));
        let path = dir.path().join(format!("part{k}.json"));
        std::fs::write(&path, part).unwrap();
        parts.push(path);
    }
    let merged = stdout_of(
        in_root()
            .args(["stats", "--format", "json", "--merge"])
            .args(&parts),
    );
    assert_eq!(merged, whole);
    // The JSON read back by --merge prints itself again, in every format.
    let one = dir.path().join("whole.json");
    std::fs::write(&one, &whole).unwrap();
    let again = stdout_of(
        in_root()
            .args(["stats", "--format", "json", "--merge"])
            .arg(&one),
    );
    assert_eq!(again, whole);
    let csv = stdout_of(
        in_root()
            .args(["stats", "--format", "csv", "--merge"])
            .arg(&one),
    );
    expect("stats.csv", &csv);
    let v: serde_json::Value = serde_json::from_str(&whole).unwrap();
    assert_eq!(v["records"], 6);
    assert_eq!(v["variants"]["minishogi"]["records"], 3);
    assert_eq!(v["summary"]["variants"]["standard"]["records"], 1);
}

#[test]
fn standard_input_and_walked_folders_are_detected_like_named_files() {
    let mini = std::fs::read_to_string(data("stats-variants/mini.usi")).unwrap();
    let run = |c: &mut Command| {
        let out = c.output().unwrap();
        assert_eq!(out.status.code(), Some(1)); // the nifu
        String::from_utf8(out.stdout).unwrap()
    };
    let named = run(in_root().args([
        "validate",
        "--format",
        "json",
        "testdata/stats-variants/mini.usi",
    ]));
    let stdin = run(in_root()
        .args(["validate", "--format", "json"])
        .write_stdin(mini.clone()));
    // Read as every input: the encoding's reason is the content's on standard input.
    assert_eq!(
        stdin,
        named
            .replace(
                "\"path\":\"testdata/stats-variants/mini.usi\"",
                "\"path\":\"-\""
            )
            .replace(
                "\"encoding_reason\":\"extension\"",
                "\"encoding_reason\":\"ascii\""
            )
    );
    assert!(stdin.starts_with("{\"variant\":\"minishogi\""), "{stdin}");
    // A folder mixing standard and variant records: every record replayed by its own rules.
    let out = in_root()
        .args(["validate", "--format", "json", "testdata/stats-variants"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1)); // the minishogi nifu
    let text = String::from_utf8(out.stdout).unwrap();
    let variants: Vec<String> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            format!(
                "{}#{}:{}",
                v["path"].as_str().unwrap(),
                v["record"],
                v["variant"].as_str().unwrap_or("standard")
            )
        })
        .collect();
    assert_eq!(
        variants,
        [
            "testdata/stats-variants/dobutsu.usi#0:dobutsu",
            "testdata/stats-variants/mini.usi#0:minishogi",
            "testdata/stats-variants/mini.usi#1:minishogi",
            "testdata/stats-variants/mini.usi#2:minishogi",
            "testdata/stats-variants/standard.usi#0:standard",
            "testdata/stats-variants/tori.sfen#0:torishogi",
        ]
    );
    // positions: standard input and a walked folder too.
    let fin = stdout_of(
        in_root()
            .args(["positions", "--final"])
            .write_stdin("sfen 3/L2/3/2l b - 1 moves 3b3a\n"),
    );
    assert_eq!(fin, "L2/3/3/2l w - 2\n");
    let fin = stdout_of(in_root().args(["positions", "--ply", "0", "testdata/stats-variants"]));
    assert_eq!(fin.lines().count(), 6);
    assert!(
        fin.lines().any(|l| l == "rbsgk/4p/5/P4/KGSBR b - 1"),
        "{fin}"
    );
}

#[test]
fn a_record_of_another_variant_than_the_option_is_an_error_everywhere() {
    let both = "the record is minishogi (5x5 board), but --variant says";
    for args in [
        vec![
            "validate",
            "--format",
            "json",
            "--variant",
            "standard",
            "testdata/stats-variants",
        ],
        vec!["validate", "--format", "json", "--variant", "tori", "-"],
    ] {
        let out = in_root()
            .args(&args)
            .write_stdin("sfen rbsgk/4p/5/P4/KGSBR b - 1\n")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let s = String::from_utf8(out.stdout).unwrap();
        assert!(s.contains(both), "{args:?}: {s}");
    }
    for args in [
        vec![
            "stats",
            "-q",
            "--format",
            "json",
            "--variant",
            "gorogoro",
            "testdata/stats-variants/mini.usi",
        ],
        vec![
            "positions",
            "--variant",
            "dobutsu",
            "testdata/stats-variants/mini.usi",
        ],
        vec![
            "board",
            "--variant",
            "tori",
            "testdata/stats-variants/mini.usi",
        ],
        vec![
            "moves",
            "--variant",
            "standard",
            "testdata/stats-variants/mini.usi",
        ],
    ] {
        let out = in_root().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(text.contains(both), "{args:?}: {text}");
    }
}

#[test]
fn venue_rules_and_the_perpetual_check_option_decide_repetitions() {
    let dir = tempfile::tempdir().unwrap();
    let mini = dir.path().join("rep.usi");
    std::fs::write(
        &mini,
        format!(
            "sfen rbsgk/4p/5/P4/KGSBR b - 1 moves{}\nsfen 4k/5/5/5/K2R1 b - 1 moves{}\n",
            " 1e1d 1a2b 1d1e 2b1a".repeat(3),
            " 2e1e 1a2a 1e2e 2a1a".repeat(3)
        ),
    )
    .unwrap();
    let outcomes = |extra: &[&str]| -> Vec<String> {
        let out = bin()
            .args(["validate", "--format", "json"])
            .args(extra)
            .arg(&mini)
            .output()
            .unwrap();
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                format!(
                    "{}/{}",
                    v["outcome"]["reason"].as_str().unwrap(),
                    v["outcome"]["winner"].as_str().unwrap_or("none")
                )
            })
            .collect()
    };
    assert_eq!(outcomes(&[]), ["repetition/none", "repetition/none"]);
    assert_eq!(
        outcomes(&["--rules", "littlegolem"]),
        ["repetition/none", "repetition/none"]
    );
    assert_eq!(
        outcomes(&["--perpetual-check-loses"]),
        ["repetition/none", "perpetual-check/white"]
    );
    assert_eq!(
        outcomes(&["--rules", "fairy-stockfish"]),
        ["repetition/white", "perpetual-check/white"]
    );
    assert_eq!(
        outcomes(&["--rules", "PyChess"]),
        ["repetition/white", "perpetual-check/white"]
    );
    // stats counts the outcomes the rules give.
    let v: serde_json::Value = serde_json::from_str(&stdout_of(
        bin()
            .args([
                "stats",
                "-q",
                "--format",
                "json",
                "--rules",
                "fairy-stockfish",
            ])
            .arg(&mini),
    ))
    .unwrap();
    assert_eq!(v["outcome_winners"]["repetition/white"], 1);
    assert_eq!(v["outcome_winners"]["perpetual-check/white"], 1);
    // Standard shogi keeps its rules whatever the option says.
    let std_rep = format!(
        "position startpos moves{}",
        " 5i4h 5a4b 4h5i 4b5a".repeat(3)
    );
    for extra in [&[][..], &["--rules", "fairy-stockfish"][..]] {
        let out = stdout_of(
            bin()
                .args(["validate", "--format", "json", "--from", "usi"])
                .args(extra)
                .arg("-")
                .write_stdin(std_rep.clone()),
        );
        assert!(out.contains("\"reason\":\"repetition\""), "{out}");
        assert!(out.contains("\"winner\":null"), "{out}");
    }
}

/// Issue 27: Tori Shogi promotion is optional under the Little Golem rules (only a swallow
/// reaching the last rank must promote); Fairy-Stockfish's compulsory promotion is the rule
/// of `--rules fairy-stockfish`.
#[test]
fn regression_tori_promotion_is_optional_at_little_golem() {
    let run = |args: &[&str]| {
        let out = bin().args(args).output().unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    let sfen = "3k3/7/2S4/7/7/7/3K3 b - 1";
    let (code, text) = run(&["moves", "--variant", "torishogi", "--sfen", sfen]);
    assert_eq!(code, Some(0));
    assert!(
        text.contains("5c5b+   promotion: optional\n5c5b    promotion: optional\n"),
        "{text}"
    );
    let (_, text) = run(&[
        "moves",
        "--variant",
        "torishogi",
        "--sfen",
        sfen,
        "--rules",
        "fairy-stockfish",
    ]);
    assert!(text.contains("5c5b+   promotion: forced\n"), "{text}");
    assert!(!text.contains("5c5b    "), "{text}");
    assert_eq!(run(&["perft", "--variant", "tori", "3"]).1, "5445\n");
    assert_eq!(
        run(&[
            "perft",
            "--variant",
            "tori",
            "--rules",
            "fairy-stockfish",
            "3"
        ])
        .1,
        "5430\n"
    );
    let (_, text) = run(&["guide", "--variant", "tori"]);
    assert!(!text.contains("must promote when it moves into"), "{text}");
    assert!(
        text.contains(
            "may promote when it moves into, within or out of the far two ranks; never has to"
        ),
        "{text}"
    );
    // A falcon moving within the zone unpromoted: clean here, a foul at Fairy-Stockfish.
    let game = data("variant-fouls/torishogi-falcon-may-stay-unpromoted.usi");
    let game = game.to_str().unwrap();
    let (code, text) = run(&["validate", "--format", "json", game]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("\"fouls\":[]"), "{text}");
    let (code, text) = run(&[
        "validate",
        "--format",
        "json",
        "--rules",
        "fairy-stockfish",
        game,
    ]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("\"code\":\"illegal-promotion\""), "{text}");
}

/// Issue 27: a 3x4 position set up with a lion already on its far rank. `moves` and `perft`
/// said the game was over while `validate` played a move from it; now both play on (no move
/// reached the far rank, so there is no campmate yet).
#[test]
fn regression_a_lion_set_up_on_the_far_rank_is_one_answer() {
    let sfen = "3/1+C1/3/L1l b - 1";
    let out = bin().args(["moves", "--sfen", sfen]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l.starts_with("3d3c")), "{text}");
    let out = bin().args(["perft", "--sfen", sfen, "1"]).output().unwrap();
    let n: u64 = String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert_eq!(n as usize, text.lines().count());
    assert!(n > 0);
    let out = bin()
        .args(["validate", "--format", "json", "-"])
        .write_stdin(format!("sfen {sfen} moves 3d3c\n"))
        .output()
        .unwrap();
    let json = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{json}");
    assert!(json.contains("\"fouls\":[]"), "{json}");
}

/// `got` equals the expected file `name` under testdata (rewritten when `UPDATE_EXPECT` is set,
/// from the code the transcript pins).
fn assert_matches_expected(name: &str, got: &str) {
    let path = data(name);
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert_eq!(got, want, "{}", path.display());
}
