//! Records of the smaller variants in the Japanese formats and JKF.
//!
//! A variant game is a start position, the main line's moves and an optional ending
//! ([`VGame`]); the readers here turn KIF/KIFU ([`kif`]) and KI2 ([`ki2`]) text into one,
//! the writers turn one back (JKF is read and written by [`crate::formats::jkf`] for every
//! game: [`VGame::from_record`], [`VGame::to_record`]), and [`VGame::to_vrecord`] gives the
//! [`crate::formats::usi::variant_game`] replay its input, so every format is judged by the same rules.
//!
//! The Japanese vocabulary is shared with the standard readers ([`super::japanese`]:
//! numerals, squares, header lines, ending words, the `まで…` sentence); what differs by
//! variant is here: the `手合割` names ([`handicap_name`], [`variant_from_handicap`]), the
//! piece names of moves and board diagrams ([`piece_name`], [`board_char`], [`names`]) and
//! the board's size.
//!
//! Only the main line is carried: comments, move times and variations a reader meets are
//! listed in its notes, so `convert` can say what it left out.

pub mod ki2;
pub mod kif;

use crate::formats::usi::variant_game::VRecord;
use crate::record::{Ending, EndingKind, MoveEntry, MoveTree, NodeKind, Record, Start};
use crate::shogi::Color;
use crate::variant::{usi, VKind, VMove, VPosition, Variant};

/// A game of a variant: where it starts, its main line and how it ended.
#[derive(Clone, Debug)]
pub struct VGame {
    /// The start position (its variant is the game's).
    pub start: VPosition,
    /// The main line.
    pub moves: Vec<VMove>,
    /// The ending the record states (`投了`, `resign`, `TORYO`, ...), if any.
    pub ending: Option<EndingKind>,
    /// Header lines (key, value) in file order, `手合割` and the board excluded.
    pub headers: Vec<(String, String)>,
}

/// What a reader could not read: the 1-based line (0 when the format has none) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VReadError {
    /// 1-based line; 0 when unknown.
    pub line: u32,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for VReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for VReadError {}

pub(crate) fn read_error(line: u32, message: impl Into<String>) -> VReadError {
    VReadError {
        line,
        message: message.into(),
    }
}

/// A read game with what the reader left out (`comments`, `move times`, `variations`, ...).
#[derive(Clone, Debug)]
pub struct VRead {
    /// The game.
    pub game: VGame,
    /// What the record held that the variant model does not carry, one entry per kind.
    pub dropped: Vec<String>,
    /// Warnings about the text (a move naming the wrong piece, ...), with their lines.
    pub warnings: Vec<(u32, String)>,
}

pub(crate) fn note(dropped: &mut Vec<String>, what: &str) {
    if !dropped.iter().any(|d| d == what) {
        dropped.push(what.to_string());
    }
}

/// The SFEN/USI ending word of an ending, where one exists (`resign`, `timeout`, `draw`,
/// `abort`, `mate`).
pub fn ending_usi_word(kind: &EndingKind) -> Option<&'static str> {
    use EndingKind::*;
    Some(match kind {
        Resignation => "resign",
        Timeout => "timeout",
        Repetition | Impasse | Draw => "draw",
        Abort => "abort",
        Checkmate => "mate",
        _ => return None,
    })
}

/// The ending an SFEN/USI ending word names.
pub fn ending_from_usi_word(word: &str) -> Option<EndingKind> {
    Some(match word.to_ascii_lowercase().as_str() {
        "resign" => EndingKind::Resignation,
        "timeout" => EndingKind::Timeout,
        "draw" => EndingKind::Draw,
        "abort" | "break" => EndingKind::Abort,
        "mate" => EndingKind::Checkmate,
        _ => return None,
    })
}

impl VGame {
    /// The variant.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// The game as the SFEN/USI replay reads it (moves as USI words, the ending as its word;
    /// an ending without a word is left out).
    pub fn to_vrecord(&self, line: u32) -> VRecord {
        let v = self.variant();
        VRecord {
            line,
            start: Some(self.start.clone()),
            moves: self
                .moves
                .iter()
                .enumerate()
                .map(|(i, &m)| (usi(v, m), i as u32 + 1))
                .collect(),
            ending: self
                .ending
                .as_ref()
                .and_then(ending_usi_word)
                .map(String::from),
            error: None,
        }
    }

    /// The game of an SFEN/USI record line. Moves that are no USI moves of the variant end
    /// the main line (the error says where).
    pub fn from_vrecord(rec: &VRecord) -> Result<(VGame, Option<VReadError>), VReadError> {
        let Some(start) = &rec.start else {
            let (column, message) = rec.error.clone().unwrap_or((1, "no start position".into()));
            return Err(read_error(rec.line, format!("column {column}: {message}")));
        };
        let mut pos = start.clone();
        let mut moves = Vec::new();
        let mut error = None;
        for (word, column) in &rec.moves {
            let Some(m) = pos.parse_usi(word) else {
                error = Some(read_error(
                    rec.line,
                    format!(
                        "column {column}: `{word}` is not a USI move of {}; the rest of the line is dropped",
                        pos.variant()
                    ),
                ));
                break;
            };
            moves.push(m);
            pos.play_lenient(m);
        }
        let game = VGame {
            start: start.clone(),
            moves,
            ending: rec.ending.as_deref().and_then(ending_from_usi_word),
            headers: Vec::new(),
        };
        Ok((game, error))
    }

    /// The SFEN line of the game (`sfen … moves … [ending]`), or the USI line (`position sfen
    /// … moves …`) with `usi_form`. Returns the line and what it cannot carry.
    pub fn to_sfen_line(&self, usi_form: bool) -> (String, Vec<String>) {
        let mut dropped = Vec::new();
        let v = self.variant();
        let mut text = String::new();
        if usi_form {
            text.push_str("position ");
        }
        text.push_str("sfen ");
        text.push_str(&self.start.to_sfen());
        let word = self.ending.as_ref().and_then(ending_usi_word);
        match (&self.ending, word) {
            (Some(_), Some(_)) if usi_form => note(&mut dropped, "the ending"),
            (Some(k), None) => note(&mut dropped, &format!("the ending ({k:?})")),
            _ => {}
        }
        if !self.headers.is_empty() {
            note(&mut dropped, "header lines");
        }
        let word = word.filter(|_| !usi_form);
        if !self.moves.is_empty() || word.is_some() {
            text.push_str(" moves");
        }
        for &m in &self.moves {
            text.push(' ');
            text.push_str(&usi(v, m));
        }
        if let Some(w) = word {
            text.push(' ');
            text.push_str(w);
        }
        (text, dropped)
    }

    /// The game as a record of the one record model (`Start::Variant`, or a standard
    /// game's start as every standard reader gives it; the main line, the ending, the
    /// headers), for the readers and writers every game shares.
    pub fn to_record(&self) -> Record {
        let mut r = Record::new();
        r.start = match self.variant() {
            Variant::Standard => crate::shogi::Setup::from_sfen(&self.start.to_sfen())
                .map(|s| Start::Position(s).normalized())
                .unwrap_or_default(),
            _ => Start::Variant(self.start.clone()),
        };
        for (key, value) in &self.headers {
            r.metadata.push(
                super::japanese::meta_key(key),
                key.as_str(),
                value.clone(),
                0,
            );
        }
        let mut at = MoveTree::ROOT;
        for &m in &self.moves {
            at = r.tree.push(at, NodeKind::Move(MoveEntry::new(m)), 0);
        }
        if let Some(kind) = &self.ending {
            let ending = Ending::new(kind.clone(), "");
            r.tree.push(at, NodeKind::Ending(Box::new(ending)), 0);
        }
        r
    }

    /// The main line of a record as a game, with what the game does not carry (`comments`,
    /// `move times`, `variations`, one entry each); a standard record's start is the generic
    /// core's position of standard shogi (`None` when it is no position that core can set up).
    pub fn from_record(r: &Record) -> Option<(VGame, Vec<String>)> {
        let standard;
        let start = match &r.start {
            Start::Variant(p) => p,
            other => {
                let sfen = other.setup().to_sfen();
                standard = VPosition::from_sfen_as(&sfen, Some(Variant::Standard)).ok()?;
                &standard
            }
        };
        let mut dropped = Vec::new();
        let tree = &r.tree;
        for id in tree.ids() {
            let node = tree.node(id);
            if !node.comments().is_empty() || !node.engine_comments().is_empty() {
                note(&mut dropped, "comments");
            }
            if node.time.is_some() {
                note(&mut dropped, "move times");
            }
        }
        if tree.has_variations() {
            note(&mut dropped, "variations");
        }
        let game = VGame {
            start: start.clone(),
            moves: tree.main_line_moves().map(|e| e.mv).collect(),
            ending: tree.main_line_ending().map(|e| e.kind.clone()),
            headers: r
                .metadata
                .entries()
                .iter()
                .map(|e| (e.raw_key.clone(), e.value.clone()))
                .collect(),
        };
        Some((game, dropped))
    }

    /// Whether the start is the variant's initial position.
    pub fn starts_initially(&self) -> bool {
        let init = VPosition::start(self.variant());
        init.to_sfen() == self.start.to_sfen()
    }
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

/// The `手合割` name written for a variant's initial position (`5五将棋` and
/// `どうぶつしょうぎ` as Lishogi writes them); `None` where no program names it: those are
/// written as `その他` with the board.
pub fn handicap_name(v: Variant) -> Option<&'static str> {
    match v {
        Variant::Standard => Some("平手"),
        Variant::Minishogi => Some("5五将棋"),
        Variant::Dobutsu => Some("どうぶつしょうぎ"),
        _ => None,
    }
}

/// The variant a `手合割` value names: Lishogi's names and their variants (`5五将棋`,
/// `五々将棋`, `５五将棋`, `どうぶつしょうぎ`, `動物将棋`, ...), and names seen for the others
/// (`ごろごろ将棋`, `禽将棋`). `Some(Standard)` for the standard handicap names, `None` for
/// `その他` or an unknown name.
pub fn variant_from_handicap(name: &str) -> Option<Variant> {
    let n = super::japanese::trim_spaces(name);
    let n: String = n
        .chars()
        .filter(|c| !super::japanese::is_space(*c))
        .collect();
    Some(match n.as_str() {
        "5五将棋" | "五々将棋" | "５五将棋" | "五五将棋" | "5五" | "五々" | "５五"
        | "minishogi" => Variant::Minishogi,
        "どうぶつしょうぎ"
        | "どうぶつ将棋"
        | "どうぶつ"
        | "動物将棋"
        | "動物"
        | "doubutsu"
        | "dobutsu" => Variant::Dobutsu,
        "ごろごろ将棋" | "ゴロゴロ将棋" | "ゴロゴロ" | "ごろごろ" | "5六将棋" | "gorogoro" => {
            Variant::Gorogoro
        }
        "ごろごろ将棋+" | "gorogoroplus" => Variant::GorogoroPlus,
        "禽将棋" | "鳥将棋" | "とり将棋" | "torishogi" => Variant::Torishogi,
        "その他" | "" => return None,
        _ => match super::japanese::handicap_from_name(&n) {
            super::japanese::HandicapName::Named(_) => Variant::Standard,
            _ => return None,
        },
    })
}

/// The name of a kind in a move (`歩`, `成銀`, `鷹`, `左鶉`, `ひよこ`).
pub fn piece_name(v: Variant, kind: VKind) -> &'static str {
    use VKind::*;
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
        Phoenix => "鵬",
        Falcon => "鷹",
        Eagle => "鵰",
        Crane => "鶴",
        Pheasant => "雉",
        LeftQuail => "左鶉",
        RightQuail => "右鶉",
        Swallow => "燕",
        Goose => "鴈",
        Lion => "ライオン",
        Giraffe => "きりん",
        Elephant => "ぞう",
        Chick => "ひよこ",
        Hen => {
            let _ = v;
            "にわとり"
        }
    }
}

/// The one character a board diagram shows for a kind (`と 杏 圭 全` for the promoted
/// standard pieces; Tori's quails as `左` and `右`; Lishogi's `ラ き ぞ ひ に` for 3x4).
pub fn board_char(kind: VKind) -> char {
    use VKind::*;
    match kind {
        ProLance => '杏',
        ProKnight => '圭',
        ProSilver => '全',
        LeftQuail => '左',
        RightQuail => '右',
        Lion => 'ラ',
        Giraffe => 'き',
        Elephant => 'ぞ',
        Chick => 'ひ',
        Hen => 'に',
        k => piece_name(Variant::Standard, k)
            .chars()
            .next()
            .expect("a name"),
    }
}

/// Every name a reader accepts for the kinds of `v` (moves, hands and board cells), longest
/// first.
pub fn names(v: Variant) -> Vec<(&'static str, VKind)> {
    use VKind::*;
    let mut out: Vec<(&'static str, VKind)> = Vec::new();
    for &k in v.kinds() {
        for kind in [Some(k), k.promote()].into_iter().flatten() {
            out.push((piece_name(v, kind), kind));
        }
    }
    let extra: &[(&str, VKind)] = match v {
        Variant::Torishogi => &[
            ("左", LeftQuail),
            ("右", RightQuail),
            ("雁", Goose),
            ("鵰", Eagle),
        ],
        Variant::Dobutsu => &[
            ("ラ", Lion),
            ("らいおん", Lion),
            ("獅子", Lion),
            ("き", Giraffe),
            ("キ", Giraffe),
            ("キリン", Giraffe),
            ("麒麟", Giraffe),
            ("ぞ", Elephant),
            ("ゾ", Elephant),
            ("ゾウ", Elephant),
            ("象", Elephant),
            ("ひ", Chick),
            ("ヒ", Chick),
            ("ヒヨコ", Chick),
            ("ひよ子", Chick),
            ("に", Hen),
            ("ニ", Hen),
            ("ニワトリ", Hen),
            ("鶏", Hen),
        ],
        _ => &[
            ("王", King),
            ("竜", Dragon),
            ("杏", ProLance),
            ("圭", ProKnight),
            ("全", ProSilver),
        ],
    };
    for &(name, kind) in extra {
        if v.has_kind(kind) {
            out.push((name, kind));
        }
    }
    out.sort_by_key(|(n, _)| std::cmp::Reverse(n.chars().count()));
    out
}

/// The kind whose name starts `s` (longest name first), with the bytes taken.
pub fn parse_piece(v: Variant, s: &str) -> Option<(VKind, usize)> {
    names(v)
        .into_iter()
        .find(|(n, _)| s.starts_with(n))
        .map(|(n, k)| (k, n.len()))
}

/// The variant a board of `files` x `ranks` is, with `plus` when a lance or knight is on
/// the board or in hand (5x6 is then gorogoroplus).
pub fn variant_from_board(files: u8, ranks: u8, plus: bool) -> Option<Variant> {
    let v = Variant::from_dimensions(files, ranks)?;
    Some(if v == Variant::Gorogoro && plus {
        Variant::GorogoroPlus
    } else {
        v
    })
}

/// The side name used in `…の勝ち` and hand lines.
pub(crate) fn side(c: Color) -> &'static str {
    super::japanese::side_name(c, false)
}

/// The error when a record is of another variant than `--variant` says.
pub fn mismatch(found: Variant, why: &str, forced: Variant) -> String {
    format!(
        "the record is {found} ({}x{} board{why}), but --variant says {forced}",
        found.files(),
        found.ranks()
    )
}

/// Whether a record of `found` may be read as `forced` (5x6 without a lance or knight may be
/// gorogoroplus).
pub fn fits(found: Variant, forced: Variant) -> bool {
    found == forced || (found == Variant::Gorogoro && forced == Variant::GorogoroPlus)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_to_their_kinds() {
        for v in Variant::ALL {
            for &k in v.kinds() {
                for kind in [Some(k), k.promote()].into_iter().flatten() {
                    let name = piece_name(v, kind);
                    assert_eq!(parse_piece(v, name), Some((kind, name.len())), "{v} {kind}");
                    let c = board_char(kind).to_string();
                    assert_eq!(
                        parse_piece(v, &c).map(|p| p.0),
                        Some(kind),
                        "{v} {kind} {c}"
                    );
                }
            }
        }
    }

    /// The oracle's random legal games of every variant, with an ending word on some.
    pub(crate) fn oracle_games() -> Vec<VGame> {
        let files = [
            include_str!("../../../testdata/variants/minishogi.usi"),
            include_str!("../../../testdata/variants/gorogoro.usi"),
            include_str!("../../../testdata/variants/gorogoroplus.usi"),
            include_str!("../../../testdata/variants/torishogi.usi"),
            include_str!("../../../testdata/variants/dobutsu.usi"),
        ];
        let endings = [
            None,
            Some("resign"),
            Some("timeout"),
            Some("abort"),
            Some("draw"),
        ];
        let mut out = Vec::new();
        for text in files {
            for (k, rec) in crate::formats::usi::variant_game::read_lines(text, None)
                .iter()
                .enumerate()
            {
                let (mut g, err) = VGame::from_vrecord(rec).unwrap();
                assert!(err.is_none(), "{err:?}");
                g.ending = endings[k % endings.len()].and_then(ending_from_usi_word);
                out.push(g);
            }
        }
        assert_eq!(out.len(), 50);
        out
    }

    /// Writes every oracle game with `write`, reads it back with `read`, and compares the
    /// start, the moves, the ending and the replay's outcome.
    pub(crate) fn round_trip(
        games: Vec<VGame>,
        write: impl Fn(&VGame) -> String,
        read: impl Fn(&str, Variant) -> VGame,
    ) {
        use crate::formats::usi::variant_game::{replay, VRules};
        for g in games {
            let text = write(&g);
            let back = read(&text, g.variant());
            assert_eq!(back.variant(), g.variant(), "{text}");
            assert_eq!(back.start.to_sfen(), g.start.to_sfen(), "{text}");
            assert_eq!(back.moves, g.moves, "{text}");
            assert_eq!(
                back.ending.as_ref().and_then(ending_usi_word),
                g.ending.as_ref().and_then(ending_usi_word),
                "{text}"
            );
            let a = replay(&g.to_vrecord(1), VRules::default());
            let b = replay(&back.to_vrecord(1), VRules::default());
            assert_eq!(
                (a.plies, a.outcome.reason, a.outcome.winner),
                (b.plies, b.outcome.reason, b.outcome.winner)
            );
        }
    }

    #[test]
    fn kif_round_trips_every_oracle_game() {
        round_trip(
            oracle_games(),
            |g| kif::write(g).0,
            |t, _| kif::read(t, None).unwrap().game,
        );
        // Read with --variant too.
        round_trip(
            oracle_games(),
            |g| kif::write(g).0,
            |t, v| kif::read(t, Some(v)).unwrap().game,
        );
    }

    /// JKF of every game, through the one reader and writer (`formats::jkf`).
    #[test]
    fn jkf_round_trips_every_oracle_game() {
        let jkf = |t: &str, forced: Option<Variant>| {
            let r = crate::formats::jkf::read_as(t, forced).remove(0);
            assert!(r.errors.is_empty(), "{:?}\n{t}", r.errors);
            VGame::from_record(&r).expect("a variant's record").0
        };
        let write = |g: &VGame| crate::formats::jkf::write(&g.to_record()).text;
        round_trip(oracle_games(), write, |t, _| jkf(t, None));
        round_trip(oracle_games(), write, |t, v| jkf(t, Some(v)));
    }

    #[test]
    fn handicap_names() {
        assert_eq!(variant_from_handicap("5五将棋"), Some(Variant::Minishogi));
        assert_eq!(variant_from_handicap("五々将棋"), Some(Variant::Minishogi));
        assert_eq!(
            variant_from_handicap("どうぶつしょうぎ"),
            Some(Variant::Dobutsu)
        );
        assert_eq!(variant_from_handicap("平手"), Some(Variant::Standard));
        assert_eq!(variant_from_handicap("香落ち"), Some(Variant::Standard));
        assert_eq!(variant_from_handicap("その他"), None);
    }
}
