//! `shogi-tool drops [PATH --ply N | --sfen SFEN] [--piece P] [--format text|json|svg]`:
//! where each piece in hand may be dropped, and why not on every other empty square.

use shogi_tool::shogi::Square;
use shogi_tool::views::drops::{parse_drop_kind, DropsReport};
use shogi_tool::views::shown::{PositionView, WithPosition};
use shogi_tool::views::{self, notation::names_a_variant_hand_kind};

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

/// A `--piece` value, as given: a kind that can be dropped in standard shogi or in some
/// variant (which kind it is, is read once the game of the position is known).
#[derive(Clone, Debug)]
pub struct HandPiece {
    /// The value as given.
    pub text: String,
}

fn parse_hand_piece(s: &str) -> Result<HandPiece, String> {
    let standard = views::parse_piece(s).filter(|k| k.is_hand_kind());
    if standard.is_none() && !names_a_variant_hand_kind(s) {
        return Err(format!("`{s}` is not a piece that can be dropped: expected P L N S G B R or 歩 香 桂 銀 金 角 飛"));
    }
    Ok(HandPiece {
        text: s.to_string(),
    })
}

/// Prints the drops, of standard shogi or of a smaller variant.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (pos, failed) = args.position.load()?;
    let out = pos.with(Drops(&args))?;
    print(&out)?;
    Ok(status(failed))
}

/// The drops of a position of either game, in the format asked for.
struct Drops<'a>(&'a Args);

impl WithPosition for Drops<'_> {
    type Output = anyhow::Result<String>;

    fn with<P: PositionView>(self, pos: &P, _: Option<Square>) -> anyhow::Result<String> {
        let args = self.0;
        let only = match &args.piece {
            None => None,
            Some(p) => Some(parse_drop_kind(pos, &p.text).map_err(anyhow::Error::msg)?),
        };
        let report = DropsReport::new(pos, only);
        let style = style(args.letters);
        Ok(match args.format {
            DropsFormat::Human => report.to_text(style),
            DropsFormat::Json => report.to_json() + "\n",
            DropsFormat::Svg => report.to_svg(style),
        })
    }
}
