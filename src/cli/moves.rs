//! `shogi-tool moves [PATH --ply N | --sfen SFEN] [--square SQ] [--format text|json]`: every
//! legal move (or those of one piece) with its promotion choice.

use anyhow::bail;
use shogi_tool::shogi::{Color, Square};
use shogi_tool::views::moves::MovesReport;
use shogi_tool::views::shown::{PositionView, WithPosition};

use super::board::{parse_square_arg, print, status};
use super::exit::ExitCode;
use super::position::{on_board, PositionArgs};

/// Output formats of `moves`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MovesFormat {
    /// One move a line: USI, KIF, and the promotion choice when there is one.
    #[value(alias = "text")]
    Human,
    /// One line of JSON.
    Json,
}

/// Arguments of `moves`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Only the moves of the piece on this square (5e, 55 or ５五).
    #[arg(long, value_name = "SQ", value_parser = parse_square_arg)]
    pub square: Option<Square>,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value_t = MovesFormat::Human)]
    pub format: MovesFormat,
    #[command(flatten)]
    pub rules: super::rule_args::VenueArgs,
}

/// Prints the moves, of standard shogi or of a smaller variant.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (pos, failed) = args.position.load()?;
    let pos = args.rules.apply(pos);
    let out = pos.with(Moves(&args))?;
    print(&out)?;
    Ok(status(failed))
}

/// The moves of a position of either game, in the format asked for.
struct Moves<'a>(&'a Args);

impl WithPosition for Moves<'_> {
    type Output = anyhow::Result<String>;

    fn with<P: PositionView>(self, pos: &P, last: Option<Square>) -> anyhow::Result<String> {
        let args = self.0;
        if let Some(sq) = args.square {
            on_board(pos, &[sq])?;
            own_piece(sq, pos.side_to_move(), pos.piece_on(sq))?;
        }
        let report = MovesReport::new(pos, args.square, last);
        Ok(match args.format {
            MovesFormat::Human => report.to_text(),
            MovesFormat::Json => report.to_json() + "\n",
        })
    }
}

/// Refuses `--square` unless it holds a piece (`piece`: its owner and kind) of `side`, the
/// side to move; in standard shogi and the variants alike.
fn own_piece<K: std::fmt::Display>(
    sq: Square,
    side: Color,
    piece: Option<(Color, K)>,
) -> anyhow::Result<()> {
    match piece {
        Some((color, _)) if color == side => Ok(()),
        Some((color, kind)) => bail!("the {kind} on {sq} is {color}'s; it is {side}'s turn"),
        None => bail!("there is no piece on {sq}"),
    }
}
