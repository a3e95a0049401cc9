//! The Japanese vocabulary KIF and KI2 share: piece names, numerals and squares, header keys,
//! handicap names, ending words, the `まで…` summary sentence, board diagrams (BOD) and the
//! characters Shift_JIS cannot hold.
//!
//! Readers here are tolerant in the ways real files differ:
//!
//! - piece names: the usual `歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍`, and `王`, `竜`, the
//!   one-character promoted names `杏 圭 全` that board diagrams use, in move text too;
//! - numerals: ASCII digits, full-width digits and kanji numerals (`一`..`九`, `十`, so hand
//!   counts such as `十八`, and `二十` onwards);
//! - squares: a full-width (or ASCII) digit file and a kanji (or full-width or ASCII digit) rank;
//! - header keys: every key is kept; the shared ones map to [`MetaKey`] (先手/下手, 後手/上手,
//!   開始日時, 終了日時, 棋戦, 場所, 持ち時間, 戦型, 表題; `$MAX_MOVES` too, which is what
//!   the KIF writer uses for a CSA move limit; `対局日`, the game's date, is a key of its own,
//!   not `開始日時`: ShogiHome writes both);
//! - ending words: every word Kakinoki lists and the variants other programs write (`詰`,
//!   `時間切れ`, `宣言勝ち`, cshogi's `入玉宣言`, 81Dojo's `Time-up`); unknown words are the caller's to keep;
//! - board diagrams: both hands under either naming (`先手の持駒` / `下手の持駒`, also
//!   `持ち駒`), separated by full-width or ASCII spaces or nothing, `なし` or empty; rows with or
//!   without rank labels; `先手番` / `後手番` / `下手番` / `上手番` and `手番：…` lines; the
//!   `手数＝N …` line (the diagram is the position after move N).

use crate::record::{Ending, EndingKind, MetaKey};
use crate::shogi::{Color, Piece, PieceKind, Setup, Square};

// ---------------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------------

/// The name KIF and KI2 give a piece kind in a move (`歩`, `成銀`, `龍`).
pub fn piece_name(kind: PieceKind) -> &'static str {
    use PieceKind::*;
    match kind {
        Pawn => "歩",
        Lance => "香",
        Knight => "桂",
        Silver => "銀",
        Gold => "金",
        Bishop => "角",
        Rook => "飛",
        King => "玉",
        ProPawn => "と",
        ProLance => "成香",
        ProKnight => "成桂",
        ProSilver => "成銀",
        Horse => "馬",
        Dragon => "龍",
    }
}

/// The one-character name a board diagram uses (`と 杏 圭 全 馬 龍` for the promoted kinds).
pub fn board_char(kind: PieceKind) -> char {
    use PieceKind::*;
    match kind {
        Pawn => '歩',
        Lance => '香',
        Knight => '桂',
        Silver => '銀',
        Gold => '金',
        Bishop => '角',
        Rook => '飛',
        King => '玉',
        ProPawn => 'と',
        ProLance => '杏',
        ProKnight => '圭',
        ProSilver => '全',
        Horse => '馬',
        Dragon => '龍',
    }
}

/// The kind a one-character piece name stands for (`王` and `竜` included).
#[inline]
pub fn piece_from_char(c: char) -> Option<PieceKind> {
    use PieceKind::*;
    Some(match c {
        '歩' => Pawn,
        '香' => Lance,
        '桂' => Knight,
        '銀' => Silver,
        '金' => Gold,
        '角' => Bishop,
        '飛' => Rook,
        '玉' | '王' => King,
        'と' => ProPawn,
        '杏' => ProLance,
        '圭' => ProKnight,
        '全' => ProSilver,
        '馬' => Horse,
        '龍' | '竜' => Dragon,
        _ => return None,
    })
}

/// Reads a piece name at the start of `s`: the kind and the bytes it takes. `成香`, `成桂` and
/// `成銀` are tried before the one-character names.
#[inline]
pub fn parse_piece(s: &str) -> Option<(PieceKind, usize)> {
    let mut chars = s.chars();
    let first = chars.next()?;
    if first == '成' {
        let kind = match chars.next()? {
            '香' => PieceKind::ProLance,
            '桂' => PieceKind::ProKnight,
            '銀' => PieceKind::ProSilver,
            _ => return None,
        };
        return Some((kind, first.len_utf8() * 2));
    }
    piece_from_char(first).map(|k| (k, first.len_utf8()))
}

/// Whether `c` marks "the same square as the previous move" (`同`, or the old form `仝`).
#[inline]
pub fn is_same_mark(c: char) -> bool {
    c == '同' || c == '仝'
}

// ---------------------------------------------------------------------------------------------
// Numerals and squares
// ---------------------------------------------------------------------------------------------

/// The value 1..=9 of an ASCII digit, a full-width digit or a kanji numeral `一`..`九`.
#[inline]
pub fn digit_value(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '１'..='９' => Some((c as u32 - '１' as u32) as u8 + 1),
        '一' => Some(1),
        '二' => Some(2),
        '三' => Some(3),
        '四' => Some(4),
        '五' => Some(5),
        '六' => Some(6),
        '七' => Some(7),
        '八' => Some(8),
        '九' => Some(9),
        _ => None,
    }
}

/// The value 0..=9 of an ASCII or full-width digit.
#[inline]
fn arabic_digit(c: char) -> Option<u32> {
    match c {
        '0'..='9' => Some(c as u32 - '0' as u32),
        '０'..='９' => Some(c as u32 - '０' as u32),
        _ => None,
    }
}

/// Reads a number at the start of `s`: ASCII or full-width digits (`18`, `１８`), or kanji
/// numerals (`八`, `十`, `十八`, `二十三`). Returns the value and the bytes taken.
pub fn parse_number(s: &str) -> Option<(u32, usize)> {
    let mut value: u32 = 0;
    let mut len = 0;
    let first = s.chars().next()?;
    if arabic_digit(first).is_some() {
        for c in s.chars() {
            let Some(d) = arabic_digit(c) else { break };
            value = value.saturating_mul(10).saturating_add(d);
            len += c.len_utf8();
        }
        return Some((value, len));
    }
    let mut units: u32 = 0;
    let mut any = false;
    for c in s.chars() {
        match c {
            '十' => {
                value = value.saturating_add(if units == 0 { 10 } else { units * 10 });
                units = 0;
            }
            '〇' => units = 0,
            _ => match digit_value(c) {
                Some(d) if !c.is_ascii() && !('１'..='９').contains(&c) => units = d as u32,
                _ => break,
            },
        }
        any = true;
        len += c.len_utf8();
    }
    any.then_some((value + units, len))
}

/// A number in kanji numerals, as hand counts are written (`二`, `十`, `十八`, `二十`).
pub fn kanji_number(n: u32) -> String {
    const DIGITS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    if n == 0 {
        return "〇".to_string();
    }
    if n >= 100 {
        return n.to_string();
    }
    let (tens, units) = ((n / 10) as usize, (n % 10) as usize);
    let mut out = String::new();
    if tens > 0 {
        if tens > 1 {
            out.push_str(DIGITS[tens]);
        }
        out.push('十');
    }
    out.push_str(DIGITS[units]);
    out
}

/// The full-width digit of a file, `１`..`９`.
pub fn file_char(file: u8) -> char {
    char::from_u32('０' as u32 + u32::from(file.min(9))).unwrap_or('？')
}

/// The kanji numeral of a rank, `一`..`九`.
pub fn rank_char(rank: u8) -> char {
    const RANKS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
    RANKS[usize::from(rank.min(9))]
}

/// Appends the square as KIF writes it (`７六`).
pub fn push_square(out: &mut String, sq: Square) {
    out.push(file_char(sq.file()));
    out.push(rank_char(sq.rank()));
}

/// Reads a square at the start of `s` (`７六`, also `76` or `７６`): the square and the bytes
/// taken.
#[inline]
pub fn parse_square(s: &str) -> Option<(Square, usize)> {
    let mut chars = s.chars();
    let f = chars.next()?;
    let file = match f {
        '1'..='9' | '１'..='９' => digit_value(f)?,
        _ => return None,
    };
    let r = chars.next()?;
    let rank = digit_value(r)?;
    Some((Square::new(file, rank)?, f.len_utf8() + r.len_utf8()))
}

/// Whether `c` is a space KIF uses as a separator (ASCII space, tab, ideographic space).
#[inline]
pub fn is_space(c: char) -> bool {
    c == ' ' || c == '\u{3000}' || c == '\t'
}

/// `s` without leading and trailing ASCII and ideographic spaces.
pub fn trim_spaces(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
}

// ---------------------------------------------------------------------------------------------
// Sides and header keys
// ---------------------------------------------------------------------------------------------

/// How a side is named: `先手`/`後手`, or `下手`/`上手` in a handicap game.
pub fn side_name(color: Color, handicap: bool) -> &'static str {
    match (color, handicap) {
        (Color::Black, false) => "先手",
        (Color::White, false) => "後手",
        (Color::Black, true) => "下手",
        (Color::White, true) => "上手",
    }
}

/// The side a name stands for (`先手`, `下手`, `▲`, `☗` are black).
pub fn side_from_name(name: &str) -> Option<Color> {
    match name {
        "先手" | "下手" | "▲" | "☗" => Some(Color::Black),
        "後手" | "上手" | "△" | "☖" => Some(Color::White),
        _ => None,
    }
}

/// The header line without a value that Kifu for Windows / Macintosh write when the board is
/// shown turned round (white at the bottom); kept as a header with an empty value.
pub const BOARD_FLIPPED: &str = "盤面回転";

/// The shared meaning of a KIF header key (anything unknown is [`MetaKey::Other`]).
pub fn meta_key(raw: &str) -> MetaKey {
    match raw {
        "先手" | "下手" => MetaKey::BlackName,
        "後手" | "上手" => MetaKey::WhiteName,
        "開始日時" => MetaKey::StartTime,
        "終了日時" => MetaKey::EndTime,
        "棋戦" => MetaKey::Event,
        "場所" => MetaKey::Site,
        "持ち時間" => MetaKey::TimeLimit,
        "戦型" => MetaKey::Opening,
        "表題" => MetaKey::Title,
        "$MAX_MOVES" => MetaKey::MaxMoves,
        _ => MetaKey::Other,
    }
}

/// The KIF key to write for a shared key (`None` for [`MetaKey::Other`], which keeps its own).
pub fn kif_key(key: MetaKey, handicap: bool) -> Option<&'static str> {
    Some(match key {
        MetaKey::BlackName => side_name(Color::Black, handicap),
        MetaKey::WhiteName => side_name(Color::White, handicap),
        MetaKey::StartTime => "開始日時",
        MetaKey::EndTime => "終了日時",
        MetaKey::Event => "棋戦",
        MetaKey::Site => "場所",
        MetaKey::TimeLimit => "持ち時間",
        MetaKey::Opening => "戦型",
        MetaKey::Title => "表題",
        MetaKey::MaxMoves => "$MAX_MOVES",
        MetaKey::Other => return None,
    })
}

/// Header keys that describe the start rather than the game (the handicap, the hands of a
/// board diagram, the side to move): readers do not keep them as metadata.
pub fn is_position_key(raw: &str) -> bool {
    matches!(raw, "手合割" | "手番") || hand_key_color(raw).is_some()
}

/// The side whose hand a key such as `先手の持駒` (or `上手の持ち駒`) lists.
pub fn hand_key_color(raw: &str) -> Option<Color> {
    let side = raw
        .strip_suffix("の持駒")
        .or_else(|| raw.strip_suffix("の持ち駒"))?;
    side_from_name(side)
}

/// Splits a header line `key：value` (full-width or ASCII colon) into its trimmed key and
/// value; `None` when there is no colon or the key is empty.
pub fn split_header(line: &str) -> Option<(&str, &str)> {
    header_parts(line).map(|(k, v, _)| (k, trim_spaces(v)))
}

/// The trimmed key, the untrimmed value and the value's byte offset of a `key：value` line.
fn header_parts(line: &str) -> Option<(&str, &str, usize)> {
    let at = line.find(['：', ':'])?;
    let key = trim_spaces(line.get(..at)?);
    let sep = line.get(at..)?.chars().next()?.len_utf8();
    let value = line.get(at + sep..)?;
    (!key.is_empty()).then_some((key, value, at + sep))
}

// ---------------------------------------------------------------------------------------------
// Handicaps
// ---------------------------------------------------------------------------------------------

/// What a `手合割` value names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapName {
    /// A named start (`平手`, `角落ち`, ...).
    Named(crate::shogi::Handicap),
    /// `その他` or `詰将棋`: the position comes from a board diagram.
    Custom,
    /// A name this reader does not know.
    Unknown,
}

/// Reads a `手合割` value (surrounding spaces allowed).
pub fn handicap_from_name(name: &str) -> HandicapName {
    let name = trim_spaces(name);
    if let Some(h) = crate::shogi::Handicap::from_japanese(name) {
        return HandicapName::Named(h);
    }
    match name {
        "その他" | "詰将棋" | "双玉詰将棋" | "その他の手合割" => {
            HandicapName::Custom
        }
        _ => HandicapName::Unknown,
    }
}

// ---------------------------------------------------------------------------------------------
// Endings and the summary sentence
// ---------------------------------------------------------------------------------------------

/// The ending a KIF special-move word names (`投了`, `千日手`, ...).
pub fn ending_from_word(word: &str) -> Option<EndingKind> {
    use EndingKind::*;
    Some(match word {
        "中断" => Abort,
        "投了" => Resignation,
        "持将棋" => Impasse,
        "千日手" => Repetition,
        "詰み" | "詰" => Checkmate,
        "不詰" => NoMate,
        "切れ負け" | "時間切れ" | "Time-up" | "time-up" => Timeout,
        "反則勝ち" => FoulWin,
        "反則負け" => IllegalMove,
        // cshogi's KIF exporter writes `入玉宣言`.
        "入玉勝ち" | "宣言勝ち" | "入玉宣言" => Declaration,
        "不戦勝" => ForfeitWin,
        "不戦敗" => ForfeitLoss,
        "封じ手" => Sealed,
        "トライ" => Try,
        "引き分け" => Draw,
        _ => return None,
    })
}

/// An ending some servers write with the side it concerns: `先手 反則負け`, `後手反則勝ち`,
/// `先手の投了`. Returns the kind and the winner it states: the named side wins by a winning
/// word (`反則勝ち`, `入玉勝ち`, ...) and loses by a losing one (`反則負け`, `投了`, ...).
pub fn ending_with_side(text: &str) -> Option<(EndingKind, Option<Color>)> {
    let text = trim_spaces(text);
    let (side, rest) = ["先手", "後手", "下手", "上手"]
        .iter()
        .find_map(|name| Some((side_from_name(name)?, text.strip_prefix(name)?)))?;
    let rest = trim_spaces(rest);
    let rest = rest.strip_prefix('の').unwrap_or(rest);
    let kind = ending_from_word(trim_spaces(rest))?;
    let winner = Ending::new(kind.clone(), "").implied_winner(side).flatten();
    Some((kind, winner))
}

/// The word KIF writes for an ending kind (`None` for [`EndingKind::Unknown`]). Kinds KIF has
/// no word for are written with the nearest one: a perpetual check as `千日手`, a CSA foul by
/// one side as `反則負け` or `反則勝ち` (chosen by the caller), a draw (CSA `%HIKIWAKE`) and the
/// move limit as `持将棋` (`引き分け` is no Kakinoki word: json-kifu-format rejects a file whose
/// summary says it, tsshogi and rsshogi do not know it, and they write a draw as `持将棋`), a
/// take-back or error as `中断`.
pub fn ending_word(kind: &EndingKind) -> Option<&'static str> {
    use EndingKind::*;
    Some(match kind {
        Abort | Matta | Error => "中断",
        Resignation => "投了",
        Impasse | MaxMoves => "持将棋",
        Repetition | PerpetualCheck => "千日手",
        Checkmate => "詰み",
        NoMate => "不詰",
        Timeout => "切れ負け",
        FoulWin => "反則勝ち",
        IllegalMove | IllegalAction { .. } => "反則負け",
        Declaration => "入玉勝ち",
        ForfeitWin => "不戦勝",
        ForfeitLoss => "不戦敗",
        Sealed => "封じ手",
        Try => "トライ",
        Draw => "持将棋",
        Unknown => return None,
    })
}

/// A parsed `まで…` sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The number of moves it states (`まで64手で…`).
    pub plies: Option<u32>,
    /// The winner it names, if any.
    pub winner: Option<Color>,
    /// The ending it describes: the specific kind it names (`時間切れにより…` is a timeout), or
    /// [`EndingKind::Resignation`] for a plain `…の勝ち`.
    pub kind: EndingKind,
    /// Whether `kind` is named by the sentence (false for a plain `…の勝ち`, which any ending
    /// with that winner fits).
    pub specific: bool,
    /// What follows `まで…手で`, trimmed.
    pub rest: String,
}

/// Reads a summary sentence such as `まで64手で後手の勝ち`, `まで3手で時間切れにより先手の勝ち`,
/// `まで2手で先手の反則負け`, `まで96手で千日手` or `まで9手詰`; `None` when `line` does not
/// start with `まで`.
pub fn parse_summary(line: &str) -> Option<Summary> {
    let rest = trim_spaces(line).strip_prefix("まで")?;
    let rest = rest.trim_start_matches(['、', ',', ' ', '\u{3000}']);
    let (plies, rest) = match parse_number(rest) {
        Some((n, len)) => {
            let after = rest.get(len..).unwrap_or("");
            match after.strip_prefix('手') {
                Some(a) => (Some(n), a),
                None => (None, rest),
            }
        }
        None => (None, rest),
    };
    let rest = trim_spaces(rest.strip_prefix('で').unwrap_or(rest));
    let compact: String = rest.chars().filter(|&c| !is_space(c)).collect();
    let mut summary = Summary {
        plies,
        winner: None,
        kind: EndingKind::Unknown,
        specific: true,
        rest: rest.to_string(),
    };
    // Longest suffixes first: `反則勝ち` and `入玉勝ち` also end in `勝ち`.
    const SUFFIXES: [(&str, EndingKind, bool); 7] = [
        ("の反則勝ち", EndingKind::FoulWin, true),
        ("の反則負け", EndingKind::IllegalMove, false),
        ("の入玉勝ち", EndingKind::Declaration, true),
        ("の宣言勝ち", EndingKind::Declaration, true),
        ("の不戦勝", EndingKind::ForfeitWin, true),
        ("の不戦敗", EndingKind::ForfeitLoss, false),
        ("の勝ち", EndingKind::Resignation, true),
    ];
    for (suffix, kind, wins) in SUFFIXES {
        let Some(who) = compact.strip_suffix(suffix) else {
            continue;
        };
        // `…により先手の勝ち`: the words before name how the game was won.
        const HOW: [(&str, EndingKind); 5] = [
            ("時間切れにより", EndingKind::Timeout),
            ("連続王手の千日手により", EndingKind::PerpetualCheck),
            ("千日手（連続王手）により", EndingKind::PerpetualCheck),
            ("千日手(連続王手)により", EndingKind::PerpetualCheck),
            ("千日手により", EndingKind::Repetition),
        ];
        let how = HOW
            .iter()
            .find_map(|(p, k)| Some((who.strip_prefix(p)?, k.clone())));
        let (who, kind, specific) = match how {
            Some((w, k)) if suffix == "の勝ち" => (w, k, true),
            _ => (who, kind, suffix != "の勝ち"),
        };
        let Some(color) = side_from_name(who) else {
            break;
        };
        summary.winner = Some(if wins { color } else { color.flip() });
        summary.kind = kind;
        summary.specific = specific;
        return Some(summary);
    }
    summary.kind = match compact.as_str() {
        "詰み" | "詰" => EndingKind::Checkmate,
        other => ending_from_word(other).unwrap_or(EndingKind::Unknown),
    };
    Some(summary)
}

/// The summary sentence KIF writes after an ending: `まで{plies}手で先手の勝ち`, `…千日手`,
/// `…時間切れにより後手の勝ち`, `…先手の反則負け`, ... `winner` is the side that won (`None`
/// for a draw or an unfinished game); `handicap` names the sides 下手/上手.
pub fn summary_sentence(
    plies: usize,
    kind: &EndingKind,
    winner: Option<Color>,
    handicap: bool,
) -> Option<String> {
    use EndingKind::*;
    let side = |c: Color| side_name(c, handicap);
    let what = match (kind, winner) {
        (Timeout, Some(w)) => format!("時間切れにより{}の勝ち", side(w)),
        (FoulWin, Some(w)) => format!("{}の反則勝ち", side(w)),
        (IllegalMove, Some(w)) => format!("{}の反則負け", side(w.flip())),
        (Declaration, Some(w)) => format!("{}の入玉勝ち", side(w)),
        (_, Some(w)) => format!("{}の勝ち", side(w)),
        (Checkmate, None) => "詰み".to_string(),
        (Unknown, None) => return None,
        (k, None) => ending_word(k)?.to_string(),
    };
    Some(format!("まで{plies}手で{what}"))
}

// ---------------------------------------------------------------------------------------------
// Board diagrams (BOD)
// ---------------------------------------------------------------------------------------------

/// What went wrong in a board diagram line: the character offset in the line (0-based) and a
/// sentence saying what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodError {
    /// 0-based character offset in the line.
    pub char_offset: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

/// Reads a board diagram line by line: feed every header line to [`BoardReader::line`], which
/// takes the lines that belong to a diagram, then call [`BoardReader::setup`].
#[derive(Clone, Debug)]
pub struct BoardReader {
    setup: Setup,
    rows: u8,
    hands: [bool; 2],
    side: Option<Color>,
    border_lines: u8,
}

impl Default for BoardReader {
    fn default() -> Self {
        BoardReader::new()
    }
}

impl BoardReader {
    /// A reader that has seen nothing.
    pub fn new() -> BoardReader {
        BoardReader {
            setup: Setup::empty(),
            rows: 0,
            hands: [false; 2],
            side: None,
            border_lines: 0,
        }
    }

    /// Whether any board row was read.
    pub fn has_board(&self) -> bool {
        self.rows > 0
    }

    /// Whether a hand line was read (`先手の持駒：…`).
    pub fn has_hands(&self) -> bool {
        self.hands[0] || self.hands[1]
    }

    /// The side to move a `先手番`/`後手番`/`手番：…` line gave.
    pub fn side(&self) -> Option<Color> {
        self.side
    }

    /// The number of board rows read.
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Offers a (trimmed-at-the-end) line: `Ok(true)` when it belongs to a diagram and was
    /// read, `Ok(false)` when it is not a diagram line, an error when it is one but malformed.
    pub fn line(&mut self, line: &str) -> Result<bool, BodError> {
        let lead = line.len() - line.trim_start_matches(is_space).len();
        let body = &line[lead..];
        let lead_chars = line[..lead].chars().count();
        let err = |at: usize, message: String| BodError {
            char_offset: lead_chars + at,
            message,
        };
        if let Some(row) = body.strip_prefix('|') {
            if self.rows >= 9 {
                return Err(err(
                    0,
                    "A board diagram has nine rows; this is a tenth.".into(),
                ));
            }
            self.rows += 1;
            let rank = self.rows;
            self.read_row(row, rank).map_err(|(at, m)| err(at + 1, m))?;
            return Ok(true);
        }
        if body.starts_with("+-") || body.starts_with("+－") {
            self.border_lines = self.border_lines.saturating_add(1);
            return Ok(true);
        }
        if body.starts_with('９') || body.starts_with('9') {
            // The file labels above the board: `９ ８ ７ ６ ５ ４ ３ ２ １`.
            let labels = body.chars().filter(|c| !is_space(*c)).count();
            if labels == 9
                && body
                    .chars()
                    .all(|c| is_space(c) || ('１'..='９').contains(&c) || c.is_ascii_digit())
            {
                return Ok(true);
            }
            return Ok(false);
        }
        let trimmed = trim_spaces(body);
        if let Some(side) = trimmed.strip_suffix("番").and_then(side_from_name) {
            self.side = Some(side);
            return Ok(true);
        }
        if trimmed.starts_with("手数＝") || trimmed.starts_with("手数=") {
            let n = trimmed
                .trim_start_matches("手数")
                .trim_start_matches(['＝', '='])
                .trim_start();
            if let Some((n, _)) = parse_number(n) {
                self.setup.move_number = n.saturating_add(1);
            }
            return Ok(true);
        }
        let Some((key, value, value_at)) = header_parts(body) else {
            return Ok(false);
        };
        let value_col = lead_chars + body.get(..value_at).map_or(0, |b| b.chars().count());
        if key == "手番" {
            let v = trim_spaces(value);
            let side = side_from_name(v.trim_end_matches('番')).ok_or_else(|| BodError {
                char_offset: value_col,
                message: format!("The side to move `{v}` is not one of 先手, 後手, 下手 or 上手."),
            })?;
            self.side = Some(side);
            return Ok(true);
        }
        if let Some(color) = hand_key_color(key) {
            self.hands[color.index()] = true;
            read_hand(value, &mut self.setup.hands[color]).map_err(|(at, message)| BodError {
                char_offset: value_col + at,
                message,
            })?;
            return Ok(true);
        }
        Ok(false)
    }

    fn read_row(&mut self, row: &str, rank: u8) -> Result<(), (usize, String)> {
        let mut file = 9u8;
        let mut gote = false;
        for (i, c) in row.chars().enumerate() {
            if file == 0 {
                // Nine cells read: a closing `|` and a rank label may follow.
                break;
            }
            match c {
                ' ' | '\u{3000}' | '\t' if !gote => continue,
                'v' | 'V' | 'ｖ' if !gote => gote = true,
                '・' | '＊' | '*' if !gote => {
                    file -= 1;
                }
                '|' => break,
                _ => {
                    let Some(kind) = piece_from_char(c) else {
                        return Err((
                            i,
                            format!(
                                "Expected a board cell (` ・` for an empty square, ` 歩` for a black piece, `v歩` for a white one) and found `{c}`."
                            ),
                        ));
                    };
                    let color = if gote { Color::White } else { Color::Black };
                    let sq = Square::new(file, rank).expect("file and rank are 1..=9");
                    self.setup.board[sq.index()] = Some(Piece::new(color, kind));
                    gote = false;
                    file -= 1;
                }
            }
        }
        if file != 0 {
            return Err((
                row.chars().count(),
                format!(
                    "The board row for rank {rank} has {} cells; a row has nine.",
                    9 - file
                ),
            ));
        }
        Ok(())
    }

    /// The position read so far: board, hands, side to move (`default_side` when no line gave
    /// it) and move number.
    pub fn setup(&self, default_side: Color) -> Setup {
        let mut s = self.setup.clone();
        s.side_to_move = self.side.unwrap_or(default_side);
        s
    }
}

/// Reads the pieces of a hand line (`飛二　角　歩十八`, `銀 桂`, `金四歩`, `なし`) into `hand`;
/// on failure, the character offset and a sentence.
pub fn read_hand(text: &str, hand: &mut crate::shogi::Hand) -> Result<(), (usize, String)> {
    let mut i = 0usize; // byte offset
    let mut chars_before = 0usize;
    let trimmed = trim_spaces(text);
    if trimmed.is_empty() || trimmed == "なし" {
        return Ok(());
    }
    while let Some(c) = text.get(i..).and_then(|r| r.chars().next()) {
        if is_space(c) || c == '、' || c == ',' || c == '，' {
            i += c.len_utf8();
            chars_before += 1;
            continue;
        }
        let Some(kind) = piece_from_char(c).filter(|k| k.is_hand_kind()) else {
            return Err((
                chars_before,
                format!("Expected a piece in hand (飛, 角, 金, 銀, 桂, 香 or 歩, with an optional count such as 歩十八) and found `{c}`."),
            ));
        };
        i += c.len_utf8();
        chars_before += 1;
        let rest = text.get(i..).unwrap_or("");
        let count = match parse_number(rest) {
            Some((n, len)) => {
                chars_before += rest.get(..len).map_or(0, |s| s.chars().count());
                i += len;
                n
            }
            None => 1,
        };
        let total = u32::from(hand.count(kind)).saturating_add(count).min(255);
        hand.set(kind, total as u8);
    }
    Ok(())
}

/// The text of a hand line's value (`飛二　角　`), or `なし` when the hand is empty.
pub fn hand_text(hand: &crate::shogi::Hand) -> String {
    let mut out = String::new();
    for (kind, n) in hand.iter() {
        out.push(board_char(kind));
        if n > 1 {
            out.push_str(&kanji_number(u32::from(n)));
        }
        out.push('\u{3000}');
    }
    if out.is_empty() {
        out.push_str("なし");
    }
    out
}

/// Writes `setup` as a board diagram (Kifu for Windows layout): white's hand, the file labels,
/// the bordered rows with rank labels, black's hand, and `後手番` when white is to move. The
/// move number is the writer's to carry: a `手数＝N` line is rejected by json-kifu-format (no
/// `key：value`) and by rsshogi's KIF reader (a move line to it), so KIF numbers the moves
/// from it instead.
pub fn write_board(setup: &Setup, out: &mut String) {
    let cell = |sq: Square| setup.piece_at(sq).map(|p| (p.color, board_char(p.kind)));
    let hands = [hand_text(&setup.hands.white), hand_text(&setup.hands.black)];
    write_diagram((9, 9), cell, &hands, setup.side_to_move, out);
}

/// Writes a board diagram of `files` x `ranks` whose squares hold `cell` (the owner and the
/// one character of a piece): white's hand line (`hands[0]`), the file labels, the bordered
/// rows with rank labels, black's hand line (`hands[1]`), and `後手番` when white is to move.
/// Standard shogi's ([`write_board`]) and the smaller variants' share it.
pub fn write_diagram(
    (files, ranks): (u8, u8),
    cell: impl Fn(Square) -> Option<(Color, char)>,
    hands: &[String; 2],
    side_to_move: Color,
    out: &mut String,
) {
    out.push_str("後手の持駒：");
    out.push_str(&hands[0]);
    out.push_str("\n ");
    for file in (1..=files).rev() {
        out.push(' ');
        out.push(file_char(file));
    }
    out.push('\n');
    let rule = format!("+{}+\n", "-".repeat(3 * usize::from(files)));
    out.push_str(&rule);
    for rank in 1..=ranks {
        out.push('|');
        for file in (1..=files).rev() {
            match Square::new(file, rank).and_then(&cell) {
                None => out.push_str(" ・"),
                Some((color, c)) => {
                    out.push(if color == Color::White { 'v' } else { ' ' });
                    out.push(c);
                }
            }
        }
        out.push('|');
        out.push(rank_char(rank));
        out.push('\n');
    }
    out.push_str(&rule);
    out.push_str("先手の持駒：");
    out.push_str(&hands[1]);
    out.push('\n');
    if side_to_move == Color::White {
        out.push_str("後手番\n");
    }
}

// ---------------------------------------------------------------------------------------------
// Shift_JIS
// ---------------------------------------------------------------------------------------------

/// Characters Shift_JIS (CP932) cannot hold, and the other character written instead: a
/// loss the writer reports.
const SJIS_SUBSTITUTES: [(char, char); 4] = [('☗', '▲'), ('☖', '△'), ('⛊', '▲'), ('⛉', '△')];

/// Characters of JIS X 0208 that CP932 (the encoder) knows under another code point: the
/// character is written as its JIS bytes (〜 WAVE DASH is 0x8160, which CP932 reads as ～), so
/// nothing is lost and nothing is reported.
const JIS_X_0208_VARIANTS: [(char, char); 7] = [
    ('〜', '～'),
    ('−', '－'),
    ('‖', '∥'),
    ('—', '―'),
    ('¢', '￠'),
    ('£', '￡'),
    ('¬', '￢'),
];

/// Makes `text` encodable in Shift_JIS (CP932): the JIS X 0208 characters CP932 maps elsewhere
/// (`〜`→`～`, `−`→`－`, `‖`→`∥`, `—`→`―`, `¢`→`￠`, `£`→`￡`, `¬`→`￢`: the same bytes, not
/// reported), `☗`→`▲`, `☖`→`△` (and `⛊`, `⛉`), and any other character CP932 lacks → `?`.
/// Returns the text and the characters that could not be written as themselves (each once,
/// in order of first appearance): exactly what the encoder loses.
pub fn sjis_fallbacks(text: &str) -> (String, Vec<char>) {
    let (_, _, had_errors) = encoding_rs::SHIFT_JIS.encode(text);
    if !had_errors {
        return (text.to_string(), Vec::new());
    }
    let mut out = String::with_capacity(text.len());
    let mut replaced = Vec::new();
    let mut buf = [0u8; 4];
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
            continue;
        }
        let (_, _, bad) = encoding_rs::SHIFT_JIS.encode(c.encode_utf8(&mut buf));
        if !bad {
            out.push(c);
            continue;
        }
        if let Some(&(_, same)) = JIS_X_0208_VARIANTS.iter().find(|(from, _)| *from == c) {
            out.push(same);
            continue;
        }
        let fallback = SJIS_SUBSTITUTES
            .iter()
            .find(|(from, _)| *from == c)
            .map_or('?', |&(_, to)| to);
        out.push(fallback);
        if !replaced.contains(&c) {
            replaced.push(c);
        }
    }
    (out, replaced)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::{Hand, Handicap};

    #[test]
    fn piece_names_round_trip_and_aliases() {
        for k in PieceKind::ALL {
            assert_eq!(parse_piece(piece_name(k)), Some((k, piece_name(k).len())));
            assert_eq!(piece_from_char(board_char(k)), Some(k));
        }
        assert_eq!(parse_piece("王(59)"), Some((PieceKind::King, 3)));
        assert_eq!(parse_piece("竜"), Some((PieceKind::Dragon, 3)));
        assert_eq!(parse_piece("杏"), Some((PieceKind::ProLance, 3)));
        assert_eq!(parse_piece("圭"), Some((PieceKind::ProKnight, 3)));
        assert_eq!(parse_piece("全"), Some((PieceKind::ProSilver, 3)));
        assert_eq!(parse_piece("成金"), None);
        assert_eq!(parse_piece(""), None);
        assert!(is_same_mark('同') && is_same_mark('仝'));
    }

    #[test]
    fn numerals_up_to_eighteen_and_beyond() {
        let cases = [
            ("一", 1),
            ("九", 9),
            ("十", 10),
            ("十一", 11),
            ("十八", 18),
            ("二十", 20),
            ("二十三", 23),
            ("18", 18),
            ("１８", 18),
            ("３", 3),
        ];
        for (s, n) in cases {
            assert_eq!(parse_number(s), Some((n, s.len())), "{s}");
            if !s.chars().next().unwrap().is_ascii_digit() && !s.starts_with(['１', '３']) {
                assert_eq!(kanji_number(n), s);
            }
        }
        assert_eq!(parse_number("十八　角"), Some((18, "十八".len())));
        assert_eq!(parse_number("角"), None);
        for sq in Square::all() {
            let mut s = String::new();
            push_square(&mut s, sq);
            assert_eq!(parse_square(&s), Some((sq, s.len())));
        }
        assert_eq!(parse_square("７６"), Square::new(7, 6).map(|s| (s, 6)));
        assert_eq!(parse_square("76"), Square::new(7, 6).map(|s| (s, 2)));
        assert_eq!(parse_square("７"), None);
        assert_eq!(parse_square("一六"), None);
    }

    #[test]
    fn header_keys_map_both_ways() {
        assert_eq!(meta_key("先手"), MetaKey::BlackName);
        assert_eq!(meta_key("下手"), MetaKey::BlackName);
        assert_eq!(meta_key("上手"), MetaKey::WhiteName);
        // The game's date is not the start time: files carry both (ShogiHome writes them).
        assert_eq!(meta_key("対局日"), MetaKey::Other);
        assert_eq!(meta_key("棋戦詳細"), MetaKey::Other);
        for key in [
            MetaKey::BlackName,
            MetaKey::WhiteName,
            MetaKey::StartTime,
            MetaKey::EndTime,
            MetaKey::Event,
            MetaKey::Site,
            MetaKey::TimeLimit,
            MetaKey::Opening,
            MetaKey::Title,
            MetaKey::MaxMoves,
        ] {
            for h in [false, true] {
                assert_eq!(meta_key(kif_key(key, h).unwrap()), key);
            }
        }
        assert_eq!(
            split_header("先手：羽生　善治 "),
            Some(("先手", "羽生　善治"))
        );
        assert_eq!(
            split_header("開始日時:2014/10/16 03:21:41"),
            Some(("開始日時", "2014/10/16 03:21:41"))
        );
        assert_eq!(split_header("後手："), Some(("後手", "")));
        assert_eq!(split_header("：x"), None);
        assert_eq!(hand_key_color("上手の持駒"), Some(Color::White));
        assert_eq!(hand_key_color("先手の持ち駒"), Some(Color::Black));
        assert!(is_position_key("手合割") && !is_position_key("先手"));
    }

    #[test]
    fn handicap_names() {
        assert_eq!(
            handicap_from_name("平手　　"),
            HandicapName::Named(Handicap::Even)
        );
        assert_eq!(
            handicap_from_name("角落ち"),
            HandicapName::Named(Handicap::Bishop)
        );
        assert_eq!(handicap_from_name("その他　"), HandicapName::Custom);
        assert_eq!(handicap_from_name("詰将棋"), HandicapName::Custom);
        assert_eq!(handicap_from_name("青空"), HandicapName::Unknown);
        for h in Handicap::all() {
            assert_eq!(handicap_from_name(h.japanese()), HandicapName::Named(h));
        }
    }

    #[test]
    fn ending_words_round_trip() {
        use EndingKind::*;
        for kind in [
            Abort,
            Resignation,
            Impasse,
            Repetition,
            Checkmate,
            NoMate,
            Timeout,
            FoulWin,
            IllegalMove,
            Declaration,
            ForfeitWin,
            ForfeitLoss,
            Sealed,
            Try,
        ] {
            assert_eq!(ending_from_word(ending_word(&kind).unwrap()), Some(kind));
        }
        // A draw has no Kakinoki word: written as the impasse, read back as written.
        assert_eq!(ending_word(&Draw), Some("持将棋"));
        assert_eq!(ending_from_word("引き分け"), Some(Draw));
        assert_eq!(ending_from_word("詰"), Some(Checkmate));
        assert_eq!(ending_from_word("時間切れ"), Some(Timeout));
        assert_eq!(ending_from_word("宣言勝ち"), Some(Declaration));
        assert_eq!(ending_from_word("入玉宣言"), Some(Declaration));
        assert_eq!(ending_from_word("Time-up"), Some(Timeout));
        assert_eq!(ending_from_word("ほげ"), None);
    }

    #[test]
    fn summary_sentences() {
        let s = parse_summary("まで64手で後手の勝ち").unwrap();
        assert_eq!(
            (s.plies, s.winner, s.kind.clone(), s.specific),
            (Some(64), Some(Color::White), EndingKind::Resignation, false)
        );
        let s = parse_summary("まで3手で時間切れにより先手の勝ち").unwrap();
        assert_eq!(
            (s.winner, s.kind),
            (Some(Color::Black), EndingKind::Timeout)
        );
        assert_eq!(
            ending_with_side("先手 反則負け"),
            Some((EndingKind::IllegalMove, Some(Color::White)))
        );
        assert_eq!(
            ending_with_side("後手反則勝ち"),
            Some((EndingKind::FoulWin, Some(Color::White)))
        );
        assert_eq!(
            ending_with_side("上手　投了"),
            Some((EndingKind::Resignation, Some(Color::Black)))
        );
        assert_eq!(
            ending_with_side("先手 千日手"),
            Some((EndingKind::Repetition, None))
        );
        assert_eq!(ending_with_side("先手 ほげ"), None);
        let s = parse_summary("まで12手で連続王手の千日手により後手の勝ち").unwrap();
        assert_eq!(
            (s.winner, s.kind, s.specific),
            (Some(Color::White), EndingKind::PerpetualCheck, true)
        );
        let s = parse_summary("まで2手で先手の反則負け").unwrap();
        assert_eq!(
            (s.winner, s.kind),
            (Some(Color::White), EndingKind::IllegalMove)
        );
        let s = parse_summary("まで3手で後手の反則勝ち").unwrap();
        assert_eq!(
            (s.winner, s.kind),
            (Some(Color::White), EndingKind::FoulWin)
        );
        let s = parse_summary("まで104手で下手の勝ち").unwrap();
        assert_eq!(s.winner, Some(Color::Black));
        let s = parse_summary("まで117手で上手の入玉勝ち").unwrap();
        assert_eq!(
            (s.winner, s.kind),
            (Some(Color::White), EndingKind::Declaration)
        );
        for (text, kind) in [
            ("まで96手で千日手", EndingKind::Repetition),
            ("まで258手で持将棋", EndingKind::Impasse),
            ("まで10手で中断", EndingKind::Abort),
            ("まで9手詰", EndingKind::Checkmate),
            ("まで3手で詰", EndingKind::Checkmate),
            ("まで3手で詰み", EndingKind::Checkmate),
            ("まで3手で不詰", EndingKind::NoMate),
            ("まで52手で封じ手", EndingKind::Sealed),
            ("まで5手でなにか", EndingKind::Unknown),
        ] {
            let s = parse_summary(text).unwrap();
            assert_eq!((s.winner, s.kind), (None, kind), "{text}");
        }
        assert_eq!(parse_summary("まで9手詰").unwrap().plies, Some(9));
        assert!(parse_summary("手数＝0 まで").is_none());
        // What is written reads back.
        for (kind, winner) in [
            (EndingKind::Resignation, Some(Color::Black)),
            (EndingKind::Timeout, Some(Color::White)),
            (EndingKind::IllegalMove, Some(Color::White)),
            (EndingKind::FoulWin, Some(Color::Black)),
            (EndingKind::Declaration, Some(Color::Black)),
            (EndingKind::Repetition, None),
            (EndingKind::Checkmate, None),
            (EndingKind::Abort, None),
        ] {
            for handicap in [false, true] {
                let text = summary_sentence(12, &kind, winner, handicap).unwrap();
                let s = parse_summary(&text).unwrap();
                assert_eq!(
                    (s.plies, s.winner, &s.kind),
                    (Some(12), winner, &kind),
                    "{text}"
                );
            }
        }
        assert_eq!(
            summary_sentence(95, &EndingKind::Resignation, Some(Color::Black), false).unwrap(),
            "まで95手で先手の勝ち"
        );
        assert_eq!(summary_sentence(3, &EndingKind::Unknown, None, false), None);
    }

    #[test]
    fn hands_with_any_separator() {
        let read = |s: &str| {
            let mut h = Hand::EMPTY;
            read_hand(s, &mut h).map(|_| h)
        };
        let h = read("飛二　角　金四　銀　桂四　香四　歩十七").unwrap();
        assert_eq!(h.count(PieceKind::Rook), 2);
        assert_eq!(h.count(PieceKind::Pawn), 17);
        assert_eq!(h.count(PieceKind::Silver), 1);
        let h = read("飛二 角 金四 歩十八 ").unwrap();
        assert_eq!(h.count(PieceKind::Pawn), 18);
        let h = read("金四歩十八角").unwrap();
        assert_eq!(
            (
                h.count(PieceKind::Gold),
                h.count(PieceKind::Pawn),
                h.count(PieceKind::Bishop)
            ),
            (4, 18, 1)
        );
        assert_eq!(read("なし").unwrap(), Hand::EMPTY);
        assert_eq!(read("").unwrap(), Hand::EMPTY);
        assert_eq!(read("歩2").unwrap().count(PieceKind::Pawn), 2);
        let e = read("金 玉").unwrap_err();
        assert_eq!(e.0, 2);
        assert_eq!(hand_text(&read("歩十八　飛").unwrap()), "飛　歩十八　");
        assert_eq!(hand_text(&Hand::EMPTY), "なし");
    }

    #[test]
    fn board_diagram_round_trips_with_and_without_labels() {
        let setup = Setup::from_sfen(
            "ln1g1g1nl/1r3kss1/p1ppppbpp/1p4p2/9/2P1P4/PP1P1PPPP/1BSSK2R1/LN1G1GSNL w 2Pp 5",
        )
        .unwrap();
        let mut text = String::new();
        write_board(&setup, &mut text);
        let mut r = BoardReader::new();
        for line in text.lines() {
            assert_eq!(r.line(line), Ok(true), "{line}");
        }
        // The move number is the writer's (KIF numbers its moves from it), not the diagram's.
        let mut setup = setup;
        setup.move_number = 1;
        assert_eq!(r.setup(Color::Black), setup);
        // Rows without rank labels, ASCII-space hands.
        let unlabelled: String = text
            .lines()
            .map(|l| {
                if l.starts_with('|') {
                    l.trim_end_matches(|c: char| c != '|')
                } else {
                    l
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        let mut r = BoardReader::new();
        for line in unlabelled.lines() {
            assert_eq!(r.line(line), Ok(true), "{line}");
        }
        assert_eq!(r.setup(Color::Black), setup);
        assert_eq!(r.rows(), 9);
        // Not diagram lines.
        let mut r = BoardReader::new();
        assert_eq!(r.line("先手：羽生"), Ok(false));
        assert_eq!(r.line("手合割：平手"), Ok(false));
        assert_eq!(r.line("上手番"), Ok(true));
        assert_eq!(r.side(), Some(Color::White));
        assert_eq!(r.line("手番：先手"), Ok(true));
        assert_eq!(r.side(), Some(Color::Black));
        let e = r.line("| ・ ・ ・ ・ ・ ・ ・ ・ 犬|一").unwrap_err();
        assert_eq!(e.char_offset, 18);
        let e = r.line("| ・ ・|").unwrap_err();
        assert!(e.message.contains("2 cells"), "{}", e.message);
    }

    #[test]
    fn shift_jis_fallbacks() {
        let (s, replaced) = sjis_fallbacks("☗７六歩 ☖３四歩 〜 ♔");
        assert_eq!(s, "▲７六歩 △３四歩 ～ ?");
        // Issue 27: the wave dash is written as its JIS bytes (0x8160): not a loss.
        assert_eq!(replaced, vec!['☗', '☖', '♔']);
        let (bytes, lost) =
            crate::formats::write::encode("第1回〜−‖—¢£¬", crate::text::Encoding::ShiftJis);
        assert!(lost.is_empty(), "{lost:?}");
        assert_eq!(
            &bytes[5..],
            [0x81, 0x60, 0x81, 0x7C, 0x81, 0x61, 0x81, 0x5C, 0x81, 0x91, 0x81, 0x92, 0x81, 0xCA]
        );
        let (s, replaced) = sjis_fallbacks("▲７六歩");
        assert_eq!(s, "▲７六歩");
        assert!(replaced.is_empty());
    }
}
