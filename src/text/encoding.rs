//! The character encodings shogi records come in, and their names.
//!
//! Five encodings cover every record we have seen: UTF-8, Shift_JIS, EUC-JP and the two UTF-16
//! byte orders. Shift_JIS is always read as CP932 (Windows-31J), the Microsoft superset with the
//! NEC and IBM extension characters that Kifu for Windows writes; `encoding_rs::SHIFT_JIS` is
//! exactly that table. Names are matched leniently ([`Encoding::from_name`]): case, `-`, `_`
//! and spaces are ignored, and the usual aliases (`sjis`, `cp932`, `windows-31j`, `ujis`, ...)
//! are accepted, because users type them on the command line and producers write them in
//! `#KIF ... encoding=` declarations.

use std::fmt;
use std::str::FromStr;

/// A character encoding a record can be read in.
///
/// [`Encoding::name`] is the spelling used in JSON output and accepted by `--encoding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8 (also chosen for pure ASCII files).
    Utf8,
    /// Shift_JIS, always decoded as its CP932 / Windows-31J superset.
    ShiftJis,
    /// EUC-JP (JIS X 0208 and JIS X 0212; half-width katakana via `8E`).
    EucJp,
    /// UTF-16, little-endian.
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
}

impl Encoding {
    /// All encodings, in the order the documentation lists them.
    pub const ALL: [Encoding; 5] = [
        Encoding::Utf8,
        Encoding::ShiftJis,
        Encoding::EucJp,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
    ];

    /// The canonical lowercase name: `utf-8`, `shift_jis`, `euc-jp`, `utf-16le` or `utf-16be`.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::ShiftJis => "shift_jis",
            Encoding::EucJp => "euc-jp",
            Encoding::Utf16Le => "utf-16le",
            Encoding::Utf16Be => "utf-16be",
        }
    }

    /// The name people usually write in prose and messages: `UTF-8`, `Shift_JIS`, `EUC-JP`,
    /// `UTF-16LE`, `UTF-16BE`.
    pub fn display_name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::ShiftJis => "Shift_JIS",
            Encoding::EucJp => "EUC-JP",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
        }
    }

    /// Looks an encoding up by name, ignoring ASCII case, `-`, `_`, spaces and surrounding
    /// whitespace.
    ///
    /// Accepted: `utf-8`/`utf8`; `shift_jis`/`shift-jis`/`sjis`/`s-jis`/`x-sjis`/`cp932`/
    /// `windows-31j`/`ms932`/`ms_kanji`/`csshiftjis`; `euc-jp`/`eucjp`/`euc_jp`/`x-euc-jp`/`ujis`/
    /// `cseucpkdfmtjapanese`; `utf-16le`/`utf16le`; `utf-16be`/`utf16be`. Returns `None` for
    /// anything else (including a bare `utf-16`, whose byte order is unknown).
    ///
    /// ```
    /// use shogi_tool::text::Encoding;
    /// assert_eq!(Encoding::from_name("Windows-31J"), Some(Encoding::ShiftJis));
    /// assert_eq!(Encoding::from_name("EUC_JP"), Some(Encoding::EucJp));
    /// assert_eq!(Encoding::from_name("latin1"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Encoding> {
        // Normalise into a small stack buffer: no allocation, names are short.
        let mut buf = [0u8; 24];
        let mut len = 0;
        for b in name.trim().bytes() {
            if matches!(b, b'-' | b'_' | b' ') {
                continue;
            }
            if len == buf.len() {
                return None;
            }
            buf[len] = b.to_ascii_lowercase();
            len += 1;
        }
        match &buf[..len] {
            b"utf8" => Some(Encoding::Utf8),
            b"shiftjis" | b"sjis" | b"xsjis" | b"cp932" | b"windows31j" | b"ms932" | b"mskanji"
            | b"csshiftjis" | b"cswindows31j" => Some(Encoding::ShiftJis),
            b"eucjp" | b"xeucjp" | b"ujis" | b"cseucpkdfmtjapanese" => Some(Encoding::EucJp),
            b"utf16le" => Some(Encoding::Utf16Le),
            b"utf16be" => Some(Encoding::Utf16Be),
            _ => None,
        }
    }

    /// The `encoding_rs` codec used to decode (and encode) this encoding.
    pub fn codec(self) -> &'static encoding_rs::Encoding {
        match self {
            Encoding::Utf8 => encoding_rs::UTF_8,
            Encoding::ShiftJis => encoding_rs::SHIFT_JIS,
            Encoding::EucJp => encoding_rs::EUC_JP,
            Encoding::Utf16Le => encoding_rs::UTF_16LE,
            Encoding::Utf16Be => encoding_rs::UTF_16BE,
        }
    }

    /// The byte order mark of this encoding, if it has one (Shift_JIS and EUC-JP do not).
    pub fn bom(self) -> Option<&'static [u8]> {
        match self {
            Encoding::Utf8 => Some(&[0xEF, 0xBB, 0xBF]),
            Encoding::Utf16Le => Some(&[0xFF, 0xFE]),
            Encoding::Utf16Be => Some(&[0xFE, 0xFF]),
            Encoding::ShiftJis | Encoding::EucJp => None,
        }
    }
}

impl fmt::Display for Encoding {
    /// Writes [`Encoding::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that [`Encoding::from_name`] (or [`EncodingChoice`]'s parser) does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the encoding `{name}` is not supported; use auto, utf-8, shift_jis, euc-jp, utf-16le or utf-16be"
)]
pub struct UnknownEncoding {
    /// The name as it was given.
    pub name: String,
}

impl FromStr for Encoding {
    type Err = UnknownEncoding;

    /// Parses with [`Encoding::from_name`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Encoding::from_name(s).ok_or_else(|| UnknownEncoding { name: s.to_owned() })
    }
}

/// How to choose the encoding of an input: detect it, or use the one the user forced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EncodingChoice {
    /// Detect: byte order mark, then in-file declaration, then extension, then content.
    #[default]
    Auto,
    /// Decode with this encoding whatever the bytes look like (`--encoding NAME`).
    Forced(Encoding),
}

impl FromStr for EncodingChoice {
    type Err = UnknownEncoding;

    /// Parses `auto` (any case) or any name [`Encoding::from_name`] accepts.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim().eq_ignore_ascii_case("auto") {
            Ok(EncodingChoice::Auto)
        } else {
            s.parse().map(EncodingChoice::Forced)
        }
    }
}

impl fmt::Display for EncodingChoice {
    /// Writes `auto` or the forced encoding's [`Encoding::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodingChoice::Auto => f.write_str("auto"),
            EncodingChoice::Forced(e) => f.write_str(e.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_names_round_trip() {
        for e in Encoding::ALL {
            assert_eq!(Encoding::from_name(e.name()), Some(e));
            assert_eq!(Encoding::from_name(e.display_name()), Some(e));
            assert_eq!(e.to_string().parse::<Encoding>(), Ok(e));
        }
    }

    #[test]
    fn aliases_are_case_and_punctuation_insensitive() {
        use Encoding::*;
        let cases = [
            ("utf8", Utf8),
            ("UTF-8", Utf8),
            (" utf_8 ", Utf8),
            ("sjis", ShiftJis),
            ("SJIS", ShiftJis),
            ("shift-jis", ShiftJis),
            ("Shift_JIS", ShiftJis),
            ("SHIFT_JIS", ShiftJis),
            ("cp932", ShiftJis),
            ("CP932", ShiftJis),
            ("windows-31j", ShiftJis),
            ("Windows-31J", ShiftJis),
            ("ms932", ShiftJis),
            ("MS_Kanji", ShiftJis),
            ("x-sjis", ShiftJis),
            ("eucjp", EucJp),
            ("euc_jp", EucJp),
            ("EUC-JP", EucJp),
            ("x-euc-jp", EucJp),
            ("ujis", EucJp),
            ("utf-16le", Utf16Le),
            ("UTF16LE", Utf16Le),
            ("utf_16_be", Utf16Be),
        ];
        for (name, want) in cases {
            assert_eq!(Encoding::from_name(name), Some(want), "{name}");
        }
        for bad in [
            "",
            "utf-16",
            "latin1",
            "iso-2022-jp",
            "shift_jis_2004x_very_long_name",
        ] {
            assert_eq!(Encoding::from_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn choice_parses_auto_and_names() {
        assert_eq!("auto".parse(), Ok(EncodingChoice::Auto));
        assert_eq!("AUTO".parse(), Ok(EncodingChoice::Auto));
        assert_eq!(
            "cp932".parse(),
            Ok(EncodingChoice::Forced(Encoding::ShiftJis))
        );
        let err = "latin1".parse::<EncodingChoice>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "the encoding `latin1` is not supported; use auto, utf-8, shift_jis, euc-jp, utf-16le or utf-16be"
        );
        assert_eq!(
            EncodingChoice::Forced(Encoding::EucJp).to_string(),
            "euc-jp"
        );
    }

    #[test]
    fn codecs_and_boms() {
        assert_eq!(Encoding::ShiftJis.codec(), encoding_rs::SHIFT_JIS);
        assert_eq!(Encoding::Utf8.bom(), Some(&b"\xEF\xBB\xBF"[..]));
        assert_eq!(Encoding::EucJp.bom(), None);
    }
}
