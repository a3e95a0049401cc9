//! `shogi-tool guide [PIECE] [--format text|svg] [--variant NAME]`: how each piece moves,
//! unpromoted beside promoted, and when it may or must promote (of standard shogi, or of a
//! smaller variant).

use shogi_tool::shogi::PieceKind;
use shogi_tool::variant::Variant;
use shogi_tool::views::{self, guide, variant_guide};

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

/// A PIECE value: the text as given, and the standard kind it names, if any (a variant's kind
/// is read once the variant is known).
#[derive(Clone, Debug)]
pub struct AnyPiece {
    /// The value as given.
    pub text: String,
    /// The standard kind.
    pub standard: Option<PieceKind>,
}

const PIECE_HELP: &str =
    "expected a letter K R B G S N L P, a kanji such as 歩 or an English name such as pawn";

fn parse_any_piece(s: &str) -> Result<AnyPiece, String> {
    let standard = views::parse_piece(s);
    if standard.is_none() && !views::variant::names_a_kind(s) {
        return Err(format!("`{s}` is not a piece: {PIECE_HELP}"));
    }
    Ok(AnyPiece {
        text: s.to_string(),
        standard,
    })
}

/// Prints the guide.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let style = style(args.letters);
    if let Some(v) = args.variant.filter(|&v| v != Variant::Standard) {
        let kinds = match &args.piece {
            Some(p) => vec![views::variant::parse_kind(v, &p.text)
                .ok_or_else(|| {
                    anyhow::anyhow!("`{}` is not a piece of {} ({v})", p.text, v.title())
                })?
                .unpromote()],
            None => variant_guide::kinds(v),
        };
        let out = match args.format {
            GuideFormat::Human => variant_guide::to_text(v, &kinds, style),
            GuideFormat::Svg => variant_guide::to_svg(v, &kinds, style),
        };
        print(&out)?;
        return Ok(ExitCode::Success);
    }
    let kinds: Vec<PieceKind> = match &args.piece {
        Some(p) => vec![p
            .standard
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "`{}` is not a piece of standard shogi: {PIECE_HELP} (give --variant for another game's pieces)",
                    p.text
                )
            })?
            .unpromote()],
        None => guide::KINDS.to_vec(),
    };
    let out = match args.format {
        GuideFormat::Human => guide::to_text(&kinds, style),
        GuideFormat::Svg => guide::to_svg(&kinds, style),
    };
    print(&out)?;
    Ok(ExitCode::Success)
}
