//! `shogi-tool guide [PIECE] [--format text|svg]`: how each piece moves, unpromoted beside
//! promoted, and when it may or must promote.

use shogi_tool::shogi::PieceKind;
use shogi_tool::views::{self, guide};

use super::board::{print, style};
use super::exit::ExitCode;

/// Output formats of `guide`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GuideFormat {
    /// 5x5 diagrams in text.
    #[value(alias = "text")]
    Human,
    /// An SVG picture.
    Svg,
}

/// Arguments of `guide`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only this piece: a letter (K R B G S N L P, +P for a promoted one), a kanji (歩, と, 龍,
    /// ...) or an English name (pawn, dragon, ...).
    #[arg(value_name = "PIECE", value_parser = parse_any_piece)]
    pub piece: Option<PieceKind>,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value_t = GuideFormat::Human)]
    pub format: GuideFormat,
    /// English piece letters instead of kanji.
    #[arg(long)]
    pub letters: bool,
}

fn parse_any_piece(s: &str) -> Result<PieceKind, String> {
    views::parse_piece(s).ok_or_else(|| {
        format!("`{s}` is not a piece: expected a letter K R B G S N L P, a kanji such as 歩 or an English name such as pawn")
    })
}

/// Prints the guide.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let kinds: Vec<PieceKind> = match args.piece {
        Some(k) => vec![k.unpromote()],
        None => guide::KINDS.to_vec(),
    };
    let style = style(args.letters);
    let out = match args.format {
        GuideFormat::Human => guide::to_text(&kinds, style),
        GuideFormat::Svg => guide::to_svg(&kinds, style),
    };
    print(&out)?;
    Ok(ExitCode::Success)
}
