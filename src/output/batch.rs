//! Files written into an output folder whole or not at all, their durability paid once per
//! batch rather than once per file (`convert --out-dir`, `split`, `dedup --out-dir`).
//!
//! Each file is written to a registered temporary file `.shogi-tool-XXXXXX.tmp` beside its
//! target (see [`super::file`]) and closed. When the batch is due (enough files or bytes, or
//! the oldest file has waited long enough) or the run ends, [`Batch::commit`]:
//!
//! 1. makes the data of every temporary file durable at once: one `syncfs` for each file system
//!    the batch writes into (Linux), elsewhere `fdatasync` of every file from a few threads;
//! 2. renames each temporary file over its target (an existing one only with `--force`);
//! 3. syncs each folder the batch renamed into, once.
//!
//! So a target is never seen partial: after a crash it is either absent (or as it was), or
//! whole. A crash may leave `.shogi-tool-*.tmp` files, which are hidden and never read as
//! records. A signal removes the temporary files not yet renamed; the renamed ones stay.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::error::{Error, Result};
use super::file::{self as output, Kind, Registered};

/// A batch is committed once it holds this many files ...
const MAX_FILES: usize = 1024;
/// ... or this many bytes ...
const MAX_BYTES: usize = 64 << 20;
/// ... or its first file has waited this long (a slow input does not hold finished files back).
const MAX_AGE: Duration = Duration::from_secs(2);

/// One file written to its temporary file, waiting for its batch to be committed.
struct Pending<T> {
    tag: T,
    target: PathBuf,
    tmp: tempfile::TempPath,
    id: Registered,
    force: bool,
}

/// What became of one file of a batch: the path it was written to (a retargeted file's new
/// one), or why nothing was.
pub struct Done {
    /// The path written, or the error.
    pub result: Result<PathBuf>,
}

/// Files being written below one output folder, never through a symbolic link inside it.
/// Dropped uncommitted, its temporary files are removed and no target is touched.
pub struct Batch<T> {
    root: PathBuf,
    pending: Vec<Pending<T>>,
    /// Files written straight into a FIFO or device, reported by the next commit.
    done: Vec<Done>,
    bytes: usize,
    since: Option<Instant>,
    /// The folders created or checked by [`Batch::add`] (reset by each commit).
    ready: std::collections::HashSet<PathBuf>,
    /// When the batch is due: [`MAX_FILES`], [`MAX_BYTES`], [`MAX_AGE`] (smaller in tests).
    limits: (usize, usize, Duration),
}

impl<T> Batch<T> {
    /// A batch writing below the folder `root` (created by the first file added).
    pub fn new(root: &Path) -> Batch<T> {
        Batch {
            root: root.to_path_buf(),
            pending: Vec::new(),
            done: Vec::new(),
            bytes: 0,
            since: None,
            ready: Default::default(),
            limits: (max_files(), MAX_BYTES, MAX_AGE),
        }
    }

    /// Writes `bytes` for `target` (inside the root) into a temporary file; the target is put
    /// in place by the next [`Batch::commit`]. Missing folders are created one at a time; a
    /// symbolic link on the way, a directory, or an existing file without `force` is refused
    /// here. A FIFO or character device is written into at once (and `note` says so).
    pub fn add(
        &mut self,
        tag: T,
        target: &Path,
        bytes: &[u8],
        force: bool,
        note: impl FnOnce(&str),
    ) -> Result<()> {
        if let Some(parent) = target.parent() {
            // Each folder is created (or checked) once a batch; the link check below still
            // walks the whole path, each time.
            if !self.ready.contains(parent) {
                output::create_dirs_below(&self.root, parent)?;
                self.ready.insert(parent.to_path_buf());
            }
        }
        if let Some(link) = output::link_below(&self.root, target) {
            return Err(output::refuse_link(&link, &self.root));
        }
        match output::plan(target, force)? {
            Kind::Into { .. } => {
                output::write_file(target, bytes, force, note)?;
                drop(tag);
                self.done.push(Done {
                    result: Ok(target.to_path_buf()),
                });
            }
            Kind::Replace { existing, .. } => {
                let (mut tmp, id) = output::registered_temp(&output::folder_of(target))?;
                tmp.write_all(bytes).map_err(|e| Error::write(target, e))?;
                if let Some(mode) = existing {
                    let _ = tmp.as_file().set_permissions(mode);
                }
                self.pending.push(Pending {
                    tag,
                    target: target.to_path_buf(),
                    tmp: tmp.into_temp_path(),
                    id,
                    force,
                });
                self.bytes += bytes.len();
                self.since.get_or_insert_with(Instant::now);
            }
        }
        Ok(())
    }

    /// Whether the batch should be committed now (it is full, or has waited long enough).
    pub fn is_due(&self) -> bool {
        let (files, bytes, age) = self.limits;
        !self.done.is_empty()
            || self.pending.len() >= files
            || self.bytes >= bytes
            || self.since.is_some_and(|t| t.elapsed() >= age)
    }

    /// Syncs the batch's temporary files, renames them into place and syncs their folders, and
    /// says what became of each file in the order added. A target that appeared meanwhile
    /// (without `force`) is given the name `retarget` returns, if any, and tried again.
    pub fn commit(&mut self, mut retarget: impl FnMut(&mut T) -> Option<PathBuf>) -> Vec<Done> {
        let mut done = std::mem::take(&mut self.done);
        let pending = std::mem::take(&mut self.pending);
        self.bytes = 0;
        self.since = None;
        self.ready.clear();
        if pending.is_empty() {
            return done;
        }
        let temps: Vec<&Path> = pending.iter().map(|p| p.tmp.as_ref()).collect();
        if let Err(e) = sync_data(&temps) {
            // Nothing is renamed: the temporary files go as the entries drop.
            for p in pending {
                let error = Error::SyncFailed {
                    path: p.target.clone(),
                    source: io::Error::new(e.kind(), e.to_string()),
                };
                done.push(Done { result: Err(error) });
            }
            return done;
        }
        let mut renamed: Vec<PathBuf> = Vec::new();
        for p in pending {
            let Pending {
                mut tag,
                mut target,
                mut tmp,
                id,
                force,
            } = p;
            let result = loop {
                if let Some(link) = output::link_below(&self.root, &target) {
                    break Err(output::refuse_link(&link, &self.root));
                }
                crash_seam();
                match output::rename_into_place(tmp, &id, &target, force) {
                    Ok(()) => break Ok(target),
                    Err(e) if !force && e.error.kind() == io::ErrorKind::AlreadyExists => {
                        match retarget(&mut tag) {
                            Some(next) => {
                                tmp = e.path;
                                target = next;
                            }
                            None => break Err(output::rename_error(e.error, &target, force)),
                        }
                    }
                    Err(e) => break Err(output::rename_error(e.error, &target, force)),
                }
            };
            if let Ok(t) = &result {
                renamed.push(t.clone());
            }
            done.push(Done { result });
        }
        let mut folders = std::collections::HashSet::new();
        for t in &renamed {
            if folders.insert(output::folder_of(t)) {
                output::sync_dir(t);
            }
        }
        done
    }
}

/// Makes the data of the files `paths` durable, in as few calls as the platform allows.
fn sync_data(paths: &[&Path]) -> io::Result<()> {
    // Measured side by side (BENCHMARKS.md, issue 34): one syncfs a batch and fdatasync from
    // 16 threads cost the same; syncfs takes one call and no threads.
    #[cfg(target_os = "linux")]
    return sync_file_systems(paths);
    #[cfg(not(target_os = "linux"))]
    sync_each_from_threads(paths)
}

/// One `syncfs` for each file system holding one of `paths` (their folders are opened for it).
#[cfg(target_os = "linux")]
fn sync_file_systems(paths: &[&Path]) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::MetadataExt;
    let mut folders: Vec<PathBuf> = paths.iter().map(|p| output::folder_of(p)).collect();
    folders.sort();
    folders.dedup();
    let mut devices = Vec::new();
    for folder in folders {
        let dir = std::fs::File::open(&folder)?;
        let dev = dir.metadata()?.dev();
        if devices.contains(&dev) {
            continue;
        }
        devices.push(dev);
        // SAFETY: `dir` is an open descriptor for the duration of the call.
        if unsafe { libc::syncfs(dir.as_raw_fd()) } != 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// `fdatasync` of every file of `paths`, from a few threads: the file system can then commit
/// them together rather than one after the other.
#[cfg_attr(target_os = "linux", allow(dead_code))]
fn sync_each_from_threads(paths: &[&Path]) -> io::Result<()> {
    const THREADS: usize = 16;
    let chunk = paths.len().div_ceil(THREADS).max(1);
    std::thread::scope(|s| {
        let runs: Vec<_> = paths
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .try_for_each(|p| std::fs::File::open(p)?.sync_data())
                })
            })
            .collect();
        runs.into_iter().try_for_each(|r| {
            r.join()
                .unwrap_or_else(|_| Err(io::Error::other("sync failed")))
        })
    })
}

/// [`MAX_FILES`], or in debug builds the number `SHOGI_TOOL_BATCH_FILES` gives (a seam for the
/// tests, e.g. 1 to put every file in place as soon as it is written).
fn max_files() -> usize {
    #[cfg(debug_assertions)]
    if let Some(n) = std::env::var("SHOGI_TOOL_BATCH_FILES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
    {
        return n;
    }
    MAX_FILES
}

/// A crash simulated for the tests (debug builds only): with `SHOGI_TOOL_CRASH_BEFORE_RENAME=N`
/// the process aborts, leaving its temporary files behind, before the rename after the first N
/// (so with 0, once the first batch's data is synced and before anything is renamed).
fn crash_seam() {
    #[cfg(debug_assertions)]
    {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static RENAMES: AtomicUsize = AtomicUsize::new(0);
        static AT: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
        let at = AT.get_or_init(|| {
            std::env::var("SHOGI_TOOL_CRASH_BEFORE_RENAME")
                .ok()
                .map(|v| v.trim().parse().unwrap_or(0))
        });
        if *at == Some(RENAMES.fetch_add(1, Ordering::SeqCst)) {
            std::process::abort();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn nothing_is_in_place_before_the_commit_and_everything_after() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("o");
        let mut batch = Batch::new(&root);
        for i in 0..3 {
            let target = root.join(format!("sub/{i}.csa"));
            batch.add(i, &target, b"V2.2\n", false, |_| {}).unwrap();
        }
        let temps = names(&root.join("sub"));
        assert_eq!(temps.len(), 3);
        assert!(
            temps.iter().all(|n| n.starts_with(".shogi-tool-")),
            "{temps:?}"
        );
        let done = batch.commit(|_| None);
        let written: Vec<PathBuf> = done.into_iter().map(|d| d.result.unwrap()).collect();
        let wanted: Vec<PathBuf> = (0..3).map(|i| root.join(format!("sub/{i}.csa"))).collect();
        assert_eq!(written, wanted, "in the order added");
        assert_eq!(names(&root.join("sub")), ["0.csa", "1.csa", "2.csa"]);
        assert_eq!(std::fs::read(root.join("sub/1.csa")).unwrap(), b"V2.2\n");
    }

    #[test]
    fn a_batch_dropped_uncommitted_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let mut batch = Batch::new(dir.path());
        batch
            .add((), &dir.path().join("a.csa"), b"x", false, |_| {})
            .unwrap();
        drop(batch);
        assert!(names(dir.path()).is_empty());
    }

    #[test]
    fn a_target_that_appears_meanwhile_is_retargeted_or_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut batch = Batch::new(dir.path());
        batch
            .add("a", &dir.path().join("a.csa"), b"new", false, |_| {})
            .unwrap();
        batch
            .add("b", &dir.path().join("b.csa"), b"new", false, |_| {})
            .unwrap();
        std::fs::write(dir.path().join("a.csa"), "theirs").unwrap();
        std::fs::write(dir.path().join("b.csa"), "theirs").unwrap();
        let done = batch.commit(|tag| (*tag == "a").then(|| dir.path().join("a-2.csa")));
        assert_eq!(
            done[0].result.as_ref().unwrap(),
            &dir.path().join("a-2.csa")
        );
        let e = done[1].result.as_ref().unwrap_err();
        assert!(format!("{e:#}").contains("appeared meanwhile"), "{e:#}");
        assert_eq!(names(dir.path()), ["a-2.csa", "a.csa", "b.csa"]);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("b.csa")).unwrap(),
            "theirs"
        );
    }

    #[test]
    fn an_existing_target_is_refused_without_force_and_replaced_with_it() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("a.csa");
        std::fs::write(&target, "old").unwrap();
        let mut batch = Batch::new(dir.path());
        let e = batch.add((), &target, b"new", false, |_| {}).unwrap_err();
        assert!(e.is_exists(), "{e}");
        batch.add((), &target, b"new", true, |_| {}).unwrap();
        assert!(batch.commit(|_| None)[0].result.is_ok());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_inside_the_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), dir.path().join("sub")).unwrap();
        let mut batch = Batch::new(dir.path());
        let e = batch
            .add((), &dir.path().join("sub/a.csa"), b"x", false, |_| {})
            .unwrap_err();
        assert!(format!("{e:#}").contains("symbolic link"), "{e:#}");
        assert!(names(elsewhere.path()).is_empty());
    }

    #[test]
    fn a_batch_is_due_when_full() {
        let dir = tempfile::tempdir().unwrap();
        let mut batch = Batch::new(dir.path());
        batch.limits = (3, 10, Duration::from_secs(3600));
        assert!(!batch.is_due());
        for i in 0..3 {
            assert!(!batch.is_due(), "{i}");
            let target = dir.path().join(format!("{i}.csa"));
            batch.add((), &target, b"x", false, |_| {}).unwrap();
        }
        assert!(batch.is_due());
        assert_eq!(batch.commit(|_| None).len(), 3);
        assert!(!batch.is_due());
        batch
            .add((), &dir.path().join("big.csa"), &[b'x'; 10], false, |_| {})
            .unwrap();
        assert!(batch.is_due(), "by bytes");
        batch.commit(|_| None);
        batch.limits.2 = Duration::ZERO;
        batch
            .add((), &dir.path().join("late.csa"), b"x", false, |_| {})
            .unwrap();
        assert!(batch.is_due(), "by age");
    }

    #[test]
    fn both_ways_of_syncing_sync() {
        let dir = tempfile::tempdir().unwrap();
        let paths: Vec<PathBuf> = (0..40)
            .map(|i| {
                let p = dir.path().join(format!("{i}"));
                std::fs::write(&p, "x").unwrap();
                p
            })
            .collect();
        let refs: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
        sync_each_from_threads(&refs).unwrap();
        sync_data(&refs).unwrap();
        assert!(sync_each_from_threads(&[Path::new("/nonexistent/x")]).is_err());
    }
}
