//! [`PositionArgs`], the way `board`, `drops` and `moves` choose their position: a record (by
//! default the final position of the first record's main line) or an SFEN; and the one
//! loader of a position of either game ([`PositionArgs::load`], [`sfen_position`]), which
//! `board`, `drops`, `moves` and `perft` hand to their view once ([`AnyPosition::with`]),
//! so none of them dispatches on the variant.

use anyhow::{bail, Context};
use shogi_tool::batch::{self, Input, ReadOptions};
use shogi_tool::record::{Format, MetaKey};
use shogi_tool::shogi::Square;
use shogi_tool::variant::{VPosition, Variant};
use shogi_tool::views;
use shogi_tool::views::shown::AnyPosition;

use super::inputs::ENCODING_HELP;
use super::values::{EncodingArg, FormatArg, SFEN_HELP};

/// Where the position to show comes from.
#[derive(Debug, Clone, clap::Args)]
pub struct PositionArgs {
    /// A record file (`-` for standard input); with neither PATH nor --sfen, standard input is
    /// read.
    #[arg(value_name = "PATH", conflicts_with = "sfen", help_heading = super::help::INPUT)]
    pub path: Option<std::path::PathBuf>,
    /// The position after ply N of the main line (0 = the start); by default the final one.
    #[arg(long, value_name = "N", conflicts_with = "sfen", help_heading = super::help::INPUT)]
    pub ply: Option<usize>,
    /// Which record of a multi-game file, counted from 0.
    #[arg(long, value_name = "K", default_value_t = 0, help_heading = super::help::INPUT)]
    pub record: usize,
    #[arg(long, value_name = "SFEN", value_parser = super::values::parse_any_sfen, help = SFEN_HELP, help_heading = super::help::INPUT)]
    pub sfen: Option<super::values::AnySfen>,
    /// The format of the inputs, instead of detecting it.
    #[arg(long, value_name = "FORMAT", value_enum, ignore_case = true, help_heading = super::help::INPUT)]
    pub from: Option<FormatArg>,
    #[arg(
        long,
        value_name = "ENC",
        value_enum,
        ignore_case = true,
        default_value = "auto",
        alias = "input-encoding",
        help = ENCODING_HELP,
        help_heading = super::help::INPUT
    )]
    pub encoding: EncodingArg,
    /// The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+),
    /// torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN or record shows.
    #[arg(long, value_name = "NAME", ignore_case = true, value_parser = super::values::variant_parser(), help_heading = super::help::RULES)]
    pub variant: Option<shogi_tool::variant::Variant>,
}

pub use shogi_tool::ops::position_arg::sfen_position;
use shogi_tool::ops::position_arg::{positions_from_sfen, shown};

impl PositionArgs {
    /// The position of either game, and whether the record had read errors (see
    /// [`PositionArgs::locate_with_players`]): a variant's from `--sfen` or from a record file of a
    /// variant (`--record`, `--ply`), else standard shogi's.
    pub fn load(&self) -> anyhow::Result<(AnyPosition, bool)> {
        self.load_with_players()
            .map(|(position, failed, _)| (position, failed))
    }

    /// [`PositionArgs::load`], with the players' names the record gives (black, white; none
    /// for an SFEN or a variant's record, or where a header is missing or empty).
    pub fn load_with_players(&self) -> anyhow::Result<(AnyPosition, bool, [Option<String>; 2])> {
        if let Some(pos) = self.locate_variant()? {
            return Ok((pos, false, [None, None]));
        }
        self.locate_with_players()
    }

    /// The position when `--sfen` is a variant's, with the destination of the move that led to
    /// it when the SFEN's moves say (a record file of a variant is read by `batch` like any
    /// record, in [`PositionArgs::locate_with_players`]).
    fn locate_variant(&self) -> anyhow::Result<Option<AnyPosition>> {
        if let Some(sfen) = &self.sfen {
            return Ok(positions_from_sfen(&sfen.text, self.variant, "--sfen")?
                .filter(|p| !p.is_empty())
                .map(|p| shown(&p, p.len() - 1)));
        }
        if self.path.is_none() && self.variant.is_some_and(|v| v != Variant::Standard) {
            bail!("give --sfen or a record file for --variant");
        }
        Ok(None)
    }

    /// The position, the players' names the record gives (black, white; none for an SFEN, or
    /// where a header is missing or empty), and whether the record had read errors (reported on
    /// standard error: the position is still shown, as far as the record could be read, and the
    /// exit status is 2).
    /// A record of a smaller variant (of any format) gives its position as the replay carries
    /// its main line out, without players.
    fn locate_with_players(&self) -> anyhow::Result<(AnyPosition, bool, [Option<String>; 2])> {
        if let Some(sfen) = &self.sfen {
            let located = sfen.located()?.clone();
            return Ok((
                AnyPosition::Standard(Box::new(located)),
                false,
                [None, None],
            ));
        }
        let input = match &self.path {
            Some(p) if p.as_os_str() != "-" => Input::File(p.clone()),
            _ => Input::Stdin,
        };
        let options = ReadOptions {
            from: self.from.map(Format::from),
            encoding: self.encoding.into(),
            variant: self.variant,
            ..ReadOptions::default()
        };
        let file = batch::read_input(&input, &options);
        if let Some(message) = &file.error {
            bail!("{message}");
        }
        let Some(record) = file.records.get(self.record) else {
            bail!(
                "{} holds {} record(s); there is no record {} (records are counted from 0)",
                file.path,
                file.records.len(),
                self.record
            );
        };
        if record.variant_name().is_some() {
            return self
                .variant_in_record(&file.path, record)
                .map(|p| (p, false, [None, None]));
        }
        let mut failed = false;
        for e in &record.errors {
            eprintln!(
                "{} {}",
                super::style::error(),
                shogi_tool::diag::located_error(&file.path, e)
            );
            failed = true;
        }
        let located = views::located_in_record(record, self.ply)
            .with_context(|| format!("{}#{}", file.path, self.record))?;
        let name = |key| {
            record
                .metadata
                .get(key)
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(str::to_string)
        };
        let players = [name(MetaKey::BlackName), name(MetaKey::WhiteName)];
        Ok((AnyPosition::Standard(Box::new(located)), failed, players))
    }

    /// The position of a smaller variant's record: after ply `--ply` of its main line as the
    /// replay carries it out (venue rules by default), else the last; a read error is refused.
    fn variant_in_record(
        &self,
        path: &str,
        record: &shogi_tool::record::Record,
    ) -> anyhow::Result<AnyPosition> {
        if let Some(e) = record.errors.first() {
            bail!("{}", shogi_tool::diag::located_error(path, e));
        }
        let report = shogi_tool::record::replay::replay(record, &Default::default());
        // Every position of the main line, through the one generic core.
        let positions: &[VPosition] = &report.variant_positions;
        let n = match self.ply {
            Some(n) if n < positions.len() => n,
            Some(n) => bail!("{path}#{}: the main line has no ply {n}", self.record),
            None => positions.len().checked_sub(1).context("no position")?,
        };
        Ok(shown(positions, n))
    }
}

/// Refuses `squares` off the position's board (`--highlight`, `--square`).
pub fn on_board<P: shogi_tool::views::shown::PositionView>(
    pos: &P,
    squares: &[Square],
) -> anyhow::Result<()> {
    match shogi_tool::views::shown::off_board(pos, squares) {
        Some(message) => bail!("{message}"),
        None => Ok(()),
    }
}
