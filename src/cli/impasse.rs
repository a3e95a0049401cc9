//! `shogi-tool impasse [PATH... | --sfen SFEN] [--ply N] [--rule RULE] [--format human|json]`:
//! entering-king (入玉) points of a position and what each impasse rule decides about it.
//!
//! The position is the final one of each record's main line (`--ply N`: the one after ply N),
//! or the single position `--sfen` gives. A record that starts from a handicap credits the
//! pieces the handicap removed to white's total points; with `--sfen` there is no handicap
//! unless `--handicap NAME` names one. The declaration rules judge a declaration by the side to
//! move. The figures and rules are those of [`shogi_tool::shogi::entering_king`].
//!
//! JSON Lines, one object per record (or for the `--sfen` position, where `path`, `record` and
//! `ply` are null):
//!
//! ```json
//! {"path":"a.kif","record":0,"ply":212,"sfen":"...","side_to_move":"black","handicap":null,
//!  "black":{"points":28,"total_points":28,"pieces_in_camp":10,"king_in_camp":true,"in_check":false},
//!  "white":{...},
//!  "rules":[{"rule":"csa27","declarer":"black","verdict":"win","failed":[],"message":"..."}]}
//! ```

use std::io::Write;

use anyhow::bail;
use shogi_tool::ops::impasse::{self, parse_handicap, sfen_variant, standard_only, Judged, Origin};
use shogi_tool::shogi::entering_king::Rule;
use shogi_tool::shogi::Handicap;
use shogi_tool::variant::Variant;

use super::exit::ExitCode;
use super::inputs::InputArgs;
use super::records::for_each_record_or;
use super::values::{RuleArg, SFEN_HELP};

/// Output formats of `impasse`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// A small table per position, then one line per rule.
    Human,
    /// One JSON object per position (JSON Lines).
    Json,
}

/// Arguments of `impasse`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    #[arg(
        long,
        value_name = "SFEN",
        conflicts_with_all = ["paths", "files_from", "ply"],
        value_parser = super::values::parse_any_sfen,
        help = SFEN_HELP,
        help_heading = super::help::INPUT
    )]
    pub sfen: Option<super::values::AnySfen>,
    /// With --sfen: the handicap the game started from, whose removed pieces are credited to
    /// white's total points (a KIF name such as 二枚落ち, or a JKF code such as 2 or KA).
    #[arg(long, value_name = "NAME", requires = "sfen", value_parser = parse_handicap, help_heading = super::help::INPUT)]
    pub handicap: Option<Handicap>,
    /// Score the position after ply N of the main line (0 = the start) instead of the final one.
    #[arg(long, value_name = "N", help_heading = super::help::INPUT)]
    pub ply: Option<usize>,
    /// The rule to apply (repeatable; all three by default). `--rule` is the old spelling.
    #[arg(
        long,
        value_name = "RULE",
        value_enum,
        ignore_case = true,
        alias = "rule",
        help_heading = super::help::RULES
    )]
    pub impasse_rule: Vec<RuleArg>,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value = "human")]
    pub format: OutputFormat,
}

/// Prints the figures and verdicts; inputs that cannot be read are reported on standard error
/// and make the exit status 2.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let asked = args.input.variant.filter(|&v| v != Variant::Standard);
    if let Some(v) = asked.or_else(|| args.sfen.as_ref().and_then(|s| sfen_variant(&s.text))) {
        bail!("{}", standard_only(v));
    }
    let asked: Vec<Rule> = args.impasse_rule.iter().map(|&r| r.into()).collect();
    let rules = impasse::rules_or_all(&asked);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();

    if let Some(sfen) = &args.sfen {
        let located = sfen.located()?;
        let origin = Origin {
            ply: located.ply,
            ..Origin::default()
        };
        let judged = impasse::judge(origin, located.position.clone(), args.handicap, &rules);
        let buf = render(&judged, args.format);
        out.write_all(buf.as_bytes())?;
        out.flush()?;
        return Ok(ExitCode::Success);
    }

    let separator = if args.format == OutputFormat::Human {
        "\n"
    } else {
        ""
    };
    for_each_record_or(
        &args.input,
        separator,
        |_| None,
        |record, input, c| match impasse::judge_record(record, args.ply, &rules) {
            Err(message) => c.fail(message),
            Ok(mut judged) => {
                judged.origin.path_bytes = input.path_bytes();
                if args.format == OutputFormat::Human && !c.out.is_empty() {
                    c.out.push('\n');
                }
                c.out.push_str(&render(&judged, args.format));
            }
        },
    )
}

/// A judged position in the chosen format.
fn render(judged: &Judged, format: OutputFormat) -> String {
    match format {
        OutputFormat::Json => judged.to_json_line(),
        OutputFormat::Human => judged.to_text(),
    }
}
