//! Converting records from any format to any other ([`convert_record`]), saying what the
//! target cannot carry ([`Dropped`]): the choice of target format and encoding
//! ([`choose_format`], [`choose_encoding`]), the joining of several records into one output
//! ([`Joiner`]) written whole or not at all ([`OneOutput`]), the names of `--out-dir` outputs
//! ([`plan_names`]) and the conversion of one input a batch of records at a time
//! ([`convert_input`]).

mod input;
mod joiner;
mod one_output;
mod plan;

use std::path::{Path, PathBuf};

use crate::formats::csa::CsaVersion;
use crate::formats::write::{self, default_encoding, WriteOptions};
use crate::record::filter::Filter;
use crate::record::replay::Finding;
use crate::record::WarningCode;
use crate::record::{Format, Record};
use crate::text::Encoding;

pub use input::{convert_input, InputPiece};
pub use joiner::Joiner;
pub use one_output::{Ending, OneOutput, OneOutputError};
pub use plan::{check_targets, plan_names, relative_path, TargetCheck};

/// How records are converted.
#[derive(Clone, Debug)]
pub struct ConvertOptions {
    /// The target format.
    pub to: Format,
    /// The encoding of the bytes written (JKF: UTF-8 only, see [`choose_encoding`]).
    pub encoding: Encoding,
    /// The CSA version written.
    pub csa_version: CsaVersion,
    /// KIF: write a declined promotion as `不成` (by default the move without `成`).
    pub kif_funari: bool,
    /// Refuse a record the target cannot carry whole (`--strict`) rather than drop what it
    /// cannot hold.
    pub strict: bool,
    /// What to take out of, or set on, every record before it is written.
    pub filter: Filter,
}

impl ConvertOptions {
    /// Converting to `to` in its conventional encoding ([`default_encoding`]), CSA V2.2,
    /// nothing refused or filtered.
    pub fn new(to: Format) -> ConvertOptions {
        ConvertOptions {
            to,
            encoding: default_encoding(to),
            csa_version: CsaVersion::V22,
            kif_funari: false,
            strict: false,
            filter: Filter::default(),
        }
    }

    fn write_options(&self) -> WriteOptions {
        WriteOptions {
            csa_version: self.csa_version,
            encoding: Some(self.encoding),
            kif_funari: self.kif_funari,
        }
    }
}

/// Something of a record that its target format or encoding cannot hold, so it was left out.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Dropped {
    /// A part of the record the format has no place for, as the writer names it
    /// (`comments`, `variations`, ...).
    Unwritable(String),
    /// NUL characters (a JKF `"\u0000"` in a comment): they would make the output read as
    /// binary data.
    NulCharacters,
    /// Characters the encoding cannot hold (replaced).
    Unencodable {
        /// The encoding written.
        encoding: Encoding,
        /// The characters, in the order met.
        chars: String,
    },
}

impl std::fmt::Display for Dropped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Dropped::Unwritable(what) => f.write_str(what),
            Dropped::NulCharacters => f.write_str("NUL characters"),
            Dropped::Unencodable { encoding, chars } => {
                write!(f, "characters {} cannot hold ({chars})", encoding.name())
            }
        }
    }
}

/// What became of one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Converted: its bytes, and what the target could not carry.
    Written {
        /// The record in the target format and encoding.
        bytes: Vec<u8>,
        /// What was left out.
        dropped: Vec<Dropped>,
    },
    /// Not converted: the record could not be read (the located error sentence).
    Unreadable(String),
    /// Not converted: the target format cannot carry the record's variant (why).
    VariantNotCarried(String),
    /// Not written: the target cannot carry all of it, and `strict` refuses that.
    Refused {
        /// What would have been left out.
        dropped: Vec<Dropped>,
    },
}

/// One record converted, or why not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The record's input, as its source names it.
    pub path: String,
    /// The record's index in its input.
    pub record: usize,
    /// The piece names corrected to the move played (`piece-mismatch` warnings).
    pub corrections: Vec<Finding<WarningCode>>,
    /// The result.
    pub outcome: Outcome,
}

impl Converted {
    /// The bytes written, if the record was.
    pub fn bytes(&self) -> Option<&[u8]> {
        match &self.outcome {
            Outcome::Written { bytes, .. } => Some(bytes),
            _ => None,
        }
    }

    /// Whether the record was not written (unreadable, not carried, or refused).
    pub fn failed(&self) -> bool {
        !matches!(self.outcome, Outcome::Written { .. })
    }
}

/// Converts `record` as `options` say. A piece name that disagrees with the board is written
/// as the move played (and said in `corrections`); what the target cannot carry is dropped
/// and listed (or, with `strict`, the record is refused).
pub fn convert_record(record: &Record, options: &ConvertOptions) -> Converted {
    convert(record, options, true)
}

/// [`convert_record`] short of the encoding, for a caller that keeps text (the Python
/// package's `Record.to` without an encoding): the bytes written are the text in UTF-8, and
/// no character is dropped for an encoding. `options.encoding` is the one the text is meant
/// to be stored in, which the writer declares where the format wants it (KIF not in
/// Shift_JIS, CSA V3.0).
pub fn convert_record_text(record: &Record, options: &ConvertOptions) -> Converted {
    convert(record, options, false)
}

/// The sentence that says what `to` could not carry: `csa cannot carry: comments, variations`
/// (the CLI's warning, after the record's name).
pub fn cannot_carry_sentence(to: Format, dropped: &[Dropped]) -> String {
    let list: Vec<String> = dropped.iter().map(ToString::to_string).collect();
    format!("{} cannot carry: {}", to.name(), list.join(", "))
}

fn convert(record: &Record, options: &ConvertOptions, encode: bool) -> Converted {
    let mut converted = Converted {
        path: record.source.path.clone(),
        record: record.source.index,
        corrections: Vec::new(),
        outcome: Outcome::Refused {
            dropped: Vec::new(),
        },
    };
    if let Some(e) = record.errors.first() {
        converted.outcome = Outcome::Unreadable(crate::diag::located_error(&record.source.path, e));
        return converted;
    }
    let to = options.to;
    if let Some(why) = write::cannot_carry(to, record.variant()) {
        converted.outcome = Outcome::VariantNotCarried(why);
        return converted;
    }
    let corrected = crate::record::replay::correct_piece_names(record);
    let record = match corrected {
        Some((fixed, found)) => {
            converted.corrections = found;
            std::borrow::Cow::Owned(fixed)
        }
        None => std::borrow::Cow::Borrowed(record),
    };
    let filtered = (!options.filter.is_empty()).then(|| options.filter.apply(&record));
    let record = filtered.as_ref().unwrap_or(&record);
    let encoding = options.encoding;
    let mut w = write::write(record, to, &options.write_options());
    let mut dropped: Vec<Dropped> = w.dropped.drain(..).map(Dropped::Unwritable).collect();
    if w.text.contains('\0') {
        w.text.retain(|c| c != '\0');
        dropped.push(Dropped::NulCharacters);
    }
    let bytes = if encode {
        let (mut bytes, replaced) = write::encode(&w.text, encoding);
        write::declare_if_misread(to, encoding, &mut w.text, &mut bytes);
        if !replaced.is_empty() {
            dropped.push(Dropped::Unencodable {
                encoding,
                chars: replaced.iter().collect(),
            });
        }
        bytes
    } else {
        w.text.into_bytes()
    };
    converted.outcome = if options.strict && !dropped.is_empty() {
        Outcome::Refused { dropped }
    } else {
        Outcome::Written { bytes, dropped }
    };
    converted
}

/// Whether one file of `format` can hold several records (CSA with `/` lines, SFEN and USI
/// game lists, a JKF array); KIF and KI2 hold one.
pub fn holds_several(format: Format) -> bool {
    matches!(
        format,
        Format::Csa | Format::Sfen | Format::Usi | Format::Jkf
    )
}

/// The names of the formats a conversion writes, as a list in a sentence.
pub const FORMAT_NAMES: &str = "kif, kifu, ki2, ki2u, csa, sfen, usi or jkf";

/// Why no target format or encoding could be chosen.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ChoiceError {
    /// The output file's extension names no format, and none was given.
    #[error(
        "cannot tell the output format from {}: its extension is none of {FORMAT_NAMES}",
        .0.display()
    )]
    UnknownExtension(PathBuf),
    /// Neither a format nor an output file was given.
    #[error(
        "no output format given, and no output file whose extension names one ({FORMAT_NAMES})"
    )]
    NoFormat,
    /// An encoding other than UTF-8 was asked for JKF.
    #[error("JKF is JSON, which is always UTF-8, not {}", .0.name())]
    JkfNotUtf8(Encoding),
}

/// The target format chosen, and the format the output file's extension names when it is
/// another one (the caller may warn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatChoice {
    /// The format written.
    pub format: Format,
    /// The other format the extension names, when it disagrees with the one asked for.
    pub extension_disagrees: Option<Format>,
}

/// The target format: `asked`, else the one the extension of `output` names.
pub fn choose_format(
    asked: Option<Format>,
    output: Option<&Path>,
) -> Result<FormatChoice, ChoiceError> {
    let by_extension = output
        .and_then(|p| p.extension())
        .and_then(|e| e.to_str())
        .and_then(Format::from_extension);
    let format = match (asked, by_extension, output) {
        (Some(to), _, _) => to,
        (None, Some(ext), _) => ext,
        (None, None, Some(p)) => return Err(ChoiceError::UnknownExtension(p.to_path_buf())),
        (None, None, None) => return Err(ChoiceError::NoFormat),
    };
    Ok(FormatChoice {
        format,
        extension_disagrees: by_extension.filter(|&ext| ext != format),
    })
}

/// The output encoding: `asked`, else the format's convention. JKF is JSON, which is UTF-8
/// only.
pub fn choose_encoding(to: Format, asked: Option<Encoding>) -> Result<Encoding, ChoiceError> {
    match asked {
        Some(e) if to == Format::Jkf && e != Encoding::Utf8 => Err(ChoiceError::JkfNotUtf8(e)),
        Some(e) => Ok(e),
        None => Ok(default_encoding(to)),
    }
}

/// Whether output for a terminal is written in UTF-8 instead of `encoding`: a terminal shows
/// Shift_JIS (or EUC-JP, UTF-16) as mojibake, so unless the user `asked` for that encoding,
/// the text goes out in UTF-8.
pub fn terminal_wants_utf8(encoding: Encoding, asked: bool, to_terminal: bool) -> bool {
    to_terminal && !asked && encoding != Encoding::Utf8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_terminal_gets_utf8_unless_asked_otherwise() {
        assert!(terminal_wants_utf8(Encoding::ShiftJis, false, true));
        assert!(!terminal_wants_utf8(Encoding::ShiftJis, true, true));
        assert!(!terminal_wants_utf8(Encoding::ShiftJis, false, false));
        assert!(!terminal_wants_utf8(Encoding::Utf8, false, true));
    }

    #[test]
    fn the_format_is_the_one_asked_for_else_the_extension() {
        let kif = Path::new("a.kif");
        assert_eq!(
            choose_format(Some(Format::Csa), Some(kif)).unwrap(),
            FormatChoice {
                format: Format::Csa,
                extension_disagrees: Some(Format::Kif)
            }
        );
        assert_eq!(choose_format(None, Some(kif)).unwrap().format, Format::Kif);
        assert_eq!(
            choose_format(None, Some(Path::new("a.txt"))),
            Err(ChoiceError::UnknownExtension("a.txt".into()))
        );
        assert_eq!(choose_format(None, None), Err(ChoiceError::NoFormat));
    }

    #[test]
    fn jkf_is_always_utf8() {
        assert_eq!(
            choose_encoding(Format::Jkf, Some(Encoding::ShiftJis)),
            Err(ChoiceError::JkfNotUtf8(Encoding::ShiftJis))
        );
        assert_eq!(choose_encoding(Format::Kif, None), Ok(Encoding::ShiftJis));
    }

    #[test]
    fn a_record_is_converted_and_what_the_target_cannot_carry_is_listed() {
        let text = "V2.2\nN+sente\nN-gote\nPI\n+\n+7776FU\n'a comment\n-3334FU\n%TORYO\n";
        let record = crate::formats::read_str(text, Format::Csa).remove(0);
        let out = convert_record(&record, &ConvertOptions::new(Format::Usi));
        let Outcome::Written { bytes, dropped } = &out.outcome else {
            panic!("{out:?}");
        };
        assert!(
            String::from_utf8_lossy(bytes).contains("7g7f 3c3d"),
            "{bytes:?}"
        );
        assert!(
            dropped.iter().any(|d| d.to_string().contains("comment")),
            "{dropped:?}"
        );
        let strict = ConvertOptions {
            strict: true,
            ..ConvertOptions::new(Format::Usi)
        };
        assert!(matches!(
            convert_record(&record, &strict).outcome,
            Outcome::Refused { .. }
        ));
    }

    #[test]
    fn text_is_the_writer_s_with_no_character_dropped_for_an_encoding() {
        let text = "V2.2\nPI\n+\n+7776FU\n'\u{1F600} a comment\n-3334FU\n";
        let record = crate::formats::read_str(text, Format::Csa).remove(0);
        let kif = ConvertOptions::new(Format::Kif);
        let out = convert_record_text(&record, &kif);
        let Outcome::Written { bytes, dropped } = &out.outcome else {
            panic!("{out:?}");
        };
        let written = String::from_utf8(bytes.clone()).unwrap();
        assert!(written.contains('\u{1F600}'), "{written}");
        assert!(!written.contains("encoding="), "{written}");
        assert!(dropped.is_empty(), "{dropped:?}");
        // Stored in Shift_JIS, the same record loses the character it cannot hold.
        let Outcome::Written { dropped, .. } = convert_record(&record, &kif).outcome else {
            panic!("not written");
        };
        assert_eq!(
            cannot_carry_sentence(Format::Kif, &dropped),
            "kif cannot carry: characters shift_jis cannot hold (\u{1F600})"
        );
    }
}
