//! The SFEN/USI reader: one record a line.

use crate::record::ErrorCode;
use crate::record::{
    Ending, EndingKind, MoveEntry, MoveTree, NodeKind, ReadError, ReadIssue, Record, Start,
};
use crate::shogi::{Color, Handicap, Move, Setup};
use crate::variant::{VPosition, Variant};

/// Reads every record of an SFEN/USI list: one per non-blank, non-comment line.
pub fn read(text: &str) -> Vec<Record> {
    read_as(text, None)
}

/// Reads every record of an SFEN/USI list as [`read`] does, with `forced` (`--variant`):
/// `startpos` is that variant's start, and a record of another game is an error naming both.
pub fn read_as(text: &str, forced: Option<Variant>) -> Vec<Record> {
    Lines::new(text)
        .map(|span| read_span_as(text, &span, forced))
        .collect()
}

/// The line `raw` (the `line_no`-th, 1-based) without its `\r` (and, on the first line, the
/// byte-order mark), or `None` when it holds no record (blank or a comment).
fn record_line(raw: &str, line_no: u32) -> Option<&str> {
    let mut line = raw.strip_suffix('\r').unwrap_or(raw);
    if line_no == 1 {
        line = line.strip_prefix('\u{feff}').unwrap_or(line);
    }
    let trimmed = line.trim_start();
    let skipped = trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with("//");
    (!skipped).then_some(line)
}

/// The lines of a list that hold a record, one at a time (as [`crate::formats::csa::Span`]s of one
/// line each, without the `\n`), so that a list of many games need not be read whole: reading
/// each with [`read_span_as`] gives what [`read`] gives.
#[derive(Clone, Debug)]
pub(crate) struct Lines<'a> {
    text: &'a str,
    at: usize,
    line_no: u32,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(text: &'a str) -> Lines<'a> {
        Lines::starting_at(text, 1)
    }

    /// The record lines of `text`, a piece of a bigger list that starts at the start of its
    /// line `first_line`: the spans' lines are the bigger list's.
    pub(crate) fn starting_at(text: &'a str, first_line: u32) -> Lines<'a> {
        Lines {
            text,
            at: 0,
            line_no: first_line.saturating_sub(1),
        }
    }
}

impl Iterator for Lines<'_> {
    type Item = crate::formats::csa::Span;

    fn next(&mut self) -> Option<crate::formats::csa::Span> {
        let bytes = self.text.as_bytes();
        while self.at <= bytes.len() {
            let start = self.at;
            // A line ends in LF, CRLF (its CR kept in the span, as the record's own bytes
            // are cut from it) or a CR alone (old Mac files).
            let mut end =
                memchr::memchr2(b'\n', b'\r', &bytes[start..]).map_or(bytes.len(), |i| start + i);
            if bytes.get(end) == Some(&b'\r') && bytes.get(end + 1) == Some(&b'\n') {
                end += 1;
            }
            self.at = end + 1;
            self.line_no = self.line_no.saturating_add(1);
            if record_line(&self.text[start..end], self.line_no).is_some() {
                return Some(crate::formats::csa::Span {
                    range: start..end,
                    first_line: self.line_no,
                    has_content: true,
                });
            }
        }
        None
    }
}

/// Reads the record on the line `span` of `text` (from [`Lines`]), `forced` as in [`read_as`].
pub(crate) fn read_span_as(
    text: &str,
    span: &crate::formats::csa::Span,
    forced: Option<Variant>,
) -> Record {
    let line_no = span.first_line;
    let raw = text.get(span.range.clone()).unwrap_or("");
    let line = record_line(raw, line_no).unwrap_or("");
    let mut record = Record::new();
    record.source.line = line_no;
    if let Err(issue) = read_line(line, line_no, forced, &mut record) {
        record.errors.push(issue);
    }
    record
}

/// The 1-based character column of byte offset `at` in `line` (one past the end when `at` is
/// at or beyond it).
fn column(line: &str, at: usize) -> u32 {
    let n = line.char_indices().take_while(|&(i, _)| i < at).count() + 1;
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Byte offset of `token` (a subslice of `line`) in `line`.
#[inline]
fn offset(line: &str, token: &str) -> usize {
    token.as_ptr() as usize - line.as_ptr() as usize
}

/// The ending a word stands for, with its canonical spelling; `to_move` is the side to move.
pub(super) fn ending_word(word: &str, to_move: Color) -> Option<(EndingKind, &'static str)> {
    const WORDS: [(&str, &str); 21] = [
        ("resign", "resign"),
        ("win", "win"),
        ("nyugyoku", "nyugyoku"),
        ("kachi", "kachi"),
        ("draw", "draw"),
        ("rep_draw", "rep_draw"),
        ("sennichite", "sennichite"),
        ("rep_win", "rep_win"),
        ("rep_lose", "rep_lose"),
        ("rep_sup", "rep_sup"),
        ("rep_inf", "rep_inf"),
        ("jishogi", "jishogi"),
        ("impasse", "impasse"),
        ("timeout", "timeout"),
        ("break", "break"),
        ("abort", "abort"),
        ("max_moves", "max_moves"),
        ("illegal", "illegal"),
        ("illegal_move", "illegal_move"),
        ("mate", "mate"),
        ("tsumi", "tsumi"),
    ];
    let (_, canonical) = WORDS.iter().find(|(w, _)| w.eq_ignore_ascii_case(word))?;
    let kind = match *canonical {
        "resign" => EndingKind::Resignation,
        "win" | "nyugyoku" | "kachi" => EndingKind::Declaration,
        "draw" => EndingKind::Draw,
        "rep_draw" | "sennichite" => EndingKind::Repetition,
        "rep_win" => EndingKind::PerpetualCheck,
        "rep_lose" => EndingKind::IllegalAction { loser: to_move },
        "jishogi" | "impasse" => EndingKind::Impasse,
        "timeout" => EndingKind::Timeout,
        "break" | "abort" => EndingKind::Abort,
        "max_moves" => EndingKind::MaxMoves,
        "illegal" | "illegal_move" => EndingKind::IllegalMove,
        "mate" | "tsumi" => EndingKind::Checkmate,
        // rep_sup, rep_inf.
        _ => EndingKind::Unknown,
    };
    Some((kind, canonical))
}

/// The start of a variant's SFEN `sfen` (`Ok(None)`: standard shogi's, read by
/// [`Setup::from_sfen`]), or the byte in `sfen` and the message of why it is no start of the
/// forced variant. A board of nine ranks is standard shogi's unless a variant is forced, so
/// standard lines are not read twice.
fn variant_start(
    sfen: &str,
    forced: Option<Variant>,
) -> Result<Option<VPosition>, (usize, String)> {
    let board = sfen.split_ascii_whitespace().next().unwrap_or("");
    let standard_forced = forced == Some(Variant::Standard);
    let forced = forced.filter(|&v| v != Variant::Standard);
    let named = forced.is_some()
        || board.contains('[')
        || board.bytes().filter(|&b| b == b'/').count() != 8;
    if !named {
        return Ok(None);
    }
    let message = |e: crate::variant::VSfenError| {
        let what = e.message.trim_end_matches('.');
        (e.byte, format!("the SFEN's {} field: {what}", e.field))
    };
    // Detect first; when the board is no variant's, read it as `--variant` says, so the error
    // says what that variant expects.
    let detected = match (VPosition::from_sfen_as(sfen, None), forced) {
        (Err(_), Some(v)) => VPosition::from_sfen_as(sfen, Some(v)),
        (d, _) => d,
    };
    match (detected, forced) {
        (Ok(p), Some(v)) if v != p.variant() => {
            // 5x6 without a lance or knight may still be gorogoroplus.
            if v == Variant::GorogoroPlus && p.variant() == Variant::Gorogoro {
                return VPosition::from_sfen_as(sfen, Some(v))
                    .map(Some)
                    .map_err(message);
            }
            Err((0, format!("the SFEN: {}", other_variant(p.variant(), v))))
        }
        (Ok(p), _) if p.variant() == Variant::Standard => Ok(None),
        (Ok(p), None) if standard_forced => Err((
            0,
            format!(
                "the SFEN: {}",
                other_variant(p.variant(), Variant::Standard)
            ),
        )),
        (Ok(p), _) => Ok(Some(p)),
        // A board no variant has: standard shogi's reader says why.
        (Err(_), None) => Ok(None),
        (Err(e), Some(_)) => Err(message(e)),
    }
}

/// The message of a record of `found` read with `--variant forced`.
fn other_variant(found: Variant, forced: Variant) -> String {
    format!(
        "the record is {found} ({}x{} board), but --variant says {forced}",
        found.files(),
        found.ranks()
    )
}

/// Reads one line into `record`; an error stops reading at the offending token.
fn read_line(
    line: &str,
    line_no: u32,
    forced: Option<Variant>,
    record: &mut Record,
) -> Result<(), ReadError> {
    let issue = |at: usize, message: String| {
        ReadIssue::new(ErrorCode::ParseError, line_no, column(line, at), message)
    };
    let mut tokens = line.split_ascii_whitespace();
    let Some(mut tok) = tokens.next() else {
        return Ok(());
    };
    let had_position = tok == "position";
    if had_position {
        tok = tokens.next().ok_or_else(|| {
            issue(
                line.len(),
                "Expected `startpos` or `sfen <SFEN>` after `position`, found the end of the line."
                    .into(),
            )
        })?;
    }

    // The start.
    let next: Option<&str>;
    let mut to_move = Color::Black;
    if tok == "startpos" {
        record.start = match forced {
            Some(v) if v != Variant::Standard => Start::Variant(VPosition::start(v)),
            _ => Start::Handicap(Handicap::Even),
        };
        next = tokens.next();
    } else {
        let first = if tok == "sfen" {
            tokens.next().ok_or_else(|| {
                issue(
                    line.len(),
                    "Expected an SFEN after `sfen`, found the end of the line.".into(),
                )
            })?
        } else {
            if !tok.contains('/') {
                let expected = if had_position {
                    "Expected `startpos` or `sfen <SFEN>` after `position`"
                } else {
                    "Expected `position`, `startpos`, `sfen` or an SFEN board at the start of the line"
                };
                return Err(issue(
                    offset(line, tok),
                    format!("{expected}, found `{tok}`."),
                ));
            }
            tok
        };
        let start = offset(line, first);
        let mut end = start + first.len();
        let mut fields = 1;
        let mut after = None;
        while fields < 4 {
            let Some(t) = tokens.next() else { break };
            if t == "moves" || (fields == 3 && !t.bytes().all(|b| b.is_ascii_digit())) {
                after = Some(t);
                break;
            }
            end = offset(line, t) + t.len();
            fields += 1;
        }
        if fields == 4 {
            after = tokens.next();
        }
        let sfen = &line[start..end];
        match variant_start(sfen, forced) {
            Ok(Some(p)) => {
                to_move = p.side_to_move();
                record.start = Start::Variant(p);
            }
            Err((byte, message)) => {
                let message = message.trim_end_matches('.');
                return Err(issue(start + byte, format!("Cannot read {message}.")));
            }
            Ok(None) => {
                let setup = Setup::from_sfen(sfen).map_err(|e| {
                    let at = if start + e.byte >= end {
                        after.map_or(end, |t| offset(line, t))
                    } else {
                        start + e.byte
                    };
                    let message = e.message.trim_end_matches('.');
                    issue(
                        at,
                        format!("Cannot read the SFEN's {} field: {message}.", e.field),
                    )
                })?;
                to_move = setup.side_to_move;
                record.start = Start::Position(setup).normalized();
            }
        }
        next = after;
    }

    match next {
        None => return Ok(()),
        Some(t @ "moves") => {
            // Each move is at least four characters and a space: room for all at once.
            let rest = line.len().saturating_sub(offset(line, t) + t.len());
            record.tree.reserve(rest / 5 + 2);
        }
        Some(t) => {
            return Err(issue(
                offset(line, t),
                format!(
                "Expected `moves` or the end of the line after the start position, found `{t}`."
            ),
            ))
        }
    }

    // The moves, then perhaps an ending.
    let variant = match &record.start {
        Start::Variant(p) => Some(p.clone()),
        _ => None,
    };
    let tree = &mut record.tree;
    let mut parent = MoveTree::ROOT;
    let mut ended: Option<&str> = None;
    for tok in tokens {
        let b = tok.as_bytes();
        if let Some(end) = ended {
            return Err(issue(
                offset(line, tok),
                format!(
                    "Unexpected `{tok}` after the ending `{end}`: an ending must be the last word of the line."
                ),
            ));
        }
        if let Some(p) = variant
            .as_ref()
            .filter(|_| b[0].is_ascii_digit() || b.get(1) == Some(&b'*'))
        {
            let Some(mv) = p.parse_usi(tok) else {
                return Err(issue(
                    offset(line, tok),
                    format!("`{tok}` is not a USI move of {}.", p.variant()),
                ));
            };
            parent = tree.push(parent, NodeKind::Move(MoveEntry::new(mv)), line_no);
            to_move = to_move.flip();
        } else if b[0].is_ascii_digit() || b.get(1) == Some(&b'*') {
            match Move::from_usi(tok) {
                Ok(mv) => {
                    parent = tree.push(parent, NodeKind::Move(MoveEntry::new(mv)), line_no);
                    to_move = to_move.flip();
                }
                Err(e) => {
                    let at = offset(line, tok) + e.byte;
                    return Err(issue(
                        at,
                        format!(
                            "`{tok}` is not a USI move: expected {} at character {} of it \
                             (moves look like 7g7f, 8h2b+ or P*5e).",
                            e.expected,
                            column(tok, e.byte)
                        ),
                    ));
                }
            }
        } else if tok.eq_ignore_ascii_case("(none)") {
            continue;
        } else if let Some((kind, _)) = ending_word(tok, to_move) {
            let mut ending = Ending::new(kind, tok);
            // `rep_win`: the side to move wins by the opponent's perpetual check; stated, so
            // the replay can compare it with who really checked.
            if ending.kind == EndingKind::PerpetualCheck {
                ending.stated_winner = Some(to_move);
            }
            tree.push(parent, NodeKind::Ending(Box::new(ending)), line_no);
            ended = Some(tok);
        } else {
            let moves = match &variant {
                Some(p) => format!("a USI move of {}", p.variant()),
                None => "a USI move (such as 7g7f, 8h2b+ or P*5e)".to_string(),
            };
            return Err(issue(
                offset(line, tok),
                format!(
                    "`{tok}` is neither {moves} nor an ending word (resign, win, draw, \
                     rep_draw, rep_win, timeout, break, ...)."
                ),
            ));
        }
    }
    Ok(())
}
