//! shogi-tool: read, validate, convert and summarise shogi game records.
//!
//! The library holds all the logic; the `shogi-tool` binary is a thin layer over it.
//! Layers, each depending only on those above it: [`shogi`] (the rules core).

#![warn(missing_docs)]

pub mod batch;
pub mod collection;
pub mod diag;
pub mod formats;
pub mod opening;
pub mod ops;
pub mod record;
pub mod shogi;
pub mod text;
pub mod training;
pub mod variant;
pub mod views;
