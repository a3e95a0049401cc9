//! `--variant NAME`: the small variants' route through the record subcommands.
//!
//! An input takes this route when `--variant` names a variant other than standard shogi, or
//! when the input (a `.sfen`, `.usi` or `.txt` file, named or met while walking a folder, or
//! standard input, looked into ahead: see [`sniff`]) holds a position of another variant (a
//! 5x5 board is minishogi, ...). `validate`, `stats` and `positions` decide so input by input
//! ([`input_route`]), so a collection may mix standard and variant records. Records are
//! `.sfen`/`.usi` lines (see [`shogi_tool::formats::usi::variant_game`]). A record of another variant than
//! `--variant` names is an error that names both.

use std::io::{BufRead, IsTerminal, Read, Write};

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
        return vformats::jkf::detect(&text).is_some();
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

/// The variant an input's own content names, if another than standard shogi: a file as
/// [`file_is_variant`] judges it (with `--from`, only a file of that format), or standard
/// input, whose first record line is judged as an SFEN/USI line's ([`game::detect`]), looked
/// at without being consumed (what one read brings, up to 8 KiB) so the standard reader
/// still reads all of it.
fn sniff(input: &Input, args: &InputArgs) -> bool {
    match input {
        Input::File(path) => {
            if let Some(from) = args.from.map(Format::from) {
                let ext = path
                    .extension()
                    .and_then(|e| e.to_str())
                    .and_then(Format::from_extension);
                if ext.is_some_and(|e| e != from) && !matches!(from, Format::Sfen | Format::Usi) {
                    return false;
                }
            }
            file_is_variant(path, args)
        }
        Input::Stdin => {
            if args
                .from
                .is_some_and(|f| !matches!(Format::from(f), Format::Sfen | Format::Usi))
            {
                return false;
            }
            let stdin = std::io::stdin();
            let mut lock = stdin.lock();
            let Ok(head) = lock.fill_buf() else {
                return false;
            };
            let text = decode(head, None, args.encoding.into()).text;
            game::detect(&text).is_some_and(|v| v != Variant::Standard)
        }
        Input::Unreadable { .. } => false,
    }
}

/// Whether one input takes the variant route: `Some(forced)` (the `--variant` to read it
/// with) when `--variant` names another game than standard shogi, or when the input's content
/// is another variant's ([`sniff`]; with `--variant standard` its records are then errors
/// naming both). `validate`, `stats`, `positions` and `impasse` decide so input by input, so a
/// collection (walked folders included) may mix standard and variant records.
pub fn input_route(input: &Input, args: &InputArgs) -> Option<Option<Variant>> {
    if let Some(v) = args.variant {
        if v != Variant::Standard {
            return Some(Some(v));
        }
    }
    sniff(input, args).then_some(args.variant)
}

/// Which variant route, if any, the inputs of a whole-run command (`convert`, one position of
/// `board`/`moves`/`drops`, the refusals) take: `Some(forced)` when `--variant` names another
/// game, or when a file named on the command line, or standard input, is another variant's.
pub(super) fn route(input: &InputArgs) -> Option<Option<Variant>> {
    if let Some(v) = input.variant {
        if v != Variant::Standard {
            return Some(Some(v));
        }
    }
    let stdin_only = input.paths.is_empty() && input.files_from.is_none();
    let sniffed = if stdin_only {
        sniff(&Input::Stdin, input)
    } else {
        input.paths.iter().any(|p| {
            let i = if p == "-" {
                Input::Stdin
            } else {
                Input::File(p.into())
            };
            sniff(&i, input)
        })
    };
    sniffed.then_some(input.variant)
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
            let read = match format {
                Format::Jkf => vformats::jkf::read(text, forced),
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

/// The JSON line of a validation with the `variant` key first.
fn json_with_variant(v: &Validation, variant: Option<Variant>) -> String {
    let json = v.to_json();
    match variant {
        Some(var) => format!("{{\"variant\":\"{}\",{}", var.name(), &json[1..]),
        None => json,
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
            buf.push_str(&json_with_variant(v, r.record.variant()));
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

/// Refuses a standard-only command (`impasse`) for another variant, saying so.
pub fn standard_only(command: &str, input: &InputArgs, sfen: Option<&str>) -> anyhow::Result<()> {
    let variant = match (input.variant, sfen) {
        (Some(v), _) if v != Variant::Standard => Some(v),
        (_, Some(s)) => game::detect(s.trim().strip_prefix("sfen").unwrap_or(s).trim())
            .filter(|&v| v != Variant::Standard),
        _ => route(input).flatten(),
    };
    if let Some(v) = variant {
        bail!("`{command}` scores entering-king (impasse) points, a rule of standard shogi only; {} ({v}) has no such rule", v.title());
    }
    if route(input).is_some() {
        bail!("`{command}` is for standard shogi only; these records are of another variant");
    }
    Ok(())
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
    let Some(forced) = route(input) else {
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
                Format::Jkf => vformats::jkf::write(&game),
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
        for (target, (_, _, _, bytes)) in targets.iter().zip(&outputs) {
            if let Err(e) = super::output::write_file_below(dir, target, bytes, args.force, |n| {
                if !args.quiet {
                    eprintln!("shogi-tool: note: {n}");
                }
            }) {
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

/// For `impasse` reading many inputs: a failure (exit 2) for an input met while walking a
/// folder that holds records of a smaller variant, saying so, instead of reading it as
/// standard shogi. (Inputs named on the command line are refused before, by
/// [`standard_only`].)
pub fn refuse_input(command: &str, input: &Input, args: &InputArgs) -> Option<Vec<Chunk>> {
    input_route(input, args)?;
    let variant = args
        .variant
        .filter(|&v| v != Variant::Standard)
        .or_else(|| {
            let (_, read) = replay_input(input, args, None, VRules::default());
            read.ok()?.1.iter().find_map(|r| r.record.variant())
        })?;
    let mut c = Chunk::default();
    c.fail(format!(
        "{}: `{command}` is for standard shogi only; these records are of {} ({variant})",
        input.display(),
        variant.title()
    ));
    Some(vec![c])
}

/// For `find`, `dedup` and `split`, which do not take the smaller variants yet: for a file met
/// while walking a folder that holds another variant's records, the failure saying so (as for
/// a file named on the command line, [`not_yet`]), instead of reading it as standard shogi.
pub fn not_yet_input(command: &str, input: &Input, args: &InputArgs) -> Option<String> {
    if !matches!(input, Input::File(_)) {
        return None;
    }
    input_route(input, args)?;
    Some(format!(
        "{}: `{command}` does not take the smaller variants yet, and this file holds another \
         variant's records; not read",
        input.display()
    ))
}

/// Refuses a command that does not take the smaller variants yet.
pub fn not_yet(command: &str, input: &InputArgs) -> anyhow::Result<()> {
    if let Some(forced) = route(input) {
        let name = forced.map_or("the smaller variants".to_string(), |v| v.to_string());
        bail!("`{command}` does not take {name} yet");
    }
    Ok(())
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
