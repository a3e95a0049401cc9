//! `shogi-tool positions [PATH...] [--ply N | --final]`: the SFEN of every position of each
//! record's main line, streamed in input order; with `--format hcpe|psv`, the training
//! entries of the sound records instead (`training.rs`); with `--format json` one JSON
//! object a position naming its record, or `--with-path` the text lines prefixed by it.

use std::fmt::Write as _;
use std::io::Write as _;

use shogi_tool::record::replay::main_line_walk;
use shogi_tool::record::Record;
use shogi_tool::shogi::{DecimalText, Move, Position, SfenWriter};

use super::exit::ExitCode;
use super::inputs::{InputArgs, QUIET_HELP};
use super::records::for_each_record_or;

/// Arguments of `positions`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print only the bare SFEN after ply N (0 = the start), one line per record.
    #[arg(long, value_name = "N", conflicts_with = "final_only")]
    pub ply: Option<usize>,
    /// Print only the bare SFEN of the final position, one line per record.
    #[arg(long = "final")]
    pub final_only: bool,
    /// Begin each SFEN line with its record, `path#N` and a tab (control characters in the
    /// path, tab and line feed included, written `\u{XX}`).
    #[arg(long)]
    pub with_path: bool,
    #[command(flatten)]
    pub export: super::training::ExportArgs,
    #[arg(long, short = 'q', help = QUIET_HELP)]
    pub quiet: bool,
}

/// Prints positions; records that cannot be read are reported on standard error.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    use super::training::PositionsFormat;
    let json = args.export.format == PositionsFormat::Json;
    if args.with_path && args.export.format != PositionsFormat::Human {
        eprintln!(
            "{} --with-path prefixes the SFEN lines (--format human); the other formats name \
             no records or name them in their own fields",
            super::style::error()
        );
        return Ok(ExitCode::Error);
    }
    if !json && args.export.format != PositionsFormat::Human {
        return super::training::export(
            &args.input,
            &args.export,
            args.ply,
            args.final_only,
            args.quiet,
        );
    }
    let per_input = |input: &shogi_tool::batch::Input| {
        super::training::read_back_positions(
            input,
            args.input.max_file_size,
            args.ply,
            args.final_only,
        )
    };
    let style = if json {
        Style::Json
    } else if args.with_path {
        Style::WithPath
    } else {
        Style::Bare
    };
    // The record-naming forms are not yet given for training files (whose positions come by
    // their own route above): refused by name.
    let labelled = |input: &shogi_tool::batch::Input| {
        if style == Style::Bare {
            return per_input(input);
        }
        super::training::training_format(input)?;
        let route = "a training file";
        let mut c = super::records::Chunk::default();
        c.fail(format!(
            "{}: {} not yet given for {route}",
            input.display(),
            if json {
                "--format json is"
            } else {
                "--with-path is"
            }
        ));
        Some(vec![c])
    };
    for_each_record_or(&args.input, "", labelled, |record, input, c| {
        let mut label = Label::new(style, record, input);
        if record.variant_name().is_some() {
            variant_positions(record, &label, args.ply, args.final_only, c);
            return;
        }
        // The record's lines as bytes, checked to be UTF-8 once at the end, not once a line,
        // written into the chunk's own (empty) buffer so they are not copied again.
        let mut text: Vec<u8> = std::mem::take(&mut c.out).into_bytes();
        if args.ply.is_none() && !args.final_only {
            text.reserve(LINES_CAPACITY);
        }
        let mut last: Option<(usize, Option<Move>, Position)> = None;
        let mut found = false;
        let ok = main_line_walk(record, |ply, mv, pos| {
            match (args.ply, args.final_only) {
                (Some(n), _) => {
                    if ply == n {
                        label.line(&mut text, None, ply, mv, pos);
                        found = true;
                        return false;
                    }
                }
                (None, true) => last = Some((ply, mv, pos.clone())),
                (None, false) => label.line(&mut text, Some(ply), ply, mv, pos),
            }
            true
        });
        if !ok {
            c.out = String::from_utf8(text).expect("the lines are UTF-8");
            c.fail(format!(
                "{}#{}: the start position cannot be played",
                record.source.path, record.source.index
            ));
            return;
        }
        if let Some((ply, mv, pos)) = last {
            label.line(&mut text, None, ply, mv, &pos);
        }
        c.out = String::from_utf8(text).expect("the lines are UTF-8");
        if let (Some(n), false) = (args.ply, found) {
            c.fail(format!(
                "{}#{}: the main line has no ply {n}",
                record.source.path, record.source.index
            ));
        }
    })
}

/// The positions of a smaller variant's record (its main line as the replay carries it out,
/// under the default venue rules), written as [`Label::line`] writes a standard one's.
fn variant_positions(
    record: &Record,
    label: &Label,
    ply: Option<usize>,
    final_only: bool,
    c: &mut super::records::Chunk,
) {
    use shogi_tool::record::replay::{replay, ReplayOptions};
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
        (Some(n), _) if n < positions => line(&mut c.out, None, n),
        (Some(n), _) => c.fail(format!(
            "{}#{}: the main line has no ply {n}",
            record.source.path, record.source.index
        )),
        (None, true) => {
            if positions > 0 {
                line(&mut c.out, None, positions - 1);
            }
        }
        (None, false) => (0..positions).for_each(|n| line(&mut c.out, Some(n), n)),
    }
}

/// The bytes a record's lines are given room for at first when every position is listed (a game of some hundred plies at
/// about 70 bytes a line), so that few records grow their buffer more than once or twice.
const LINES_CAPACITY: usize = 16 * 1024;

/// How each position's line is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
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
    fn new(style: Style, record: &Record, input: &shogi_tool::batch::Input) -> Label {
        let source = &record.source;
        let head = match style {
            Style::Bare => String::new(),
            Style::WithPath => format!(
                "{}#{}\t",
                shogi_tool::text::escape_all_controls(&source.path),
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
