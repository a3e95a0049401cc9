//! Writing a record in any format, with what the target could not carry, and encoding the
//! text for the file.

use super::{csa, jkf, ki2, kif, usi};
use crate::record::{Format, Record};
use crate::text::Encoding;
use crate::variant::Variant;

pub use super::written::Written;

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

/// The encoding a format is written in unless told otherwise: Shift_JIS for `kif` and `ki2`
/// (as the desktop programs expect), UTF-8 for everything else.
pub fn default_encoding(format: Format) -> Encoding {
    match format {
        Format::Kif | Format::Ki2 => Encoding::ShiftJis,
        _ => Encoding::Utf8,
    }
}

/// The formats that carry every smaller variant, named where one cannot be written.
const VARIANT_TARGETS: &str = "kif, kifu, jkf, sfen or usi";

/// Why [`write`] cannot write a record of `variant` as `format`, or `None` when it can:
/// every format carries standard shogi; KIF/KIFU, JKF and SFEN/USI carry every smaller
/// variant; CSA carries none; KI2/KI2U carry the standard-piece variants ([`ki2::supports`]:
/// Mini Shogi, Shogi 5x6 and 5x6+), not Tori Shogi and Shogi 3x4 (its relative words are
/// defined for the standard pieces only).
pub fn cannot_carry(format: Format, variant: Variant) -> Option<String> {
    if variant == Variant::Standard {
        return None;
    }
    match format {
        Format::Csa => Some(format!(
            "CSA has no syntax for the smaller variants: cannot write {variant} as csa (write \
             {VARIANT_TARGETS})"
        )),
        Format::Ki2 | Format::Ki2u if !ki2::supports(variant) => Some(format!(
            "KI2's relative words are for the standard pieces: cannot write {variant} as {} \
             (write {VARIANT_TARGETS})",
            format.name()
        )),
        Format::Ki2
        | Format::Ki2u
        | Format::Kif
        | Format::Kifu
        | Format::Jkf
        | Format::Sfen
        | Format::Usi => None,
    }
}

/// Writes `record` as `format` (stored with [`encode`], then [`declare_if_misread`]).
pub fn write(record: &Record, format: Format, options: &WriteOptions) -> Written {
    let encoding = options.encoding.unwrap_or_else(|| default_encoding(format));
    match format {
        Format::Csa => csa::write(
            record,
            &csa::WriteOptions {
                version: options.csa_version,
                encoding: Some(encoding),
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
            // UTF-16 is told by its byte-order mark; a declaration would name another encoding.
            let name = match encoding {
                Encoding::ShiftJis => Some("Shift_JIS"),
                Encoding::EucJp => Some("EUC-JP"),
                Encoding::Utf8 => Some("UTF-8"),
                Encoding::Utf16Le | Encoding::Utf16Be => None,
            };
            let declare = name.filter(|_| encoding != conventional);
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

/// Makes `bytes`, `text` stored in Shift_JIS or EUC-JP by [`encode`], read back as written: when
/// they are nearly all valid UTF-8 (text that is itself mojibake of UTF-8, say), content
/// detection would take them for damaged UTF-8, so the file declares its encoding where the
/// format can (KIF and KI2: `#KIF version=2.0 encoding=…`; CSA V2.2: an `'encoding=…` comment;
/// CSA V3.0 always declares it) and `bytes` are encoded again. Costs one UTF-8 validation pass,
/// which legacy Japanese text fails within its first characters.
pub fn declare_if_misread(
    format: Format,
    encoding: Encoding,
    text: &mut String,
    bytes: &mut Vec<u8>,
) {
    let name = match encoding {
        Encoding::ShiftJis => "Shift_JIS",
        Encoding::EucJp => "EUC-JP",
        _ => return,
    };
    if !crate::text::mostly_utf8(bytes) {
        return;
    }
    let line = match format {
        Format::Kif | Format::Kifu | Format::Ki2 | Format::Ki2u
            if !text.starts_with("#KIF version=2.0 encoding=") =>
        {
            format!("#KIF version=2.0 encoding={name}\n")
        }
        Format::Csa if !text.starts_with("'CSA encoding=") => {
            format!("'encoding={}\n", name.to_ascii_uppercase())
        }
        _ => return,
    };
    text.insert_str(0, &line);
    *bytes = encode(text, encoding).0;
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

    fn kif(text: &str) -> Record {
        let r = super::super::kif::read(text).remove(0);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        r
    }

    #[test]
    fn each_format_carries_standard_shogi_and_says_which_variants_it_cannot() {
        use crate::variant::Variant::*;
        for f in [
            Format::Csa,
            Format::Kif,
            Format::Ki2u,
            Format::Jkf,
            Format::Usi,
        ] {
            assert_eq!(cannot_carry(f, Standard), None, "{f:?}");
        }
        for v in [Minishogi, Gorogoro, GorogoroPlus, Torishogi, Dobutsu] {
            for f in [
                Format::Kif,
                Format::Kifu,
                Format::Jkf,
                Format::Sfen,
                Format::Usi,
            ] {
                assert_eq!(cannot_carry(f, v), None, "{f:?} {v}");
            }
            let csa = cannot_carry(Format::Csa, v).expect("CSA has no variant");
            assert!(csa.contains(&format!("cannot write {v} as csa")), "{csa}");
        }
        for f in [Format::Ki2, Format::Ki2u] {
            for v in [Minishogi, Gorogoro, GorogoroPlus] {
                assert_eq!(cannot_carry(f, v), None, "{f:?} {v}");
            }
            for v in [Torishogi, Dobutsu] {
                let no = cannot_carry(f, v).expect("no KI2 of Tori Shogi or Shogi 3x4");
                assert!(no.contains("relative words"), "{no}");
            }
        }
    }

    /// Issue 27: a CSA `%KACHI` the server ruled illegal (`'summary:illegal kachi:…`, the
    /// declarer loses) was written `まで2手で後手の入玉勝ち`, crediting the declaration to the
    /// side that did not declare. It is written as what it was, a foul loss of the declarer
    /// (`反則負け` with the comment `入玉宣言`, which json-kifu-format's own convention puts the
    /// foul's nature in), and reads back with the same outcome and the same warnings.
    #[test]
    fn a_failed_declaration_is_the_declarers_foul_loss_in_kif_and_ki2() {
        use crate::record::replay::{replay, ReplayOptions};
        let csa = "V2.2\nPI\n+\n+7776FU\n-3334FU\n%KACHI\n'summary:illegal kachi:a lose:b win\n";
        let r = super::super::csa::read(csa).remove(0);
        let opts = ReplayOptions::default();
        let want = replay(&r, &opts);
        assert_eq!(want.outcome.winner, Some(crate::shogi::Color::White));
        let fails = |rep: &crate::record::replay::Report| {
            rep.warnings
                .iter()
                .filter(|w| w.message.contains("declaration fails"))
                .count()
        };
        assert_eq!(fails(&want), 1);
        for to in [Format::Kif, Format::Kifu, Format::Ki2, Format::Ki2u] {
            let w = write(&r, to, &WriteOptions::default());
            assert!(!w.text.contains("入玉勝ち"), "{to:?}:\n{}", w.text);
            assert!(
                w.text.contains("まで2手で先手の反則負け\n"),
                "{to:?}:\n{}",
                w.text
            );
            let back = super::super::read_str(&w.text, to).remove(0);
            assert!(back.errors.is_empty(), "{to:?}: {:?}", back.errors);
            assert!(
                back.warnings.is_empty(),
                "{to:?}: {:?}\n{}",
                back.warnings,
                w.text
            );
            assert!(
                back.tree
                    .ids()
                    .all(|id| back.tree.node(id).comments().is_empty()),
                "{to:?}"
            );
            let got = replay(&back, &opts);
            assert_eq!(got.outcome, want.outcome, "{to:?}:\n{}", w.text);
            assert_eq!(fails(&got), 1, "{to:?}: {:?}", got.warnings);
            let codes = |rep: &crate::record::replay::Report| {
                rep.warnings.iter().map(|w| w.code).collect::<Vec<_>>()
            };
            assert_eq!(codes(&got), codes(&want), "{to:?}");
            assert_eq!(
                got.impasse.map(|i| format!("{i:?}")),
                want.impasse.as_ref().map(|i| format!("{i:?}"))
            );
        }
    }

    #[test]
    fn game_date_is_not_the_start_time() {
        // ShogiHome writes both lines; they are different keys everywhere.
        let r = kif("開始日時：2024/01/02 10:00:00\n対局日：2024/01/02\n表題：T\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n");
        let jkf = write(&r, Format::Jkf, &WriteOptions::default());
        assert!(jkf.dropped.is_empty(), "{:?}", jkf.dropped);
        assert!(
            jkf.text.contains("\"対局日\": \"2024/01/02\""),
            "{}",
            jkf.text
        );
        assert!(jkf.text.contains("\"開始日時\": \"2024/01/02 10:00:00\""));
        let csa = write(&r, Format::Csa, &WriteOptions::default());
        assert_eq!(csa.text.matches("$START_TIME").count(), 1, "{}", csa.text);
        // KIF-only headers become `'key:value` comments, named, and read back as headers.
        assert!(
            csa.text.contains("\n'対局日:2024/01/02\n'表題:T\n"),
            "{}",
            csa.text
        );
        assert_eq!(
            csa.dropped,
            ["headers 対局日, 表題 (written as `'key:value` comments)"]
        );
        let back = super::super::csa::read(&csa.text).remove(0);
        let again = write(&back, Format::Kif, &WriteOptions::default());
        assert!(
            again
                .text
                .starts_with("開始日時：2024/01/02 10:00:00\n対局日：2024/01/02\n表題：T\n"),
            "{}",
            again.text
        );
    }

    #[test]
    fn starts_are_written_as_the_other_readers_read_them() {
        use crate::record::Start;
        use crate::shogi::{Handicap, Setup};
        for format in [Format::Kif, Format::Ki2] {
            let text = |start: Start| {
                let mut r = Record::new();
                r.start = start;
                let w = write(&r, format, &WriteOptions::default());
                let back = super::super::read_str(&w.text, format).remove(0);
                assert!(back.errors.is_empty(), "{:?}", back.errors);
                assert_eq!(back.start.normalized(), r.start.normalized(), "{}", w.text);
                w.text
            };
            // Known to every reader: the name alone.
            let t = text(Start::Handicap(Handicap::TwoPieces));
            assert!(t.starts_with("手合割：二枚落ち\n手数") || t.starts_with("手合割：二枚落ち\n"));
            assert!(!t.contains("+----"), "{t}");
            // tsshogi lacks the name: name and board.
            let t = text(Start::Handicap(Handicap::ThreePieces));
            assert!(
                t.contains("手合割：三枚落ち\n") && t.contains("+----"),
                "{t}"
            );
            // cshogi and python-shogi stop at the name: the board alone.
            let t = text(Start::Handicap(Handicap::LeftSevenPieces));
            assert!(!t.contains("手合割") && t.contains("+----"), "{t}");
            // Any other position: the board alone, never `手合割：その他`.
            let setup = Setup::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1").unwrap();
            let t = text(Start::Position(setup));
            assert!(!t.contains("手合割") && t.contains("+----"), "{t}");
        }
    }

    #[test]
    fn shift_jis_replaces_what_it_cannot_hold() {
        let (bytes, replaced) = encode("☗７六歩 😀", Encoding::ShiftJis);
        let (back, _, had_errors) = encoding_rs::SHIFT_JIS.decode(&bytes);
        assert!(!had_errors);
        assert_eq!(back, "▲７六歩 ?");
        assert!(replaced.contains(&'☗') && replaced.contains(&'😀'));
    }

    #[test]
    fn mojibake_of_utf8_stored_in_a_legacy_encoding_is_declared_and_reads_back() {
        use crate::text::{decode, EncodingChoice};
        // UTF-8 bytes once read as Shift_JIS: stored in Shift_JIS again they are nearly all
        // valid UTF-8 (the characters that did not decode are `?`), which content detection
        // takes for damaged UTF-8 unless the file declares its encoding.
        let utf8 = "羽生善治名人と谷川浩司九段の対局です".repeat(8);
        let (mojibake, _, _) = encoding_rs::SHIFT_JIS.decode(utf8.as_bytes());
        let r = kif(&format!(
            "棋戦：{mojibake}\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"
        ));
        let (stored, _) = encode(&mojibake, Encoding::ShiftJis);
        let expected = encoding_rs::SHIFT_JIS.decode(&stored).0.into_owned();
        for (format, csa_version) in [
            (Format::Kif, csa::CsaVersion::V22),
            (Format::Ki2, csa::CsaVersion::V22),
            (Format::Csa, csa::CsaVersion::V22),
            (Format::Csa, csa::CsaVersion::V30),
        ] {
            let options = WriteOptions {
                csa_version,
                encoding: Some(Encoding::ShiftJis),
                kif_funari: false,
            };
            let mut w = write(&r, format, &options);
            let (mut bytes, _) = encode(&w.text, Encoding::ShiftJis);
            declare_if_misread(format, Encoding::ShiftJis, &mut w.text, &mut bytes);
            let decoded = decode(&bytes, Some(format.extension()), EncodingChoice::Auto);
            assert_eq!(
                decoded.encoding,
                Encoding::ShiftJis,
                "{format:?}:\n{}",
                w.text
            );
            assert!(decoded.invalid.is_empty(), "{format:?}");
            assert!(
                decoded.text.contains(&expected),
                "{format:?}:\n{}",
                decoded.text
            );
            let back = super::super::read_str(&decoded.text, format).remove(0);
            assert!(back.errors.is_empty(), "{format:?}: {:?}", back.errors);
            assert_eq!(back.tree.main_line_moves().count(), 1, "{format:?}");
        }
        // Ordinary text in its conventional encoding gets no declaration.
        let mut plain = write(
            &kif("棋戦：名人戦\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"),
            Format::Kif,
            &WriteOptions::default(),
        );
        let (mut bytes, _) = encode(&plain.text, Encoding::ShiftJis);
        declare_if_misread(Format::Kif, Encoding::ShiftJis, &mut plain.text, &mut bytes);
        assert!(!plain.text.contains("encoding="), "{}", plain.text);
    }

    #[test]
    fn declarations_name_the_encoding_written() {
        let r = kif("先手：羽生\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n");
        let first_line = |format: Format, csa_version, encoding: Encoding| {
            let options = WriteOptions {
                csa_version,
                encoding: Some(encoding),
                kif_funari: false,
            };
            let text = write(&r, format, &options).text;
            text.lines().next().unwrap_or_default().to_string()
        };
        let v3 = csa::CsaVersion::V30;
        assert_eq!(
            first_line(Format::Csa, v3, Encoding::Utf8),
            "'CSA encoding=UTF-8"
        );
        assert_eq!(
            first_line(Format::Csa, v3, Encoding::ShiftJis),
            "'CSA encoding=SHIFT_JIS"
        );
        assert_eq!(
            first_line(Format::Csa, v3, Encoding::EucJp),
            "'CSA encoding=EUC-JP"
        );
        // UTF-16: the byte-order mark says it, no line names another encoding.
        for e in [Encoding::Utf16Le, Encoding::Utf16Be] {
            assert!(!first_line(Format::Csa, v3, e).contains("encoding="));
            assert!(!first_line(Format::Kif, v3, e).contains("encoding="));
        }
        let v22 = csa::CsaVersion::V22;
        assert_eq!(
            first_line(Format::Kif, v22, Encoding::EucJp),
            "#KIF version=2.0 encoding=EUC-JP"
        );
        assert_eq!(
            first_line(Format::Kif, v22, Encoding::Utf8),
            "#KIF version=2.0 encoding=UTF-8"
        );
    }
}
