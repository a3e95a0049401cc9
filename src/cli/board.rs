//! `shogi-tool board [PATH --ply N | --sfen SFEN] [--format text|svg] [--highlight SQ...]
//! [--letters]`: a position as a KIF board diagram or an SVG picture.
//!
//! Also home of [`PositionArgs`], the way `board`, `drops` and `moves` choose their position:
//! a record (by default the final position of the first record's main line) or an SFEN.

use std::io::Write;

use anyhow::{bail, Context};
use shogi_tool::batch::{self, Input, ReadOptions};
use shogi_tool::record::Format;
use shogi_tool::shogi::Square;
use shogi_tool::text::{Encoding, EncodingChoice};
use shogi_tool::views::{self, board_svg::BoardPicture, board_text, Located, PieceStyle};

use super::exit::ExitCode;

/// Where the position to show comes from.
#[derive(Debug, Clone, clap::Args)]
pub struct PositionArgs {
    /// A record file (`-` for standard input); with neither PATH nor --sfen, standard input is
    /// read.
    #[arg(value_name = "PATH", conflicts_with = "sfen")]
    pub path: Option<String>,
    /// The position after ply N of the main line (0 = the start); by default the final one.
    #[arg(long, value_name = "N", conflicts_with = "sfen")]
    pub ply: Option<usize>,
    /// Which record of a multi-game file, counted from 0.
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub record: usize,
    /// A position instead of a record: an SFEN or `startpos`, optionally followed by `moves`
    /// and USI moves.
    #[arg(long, value_name = "SFEN")]
    pub sfen: Option<String>,
    /// The format of the record, instead of detecting it.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    pub from: Option<Format>,
    /// The encoding of the record: auto, utf-8, shift_jis, euc-jp, utf-16le or utf-16be.
    #[arg(long, value_name = "ENC", default_value = "auto", value_parser = parse_encoding)]
    pub encoding: EncodingChoice,
}

fn parse_format(s: &str) -> Result<Format, String> {
    Format::from_name(s).ok_or_else(|| {
        format!("unknown format `{s}`: expected kif, kifu, ki2, ki2u, csa, sfen, usi or jkf")
    })
}

fn parse_encoding(s: &str) -> Result<EncodingChoice, String> {
    if s.eq_ignore_ascii_case("auto") {
        return Ok(EncodingChoice::Auto);
    }
    Encoding::from_name(s)
        .map(EncodingChoice::Forced)
        .ok_or_else(|| {
            format!("unknown encoding `{s}`: expected auto, utf-8, shift_jis, euc-jp, utf-16le or utf-16be")
        })
}

/// Reads a square for the command line.
pub fn parse_square_arg(s: &str) -> Result<Square, String> {
    views::parse_square(s).ok_or_else(|| {
        format!("`{s}` is not a square: expected USI such as 5e, digits such as 55, or ５五")
    })
}

impl PositionArgs {
    /// The position, and whether the record had read errors (reported on standard error: the
    /// position is still shown, as far as the record could be read, and the exit status is 2).
    pub fn locate(&self) -> anyhow::Result<(Located, bool)> {
        if let Some(sfen) = &self.sfen {
            return Ok((views::located_from_sfen(sfen)?, false));
        }
        let input = match self.path.as_deref() {
            None | Some("-") => Input::Stdin,
            Some(p) => Input::File(p.into()),
        };
        let options = ReadOptions {
            from: self.from,
            encoding: self.encoding,
            ..ReadOptions::default()
        };
        let file = batch::read_input(&input, &options);
        if let Some(message) = &file.error {
            bail!("{message}");
        }
        let Some(record) = file.records.get(self.record) else {
            bail!(
                "{} holds {} record(s); there is no record {} (records are counted from 0)",
                file.path,
                file.records.len(),
                self.record
            );
        };
        let mut failed = false;
        for e in &record.errors {
            eprintln!(
                "shogi-tool: {}:{}:{}: {}",
                file.path, e.line, e.column, e.message
            );
            failed = true;
        }
        let located = views::located_in_record(record, self.ply)
            .with_context(|| format!("{}#{}", file.path, self.record))?;
        Ok((located, failed))
    }
}

/// The picture formats of `board`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BoardFormat {
    /// The KIF board diagram (BOD).
    Text,
    /// An SVG picture.
    Svg,
}

/// Arguments of `board`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = BoardFormat::Text)]
    pub format: BoardFormat,
    /// Squares to highlight in the SVG picture (5e, 55 or ５五), separated by spaces or commas.
    #[arg(long, value_name = "SQ", num_args = 1.., value_delimiter = ',', value_parser = parse_square_arg)]
    pub highlight: Vec<Square>,
    /// English piece letters (K R B G S N L P, + for promoted) instead of kanji.
    #[arg(long)]
    pub letters: bool,
}

/// The piece style the `--letters` flag asks for.
pub fn style(letters: bool) -> PieceStyle {
    if letters {
        PieceStyle::Letters
    } else {
        PieceStyle::Kanji
    }
}

/// Writes `s` to standard output.
pub fn print(s: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(s.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The exit status of a command whose record did or did not have read errors.
pub fn status(failed: bool) -> ExitCode {
    if failed {
        ExitCode::Error
    } else {
        ExitCode::Success
    }
}

/// Prints the diagram or picture.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (located, failed) = args.position.locate()?;
    let style = style(args.letters);
    let out = match args.format {
        BoardFormat::Text => board_text::located(&located, style),
        BoardFormat::Svg => {
            let mut picture = BoardPicture::new(&located.position, style);
            picture.last_move = located.last_square();
            picture.highlight = args.highlight;
            picture.to_svg()
        }
    };
    print(&out)?;
    Ok(status(failed))
}
