//! SFEN and USI game lists: reader and writer.
