//! `shogi-tool drops [PATH --ply N | --sfen SFEN] [--piece P] [--format text|json|svg]`:
//! where each piece in hand may be dropped, and why not on every other empty square.

use shogi_tool::shogi::PieceKind;
use shogi_tool::views::{self, drops::DropsReport};

use super::board::{print, status, style, PositionArgs};
use super::exit::ExitCode;

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
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Only this kind: a letter P L N S G B R or a kanji 歩 香 桂 銀 金 角 飛.
    #[arg(long, value_name = "P", value_parser = parse_hand_piece)]
    pub piece: Option<PieceKind>,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value_t = DropsFormat::Human)]
    pub format: DropsFormat,
    /// English piece letters instead of kanji (text and svg).
    #[arg(long)]
    pub letters: bool,
}

fn parse_hand_piece(s: &str) -> Result<PieceKind, String> {
    views::parse_piece(s)
        .filter(|k| k.is_hand_kind())
        .ok_or_else(|| {
            format!("`{s}` is not a piece that can be dropped: expected P L N S G B R or 歩 香 桂 銀 金 角 飛")
        })
}

/// Prints the drops.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(pos) = super::variant::locate(&args.position)? {
        if args.format != DropsFormat::Human {
            anyhow::bail!(
                "only the text list (--format human) shows drops of {}",
                pos.variant()
            );
        }
        print(&super::variant::drops_text(&pos))?;
        return Ok(ExitCode::Success);
    }
    let (located, failed) = args.position.locate()?;
    let report = DropsReport::new(&located.position, args.piece);
    let style = style(args.letters);
    let out = match args.format {
        DropsFormat::Human => report.to_text(style),
        DropsFormat::Json => report.to_json() + "\n",
        DropsFormat::Svg => report.to_svg(style),
    };
    print(&out)?;
    Ok(status(failed))
}
