//! Writing output files whole or not at all: one file ([`file`](mod@file)), the files of an
//! output folder a batch at a time ([`batch`]), the names of `convert --out-dir` outputs settled
//! before anything is written ([`out_dir`]), and records written one file each with names made
//! unique ([`record_files`]).
//!
//! Nothing here prints or ends the process: refusals and failures are [`Error`]s, notes go to
//! the caller's closures, and a signal handler (the binary's) calls
//! [`file::clean_up_in_flight`] to remove the temporary files in flight.

pub mod batch;
mod error;
pub mod file;
pub mod out_dir;
pub mod record_files;

pub use error::{Error, Result};
pub use file::{check, clean_up_in_flight, link_below, on_signal, write_file, OutputFile};
