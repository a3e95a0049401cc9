//! CSA standard record format (V2, V2.1, V2.2, V3.0): reader and writer.
