//! Bytes to text: encoding detection and decoding, and source text with line/column lookup.
//!
//! Shogi records come in UTF-8, Shift_JIS (read as CP932), EUC-JP and occasionally UTF-16, often
//! without saying which, and a `.kif` file is as likely to be UTF-8 as Shift_JIS. [`decode`]
//! follows the order `cli.md` prescribes — byte order mark, in-file declaration, extension,
//! content — and never fails: undecodable bytes become U+FFFD and are reported with their line
//! and column in [`Decoded::invalid`], for the caller to turn into warnings (or errors under
//! `--strict`). [`SourceText`] maps byte offsets in the decoded text back to lines and columns,
//! with a display column that counts full-width characters as two ([`char_width`]).
//!
//! ```
//! use shogi_tool::text::{decode, DetectionReason, Encoding, EncodingChoice, SourceText};
//! let bytes = "#KIF version=2.0 encoding=UTF-8\n手合割：平手\n".as_bytes();
//! let decoded = decode(bytes, Some("kif"), EncodingChoice::Auto);
//! assert_eq!(decoded.encoding, Encoding::Utf8);
//! assert_eq!(decoded.reason, DetectionReason::Declaration);
//! let src = SourceText::new(decoded.text);
//! assert_eq!(src.line_text(2), "手合割：平手");
//! ```

mod decode;
mod detect;
mod encoding;
mod escape;
mod scan;
mod source;
mod stream;
mod width;

pub use decode::{
    decode, decode_owned, Decoded, DetectionReason, InvalidBytes, MAX_KEPT_BYTES, MAX_KEPT_RUNS,
};
pub use detect::extension_implies_utf8;
pub(crate) use detect::{declares_encoding, mostly_utf8};
pub use encoding::{Encoding, EncodingChoice, UnknownEncoding};
pub use escape::{escape_all_controls, escape_controls, is_escaped, push_escaped};
pub(crate) use scan::{count_byte, find_byte, find_non_ascii, has_nul, run_length};
pub use source::{locate, LineCol, Position, SourceText};
pub use stream::{DecodedLines, StreamDecoder};
pub use width::{char_width, display_column, display_width};

#[cfg(test)]
mod corpus_tests {
    use super::*;
    use std::path::Path;

    /// Decodes every file listed in the shared corpus index with its extension and checks the
    /// detected encoding against the index's third column. Skips (with a message) when the
    /// corpus is not there.
    #[test]
    #[cfg_attr(
        corpus_missing,
        ignore = "../shared/corpus is not there: the corpus tests are skipped"
    )]
    fn corpus_encodings_match_the_index() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
        let Ok(index) = std::fs::read_to_string(root.join("INDEX.tsv")) else {
            println!("skipped: no corpus index at {}", root.display());
            return;
        };
        let mut checked = 0;
        let mut failures = Vec::new();
        for row in index.lines().skip(1).filter(|l| !l.trim().is_empty()) {
            let cols: Vec<&str> = row.split('\t').collect();
            let (path, listed) = (cols[0], cols[2]);
            let bytes = match std::fs::read(root.join(path)) {
                Ok(bytes) => bytes,
                Err(e) => {
                    failures.push(format!("{path}: cannot read: {e}"));
                    continue;
                }
            };
            let extension = Path::new(path).extension().and_then(|e| e.to_str());
            let d = decode(&bytes, extension, EncodingChoice::Auto);
            checked += 1;
            let (want, want_bom) = match listed {
                "UTF-8" | "ASCII" => (Encoding::Utf8, false),
                "UTF-8-BOM" => (Encoding::Utf8, true),
                "CP932" => (Encoding::ShiftJis, false),
                "EUC-JP" => (Encoding::EucJp, false),
                other => {
                    failures.push(format!("{path}: unknown index encoding {other}"));
                    continue;
                }
            };
            // An all-ASCII file reads the same in every encoding; one that declares Shift_JIS
            // or EUC-JP is reported as declared.
            let ascii_declared = listed == "ASCII" && d.reason == DetectionReason::Declaration;
            if (d.encoding != want && !ascii_declared) || d.bom != want_bom {
                failures.push(format!(
                    "{path}: index says {listed}, detected {} (bom {}, reason {}, notes {:?})",
                    d.encoding, d.bom, d.reason, d.notes
                ));
            } else if ascii_declared && d.encoding != want {
                println!("note: {path}: ASCII, reported as declared {}", d.encoding);
            }
            if !d.invalid.is_empty() {
                failures.push(format!("{path}: invalid bytes: {}", d.invalid[0]));
            }
            for note in &d.notes {
                println!("note: {path}: {note}");
            }
            assert_eq!(decode_owned(bytes, extension, EncodingChoice::Auto), d);
        }
        println!("checked {checked} corpus files");
        assert!(checked > 0, "the corpus index lists no files");
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
