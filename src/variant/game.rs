//! Replaying variant games.
