//! Training data for engine developers: the positions of sound records in the binary
//! formats engines learn from, cshogi's and dlshogi's `.hcpe` (`HuffmanCodedPosAndEval`, 38
//! bytes a position) and YaneuraOu's `.psv` (`PackedSfenValue`, 40 bytes), and those files
//! read back.
//!
//! This layer is not a reader of text formats and does no I/O: it turns a replayed
//! [`Record`](crate::record::Record) into fixed-size entries, and entries back into
//! positions. Standard shogi only: both formats are 9x9.

pub mod bits;
pub mod entry;
pub mod eval;
pub mod export;
pub mod move16;
pub mod packed;
pub mod read;
pub mod stats;

pub use entry::{read_entry, Entry, EntryError, ReadEntry, TrainingFormat};
pub use eval::{eval_of, EvalSource, Score};
pub use export::{export_record, EvalMissing, ExportOptions, Exported, Keep, Summary, Unique};
pub use move16::Move16;
pub use packed::{decode, encode, DecodeError, EncodeError, Packing};
pub use read::{problems, EntryReader, ReadError};
pub use stats::{TrainingStats, SCORE_EDGES};
