//! `shogi-tool perft [--sfen SFEN] DEPTH [--divide] [--force]`.

use std::io::Write;

use anyhow::bail;
use shogi_tool::shogi::{perft, Rules, Square};
use shogi_tool::views::shown::{PositionView, WithPosition};

use super::exit::ExitCode;
use super::values::SFEN_HELP;

/// Arguments of `perft`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Start from this position instead of `startpos`.
    #[arg(long, value_name = "SFEN", value_parser = super::values::parse_any_sfen, help = SFEN_HELP, help_heading = super::help::INPUT)]
    pub sfen: Option<super::values::AnySfen>,
    /// How many plies deep to count.
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
    /// First print `<usi move>: <count>` for each legal move of the root.
    #[arg(long, help_heading = super::help::OUTPUT)]
    pub divide: bool,
    /// Make every leaf move instead of counting the last ply in bulk (for benchmarks).
    #[arg(long, help_heading = super::help::PERFORMANCE)]
    pub no_bulk: bool,
    /// Run even when the estimate says the count would take long (more than about 10^12
    /// leaves).
    #[arg(long, help_heading = super::help::PERFORMANCE)]
    pub force: bool,
    /// The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+),
    /// torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN's board shows.
    #[arg(long, value_name = "NAME", ignore_case = true, value_parser = super::values::variant_parser(), help_heading = super::help::RULES)]
    pub variant: Option<shogi_tool::variant::Variant>,
    #[command(flatten)]
    pub rules: super::rule_args::VenueArgs,
}

/// Leaves above which `perft` asks for `--force` (about two hours at the bulk counting
/// speed of one core, 136 M leaves/s in BENCHMARKS.md).
const LEAVES_WITHOUT_FORCE: f64 = 1e12;

/// A rough estimate of the leaves at `depth`: the exact count to depth 3 (or less), then
/// the growth of the last measured ply, rising by a fifth a ply (shogi's branching grows as
/// pieces come into hand). It errs high rather than low.
pub fn estimate_leaves<P: Rules>(pos: &P, depth: u32) -> f64 {
    let known = depth.min(3);
    let at_known = perft::perft(pos, known) as f64;
    if depth <= known {
        return at_known;
    }
    let before = perft::perft(pos, known - 1).max(1) as f64;
    let mut growth = (at_known / before).max(1.0);
    let mut n = at_known;
    for _ in known..depth {
        growth *= 1.2;
        n *= growth;
    }
    n
}

/// Prints the count (after the per-move counts with `--divide`), for standard shogi or a
/// smaller variant: the position is loaded once and counted by the one generic perft.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pos = super::position::sfen_position(args.sfen.as_ref(), args.variant, "--sfen")?;
    let pos = args.rules.apply(pos);
    pos.with(Count(&args))?;
    Ok(ExitCode::Success)
}

/// The count of `perft`, on a position of either game.
struct Count<'a>(&'a Args);

impl WithPosition for Count<'_> {
    type Output = anyhow::Result<()>;

    fn with<P: PositionView>(self, pos: &P, _: Option<Square>) -> anyhow::Result<()> {
        let args = self.0;
        if !args.force && args.depth > 3 {
            let estimate = estimate_leaves(pos, args.depth);
            if estimate > LEAVES_WITHOUT_FORCE {
                bail!(
                    "perft {} would count about {estimate:.1e} leaves, which can take hours; \
                     give --force to run it anyway",
                    args.depth
                );
            }
        }
        let out = std::io::stdout();
        let mut out = out.lock();
        let total = if args.divide {
            let mut total = 0;
            for (m, n) in perft::divide(pos, args.depth) {
                writeln!(out, "{}: {n}", pos.move_usi(m))?;
                total += n;
            }
            if args.depth == 0 {
                total = 1;
            }
            total
        } else if args.no_bulk {
            perft::perft_make_leaves(pos, args.depth)
        } else {
            perft::perft(pos, args.depth)
        };
        writeln!(out, "{total}")?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_tool::shogi::Position;

    #[test]
    fn the_estimate_errs_high_from_the_start() {
        let pos = Position::startpos();
        // Published: 19,861,490 at depth 5, 547,581,517 at depth 6.
        let e5 = estimate_leaves(&pos, 5);
        let e6 = estimate_leaves(&pos, 6);
        assert!((19_861_490.0..19_861_490.0 * 20.0).contains(&e5), "{e5}");
        assert!((547_581_517.0..547_581_517.0 * 40.0).contains(&e6), "{e6}");
        assert!(estimate_leaves(&pos, 8) > LEAVES_WITHOUT_FORCE);
        assert_eq!(estimate_leaves(&pos, 2), 900.0);
    }
}
