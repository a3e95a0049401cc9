//! The loop that subcommands printing something per record share (`positions`, `impasse`):
//! read every input in parallel, report unreadable files and records on standard error, hand
//! each readable record to the subcommand, and print the results in input order.

use std::io::Write;

use shogi_tool::batch::{self, Input};
use shogi_tool::record::Record;
use shogi_tool::text::SourceText;

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
        self.err
            .push_str(&format!("{} {message}\n", super::style::error()));
        self.failed = true;
    }
}

/// Runs `per_record` on every record of the inputs (after reporting its read error, if any;
/// each record starts with an empty chunk; the input it came from is given too) and prints
/// the outputs in input order, `separator` between non-empty outputs. Every input (a
/// multi-game file, say) is printed a batch of records at a time as it is read, so its first
/// lines come out at once and its
/// output is never held whole.
///
/// `per_input` is first given each input: the chunks it returns (an input of a smaller
/// variant, say) stand for the input's records.
pub fn for_each_record_or<I, F>(
    input: &InputArgs,
    separator: &str,
    per_input: I,
    per_record: F,
) -> anyhow::Result<ExitCode>
where
    I: Fn(&batch::Input) -> Option<Vec<Chunk>> + Sync + Send,
    F: Fn(&Record, &Input, &mut Chunk) + Sync + Send,
{
    let (inputs, input_errors) = input.input_stream()?;
    let read_options = input.read_options();
    let mut failed = false;
    for e in &input_errors {
        eprintln!("{} {}", super::style::error(), e.message);
        failed = true;
    }
    let stdout = std::io::stdout();
    let mut printer = Printer {
        out: std::io::BufWriter::with_capacity(1 << 16, stdout.lock()),
        separator,
        first: true,
        failed,
        write_error: None,
    };
    let per_record = &per_record;
    // Each input's output goes out a batch of records at a time as it is read, so the first
    // lines come out at once and a multi-game file's output is never held whole.
    batch::run_ordered_pieces(
        inputs,
        input.jobs,
        |input, sink| {
            if let Some(chunks) = per_input(input) {
                sink(chunks);
                return;
            }
            let file = batch::read_each_batched_to_end(
                input,
                &read_options,
                batch::RECORDS_PER_BATCH,
                one_record(per_record, input),
                &mut *sink,
            );
            if let Some(message) = file.and_then(|f| f.error) {
                let mut c = Chunk::default();
                c.fail(message);
                sink(vec![c]);
            }
        },
        |parts| parts.into_iter().all(|part| printer.print(part)) && printer.flush(),
    );
    if let Some(e) = printer.write_error {
        return Err(e.into());
    }
    Ok(if printer.failed {
        ExitCode::Error
    } else {
        ExitCode::Success
    })
}

/// What is done with each record of `input`: its read error reported, then `per_record`.
fn one_record<'a, F>(
    per_record: &'a F,
    input: &'a Input,
) -> impl Fn(&Record, &SourceText) -> Chunk + Sync + 'a
where
    F: Fn(&Record, &Input, &mut Chunk) + Sync,
{
    move |record: &Record, _: &SourceText| {
        let mut c = Chunk::default();
        if let Some(e) = record.errors.first() {
            c.fail(shogi_tool::diag::located_error(&record.source.path, e));
        }
        per_record(record, input, &mut c);
        c
    }
}

/// Prints chunks in turn: errors to standard error at once, output to standard output with
/// the separator between non-empty outputs, buffered and flushed a batch at a time so a pipe
/// sees it.
struct Printer<'a, W: Write> {
    out: W,
    separator: &'a str,
    first: bool,
    failed: bool,
    write_error: Option<std::io::Error>,
}

impl<W: Write> Printer<'_, W> {
    /// Sends what was printed on, so a pipe sees each batch at once; false once standard
    /// output cannot be written.
    fn flush(&mut self) -> bool {
        match self.out.flush() {
            Ok(()) => true,
            Err(e) => {
                self.write_error = Some(e);
                false
            }
        }
    }

    /// Prints `c`; false once standard output cannot be written (a closed pipe).
    fn print(&mut self, c: Chunk) -> bool {
        self.failed |= c.failed;
        if !c.err.is_empty() {
            eprint!("{}", c.err);
        }
        if c.out.is_empty() {
            return true;
        }
        let sep = if self.first { "" } else { self.separator };
        self.first = false;
        match self
            .out
            .write_all(sep.as_bytes())
            .and_then(|_| self.out.write_all(c.out.as_bytes()))
        {
            Ok(()) => true,
            Err(e) => {
                self.write_error = Some(e);
                false
            }
        }
    }
}
