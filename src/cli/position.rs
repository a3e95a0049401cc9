//! [`PositionArgs`], the way `board`, `drops` and `moves` choose their position: a record (by
//! default the final position of the first record's main line) or an SFEN.

use anyhow::{bail, Context};
use shogi_tool::batch::{self, Input, ReadOptions};
use shogi_tool::record::{Format, MetaKey};
use shogi_tool::views::{self, Located};

use super::inputs::ENCODING_HELP;
use super::values::{EncodingArg, FormatArg, SFEN_HELP};

/// Where the position to show comes from.
#[derive(Debug, Clone, clap::Args)]
pub struct PositionArgs {
    /// A record file (`-` for standard input); with neither PATH nor --sfen, standard input is
    /// read.
    #[arg(value_name = "PATH", conflicts_with = "sfen")]
    pub path: Option<std::path::PathBuf>,
    /// The position after ply N of the main line (0 = the start); by default the final one.
    #[arg(long, value_name = "N", conflicts_with = "sfen")]
    pub ply: Option<usize>,
    /// Which record of a multi-game file, counted from 0.
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub record: usize,
    #[arg(long, value_name = "SFEN", value_parser = super::values::parse_any_sfen, help = SFEN_HELP)]
    pub sfen: Option<super::values::AnySfen>,
    /// The format of the inputs, instead of detecting it.
    #[arg(long, value_name = "FORMAT", value_enum, ignore_case = true)]
    pub from: Option<FormatArg>,
    #[arg(
        long,
        value_name = "ENC",
        value_enum,
        ignore_case = true,
        default_value = "auto",
        alias = "input-encoding",
        help = ENCODING_HELP
    )]
    pub encoding: EncodingArg,
    /// The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+),
    /// torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN or record shows.
    #[arg(long, value_name = "NAME", ignore_case = true, value_parser = super::values::variant_parser())]
    pub variant: Option<shogi_tool::variant::Variant>,
}

impl PositionArgs {
    /// The position, and whether the record had read errors (reported on standard error: the
    /// position is still shown, as far as the record could be read, and the exit status is 2).
    pub fn locate(&self) -> anyhow::Result<(Located, bool)> {
        self.locate_with_players()
            .map(|(located, failed, _)| (located, failed))
    }

    /// [`PositionArgs::locate`], with the players' names the record gives (black, white; none
    /// for an SFEN, or where a header is missing or empty).
    pub fn locate_with_players(&self) -> anyhow::Result<(Located, bool, [Option<String>; 2])> {
        if let Some(sfen) = &self.sfen {
            return Ok((sfen.located()?.clone(), false, [None, None]));
        }
        let input = match &self.path {
            Some(p) if p.as_os_str() != "-" => Input::File(p.clone()),
            _ => Input::Stdin,
        };
        let options = ReadOptions {
            from: self.from.map(Format::from),
            encoding: self.encoding.into(),
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
        Ok((located, failed, players))
    }
}
