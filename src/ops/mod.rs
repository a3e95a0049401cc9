//! The operations of the tool as library calls, each with typed options and a typed result:
//! what the subcommands run, callable without the command line (the Python package, a Spark
//! job, another program). Nothing here prints or knows a command-line parser: results are
//! returned or handed to a callback.

pub mod convert;
pub mod dedup;
pub mod find;
pub mod impasse;
pub mod join;
pub mod position_arg;
pub mod positions;
pub mod split;
pub mod stats;
pub mod training;
pub mod validate;
