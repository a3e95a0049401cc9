//! The loop that subcommands printing something per record share (`positions`, `impasse`):
//! read every input in parallel, report unreadable files and records on standard error, hand
//! each readable record to the subcommand, and print the results in input order.

use std::io::Write;

use shogi_tool::batch;
use shogi_tool::record::Record;

use super::exit::ExitCode;
use super::inputs::InputArgs;

/// What one input produced: text for standard output and for standard error.
#[derive(Default)]
pub struct Chunk {
    /// For standard output.
    pub out: String,
    /// For standard error.
    pub err: String,
    /// Whether something could not be done (exit status 2).
    pub failed: bool,
}

impl Chunk {
    /// Reports a problem on standard error and marks the run failed.
    pub fn fail(&mut self, message: impl std::fmt::Display) {
        self.err.push_str(&format!("shogi-tool: {message}\n"));
        self.failed = true;
    }
}

/// Runs `per_record` on every record of the inputs (after reporting its read error, if any;
/// each record starts with an empty chunk) and prints the outputs in input order,
/// `separator` between non-empty outputs.
pub fn for_each_record<F>(
    input: &InputArgs,
    separator: &str,
    per_record: F,
) -> anyhow::Result<ExitCode>
where
    F: Fn(&Record, &mut Chunk) + Sync + Send,
{
    let (inputs, input_errors) = input.input_stream()?;
    let read_options = input.read_options();
    let mut failed = false;
    for e in &input_errors {
        eprintln!("shogi-tool: {}", e.message);
        failed = true;
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut write_error = None;
    let mut first = true;
    batch::run_ordered(
        inputs,
        input.jobs,
        |input| {
            let file = batch::read_each(input, &read_options, |record, _| {
                let mut c = Chunk::default();
                if let Some(e) = record.errors.first() {
                    c.fail(format!(
                        "{}:{}:{}: {}",
                        record.source.path, e.line, e.column, e.message
                    ));
                }
                per_record(record, &mut c);
                c
            });
            let mut c = Chunk::default();
            if let Some(message) = &file.error {
                c.fail(message);
                return c;
            }
            for part in file.results {
                if !part.out.is_empty() {
                    if !c.out.is_empty() {
                        c.out.push_str(separator);
                    }
                    c.out.push_str(&part.out);
                }
                c.err.push_str(&part.err);
                c.failed |= part.failed;
            }
            c
        },
        |c| {
            failed |= c.failed;
            if !c.err.is_empty() {
                eprint!("{}", c.err);
            }
            if c.out.is_empty() {
                return true;
            }
            let sep = if first { "" } else { separator };
            first = false;
            match out
                .write_all(sep.as_bytes())
                .and_then(|_| out.write_all(c.out.as_bytes()))
                .and_then(|_| out.flush())
            {
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
