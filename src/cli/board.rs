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
use shogi_tool::views::{self, board_svg::BoardPicture, board_text, Located, PieceStyle};

use super::exit::ExitCode;
use super::inputs::ENCODING_HELP;
use super::values::{EncodingArg, FormatArg, SFEN_HELP};

/// Where the position to show comes from.
#[derive(Debug, Clone, clap::Args)]
pub struct PositionArgs {
    /// A record file (`-` for standard input); with neither PATH nor --sfen, standard input is
    /// read.
    #[arg(value_name = "PATH", conflicts_with = "sfen")]
    pub path: Option<std::path::PathBuf>,
    /// The position after ply N of the main line (0 = the start); by default the final one.
    #[arg(long, value_name = "N", conflicts_with = "sfen")]
    pub ply: Option<usize>,
    /// Which record of a multi-game file, counted from 0.
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub record: usize,
    #[arg(long, value_name = "SFEN", value_parser = super::variant::parse_any_sfen, help = SFEN_HELP)]
    pub sfen: Option<super::variant::AnySfen>,
    /// The format of the inputs, instead of detecting it.
    #[arg(long, value_name = "FORMAT", value_enum, ignore_case = true)]
    pub from: Option<FormatArg>,
    #[arg(
        long,
        value_name = "ENC",
        value_enum,
        ignore_case = true,
        default_value = "auto",
        alias = "input-encoding",
        help = ENCODING_HELP
    )]
    pub encoding: EncodingArg,
    /// The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+),
    /// torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN or record shows.
    #[arg(long, value_name = "NAME", ignore_case = true, value_parser = super::variant::variant_parser())]
    pub variant: Option<shogi_tool::variant::Variant>,
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
            return Ok((sfen.located()?.clone(), false));
        }
        let input = match &self.path {
            Some(p) if p.as_os_str() != "-" => Input::File(p.clone()),
            _ => Input::Stdin,
        };
        let options = ReadOptions {
            from: self.from.map(Format::from),
            encoding: self.encoding.into(),
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
                "{} {}:{}:{}: {}",
                super::style::error(),
                file.path,
                e.line,
                e.column,
                e.message
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
    #[value(alias = "text")]
    Human,
    /// An SVG picture.
    Svg,
}

/// Arguments of `board`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value_t = BoardFormat::Human)]
    pub format: BoardFormat,
    /// Squares to highlight in the SVG picture (5e, 55 or ５五), separated by spaces or commas.
    #[arg(long, value_name = "SQ", num_args = 1.., value_delimiter = ',', value_parser = parse_square_arg)]
    pub highlight: Vec<Square>,
    /// English piece letters (K R B G S N L P, + for promoted; a variant's SFEN letters)
    /// instead of kanji.
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
    if let Some((pos, last)) = super::variant::locate_shown(&args.position)? {
        let out = match args.format {
            BoardFormat::Human => {
                if !args.highlight.is_empty() {
                    eprintln!(
                        "{} --highlight has no effect without --format svg",
                        super::style::warning()
                    );
                }
                super::variant::diagram(&pos)
            }
            BoardFormat::Svg => {
                super::variant::on_board(&pos, &args.highlight)?;
                let mut picture = BoardPicture::new(&pos, style(args.letters));
                picture.last_move = last;
                picture.highlight = args.highlight;
                picture.to_svg()
            }
        };
        print(&out)?;
        return Ok(ExitCode::Success);
    }
    if !args.highlight.is_empty() && args.format != BoardFormat::Svg {
        eprintln!(
            "{} --highlight has no effect without --format svg",
            super::style::warning()
        );
    }
    let (located, failed) = args.position.locate()?;
    let style = style(args.letters);
    let out = match args.format {
        BoardFormat::Human => board_text::located(&located, style),
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
