//! `shogi-tool moves [PATH --ply N | --sfen SFEN] [--square SQ] [--format text|json]`: every
//! legal move (or those of one piece) with its promotion choice.

use anyhow::bail;
use shogi_tool::shogi::Square;
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
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Only the moves of the piece on this square (5e, 55 or ５五).
    #[arg(long, value_name = "SQ", value_parser = parse_square_arg)]
    pub square: Option<Square>,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value_t = MovesFormat::Human)]
    pub format: MovesFormat,
}

/// Prints the moves.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(pos) = super::variant::locate(&args.position)? {
        if let Some(sq) = args.square {
            super::variant::on_board(&pos, &[sq])?;
            let side = pos.side_to_move();
            match pos.piece_at(sq) {
                Some(p) if p.color == side => {}
                Some(p) => bail!(
                    "the {} on {sq} is {}'s; it is {side}'s turn",
                    p.kind,
                    p.color
                ),
                None => bail!("there is no piece on {sq}"),
            }
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
        let side = pos.side_to_move();
        match pos.piece_at(sq) {
            Some(p) if p.color == side => {}
            Some(p) => bail!(
                "the {} on {sq} is {}'s; it is {side}'s turn",
                p.kind,
                p.color
            ),
            None => bail!("there is no piece on {sq}"),
        }
    }
    let report = MovesReport::new(pos, args.square, located.last_square());
    let out = match args.format {
        MovesFormat::Human => report.to_text(),
        MovesFormat::Json => report.to_json() + "\n",
    };
    print(&out)?;
    Ok(status(failed))
}
