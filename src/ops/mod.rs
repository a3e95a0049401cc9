//! The operations of the command line as library calls: each takes typed options and returns
//! a typed result, prints nothing and knows no command-line parser, so a program (the Python
//! package, a batch job) gets what a subcommand does without the binary.

pub mod stats;
