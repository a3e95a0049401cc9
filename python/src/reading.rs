//! `read` (one source: a path, bytes or text) and `iter_records` (a collection, read on
//! worker threads and handed over in input order).

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use shogi_tool::batch::{self, FileRead, Input, ReadOptions};
use shogi_tool::record::lines::{main_line, MainLine};
use shogi_tool::text::{Encoding, EncodingChoice};

use crate::errors;
use crate::options;
use crate::record::PyRecord;

/// How many files read ahead of the one Python is taking records from.
const FILES_AHEAD: usize = 256;

/// How many records (or files, a file of no record counting as one) the reading thread hands
/// over at once: the thread taking records waits (and is woken) once a handover, not once a
/// file, which on a busy machine cost more than reading a small file.
const RECORDS_PER_HANDOVER: usize = 64;

/// What a source given to `read` is.
enum Source {
    Path(PathBuf),
    Bytes { name: &'static str, bytes: Vec<u8> },
}

impl Source {
    fn of(source: &Bound<'_, PyAny>) -> PyResult<Source> {
        if let Ok(b) = source.cast::<PyBytes>() {
            return Ok(Source::Bytes {
                name: "<bytes>",
                bytes: b.as_bytes().to_vec(),
            });
        }
        if let Ok(s) = source.cast::<PyString>() {
            let s = s.to_cow()?;
            if s.contains(['\n', '\r']) {
                return Ok(Source::Bytes {
                    name: "<string>",
                    bytes: s.as_bytes().to_vec(),
                });
            }
        }
        Ok(Source::Path(source.extract::<PathBuf>()?))
    }
}

/// Reads the records of one source.
///
/// `source` is a path (str or os.PathLike), `bytes` (the bytes of a file: the encoding is
/// detected as for a file) or a str holding the text itself. A str is text when it holds a
/// line break (every multi-line record does) and a path otherwise; pass a one-line record
/// (`startpos moves 7g7f`) with a final newline, or as bytes. `format` (`kif`, `csa`, ...)
/// and `encoding` (`shift_jis`, ...) force what is otherwise detected; `variant`
/// (`minishogi`, ...) is the game SFEN/USI lists and JKF documents are read as.
///
/// Raises ReadError when the input cannot be read at all, and (with `errors="raise"`, the
/// default) at the first record whose reading stopped; `errors="keep"` keeps such records
/// (their `validate()` lists the errors).
#[pyfunction]
#[pyo3(signature = (source, *, format=None, encoding=None, variant=None, errors="raise"))]
pub fn read(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
    encoding: Option<&str>,
    variant: Option<&str>,
    errors: &str,
) -> PyResult<Vec<PyRecord>> {
    let mut read_options = options::read_options(format, encoding, variant)?;
    let raise = options::raise_on_record_errors(errors)?;
    let source = Source::of(source)?;
    let (file, path_bytes) = py.detach(|| match source {
        Source::Path(path) => {
            let input = Input::File(path);
            (batch::read_input(&input, &read_options), input.path_bytes())
        }
        Source::Bytes { name, bytes } => {
            if name == "<string>" && read_options.encoding == EncodingChoice::Auto {
                // A str is text already: its bytes are UTF-8 whatever it declares.
                read_options.encoding = EncodingChoice::Forced(Encoding::Utf8);
            }
            (batch::read_bytes(name, bytes, &read_options), None)
        }
    });
    records_of(py, file, path_bytes, None, raise)
}

/// The Python records of one input read, or the ReadError it raises.
fn records_of(
    py: Python<'_>,
    file: FileRead,
    path_bytes: Option<String>,
    moves: Option<Vec<MainLine>>,
    raise: bool,
) -> PyResult<Vec<PyRecord>> {
    if let Some(message) = &file.error {
        return Err(errors::unreadable(py, &file.path, message));
    }
    if raise {
        if let Some((record, e)) = file
            .records
            .iter()
            .find_map(|r| r.errors.first().map(|e| (r, e)))
        {
            return Err(errors::in_record(py, &record.source.path, e));
        }
    }
    let text = file.text.map(Arc::new);
    let several = file.records.len() > 1;
    let mut moves = moves.map(Vec::into_iter);
    Ok(file
        .records
        .into_iter()
        .map(|record| {
            let known = moves.as_mut().and_then(Iterator::next);
            PyRecord::new(record, text.clone(), path_bytes.clone(), known).in_several(several)
        })
        .collect())
}

/// One input read on a worker thread, its records' moves worked out there too.
enum Item {
    File {
        read: FileRead,
        path_bytes: Option<String>,
        moves: Vec<MainLine>,
    },
    /// A path that could not be listed (named by the walk before any input).
    Unlisted { path: String, message: String },
    /// The paths held no input at all.
    NothingFound(String),
}

/// The items of a handover, and how many records they hold.
struct Handover {
    tx: SyncSender<Vec<Item>>,
    items: Vec<Item>,
    records: usize,
}

impl Handover {
    /// Adds `item`, handing the items over once they hold enough records; false once the
    /// receiver is dropped.
    fn push(&mut self, item: Item) -> bool {
        self.records += match &item {
            Item::File { read, .. } => read.records.len().max(1),
            _ => 1,
        };
        self.items.push(item);
        self.records < RECORDS_PER_HANDOVER || self.flush()
    }

    /// Hands over the items held, if any; false once the receiver is dropped.
    fn flush(&mut self) -> bool {
        self.records = 0;
        let items = std::mem::take(&mut self.items);
        items.is_empty() || self.tx.send(items).is_ok()
    }
}

/// Reads the inputs on worker threads and sends them, in input order and a handover of
/// several at a time, until the receiver is dropped.
fn read_collection(
    paths: Vec<PathBuf>,
    jobs: usize,
    read_options: ReadOptions,
) -> Receiver<Vec<Item>> {
    let (tx, rx) = sync_channel::<Vec<Item>>(FILES_AHEAD / RECORDS_PER_HANDOVER);
    std::thread::spawn(move || {
        if paths.is_empty() {
            return;
        }
        let mut out = Handover {
            tx,
            items: Vec::new(),
            records: 0,
        };
        let (mut inputs, unlisted) = batch::discover_lazily(&paths, false);
        for e in unlisted {
            let item = Item::Unlisted {
                path: e.path,
                message: e.message,
            };
            if !out.push(item) {
                return;
            }
        }
        let first = inputs.next();
        if first.is_none() {
            if let Some(message) = inputs.nothing_found() {
                out.push(Item::NothingFound(message));
            }
            out.flush();
            return;
        }
        let mut go_on = true;
        batch::run_ordered(
            first.into_iter().chain(&mut inputs),
            jobs,
            |input| {
                let read = batch::read_input(input, &read_options);
                let moves = read.records.iter().map(main_line).collect();
                Item::File {
                    read,
                    path_bytes: input.path_bytes(),
                    moves,
                }
            },
            |item| {
                go_on = out.push(item);
                go_on
            },
        );
        if go_on {
            out.flush();
        }
    });
    rx
}

/// Streams the records of a collection: `paths` is one path or an iterable of paths, files
/// or folders (walked in name order, taking the files with a record extension). The files
/// are read and their moves replayed on `jobs` worker threads (None: every core) with the GIL
/// released, a bounded number of files ahead, and the records come in input order, one at a
/// time. Keywords and errors as for `read`: a file that cannot be read raises ReadError when
/// its turn comes.
#[pyfunction]
#[pyo3(signature = (paths, jobs=None, *, format=None, encoding=None, variant=None, errors="raise"))]
pub fn iter_records(
    paths: &Bound<'_, PyAny>,
    jobs: Option<usize>,
    format: Option<&str>,
    encoding: Option<&str>,
    variant: Option<&str>,
    errors: &str,
) -> PyResult<RecordIter> {
    let read_options = options::read_options(format, encoding, variant)?;
    let raise = options::raise_on_record_errors(errors)?;
    let paths = options::paths(paths)?;
    Ok(RecordIter {
        handovers: Mutex::new(read_collection(paths, options::jobs(jobs), read_options)),
        items: VecDeque::new(),
        ready: VecDeque::new(),
        raise,
    })
}

/// The iterator `iter_records` returns: records in input order.
#[pyclass(module = "shogi_tool")]
pub struct RecordIter {
    handovers: Mutex<Receiver<Vec<Item>>>,
    /// The inputs handed over and not yet taken.
    items: VecDeque<Item>,
    /// The records of the input being taken.
    ready: VecDeque<PyRecord>,
    raise: bool,
}

#[pymethods]
impl RecordIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(mut slf: PyRefMut<'_, Self>, py: Python<'_>) -> PyResult<Option<PyRecord>> {
        loop {
            if let Some(record) = slf.ready.pop_front() {
                return Ok(Some(record));
            }
            let item = match slf.items.pop_front() {
                Some(item) => item,
                None => {
                    let handovers = &slf.handovers;
                    let next = py.detach(|| handovers.lock().ok().and_then(|rx| rx.recv().ok()));
                    let Some(items) = next else {
                        return Ok(None);
                    };
                    slf.items.extend(items);
                    continue;
                }
            };
            match item {
                Item::File {
                    read,
                    path_bytes,
                    moves,
                } => {
                    let raise = slf.raise;
                    let records = records_of(py, read, path_bytes, Some(moves), raise)?;
                    slf.ready.extend(records);
                }
                Item::Unlisted { path, message } => {
                    return Err(errors::unreadable(py, &path, &message))
                }
                Item::NothingFound(message) => {
                    let message = format!("nothing to read: {message}");
                    return Err(errors::unreadable(py, "", &message));
                }
            }
        }
    }
}
