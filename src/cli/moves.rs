//! `shogi-tool moves [PATH --ply N | --sfen SFEN] [--square SQ] [--format text|json]`: every
//! legal move (or those of one piece) with its promotion choice.

use anyhow::bail;
use shogi_tool::shogi::{Color, Square};
use shogi_tool::views::moves::MovesReport;
use shogi_tool::views::variant::VMovesReport;

use super::board::{parse_square_arg, print, status};
use super::exit::ExitCode;
use super::position::PositionArgs;

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
    pub rules: super::variant::MoveRuleArgs,
}

/// Prints the moves.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(pos) = super::variant::locate(&args.position)? {
        let pos = args.rules.apply(pos);
        if let Some(sq) = args.square {
            super::variant::on_board(&pos, &[sq])?;
            own_piece(
                sq,
                pos.side_to_move(),
                pos.piece_at(sq).map(|p| (p.color, p.kind)),
            )?;
        }
        let report = VMovesReport::new(&pos, args.square);
        let out = match args.format {
            MovesFormat::Human => report.to_text(),
            MovesFormat::Json => report.to_json() + "\n",
        };
        print(&out)?;
        return Ok(ExitCode::Success);
    }
    let (located, failed) = args.position.locate()?;
    let pos = &located.position;
    if let Some(sq) = args.square {
        own_piece(
            sq,
            pos.side_to_move(),
            pos.piece_at(sq).map(|p| (p.color, p.kind)),
        )?;
    }
    let report = MovesReport::new(pos, args.square, located.last_square());
    let out = match args.format {
        MovesFormat::Human => report.to_text(),
        MovesFormat::Json => report.to_json() + "\n",
    };
    print(&out)?;
    Ok(status(failed))
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
