//! Training data for engine developers: the positions of sound records in the binary
//! formats engines learn from, cshogi's and dlshogi's `.hcpe` (`HuffmanCodedPosAndEval`, 38
//! bytes a position) and YaneuraOu's `.psv` (`PackedSfenValue`, 40 bytes), and those files
//! read back.
//!
//! This layer is not a reader of text formats and does no I/O: it turns a replayed
//! [`Record`](crate::record::Record) into fixed-size entries, and entries back into
//! positions. Standard shogi only: both formats are 9x9.

pub mod bits;
pub mod packed;

pub use packed::{decode, encode, DecodeError, EncodeError, Packing};
