//! `shogi-tool dedup [PATH...]`: the records that are the same game (same start, same main
//! line, whatever the format, encoding, headers or comments), and with `--out-dir` one record
//! per game written into a folder (the inputs are never touched).
//!
//! The inputs are read once, in parallel like `validate`: every record leaves one 24-byte
//! entry in memory (see [`shogi_tool::collection::groups`]), 4 bytes per input file, and its
//! main line in a temporary file (20 bytes plus 2 a move), from which the prefixes are found
//! (every shorter prefix of every main line is looked up among the games, behind a filter of
//! 2 to 4 bytes a record). The names of the records reported come from listing the inputs
//! again (not reading them); `--out-dir` reads again only the inputs holding a record it
//! writes.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Context};
use serde::Serialize;
use shogi_tool::batch::{self, Input};
use shogi_tool::collection::alone::Alone;
use shogi_tool::collection::fingerprint::{annotations, Fingerprint, MainLine};
use shogi_tool::collection::groups::{Entry, Keep, Table};
use shogi_tool::collection::names::Names;
use shogi_tool::record::Record;

use super::exit::ExitCode;
use super::inputs::{InputArgs, QUIET_HELP};
use super::record_files::{input_stem, OutDir};
use super::style;

/// Output formats of `dedup`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// One block per game: a `game` line, then its records, indented.
    Human,
    /// One JSON object per game (JSON Lines).
    Json,
}

/// Which record of a game `--out-dir` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum KeepArg {
    /// The first in input order.
    First,
    /// The one with the most moves (with --prefix, the full game), then the first.
    Longest,
    /// The one with the most comments and variations, then the first.
    MostAnnotated,
}

/// Arguments of `dedup`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Count a game that is a prefix of another (an interrupted copy) as the same game.
    #[arg(long)]
    pub prefix: bool,
    /// With --out-dir: which record of each game is written.
    #[arg(
        long,
        value_enum,
        ignore_case = true,
        default_value = "first",
        requires = "out_dir"
    )]
    pub keep: KeepArg,
    /// Write one record per game into DIR (a new or empty folder; with --force any folder,
    /// files there before the run replaced): a file holding one record is copied byte for byte, a record of a multi-game
    /// file is written alone in its format (its own bytes where they are known, as split).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// With --out-dir: write into a folder that is not empty, replacing files that existed
    /// before the run (outputs of one run never replace each other).
    #[arg(long, requires = "out_dir")]
    pub force: bool,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value = "human")]
    pub format: OutputFormat,
    #[arg(long, short = 'q', help = QUIET_HELP)]
    pub quiet: bool,
}

/// What the read learns of one record.
enum Seen {
    /// Its fingerprint, main line (for the prefixes) and annotation count.
    Game(Fingerprint, MainLine, u16),
    Failed(String),
}

/// A piece of one input's results: a batch of records, then the end of the input.
enum Piece {
    Records(Vec<Seen>),
    End(Option<String>),
}

/// Writes the records of one input, alone, when `--out-dir` asks for them.
struct Named {
    /// The bytes of each record alone, and the extension, when writing.
    bytes: Vec<Option<(Vec<u8>, &'static str)>>,
    /// The input's file name and path, when it holds one record (copied as it is).
    single: Option<(String, PathBuf)>,
    stem: String,
}

/// Reports the same games.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let paths = args.input.all_paths()?;
    if paths.iter().any(|p| p == "-") || paths.is_empty() {
        bail!("dedup reads its inputs several times: give files or folders, not standard input");
    }
    if let Some(dir) = &args.out_dir {
        if !args.force
            && dir.exists()
            && std::fs::read_dir(dir)
                .with_context(|| format!("cannot read the folder {}", dir.display()))?
                .next()
                .is_some()
        {
            bail!(
                "{} is not empty: dedup writes into a new or empty folder only (--force replaces \
                 the files there)",
                dir.display()
            );
        }
    }
    let read_options = args.input.read_options();
    let jobs = args.input.jobs;
    let mut failed = false;

    // The one read of the inputs: a fingerprint, the plies and the annotations of every
    // record into the table, its main line (2 bytes a move) into the spill file.
    let (inputs, input_errors) = args.input.input_stream_of(&paths)?;
    for e in &input_errors {
        eprintln!("{} {}", style::error(), e.message);
        failed = true;
    }
    let mut table = Table::default();
    let mut spill = Spill::new()?;
    let mut spill_error: Option<std::io::Error> = None;
    let mut file_starts: Vec<u32> = Vec::new();
    let mut file_start: u32 = 0;
    let mut ordinal: u64 = 0;
    let mut too_many = false;
    batch::run_ordered_pieces(
        inputs,
        jobs,
        |input, sink| {
            let mut go_on = true;
            let file = batch::read_each_batched(
                input,
                &read_options,
                batch::RECORDS_PER_BATCH,
                |record, _| see(record),
                |results| {
                    go_on = sink(Piece::Records(results));
                    go_on
                },
            );
            if go_on {
                sink(Piece::End(file.error));
            }
        },
        |piece| match piece {
            Piece::Records(list) => {
                for seen in list {
                    match seen {
                        Seen::Game(fp, line, annotations) => {
                            table.push(Entry {
                                fp,
                                ordinal: ordinal as u32,
                                plies: line.moves.len().min(u16::MAX as usize) as u16,
                                annotations,
                            });
                            if let Err(e) = spill.put(&line) {
                                spill_error = Some(e);
                                return false;
                            }
                        }
                        Seen::Failed(message) => {
                            eprintln!("{} {message}", style::error());
                            failed = true;
                        }
                    }
                    ordinal += 1;
                    if ordinal >= u32::MAX as u64 {
                        too_many = true;
                        return false;
                    }
                }
                true
            }
            Piece::End(error) => {
                file_starts.push(file_start);
                file_start = ordinal as u32;
                if let Some(message) = &error {
                    eprintln!("{} {message}", style::error());
                    failed = true;
                }
                true
            }
        },
    );
    if too_many {
        bail!(
            "more than {} records: too many for one dedup run (use --shard)",
            u32::MAX
        );
    }
    if let Some(e) = spill_error {
        bail!("cannot write dedup's temporary file: {e}");
    }
    table.seal();

    // The prefixes: every shorter prefix of every main line looked up among the games, from
    // the spill file (the inputs are not read again).
    let mut lines = spill.lines()?;
    let filter = table.filter();
    while let Some(line) = lines.next_line()? {
        let mut hits: Vec<usize> = Vec::new();
        let fp = line.fingerprint(|_, fp| {
            if filter.may_hold(fp) {
                if let Some(run) = table.run_of(fp) {
                    hits.push(run);
                }
            }
        });
        if let Some(run) = table.run_of(fp) {
            for short in hits {
                table.offer_extension(short, run);
            }
        }
    }
    drop(lines);
    let groups = table.reported();

    // The names of the records reported: the inputs listed again (not read), each record
    // named `path#N`.
    let mut wanted: Vec<u32> = Vec::new();
    for g in &groups {
        for &run in std::iter::once(&g.run).chain(&g.prefixes) {
            wanted.extend(table.run(run).iter().map(|e| e.ordinal));
        }
    }
    let keep = match args.keep {
        KeepArg::First => Keep::First,
        KeepArg::Longest => Keep::Longest,
        KeepArg::MostAnnotated => Keep::MostAnnotated,
    };
    let keepers: Vec<u32> = if args.out_dir.is_some() {
        table.keepers(keep, args.prefix)
    } else {
        Vec::new()
    };
    wanted.sort_unstable();
    let mut names: HashMap<u32, String> = HashMap::new();
    // The inputs holding a keeper, to read again for --out-dir (only those).
    let mut to_write: Vec<(usize, Input)> = Vec::new();
    if !wanted.is_empty() || !keepers.is_empty() {
        let (inputs, _) = args.input.input_stream_of(&paths)?;
        for (f, input) in inputs.enumerate().take(file_starts.len()) {
            let (from, to) = file_range(&file_starts, f, ordinal as u32);
            for o in in_range(&wanted, from, to) {
                names.insert(o, format!("{}#{}", input.display(), o - from));
            }
            if in_range(&keepers, from, to).next().is_some() {
                to_write.push((f, input));
            }
        }
    }
    let mut out_dir = args
        .out_dir
        .as_deref()
        .map(|dir| OutDir::new(dir, Names::default(), args.force));
    if let Some(out_dir) = &mut out_dir {
        let (files, inputs): (Vec<usize>, Vec<Input>) = to_write.into_iter().unzip();
        let mut k = 0usize;
        batch::run_ordered(
            inputs,
            jobs,
            |input| name_input(input, &read_options),
            |named| {
                let f = files[k];
                k += 1;
                let (from, to) = file_range(&file_starts, f, ordinal as u32);
                for o in in_range(&keepers, from, to) {
                    let i = (o - from) as usize;
                    match (&named.single, named.bytes.get(i)) {
                        (Some((single, path)), _) => {
                            let (body, ext) = single.rsplit_once('.').unwrap_or((single, ""));
                            out_dir.copy(body, ext, path);
                        }
                        (None, Some(Some((bytes, ext)))) => {
                            out_dir.write(&format!("{}.{i}", named.stem), ext, bytes)
                        }
                        _ => {}
                    }
                }
                true
            },
        );
        out_dir.finish();
    }

    // The report.
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let name_of = |o: u32| -> &str { names.get(&o).map_or("?", String::as_str) };
    let (mut duplicates, mut prefixes) = (0usize, 0usize);
    for (n, g) in groups.iter().enumerate() {
        let members = table.run(g.run);
        let plies = members[0].plies;
        duplicates += members.len() - 1;
        let prefix_members: Vec<&Entry> = g.prefixes.iter().flat_map(|&r| table.run(r)).collect();
        prefixes += prefix_members.len();
        if args.format == OutputFormat::Json {
            #[derive(Serialize)]
            struct Rec<'a> {
                path: &'a str,
                record: usize,
                #[serde(skip_serializing_if = "Option::is_none")]
                plies: Option<u16>,
            }
            let rec = |e: &Entry, with_plies: bool| {
                let name = name_of(e.ordinal);
                let (path, index) = name.rsplit_once('#').unwrap_or((name, "0"));
                Rec {
                    path,
                    record: index.parse().unwrap_or(0),
                    plies: with_plies.then_some(e.plies),
                }
            };
            let mut records: Vec<Rec> = members.iter().map(|e| rec(e, false)).collect();
            let mut prefix_list: Vec<Rec> = Vec::new();
            for e in &prefix_members {
                if args.prefix {
                    records.push(rec(e, true));
                } else {
                    prefix_list.push(rec(e, true));
                }
            }
            let line = serde_json::json!({
                "group": n + 1,
                "plies": plies,
                "records": records,
                "prefixes": prefix_list,
            });
            writeln!(out, "{line}")?;
        } else {
            let total = members.len() + if args.prefix { prefix_members.len() } else { 0 };
            writeln!(out, "game {} ({plies} plies): {total} records", n + 1)?;
            for e in members {
                writeln!(out, "  {}", name_of(e.ordinal))?;
            }
            for e in &prefix_members {
                let what = if args.prefix { "same game, " } else { "" };
                writeln!(
                    out,
                    "  {} ({what}prefix: {} plies)",
                    name_of(e.ordinal),
                    e.plies
                )?;
            }
        }
    }
    out.flush()?;
    if !args.quiet {
        let games = table.runs().count();
        eprintln!(
            "{} records: {games} games, {duplicates} duplicate{} and {prefixes} prefix{} in {} group{}",
            table.len(),
            if duplicates == 1 { "" } else { "s" },
            if prefixes == 1 { "" } else { "es" },
            groups.len(),
            if groups.len() == 1 { "" } else { "s" },
        );
    }
    if let Some(out_dir) = &out_dir {
        out_dir.summary(args.quiet);
    }
    Ok(if failed || out_dir.as_ref().is_some_and(OutDir::failed) {
        ExitCode::Error
    } else {
        ExitCode::Success
    })
}

/// What the read keeps of one record.
fn see(record: &Record) -> Seen {
    if let Some(e) = record.errors.first() {
        return Seen::Failed(shogi_tool::diag::located_error(
            &format!("{}#{}", record.source.path, record.source.index),
            e,
        ));
    }
    match MainLine::of(record) {
        Some(line) => Seen::Game(
            line.fingerprint(|_, _| {}),
            line,
            annotations(record).min(u16::MAX as u32) as u16,
        ),
        None => Seen::Failed(format!(
            "{}#{}: the start position cannot be played",
            record.source.path, record.source.index
        )),
    }
}

/// The ordinals of the records of input `f`: from its start to the next input's (or `end`).
fn file_range(file_starts: &[u32], f: usize, end: u32) -> (u32, u32) {
    (
        file_starts[f],
        file_starts.get(f + 1).copied().unwrap_or(end),
    )
}

/// The values of the sorted `list` in `from..to`.
fn in_range(list: &[u32], from: u32, to: u32) -> impl Iterator<Item = u32> + '_ {
    let i = list.partition_point(|&o| o < from);
    list[i..].iter().copied().take_while(move |&o| o < to)
}

/// Reads `input` again for `--out-dir`: each record alone, or the file as it is when it holds
/// one record.
fn name_input(input: &Input, read_options: &batch::ReadOptions) -> Named {
    let file = batch::read_input(input, read_options);
    let single = match input {
        Input::File(p) if file.records.len() == 1 => p
            .file_name()
            .map(|n| (n.to_string_lossy().into_owned(), p.clone())),
        _ => None,
    };
    let stem = input_stem(input);
    let alone = Alone::new();
    let text = file.text.as_ref().map_or("", |t| t.text());
    let bytes = file
        .records
        .iter()
        .map(|r| (single.is_none()).then(|| alone.bytes(r, text)))
        .collect();
    Named {
        bytes,
        single,
        stem,
    }
}

/// The main lines read, in record order, kept in a temporary file (2 bytes a move) so that
/// the prefixes are found without reading the inputs again or holding every move in memory.
struct Spill {
    file: std::io::BufWriter<std::fs::File>,
}

/// Reads back what [`Spill`] wrote.
struct SpillLines {
    file: std::io::BufReader<std::fs::File>,
    buf: Vec<u8>,
}

impl Spill {
    fn new() -> anyhow::Result<Spill> {
        let file = tempfile::tempfile()
            .map_err(|e| anyhow::anyhow!("cannot make dedup's temporary file: {e}"))?;
        Ok(Spill {
            file: std::io::BufWriter::with_capacity(1 << 20, file),
        })
    }

    /// Appends a main line: its start (16 bytes), its length (4), its moves (2 each).
    fn put(&mut self, line: &MainLine) -> std::io::Result<()> {
        let mut head = [0u8; 20];
        head[..8].copy_from_slice(&line.start[0].to_le_bytes());
        head[8..16].copy_from_slice(&line.start[1].to_le_bytes());
        head[16..].copy_from_slice(&(line.moves.len() as u32).to_le_bytes());
        self.file.write_all(&head)?;
        let moves: Vec<u8> = line.moves.iter().flat_map(|m| m.to_le_bytes()).collect();
        self.file.write_all(&moves)
    }

    /// The lines written, from the first.
    fn lines(self) -> anyhow::Result<SpillLines> {
        use std::io::Seek;
        let mut file = self
            .file
            .into_inner()
            .map_err(|e| anyhow::anyhow!("cannot write dedup's temporary file: {}", e.error()))?;
        file.rewind()?;
        Ok(SpillLines {
            file: std::io::BufReader::with_capacity(1 << 20, file),
            buf: Vec::new(),
        })
    }
}

impl SpillLines {
    /// The next line, or `None` at the end.
    fn next_line(&mut self) -> anyhow::Result<Option<MainLine>> {
        use std::io::Read;
        let mut head = [0u8; 20];
        match self.file.read_exact(&mut head) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(e) => bail!("cannot read dedup's temporary file: {e}"),
        }
        let word = |i: usize| u64::from_le_bytes(head[i..i + 8].try_into().expect("8 bytes"));
        let start = [word(0), word(8)];
        let n = u32::from_le_bytes(head[16..].try_into().expect("4 bytes")) as usize;
        self.buf.resize(n * 2, 0);
        self.file.read_exact(&mut self.buf)?;
        let moves = self
            .buf
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect();
        Ok(Some(MainLine { start, moves }))
    }
}
