//! Guessing a record's format from its text, for files whose extension says nothing (or
//! standard input). The guess looks at the first meaningful lines only.

use crate::record::Format;

/// The format `text` most likely holds, if it looks like any.
///
/// Every `.kif` or `.csa` file read is sniffed once (to catch a record saved under another
/// format's extension), so this looks at the first 60 lines byte by byte: no searcher is built
/// per line, and Unicode trimming runs only where a line starts or ends with a non-ASCII
/// character. The unit tests hold it to the plain version it replaced.
pub fn sniff(text: &str) -> Option<Format> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with('{') {
        return Some(Format::Jkf);
    }
    let mut kif_votes = 0;
    let mut ki2_votes = 0;
    let bytes = trimmed.as_bytes();
    let mut start = 0;
    // `str::lines` pieces: `\n` ends a line, and the `\r` before it goes with the trimming.
    for _ in 0..60 {
        if start >= bytes.len() {
            break;
        }
        let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
        let line = trim(&trimmed[start..end]);
        start = end + 1;
        if line.is_empty() {
            continue;
        }
        let b = line.as_bytes();
        let first = b[0];
        // CSA statements.
        if line.starts_with("V2")
            || line.starts_with("V3")
            || line.starts_with("N+")
            || line.starts_with("N-")
            || line.starts_with("PI")
            || (b.len() >= 2 && first == b'P' && (b'1'..=b'9').contains(&b[1]))
            || line.starts_with("'CSA")
            || (b.len() >= 7
                && (first == b'+' || first == b'-')
                && b[1..5].iter().all(u8::is_ascii_digit))
        {
            return Some(Format::Csa);
        }
        if line.starts_with("position ")
            || line.starts_with("startpos")
            || line.starts_with("sfen ")
            || looks_like_sfen(b)
        {
            return Some(if line.starts_with("position") {
                Format::Usi
            } else {
                Format::Sfen
            });
        }
        if line.starts_with("手数") || holds_teaiwari(b) {
            kif_votes += 1;
        }
        // A KIF move line: a ply number, then a move.
        let digits = b.iter().take_while(|d| d.is_ascii_digit()).count();
        if digits > 0 && trim_start(&line[digits..]).starts_with(|c: char| !c.is_ascii()) {
            kif_votes += 2;
        }
        if first >= 0x80
            && (line.starts_with('▲')
                || line.starts_with('△')
                || line.starts_with('☗')
                || line.starts_with('☖'))
        {
            ki2_votes += 2;
        }
    }
    if ki2_votes > kif_votes {
        Some(Format::Ki2)
    } else if kif_votes > 0 {
        Some(Format::Kif)
    } else {
        None
    }
}

/// Whether `c` is one of the ASCII characters [`char::is_whitespace`] takes (`\n` cannot occur
/// inside a line).
#[inline]
fn ascii_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t'..=b'\r')
}

/// `s.trim_start()`, without decoding characters while the start is ASCII.
#[inline]
fn trim_start(s: &str) -> &str {
    let b = s.as_bytes();
    let i = b.iter().take_while(|&&c| ascii_space(c)).count();
    match b.get(i) {
        Some(&c) if c >= 0x80 => s[i..].trim_start(),
        _ => &s[i..],
    }
}

/// `s.trim()`, without decoding characters while both ends are ASCII.
#[inline]
fn trim(s: &str) -> &str {
    let s = trim_start(s);
    let b = s.as_bytes();
    let end = b.len() - b.iter().rev().take_while(|&&c| ascii_space(c)).count();
    if end > 0 && b[end - 1] >= 0x80 {
        s[..end].trim_end()
    } else {
        &s[..end]
    }
}

/// Whether a line holds `手合割` (the handicap key of KIF and KI2 headers).
#[inline]
fn holds_teaiwari(b: &[u8]) -> bool {
    const KEY: &[u8] = "手合割".as_bytes();
    b.len() >= KEY.len() && memchr::memchr_iter(KEY[0], b).any(|i| b[i..].starts_with(KEY))
}

/// Whether a line starts with something shaped like an SFEN board (nine ranks and `/`s).
fn looks_like_sfen(line: &[u8]) -> bool {
    let board = &line[..memchr::memchr(b' ', line).unwrap_or(line.len())];
    board
        .iter()
        .all(|&b| b == b'/' || b == b'+' || b.is_ascii_digit() || b"KRBGSNLPkrbgsnlp".contains(&b))
        && board.iter().filter(|&&b| b == b'/').count() == 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_each_format() {
        assert_eq!(sniff("V2.2\nN+a\nPI\n+\n+7776FU\n"), Some(Format::Csa));
        assert_eq!(sniff("'comment\n+\n+7776FU,T1\n"), Some(Format::Csa));
        assert_eq!(sniff("position startpos moves 7g7f\n"), Some(Format::Usi));
        assert_eq!(sniff("startpos moves 7g7f\n"), Some(Format::Sfen));
        assert_eq!(
            sniff("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n"),
            Some(Format::Sfen)
        );
        assert_eq!(sniff("{\"header\":{},\"moves\":[{}]}"), Some(Format::Jkf));
        assert_eq!(
            sniff("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"),
            Some(Format::Kif)
        );
        assert_eq!(sniff("手合割：平手\n▲７六歩 △３四歩\n"), Some(Format::Ki2));
        assert_eq!(sniff("<html><body>not a record</body></html>"), None);
    }

    /// The version [`sniff`] replaced (issue 34): `str::lines`, `str::trim` and `contains`.
    fn sniff_plain(text: &str) -> Option<Format> {
        let trimmed = text.trim_start_matches('\u{feff}').trim_start();
        if trimmed.starts_with('{') {
            return Some(Format::Jkf);
        }
        let (mut kif_votes, mut ki2_votes) = (0, 0);
        for line in trimmed.lines().take(60) {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let first = line.as_bytes()[0];
            if line.starts_with("V2")
                || line.starts_with("V3")
                || line.starts_with("N+")
                || line.starts_with("N-")
                || line.starts_with("PI")
                || (line.len() >= 2 && first == b'P' && (b'1'..=b'9').contains(&line.as_bytes()[1]))
                || line.starts_with("'CSA")
                || (line.len() >= 7
                    && (first == b'+' || first == b'-')
                    && line.as_bytes()[1..5].iter().all(u8::is_ascii_digit))
            {
                return Some(Format::Csa);
            }
            let board = line.split(' ').next().unwrap_or("");
            let sfen = board.matches('/').count() == 8
                && board.bytes().all(|b| {
                    b == b'/' || b == b'+' || b.is_ascii_digit() || b"KRBGSNLPkrbgsnlp".contains(&b)
                });
            if line.starts_with("position ")
                || line.starts_with("startpos")
                || line.starts_with("sfen ")
                || sfen
            {
                return Some(if line.starts_with("position") {
                    Format::Usi
                } else {
                    Format::Sfen
                });
            }
            if line.starts_with("手数") || line.contains("手合割") {
                kif_votes += 1;
            }
            let digits = line.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0
                && line[digits..]
                    .trim_start()
                    .starts_with(|c: char| !c.is_ascii())
            {
                kif_votes += 2;
            }
            if line.starts_with('▲')
                || line.starts_with('△')
                || line.starts_with('☗')
                || line.starts_with('☖')
            {
                ki2_votes += 2;
            }
        }
        if ki2_votes > kif_votes {
            Some(Format::Ki2)
        } else if kif_votes > 0 {
            Some(Format::Kif)
        } else {
            None
        }
    }

    #[test]
    fn sniff_agrees_with_the_plain_version_on_the_corpus_and_testdata() {
        let mut seen = 0;
        for dir in ["testdata", "../shared/corpus"] {
            for entry in walkdir::WalkDir::new(dir).into_iter().flatten() {
                let Ok(bytes) = std::fs::read(entry.path()) else {
                    continue;
                };
                let text =
                    crate::text::decode(&bytes, None, crate::text::EncodingChoice::Auto).text;
                assert_eq!(
                    sniff(&text),
                    sniff_plain(&text),
                    "{}",
                    entry.path().display()
                );
                seen += 1;
            }
        }
        assert!(seen > 100, "only {seen} files");
    }

    /// Lines made of the pieces the checks look at, Unicode spaces and line ends included.
    fn line_soup() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let piece = prop::sample::select(vec![
            "V2",
            "V3",
            "N+",
            "N-",
            "PI",
            "P1",
            "P",
            "'CSA",
            "+7776FU",
            "-",
            "+",
            "1234",
            "position ",
            "startpos",
            "sfen ",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
            "/",
            "9",
            "手数",
            "手合割",
            "手合",
            "割",
            "：平手",
            "▲",
            "△",
            "☗",
            "☖",
            "７六歩",
            " ",
            "\t",
            "\u{3000}",
            "\u{85}",
            "\u{a0}",
            "\u{2028}",
            "\r",
            "\n",
            "\r\n",
            "\u{feff}",
            "{",
            "\x0b",
            "a",
            "#",
            "*",
            "同",
            "é",
        ]);
        prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        #[test]
        fn sniff_agrees_with_the_plain_version(text in line_soup()) {
            proptest::prop_assert_eq!(sniff(&text), sniff_plain(&text));
        }

        #[test]
        fn sniff_agrees_with_the_plain_version_on_any_text(text in "\\PC{0,200}") {
            proptest::prop_assert_eq!(sniff(&text), sniff_plain(&text));
        }
    }
}
