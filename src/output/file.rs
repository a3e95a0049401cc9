//! Output files written whole or not at all, and what happens to them on SIGINT/SIGTERM.
//!
//! A regular file is written through a temporary file in the same folder, named
//! `.shogi-tool-XXXXXX.tmp` so that one left behind by SIGKILL is easy to recognise, then renamed
//! over the target (only with `--force` when the target exists; its mode is kept, a new file
//! follows the umask) and the folder is synced. Every temporary file in flight is registered
//! here: a signal handler (the binary's) calls [`clean_up_in_flight`], which removes them and
//! runs the registered clean-ups (a progress bar clears itself), then exits 130 or 143;
//! outputs already renamed stay.
//!
//! One file is synced on its own ([`OutputFile::finish`]); the files of an output folder are
//! synced a batch at a time by [`super::batch`], which builds on the pieces here.
//!
//! A target that is not a regular file (a FIFO, a character device such as `/dev/null`, or a
//! link under `/dev` such as `/dev/stdout`) is opened and written into, never replaced; a
//! directory or a block device is refused.

use std::fs::{File, OpenOptions, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use super::error::{Error, Result};

/// What is in flight: temporary files to remove and clean-ups to run when a signal ends the run.
struct Registry {
    next: u64,
    temps: Vec<(u64, PathBuf)>,
    cleanups: Vec<(u64, Box<dyn Fn() + Send>)>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    next: 0,
    temps: Vec::new(),
    cleanups: Vec::new(),
});

fn registry() -> MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

impl Registry {
    fn id(&mut self) -> u64 {
        self.next += 1;
        self.next
    }
}

/// Removes every temporary file in flight and runs the clean-ups (for a signal handler, which
/// then ends the process). While the returned guard lives, nothing is renamed into place or
/// registered: hold it until the process exits.
pub fn clean_up_in_flight() -> InFlightHeld {
    let reg = registry();
    for (_, path) in &reg.temps {
        let _ = std::fs::remove_file(path);
    }
    for (_, f) in &reg.cleanups {
        f();
    }
    InFlightHeld(reg)
}

/// The registry of files in flight, locked by [`clean_up_in_flight`] until dropped.
pub struct InFlightHeld(#[allow(dead_code)] MutexGuard<'static, Registry>);

/// Runs `f` if a signal ends the run, until the returned guard is dropped (e.g. to clear a
/// progress bar).
pub fn on_signal(f: impl Fn() + Send + 'static) -> SignalCleanup {
    let mut reg = registry();
    let id = reg.id();
    reg.cleanups.push((id, Box::new(f)));
    SignalCleanup(id)
}

/// Keeps a clean-up of [`on_signal`] registered while alive.
pub struct SignalCleanup(u64);

impl Drop for SignalCleanup {
    fn drop(&mut self) {
        registry().cleanups.retain(|(id, _)| *id != self.0);
    }
}

/// How a target path is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Through a temporary file renamed over `path` (the real file when the target is a link);
    /// `mode` is the replaced file's.
    Replace {
        path: PathBuf,
        existing: Option<Permissions>,
    },
    /// Opened and written into (a FIFO, a character device, `/dev/stdout`); `what` names it.
    Into { what: &'static str },
}

/// Decides how `path` is written, refusing what cannot be: an existing file without `force`, a
/// directory, a block device.
pub(crate) fn plan(path: &Path, force: bool) -> Result<Kind> {
    let link = std::fs::symlink_metadata(path).ok();
    let Some(link) = link else {
        return Ok(Kind::Replace {
            path: path.to_path_buf(),
            existing: None,
        });
    };
    let meta = std::fs::metadata(path).ok();
    if link.file_type().is_symlink() && path.starts_with("/dev") {
        // /dev/stdout, /dev/fd/N, /dev/null as a link: whatever it stands for is written into.
        return Ok(Kind::Into {
            what: "a link under /dev",
        });
    }
    let Some(meta) = meta else {
        return Err(Error::NotWritable {
            path: path.to_path_buf(),
            what: "a broken link",
        });
    };
    let ft = meta.file_type();
    if ft.is_dir() {
        return Err(Error::NotWritable {
            path: path.to_path_buf(),
            what: "a directory",
        });
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_block_device() {
            return Err(Error::NotWritable {
                path: path.to_path_buf(),
                what: "a block device",
            });
        }
        if ft.is_fifo() {
            return Ok(Kind::Into { what: "a FIFO" });
        }
        if ft.is_char_device() {
            return Ok(Kind::Into {
                what: "a character device",
            });
        }
        if ft.is_socket() {
            return Err(Error::NotWritable {
                path: path.to_path_buf(),
                what: "a socket",
            });
        }
    }
    if !force {
        return Err(Error::Exists(path.to_path_buf()));
    }
    let real = if link.file_type().is_symlink() {
        std::fs::canonicalize(path).map_err(|source| Error::Io {
            action: "resolve",
            path: path.to_path_buf(),
            source,
        })?
    } else {
        path.to_path_buf()
    };
    Ok(Kind::Replace {
        path: real,
        existing: Some(meta.permissions()),
    })
}

/// Checks before any work that `path` can be written (see [`OutputFile::create`]).
pub fn check(path: &Path, force: bool) -> Result<()> {
    plan(path, force).map(|_| ())
}

/// A file being written: a registered temporary file renamed into place by
/// [`OutputFile::finish`], or a special file written into. Dropped unfinished, the temporary file
/// is removed and the target left as it was.
pub struct OutputFile {
    target: PathBuf,
    inner: Inner,
}

enum Inner {
    Temp {
        file: io::BufWriter<tempfile::NamedTempFile>,
        id: Registered,
        real: PathBuf,
        existing: Option<Permissions>,
        force: bool,
    },
    Into(io::BufWriter<File>),
}

impl OutputFile {
    /// Starts writing `path`. An existing regular file is replaced only with `force`; a FIFO or
    /// character device is written into (and `note` is called with a sentence saying so).
    pub fn create(path: &Path, force: bool, note: impl FnOnce(&str)) -> Result<Self> {
        match plan(path, force)? {
            Kind::Into { what } => {
                // Appending: a FIFO or device does not mind, and `-o /dev/stdout` onto a file
                // the shell opened (`>` or `>>`) continues where that file is.
                let file = OpenOptions::new()
                    .append(true)
                    .open(path)
                    .map_err(|source| Error::Io {
                        action: "open",
                        path: path.to_path_buf(),
                        source,
                    })?;
                note(&format!(
                    "{} is {what}: written into, not replaced",
                    path.display()
                ));
                Ok(OutputFile {
                    target: path.to_path_buf(),
                    inner: Inner::Into(io::BufWriter::new(file)),
                })
            }
            Kind::Replace {
                path: real,
                existing,
            } => {
                let dir = folder_of(&real);
                std::fs::create_dir_all(&dir).map_err(|source| Error::Io {
                    action: "create",
                    path: dir.clone(),
                    source,
                })?;
                let (tmp, id) = registered_temp(&dir)?;
                Ok(OutputFile {
                    target: path.to_path_buf(),
                    inner: Inner::Temp {
                        file: io::BufWriter::with_capacity(1 << 16, tmp),
                        id,
                        real,
                        existing,
                        force,
                    },
                })
            }
        }
    }

    /// Flushes and syncs the data, renames the temporary file into place (keeping a replaced
    /// file's mode) and syncs the folder.
    pub fn finish(self) -> Result<()> {
        let target = self.target;
        match self.inner {
            Inner::Into(mut w) => w.flush().map_err(|e| Error::write(&target, e)),
            Inner::Temp {
                file,
                id,
                real,
                existing,
                force,
            } => {
                let tmp = file
                    .into_inner()
                    .map_err(|e| Error::write(&target, e.into_error()))?;
                tmp.as_file()
                    .sync_all()
                    .map_err(|e| Error::write(&target, e))?;
                if let Some(p) = existing {
                    let _ = tmp.as_file().set_permissions(p);
                }
                rename_into_place(tmp.into_temp_path(), &id, &real, force)
                    .map_err(|e| rename_error(e.error, &target, force))?;
                drop(id);
                sync_dir(&real);
                Ok(())
            }
        }
    }
}

/// The folder holding `path` (`.` for a bare name).
pub(crate) fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Creates a temporary file `.shogi-tool-XXXXXX.tmp` in the folder `dir`, registered so that a
/// signal removes it. Its mode is 0666 less the umask, as any new file's.
pub(crate) fn registered_temp(dir: &Path) -> Result<(tempfile::NamedTempFile, Registered)> {
    // The registry lock is held from creation to registration, so a signal in between cannot
    // leave the file behind.
    let mut reg = registry();
    let mut builder = tempfile::Builder::new();
    builder.prefix(".shogi-tool-").suffix(".tmp").rand_bytes(6);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(Permissions::from_mode(0o666));
    }
    let tmp = builder.tempfile_in(dir).map_err(|source| Error::Io {
        action: "write in",
        path: dir.to_path_buf(),
        source,
    })?;
    let id = reg.id();
    reg.temps.push((id, tmp.path().to_path_buf()));
    Ok((tmp, Registered(id)))
}

/// Renames the registered temporary file `tmp` to `real` (over an existing file only with
/// `force`) and gives up its registration, under the registry lock: once a signal has removed
/// the temporary files in flight, nothing is renamed any more. On failure the temporary file
/// stays, registered, and is handed back.
pub(crate) fn rename_into_place(
    tmp: tempfile::TempPath,
    id: &Registered,
    real: &Path,
    force: bool,
) -> Result<(), tempfile::PathPersistError> {
    let mut reg = registry();
    if force {
        tmp.persist(real)?;
    } else {
        tmp.persist_noclobber(real)?;
    }
    reg.temps.retain(|(i, _)| *i != id.0);
    Ok(())
}

/// The error of a failed rename to `target`: a file that appeared meanwhile (without `force`)
/// is said so.
pub(crate) fn rename_error(e: io::Error, target: &Path, force: bool) -> Error {
    if !force && e.kind() == io::ErrorKind::AlreadyExists {
        Error::AppearedMeanwhile {
            path: target.to_path_buf(),
            source: e,
        }
    } else {
        Error::write(target, e)
    }
}

/// A temporary file's place in the registry, given up when dropped (the `NamedTempFile`
/// removes the file itself).
pub(crate) struct Registered(u64);

impl Drop for Registered {
    fn drop(&mut self) {
        registry().temps.retain(|(i, _)| *i != self.0);
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.inner {
            Inner::Temp { file, .. } => file.write(buf),
            Inner::Into(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.inner {
            Inner::Temp { file, .. } => file.write_all(buf),
            Inner::Into(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.inner {
            Inner::Temp { file, .. } => file.flush(),
            Inner::Into(w) => w.flush(),
        }
    }
}

/// Makes a rename durable: syncs the folder holding `path` where the platform allows.
pub(crate) fn sync_dir(path: &Path) {
    #[cfg(unix)]
    {
        let dir = folder_of(path);
        let dir = dir.as_path();
        let synced = File::open(dir).and_then(|d| d.sync_all()).is_ok();
        #[cfg(test)]
        tests::SYNCED.with(|s| {
            s.borrow_mut()
                .push((dir.to_path_buf(), path.exists(), synced))
        });
        let _ = synced;
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// Writes `bytes` to `path` whole or not at all (see [`OutputFile`]).
pub fn write_file(path: &Path, bytes: &[u8], force: bool, note: impl FnOnce(&str)) -> Result<()> {
    let mut out = OutputFile::create(path, force, note)?;
    out.write_all(bytes).map_err(|e| Error::write(path, e))?;
    out.finish()
}

/// The first symbolic link on the way from the folder `root` (not itself) to `target` (a
/// folder on the way, or the file itself), if there is one.
pub fn link_below(root: &Path, target: &Path) -> Option<PathBuf> {
    let rel = target.strip_prefix(root).ok()?;
    let mut p = root.to_path_buf();
    for c in rel.components() {
        p.push(c);
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => return Some(p),
            Ok(_) => {}
            // Missing: nothing further down exists either.
            Err(_) => return None,
        }
    }
    None
}

/// The refusal of a symbolic link met inside an output folder.
pub(crate) fn refuse_link(link: &Path, root: &Path) -> Error {
    Error::LinkInside {
        link: link.to_path_buf(),
        root: root.to_path_buf(),
    }
}

/// Creates the folders from `root` down to `dir` one at a time, never following a symbolic
/// link below `root` (refused and named).
pub(crate) fn create_dirs_below(root: &Path, dir: &Path) -> Result<()> {
    let Ok(rel) = dir.strip_prefix(root) else {
        return Err(Error::NotInside {
            dir: dir.to_path_buf(),
            root: root.to_path_buf(),
        });
    };
    let cannot_create = |path: &Path, source| Error::Io {
        action: "create",
        path: path.to_path_buf(),
        source,
    };
    std::fs::create_dir_all(root).map_err(|e| cannot_create(root, e))?;
    let mut p = root.to_path_buf();
    for c in rel.components() {
        p.push(c);
        if std::fs::symlink_metadata(&p).is_err() {
            match std::fs::create_dir(&p) {
                Ok(()) => continue,
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => {
                    return Err(cannot_create(&p, e));
                }
            }
        }
        let m = std::fs::symlink_metadata(&p).map_err(|e| cannot_create(&p, e))?;
        if m.file_type().is_symlink() {
            return Err(refuse_link(&p, root));
        }
        if !m.is_dir() {
            return Err(Error::NotWritable {
                path: p,
                what: "not a folder",
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// Each folder sync of this thread: the folder, whether the target was in place by
        /// then, and whether the sync succeeded.
        pub(super) static SYNCED: std::cell::RefCell<Vec<(PathBuf, bool, bool)>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }

    /// The rename is made durable: the folder is synced once the file is in place, for a new
    /// file and for one replaced with --force (Unix; elsewhere the platform has no such call).
    #[cfg(unix)]
    #[test]
    fn the_folder_is_synced_after_the_rename() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        let target = sub.join("out.csa");
        for force in [false, true] {
            SYNCED.with(|s| s.borrow_mut().clear());
            write_file(&target, b"V2.2\n", force, no_note).unwrap();
            let synced = SYNCED.with(|s| s.borrow().clone());
            assert_eq!(synced, vec![(sub.clone(), true, true)], "force {force}");
        }
    }

    fn no_note(_: &str) {}

    #[test]
    fn a_new_file_is_written_whole_and_nothing_else_remains() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.csa");
        write_file(&p, b"x\n", false, no_note).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"x\n");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
    }

    #[test]
    fn an_existing_file_needs_force() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.csa");
        std::fs::write(&p, "keep").unwrap();
        let e = write_file(&p, b"new", false, no_note).unwrap_err();
        assert!(format!("{e:#}").contains("use --force"), "{e:#}");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "keep");
        write_file(&p, b"new", true, no_note).unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
    }

    #[test]
    fn dropped_unfinished_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.csa");
        let mut out = OutputFile::create(&p, false, no_note).unwrap();
        out.write_all(b"half").unwrap();
        let temps: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(temps.len(), 1);
        assert!(
            temps[0].starts_with(".shogi-tool-") && temps[0].ends_with(".tmp"),
            "{temps:?}"
        );
        drop(out);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        assert!(
            registry().temps.is_empty()
                || !registry()
                    .temps
                    .iter()
                    .any(|(_, t)| t.starts_with(dir.path()))
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.csa");
        std::fs::write(&p, "old").unwrap();
        std::fs::set_permissions(&p, Permissions::from_mode(0o640)).unwrap();
        write_file(&p, b"new", true, no_note).unwrap();
        let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }

    #[test]
    fn a_directory_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let e = write_file(dir.path(), b"x", true, no_note).unwrap_err();
        assert!(format!("{e:#}").contains("is a directory"), "{e:#}");
    }
}
