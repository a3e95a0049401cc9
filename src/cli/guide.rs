//! `shogi-tool guide [PIECE] [--format text|svg] [--variant NAME]`: how each piece moves,
//! unpromoted beside promoted, and when it may or must promote (of standard shogi, or of a
//! smaller variant).

use shogi_tool::variant::Variant;
use shogi_tool::views::guide::{self, PIECE_HELP};
use shogi_tool::views::{self, notation::names_a_variant_kind};

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
    /// With --variant, a piece of that game: its letter, kanji or English name (F, 鷹, falcon).
    #[arg(value_name = "PIECE", value_parser = parse_any_piece)]
    pub piece: Option<AnyPiece>,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value_t = GuideFormat::Human, help_heading = super::help::OUTPUT)]
    pub format: GuideFormat,
    /// English piece letters instead of kanji.
    #[arg(long, help_heading = super::help::OUTPUT)]
    pub letters: bool,
    /// The pieces of this game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus
    /// (5x6+), torishogi (tori, 7x7) or dobutsu (3x4).
    #[arg(long, value_name = "NAME", ignore_case = true, value_parser = super::values::variant_parser(), help_heading = super::help::RULES)]
    pub variant: Option<Variant>,
}

/// A PIECE value, as given: a kind of standard shogi or of some variant (which kind it is,
/// is read once the game is known).
#[derive(Clone, Debug)]
pub struct AnyPiece {
    /// The value as given.
    pub text: String,
}

fn parse_any_piece(s: &str) -> Result<AnyPiece, String> {
    if views::parse_piece(s).is_none() && !names_a_variant_kind(s) {
        return Err(format!("`{s}` is not a piece: {PIECE_HELP}"));
    }
    Ok(AnyPiece {
        text: s.to_string(),
    })
}

/// Prints the guide, of standard shogi or of the game `--variant` names.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let out = guide::render(
        args.variant,
        args.piece.as_ref().map(|p| p.text.as_str()),
        args.format == GuideFormat::Svg,
        style(args.letters),
    )
    .map_err(anyhow::Error::msg)?;
    print(&out)?;
    Ok(ExitCode::Success)
}
