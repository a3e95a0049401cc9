//! `shogi-tool dedup [PATH...]`: the records that are the same game (same start, same main
//! line, whatever the format, encoding, headers or comments), and with `--out-dir` one record
//! per game written into a folder (the inputs are never touched).
//!
//! Memory stays bounded: one 24-byte entry per record (see
//! [`shogi_tool::collection::groups`]), 4 bytes per input file, and the names of the records
//! reported. The inputs are read twice: once for the fingerprints, once for the prefixes
//! (every shorter prefix of every main line is looked up among the games), and a third time,
//! only the files needed, for the names of prefixes and for `--out-dir`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::bail;
use serde::Serialize;
use shogi_tool::batch::{self, Input};
use shogi_tool::collection::fingerprint::{annotations, fingerprint, Fingerprint};
use shogi_tool::collection::groups::{Entry, Keep, Table};
use shogi_tool::collection::names::Names;
use shogi_tool::formats::write::{self, default_encoding, WriteOptions};
use shogi_tool::record::Format;

use super::exit::ExitCode;
use super::inputs::{InputArgs, QUIET_HELP};
use super::output;
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
    /// Write one record per game into DIR (a new or empty folder; existing files are never
    /// replaced): a file holding one record is copied byte for byte, a record of a multi-game
    /// file is written alone in its format.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value = "human")]
    pub format: OutputFormat,
    #[arg(long, short = 'q', help = QUIET_HELP)]
    pub quiet: bool,
}

/// What pass 1 learns of one record.
enum Seen {
    Game(Fingerprint, u16, u16),
    Failed(String),
}

/// Names the records of one input (`path#N`) and, when asked, gives their bytes to write.
struct Named {
    names: Vec<String>,
    /// The bytes of each record alone, and the extension, when writing.
    bytes: Vec<Option<(Vec<u8>, &'static str)>>,
    /// The input's file name, when it holds one record (copied as it is).
    single: Option<String>,
    stem: String,
}

/// Reports the same games.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    super::variant::not_yet("dedup", &args.input)?;
    let paths = args.input.all_paths()?;
    if paths.iter().any(|p| p == "-") || paths.is_empty() {
        bail!("dedup reads its inputs several times: give files or folders, not standard input");
    }
    if let Some(dir) = &args.out_dir {
        if dir.exists() && std::fs::read_dir(dir)?.next().is_some() {
            bail!(
                "{} is not empty: dedup writes into a new or empty folder only",
                dir.display()
            );
        }
    }
    let read_options = args.input.read_options();
    let jobs = args.input.jobs;
    let mut failed = false;

    // Pass 1: one fingerprint a record.
    let (inputs, input_errors) = args.input.input_stream_of(&paths)?;
    for e in &input_errors {
        eprintln!("{} {}", style::error(), e.message);
        failed = true;
    }
    let mut table = Table::default();
    let mut file_starts: Vec<u32> = Vec::new();
    let mut ordinal: u64 = 0;
    let mut too_many = false;
    batch::run_ordered(
        inputs,
        jobs,
        |input| {
            batch::read_each(input, &read_options, |record, _| {
                if let Some(e) = record.errors.first() {
                    return Seen::Failed(format!(
                        "{}#{}:{}:{}: {}",
                        record.source.path, record.source.index, e.line, e.column, e.message
                    ));
                }
                match fingerprint(record, |_, _| {}) {
                    Some((fp, plies)) => Seen::Game(
                        fp,
                        plies.min(u16::MAX as usize) as u16,
                        annotations(record).min(u16::MAX as u32) as u16,
                    ),
                    None => Seen::Failed(format!(
                        "{}#{}: the start position cannot be played",
                        record.source.path, record.source.index
                    )),
                }
            })
        },
        |file| {
            file_starts.push(ordinal as u32);
            if let Some(message) = &file.error {
                eprintln!("{} {message}", style::error());
                failed = true;
            }
            for seen in file.results {
                match seen {
                    Seen::Game(fp, plies, annotations) => table.push(Entry {
                        fp,
                        ordinal: ordinal as u32,
                        plies,
                        annotations,
                    }),
                    Seen::Failed(message) => {
                        eprintln!("{} {message}", style::error());
                        failed = true;
                    }
                }
                ordinal += 1;
            }
            if ordinal >= u32::MAX as u64 {
                too_many = true;
                return false;
            }
            true
        },
    );
    if too_many {
        bail!(
            "more than {} records: too many for one dedup run (use --shard)",
            u32::MAX
        );
    }
    table.seal();

    // Pass 2: the prefixes, and the names of the records of games read more than once.
    let mut names: std::collections::HashMap<u32, String> = std::collections::HashMap::new();
    let (inputs, _) = args.input.input_stream_of(&paths)?;
    let mut file = 0usize;
    {
        let table_ref = &table;
        let mut offers: Vec<(usize, usize)> = Vec::new();
        batch::run_ordered(
            inputs,
            jobs,
            |input| {
                batch::read_each(input, &read_options, |record, _| {
                    let mut hits = Vec::new();
                    let name = format!("{}#{}", record.source.path, record.source.index);
                    if !record.errors.is_empty() {
                        return (name, None, hits);
                    }
                    let full = fingerprint(record, |_, fp| {
                        if let Some(run) = table_ref.run_of(fp) {
                            hits.push(run);
                        }
                    });
                    let run = full.and_then(|(fp, _)| table_ref.run_of(fp));
                    (name, run, hits)
                })
            },
            |read| {
                let base = file_starts.get(file).copied().unwrap_or(u32::MAX);
                file += 1;
                for (i, (name, run, hits)) in read.results.into_iter().enumerate() {
                    let Some(run) = run else { continue };
                    for short in hits {
                        offers.push((short, run));
                    }
                    if table_ref.run(run).len() > 1 {
                        names.insert(base.saturating_add(i as u32), name);
                    }
                }
                true
            },
        );
        for (short, long) in offers {
            table.offer_extension(short, long);
        }
    }
    let groups = table.reported();

    // Pass 3 (only the files needed): names of prefixes and lone games with prefixes, and
    // the records written.
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
    let mut wanted: Vec<u32> = Vec::new();
    for g in &groups {
        for &run in std::iter::once(&g.run).chain(&g.prefixes) {
            for e in table.run(run) {
                if !names.contains_key(&e.ordinal) {
                    wanted.push(e.ordinal);
                }
            }
        }
    }
    wanted.extend(&keepers);
    wanted.sort_unstable();
    wanted.dedup();
    let mut written = 0usize;
    let mut write_failures = 0usize;
    if !wanted.is_empty() {
        let needed: Vec<usize> = (0..file_starts.len())
            .filter(|&f| {
                let from = file_starts[f];
                let to = file_starts.get(f + 1).copied().unwrap_or(u32::MAX);
                let i = wanted.partition_point(|&o| o < from);
                wanted.get(i).is_some_and(|&o| o < to)
            })
            .collect();
        let (inputs, _) = args.input.input_stream_of(&paths)?;
        let mut keep_files = needed.iter().copied().peekable();
        let inputs: Vec<Input> = inputs
            .enumerate()
            .filter(|(i, _)| {
                while keep_files.peek().is_some_and(|&f| f < *i) {
                    keep_files.next();
                }
                keep_files.peek() == Some(i)
            })
            .map(|(_, input)| input)
            .collect();
        let writing = args.out_dir.is_some();
        let mut out_names = Names::default();
        let mut k = 0usize;
        batch::run_ordered(
            inputs,
            jobs,
            |input| name_input(input, &read_options, writing),
            |named| {
                let f = needed[k];
                k += 1;
                let base = file_starts[f];
                for (i, name) in named.names.into_iter().enumerate() {
                    let o = base.saturating_add(i as u32);
                    if wanted.binary_search(&o).is_err() {
                        continue;
                    }
                    if keepers.binary_search(&o).is_ok() {
                        if let Some(dir) = &args.out_dir {
                            let (file_name, bytes) = match (&named.single, &named.bytes[i]) {
                                (Some(single), _) => {
                                    let body =
                                        single.rsplit_once('.').map_or(single.as_str(), |(b, _)| b);
                                    let ext = single.rsplit_once('.').map_or("", |(_, e)| e);
                                    (out_names.unique(body, ext), None)
                                }
                                (None, Some((bytes, ext))) => (
                                    out_names.unique(&format!("{}.{i}", named.stem), ext),
                                    Some(bytes),
                                ),
                                (None, None) => continue,
                            };
                            let target = dir.join(&file_name);
                            let result = match bytes {
                                Some(b) => output::write_file(&target, b, false, |_| {}),
                                None => std::fs::read(
                                    name.rsplit_once('#').map_or(name.as_str(), |(p, _)| p),
                                )
                                .map_err(anyhow::Error::from)
                                .and_then(|b| output::write_file(&target, &b, false, |_| {})),
                            };
                            match result {
                                Ok(()) => written += 1,
                                Err(e) => {
                                    eprintln!("{} {e:#}", style::error());
                                    write_failures += 1;
                                }
                            }
                        }
                    }
                    names.entry(o).or_insert(name);
                }
                true
            },
        );
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
        if let Some(dir) = &args.out_dir {
            eprintln!(
                "wrote {written} file{} into {}",
                if written == 1 { "" } else { "s" },
                dir.display()
            );
        }
    }
    Ok(if failed || write_failures > 0 {
        ExitCode::Error
    } else {
        ExitCode::Success
    })
}

/// Reads `input` for pass 3: the names of its records and, when `writing`, each record alone.
fn name_input(input: &Input, read_options: &batch::ReadOptions, writing: bool) -> Named {
    let file = batch::read_input(input, read_options);
    let names = file
        .records
        .iter()
        .map(|r| format!("{}#{}", r.source.path, r.source.index))
        .collect();
    let single = match input {
        Input::File(p) if file.records.len() == 1 => {
            p.file_name().map(|n| n.to_string_lossy().into_owned())
        }
        _ => None,
    };
    let stem = match input {
        Input::File(p) => p
            .file_stem()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "record".into()),
        _ => "stdin".into(),
    };
    let bytes = file
        .records
        .iter()
        .map(|r| {
            if !writing || single.is_some() {
                return None;
            }
            let format = r.source.format.unwrap_or(Format::Csa);
            let encoding = default_encoding(format);
            let options = WriteOptions {
                encoding: Some(encoding),
                ..WriteOptions::default()
            };
            let w = write::write(r, format, &options);
            Some((write::encode(&w.text, encoding).0, format.extension()))
        })
        .collect();
    Named {
        names,
        bytes,
        single,
        stem,
    }
}
