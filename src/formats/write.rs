//! Writing a record in any format, with what the target could not carry, and encoding the
//! text for the file.

use super::{csa, jkf, ki2, kif, usi};
use crate::record::{Format, Record};
use crate::text::Encoding;

/// Settings for [`write`].
#[derive(Clone, Copy, Debug, Default)]
pub struct WriteOptions {
    /// The CSA version written.
    pub csa_version: csa::CsaVersion,
    /// The encoding the text will be stored in (KIF declares it when it is not the format's
    /// convention).
    pub encoding: Option<Encoding>,
    /// KIF: write a declined promotion as `不成` (by default the move without `成`).
    pub kif_funari: bool,
}

/// Written text and what the target format could not carry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// The text.
    pub text: String,
    /// What was left out, one entry per kind (`variations`, `comments`, ...).
    pub dropped: Vec<String>,
}

/// Adds `what` to the list of what a writer left out, once.
pub(crate) fn note(dropped: &mut Vec<String>, what: &str) {
    if !dropped.iter().any(|d| d == what) {
        dropped.push(what.to_string());
    }
}

/// The encoding a format is written in unless told otherwise: Shift_JIS for `kif` and `ki2`
/// (as the desktop programs expect), UTF-8 for everything else.
pub fn default_encoding(format: Format) -> Encoding {
    match format {
        Format::Kif | Format::Ki2 => Encoding::ShiftJis,
        _ => Encoding::Utf8,
    }
}

/// Writes `record` as `format`.
pub fn write(record: &Record, format: Format, options: &WriteOptions) -> Written {
    let encoding = options.encoding.unwrap_or_else(|| default_encoding(format));
    match format {
        Format::Csa => csa::write(
            record,
            &csa::WriteOptions {
                version: options.csa_version,
            },
        ),
        Format::Sfen => usi::write_sfen(record),
        Format::Usi => usi::write_usi(record),
        Format::Jkf => jkf::write(record),
        Format::Kif | Format::Kifu => {
            // Declare the encoding when it differs from the extension's convention.
            let conventional = if format == Format::Kif {
                Encoding::ShiftJis
            } else {
                Encoding::Utf8
            };
            let name = match encoding {
                Encoding::ShiftJis => "Shift_JIS",
                Encoding::EucJp => "EUC-JP",
                _ => "UTF-8",
            };
            let declare = (encoding != conventional).then_some(name);
            kif::write(
                record,
                &kif::WriteOptions {
                    declare_encoding: declare,
                    funari: options.kif_funari,
                },
            )
        }
        Format::Ki2 | Format::Ki2u => ki2::write(record),
    }
}

/// Encodes `text` for a file: characters the encoding cannot hold are replaced (with the
/// documented KIF fallbacks such as ☗ → ▲ first, then `?`) and returned.
pub fn encode(text: &str, encoding: Encoding) -> (Vec<u8>, Vec<char>) {
    match encoding {
        Encoding::Utf8 => (text.as_bytes().to_vec(), Vec::new()),
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let mut out = vec![];
            let le = encoding == Encoding::Utf16Le;
            out.extend_from_slice(if le { &[0xFF, 0xFE] } else { &[0xFE, 0xFF] });
            for u in text.encode_utf16() {
                out.extend_from_slice(&if le { u.to_le_bytes() } else { u.to_be_bytes() });
            }
            (out, Vec::new())
        }
        Encoding::ShiftJis | Encoding::EucJp => {
            let (text, mut replaced) = super::japanese::sjis_fallbacks(text);
            // One pass through the encoder; each character it cannot map becomes `?`.
            let mut encoder = encoding.codec().new_encoder();
            let mut out = Vec::with_capacity(text.len() + 16);
            let mut rest: &str = &text;
            loop {
                let need = encoder
                    .max_buffer_length_from_utf8_without_replacement(rest.len())
                    .unwrap_or(rest.len() * 4 + 16);
                let start = out.len();
                out.resize(start + need, 0);
                let (result, read, written) =
                    encoder.encode_from_utf8_without_replacement(rest, &mut out[start..], true);
                out.truncate(start + written);
                rest = &rest[read..];
                match result {
                    encoding_rs::EncoderResult::InputEmpty => break,
                    encoding_rs::EncoderResult::OutputFull => {}
                    encoding_rs::EncoderResult::Unmappable(c) => {
                        out.push(b'?');
                        if !replaced.contains(&c) {
                            replaced.push(c);
                        }
                    }
                }
            }
            (out, replaced)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_jis_replaces_what_it_cannot_hold() {
        let (bytes, replaced) = encode("☗７六歩 😀", Encoding::ShiftJis);
        let (back, _, had_errors) = encoding_rs::SHIFT_JIS.decode(&bytes);
        assert!(!had_errors);
        assert_eq!(back, "▲７六歩 ?");
        assert!(replaced.contains(&'☗') && replaced.contains(&'😀'));
    }
}
