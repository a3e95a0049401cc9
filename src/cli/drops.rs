//! `shogi-tool drops [PATH --ply N | --sfen SFEN] [--piece P] [--format text|json|svg]`:
//! where each piece in hand may be dropped, and why not on every other empty square.

use shogi_tool::shogi::PieceKind;
use shogi_tool::views::{self, drops::DropsReport, variant::VDropsReport};

use super::board::{print, status, style};
use super::exit::ExitCode;
use super::position::PositionArgs;

/// Output formats of `drops`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DropsFormat {
    /// One marked board per kind, with a legend.
    #[value(alias = "text")]
    Human,
    /// One line of JSON.
    Json,
    /// An SVG picture, legal squares highlighted.
    Svg,
}

/// Arguments of `drops`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Only this kind: a letter P L N S G B R or a kanji 歩 香 桂 銀 金 角 飛 (for a
    /// variant, its letter, kanji or English name: S, 燕 or swallow).
    #[arg(long, value_name = "P", value_parser = parse_hand_piece)]
    pub piece: Option<HandPiece>,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value_t = DropsFormat::Human)]
    pub format: DropsFormat,
    /// English piece letters instead of kanji (text and svg).
    #[arg(long)]
    pub letters: bool,
}

/// A `--piece` value: the text as given, and the standard kind it names, if any (a variant's
/// kind is read once the variant is known).
#[derive(Clone, Debug)]
pub struct HandPiece {
    /// The value as given.
    pub text: String,
    /// The standard kind.
    pub standard: Option<PieceKind>,
}

fn parse_hand_piece(s: &str) -> Result<HandPiece, String> {
    let standard = views::parse_piece(s).filter(|k| k.is_hand_kind());
    if standard.is_none() && !views::variant::names_a_hand_kind(s) {
        return Err(format!("`{s}` is not a piece that can be dropped: expected P L N S G B R or 歩 香 桂 銀 金 角 飛"));
    }
    Ok(HandPiece {
        text: s.to_string(),
        standard,
    })
}

/// Prints the drops.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(pos) = super::variant::locate(&args.position)? {
        let v = pos.variant();
        let only = match &args.piece {
            None => None,
            Some(p) => Some(
                views::variant::parse_kind(v, &p.text)
                    .filter(|k| !k.is_royal() && !k.is_promoted())
                    .ok_or_else(|| {
                        anyhow::anyhow!(
                            "`{}` is not a piece of {} ({v}) that can be dropped",
                            p.text,
                            v.title()
                        )
                    })?,
            ),
        };
        let report = VDropsReport::new(&pos, only);
        let style = style(args.letters);
        let out = match args.format {
            DropsFormat::Human => report.to_text(style),
            DropsFormat::Json => report.to_json() + "\n",
            DropsFormat::Svg => report.to_svg(style),
        };
        print(&out)?;
        return Ok(ExitCode::Success);
    }
    let piece = match &args.piece {
        None => None,
        Some(p) => Some(p.standard.ok_or_else(|| {
            anyhow::anyhow!("`{}` is not a piece that can be dropped in standard shogi: expected P L N S G B R or 歩 香 桂 銀 金 角 飛", p.text)
        })?),
    };
    let (located, failed) = args.position.locate()?;
    let report = DropsReport::new(&located.position, piece);
    let style = style(args.letters);
    let out = match args.format {
        DropsFormat::Human => report.to_text(style),
        DropsFormat::Json => report.to_json() + "\n",
        DropsFormat::Svg => report.to_svg(style),
    };
    print(&out)?;
    Ok(status(failed))
}
