//! The integration tests, one test binary (ripgrep's shape): a cold `cargo test` links one
//! executable instead of one a file. Each file of `tests/` is a module of it; `common` holds
//! the helpers they share. Run one file's tests by its module path, e.g.
//! `cargo test --test integration fuzz_readers::` or `cargo test --test integration cli::stats`.
//!
//! Tests that need a peer program, a browser or Spark are `#[ignore]`d with the reason (they
//! show as `ignored` in a plain `cargo test`); `.ci/run` runs them with `-- --ignored`.

mod common;

mod architecture;
mod broken;
mod cli;
mod collection;
mod corpus;
mod faults;
mod fouls;
mod fuzz_doubling;
mod fuzz_readers;
mod impasse;
mod interop;
mod limits;
mod memory;
mod mixed_folder;
mod msrv;
mod perft;
mod positions;
mod report;
mod report_browser;
mod roundtrip;
mod rules_properties;
mod spark;
mod streaming;
mod trust;
mod validate_api;
mod variant_find;
mod variant_formats;
mod variant_pipeline;
mod variant_views;
mod variants;
mod verdict_properties;
mod verdicts;
mod views;
mod windowed;
