//! The flags of `convert` that change records before they are written (see
//! [`shogi_tool::record::filter`]).

use shogi_tool::record::filter::{parse_header, Filter};

/// What `convert` takes out of, or sets on, every record.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct FilterArgs {
    /// Keep the main line alone, up to its ending (no variations, no moves after the ending).
    #[arg(long)]
    pub main_line_only: bool,
    /// Drop every comment, engine comment, remark and bookmark.
    #[arg(long)]
    pub no_comments: bool,
    /// Drop the time of every move.
    #[arg(long)]
    pub no_times: bool,
    /// Drop the variations (alternative lines).
    #[arg(long)]
    pub no_variations: bool,
    /// Set a header on every record (repeatable): `event=名人戦`, `棋戦=名人戦`, `$SITE=Tokyo`,
    /// or any key of the record's own format; a key already there gets the new value.
    #[arg(long, value_name = "KEY=VALUE", value_parser = parse_header)]
    pub header: Vec<(String, String)>,
}

impl FilterArgs {
    /// The filter these flags give.
    pub fn filter(&self) -> Filter {
        Filter {
            main_line_only: self.main_line_only,
            no_comments: self.no_comments,
            no_times: self.no_times,
            no_variations: self.no_variations,
            headers: self.header.clone(),
        }
    }
}
