//! Why `dedup` could not run to the end (shared by the run and its spill file).

/// Why `dedup` could not run to the end.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DedupError {
    /// More records than one run can number.
    #[error("more than {} records: too many for one dedup run", u32::MAX)]
    TooManyRecords,
    /// The temporary file could not be made.
    #[error("cannot make dedup's temporary file: {0}")]
    SpillCreate(std::io::Error),
    /// The temporary file could not be written.
    #[error("cannot write dedup's temporary file: {0}")]
    SpillWrite(std::io::Error),
    /// The temporary file could not be read back.
    #[error("cannot read dedup's temporary file: {0}")]
    SpillRead(std::io::Error),
}
