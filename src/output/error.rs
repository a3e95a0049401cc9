//! Why an output file was not written: every refusal and every failure of the file system,
//! each naming its path, as a sentence (its `source` is the operating system's reason).

use std::io;
use std::path::PathBuf;

/// An output that was refused or could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The target existed before the run, and replacing it was not asked for.
    #[error("{} exists; not replaced (use --force)", .0.display())]
    Exists(PathBuf),
    /// Every free name for a record of an output folder was taken meanwhile by another run.
    #[error("{} exists; not replaced", .0.display())]
    Taken(PathBuf),
    /// The target is a kind of file that is never written (`what`: "a directory", "a block
    /// device", "a socket", "a broken link", "not a folder").
    #[error("{} is {what}; not written", path.display())]
    NotWritable {
        /// The target.
        path: PathBuf,
        /// What it is.
        what: &'static str,
    },
    /// A symbolic link met inside an output folder: nothing is written through it.
    #[error(
        "{} is a symbolic link inside the output folder {}; nothing is written through it",
        link.display(),
        root.display()
    )]
    LinkInside {
        /// The link.
        link: PathBuf,
        /// The output folder.
        root: PathBuf,
    },
    /// A folder to create lies outside the output folder.
    #[error("{} is not inside {}", dir.display(), root.display())]
    NotInside {
        /// The folder.
        dir: PathBuf,
        /// The output folder.
        root: PathBuf,
    },
    /// The file system failed: `cannot {action} PATH`, then the operating system's reason.
    #[error("cannot {action} {}", path.display())]
    Io {
        /// What was being done: "write", "write in", "create", "open", "resolve".
        action: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// The operating system's reason.
        #[source]
        source: io::Error,
    },
    /// Another program created the target between the check and the rename.
    #[error("cannot write {} (it appeared meanwhile)", path.display())]
    AppearedMeanwhile {
        /// The target.
        path: PathBuf,
        /// The refused rename.
        #[source]
        source: io::Error,
    },
    /// Making a batch's data durable failed, so none of its files was put in place.
    #[error("cannot write {} (syncing the data failed)", path.display())]
    SyncFailed {
        /// The target not written.
        path: PathBuf,
        /// The failed sync.
        #[source]
        source: io::Error,
    },
    /// A file to copy into an output folder could not be read.
    #[error("cannot read {}: {reason}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// The operating system's reason (part of the message, not a `source`).
        reason: io::Error,
    },
}

impl Error {
    /// `cannot write PATH` with the operating system's reason.
    pub(crate) fn write(path: impl Into<PathBuf>, source: io::Error) -> Error {
        Error::Io {
            action: "write",
            path: path.into(),
            source,
        }
    }

    /// Whether this is the refusal of a target that exists (before the run or meanwhile).
    pub fn is_exists(&self) -> bool {
        match self {
            Error::Exists(_) | Error::AppearedMeanwhile { .. } => true,
            Error::Io { source, .. } => source.kind() == io::ErrorKind::AlreadyExists,
            _ => false,
        }
    }

    /// Whether this comes from the file system (a full disk, a read-only folder), which fails
    /// every later write the same way, rather than from a refusal (an existing file, a link
    /// in an output folder), a failed sync of one batch, or an unreadable source.
    pub fn is_io(&self) -> bool {
        matches!(self, Error::Io { .. }) && !self.is_exists()
    }
}

/// The result of an output operation.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_existing_file_is_a_refusal_and_a_full_disk_is_the_file_system() {
        let full = io::Error::from(io::ErrorKind::StorageFull);
        let e = Error::write("a.csa", full);
        assert!(e.is_io() && !e.is_exists());
        assert_eq!(e.to_string(), "cannot write a.csa");
        let exists = Error::Exists("a.csa".into());
        assert!(exists.is_exists() && !exists.is_io());
        assert_eq!(
            exists.to_string(),
            "a.csa exists; not replaced (use --force)"
        );
        let raced = Error::write("a.csa", io::Error::from(io::ErrorKind::AlreadyExists));
        assert!(raced.is_exists() && !raced.is_io());
    }
}
