//! `positions` as a library call: the SFEN of every position of a record's main line (or of
//! one, after a ply or the last), as the lines `positions` prints: `<ply>\t<sfen>`, the same
//! after `path#N\t`, or one JSON object a position ([`write_positions`]).

use std::fmt::Write as _;
use std::io::Write as _;

use crate::batch::Input;
use crate::record::replay::{main_line_walk, replay, ReplayOptions};
use crate::record::Record;
use crate::shogi::{DecimalText, Move, Position, SfenWriter};

/// Which positions of the main line are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Which {
    /// Every one, from the start, each with its ply.
    #[default]
    All,
    /// The one after this ply (0 = the start), bare.
    Ply(usize),
    /// The final one, bare.
    Final,
}

/// Appends to `out` the lines of the positions of `record` (read from `input`) that `which`
/// names, in `style`. The message says why when the record gives no such position (its start
/// cannot be played, its main line has no such ply); the lines written before stay in `out`.
pub fn write_positions(
    record: &Record,
    input: &Input,
    style: Style,
    which: Which,
    out: &mut String,
) -> Result<(), String> {
    let (ply, final_only) = match which {
        Which::All => (None, false),
        Which::Ply(n) => (Some(n), false),
        Which::Final => (None, true),
    };
    let mut label = Label::new(style, record, input);
    if record.variant_name().is_some() {
        return variant_positions(record, &label, ply, final_only, out);
    }
    // The record's lines as bytes, checked to be UTF-8 once at the end, not once a line,
    // written into the caller's buffer so they are not copied again.
    let mut text: Vec<u8> = std::mem::take(out).into_bytes();
    if which == Which::All {
        text.reserve(LINES_CAPACITY);
    }
    let mut last: Option<(usize, Option<Move>, Position)> = None;
    let mut found = false;
    let ok = main_line_walk(record, |p, mv, pos| {
        match which {
            Which::Ply(n) => {
                if p == n {
                    label.line(&mut text, None, p, mv, pos);
                    found = true;
                    return false;
                }
            }
            Which::Final => last = Some((p, mv, pos.clone())),
            Which::All => label.line(&mut text, Some(p), p, mv, pos),
        }
        true
    });
    let at = || format!("{}#{}", record.source.path, record.source.index);
    if !ok {
        *out = String::from_utf8(text).expect("the lines are UTF-8");
        return Err(format!("{}: the start position cannot be played", at()));
    }
    if let Some((p, mv, pos)) = last {
        label.line(&mut text, None, p, mv, &pos);
    }
    *out = String::from_utf8(text).expect("the lines are UTF-8");
    match (ply, found) {
        (Some(n), false) => Err(format!("{}: the main line has no ply {n}", at())),
        _ => Ok(()),
    }
}

/// The positions of a smaller variant's record (its main line as the replay carries it out,
/// under the default venue rules), written as [`Label::line`] writes a standard one's.
fn variant_positions(
    record: &Record,
    label: &Label,
    ply: Option<usize>,
    final_only: bool,
    out: &mut String,
) -> Result<(), String> {
    let report = replay(record, &ReplayOptions::default());
    let moves: Vec<String> = record
        .tree
        .main_line_moves()
        .map(|m| m.mv.to_string())
        .collect();
    let line = |out: &mut String, numbered: Option<usize>, n: usize| {
        let sfen = report.variant_positions[n].to_sfen();
        let mv = n
            .checked_sub(1)
            .and_then(|k| moves.get(k))
            .map(String::as_str);
        label.line_of(out, numbered, n, mv, &sfen);
    };
    let positions = report.variant_positions.len();
    match (ply, final_only) {
        (Some(n), _) if n < positions => line(out, None, n),
        (Some(n), _) => {
            return Err(format!(
                "{}#{}: the main line has no ply {n}",
                record.source.path, record.source.index
            ))
        }
        (None, true) => {
            if positions > 0 {
                line(out, None, positions - 1);
            }
        }
        (None, false) => (0..positions).for_each(|n| line(out, Some(n), n)),
    }
    Ok(())
}

/// The bytes a record's lines are given room for at first when every position is listed (a game of some hundred plies at
/// about 70 bytes a line), so that few records grow their buffer more than once or twice.
const LINES_CAPACITY: usize = 16 * 1024;

/// How each position's line is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// `<ply>\t<sfen>` (the bare SFEN for one position a record).
    Bare,
    /// The same after `path#N\t`.
    WithPath,
    /// A JSON object: `path` (and `path_bytes`), `record`, `ply`, `move`, `sfen`.
    Json,
}

/// What begins each line of one record: nothing, `path#N\t`, or the JSON object's opening.
struct Label {
    style: Style,
    head: String,
    /// Writes the record's positions in turn (rewriting only the ranks a move changed).
    sfen: SfenWriter,
    /// The ply last written, as text.
    ply: DecimalText,
}

impl Label {
    /// The label of `record`, read from `input`.
    fn new(style: Style, record: &Record, input: &Input) -> Label {
        let source = &record.source;
        let head = match style {
            Style::Bare => String::new(),
            Style::WithPath => format!(
                "{}#{}\t",
                crate::text::escape_all_controls(&source.path),
                source.index
            ),
            Style::Json => {
                let mut head = String::from("{\"path\":");
                head.push_str(&serde_json::to_string(&source.path).expect("a string serialises"));
                if let Some(bytes) = input.path_bytes() {
                    let _ = write!(head, ",\"path_bytes\":\"{bytes}\"");
                }
                let _ = write!(head, ",\"record\":{},\"ply\":", source.index);
                head
            }
        };
        Label {
            style,
            head,
            sfen: SfenWriter::new(),
            ply: DecimalText::new(),
        }
    }

    /// Appends the line of the position after `ply` (reached by `mv`): `numbered` puts the ply
    /// before the SFEN in the text forms (the JSON object always has it).
    fn line(
        &mut self,
        out: &mut Vec<u8>,
        numbered: Option<usize>,
        ply: usize,
        mv: Option<Move>,
        pos: &Position,
    ) {
        out.extend_from_slice(self.head.as_bytes());
        if self.style == Style::Json {
            self.push_ply(out, ply);
            out.extend_from_slice(b",\"move\":");
            match mv {
                Some(m) => {
                    let _ = write!(out, "\"{m}\"");
                }
                None => out.extend_from_slice(b"null"),
            }
            out.extend_from_slice(b",\"sfen\":\"");
            self.sfen_of(pos, mv, out);
            out.extend_from_slice(b"\"}\n");
            return;
        }
        if let Some(n) = numbered {
            self.push_ply(out, n);
            out.push(b'\t');
        }
        self.sfen_of(pos, mv, out);
        out.push(b'\n');
    }

    /// Appends the SFEN of `pos`: a step from the position last written when `mv` led to it
    /// (every position of the main line is written in turn, or only one a record).
    fn sfen_of(&mut self, pos: &Position, mv: Option<Move>, out: &mut Vec<u8>) {
        match mv {
            Some(mv) => self.sfen.write_next(pos, mv, out),
            None => self.sfen.write(pos, out),
        }
    }

    /// Appends the decimal digits of `ply` (stepped from the ply before).
    fn push_ply(&mut self, out: &mut Vec<u8>, ply: usize) {
        match u32::try_from(ply) {
            Ok(n) => {
                self.ply.set(n);
                out.extend_from_slice(self.ply.as_bytes());
            }
            Err(_) => push_usize(out, ply),
        }
    }
}

impl Label {
    /// [`Label::line`] for a position given by its SFEN and the move (USI) that reached it: a
    /// smaller variant's, whose positions are not the standard core's.
    fn line_of(
        &self,
        out: &mut String,
        numbered: Option<usize>,
        ply: usize,
        mv: Option<&str>,
        sfen: &str,
    ) {
        out.push_str(&self.head);
        if self.style == Style::Json {
            let mv = mv.map_or("null".to_string(), |m| format!("\"{m}\""));
            let _ = writeln!(out, "{ply},\"move\":{mv},\"sfen\":\"{sfen}\"}}");
            return;
        }
        if let Some(n) = numbered {
            let _ = write!(out, "{n}\t");
        }
        out.push_str(sfen);
        out.push('\n');
    }
}

/// Appends the decimal digits of `n`.
fn push_usize(out: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{read_input, ReadOptions};

    fn first_record_lines(style: Style, which: Which) -> (String, Result<(), String>) {
        let input = Input::File("testdata/samples/even-game.csa".into());
        let file = read_input(&input, &ReadOptions::default());
        let mut out = String::new();
        let r = write_positions(&file.records[0], &input, style, which, &mut out);
        (out, r)
    }

    #[test]
    fn every_position_is_numbered_and_one_is_bare() {
        let (all, r) = first_record_lines(Style::Bare, Which::All);
        assert!(r.is_ok());
        assert!(
            all.starts_with("0\tlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n"),
            "{all}"
        );
        let (one, r) = first_record_lines(Style::Bare, Which::Ply(1));
        assert!(r.is_ok());
        assert_eq!(one.lines().count(), 1);
        assert_eq!(
            all.lines().nth(1).unwrap().split('\t').nth(1),
            Some(one.trim_end())
        );
    }

    #[test]
    fn a_ply_past_the_end_is_said_and_json_names_the_record() {
        let (out, r) = first_record_lines(Style::Bare, Which::Ply(100_000));
        assert!(out.is_empty());
        assert!(r.unwrap_err().ends_with("the main line has no ply 100000"));
        let (json, _) = first_record_lines(Style::Json, Which::Final);
        let v: serde_json::Value = serde_json::from_str(json.trim_end()).unwrap();
        assert_eq!(v["record"], 0);
        assert!(v["sfen"].is_string());
    }

    #[test]
    fn digits_are_written_in_order() {
        let mut out = Vec::new();
        push_usize(&mut out, 10_203);
        assert_eq!(out, b"10203");
    }
}
