//! The enumerated values of the command line, as clap value enums (so case does not matter,
//! `--help` lists them and the shell completions offer them), and the one grammar every
//! `--sfen` accepts.

use clap::ValueEnum;
use shogi_tool::record::Format;
use shogi_tool::shogi::entering_king::Rule;
use shogi_tool::text::{Encoding, EncodingChoice};
use shogi_tool::variant::Variant;

/// A record format (`--from`, `--to`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// KIF (Shift_JIS by convention).
    Kif,
    /// KIF in UTF-8.
    Kifu,
    /// KI2 (Shift_JIS by convention).
    Ki2,
    /// KI2 in UTF-8.
    Ki2u,
    /// CSA (V2.2 to V3.0).
    Csa,
    /// SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line).
    Sfen,
    /// USI `position` commands, one game a line.
    Usi,
    /// JSON Kifu Format.
    #[value(alias = "json")]
    Jkf,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Kif => Format::Kif,
            FormatArg::Kifu => Format::Kifu,
            FormatArg::Ki2 => Format::Ki2,
            FormatArg::Ki2u => Format::Ki2u,
            FormatArg::Csa => Format::Csa,
            FormatArg::Sfen => Format::Sfen,
            FormatArg::Usi => Format::Usi,
            FormatArg::Jkf => Format::Jkf,
        }
    }
}

/// An input encoding (`--encoding`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EncodingArg {
    /// Detect: byte order mark, declaration, extension convention, then content.
    Auto,
    /// UTF-8.
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    /// Shift_JIS, read as CP932 (Windows-31J).
    #[value(
        name = "shift_jis",
        aliases = ["shift-jis", "sjis", "cp932", "windows-31j", "ms932"]
    )]
    ShiftJis,
    /// EUC-JP.
    #[value(name = "euc-jp", aliases = ["euc_jp", "eucjp"])]
    EucJp,
    /// UTF-16, little-endian.
    #[value(name = "utf-16le", aliases = ["utf16le", "utf_16le"])]
    Utf16Le,
    /// UTF-16, big-endian.
    #[value(name = "utf-16be", aliases = ["utf16be", "utf_16be"])]
    Utf16Be,
}

impl From<EncodingArg> for EncodingChoice {
    fn from(e: EncodingArg) -> EncodingChoice {
        match e {
            EncodingArg::Auto => EncodingChoice::Auto,
            EncodingArg::Utf8 => EncodingChoice::Forced(Encoding::Utf8),
            EncodingArg::ShiftJis => EncodingChoice::Forced(Encoding::ShiftJis),
            EncodingArg::EucJp => EncodingChoice::Forced(Encoding::EucJp),
            EncodingArg::Utf16Le => EncodingChoice::Forced(Encoding::Utf16Le),
            EncodingArg::Utf16Be => EncodingChoice::Forced(Encoding::Utf16Be),
        }
    }
}

/// An output encoding (`convert --output-encoding`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputEncodingArg {
    /// UTF-8.
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    /// Shift_JIS (CP932).
    #[value(
        name = "shift_jis",
        aliases = ["shift-jis", "sjis", "cp932", "windows-31j", "ms932"]
    )]
    ShiftJis,
    /// EUC-JP.
    #[value(name = "euc-jp", aliases = ["euc_jp", "eucjp"])]
    EucJp,
    /// UTF-16, little-endian.
    #[value(name = "utf-16le", aliases = ["utf16le", "utf_16le"])]
    Utf16Le,
    /// UTF-16, big-endian.
    #[value(name = "utf-16be", aliases = ["utf16be", "utf_16be"])]
    Utf16Be,
}

impl From<OutputEncodingArg> for Encoding {
    fn from(e: OutputEncodingArg) -> Encoding {
        match e {
            OutputEncodingArg::Utf8 => Encoding::Utf8,
            OutputEncodingArg::ShiftJis => Encoding::ShiftJis,
            OutputEncodingArg::EucJp => Encoding::EucJp,
            OutputEncodingArg::Utf16Le => Encoding::Utf16Le,
            OutputEncodingArg::Utf16Be => Encoding::Utf16Be,
        }
    }
}

/// An entering-king rule (`--impasse-rule`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RuleArg {
    /// JSA impasse by agreement: under 24 total points loses, else a draw.
    Jsa24,
    /// The 24-point declaration method: 31+ points win, 24-30 draw.
    Declare24,
    /// The CSA computer-shogi declaration: 28+ points (black) or 27+ (white) win.
    Csa27,
}

impl From<RuleArg> for Rule {
    fn from(r: RuleArg) -> Rule {
        match r {
            RuleArg::Jsa24 => Rule::Jsa24,
            RuleArg::Declare24 => Rule::Declare24,
            RuleArg::Csa27 => Rule::Csa27,
        }
    }
}

/// The help of every `--sfen`: one grammar everywhere.
pub const SFEN_HELP: &str = "A position instead of a record: an SFEN or `startpos`, optionally \
     followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)";

pub use shogi_tool::ops::position_arg::{parse_any_sfen, AnySfen};

/// Parses a `--variant` name or alias.
/// The `--variant` value parser: the names and aliases of every game, case-insensitive, listed
/// in `--help` and offered by the shell completions.
pub fn variant_parser() -> impl clap::builder::TypedValueParser<Value = Variant> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values = Variant::ALL
        .into_iter()
        .map(|v| PossibleValue::new(v.name()).aliases(v.aliases().iter().copied()));
    PossibleValuesParser::new(values).map(|name| {
        name.parse::<Variant>()
            .expect("clap admits only the listed names and aliases")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_and_encoding_maps_to_the_library_names() {
        for f in FormatArg::value_variants() {
            let name = f.to_possible_value().unwrap().get_name().to_string();
            assert_eq!(Format::from(*f).name(), name);
        }
        for e in OutputEncodingArg::value_variants() {
            let name = e.to_possible_value().unwrap().get_name().to_string();
            assert_eq!(Encoding::from(*e).name(), name);
        }
        for r in RuleArg::value_variants() {
            let name = r.to_possible_value().unwrap().get_name().to_string();
            assert_eq!(Rule::from(*r).name(), name);
        }
    }
}
