//! The operations of the tool as library calls, each with typed options and a typed result:
//! what the subcommands run, callable without the command line (the Python package, a Spark
//! job, another program). Nothing here prints: results are returned or handed to a callback.

pub mod convert;
pub mod join;
pub mod position_arg;
pub mod split;
