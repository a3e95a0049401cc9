//! `--variant NAME`: the small variants' route through the record subcommands.
//!
//! A command takes this route when `--variant` names a variant other than standard shogi, or
//! when an input file (`.sfen`, `.usi`, `.txt`, read ahead) holds a position of another
//! variant (a 5x5 board is minishogi, ...). Records are `.sfen`/`.usi` lines (see
//! [`shogi_tool::variant::game`]); standard input is read only with `--variant`. A record of
//! another variant than `--variant` names is an error that names both.

use std::io::{Read, Write};

use anyhow::{bail, Context};
use shogi_tool::batch::Input;
use shogi_tool::diag::{Item, OutcomeJson, Validation};
use shogi_tool::text::SourceText;
use shogi_tool::variant::game::{self, VRecord, VReport, VRules};
use shogi_tool::variant::{usi, VPosition, Variant};
use shogi_tool::views::Located;

use super::exit::ExitCode;
use super::inputs::InputArgs;

/// A `--sfen` value of a command that also takes the smaller variants: the text as given,
/// and the standard position when it is one (a variant's position is read later, when
/// `--variant` is known).
#[derive(Clone, Debug)]
pub struct AnySfen {
    /// The value as given.
    pub text: String,
    /// The standard position, or why the text is none.
    pub standard: Result<Located, String>,
}

impl AnySfen {
    /// The standard position, or the error that it is none.
    pub fn located(&self) -> anyhow::Result<&Located> {
        self.standard.as_ref().map_err(|e| anyhow::anyhow!("{e}"))
    }
}

/// Parses a `--sfen` value: the standard grammar, or the board of a smaller variant.
pub fn parse_any_sfen(s: &str) -> Result<AnySfen, String> {
    let standard = super::values::parse_sfen(s);
    if let Err(e) = &standard {
        let t = s.trim();
        let t = t.strip_prefix("position").map_or(t, str::trim_start);
        let board = t.strip_prefix("sfen").map_or(t, str::trim_start);
        let board = board.split(" moves").next().unwrap_or(board);
        let is_variant = board.split_whitespace().next().is_some_and(|b| {
            // Anything but a 9-rank board may be a variant's (read and judged later).
            b.contains('[') || b.split('/').count() != 9
        });
        if !is_variant {
            return Err(e.clone());
        }
    }
    Ok(AnySfen {
        text: s.to_string(),
        standard,
    })
}

/// Parses a `--variant` name or alias.
/// The `--variant` value parser: the names and aliases of every game, case-insensitive, listed
/// in `--help` and offered by the shell completions.
pub fn variant_parser() -> impl clap::builder::TypedValueParser<Value = Variant> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values = Variant::ALL
        .into_iter()
        .map(|v| PossibleValue::new(v.name()).aliases(v.aliases().iter().copied()));
    PossibleValuesParser::new(values).map(|name| {
        name.parse::<Variant>()
            .expect("clap admits only the listed names and aliases")
    })
}

/// Which variant route, if any, the inputs take: `Some(forced)` for the variant route.
fn route(input: &InputArgs) -> Option<Option<Variant>> {
    if let Some(v) = input.variant {
        if v != Variant::Standard {
            return Some(Some(v));
        }
    }
    let sniffed = input.paths.iter().any(|p| {
        let path = std::path::Path::new(p);
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext.to_ascii_lowercase().as_str(), "sfen" | "usi" | "txt") {
            return false;
        }
        // Only regular files: a FIFO or device would block or be consumed by the look.
        if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
            return false;
        }
        let mut head = Vec::new();
        let ok = std::fs::File::open(path)
            .and_then(|f| f.take(64 * 1024).read_to_end(&mut head))
            .is_ok();
        ok && game::detect(&String::from_utf8_lossy(&head)).is_some_and(|v| v != Variant::Standard)
    });
    sniffed.then_some(input.variant)
}

/// The inputs' texts, in order (an unreadable input carries its message).
fn read_inputs(input: &InputArgs) -> anyhow::Result<Vec<(String, Result<String, String>)>> {
    let (inputs, errors) = input.input_stream()?;
    let mut out: Vec<(String, Result<String, String>)> = errors
        .into_iter()
        .map(|e| (e.path.clone(), Err(e.message)))
        .collect();
    for i in inputs {
        let name = i.display();
        let text = match &i {
            Input::Stdin => {
                let mut s = String::new();
                std::io::stdin()
                    .read_to_string(&mut s)
                    .map(|_| s)
                    .map_err(|e| format!("cannot read standard input: {e}"))
            }
            Input::File(p) => std::fs::read(p)
                .map_err(|e| format!("cannot read {name}: {e}"))
                .and_then(|b| {
                    String::from_utf8(b)
                        .map_err(|_| format!("{name}: variant records are read as UTF-8"))
                }),
            Input::Unreadable { message, .. } => Err(message.clone()),
        };
        out.push((name, text));
    }
    Ok(out)
}

fn validation(path: &str, index: usize, rec: &VRecord, rep: &VReport) -> Validation {
    let mut errors: Vec<Item> = Vec::new();
    if let Some((column, message)) = &rec.error {
        errors.push(Item {
            ply: None,
            line: Some(rec.line),
            column: Some(*column),
            code: "parse-error",
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

/// `validate` on the variant route; `None` when the inputs take the standard route.
pub fn validate(
    input: &InputArgs,
    json: bool,
    quiet: bool,
    deny_warnings: bool,
) -> anyhow::Result<Option<ExitCode>> {
    let Some(forced) = route(input) else {
        return Ok(None);
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut files, mut records, mut fouls, mut warnings, mut unreadable) = (0, 0, 0, 0, 0);
    for (path, text) in read_inputs(input)? {
        files += 1;
        let text = match text {
            Ok(t) => t,
            Err(message) => {
                unreadable += 1;
                let v = Validation::unreadable(&path, &message);
                let mut buf = String::new();
                if json {
                    buf = v.to_json() + "\n";
                } else {
                    v.to_human(None, &mut buf);
                }
                out.write_all(buf.as_bytes())?;
                continue;
            }
        };
        let recs = game::read_lines(&text, forced);
        let source = SourceText::new(text);
        for (k, rec) in recs.iter().enumerate() {
            let rep = game::replay(rec, VRules::default());
            let v = validation(&path, k, rec, &rep);
            records += 1;
            fouls += usize::from(!v.fouls.is_empty());
            warnings += usize::from(!v.warnings.is_empty());
            unreadable += usize::from(!v.errors.is_empty());
            let mut buf = String::new();
            if json {
                buf = json_with_variant(&v, rec.variant()) + "\n";
            } else if !(quiet && v.fouls.is_empty() && v.warnings.is_empty() && v.errors.is_empty())
            {
                v.to_human(Some(&source), &mut buf);
            }
            out.write_all(buf.as_bytes())?;
        }
    }
    out.flush()?;
    if !json && !quiet {
        let s = |n: usize| if n == 1 { "" } else { "s" };
        eprintln!(
            "checked {records} record{} in {files} file{}: {fouls} with fouls, {warnings} with warnings, {unreadable} with errors",
            s(records),
            s(files)
        );
    }
    Ok(Some(if unreadable > 0 {
        ExitCode::Error
    } else if fouls > 0 || (deny_warnings && warnings > 0) {
        ExitCode::Fouls
    } else {
        ExitCode::Success
    }))
}

/// `positions` on the variant route; `None` when the inputs take the standard route.
pub fn positions(
    input: &InputArgs,
    ply: Option<usize>,
    final_only: bool,
) -> anyhow::Result<Option<ExitCode>> {
    let Some(forced) = route(input) else {
        return Ok(None);
    };
    let mut out = String::new();
    let mut failed = false;
    for (path, text) in read_inputs(input)? {
        let text = match text {
            Ok(t) => t,
            Err(m) => {
                eprintln!("{} {m}", super::style::error());
                failed = true;
                continue;
            }
        };
        for (k, rec) in game::read_lines(&text, forced).iter().enumerate() {
            if let Some((column, message)) = &rec.error {
                eprintln!("{path}:{}:{column}: {message}", rec.line);
                failed = true;
                continue;
            }
            let rep = game::replay(rec, VRules::default());
            if let Some(e) = rep.errors.first() {
                eprintln!("{path}:{}: {}", rec.line, e.message);
                failed = true;
            }
            match (ply, final_only) {
                (Some(n), _) => match rep.positions.get(n) {
                    Some(p) => out.push_str(&format!("{}\n", p.to_sfen())),
                    None => {
                        eprintln!("{path}#{k}: the main line has no ply {n}");
                        failed = true;
                    }
                },
                (None, true) => {
                    if let Some(p) = rep.positions.last() {
                        out.push_str(&format!("{}\n", p.to_sfen()));
                    }
                }
                (None, false) => {
                    for (i, p) in rep.positions.iter().enumerate() {
                        out.push_str(&format!("{i}\t{}\n", p.to_sfen()));
                    }
                }
            }
        }
    }
    std::io::stdout().lock().write_all(out.as_bytes())?;
    Ok(Some(if failed {
        ExitCode::Error
    } else {
        ExitCode::Success
    }))
}

/// Reads `--sfen` text (`startpos`, an SFEN or Fairy-Stockfish FEN, optionally followed by
/// `moves ...`) for a variant, if it is one: `None` for standard shogi.
pub fn position_from_sfen(
    sfen: &str,
    variant: Option<Variant>,
) -> anyhow::Result<Option<VPosition>> {
    Ok(positions_from_sfen(sfen, variant)?.and_then(|mut p| p.pop()))
}

/// As [`position_from_sfen`], every position from the SFEN's to the last after its moves.
fn positions_from_sfen(
    sfen: &str,
    variant: Option<Variant>,
) -> anyhow::Result<Option<Vec<VPosition>>> {
    let t = sfen.trim();
    let standard_start = t == "startpos" || t.starts_with("startpos ");
    if matches!(variant, None | Some(Variant::Standard)) {
        if standard_start {
            return Ok(None);
        }
        let board = t.strip_prefix("sfen").map_or(t, str::trim_start);
        let detected = game::detect(board);
        if variant.is_some() && detected.is_some_and(|d| d != Variant::Standard) {
            bail!(
                "the position is {} ({}), but --variant says standard",
                detected.unwrap(),
                detected.unwrap().title()
            );
        }
        if matches!(detected, None | Some(Variant::Standard)) {
            return Ok(None);
        }
    }
    let line = if t.starts_with("startpos") || t.starts_with("sfen ") || t.starts_with("position ")
    {
        t.to_string()
    } else {
        format!("sfen {t}")
    };
    let recs = game::read_lines(&line, variant);
    let rec = recs.first().context("no position given")?;
    if let Some((_, message)) = &rec.error {
        bail!("cannot use --sfen `{sfen}`: {message}");
    }
    let rep = game::replay(rec, VRules::default());
    if let Some(f) = rep.fouls.first().or(rep.errors.first()) {
        bail!("cannot use --sfen `{sfen}`: ply {}: {}", f.ply, f.message);
    }
    Ok(Some(rep.positions))
}

/// `perft` on the variant route; `None` for standard shogi.
pub fn perft_command(
    sfen: Option<&str>,
    variant: Option<Variant>,
    depth: u32,
    divide: bool,
) -> anyhow::Result<Option<ExitCode>> {
    let Some(pos) = position_from_sfen(sfen.unwrap_or("startpos"), variant)? else {
        return Ok(None);
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let total = if divide {
        let mut total = 0;
        for (m, n) in shogi_tool::variant::divide(&pos, depth) {
            writeln!(out, "{}: {n}", usi(pos.variant(), m))?;
            total += n;
        }
        if depth == 0 {
            1
        } else {
            total
        }
    } else {
        shogi_tool::variant::perft(&pos, depth)
    };
    writeln!(out, "{total}")?;
    Ok(Some(ExitCode::Success))
}

/// A text diagram of a variant position: ranks from `a`, files from the highest; upper case
/// for the first player (`b`), lower case for the second; hands below and above.
pub fn diagram(pos: &VPosition) -> String {
    let v = pos.variant();
    let hand = |color: shogi_tool::shogi::Color| {
        let mut s = String::new();
        for &k in v.kinds() {
            let n = pos.hand_count(color, k);
            if n > 0 {
                s.push_str(&format!(
                    " {}{}",
                    k,
                    if n > 1 {
                        format!(" x{n}")
                    } else {
                        String::new()
                    }
                ));
            }
        }
        if s.is_empty() {
            " none".into()
        } else {
            s
        }
    };
    let mut out = format!("{} ({})\n", v.title(), v.name());
    out.push_str(&format!(
        "white (second player) in hand:{}\n",
        hand(shogi_tool::shogi::Color::White)
    ));
    out.push(' ');
    for f in (1..=v.files()).rev() {
        out.push_str(&format!("  {f}"));
    }
    out.push('\n');
    for r in 1..=v.ranks() {
        out.push(' ');
        for f in (1..=v.files()).rev() {
            let sq = shogi_tool::shogi::Square::new(f, r).expect("on the board");
            match pos.piece_at(sq) {
                None => out.push_str("  ."),
                Some(p) => {
                    let t = v.kind_text(p.kind);
                    let t = if p.color == shogi_tool::shogi::Color::White {
                        t.to_ascii_lowercase()
                    } else {
                        t
                    };
                    out.push_str(&format!("{t:>3}"));
                }
            }
        }
        out.push_str(&format!("  {}\n", (b'a' + r - 1) as char));
    }
    out.push_str(&format!(
        "black (first player) in hand:{}\n",
        hand(shogi_tool::shogi::Color::Black)
    ));
    out.push_str(&format!("{} to move\n", pos.side_to_move().name()));
    out
}

/// Refuses squares off the variant's board (`--highlight`, `--square`).
pub fn on_board(pos: &VPosition, squares: &[shogi_tool::shogi::Square]) -> anyhow::Result<()> {
    let v = pos.variant();
    if let Some(sq) = squares
        .iter()
        .find(|s| s.file() > v.files() || s.rank() > v.ranks())
    {
        bail!(
            "{sq} is not on the {}x{} board of {} ({v})",
            v.files(),
            v.ranks(),
            v.title()
        );
    }
    Ok(())
}

/// The position `board`, `moves` and `drops` show, when it is a variant's: from `--sfen`, or
/// from a record file of a variant (`--record`, `--ply`).
pub fn locate(args: &super::board::PositionArgs) -> anyhow::Result<Option<VPosition>> {
    Ok(locate_shown(args)?.map(|(pos, _)| pos))
}

/// As [`locate`], with the destination of the move that led to the position, when the record
/// or the SFEN's moves say.
pub fn locate_shown(
    args: &super::board::PositionArgs,
) -> anyhow::Result<Option<(VPosition, Option<shogi_tool::shogi::Square>)>> {
    let shown = |positions: &[VPosition], n: usize| {
        let last = n
            .checked_sub(1)
            .and_then(|b| shogi_tool::views::variant::last_square(&positions[b], &positions[n]));
        (positions[n].clone(), last)
    };
    if let Some(sfen) = &args.sfen {
        return Ok(positions_from_sfen(&sfen.text, args.variant)?
            .filter(|p| !p.is_empty())
            .map(|p| shown(&p, p.len() - 1)));
    }
    let Some(path) = &args.path else {
        if args.variant.is_some_and(|v| v != Variant::Standard) {
            bail!("give --sfen or a record file for --variant");
        }
        return Ok(None);
    };
    let input = InputArgs {
        paths: vec![path.clone()],
        files_from: None,
        follow: false,
        shard: None,
        from: None,
        encoding: args.encoding,
        strict: false,
        jobs: 1,
        max_file_size: u64::MAX,
        max_line_length: usize::MAX,
        max_variations: 0,
        max_variation_depth: 0,
        variant: args.variant,
    };
    let Some(forced) = route(&input) else {
        return Ok(None);
    };
    let (_, text) = read_inputs(&input)?
        .into_iter()
        .next()
        .context("no input")?;
    let text = text.map_err(anyhow::Error::msg)?;
    let recs = game::read_lines(&text, forced);
    let rec = recs
        .get(args.record)
        .with_context(|| format!("{path} holds no record {}", args.record))?;
    if let Some((column, message)) = &rec.error {
        bail!("{path}:{}:{column}: {message}", rec.line);
    }
    let rep = game::replay(rec, VRules::default());
    let n = match args.ply {
        Some(n) if n < rep.positions.len() => n,
        Some(n) => bail!("{path}#{}: the main line has no ply {n}", args.record),
        None => rep.positions.len().checked_sub(1).context("no position")?,
    };
    Ok(Some(shown(&rep.positions, n)))
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

/// `convert` on the variant route (SFEN and USI lines only); `None` for standard shogi.
pub fn convert(
    input: &InputArgs,
    to: shogi_tool::record::Format,
    output: Option<&std::path::Path>,
    out_dir: bool,
    force: bool,
) -> anyhow::Result<Option<ExitCode>> {
    use shogi_tool::record::Format;
    let Some(forced) = route(input) else {
        return Ok(None);
    };
    let name = forced.map_or("a smaller variant".to_string(), |v| v.to_string());
    if !matches!(to, Format::Sfen | Format::Usi) {
        bail!(
            "only sfen and usi carry {name} for now; cannot convert to {}",
            to.name()
        );
    }
    if out_dir {
        bail!("--out-dir is not supported for {name} yet; use -o FILE or standard output");
    }
    let mut text = String::new();
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
        for rec in game::read_lines(&content, forced) {
            let Some(start) = &rec.start else {
                let (column, message) = rec.error.clone().unwrap_or_default();
                eprintln!("{path}:{}:{column}: {message}", rec.line);
                failed = true;
                continue;
            };
            let mut pos = start.clone();
            let mut moves = Vec::new();
            for (word, column) in &rec.moves {
                let Some(m) = pos.parse_usi(word) else {
                    eprintln!(
                        "{path}:{}:{column}: `{word}` is not a USI move of {}; the rest of the line is dropped",
                        rec.line,
                        pos.variant()
                    );
                    failed = true;
                    break;
                };
                moves.push(pos.usi(m));
                if !pos.play_lenient(m).1 {
                    break;
                }
            }
            if to == Format::Usi {
                text.push_str("position ");
            }
            text.push_str("sfen ");
            text.push_str(&start.to_sfen());
            if !moves.is_empty() || (to == Format::Sfen && rec.ending.is_some()) {
                text.push_str(" moves");
            }
            for m in &moves {
                text.push(' ');
                text.push_str(m);
            }
            if let (Format::Sfen, Some(e)) = (to, &rec.ending) {
                text.push(' ');
                text.push_str(e);
            }
            text.push('\n');
        }
    }
    match output {
        Some(p) => {
            if p.exists() && !force {
                bail!("{} exists; give --force to overwrite it", p.display());
            }
            std::fs::write(p, &text).with_context(|| format!("cannot write {}", p.display()))?;
        }
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(Some(if failed {
        ExitCode::Error
    } else {
        ExitCode::Success
    }))
}

/// Refuses a command that does not take the smaller variants yet.
pub fn not_yet(command: &str, input: &InputArgs) -> anyhow::Result<()> {
    if let Some(forced) = route(input) {
        let name = forced.map_or("the smaller variants".to_string(), |v| v.to_string());
        bail!("`{command}` does not take {name} yet");
    }
    Ok(())
}
