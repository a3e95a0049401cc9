//! The old route of a smaller variant's KIF, KI2 and JKF records through `validate`, `stats`,
//! `positions`, `convert` and the one position of `board`/`moves`/`drops`, kept here, in one
//! place, until the KIF/KI2/JKF readers take variants (#29).
//!
//! Every other input, a variant's SFEN/USI lists included, is read by `batch` like any record
//! (a `record::Start::Variant` record, judged by the one `record::replay`). The one predicate
//! [`old_route`] says which inputs still come here: a file of those three formats whose
//! content (or `--variant`) names another game than standard shogi. The subcommands the old
//! route does not serve refuse such a file by name ([`not_read_yet`]). The rule options
//! ([`RuleArgs`], [`VenueArg`]) are flags every record subcommand shares and stay when the
//! route goes.

use std::io::{IsTerminal, Read, Write};

use anyhow::bail;
use shogi_tool::batch::Input;
use shogi_tool::diag::{human_message, Item, OutcomeJson, Validation};
use shogi_tool::formats::usi::variant_game::{self as game, VRecord, VReport, VRules, Venue};
use shogi_tool::formats::variants::{self as vformats, VGame};
use shogi_tool::record::{ErrorCode, Format};
use shogi_tool::text::decode;
use shogi_tool::text::SourceText;
use shogi_tool::variant::Variant;

use super::exit::ExitCode;
use super::inputs::InputArgs;
use super::records::Chunk;

/// The rule options of the smaller variants, on the subcommands that judge games (`validate`,
/// `stats`); standard shogi keeps its own rules whatever they say.
#[derive(Debug, Clone, clap::Args)]
pub struct RuleArgs {
    /// The venue whose rules judge games of the smaller variants where venues differ
    /// (repetition, perpetual check, Tori Shogi's promotion; no effect on standard shogi).
    #[arg(
        long,
        value_name = "VENUE",
        value_enum,
        ignore_case = true,
        default_value = "littlegolem",
        help_heading = super::help::RULES
    )]
    pub rules: VenueArg,
    /// In the smaller variants too, a fourfold repetition in which one side gave check with
    /// every move of the cycle loses for that side (standard shogi always has this rule).
    #[arg(long, help_heading = super::help::RULES)]
    pub perpetual_check_loses: bool,
}

/// The venues of `--rules`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum VenueArg {
    /// Little Golem: fourfold repetition is a draw, no perpetual-check clause.
    #[value(name = "littlegolem", alias = "little-golem")]
    LittleGolem,
    /// Fairy-Stockfish and pychess: perpetual check loses (not in Shogi 3x4); repetition
    /// loses for black in minishogi, for the side completing it in Tori Shogi; Tori Shogi's
    /// promotion is compulsory in the zone.
    #[value(name = "fairy-stockfish", alias = "pychess")]
    FairyStockfish,
}

impl RuleArgs {
    /// The rules these options select.
    pub fn rules(&self) -> VRules {
        VRules {
            perpetual_check_loses: self.perpetual_check_loses,
            ..self.rules.rules()
        }
    }
}

impl VenueArg {
    /// The venue's rules (no `--perpetual-check-loses`).
    pub fn rules(self) -> VRules {
        VRules {
            perpetual_check_loses: false,
            venue: match self {
                VenueArg::LittleGolem => Venue::LittleGolem,
                VenueArg::FairyStockfish => Venue::FairyStockfish,
            },
        }
    }
}

/// Whether a file holds records of another variant than standard shogi, by its content: a
/// `.sfen`, `.usi` or `.txt` file whose first record line's board is a variant's, a KIF/KI2
/// file whose header or diagram names one, a JKF file whose header does. Reads a small head
/// (64 KiB, 4 KiB of KIF/KI2); a FIFO or device is not looked into.
fn file_is_variant(path: &std::path::Path, input: &InputArgs) -> bool {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let ext = ext.to_ascii_lowercase();
    if !matches!(
        ext.as_str(),
        "sfen" | "usi" | "txt" | "kif" | "kifu" | "ki2" | "ki2u" | "jkf" | "json"
    ) {
        return false;
    }
    // Only regular files: a FIFO or device would block or be consumed by the look.
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    // A KIF/KI2 header and diagram sit in the first few kilobytes: a standard file
    // named on the command line costs one small read.
    let japanese = matches!(ext.as_str(), "kif" | "kifu" | "ki2" | "ki2u");
    let limit = if japanese { 4096 } else { 64 * 1024 };
    let mut head = Vec::new();
    let ok = std::fs::File::open(path)
        .and_then(|f| f.take(limit).read_to_end(&mut head))
        .is_ok();
    if !ok {
        return false;
    }
    if matches!(ext.as_str(), "jkf" | "json") {
        // The writer puts `"variant"` in the header: only then is the document read
        // whole (a JKF of another producer's variant needs --variant).
        if !String::from_utf8_lossy(&head).contains("\"variant\"") {
            return false;
        }
        let text = std::fs::read_to_string(path).unwrap_or_default();
        return shogi_tool::formats::read_str(&text, Format::Jkf)
            .iter()
            .any(|r| r.variant() != Variant::Standard);
    }
    if japanese {
        if !may_name_a_variant(&head) {
            return false;
        }
        let text = decode(&head, Some(&ext), input.encoding.into()).text;
        return shogi_tool::formats::kif::variant_named(&text).is_some();
    }
    // Decoded as it will be read (a UTF-16 or Shift_JIS list is a variant's too).
    let text = decode(&head, Some(&ext), input.encoding.into()).text;
    game::detect(&text).is_some_and(|v| v != Variant::Standard)
}

/// The formats whose readers do not take a smaller variant's records yet, so that such a file
/// is read by the old route below: KIF/KIFU, KI2/KI2U and JKF. Everything else (the variants'
/// SFEN/USI lists included) is read by `batch` like every record, whatever its game.
// until the KIF/KI2/JKF readers take variants (#29)
fn old_route_format(format: Format) -> bool {
    matches!(
        format,
        Format::Kif | Format::Kifu | Format::Ki2 | Format::Ki2u | Format::Jkf
    )
}

/// Whether one input is a smaller variant's KIF, KI2 or JKF, which only the old route reads:
/// `Some(forced)` (the `--variant` to read it with) for a file of those formats (`--from`,
/// else its extension) when `--variant` names another game than standard shogi or when its
/// content is another variant's ([`file_is_variant`]), and for standard input read as one of
/// those formats (`--from`) under such a `--variant`. `None` for every other input: `batch`
/// reads it, a variant's SFEN/USI lists included, each record with its game.
// until the KIF/KI2/JKF readers take variants (#29)
pub fn old_route(input: &Input, args: &InputArgs) -> Option<Option<Variant>> {
    let forced = args.variant.filter(|&v| v != Variant::Standard);
    let format = match input {
        Input::File(path) => args.from.map(Format::from).or_else(|| {
            path.extension()
                .and_then(|e| e.to_str())
                .and_then(Format::from_extension)
        }),
        Input::Stdin => args.from.map(Format::from),
        Input::Unreadable { .. } => None,
    };
    if !format.is_some_and(old_route_format) {
        return None;
    }
    if forced.is_some() {
        return Some(forced);
    }
    match input {
        Input::File(path) => file_is_variant(path, args).then_some(args.variant),
        _ => None,
    }
}

/// [`old_route`] for a whole run (`convert` to one output, the one position of `board`,
/// `moves` and `drops`): when some input named on the command line (or standard input, when
/// none is) takes it.
// until the KIF/KI2/JKF readers take variants (#29)
pub(super) fn old_route_run(input: &InputArgs) -> Option<Option<Variant>> {
    let stdin_only = input.paths.is_empty() && input.files_from.is_none();
    let named: Vec<Input> = if stdin_only {
        vec![Input::Stdin]
    } else {
        input
            .paths
            .iter()
            .map(|p| {
                if p == "-" {
                    Input::Stdin
                } else {
                    Input::File(p.into())
                }
            })
            .collect()
    };
    named.iter().find_map(|i| old_route(i, input))
}

/// Which inputs `convert` writes by the old route: those [`old_route_run`] names, and, for a
/// KIF, KI2 or JKF target (whose writers do not take `Start::Variant` records yet), the
/// variants' SFEN/USI files named on the command line too (or every input, under a `--variant`
/// of another game). To SFEN/USI, those lists are converted by `batch` like every input.
// until the KIF/KI2/JKF readers and writers take variants (#29)
fn convert_route(input: &InputArgs, to: Format) -> Option<Option<Variant>> {
    if let Some(route) = old_route_run(input) {
        return Some(route);
    }
    if !old_route_format(to) {
        return None;
    }
    if let Some(v) = input.variant.filter(|&v| v != Variant::Standard) {
        return Some(Some(v));
    }
    input
        .paths
        .iter()
        .any(|p| p != "-" && file_is_variant(std::path::Path::new(p), input))
        .then_some(input.variant)
}

/// For the subcommands the old route does not serve (`find`, `dedup`, `split`, `join`,
/// `impasse`, the training files of `positions`, `bench-replay`): the failure for an input
/// [`old_route`] would take, saying so, instead of reading a variant's KIF, KI2 or JKF as a
/// broken standard record. `None` for every other input.
// until the KIF/KI2/JKF readers take variants (#29)
pub fn not_read_yet(command: &str, input: &Input, args: &InputArgs) -> Option<String> {
    let forced = old_route(input, args)?;
    let name = forced.map_or("a smaller variant".to_string(), |v| {
        format!("{} ({v})", v.title())
    });
    Some(format!(
        "{}: `{command}` does not read {name}'s KIF, KI2 or JKF records yet (their SFEN/USI \
         lists it reads); not read",
        input.display()
    ))
}

/// Whether the head of a KIF/KI2 file may be a variant's: it holds a board diagram (`|`) or
/// one of the variant `手合割` names (in UTF-8 or Shift_JIS bytes). Checked on the bytes, so a
/// standard record named on the command line is not decoded twice.
fn may_name_a_variant(head: &[u8]) -> bool {
    use std::sync::OnceLock;
    static NEEDLES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    if memchr::memchr(b'|', head).is_some() {
        return true;
    }
    let needles = NEEDLES.get_or_init(|| {
        let words = [
            "5五",
            "５五",
            "五々",
            "五五将棋",
            "どうぶつ",
            "動物",
            "ごろごろ",
            "ゴロゴロ",
            "禽将棋",
            "鳥将棋",
            "とり将棋",
            "5六将棋",
            "minishogi",
            "dobutsu",
            "doubutsu",
            "gorogoro",
            "torishogi",
        ];
        let mut out = Vec::new();
        for w in words {
            out.push(w.as_bytes().to_vec());
            let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(w);
            out.push(sjis.into_owned());
        }
        out
    });
    needles
        .iter()
        .any(|n| memchr::memmem::find(head, n).is_some())
}

/// The text of one input of the variant route, or why it cannot be read.
pub fn read_text(i: &Input, input: &InputArgs) -> Result<String, String> {
    read_text_encoded(i, input).map(|(text, _)| text)
}

/// The text of one input of the variant route and, for an SFEN/USI list, the encoding it was
/// decoded from: KIF/KI2 decoded as their encoding says; the others read as every input is
/// ([`shogi_tool::batch::read_text`]: the limits, `--max-line-length` included, binary data
/// refused, the encoding detected), or why it cannot be read.
pub fn read_text_encoded(
    i: &Input,
    input: &InputArgs,
) -> Result<(String, Option<&'static str>), String> {
    let kakinoki = match i {
        Input::File(p) => p
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .is_some_and(|e| matches!(e.as_str(), "kif" | "kifu" | "ki2" | "ki2u" | "jkf")),
        _ => false,
    };
    if kakinoki {
        return read_kakinoki_text(i, input).map(|t| (t, None));
    }
    let mut options = input.read_options();
    // The variant route picks the format itself ([`input_format`]): read as a USI list when
    // neither `--from` nor the name says.
    options.from = Some(options.from.unwrap_or(Format::Usi));
    shogi_tool::batch::read_text(i, &options).map(|(text, encoding, _)| (text, Some(encoding)))
}

/// The text of a KIF/KI2/JKF input of the variant route (KIF/KI2 decoded as their encoding
/// says, JKF read as UTF-8), or why it cannot be read.
fn read_kakinoki_text(i: &Input, input: &InputArgs) -> Result<String, String> {
    let name = i.display();
    let limit = input.max_file_size;
    match i {
        Input::Stdin => {
            let mut s = String::new();
            std::io::stdin()
                .lock()
                .take(limit.saturating_add(1))
                .read_to_string(&mut s)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            if s.len() as u64 > limit {
                return Err(format!(
                    "standard input is larger than the limit of {limit} bytes"
                ));
            }
            Ok(s)
        }
        Input::File(p) => {
            if std::fs::metadata(p).is_ok_and(|m| m.len() > limit) {
                return Err(format!("{name} is larger than the limit of {limit} bytes"));
            }
            std::fs::read(p)
                .map_err(|e| format!("cannot read {name}: {e}"))
                .and_then(|b| {
                    let ext = p
                        .extension()
                        .and_then(|e| e.to_str())
                        .map(str::to_ascii_lowercase);
                    if matches!(ext.as_deref(), Some("kif" | "kifu" | "ki2" | "ki2u")) {
                        return Ok(decode(&b, ext.as_deref(), input.encoding.into()).text);
                    }
                    String::from_utf8(b)
                        .map_err(|_| format!("{name}: variant records are read as UTF-8"))
                })
        }
        Input::Unreadable { message, .. } => Err(message.clone()),
    }
}

/// The inputs' texts, in order (an unreadable input carries its message).
pub(super) fn read_inputs(
    input: &InputArgs,
) -> anyhow::Result<Vec<(String, Result<String, String>)>> {
    let (inputs, errors) = input.input_stream()?;
    let mut out: Vec<(String, Result<String, String>)> = errors
        .into_iter()
        .map(|e| (e.path.clone(), Err(e.message)))
        .collect();
    for i in inputs {
        out.push((i.display(), read_text(&i, input)));
    }
    Ok(out)
}

/// One record of a variant input, in whatever format it came.
pub(super) struct Loaded {
    /// The record as the replay reads it (an unreadable record has no start and an error).
    pub(super) rec: VRecord,
    /// The game, when the record could be read.
    game: Option<VGame>,
    /// The format it was read from.
    format: Format,
    /// What the reader could not carry (`comments`, `move times`, ...).
    dropped: Vec<String>,
    /// Reader warnings (line, message).
    warnings: Vec<(u32, String)>,
    /// A read error after which the rest of the record was dropped (line, message).
    partial: Option<String>,
}

/// The format of a variant input: `--from`, else the extension, else the content.
fn input_format(input: &InputArgs, path: &str, text: &str) -> Format {
    if let Some(f) = input.from {
        return f.into();
    }
    let ext = std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_extension);
    match ext {
        Some(f) => f,
        None => match shogi_tool::formats::detect::sniff(text) {
            Some(f @ (Format::Kif | Format::Kifu | Format::Ki2 | Format::Ki2u | Format::Jkf)) => f,
            _ => Format::Usi,
        },
    }
}

/// Every record of one input (`--variant` is `forced`).
pub(super) fn load(
    input: &InputArgs,
    path: &str,
    text: &str,
    forced: Option<Variant>,
) -> Vec<Loaded> {
    let format = input_format(input, path, text);
    let unreadable = |line: u32, message: String| VRecord {
        line,
        start: None,
        moves: Vec::new(),
        ending: None,
        error: Some((1, message)),
    };
    match format {
        Format::Kif | Format::Kifu | Format::Ki2 | Format::Ki2u | Format::Jkf => {
            if format == Format::Jkf {
                return shogi_tool::formats::read_str_as(text, format, forced)
                    .iter()
                    .map(|r| match (r.errors.first(), VGame::from_record(r)) {
                        (None, Ok(read)) => Loaded {
                            rec: read.game.to_vrecord(r.source.line.max(1)),
                            game: Some(read.game),
                            format,
                            dropped: read.dropped,
                            warnings: read.warnings,
                            partial: None,
                        },
                        (e, _) => Loaded {
                            rec: unreadable(
                                e.map_or(r.source.line, |e| e.line).max(1),
                                e.map_or("the record is of standard shogi, not of a smaller variant (its header names no variant and its board is 9x9)".into(), |e| {
                                    e.message.clone()
                                }),
                            ),
                            game: None,
                            format,
                            dropped: Vec::new(),
                            warnings: Vec::new(),
                            partial: None,
                        },
                    })
                    .collect();
            }
            let read = match format {
                Format::Ki2 | Format::Ki2u => vformats::ki2::read(text, forced),
                _ => shogi_tool::formats::read_str_as(text, format, forced)
                    .first()
                    .map_or_else(
                        || {
                            Err(vformats::VReadError {
                                line: 1,
                                message: "no record".into(),
                            })
                        },
                        VGame::from_record,
                    ),
            };
            let loaded = match read {
                Ok(r) => Loaded {
                    rec: r.game.to_vrecord(1),
                    game: Some(r.game),
                    format,
                    dropped: r.dropped,
                    warnings: r.warnings,
                    partial: None,
                },
                Err(e) => Loaded {
                    rec: unreadable(e.line.max(1), e.message),
                    game: None,
                    format,
                    dropped: Vec::new(),
                    warnings: Vec::new(),
                    partial: None,
                },
            };
            vec![loaded]
        }
        Format::Csa => vec![Loaded {
            rec: unreadable(
                1,
                format!(
                    "{} records of the smaller variants are not read yet",
                    format.name()
                ),
            ),
            game: None,
            format,
            dropped: Vec::new(),
            warnings: Vec::new(),
            partial: None,
        }],
        Format::Sfen | Format::Usi => game::read_lines(text, forced)
            .into_iter()
            .map(|rec| {
                let (game, partial) = match VGame::from_vrecord(&rec) {
                    Ok((g, e)) => (Some(g), e.map(|e| e.message)),
                    Err(_) => (None, None),
                };
                Loaded {
                    rec,
                    game,
                    format,
                    dropped: Vec::new(),
                    warnings: Vec::new(),
                    partial,
                }
            })
            .collect(),
    }
}

fn validation(path: &str, index: usize, rec: &VRecord, rep: &VReport) -> Validation {
    let mut errors: Vec<Item<ErrorCode>> = Vec::new();
    if let Some((column, message)) = &rec.error {
        errors.push(Item {
            ply: None,
            line: Some(rec.line),
            column: Some(*column),
            code: ErrorCode::ParseError,
            side: None,
            mv: None,
            message: message.clone(),
            variation: None,
            json_path: None,
        });
    } else {
        errors.extend(rep.errors.iter().map(Item::from));
    }
    Validation {
        variant: rec.variant().map(|v| v.name()),
        path: path.to_string(),
        path_bytes: None,
        record: index,
        format: Some("usi"),
        encoding: Some("utf-8"),
        encoding_reason: None,
        plies: rep.plies,
        outcome: OutcomeJson {
            winner: rep.outcome.winner.map(|c| c.name()),
            reason: rep.outcome.reason,
        },
        fouls: rep.fouls.iter().map(Item::from).collect(),
        warnings: rep.warnings.iter().map(Item::from).collect(),
        errors,
        impasse: None,
        openings: None,
    }
}

/// One record of a variant input, replayed.
pub struct Replayed {
    /// The record line as read.
    pub record: VRecord,
    /// What the replay found.
    pub report: VReport,
    /// The same as a validation (the JSON and diagnostics of `validate`).
    pub validation: Validation,
}

/// Reads one input of the variant route and replays each of its records under `rules`: the
/// input's name, and its text with the records, or why it cannot be read.
pub fn replay_input(
    input: &Input,
    args: &InputArgs,
    forced: Option<Variant>,
    rules: VRules,
) -> (String, Result<(SourceText, Vec<Replayed>), String>) {
    let path = input.display();
    let (text, encoding) = match read_text_encoded(input, args) {
        Ok(t) => t,
        Err(m) => return (path, Err(m)),
    };
    let records: Vec<Replayed> = load(args, &path, &text, forced)
        .into_iter()
        .enumerate()
        .map(|(k, l)| {
            let record = l.rec;
            let report = game::replay(&record, rules);
            let mut validation = validation(&path, k, &record, &report);
            validation.format = Some(l.format.name());
            validation.encoding = encoding.or(validation.encoding);
            Replayed {
                record,
                report,
                validation,
            }
        })
        .collect();
    if records.is_empty() {
        return (path.clone(), Err(format!("{path} holds no game record")));
    }
    (path, Ok((SourceText::new(text), records)))
}

/// `validate` of one input of the variant route: the text to print, and the counts of
/// records, records with fouls, with warnings and with errors.
pub fn validate_input(
    input: &Input,
    forced: Option<Variant>,
    args: &InputArgs,
    rules: VRules,
    json: bool,
) -> (String, [usize; 4]) {
    let mut buf = String::new();
    let (path, read) = replay_input(input, args, forced, rules);
    let (source, records) = match read {
        Ok(r) => r,
        Err(message) => {
            let v = Validation::unreadable(&path, &message);
            if json {
                buf = v.to_json() + "\n";
            } else {
                v.to_human_styled(None, &mut buf, super::style::stdout());
            }
            return (buf, [0, 0, 0, 1]);
        }
    };
    let mut counts = [0; 4];
    for r in &records {
        let v = &r.validation;
        counts[0] += 1;
        counts[1] += usize::from(!v.fouls.is_empty());
        counts[2] += usize::from(!v.warnings.is_empty());
        counts[3] += usize::from(!v.errors.is_empty());
        if json {
            buf.push_str(&v.to_json());
            buf.push('\n');
        } else {
            v.to_human_styled(Some(&source), &mut buf, super::style::stdout());
        }
    }
    (buf, counts)
}

/// `positions` of one input of the variant route: one chunk per record (see
/// [`super::records`]), the SFEN of each position (`ply<TAB>SFEN`), or of the one after ply
/// `ply`, or of the final one.
pub fn positions_input(
    input: &Input,
    forced: Option<Variant>,
    args: &InputArgs,
    ply: Option<usize>,
    final_only: bool,
) -> Vec<Chunk> {
    let (path, read) = replay_input(input, args, forced, VRules::default());
    let records = match read {
        Ok((_, records)) => records,
        Err(message) => {
            let mut c = Chunk::default();
            c.fail(message);
            return vec![c];
        }
    };
    let mut chunks = Vec::new();
    for (k, r) in records.iter().enumerate() {
        let mut c = Chunk::default();
        let rec = &r.record;
        if let Some((column, message)) = &rec.error {
            c.fail(format!(
                "{path}:{}:{column}: {}",
                rec.line,
                human_message(message)
            ));
            chunks.push(c);
            continue;
        }
        if let Some(e) = r.report.errors.first() {
            c.fail(format!(
                "{path}:{}: {}",
                rec.line,
                human_message(&e.message)
            ));
        }
        let positions = &r.report.positions;
        match (ply, final_only) {
            (Some(n), _) => match positions.get(n) {
                Some(p) => c.out.push_str(&format!("{}\n", p.to_sfen())),
                None => c.fail(format!("{path}#{k}: the main line has no ply {n}")),
            },
            (None, true) => {
                if let Some(p) = positions.last() {
                    c.out.push_str(&format!("{}\n", p.to_sfen()));
                }
            }
            (None, false) => {
                for (i, p) in positions.iter().enumerate() {
                    c.out.push_str(&format!("{i}\t{}\n", p.to_sfen()));
                }
            }
        }
        chunks.push(c);
    }
    chunks
}

/// The formats `convert` writes for the smaller variants.
const VARIANT_TARGETS: &str = "kif, kifu, ki2, ki2u, jkf, sfen or usi";

/// What `convert` hands the variant route: the inputs, and where and how to write (the
/// options of `convert` of the same names).
#[derive(Debug, Clone, Copy)]
pub struct ConvertArgs<'a> {
    /// The inputs and how to read them.
    pub input: &'a InputArgs,
    /// `-o FILE`.
    pub output: Option<&'a std::path::Path>,
    /// `--out-dir DIR`.
    pub out_dir: Option<&'a std::path::Path>,
    /// `--output-encoding`.
    pub output_encoding: Option<super::values::OutputEncodingArg>,
    /// `--force`.
    pub force: bool,
    /// `--quiet`.
    pub quiet: bool,
}

/// `convert` on the variant route: KIF/KIFU and SFEN/USI records of a smaller variant to
/// any of those formats, with `-o FILE`, `--out-dir DIR` or standard output; files are
/// written whole or not at all ([`super::output`]). `None` for standard shogi.
pub fn convert(args: &ConvertArgs, to: Format) -> anyhow::Result<Option<ExitCode>> {
    use shogi_tool::formats::write::{default_encoding, encode};
    use shogi_tool::text::Encoding;
    let input = args.input;
    let Some(forced) = convert_route(input, to) else {
        return Ok(None);
    };
    let name = forced.map_or("the smaller variants".to_string(), |v| v.to_string());
    let refuse = |name: &str| -> anyhow::Result<()> {
        match to {
            Format::Csa => bail!(
                "CSA has no syntax for the smaller variants: cannot write {name} as csa (write {VARIANT_TARGETS})"
            ),
            Format::Ki2 | Format::Ki2u
                if matches!(
                    name.split(' ').next(),
                    Some("torishogi" | "dobutsu")
                ) =>
            {
                bail!(
                    "KI2's relative words are for the standard pieces: cannot write {name} as {} (write kif, kifu, jkf, sfen or usi)",
                    to.name()
                )
            }
            _ => Ok(()),
        }
    };
    if forced.is_some() {
        refuse(&name)?;
    }
    let asked = args.output_encoding.map(Encoding::from);
    if to == Format::Jkf && asked.is_some_and(|e| e != Encoding::Utf8) {
        bail!("--output-encoding: JKF is JSON, which is always UTF-8");
    }
    let mut encoding = asked.unwrap_or_else(|| default_encoding(to));
    let to_stdout = args.output.is_none() && args.out_dir.is_none();
    if to_stdout && asked.is_none() && encoding != Encoding::Utf8 && std::io::stdout().is_terminal()
    {
        encoding = Encoding::Utf8;
    }
    let warn = |m: String| {
        if !args.quiet {
            eprintln!("{} {m}", super::style::warning());
        }
    };
    // (input name, record index, records in the input, bytes)
    let mut outputs: Vec<(String, usize, usize, Vec<u8>)> = Vec::new();
    let mut failed = false;
    for (path, content) in read_inputs(input)? {
        let content = match content {
            Ok(t) => t,
            Err(m) => {
                eprintln!("{} {m}", super::style::error());
                failed = true;
                continue;
            }
        };
        let loaded = load(input, &path, &content, forced);
        let count = loaded.len();
        for (k, l) in loaded.into_iter().enumerate() {
            for (line, w) in &l.warnings {
                warn(format!("{path}:{line}: {w}"));
            }
            let Some(game) = l.game else {
                let (column, message) = l.rec.error.clone().unwrap_or_default();
                eprintln!(
                    "{} {path}:{}:{column}: {message}",
                    super::style::error(),
                    l.rec.line
                );
                failed = true;
                continue;
            };
            refuse(&format!("{} ({})", game.variant(), game.variant().title()))?;
            if let Some(m) = &l.partial {
                eprintln!("{} {path}: {m}", super::style::error());
                failed = true;
            }
            let (mut text, mut dropped) = match to {
                Format::Kif | Format::Kifu => {
                    let options = shogi_tool::formats::kif::WriteOptions::default();
                    let written = shogi_tool::formats::kif::write(&game.to_record(), &options);
                    (written.text, written.dropped)
                }
                Format::Jkf => {
                    // One line, as this route has always written a variant's JKF.
                    let w = shogi_tool::formats::jkf::write(&game.to_record());
                    (shogi_tool::formats::jkf::compact(&w.text) + "\n", w.dropped)
                }
                Format::Ki2 | Format::Ki2u => vformats::ki2::write(&game),
                Format::Sfen | Format::Usi => {
                    let (line, d) = game.to_sfen_line(to == Format::Usi);
                    (line + "\n", d)
                }
                _ => unreachable!("refused above"),
            };
            if matches!(to, Format::Kif | Format::Ki2) && encoding != Encoding::ShiftJis
                || matches!(to, Format::Kifu | Format::Ki2u) && encoding != Encoding::Utf8
            {
                let enc = match encoding {
                    Encoding::ShiftJis => "Shift_JIS",
                    Encoding::EucJp => "EUC-JP",
                    _ => "UTF-8",
                };
                text = format!("#KIF version=2.0 encoding={enc}\n{text}");
            }
            for d in l.dropped {
                if !dropped.contains(&d) {
                    dropped.push(d);
                }
            }
            if !dropped.is_empty() {
                warn(format!(
                    "{path}#{k}: {} does not carry {}; left out",
                    to.name(),
                    dropped.join(", ")
                ));
            }
            let (bytes, replaced) = encode(&text, encoding);
            if !replaced.is_empty() {
                let chars: String = replaced.iter().collect();
                warn(format!(
                    "{path}#{k}: {} cannot hold `{chars}`: written as `?`",
                    encoding.name()
                ));
            }
            outputs.push((path.clone(), k, count, bytes));
        }
    }
    let single = !matches!(to, Format::Sfen | Format::Usi);
    if let Some(dir) = args.out_dir {
        let mut targets: Vec<std::path::PathBuf> = Vec::new();
        for (path, k, count, _) in &outputs {
            let p = std::path::Path::new(path);
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("stdin");
            let mut file = stem.to_string();
            if *count > 1 {
                file.push_str(&format!(".{k}"));
            }
            let mut target = dir.join(format!("{file}.{}", to.extension()));
            if targets.contains(&target) {
                // Two inputs of one name: keep the source extension (`g.usi.kif`).
                let full = p.file_name().and_then(|s| s.to_str()).unwrap_or(stem);
                let suffix = if *count > 1 {
                    format!(".{k}")
                } else {
                    String::new()
                };
                target = dir.join(format!("{full}{suffix}.{}", to.extension()));
            }
            targets.push(target);
        }
        if let Some(link) = targets
            .iter()
            .find_map(|t| super::output::link_below(dir, t))
        {
            eprintln!(
                "{} {} inside the output folder {} is a symbolic link; nothing written (outputs \
                 are never written through a link)",
                super::style::error(),
                link.display(),
                dir.display()
            );
            return Ok(Some(ExitCode::Error));
        }
        if !args.force {
            let existing: Vec<String> = targets
                .iter()
                .filter(|t| t.exists())
                .map(|t| t.display().to_string())
                .collect();
            if !existing.is_empty() {
                eprintln!(
                    "{} {} of the outputs exist already: {}; nothing written (--force replaces them)",
                    super::style::error(),
                    existing.len(),
                    existing.join(", ")
                );
                return Ok(Some(ExitCode::Error));
            }
        }
        let mut batch = super::output_batch::Batch::new(dir);
        for (target, (_, _, _, bytes)) in targets.iter().zip(&outputs) {
            if let Err(e) = batch.add((), target, bytes, args.force, |n| {
                if !args.quiet {
                    eprintln!("shogi-tool: note: {n}");
                }
            }) {
                eprintln!("{} {e:#}", super::style::error());
                failed = true;
            }
        }
        for done in batch.commit(|_| None) {
            if let Err(e) = done.result {
                eprintln!("{} {e:#}", super::style::error());
                failed = true;
            }
        }
    } else {
        if single && outputs.len() > 1 {
            bail!(
                "{} records and one {} output: give --out-dir DIR for one file per record",
                outputs.len(),
                to.name()
            );
        }
        let bytes: Vec<u8> = outputs.into_iter().flat_map(|o| o.3).collect();
        match args.output {
            Some(p) => super::output::write_file(p, &bytes, args.force, |n| {
                if !args.quiet {
                    eprintln!("shogi-tool: note: {n}");
                }
            })?,
            None => std::io::stdout().lock().write_all(&bytes)?,
        }
    }
    Ok(Some(if failed {
        ExitCode::Error
    } else {
        ExitCode::Success
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_kif_that_may_be_a_variants_is_decoded() {
        let sjis = |s: &str| encoding_rs::SHIFT_JIS.encode(s).0.into_owned();
        assert!(!may_name_a_variant(&sjis("手合割：平手\r\n先手：a\r\n")));
        assert!(!may_name_a_variant("手合割：平手\n".as_bytes()));
        assert!(may_name_a_variant(&sjis("手合割：5五将棋\r\n")));
        assert!(may_name_a_variant("手合割：どうぶつしょうぎ\n".as_bytes()));
        assert!(may_name_a_variant(b"| * |"));
    }
}
