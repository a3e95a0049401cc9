//! `shogi-tool positions [PATH...] [--ply N | --final]`: the SFEN of every position of each
//! record's main line, streamed in input order.

use std::io::Write;

use shogi_tool::batch;
use shogi_tool::record::replay::main_line_positions;

use super::exit::ExitCode;
use super::inputs::InputArgs;

/// Arguments of `positions`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print only the bare SFEN after ply N (0 = the start), one line per record.
    #[arg(long, value_name = "N", conflicts_with = "final_only")]
    pub ply: Option<usize>,
    /// Print only the bare SFEN of the final position, one line per record.
    #[arg(long = "final")]
    pub final_only: bool,
}

struct Chunk {
    out: String,
    err: String,
    failed: bool,
}

/// Prints positions; records that cannot be read are reported on standard error.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (inputs, input_errors) = args.input.inputs()?;
    let read_options = args.input.read_options();
    let mut failed = false;
    for e in &input_errors {
        eprintln!("shogi-tool: {}", e.message);
        failed = true;
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut write_error = None;
    batch::run_ordered(
        &inputs,
        args.input.jobs,
        |input| {
            let file = batch::read_input(input, &read_options);
            let mut c = Chunk {
                out: String::new(),
                err: String::new(),
                failed: false,
            };
            if let Some(message) = &file.error {
                c.err.push_str(&format!("shogi-tool: {message}\n"));
                c.failed = true;
                return c;
            }
            for record in &file.records {
                let at = format!("{}#{}", record.source.path, record.source.index);
                if let Some(e) = record.errors.first() {
                    c.err.push_str(&format!(
                        "shogi-tool: {}:{}:{}: {}\n",
                        record.source.path, e.line, e.column, e.message
                    ));
                    c.failed = true;
                }
                let mut last = None;
                let mut found = false;
                let ok =
                    main_line_positions(record, |ply, pos| match (args.ply, args.final_only) {
                        (Some(n), _) => {
                            if ply == n {
                                c.out.push_str(&pos.to_sfen());
                                c.out.push('\n');
                                found = true;
                            }
                        }
                        (None, true) => last = Some(pos.to_sfen()),
                        (None, false) => {
                            c.out.push_str(&format!("{ply}\t{}\n", pos.to_sfen()));
                        }
                    });
                if !ok {
                    c.err.push_str(&format!(
                        "shogi-tool: {at}: the start position cannot be played\n"
                    ));
                    c.failed = true;
                    continue;
                }
                if let Some(sfen) = last {
                    c.out.push_str(&sfen);
                    c.out.push('\n');
                }
                if let (Some(n), false) = (args.ply, found) {
                    c.err
                        .push_str(&format!("shogi-tool: {at}: the main line has no ply {n}\n"));
                    c.failed = true;
                }
            }
            c
        },
        |c| {
            failed |= c.failed;
            if !c.err.is_empty() {
                eprint!("{}", c.err);
            }
            match out.write_all(c.out.as_bytes()).and_then(|_| out.flush()) {
                Ok(()) => true,
                Err(e) => {
                    write_error = Some(e);
                    false
                }
            }
        },
    );
    if let Some(e) = write_error {
        return Err(e.into());
    }
    Ok(if failed {
        ExitCode::Error
    } else {
        ExitCode::Success
    })
}
