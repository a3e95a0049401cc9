//! Reading one input into records: bytes, encoding, format, then the format's reader; every
//! problem becomes a located issue on the records (or a file-level error), never a panic.

use std::io::Read;
use std::sync::Mutex;

use rayon::prelude::*;

use super::inputs::{io_reason, Input};
use crate::formats;
use crate::record::replay::{replay, ReplayOptions, Report};
use crate::record::{ErrorCode, Format, ReadIssue, ReadWarning, Record, WarningCode};
use crate::text::{self, EncodingChoice, SourceText};

/// How inputs are read.
#[derive(Clone, Debug)]
pub struct ReadOptions {
    /// The format to assume (`--from`); by default from the extension, then the content.
    pub from: Option<Format>,
    /// The encoding (`--encoding`); by default detected.
    pub encoding: EncodingChoice,
    /// Whether undecodable bytes are errors rather than warnings (`--strict`).
    pub strict: bool,
    /// The largest input read, in bytes.
    pub max_file_size: u64,
    /// The longest line accepted, in bytes.
    pub max_line_length: usize,
    /// The most variations (alternative moves) one record may hold.
    pub max_variations: usize,
    /// The deepest nesting of variations within variations.
    pub max_variation_depth: usize,
    /// The game to read SFEN/USI lists as (`--variant`); by default each line's board says.
    pub variant: Option<crate::variant::Variant>,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions {
            from: None,
            encoding: EncodingChoice::Auto,
            strict: false,
            max_file_size: 256 * 1024 * 1024,
            max_line_length: 16 * 1024 * 1024,
            max_variations: 1_000_000,
            max_variation_depth: 10_000,
            variant: None,
        }
    }
}

/// One input, read.
#[derive(Debug)]
pub struct FileRead {
    /// The input's name as shown to the user.
    pub path: String,
    /// The records it holds (each carries its own read errors and warnings).
    pub records: Vec<Record>,
    /// The decoded text, for showing offending lines.
    pub text: Option<SourceText>,
    /// Why the input could not be read at all.
    pub error: Option<String>,
}

/// An input read and decoded, its format known, before its records are parsed.
struct Loaded {
    path: String,
    format: Format,
    decoded: text::Decoded,
    /// Decoding problems, given to every record of the input.
    issues: Vec<ReadWarning>,
    /// Where the text holds replacement characters (U+FFFD), undecodable bytes or not.
    replaced: Replaced,
    /// What to say about the encoding when a damaged record cannot be read (the declaration,
    /// or what detection would have chosen).
    encoding_hint: String,
}

/// The lines of a text that hold U+FFFD, sorted, and where the first one is.
#[derive(Debug, Default)]
struct Replaced {
    lines: Vec<u32>,
    first: (u32, u32),
}

impl Replaced {
    fn of(text: &str) -> Replaced {
        let mut r = Replaced::default();
        r.add(text, 1);
        r
    }

    /// Adds the lines of `text`, which starts at the start of line `first_line`.
    fn add(&mut self, text: &str, first_line: u32) {
        // Vectorised: `contains` of a char of three bytes runs a generic substring search,
        // a quarter of the serial start of a run on one multi-game file (issue 34).
        if memchr::memmem::find(text.as_bytes(), "\u{FFFD}".as_bytes()).is_none() {
            return;
        }
        for (i, line) in text.split('\n').enumerate() {
            if let Some(at) = line.find('\u{FFFD}') {
                let n = first_line.saturating_add(i as u32);
                if self.lines.is_empty() {
                    self.first = (n, line[..at].chars().count() as u32 + 1);
                }
                self.lines.push(n);
            }
        }
    }

    fn holds(&self, line: u32) -> bool {
        self.lines.binary_search(&line).is_ok()
    }
}

/// Reads `input` into records.
pub fn read_input(input: &Input, options: &ReadOptions) -> FileRead {
    match load(input, options) {
        Ok(loaded) => records_of_loaded(loaded, options),
        Err(failed) => *failed,
    }
}

/// Reads records from `bytes` already in memory, as [`read_input`] reads a file: `name`
/// names the input in messages and on the records, and its extension (if it has one) counts
/// as a file's would for the encoding and the format.
pub fn read_bytes(name: &str, bytes: Vec<u8>, options: &ReadOptions) -> FileRead {
    if bytes.len() as u64 > options.max_file_size {
        return FileRead {
            path: name.to_string(),
            records: Vec::new(),
            text: None,
            error: Some(format!(
                "{name} is larger than the limit of {} bytes",
                options.max_file_size
            )),
        };
    }
    let extension = std::path::Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase());
    match load_bytes(name.to_string(), bytes, extension, options) {
        Ok(loaded) => records_of_loaded(loaded, options),
        Err(failed) => *failed,
    }
}

/// The records of an input once loaded.
fn records_of_loaded(loaded: Loaded, options: &ReadOptions) -> FileRead {
    let mut records = formats::read_str_as(&loaded.decoded.text, loaded.format, options.variant);
    let owners = Owners::new(records.iter().map(|r| r.source.line).collect());
    for (i, r) in records.iter_mut().enumerate() {
        finish_record(r, &loaded, options, owners.lines(i));
    }
    let Loaded { path, decoded, .. } = loaded;
    let error = records.is_empty().then(|| no_record(&path));
    FileRead {
        path,
        records,
        text: Some(SourceText::new(decoded.text)),
        error,
    }
}

/// One input's results from [`read_and_replay`].
#[derive(Debug)]
pub struct Replayed<R> {
    /// The input's name as shown to the user.
    pub path: String,
    /// One result per record, in record order.
    pub results: Vec<R>,
    /// Why the input could not be read at all.
    pub error: Option<String>,
}

/// Reads `input`, replays each record and hands it with its report (and the input's text,
/// for showing lines) to `per_record`, returning the results in record order (see
/// [`read_each`]).
pub fn read_and_replay<R, F>(
    input: &Input,
    options: &ReadOptions,
    replay_options: &ReplayOptions,
    per_record: F,
) -> Replayed<R>
where
    R: Send,
    F: Fn(&Record, &Report, &SourceText) -> R + Sync,
{
    read_each(input, options, |record, source| {
        let report = replay(record, replay_options);
        per_record(record, &report, source)
    })
}

/// Reads `input` and hands each record (and the input's text, for showing lines) to
/// `per_record`, returning the results in record order. The records of a multi-game file are
/// parsed and dropped one by one on all threads, so only the text and the results are held,
/// never all the records.
pub fn read_each<R, F>(input: &Input, options: &ReadOptions, per_record: F) -> Replayed<R>
where
    R: Send,
    F: Fn(&Record, &SourceText) -> R + Sync,
{
    let mut results = Vec::new();
    let done = read_each_batched(input, options, usize::MAX, per_record, |batch| {
        results.extend(batch);
        true
    });
    Replayed {
        path: done.path,
        results,
        error: done.error,
    }
}

/// Like [`read_each`], handing the results to `on_batch` `batch` records at a time, in record
/// order, as soon as each batch is done, so that a file of any size holds only one batch of
/// results. `on_batch` returning false stops the reading. The returned value has no results:
/// only the path and the error of the input.
pub fn read_each_batched<R, F, B>(
    input: &Input,
    options: &ReadOptions,
    batch: usize,
    per_record: F,
    mut on_batch: B,
) -> Replayed<()>
where
    R: Send,
    F: Fn(&Record, &SourceText) -> R + Sync,
    B: FnMut(Vec<R>) -> bool,
{
    if let Some(windowed) = Windowed::of(input, options) {
        return read_windowed(
            windowed,
            input.display(),
            options,
            batch,
            &per_record,
            &mut on_batch,
        );
    }
    let loaded = match load(input, options) {
        Ok(loaded) => loaded,
        Err(failed) => {
            return Replayed {
                path: failed.path,
                results: Vec::new(),
                error: failed.error,
            }
        }
    };
    read_whole(loaded, options, batch, &per_record, &mut on_batch)
}

/// The records of `loaded`, whose text is `source`, handed to `per_record` and `on_batch` as
/// [`read_each_batched`] says; returns how many records were read.
fn read_loaded<R, F, B>(
    loaded: &Loaded,
    source: &SourceText,
    options: &ReadOptions,
    batch: usize,
    per_record: &F,
    on_batch: &mut B,
) -> usize
where
    R: Send,
    F: Fn(&Record, &SourceText) -> R + Sync,
    B: FnMut(Vec<R>) -> bool,
{
    let text = source.text();
    let one = |mut r: Record, lines: std::ops::Range<u32>| {
        finish_record(&mut r, loaded, options, lines);
        per_record(&r, source)
    };
    let batch = batch.max(1);
    let mut count = 0usize;
    match formats::record_spans_lazily(text, loaded.format) {
        Some(spans) => {
            // Where each record lies is found a batch at a time, with the next one's start
            // (where the record's lines end). A line that starts several records (a JSON
            // array of JKF records on one line) belongs to the first of them.
            let mut spans = spans.peekable();
            let mut base = 0usize;
            let mut previous_start: Option<u32> = None;
            while spans.peek().is_some() {
                // The caller cuts the batch's spans a few records at a time and hands each few
                // to the pool at once, so records are read while the rest are still being
                // found (cutting the whole text first left the other threads idle, issue 34).
                let parts: Mutex<Vec<(usize, Vec<R>)>> = Mutex::new(Vec::new());
                let mut taken = 0usize;
                rayon::scope(|scope| {
                    while taken < batch && spans.peek().is_some() {
                        let chunk: Vec<formats::RecordSpan> = spans
                            .by_ref()
                            .take(SPANS_PER_TASK.min(batch - taken))
                            .collect();
                        let next_start = spans.peek().map(|s| s.first_line());
                        let ranges = line_ranges(&chunk, next_start, &mut previous_start);
                        let first = base + taken;
                        taken += chunk.len();
                        let (parts, one) = (&parts, &one);
                        scope.spawn(move |_| {
                            let part: Vec<R> = chunk
                                .iter()
                                .zip(ranges)
                                .enumerate()
                                .map(|(i, (span, lines))| {
                                    let r = formats::read_span_as(
                                        text,
                                        span,
                                        loaded.format,
                                        first + i,
                                        options.variant,
                                    );
                                    one(r, lines)
                                })
                                .collect();
                            parts
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push((first, part));
                        });
                    }
                });
                let mut parts = parts.into_inner().unwrap_or_else(|e| e.into_inner());
                parts.sort_unstable_by_key(|(first, _)| *first);
                let results: Vec<R> = parts.into_iter().flat_map(|(_, part)| part).collect();
                base += results.len();
                count += results.len();
                if !on_batch(results) {
                    break;
                }
            }
        }
        None => {
            let records = formats::read_str_as(text, loaded.format, options.variant);
            let owners = Owners::new(records.iter().map(|r| r.source.line).collect());
            let mut records = records.into_iter().enumerate().peekable();
            while records.peek().is_some() {
                let results: Vec<R> = records
                    .by_ref()
                    .take(batch)
                    .map(|(i, r)| one(r, owners.lines(i)))
                    .collect();
                count += results.len();
                if !on_batch(results) {
                    break;
                }
            }
        }
    }
    count
}

/// [`read_each_batched`] for a consumer that may stop: the input's path and error when
/// `on_batch` took every batch, `None` when it said stop (then the input's end is not to be
/// reported either).
pub fn read_each_batched_to_end<R, F, B>(
    input: &Input,
    options: &ReadOptions,
    batch: usize,
    per_record: F,
    mut on_batch: B,
) -> Option<Replayed<()>>
where
    R: Send,
    F: Fn(&Record, &SourceText) -> R + Sync,
    B: FnMut(Vec<R>) -> bool,
{
    let mut go_on = true;
    let file = read_each_batched(input, options, batch, per_record, |results| {
        go_on = on_batch(results);
        go_on
    });
    go_on.then_some(file)
}

/// How many records' spans a task of [`read_loaded`] reads: enough that handing them to the
/// pool costs little, few enough that the pool starts on the first ones at once.
const SPANS_PER_TASK: usize = 32;

/// The lines each record of `chunk` owns: from its first line to the next record's
/// (`next_start` for the last one, the end of the text when none follows). A line that starts
/// several records (a JSON array of JKF records on one line) belongs to the first of them;
/// `previous_start` carries the start of the record before, from chunk to chunk.
fn line_ranges(
    chunk: &[formats::RecordSpan],
    next_start: Option<u32>,
    previous_start: &mut Option<u32>,
) -> Vec<std::ops::Range<u32>> {
    chunk
        .iter()
        .zip(
            chunk
                .iter()
                .skip(1)
                .map(|s| s.first_line())
                .chain(std::iter::once(next_start.unwrap_or(u32::MAX))),
        )
        .map(|(span, next)| {
            let start = span.first_line();
            let from = match *previous_start {
                None => 0,
                Some(p) if p == start => start.saturating_add(1),
                Some(_) => start,
            };
            *previous_start = Some(start);
            from..next.max(start.saturating_add(1)).max(from)
        })
        .collect()
}

/// A file of a format of several records a file (CSA, SFEN/USI) bigger than this is read a
/// window at a time ([`read_windowed`]): its peak memory is a window and a record, however
/// big it is, and [`ReadOptions::max_file_size`] bounds each of its records, not the file.
/// Smaller files are read whole, which costs no more.
const WINDOW_OVER: u64 = 64 * 1024 * 1024;

/// How many bytes of a big file are read and decoded at a time.
const WINDOW: usize = 4 * 1024 * 1024;

/// How many bytes at the start of a file read a window at a time choose its encoding (and
/// are checked for binary data and for a format other than the extension's).
const DETECT_SAMPLE: usize = 1024 * 1024;

/// A file to read a window at a time.
struct Windowed {
    path: std::path::PathBuf,
    extension: Option<String>,
    format: Format,
    len: u64,
    window: usize,
}

impl Windowed {
    /// `input`, when it is to be read a window at a time: a regular file (found by `stat`,
    /// never by opening it: opening a FIFO to look would take its writer) over
    /// [`WINDOW_OVER`] bytes whose format (`--from`, else the extension) keeps several
    /// records a file.
    fn of(input: &Input, options: &ReadOptions) -> Option<Windowed> {
        let Input::File(path) = input else {
            return None;
        };
        let (over, window) = windowing();
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(|e| e.to_ascii_lowercase());
        let format = options
            .from
            .or_else(|| extension.as_deref().and_then(Format::from_extension))?;
        if !windows_apply(format) {
            return None;
        }
        let meta = std::fs::metadata(path).ok()?;
        (meta.is_file() && meta.len() > over).then(|| Windowed {
            path: path.clone(),
            extension,
            format,
            len: meta.len(),
            window,
        })
    }
}

/// Whether files of `format` may be read a window at a time (their records are found
/// without parsing them, each on lines of its own).
fn windows_apply(format: Format) -> bool {
    matches!(format, Format::Csa | Format::Sfen | Format::Usi)
}

/// The size over which files are read a window at a time, and the window. In debug builds
/// (the tests), `SHOGI_TOOL_READ_WINDOW=N` reads every file that may be read so `N` bytes at
/// a time, so that tests can compare a tiny window with a whole read (`0`: every file whole,
/// as before windows, to measure against).
fn windowing() -> (u64, usize) {
    #[cfg(debug_assertions)]
    if let Some(n) = std::env::var("SHOGI_TOOL_READ_WINDOW")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        return if n == 0 { (u64::MAX, WINDOW) } else { (0, n) };
    }
    (WINDOW_OVER, WINDOW)
}

/// The bytes of a file a window at a time: first those of the sample already read, then the
/// rest of the file; an empty window at its end.
struct Pieces {
    sample: Vec<u8>,
    at: usize,
    file: std::fs::File,
    window: usize,
}

impl Pieces {
    fn next(&mut self) -> std::io::Result<Vec<u8>> {
        if self.at < self.sample.len() {
            let end = (self.at + self.window).min(self.sample.len());
            let piece = self.sample[self.at..end].to_vec();
            self.at = end;
            if end == self.sample.len() {
                self.sample = Vec::new();
                self.at = 0;
            }
            return Ok(piece);
        }
        let mut piece = Vec::with_capacity(self.window);
        (&mut self.file)
            .take(self.window as u64)
            .read_to_end(&mut piece)?;
        Ok(piece)
    }
}

/// What a read of the whole file finds of its text that [`read_windowed`] learns only by
/// reading it to the end: where its text is damaged (U+FFFD), its NUL characters and its
/// undecodable bytes. Found by one more pass over the file, made only when a window holds a
/// U+FFFD or a NUL, so that each record gets exactly the warnings of a whole read.
struct Damage {
    replaced: Replaced,
    nul: Vec<ReadWarning>,
    invalid: Option<text::InvalidBytes>,
    runs: usize,
    lines: usize,
}

impl Damage {
    fn scan(
        path: &std::path::Path,
        encoding: text::Encoding,
        skipped: usize,
        window: usize,
    ) -> std::io::Result<Damage> {
        let mut file = std::fs::File::open(path)?;
        std::io::copy(&mut (&mut file).take(skipped as u64), &mut std::io::sink())?;
        let mut decoder = text::StreamDecoder::new(encoding, skipped);
        let (mut replaced, mut nul) = (Replaced::default(), NulLines::default());
        loop {
            let mut piece = Vec::with_capacity(window);
            (&mut file).take(window as u64).read_to_end(&mut piece)?;
            let last = piece.is_empty();
            let mut lines = decoder.push(&piece, last);
            let first = lines.first_line as u32;
            nul.add(&lines.text, first);
            lines.text.retain(|c| c != '\0');
            replaced.add(&lines.text, first);
            if last {
                break;
            }
        }
        let (runs, lines) = decoder.invalid_counts();
        Ok(Damage {
            replaced,
            nul: nul.finish(),
            invalid: decoder.first_invalid().cloned(),
            runs,
            lines,
        })
    }
}

/// [`read_each_batched`] for a big file ([`Windowed`]): it is read and decoded a window at a
/// time, and each window is cut after its last record but one (the last may go on in the
/// next window), the rest carried into the next window; the records are found and read in
/// each window as in a whole text, their lines counted from the window's first line, so
/// lines, columns and warnings are those of a whole read. The encoding is chosen, and the
/// format checked, on the first [`DETECT_SAMPLE`] bytes. A file that turns out to hold one
/// record (or none), or another format, is read whole within the limit.
fn read_windowed<R, F, B>(
    w: Windowed,
    path: String,
    options: &ReadOptions,
    batch: usize,
    per_record: &F,
    on_batch: &mut B,
) -> Replayed<()>
where
    R: Send,
    F: Fn(&Record, &SourceText) -> R + Sync,
    B: FnMut(Vec<R>) -> bool,
{
    let done = |path: String, error: Option<String>| Replayed {
        path,
        results: Vec::new(),
        error,
    };
    let name = path.clone();
    let cannot_read = |e: std::io::Error| format!("cannot read {name}: {}", io_reason(&e));
    let too_big = || {
        format!(
            "{name} is {} bytes, larger than the limit of {} bytes",
            w.len, options.max_file_size
        )
    };
    let mut file = match std::fs::File::open(&w.path) {
        Ok(file) => file,
        Err(e) => return done(path.clone(), Some(cannot_read(e))),
    };
    let sample_len = DETECT_SAMPLE.max(w.window);
    let mut sample = Vec::new();
    if let Err(e) = (&mut file).take(sample_len as u64).read_to_end(&mut sample) {
        return done(path.clone(), Some(cannot_read(e)));
    }
    if text::has_nul(&sample) && !looks_like_utf16(&sample) && mostly_binary(&sample) {
        let message = format!("{path} holds binary data (NUL bytes), not a game record");
        return done(path, Some(message));
    }
    // The encoding is chosen on whole lines of the sample (a cut character would read as
    // damage).
    let cut = if sample.len() < sample_len || looks_like_utf16(&sample) {
        sample.len() & !usize::from(looks_like_utf16(&sample))
    } else {
        memchr::memrchr(b'\n', &sample).map_or(sample.len(), |i| i + 1)
    };
    let (mut decoded, encoding_hint) = decode(
        sample[..cut].to_vec(),
        w.extension.as_deref(),
        options.encoding,
    );
    decoded.text.retain(|c| c != '\0');
    let mut format = w.format;
    let mut mismatch = None;
    let by_extension = w.extension.as_deref().and_then(Format::from_extension);
    if options.from.is_none() && by_extension == Some(format) {
        if let Some(other) = formats::other_format(&decoded.text, format) {
            mismatch = Some(format_mismatch(&path, format, other));
            format = other;
        }
    }
    if !windows_apply(format) {
        // Another format, of one record a file: read whole, within the limit.
        if w.len > options.max_file_size {
            return done(path, Some(too_big()));
        }
        if let Err(e) = file.read_to_end(&mut sample) {
            return done(path.clone(), Some(cannot_read(e)));
        }
        let loaded = match load_bytes(path, sample, w.extension.clone(), options) {
            Ok(loaded) => loaded,
            Err(failed) => return done(failed.path, failed.error),
        };
        return read_whole(loaded, options, batch, per_record, on_batch);
    }
    let notes: Vec<ReadWarning> = std::mem::take(&mut decoded.notes)
        .into_iter()
        .map(|note| ReadIssue::new(WarningCode::Encoding, 1, 1, note))
        .collect();
    let skipped = if decoded.bom {
        decoded.encoding.bom().map_or(0, <[u8]>::len)
    } else {
        0
    };
    let encoding = decoded.encoding;
    decoded.text = String::new();
    decoded.invalid.clear();
    let mut loaded = Loaded {
        path,
        format,
        decoded,
        issues: mismatch
            .iter()
            .cloned()
            .chain(notes.iter().cloned())
            .collect(),
        replaced: Replaced::default(),
        encoding_hint,
    };
    let fail = |loaded: Loaded, message: String| done(loaded.path, Some(message));
    let mut pieces = Pieces {
        sample,
        at: skipped,
        file,
        window: w.window,
    };
    let mut decoder = text::StreamDecoder::new(encoding, skipped);
    let mut carry = String::new();
    let mut base: u32 = 1;
    let mut emitted = 0usize;
    let mut scanned = false;
    let batch = batch.max(1);
    let mut ready: Vec<R> = Vec::new();
    loop {
        let piece = match pieces.next() {
            Ok(piece) => piece,
            Err(e) => {
                let message = cannot_read(e);
                return fail(loaded, message);
            }
        };
        let last = piece.is_empty();
        let mut lines = decoder.push(&piece, last);
        drop(piece);
        let limit = options.max_line_length;
        if let Some((line, len)) = longest_line_over(&lines.text, limit) {
            let line = line + lines.first_line - 1;
            let message = format!(
                "{}: line {line} is {len} bytes long, over the limit of {limit} (raise it with --max-line-length)",
                loaded.path
            );
            return fail(loaded, message);
        }
        if decoder.pending_len() > limit {
            let message = format!(
                "{}: line {} is longer than the limit of {limit} bytes (raise it with --max-line-length)",
                loaded.path,
                decoder.pending_line()
            );
            return fail(loaded, message);
        }
        // Two vectorised searches (a `contains` of a set of chars goes char by char).
        let bytes = lines.text.as_bytes();
        let damaged = memchr::memchr(0, bytes).is_some()
            || memchr::memmem::find(bytes, "\u{FFFD}".as_bytes()).is_some();
        if damaged && !scanned {
            scanned = true;
            match Damage::scan(&w.path, encoding, skipped, w.window) {
                Ok(damage) => learn_damage(&mut loaded, damage, mismatch.clone(), &notes),
                Err(e) => {
                    let message = cannot_read(e);
                    return fail(loaded, message);
                }
            }
        }
        if damaged {
            lines.text.retain(|c| c != '\0');
        }
        carry.push_str(&lines.text);
        drop(lines);
        let limit = options.max_file_size;
        if last && emitted == 0 && carry.len() as u64 <= limit {
            // Nothing was cut off: the carry is the whole text.
            loaded.decoded.text = carry;
            return read_whole(loaded, options, batch, per_record, on_batch);
        }
        let spans: Vec<formats::RecordSpan> = formats::record_spans_from(&carry, format, base)
            .map(Iterator::collect)
            .unwrap_or_default();
        let complete = if last {
            spans.len()
        } else {
            spans.len().saturating_sub(1)
        };
        // The limit bounds the record being read (all of the text when it is the first).
        let unfinished = match spans.get(complete) {
            _ if last && (emitted > 0 || spans.len() > 1) => 0,
            Some(span) if emitted > 0 || complete > 0 => carry.len() - span.range().start,
            _ => carry.len(),
        };
        if unfinished as u64 > limit {
            let message = if emitted == 0 && spans.len() <= 1 {
                too_big()
            } else {
                format!(
                    "{}: the record at line {} is larger than the limit of {limit} bytes (raise it with --max-file-size)",
                    loaded.path,
                    spans.get(complete).map_or(base, |s| s.first_line())
                )
            };
            return fail(loaded, message);
        }
        if complete == 0 {
            if last {
                break;
            }
            continue;
        }
        let source = SourceText::window(std::mem::take(&mut carry), base as usize);
        for from in (0..complete).step_by(batch) {
            let to = (from + batch).min(complete);
            let results: Vec<R> = spans[from..to]
                .par_iter()
                .enumerate()
                .map(|(i, span)| {
                    let j = from + i;
                    let index = emitted + j;
                    let start = span.first_line();
                    let first = if index == 0 { 0 } else { start };
                    let end = spans.get(j + 1).map_or(u32::MAX, |s| s.first_line());
                    let mut r =
                        formats::read_span_as(source.text(), span, format, index, options.variant);
                    finish_record(&mut r, &loaded, options, first..end.max(start + 1));
                    per_record(&r, &source)
                })
                .collect();
            ready.extend(results);
            // Batches are full but for the last, as in a whole read.
            while ready.len() >= batch {
                let rest = ready.split_off(batch);
                if !on_batch(std::mem::replace(&mut ready, rest)) {
                    return done(loaded.path, None);
                }
            }
        }
        emitted += complete;
        if last {
            break;
        }
        let mut text = source.into_text();
        text.drain(..spans[complete].range().start);
        carry = text;
        base = spans[complete].first_line();
    }
    if !ready.is_empty() && !on_batch(ready) {
        return done(loaded.path, None);
    }
    let error = (emitted == 0).then(|| no_record(&loaded.path));
    done(loaded.path, error)
}

/// [`read_loaded`] of a whole text, and the input's end.
fn read_whole<R, F, B>(
    mut loaded: Loaded,
    options: &ReadOptions,
    batch: usize,
    per_record: &F,
    on_batch: &mut B,
) -> Replayed<()>
where
    R: Send,
    F: Fn(&Record, &SourceText) -> R + Sync,
    B: FnMut(Vec<R>) -> bool,
{
    let source = SourceText::new(std::mem::take(&mut loaded.decoded.text));
    let count = read_loaded(&loaded, &source, options, batch, per_record, on_batch);
    let error = (count == 0).then(|| no_record(&loaded.path));
    Replayed {
        path: loaded.path,
        results: Vec::new(),
        error,
    }
}

/// Gives `loaded` the warnings of its text's damage, in the order of a whole read's (the
/// format, the undecodable bytes, the encoding notes, the NULs).
fn learn_damage(
    loaded: &mut Loaded,
    damage: Damage,
    mismatch: Option<ReadWarning>,
    notes: &[ReadWarning],
) {
    let d = &mut loaded.decoded;
    d.invalid = damage.invalid.into_iter().collect();
    d.invalid_runs = damage.runs;
    d.invalid_lines = damage.lines;
    let invalid = invalid_bytes_issue(d, &loaded.encoding_hint);
    loaded.issues = mismatch
        .into_iter()
        .chain(invalid)
        .chain(notes.iter().cloned())
        .chain(damage.nul)
        .collect();
    loaded.replaced = damage.replaced;
}

/// The error of an input that was read but holds no record.
fn no_record(path: &str) -> String {
    format!("{path} holds no game record")
}

/// Where the records of an input start, to give each decoding problem to the record whose
/// lines hold it: a multi-game file reports each once, not once a record.
struct Owners {
    starts: Vec<u32>,
    /// False when the starts are out of order (a format that does not say where its records
    /// start): then everything goes to the first record.
    ordered: bool,
}

impl Owners {
    fn new(starts: Vec<u32>) -> Owners {
        let ordered = starts.windows(2).all(|w| w[0] < w[1]);
        Owners { starts, ordered }
    }

    /// The lines of the `i`-th record: from its first line (for the first record, from the
    /// top) to the next record's.
    fn lines(&self, i: usize) -> std::ops::Range<u32> {
        if !self.ordered {
            return if i == 0 { 0..u32::MAX } else { 0..0 };
        }
        let from = if i == 0 { 0 } else { self.starts[i] };
        let to = self.starts.get(i + 1).copied().unwrap_or(u32::MAX);
        from..to
    }
}

/// Fills in what the input tells about `r` (path, encoding, the decoding problems on `lines`)
/// and enforces the variation limits.
fn finish_record(
    r: &mut Record,
    loaded: &Loaded,
    options: &ReadOptions,
    lines: std::ops::Range<u32>,
) {
    check_variation_limits(r, options);
    let unreadable = reject_if_unreadable(r, loaded);
    r.source.path = loaded.path.clone();
    r.source.encoding = Some(loaded.decoded.encoding.name());
    r.source.encoding_reason = Some(loaded.decoded.reason.name());
    r.source.bom = loaded.decoded.bom;
    for issue in loaded.issues.iter().filter(|i| lines.contains(&i.line)) {
        if unreadable && issue.code == WarningCode::InvalidBytes {
            continue; // said in the record's error
        }
        if options.strict && issue.code == WarningCode::InvalidBytes {
            r.errors.push(issue.with_code(ErrorCode::InvalidBytes));
        } else {
            r.warnings.push(issue.clone());
        }
    }
}

/// A record of which no move could be read, whose lines that were not understood hold
/// replacement characters (U+FFFD: bytes that did not decode, or text damaged before it was
/// saved), is an error that names the cause, said once: the warnings about those lines are
/// dropped. Returns whether the record was rejected.
fn reject_if_unreadable(r: &mut Record, loaded: &Loaded) -> bool {
    let replaced = &loaded.replaced;
    if replaced.lines.is_empty() || r.tree.main_line_moves().next().is_some() {
        return false;
    }
    let damaged = r.warnings.iter().any(|i| replaced.holds(i.line))
        || r.errors.iter().any(|i| replaced.holds(i.line));
    if !damaged {
        return false;
    }
    r.warnings
        .retain(|w| !replaced.holds(w.line) && w.code != WarningCode::UnknownLine);
    r.errors
        .retain(|e| !replaced.holds(e.line) && e.code != ErrorCode::NotARecord);
    let (line, column) = replaced.first;
    let n = replaced.lines.len();
    let cause = if loaded.decoded.invalid.is_empty() {
        "the file itself holds them: its text was damaged before it was saved".to_string()
    } else {
        format!(
            "its bytes are not valid {}{}",
            loaded.decoded.encoding.display_name(),
            loaded.encoding_hint
        )
    };
    r.errors.push(ReadIssue::new(
        ErrorCode::UnreadableText,
        line,
        column,
        format!(
            "no move could be read: {n} line{} hold{} replacement characters (U+FFFD), the first at line {line}, column {column}; {cause}",
            if n == 1 { "" } else { "s" },
            if n == 1 { "s" } else { "" },
        ),
    ));
    true
}

/// Reads and decodes `input` and settles its format; a failure is the input's whole result.
fn load(input: &Input, options: &ReadOptions) -> Result<Loaded, Box<FileRead>> {
    let path = input.display();
    let failed = |message: String| -> Result<Loaded, Box<FileRead>> {
        Err(Box::new(FileRead {
            path: path.clone(),
            records: Vec::new(),
            text: None,
            error: Some(message),
        }))
    };
    let (bytes, extension) = match input {
        Input::Stdin => {
            let mut buf = Vec::new();
            let limit = options.max_file_size;
            match std::io::stdin()
                .lock()
                .take(limit.saturating_add(1))
                .read_to_end(&mut buf)
            {
                Ok(_) if buf.len() as u64 > limit => {
                    return failed(format!(
                        "standard input is larger than the limit of {limit} bytes"
                    ))
                }
                Ok(_) => (buf, None),
                Err(e) => return failed(format!("cannot read standard input: {}", io_reason(&e))),
            }
        }
        Input::Unreadable { message, .. } => return failed(message.clone()),
        Input::File(p) => {
            let ext = p
                .extension()
                .and_then(|e| e.to_str())
                .map(|e| e.to_ascii_lowercase());
            match read_file(p, &path, options.max_file_size) {
                Ok(Ok(b)) => (b, ext),
                Ok(Err(refused)) => return failed(refused),
                Err(e) => return failed(format!("cannot read {path}: {}", io_reason(&e))),
            }
        }
    };
    load_bytes(path, bytes, extension, options)
}

/// [`load`] once the bytes are read: `path` names the input, `extension` is its extension in
/// lower case.
fn load_bytes(
    path: String,
    bytes: Vec<u8>,
    extension: Option<String>,
    options: &ReadOptions,
) -> Result<Loaded, Box<FileRead>> {
    let failed = |message: String| -> Result<Loaded, Box<FileRead>> {
        Err(Box::new(FileRead {
            path: path.clone(),
            records: Vec::new(),
            text: None,
            error: Some(message),
        }))
    };
    // Every encoding read gives U+0000 for a NUL byte only (in UTF-16, for two), so a text
    // decoded from bytes without one holds none: not looked for again (a scan of the whole
    // text, serial before the records of a multi-game file are spread, issue 34).
    let bytes_hold_nul = text::has_nul(&bytes);
    if bytes_hold_nul && !looks_like_utf16(&bytes) && mostly_binary(&bytes) {
        return failed(format!(
            "{path} holds binary data (NUL bytes), not a game record"
        ));
    }
    let (mut decoded, encoding_hint) = decode(bytes, extension.as_deref(), options.encoding);
    let mut nul_issues = Vec::new();
    if bytes_hold_nul && memchr::memchr(0, decoded.text.as_bytes()).is_some() {
        // U+0000 (a stray NUL byte, or UTF-16 text holding one) would pass into outputs that
        // then read as binary: dropped, with a warning on each line that held one.
        nul_issues = nul_lines(&decoded.text);
        decoded.text.retain(|c| c != '\0');
    }
    let by_extension = extension.as_deref().and_then(Format::from_extension);
    let format = options
        .from
        .or(by_extension)
        .or_else(|| formats::detect::sniff(&decoded.text));
    let Some(format) = format else {
        return Err(Box::new(FileRead {
            path: path.clone(),
            records: Vec::new(),
            text: Some(SourceText::new(decoded.text)),
            error: Some(format!(
                "cannot tell the format of {path}: the name has no record extension and the \
                 content looks like no record format (use --from)"
            )),
        }));
    };
    if let Some((line, len)) = longest_line_over(&decoded.text, options.max_line_length) {
        return Err(Box::new(FileRead {
            path: path.clone(),
            records: Vec::new(),
            text: None,
            error: Some(format!(
                "{path}: line {line} is {len} bytes long, over the limit of {} (raise it with --max-line-length)",
                options.max_line_length
            )),
        }));
    }
    let mut issues = Vec::new();
    let mut format = format;
    if options.from.is_none() && by_extension == Some(format) {
        if let Some(other) = formats::other_format(&decoded.text, format) {
            issues.push(format_mismatch(&path, format, other));
            format = other;
        }
    }
    if let Some(issue) = invalid_bytes_issue(&decoded, &encoding_hint) {
        issues.push(issue);
    }
    for note in &decoded.notes {
        issues.push(ReadIssue::new(WarningCode::Encoding, 1, 1, note.clone()));
    }
    issues.extend(nul_issues);
    let replaced = Replaced::of(&decoded.text);
    Ok(Loaded {
        path,
        format,
        decoded,
        issues,
        replaced,
        encoding_hint,
    })
}

/// The warning for a file whose extension says `claimed` and whose text is `other`.
fn format_mismatch(path: &str, claimed: Format, other: Format) -> ReadWarning {
    ReadIssue::new(
        WarningCode::FormatMismatch,
        1,
        1,
        format!(
            "{path} holds {} text, not {}, as its extension says: read as {} (rename it, or pass --from {})",
            other.name().to_uppercase(),
            claimed.name().to_uppercase(),
            other.name().to_uppercase(),
            other.name()
        ),
    )
}

/// Decodes `bytes` as `choice` says, with what to say about the encoding if bytes do not
/// decode: when the user forced an encoding, the declaration or the encoding detection would
/// have chosen (the bytes are kept for that only then).
fn decode(
    bytes: Vec<u8>,
    extension: Option<&str>,
    choice: EncodingChoice,
) -> (text::Decoded, String) {
    let EncodingChoice::Forced(forced) = choice else {
        let decoded = text::decode_owned(bytes, extension, choice);
        let hint = format!(
            " (chosen by {}; if it is another, say which with --encoding)",
            reason_phrase(decoded.reason)
        );
        return (decoded, hint);
    };
    let decoded = text::decode(&bytes, extension, choice);
    if decoded.invalid.is_empty() {
        return (decoded, String::new());
    }
    let auto = text::decode(&bytes, extension, EncodingChoice::Auto);
    let hint = if auto.encoding == forced {
        format!(" (as --encoding {} says)", forced.name())
    } else {
        let clean = if auto.invalid.is_empty() {
            ", which decodes every byte"
        } else {
            ""
        };
        format!(
            " (as --encoding {} says); {} {}{clean}: try --encoding {} or auto",
            forced.name(),
            match auto.reason {
                text::DetectionReason::Declaration => "the file declares",
                text::DetectionReason::Bom => "the file's byte order mark says",
                _ => "detection would choose",
            },
            auto.encoding.display_name(),
            auto.encoding.name()
        )
    };
    (decoded, hint)
}

/// How an encoding was chosen, in words.
fn reason_phrase(reason: text::DetectionReason) -> &'static str {
    match reason {
        text::DetectionReason::Bom => "the byte order mark",
        text::DetectionReason::Declaration => "the file's declaration",
        text::DetectionReason::Extension => "the extension",
        text::DetectionReason::Forced => "--encoding",
        _ => "the content",
    }
}

/// The bytes that did not decode, said once for the whole input: a single run as it is, many
/// as how many, on how many lines, and where the first is.
fn invalid_bytes_issue(decoded: &text::Decoded, hint: &str) -> Option<ReadWarning> {
    let first = decoded.invalid.first()?;
    let forced = decoded.reason == text::DetectionReason::Forced;
    let message = if decoded.invalid_runs == 1 {
        if forced {
            format!("{first}{hint}")
        } else {
            first.to_string()
        }
    } else {
        let lines = decoded.invalid_lines;
        format!(
            "{} runs of bytes on {} line{} are not valid {} and are shown as U+FFFD, the first ({}) at line {}, column {}{}",
            decoded.invalid_runs,
            lines,
            if lines == 1 { "" } else { "s" },
            first.encoding.display_name(),
            first.hex(),
            first.line,
            first.column,
            if forced { hint } else { "" },
        )
    };
    Some(ReadIssue::new(
        WarningCode::InvalidBytes,
        first.line as u32,
        first.column as u32,
        message,
    ))
}

/// Reads the file `p` (named `path` to the user) through one open handle, whose metadata
/// gives the size (one `statx` a file, not three); a file over `limit` bytes, or a
/// directory, is refused with the reason.
fn read_file(
    p: &std::path::Path,
    path: &str,
    limit: u64,
) -> std::io::Result<Result<Vec<u8>, String>> {
    let too_big =
        |len: u64| format!("{path} is {len} bytes, larger than the limit of {limit} bytes");
    let file = std::fs::File::open(p)?;
    let meta = file.metadata()?;
    if meta.len() > limit {
        return Ok(Err(too_big(meta.len())));
    }
    if meta.is_dir() {
        return Ok(Err(format!("{path} is a directory")));
    }
    if meta.is_file() && meta.len() >= PARALLEL_READ_OVER {
        if let Some(bytes) = read_in_parallel(&file, meta.len())? {
            return Ok(Ok(bytes));
        }
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0) + 1);
    // The file may have grown since: never read more than the limit allows.
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Ok(Err(too_big(bytes.len() as u64)));
    }
    Ok(Ok(bytes))
}

/// Regular files at least this big are read by the threads of rayon's pool at once, a
/// [`READ_PART`] each, when it has several: the kernel's copy of a big file into memory, and
/// the page faults of the new buffer, were two fifths of the serial start of a run on one
/// multi-game file (issue 34).
const PARALLEL_READ_OVER: u64 = 8 * 1024 * 1024;

/// How many bytes of a file read in parallel a task reads.
const READ_PART: usize = 2 * 1024 * 1024;

/// The `len` bytes of `file`, read a part a thread from the start of the file (whatever its
/// position); `None` when the pool has one thread, or when the file is found shorter or
/// longer than `len` (it changed meanwhile: then the caller reads it as usual, and the
/// limit applies to what it finds).
#[cfg(unix)]
fn read_in_parallel(file: &std::fs::File, len: u64) -> std::io::Result<Option<Vec<u8>>> {
    use std::os::unix::fs::FileExt;
    let Ok(size) = usize::try_from(len) else {
        return Ok(None);
    };
    if rayon::current_num_threads() < 2 {
        return Ok(None);
    }
    // Zeroed memory comes from the system untouched: each part's pages are faulted in by the
    // thread that reads into them.
    let mut bytes = vec![0u8; size];
    let read = bytes
        .par_chunks_mut(READ_PART)
        .enumerate()
        .try_for_each(|(k, part)| file.read_exact_at(part, (k * READ_PART) as u64));
    match read {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    // Grown since it was measured: read as usual.
    if file.read_at(&mut [0u8], len)? != 0 {
        return Ok(None);
    }
    Ok(Some(bytes))
}

/// [`read_in_parallel`] where positioned reads are not at hand: the caller reads as usual.
#[cfg(not(unix))]
fn read_in_parallel(_file: &std::fs::File, _len: u64) -> std::io::Result<Option<Vec<u8>>> {
    Ok(None)
}

/// The first line longer than `limit` bytes: (1-based line number, its length).
///
/// A line over the limit leaves `limit + 1` bytes in a row without a newline, so the text is
/// walked a window of `limit + 1` bytes at a time, each time from just after the window's
/// last newline (found from its end): a few searches for a text of short lines, however big,
/// where splitting at every newline cost about 140 instructions a line.
fn longest_line_over(text: &str, limit: usize) -> Option<(usize, usize)> {
    if text.len() <= limit {
        return None;
    }
    let bytes = text.as_bytes();
    let mut start = 0;
    while bytes.len() - start > limit {
        let window = &bytes[start..start + limit + 1];
        match memchr::memrchr(b'\n', window) {
            Some(at) => start += at + 1,
            None => {
                let len = memchr::memchr(b'\n', &bytes[start..]).unwrap_or(bytes.len() - start);
                let line = memchr::memchr_iter(b'\n', &bytes[..start]).count() + 1;
                return Some((line, len));
            }
        }
    }
    None
}

/// Replaces a record that holds more variations, or deeper ones, than the limits allow by an
/// error (so no later stage walks it).
fn check_variation_limits(r: &mut Record, options: &ReadOptions) {
    let tree = &r.tree;
    let mut depth = vec![0usize; tree.len()];
    let (mut variations, mut deepest) = (0usize, 0usize);
    for id in tree.ids().skip(1) {
        let node = tree.node(id);
        let parent = node.parent().unwrap_or(0) as usize;
        let is_alternative = tree.node(parent as u32).first_child() != Some(id);
        depth[id as usize] = depth[parent] + is_alternative as usize;
        variations += is_alternative as usize;
        deepest = deepest.max(depth[id as usize]);
    }
    let over = if variations > options.max_variations {
        Some(format!(
            "the record holds {variations} variations, over the limit of {} (raise it with --max-variations)",
            options.max_variations
        ))
    } else if deepest > options.max_variation_depth {
        Some(format!(
            "the record nests variations {deepest} deep, over the limit of {} (raise it with --max-variation-depth)",
            options.max_variation_depth
        ))
    } else {
        None
    };
    if let Some(message) = over {
        r.tree = crate::record::MoveTree::new();
        r.errors.push(ReadIssue::new(
            ErrorCode::Limit,
            r.source.line.max(1),
            1,
            message,
        ));
    }
}

/// The lines most NUL warnings name; the last one says how many more lines held one.
const MAX_NUL_LINES: usize = 100;

/// A warning for each line of `text` holding NUL characters (at the first one), as they are
/// dropped.
fn nul_lines(text: &str) -> Vec<ReadWarning> {
    let mut lines = NulLines::default();
    lines.add(text, 1);
    lines.finish()
}

/// The NUL warnings of a text taken a piece at a time (see [`nul_lines`]).
#[derive(Default)]
struct NulLines {
    issues: Vec<ReadWarning>,
    /// The lines holding a NUL past the first [`MAX_NUL_LINES`].
    more: usize,
}

impl NulLines {
    /// Adds the lines of `text`, which starts at the start of line `first_line`.
    fn add(&mut self, text: &str, first_line: u32) {
        if !text.contains('\0') {
            return;
        }
        for (i, line) in text.split('\n').enumerate() {
            let Some(at) = line.find('\0') else {
                continue;
            };
            if self.issues.len() == MAX_NUL_LINES {
                self.more += 1;
                continue;
            }
            let n = line.matches('\0').count();
            self.issues.push(ReadIssue::new(
                WarningCode::Encoding,
                first_line.saturating_add(i as u32),
                line[..at].chars().count() as u32 + 1,
                format!("{n} NUL character{} dropped", if n == 1 { "" } else { "s" }),
            ));
        }
    }

    /// The warnings, the last saying how many more lines held a NUL.
    fn finish(mut self) -> Vec<ReadWarning> {
        if self.more > 0 {
            if let Some(last) = self.issues.last_mut() {
                last.message
                    .push_str(&format!(" (and on {} more lines, not named)", self.more));
            }
        }
        self.issues
    }
}

/// Whether bytes holding a NUL are binary data rather than a text with a stray NUL: more than
/// two control bytes (NUL and the others a text never holds; tab, line ends, form feed and
/// ESC apart) and more than one byte in a hundred.
fn mostly_binary(bytes: &[u8]) -> bool {
    let controls = bytes
        .iter()
        .filter(|&&b| matches!(b, 0x00..=0x08 | 0x0E..=0x1A | 0x1C..=0x1F))
        .count();
    controls > 2 && controls * 100 > bytes.len()
}

/// UTF-16 text holds NUL bytes (other texts may hold a stray one: see [`mostly_binary`]).
fn looks_like_utf16(bytes: &[u8]) -> bool {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return true;
    }
    let sample = &bytes[..bytes.len().min(512)];
    let even = sample.iter().step_by(2).filter(|&&b| b == 0).count();
    let odd = sample
        .iter()
        .skip(1)
        .step_by(2)
        .filter(|&&b| b == 0)
        .count();
    let half = sample.len() / 2;
    half > 0
        && (even * 3 > half || odd * 3 > half)
        && (even == 0 || odd == 0 || even.abs_diff(odd) * 2 > half)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Validation;

    /// The first over-long line by the definition: split at every `\n`, 1-based.
    fn first_line_over_by_splitting(text: &str, limit: usize) -> Option<(usize, usize)> {
        text.split('\n')
            .enumerate()
            .find(|(_, l)| l.len() > limit)
            .map(|(i, l)| (i + 1, l.len()))
    }

    proptest::proptest! {
        /// The window search finds the line splitting every line finds (number and length),
        /// on texts of short and long lines, ending with a newline or not.
        #[test]
        fn longest_line_over_finds_the_first_line_over_the_limit(
            lines in proptest::collection::vec(0usize..40, 0..60),
            limit in 0usize..30,
            final_newline: bool,
        ) {
            let mut text: String = lines
                .iter()
                .enumerate()
                .map(|(i, &n)| format!("{}\n", char::from(b'a' + (i % 26) as u8).to_string().repeat(n)))
                .collect();
            if !final_newline {
                text.pop();
            }
            proptest::prop_assert_eq!(
                longest_line_over(&text, limit),
                first_line_over_by_splitting(&text, limit)
            );
        }
    }

    #[test]
    fn longest_line_over_names_the_line_and_its_length() {
        assert_eq!(longest_line_over("ab\nabcdef\nabc", 3), Some((2, 6)));
        assert_eq!(longest_line_over("ab\nabc\nabcd", 3), Some((3, 4)));
        assert_eq!(longest_line_over("abcd", 3), Some((1, 4)));
        assert_eq!(longest_line_over("ab\nabc\n", 3), None);
        assert_eq!(longest_line_over("", 0), None);
    }

    /// Validation JSON of every record, read whole and replayed one by one.
    fn whole(input: &Input, options: &ReadOptions) -> Vec<String> {
        let file = read_input(input, options);
        file.records
            .iter()
            .map(|r| Validation::new(r, &replay(r, &ReplayOptions::default())).to_json())
            .collect()
    }

    /// Writes `text` to a file `name`, then checks that replaying it record by record gives
    /// the `count` results reading it whole gives.
    fn assert_line_by_line_equals_whole(name: &str, text: &[u8], count: usize) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let input = Input::File(path);
        let options = ReadOptions::default();
        let spans = read_and_replay(&input, &options, &ReplayOptions::default(), |r, rep, _| {
            Validation::new(r, rep).to_json()
        });
        assert_eq!(spans.error, None);
        let expected = whole(&input, &options);
        assert_eq!(expected.len(), count);
        assert_eq!(spans.results, expected);
    }

    #[test]
    fn bytes_in_memory_read_as_the_same_bytes_in_a_file() {
        let text = b"V2.2\nN+a\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n";
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.csa");
        std::fs::write(&path, text).unwrap();
        let options = ReadOptions::default();
        let from_file = read_input(&Input::File(path.clone()), &options);
        let name = path.display().to_string();
        let from_bytes = read_bytes(&name, text.to_vec(), &options);
        assert_eq!(from_bytes.error, None);
        assert_eq!(from_bytes.records, from_file.records);
        // No extension: the content tells the format.
        let unnamed = read_bytes("<bytes>", text.to_vec(), &options);
        assert_eq!(unnamed.records.len(), 1);
        assert_eq!(unnamed.records[0].source.format, Some(Format::Csa));
        assert_eq!(unnamed.records[0].source.path, "<bytes>");
    }

    #[test]
    fn a_big_file_read_in_parallel_is_read_byte_for_byte() {
        // Parts of every byte value, over several parts and not a whole number of them.
        let len = PARALLEL_READ_OVER as usize + 3 * READ_PART + 12_345;
        let bytes: Vec<u8> = (0..len).map(|i| (i * 7 + i / 4099) as u8).collect();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.csa");
        std::fs::write(&path, &bytes).unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let read = pool
            .install(|| read_file(&path, "big.csa", u64::MAX))
            .unwrap()
            .unwrap();
        assert!(read == bytes, "the bytes read differ from the file's");
        // Over the limit: refused as before, not read.
        let refused = pool
            .install(|| read_file(&path, "big.csa", len as u64 - 1))
            .unwrap();
        assert!(refused.unwrap_err().contains("larger than the limit"));
    }

    #[cfg(unix)]
    #[test]
    fn a_file_that_changed_size_is_not_read_in_parallel() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.csa");
        std::fs::write(&path, vec![b'a'; 3 * READ_PART]).unwrap();
        let file = std::fs::File::open(&path).unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let len = 3 * READ_PART as u64;
        // Shorter than it was said to be, then longer: left to the usual read.
        assert_eq!(
            pool.install(|| read_in_parallel(&file, len + 1)).unwrap(),
            None
        );
        assert_eq!(
            pool.install(|| read_in_parallel(&file, len - 1)).unwrap(),
            None
        );
        let whole = pool.install(|| read_in_parallel(&file, len)).unwrap();
        assert_eq!(whole.map(|b| b.len()), Some(3 * READ_PART));
        // One thread: nothing to share.
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        assert_eq!(one.install(|| read_in_parallel(&file, len)).unwrap(), None);
    }

    #[test]
    fn bytes_over_the_size_limit_are_refused() {
        let options = ReadOptions {
            max_file_size: 4,
            ..ReadOptions::default()
        };
        let read = read_bytes("x.csa", b"PI\n+\n".to_vec(), &options);
        assert!(read.records.is_empty());
        assert!(read
            .error
            .unwrap()
            .contains("larger than the limit of 4 bytes"));
    }

    #[test]
    fn replaying_span_by_span_equals_reading_whole() {
        // Games with fouls, a bad line, invalid bytes, blank records and CRLF line ends.
        let mut text = Vec::new();
        for i in 0..40 {
            let game: &[u8] = match i % 4 {
                0 => b"V2.2\r\nN+a\r\nPI\r\n+\r\n+7776FU\r\nT3\r\n-3334FU\r\n%TORYO\r\n/\r\n",
                1 => b"PI\n+\n+7776FU\n-8384FU\n+0055FU\n-0054FU\n/\n/\n",
                2 => b"PI\n+\n+7776FU\n'bad \xff byte\n-3334XX\n/\n",
                _ => b"P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n-\n-3334FU\n/\n",
            };
            text.extend_from_slice(game);
        }
        assert_line_by_line_equals_whole("many.csa", &text, 40);
    }

    #[test]
    fn replaying_a_usi_list_line_by_line_equals_reading_whole() {
        // A byte-order mark, fouls, a bad line, invalid bytes, comments, blank lines and CRLF.
        let mut text = b"\xef\xbb\xbfstartpos moves 7g7f 3c3d\r\n".to_vec();
        for i in 0..40 {
            let line: &[u8] = match i % 5 {
                0 => b"position startpos moves 7g7f 3c3d 8h2b+ 3a2b resign\r\n",
                1 => b"sfen 4k4/9/9/9/9/9/4P4/9/4K4 b P 1 moves P*5c\n# a comment\n\n",
                2 => b"startpos moves 7g7f \xff 3c3d\n  // another\n",
                3 => b"startpos moves 7g7f 3c3x\n",
                _ => {
                    b"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d\n"
                }
            };
            text.extend_from_slice(line);
        }
        text.extend_from_slice(b"startpos moves 7g7f");
        assert_line_by_line_equals_whole("many.usi", &text, 42);
    }

    #[test]
    fn batches_come_in_record_order_and_can_stop() {
        let text = "PI\n+\n+7776FU\n/\n".repeat(10);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ten.csa");
        std::fs::write(&path, text).unwrap();
        let input = Input::File(path);
        let options = ReadOptions::default();
        let mut batches = Vec::new();
        let done = read_each_batched(
            &input,
            &options,
            4,
            |r, _| r.source.index,
            |b| {
                batches.push(b);
                true
            },
        );
        assert_eq!(done.error, None);
        assert_eq!(batches, [vec![0, 1, 2, 3], vec![4, 5, 6, 7], vec![8, 9]]);
        let mut seen = 0;
        read_each_batched(
            &input,
            &options,
            4,
            |r, _| r.source.index,
            |b| {
                seen += b.len();
                false
            },
        );
        assert_eq!(seen, 4, "stops after the first batch");
    }

    #[test]
    fn records_cut_a_few_at_a_time_come_in_order_whatever_the_batch() {
        // More records than a task reads (SPANS_PER_TASK), of two lengths, read in batches
        // smaller, equal to, larger than a task and all at once: every batch in record order.
        let mut text = String::new();
        for i in 0..300 {
            text.push_str(match i % 3 {
                0 => "PI\n+\n+7776FU\n-3334FU\n/\n",
                _ => "PI\n+\n+7776FU\n/\n",
            });
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("many.csa");
        std::fs::write(&path, text).unwrap();
        let input = Input::File(path);
        let options = ReadOptions::default();
        let whole: Vec<(usize, u32)> = read_input(&input, &options)
            .records
            .iter()
            .map(|r| (r.source.index, r.source.line))
            .collect();
        assert_eq!(whole.len(), 300);
        let task = SPANS_PER_TASK;
        for batch in [1, task - 1, task, task + 1, 100, usize::MAX] {
            let mut seen = Vec::new();
            let done = read_each_batched(
                &input,
                &options,
                batch,
                |r, _| (r.source.index, r.source.line),
                |b| {
                    assert!(b.len() <= batch);
                    seen.extend(b);
                    true
                },
            );
            assert_eq!(done.error, None);
            assert_eq!(seen, whole, "batch {batch}");
        }
    }

    #[test]
    fn an_input_without_records_is_an_error_either_way() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("blank.csa");
        std::fs::write(&path, "/\n\n/\n").unwrap();
        let input = Input::File(path);
        let options = ReadOptions::default();
        let r = read_and_replay(&input, &options, &ReplayOptions::default(), |_, _, _| ());
        let whole = read_input(&input, &options);
        assert_eq!(r.results.len(), whole.records.len());
        assert_eq!(r.error, whole.error);
    }
}
