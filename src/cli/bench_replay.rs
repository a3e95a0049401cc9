//! `shogi-tool bench-replay [--jobs N] DIR...` (hidden): the full validation pipeline (read,
//! decode, parse, replay with every rule, JSON rendered) printing the line the peer benchmark
//! harness reads: `games=N plies=M illegal=K seconds=S`.
//!
//! `plies` counts the moves of records without a foul or error; `illegal` counts records with
//! a foul or that could not be read, as the harness defines them.

use std::time::Instant;

use shogi_tool::batch;
use shogi_tool::diag::Validation;
use shogi_tool::record::replay::ReplayOptions;

use super::exit::ExitCode;
use super::inputs::InputArgs;

/// Arguments of `bench-replay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
}

/// Runs the pipeline and prints the counts.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let (inputs, input_errors) = args.input.input_stream()?;
    let read_options = args.input.read_options();
    let options = ReplayOptions::default();
    let (mut games, mut plies, mut illegal, mut bytes) =
        (0u64, 0u64, input_errors.len() as u64, 0u64);
    batch::run_ordered(
        inputs,
        args.input.jobs,
        |input| {
            let file =
                batch::read_and_replay(input, &read_options, &options, |record, report, _| {
                    let v = Validation::new(record, report);
                    let clean = v.fouls.is_empty() && v.errors.is_empty();
                    (v.to_json().len() as u64, clean, report.plies as u64)
                });
            if file.error.is_some() {
                return (1, 0, 1, 0);
            }
            let (mut g, mut p, mut bad, mut out) = (0u64, 0u64, 0u64, 0u64);
            for (bytes, clean, plies) in file.results {
                out += bytes;
                g += 1;
                if clean {
                    p += plies;
                } else {
                    bad += 1;
                }
            }
            (g, p, bad, out)
        },
        |(g, p, bad, out)| {
            games += g;
            plies += p;
            illegal += bad;
            bytes += out;
            true
        },
    );
    let seconds = start.elapsed().as_secs_f64();
    use std::io::Write;
    writeln!(
        std::io::stdout(),
        "games={games} plies={plies} illegal={illegal} seconds={seconds:.3}"
    )?;
    std::hint::black_box(bytes);
    Ok(ExitCode::Success)
}
