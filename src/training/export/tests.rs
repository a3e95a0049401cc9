//! The export on small records: what is written, what is left out and why.

use super::*;
use crate::formats::read_str;
use crate::record::Format;
use crate::shogi::Move;
use crate::training::entry::read_entry;

fn csa(text: &str) -> Record {
    read_str(text, Format::Csa).remove(0)
}

fn export(text: &str, options: &ExportOptions) -> Exported {
    export_record(&csa(text), options)
}

/// (SFEN, score, USI move, winner) of every entry.
fn entries(e: &Exported, format: TrainingFormat) -> Vec<(String, i16, String, Option<Color>)> {
    e.bytes
        .chunks(format.size())
        .map(|b| {
            let r = read_entry(format, b).unwrap();
            let sfen = Position::from_setup(&r.setup).unwrap().to_sfen();
            (sfen, r.score, r.mv.to_usi(), r.winner)
        })
        .collect()
}

const FLOODGATE: &str =
    "V2.2\nN+alice\nN-bob\n'black_rate:alice+x:3382.0\n'white_rate:bob+y:2900\nPI\n+\n\
+7776FU\nT1\n'** 113 -3334FU +2726FU\n-3334FU\nT2\n'** 126 +2726FU\n+2726FU\nT1\n-8384FU\n\
%TORYO\n'summary:toryo:alice lose:bob win\n";

#[test]
fn floodgate_scores_turn_to_the_side_to_move() {
    for format in [TrainingFormat::Hcpe, TrainingFormat::Psv] {
        let e = export(FLOODGATE, &ExportOptions::new(format));
        let got = entries(&e, format);
        let b = Some(Color::White); // black resigned
        assert_eq!(
            got,
            vec![
                (Position::startpos().to_sfen(), 113, "7g7f".into(), b),
                (
                    "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2".into(),
                    -126,
                    "3c3d".into(),
                    b
                ),
                (
                    "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3".into(),
                    0,
                    "2g2f".into(),
                    b
                ),
                (
                    "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4".into(),
                    0,
                    "8c8d".into(),
                    b
                ),
            ]
            .into_iter()
            .map(|(s, v, m, w): (String, i16, String, Option<Color>)| {
                // .hcpe keeps no move number: it reads back as 1.
                let s = if format == TrainingFormat::Hcpe {
                    let cut = s.rfind(' ').unwrap();
                    format!("{} 1", &s[..cut])
                } else {
                    s
                };
                (s, v, m, w)
            })
            .collect::<Vec<_>>()
        );
        assert_eq!(e.summary.positions, 4);
        assert_eq!(e.summary.eval_sources.get("floodgate"), Some(&2));
        assert_eq!(e.summary.eval_sources.get("none"), Some(&2));
    }
}

#[test]
fn psv_results_are_the_side_to_moves() {
    let e = export(FLOODGATE, &ExportOptions::new(TrainingFormat::Psv));
    let results: Vec<i8> = e.bytes.chunks(40).map(|b| b[38] as i8).collect();
    assert_eq!(results, [-1, 1, -1, 1]); // white won
    let plies: Vec<u16> = e
        .bytes
        .chunks(40)
        .map(|b| u16::from_le_bytes([b[36], b[37]]))
        .collect();
    assert_eq!(plies, [1, 2, 3, 4]);
    let hcpe = export(FLOODGATE, &ExportOptions::new(TrainingFormat::Hcpe));
    assert!(hcpe.bytes.chunks(38).all(|b| b[36] == 2 && b[37] == 0));
}

#[test]
fn positions_from_a_foul_on_are_left_out() {
    // White's 2nd move, a pawn drop on a file with a pawn (nifu), loses.
    let text = "V2.2\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \n\
P3-FU-FU-FU-FU-FU-FU-FU-FU * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \n\
P6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \n\
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\nP-00FU\n+\n+7776FU\n-0024FU\n+2726FU\n%TORYO\n";
    let e = export(text, &ExportOptions::new(TrainingFormat::Hcpe));
    assert_eq!(e.summary.positions, 1, "{:?}", e.summary);
    assert_eq!(e.summary.positions_left_out.get("after-foul"), Some(&2));
    let mut options = ExportOptions::new(TrainingFormat::Hcpe);
    options.keep.after_foul = true;
    assert_eq!(export(text, &options).summary.positions, 3);
}

#[test]
fn records_without_a_sound_result_are_left_out() {
    let aborted = "V2.2\nPI\n+\n+7776FU\n-3334FU\n%CHUDAN\n";
    let e = export(aborted, &ExportOptions::new(TrainingFormat::Hcpe));
    assert_eq!(e.summary.positions, 0);
    assert_eq!(e.summary.records_left_out.get("unknown-result"), Some(&1));
    let mut options = ExportOptions::new(TrainingFormat::Hcpe);
    options.keep.unknown_results = true;
    let kept = export(aborted, &options);
    assert_eq!(kept.summary.positions, 2);
    assert!(kept.bytes.chunks(38).all(|b| b[36] == 0)); // written as draws

    let false_mate = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n%TSUMI\n";
    let e = export(false_mate, &ExportOptions::new(TrainingFormat::Psv));
    assert_eq!(e.summary.records_left_out.get("result-mismatch"), Some(&1));
    let mut options = ExportOptions::new(TrainingFormat::Psv);
    options.keep.mismatches = true;
    // The mismatch kept, the game still has no result the replay can stand by.
    assert_eq!(
        export(false_mate, &options)
            .summary
            .records_left_out
            .get("unknown-result"),
        Some(&1)
    );
}

#[test]
fn draws_ratings_and_plies_filter() {
    let draw = "V3.0\n$MAX_MOVES:2\nPI\n+\n+7776FU\n-3334FU\n%MAX_MOVES\n";
    let e = export(draw, &ExportOptions::new(TrainingFormat::Hcpe));
    assert_eq!(e.summary.positions, 2);
    assert!(e.bytes.chunks(38).all(|b| b[36] == 0));
    let mut options = ExportOptions::new(TrainingFormat::Hcpe);
    options.exclude_draws = true;
    assert_eq!(
        export(draw, &options).summary.records_left_out.get("draw"),
        Some(&1)
    );

    let mut options = ExportOptions::new(TrainingFormat::Hcpe);
    options.min_rating = Some(3000.0);
    let e = export(FLOODGATE, &options);
    assert_eq!(e.summary.records_left_out.get("rating"), Some(&1)); // bob is 2900
    options.min_rating = Some(2900.0);
    assert_eq!(export(FLOODGATE, &options).summary.positions, 4);
    assert_eq!(
        export(draw, &options)
            .summary
            .records_left_out
            .get("no-rating"),
        Some(&1)
    );

    let mut options = ExportOptions::new(TrainingFormat::Hcpe);
    options.min_ply = Some(1);
    options.max_ply = Some(2);
    let e = export(FLOODGATE, &options);
    assert_eq!(e.summary.positions, 2);
    assert_eq!(e.summary.positions_left_out.get("ply-range"), Some(&2));
    let moves: Vec<Move> = e
        .bytes
        .chunks(38)
        .map(|b| read_entry(TrainingFormat::Hcpe, b).unwrap().mv)
        .collect();
    assert_eq!(moves[0].to_usi(), "3c3d");

    let mut options = ExportOptions::new(TrainingFormat::Hcpe);
    options.eval_missing = EvalMissing::Skip;
    let e = export(FLOODGATE, &options);
    assert_eq!(e.summary.positions, 2);
    assert_eq!(e.summary.positions_left_out.get("eval-missing"), Some(&2));
}

#[test]
fn unique_keeps_the_first_of_each_position() {
    let options = ExportOptions::new(TrainingFormat::Psv);
    let mut unique = Unique::new();
    let mut first = export(FLOODGATE, &options);
    unique.filter(&mut first, TrainingFormat::Psv);
    assert_eq!(first.summary.positions, 4);
    // The same opening transposed: 2g2f first, then 7g7f.
    let other = "V2.2\nPI\n+\n+2726FU\n-3334FU\n+7776FU\n-8384FU\n%TORYO\n";
    let mut second = export(other, &options);
    unique.filter(&mut second, TrainingFormat::Psv);
    // The start and the position before 8c8d were seen; the two others are new.
    assert_eq!(second.summary.positions, 2, "{:?}", second.summary);
    assert_eq!(second.summary.positions_left_out.get("duplicate"), Some(&2));
    assert_eq!(second.bytes.len(), 80);
    assert_eq!(unique.len(), 6);
    let mut total = first.summary.clone();
    total += &second.summary;
    assert_eq!(total.positions, 6);
    assert_eq!(total.records, 2);
}

#[test]
fn a_record_with_errors_is_left_out_unless_kept() {
    let text = "V2.2\nPI\n+\n+7776FU\n-3334XX\n%TORYO\n";
    let record = csa(text);
    assert!(!record.errors.is_empty());
    let e = export_record(&record, &ExportOptions::new(TrainingFormat::Hcpe));
    assert_eq!(e.summary.records_left_out.get("record-error"), Some(&1));
}
