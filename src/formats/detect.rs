//! Guessing a record's format from its text, for files whose extension says nothing (or
//! standard input). The guess looks at the first meaningful lines only.

use crate::record::Format;

/// The format `text` most likely holds, if it looks like any.
pub fn sniff(text: &str) -> Option<Format> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with('{') {
        return Some(Format::Jkf);
    }
    let mut kif_votes = 0;
    let mut ki2_votes = 0;
    for line in trimmed.lines().take(60) {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let first = line.as_bytes()[0];
        // CSA statements.
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
        if line.starts_with("position ")
            || line.starts_with("startpos")
            || line.starts_with("sfen ")
            || looks_like_sfen(line)
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
        // A KIF move line: a ply number, then a move.
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

/// Whether a line starts with something shaped like an SFEN board (nine ranks and `/`s).
fn looks_like_sfen(line: &str) -> bool {
    let board = line.split(' ').next().unwrap_or("");
    board.matches('/').count() == 8
        && board.bytes().all(|b| {
            b == b'/' || b == b'+' || b.is_ascii_digit() || b"KRBGSNLPkrbgsnlp".contains(&b)
        })
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
}
