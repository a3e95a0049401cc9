//! Reading one input into records: bytes, encoding, format, then the format's reader; every
//! problem becomes a located issue on the records (or a file-level error), never a panic.

use std::io::Read;

use super::inputs::{io_reason, Input};
use crate::formats;
use crate::record::{Format, ReadIssue, Record};
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

/// Reads `input` into records.
pub fn read_input(input: &Input, options: &ReadOptions) -> FileRead {
    let path = input.display();
    let failed = |message: String| FileRead {
        path: path.clone(),
        records: Vec::new(),
        text: None,
        error: Some(message),
    };
    let (bytes, extension) = match input {
        Input::Stdin => {
            let mut buf = Vec::new();
            let limit = options.max_file_size;
            match std::io::stdin()
                .lock()
                .take(limit + 1)
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
            match std::fs::metadata(p) {
                Ok(m) if m.len() > options.max_file_size => {
                    return failed(format!(
                        "{path} is {} bytes, larger than the limit of {} bytes",
                        m.len(),
                        options.max_file_size
                    ))
                }
                Ok(m) if m.is_dir() => return failed(format!("{path} is a directory")),
                _ => {}
            }
            match std::fs::read(p) {
                Ok(b) => (b, ext),
                Err(e) => return failed(format!("cannot read {path}: {}", io_reason(&e))),
            }
        }
    };
    if text::has_nul(&bytes) && !looks_like_utf16(&bytes) {
        return failed(format!(
            "{path} holds binary data (NUL bytes), not a game record"
        ));
    }
    let decoded = text::decode_owned(bytes, extension.as_deref(), options.encoding);
    let format = options
        .from
        .or_else(|| extension.as_deref().and_then(Format::from_extension))
        .or_else(|| formats::detect::sniff(&decoded.text));
    let Some(format) = format else {
        return FileRead {
            path: path.clone(),
            records: Vec::new(),
            text: Some(SourceText::new(decoded.text)),
            error: Some(format!(
                "cannot tell the format of {path}: the name has no record extension and the \
                 content looks like no record format (use --from)"
            )),
        };
    };
    if let Some((line, len)) = longest_line_over(&decoded.text, options.max_line_length) {
        return FileRead {
            path: path.clone(),
            records: Vec::new(),
            text: None,
            error: Some(format!(
                "{path}: line {line} is {len} bytes long, over the limit of {} (raise it with --max-line-length)",
                options.max_line_length
            )),
        };
    }
    let mut records = formats::read_str(&decoded.text, format);
    for r in &mut records {
        check_variation_limits(r, options);
    }
    if records.is_empty() {
        return FileRead {
            path: path.clone(),
            records,
            text: Some(SourceText::new(decoded.text)),
            error: Some(format!("{path} holds no game record")),
        };
    }
    let mut issues = Vec::new();
    for bad in &decoded.invalid {
        issues.push(ReadIssue::new(
            "invalid-bytes",
            bad.line as u32,
            bad.column as u32,
            bad.to_string(),
        ));
    }
    for note in &decoded.notes {
        issues.push(ReadIssue::new("encoding", 1, 1, note.clone()));
    }
    for r in &mut records {
        r.source.path = path.clone();
        r.source.encoding = Some(decoded.encoding.name());
        r.source.encoding_reason = Some(decoded.reason.name());
        r.source.bom = decoded.bom;
        for issue in &issues {
            if options.strict && issue.code == "invalid-bytes" {
                r.errors.push(issue.clone());
            } else {
                r.warnings.push(issue.clone());
            }
        }
    }
    FileRead {
        path,
        records,
        text: Some(SourceText::new(decoded.text)),
        error: None,
    }
}

/// The first line longer than `limit` bytes: (1-based line number, its length).
fn longest_line_over(text: &str, limit: usize) -> Option<(usize, usize)> {
    if text.len() <= limit {
        return None;
    }
    text.split('\n')
        .enumerate()
        .find(|(_, l)| l.len() > limit)
        .map(|(i, l)| (i + 1, l.len()))
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
        r.errors
            .push(ReadIssue::new("limit", r.source.line.max(1), 1, message));
    }
}

/// UTF-16 text holds NUL bytes; anything else with them is binary.
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
