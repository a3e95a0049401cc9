//! Turning the command line's paths into the list of inputs: files named directly are always
//! read; directories are walked recursively (in name order, so output is stable) and only
//! files with a record extension are taken, hidden ones skipped; `-` is standard input.

use std::path::{Path, PathBuf};

use crate::record::Format;

/// One thing to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input.
    Stdin,
    /// A file.
    File(PathBuf),
    /// Something met while walking a directory that cannot be read (a dangling link, a loop,
    /// permission denied), kept in its place so reports stay in input order.
    Unreadable {
        /// The path.
        path: PathBuf,
        /// Why it cannot be read.
        message: String,
    },
}

impl Input {
    /// The name shown in messages and JSON (`-` for standard input).
    pub fn display(&self) -> String {
        match self {
            Input::Stdin => "-".into(),
            Input::File(p) => p.display().to_string(),
            Input::Unreadable { path, .. } => path.display().to_string(),
        }
    }

    /// The exact bytes of the input's path, base64-encoded, when the path is not valid UTF-8
    /// (then [`Input::display`] replaces what does not decode with U+FFFD); `None` otherwise.
    /// JSON outputs give it as `path_bytes`.
    pub fn path_bytes(&self) -> Option<String> {
        match self {
            Input::Stdin => None,
            Input::File(p) | Input::Unreadable { path: p, .. } => path_bytes(p),
        }
    }

    /// The path's bytes as the OS gave them (on Windows, its WTF-8 form).
    fn raw(&self) -> &[u8] {
        match self {
            Input::Stdin => b"-",
            Input::File(p) | Input::Unreadable { path: p, .. } => p.as_os_str().as_encoded_bytes(),
        }
    }
}

/// The exact bytes of `path`, base64-encoded (standard alphabet, padded), when it is not
/// valid UTF-8; `None` when it is (its `display()` is then exact).
pub fn path_bytes(path: &Path) -> Option<String> {
    if path.to_str().is_some() {
        return None;
    }
    Some(base64(path.as_os_str().as_encoded_bytes()))
}

/// Standard base64 with padding (RFC 4648, section 4).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18u32, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> shift) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// A path that could not be turned into inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The path as given or met during the walk.
    pub path: String,
    /// A sentence saying what went wrong.
    pub message: String,
}

fn is_hidden(name: &std::ffi::OsStr) -> bool {
    name.to_str()
        .is_some_and(|n| n.starts_with('.') && n != "." && n != "..")
}

fn has_record_extension(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_extension)
        .is_some()
}

/// The inputs the paths name (no paths: standard input), and the paths that failed.
pub fn discover<P: AsRef<Path>>(paths: &[P]) -> (Vec<Input>, Vec<InputError>) {
    let (inputs, errors) = discover_lazily(paths, false);
    (inputs.collect(), errors)
}

/// Like [`discover`], but directories are walked as the inputs are taken, so a run holds
/// only the directory being walked, not every path of the collection. The paths given are
/// checked at once: the ones that failed are returned first.
///
/// Links named in `paths` are followed; links met while walking a directory are followed only
/// when `follow` is true (as fd and ripgrep do), else skipped. A link back to one of its own
/// parents is reported, not followed, either way.
///
/// Paths are taken as the OS gives them: a name that is not valid UTF-8 is read like any other.
pub fn discover_lazily<P: AsRef<Path>>(paths: &[P], follow: bool) -> (Discovered, Vec<InputError>) {
    let mut pending = std::collections::VecDeque::new();
    let errors = Vec::new();
    if paths.is_empty() {
        pending.push_back(Named::Input(Input::Stdin));
    }
    for p in paths {
        let path = p.as_ref();
        if path.as_os_str() == "-" {
            pending.push_back(Named::Input(Input::Stdin));
            continue;
        }
        match std::fs::metadata(path) {
            // In its place among the inputs (and in one shard), like what a walk cannot read.
            Err(e) => pending.push_back(Named::Input(Input::Unreadable {
                path: path.to_path_buf(),
                message: format!("cannot read {}: {}", path.display(), io_reason(&e)),
            })),
            Ok(m) if m.is_dir() => pending.push_back(Named::Dir(path.to_path_buf())),
            Ok(_) => pending.push_back(Named::Input(Input::File(path.to_path_buf()))),
        }
    }
    let discovered = Discovered {
        pending,
        walking: None,
        walked: Walked::default(),
        follow,
    };
    (discovered, errors)
}

/// Paths that gave no input at all (an empty directory, one holding no record file): an audit
/// of nothing is not a clean one, so it is an error, saying what was searched and skipped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("nothing to read: {0}")]
pub struct NothingToRead(pub String);

/// The inputs of [`discover_some`]: the first one, taken to know there is one, then the rest.
pub type SomeInputs = std::iter::Chain<std::option::IntoIter<Input>, Discovered>;

/// Like [`discover_lazily`], but paths that give no input at all are refused
/// ([`NothingToRead`]); only the walk up to the first input is done before it returns.
pub fn discover_some<P: AsRef<Path>>(
    paths: &[P],
    follow: bool,
) -> Result<(SomeInputs, Vec<InputError>), NothingToRead> {
    let (mut inputs, errors) = discover_lazily(paths, follow);
    let first = inputs.next();
    if first.is_none() && errors.is_empty() {
        if let Some(message) = inputs.nothing_found() {
            return Err(NothingToRead(message));
        }
    }
    Ok((first.into_iter().chain(inputs), errors))
}

/// A path given by the user, in order.
enum Named {
    Input(Input),
    Dir(std::path::PathBuf),
}

/// The inputs of [`discover_lazily`], in order: files named, then each directory's record
/// files as its walk reaches them (sorted by name, hidden entries skipped).
pub struct Discovered {
    pending: std::collections::VecDeque<Named>,
    walking: Option<(std::path::PathBuf, Walk)>,
    walked: Walked,
    /// Whether links met while walking are followed (`--follow`).
    follow: bool,
}

/// What the walk of the directories has searched and skipped so far, to say why nothing was
/// found (see [`Discovered::nothing_found`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walked {
    /// The directories named, in order.
    pub dirs: Vec<String>,
    /// Regular files skipped because their extension is not a record format's.
    pub other_files: usize,
    /// Their extensions (`txt`, or empty for none), each once, in the order met.
    pub other_extensions: Vec<String>,
    /// Hidden files and directories skipped.
    pub hidden: usize,
    /// Symbolic links skipped (met while walking, without `--follow`).
    pub links: usize,
    /// Inputs taken (files and unreadable entries).
    pub taken: usize,
}

impl Discovered {
    /// What the walk has searched and skipped so far.
    pub fn walked(&self) -> &Walked {
        &self.walked
    }

    /// When the paths gave no input at all (an empty directory, or one holding no record
    /// file), a sentence saying what was searched and what was skipped; `None` once an input
    /// was found. Call it after the iterator returned `None`.
    pub fn nothing_found(&self) -> Option<String> {
        let w = &self.walked;
        if w.taken > 0 {
            return None;
        }
        let searched = match w.dirs.as_slice() {
            [] => "no path".to_string(),
            [one] => format!("the directory {one}"),
            many => format!("{} directories ({})", many.len(), many.join(", ")),
        };
        let mut message = format!("no record file found in {searched}");
        if w.other_files > 0 {
            let exts: Vec<String> = w
                .other_extensions
                .iter()
                .take(5)
                .map(|e| {
                    if e.is_empty() {
                        "no extension".to_string()
                    } else {
                        format!(".{e}")
                    }
                })
                .collect();
            message.push_str(&format!(
                "; {} file{} skipped: not a record extension ({}); name such files directly, with --from FORMAT, to read them",
                w.other_files,
                if w.other_files == 1 { "" } else { "s" },
                exts.join(", ")
            ));
        }
        if w.hidden > 0 {
            message.push_str(&format!(
                "; {} hidden entr{} skipped",
                w.hidden,
                if w.hidden == 1 { "y" } else { "ies" }
            ));
        }
        if w.links > 0 {
            message.push_str(&format!(
                "; {} symbolic link{} skipped (--follow follows links met while walking)",
                w.links,
                if w.links == 1 { "" } else { "s" }
            ));
        }
        if w.other_files == 0 && w.hidden == 0 && w.links == 0 {
            message.push_str(": it holds no file");
        }
        Some(message)
    }
}

type Walk = walkdir::FilterEntry<walkdir::IntoIter, fn(&walkdir::DirEntry) -> bool>;

impl Iterator for Discovered {
    type Item = Input;

    fn next(&mut self) -> Option<Input> {
        loop {
            if let Some((dir, walk)) = &mut self.walking {
                let next = walk.next();
                self.walked.hidden += HIDDEN_SKIPPED.with(|n| n.replace(0));
                match next {
                    Some(entry) => match to_input(dir, entry, &mut self.walked) {
                        Some(input) => {
                            self.walked.taken += 1;
                            return Some(input);
                        }
                        None => continue,
                    },
                    None => self.walking = None,
                }
            }
            match self.pending.pop_front()? {
                Named::Input(input) => {
                    self.walked.taken += 1;
                    return Some(input);
                }
                Named::Dir(dir) => {
                    self.walked.dirs.push(dir.display().to_string());
                    let walk = walker(&dir, self.follow);
                    self.walking = Some((dir, walk));
                }
            }
        }
    }
}

fn walker(dir: &Path, follow: bool) -> Walk {
    fn visible(e: &walkdir::DirEntry) -> bool {
        let shown = e.depth() == 0 || !is_hidden(e.file_name());
        if !shown {
            HIDDEN_SKIPPED.with(|n| n.set(n.get() + 1));
        }
        shown
    }
    walkdir::WalkDir::new(dir)
        .follow_links(follow)
        .follow_root_links(true)
        .sort_by(|a, b| sibling_order(a.path(), b.path()))
        .into_iter()
        .filter_entry(visible as fn(&walkdir::DirEntry) -> bool)
}

thread_local! {
    /// Hidden entries the walk's filter skipped on this thread (the filter is a plain `fn`).
    static HIDDEN_SKIPPED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The input an entry of the walk of `dir` is: a record file, something unreadable, or
/// nothing (a directory, a file of another kind, counted in `walked`).
fn to_input(
    dir: &Path,
    entry: walkdir::Result<walkdir::DirEntry>,
    walked: &mut Walked,
) -> Option<Input> {
    match entry {
        Ok(e) if e.file_type().is_file() && has_record_extension(e.path()) => {
            Some(Input::File(e.into_path()))
        }
        Ok(e) if e.file_type().is_file() => {
            walked.other_files += 1;
            let ext = e
                .path()
                .extension()
                .map(|x| x.to_string_lossy().to_ascii_lowercase())
                .unwrap_or_default();
            if !walked.other_extensions.contains(&ext) {
                walked.other_extensions.push(ext);
            }
            None
        }
        // Without --follow the walk reports links as links (with it, as what they point to).
        Ok(e) if e.file_type().is_symlink() => {
            walked.links += 1;
            None
        }
        Ok(_) => None,
        Err(e) => {
            let path = e.path().unwrap_or(dir).to_path_buf();
            let shown = path.display();
            let message = if e.loop_ancestor().is_some() {
                format!("{shown}: the directory links back to one of its own parents; not followed")
            } else if let Some(io) = e.io_error() {
                format!("cannot read {shown}: {}", io_reason(io))
            } else {
                format!("cannot read {shown}: {e}")
            };
            Some(Input::Unreadable { path, message })
        }
    }
}

/// The order of two entries of one directory met while walking it: that of their names'
/// bytes (what walkdir's `sort_by_file_name` compares). Both paths are the directory's path
/// joined with a name, the same bytes up to the name, so comparing the whole paths compares the
/// names, without finding where each name starts at every comparison (that search was most of
/// the cost of listing a folder of 5,000 files, and the listing is done before any input is
/// worked on: issue 34).
fn sibling_order(a: &Path, b: &Path) -> std::cmp::Ordering {
    a.as_os_str()
        .as_encoded_bytes()
        .cmp(b.as_os_str().as_encoded_bytes())
}

/// A short reason for an I/O error, without the OS's error number.
pub(crate) fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => {
            let s = e.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_string(),
                None => s,
            }
        }
    }
}

/// Which of `n` shards (1-based) the input belongs to: a stable hash of its path's bytes
/// (FNV-1a; for a UTF-8 path, the bytes of its name as shown).
pub fn shard_of(input: &Input, n: usize) -> usize {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in input.raw() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    (h % n as u64) as usize + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The inputs' names, files relative to `d`.
    fn names_under(inputs: &[Input], d: &std::path::Path) -> Vec<String> {
        inputs
            .iter()
            .map(|i| match i {
                Input::File(p) => p.strip_prefix(d).unwrap().display().to_string(),
                other => other.display(),
            })
            .collect()
    }

    #[test]
    fn walks_directories_in_order_skipping_hidden_and_unknown() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir(d.join("sub")).unwrap();
        std::fs::create_dir(d.join(".hidden")).unwrap();
        for f in [
            "b.kif",
            "a.csa",
            "notes.txt",
            "sub/c.usi",
            ".hidden/x.kif",
            ".y.csa",
        ] {
            std::fs::write(d.join(f), "x").unwrap();
        }
        let (inputs, errors) = discover(&[d.display().to_string()]);
        assert!(errors.is_empty());
        let names = names_under(&inputs, d);
        assert_eq!(names, ["a.csa", "b.kif", "sub/c.usi"]);
        // A file named directly is read whatever its extension.
        let (inputs, _) = discover(&[d.join("notes.txt").display().to_string()]);
        assert_eq!(inputs.len(), 1);
        // A named path that cannot be read keeps its place among the inputs.
        let a = d.join("a.csa").display().to_string();
        let missing = d.join("missing.kif").display().to_string();
        let (inputs, errors) = discover(&[a.clone(), missing.clone(), a]);
        assert!(errors.is_empty());
        assert_eq!(inputs.len(), 3);
        assert!(
            matches!(&inputs[1], Input::Unreadable { path, message }
                if path.display().to_string() == missing && message.contains("no such file")),
            "{inputs:?}"
        );
    }

    #[test]
    fn a_folder_is_walked_in_the_byte_order_of_its_names() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir(d.join("sub")).unwrap();
        for f in [
            "sub.csa",
            "g1a.csa",
            "g10.csa",
            "sub/x.csa",
            "g1.csa",
            "G2.csa",
        ] {
            std::fs::write(d.join(f), "x").unwrap();
        }
        // Named with and without a final separator: the same order.
        for named in [d.display().to_string(), format!("{}/", d.display())] {
            let (inputs, errors) = discover(&[named]);
            assert!(errors.is_empty());
            let names = names_under(&inputs, d);
            assert_eq!(
                names,
                [
                    "G2.csa",
                    "g1.csa",
                    "g10.csa",
                    "g1a.csa",
                    "sub/x.csa",
                    "sub.csa"
                ]
            );
        }
    }

    #[test]
    fn base64_is_rfc_4648() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
        assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
        assert_eq!(path_bytes(Path::new("games/a.kif")), None);
    }

    #[cfg(unix)]
    #[test]
    fn non_utf8_names_are_inputs_with_their_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(b"g\xff.kif");
        let input = Input::File(PathBuf::from(name));
        assert_eq!(input.display(), "g\u{FFFD}.kif");
        assert_eq!(input.path_bytes().as_deref(), Some("Z/8ua2lm"));
        // Two names that show alike fall in shards by their bytes.
        let other = Input::File(PathBuf::from(std::ffi::OsStr::from_bytes(b"g\xfe.kif")));
        assert_eq!(other.display(), input.display());
        assert!((2..40).any(|n| shard_of(&input, n) != shard_of(&other, n)));
    }

    #[test]
    fn shards_are_stable_and_in_range() {
        let i = Input::File("games/a.kif".into());
        assert_eq!(shard_of(&i, 4), shard_of(&i, 4));
        assert!((1..=4).contains(&shard_of(&i, 4)));
    }
}
