//! The standard handicap starts (駒落ち), by their KIF names and JKF preset codes.
//!
//! In every handicap game the handicap giver (上手) plays white and moves first, so each
//! setup has white to move. The rows follow Kakinoki's 手合割 list; `トンボ` and `十九枚落ち`
//! are rarer names some programs write (king, rook, bishop and pawns; the king alone).

use super::position::Position;
use super::setup::{Setup, STARTPOS_SFEN};

/// A named start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Handicap {
    /// 平手: the even game, black moves first.
    Even,
    /// 香落ち: white's 1一 lance removed.
    Lance,
    /// 右香落ち: white's 9一 lance removed.
    RightLance,
    /// 角落ち.
    Bishop,
    /// 飛車落ち.
    Rook,
    /// 飛香落ち.
    RookLance,
    /// 二枚落ち.
    TwoPieces,
    /// 三枚落ち.
    ThreePieces,
    /// 四枚落ち.
    FourPieces,
    /// 五枚落ち.
    FivePieces,
    /// 左五枚落ち.
    LeftFivePieces,
    /// 六枚落ち.
    SixPieces,
    /// 左七枚落ち.
    LeftSevenPieces,
    /// 右七枚落ち.
    RightSevenPieces,
    /// 八枚落ち.
    EightPieces,
    /// 十枚落ち.
    TenPieces,
    /// トンボ: king, rook, bishop and pawns.
    Dragonfly,
    /// 十九枚落ち: the king alone.
    NineteenPieces,
}

struct Row {
    handicap: Handicap,
    name: &'static str,
    aliases: &'static [&'static str],
    jkf: &'static str,
    sfen: &'static str,
}

macro_rules! row {
    ($h:ident, $name:expr, [$($alias:expr),*], $jkf:expr, $top:expr) => {
        Row { handicap: Handicap::$h, name: $name, aliases: &[$($alias),*], jkf: $jkf, sfen: concat!($top, "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1") }
    };
}

static ROWS: [Row; 18] = [
    Row {
        handicap: Handicap::Even,
        name: "平手",
        aliases: &[],
        jkf: "HIRATE",
        sfen: STARTPOS_SFEN,
    },
    row!(
        Lance,
        "香落ち",
        ["香落", "左香落ち"],
        "KY",
        "lnsgkgsn1/1r5b1"
    ),
    row!(
        RightLance,
        "右香落ち",
        ["右香落"],
        "KY_R",
        "1nsgkgsnl/1r5b1"
    ),
    row!(Bishop, "角落ち", ["角落"], "KA", "lnsgkgsnl/1r7"),
    row!(
        Rook,
        "飛車落ち",
        ["飛落ち", "飛車落", "飛落"],
        "HI",
        "lnsgkgsnl/7b1"
    ),
    row!(
        RookLance,
        "飛香落ち",
        ["飛車香落ち", "飛香落"],
        "HIKY",
        "lnsgkgsn1/7b1"
    ),
    row!(
        TwoPieces,
        "二枚落ち",
        ["二枚落", "2枚落ち"],
        "2",
        "lnsgkgsnl/9"
    ),
    row!(
        ThreePieces,
        "三枚落ち",
        ["三枚落", "3枚落ち"],
        "3",
        "lnsgkgsn1/9"
    ),
    row!(
        FourPieces,
        "四枚落ち",
        ["四枚落", "4枚落ち"],
        "4",
        "1nsgkgsn1/9"
    ),
    row!(
        FivePieces,
        "五枚落ち",
        ["五枚落", "右五枚落ち", "5枚落ち"],
        "5",
        "2sgkgsn1/9"
    ),
    row!(
        LeftFivePieces,
        "左五枚落ち",
        ["左五枚落"],
        "5_L",
        "1nsgkgs2/9"
    ),
    row!(
        SixPieces,
        "六枚落ち",
        ["六枚落", "6枚落ち"],
        "6",
        "2sgkgs2/9"
    ),
    row!(
        LeftSevenPieces,
        "左七枚落ち",
        ["左七枚落", "七枚落ち"],
        "7_L",
        "2sgkg3/9"
    ),
    row!(
        RightSevenPieces,
        "右七枚落ち",
        ["右七枚落"],
        "7_R",
        "3gkgs2/9"
    ),
    row!(
        EightPieces,
        "八枚落ち",
        ["八枚落", "8枚落ち"],
        "8",
        "3gkg3/9"
    ),
    row!(TenPieces, "十枚落ち", ["十枚落", "10枚落ち"], "10", "4k4/9"),
    row!(Dragonfly, "トンボ", ["トンボ落ち"], "", "4k4/1r5b1"),
    Row {
        handicap: Handicap::NineteenPieces,
        name: "十九枚落ち",
        aliases: &["十九枚落"],
        jkf: "",
        sfen: "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
];

impl Handicap {
    /// Every named start, the even game first.
    pub fn all() -> impl Iterator<Item = Handicap> {
        ROWS.iter().map(|r| r.handicap)
    }

    fn row(self) -> &'static Row {
        ROWS.iter()
            .find(|r| r.handicap == self)
            .expect("every handicap has a row")
    }

    /// The KIF 手合割 name, such as `角落ち`.
    pub fn japanese(self) -> &'static str {
        self.row().name
    }

    /// The JKF `initial.preset` code, such as `KA` (`None` for names JKF lacks).
    pub fn jkf_preset(self) -> Option<&'static str> {
        Some(self.row().jkf).filter(|s| !s.is_empty())
    }

    /// The start position as SFEN.
    pub fn sfen(self) -> &'static str {
        self.row().sfen
    }

    /// The start position.
    pub fn setup(self) -> Setup {
        static SETUPS: std::sync::OnceLock<Vec<Setup>> = std::sync::OnceLock::new();
        let setups = SETUPS.get_or_init(|| {
            ROWS.iter()
                .map(|r| Setup::from_sfen(r.sfen).expect("handicap SFENs are valid"))
                .collect()
        });
        let i = ROWS
            .iter()
            .position(|r| r.handicap == self)
            .expect("every handicap has a row");
        setups[i].clone()
    }

    /// The starting position, built once per handicap for the whole run.
    pub fn position(self) -> Position {
        static POSITIONS: std::sync::OnceLock<Vec<Position>> = std::sync::OnceLock::new();
        let positions = POSITIONS.get_or_init(|| {
            ROWS.iter()
                .map(|r| {
                    let setup = Setup::from_sfen(r.sfen).expect("handicap SFENs are valid");
                    Position::from_setup(&setup).expect("handicap positions are valid")
                })
                .collect()
        });
        let i = ROWS
            .iter()
            .position(|r| r.handicap == self)
            .expect("every handicap has a row");
        positions[i].clone()
    }

    /// The handicap a KIF 手合割 value names (surrounding spaces and common variants such as
    /// `香落` are accepted).
    pub fn from_japanese(name: &str) -> Option<Handicap> {
        let name = name.trim_matches(|c: char| c.is_whitespace() || c == '\u{3000}');
        ROWS.iter()
            .find(|r| r.name == name || r.aliases.contains(&name))
            .map(|r| r.handicap)
    }

    /// The handicap a JKF preset code names.
    pub fn from_jkf(code: &str) -> Option<Handicap> {
        ROWS.iter()
            .find(|r| !r.jkf.is_empty() && r.jkf == code)
            .map(|r| r.handicap)
    }

    /// The named start whose board, hands and side to move equal `setup`'s, if any.
    pub fn identify(setup: &Setup) -> Option<Handicap> {
        ROWS.iter().map(|r| r.handicap).find(|h| {
            let s = h.setup();
            s.board == setup.board && s.hands == setup.hands && s.side_to_move == setup.side_to_move
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::{Color, PieceKind, Square};

    #[test]
    fn every_handicap_has_white_to_move_and_round_trips() {
        for h in Handicap::all() {
            let s = h.setup();
            let expected = if h == Handicap::Even {
                Color::Black
            } else {
                Color::White
            };
            assert_eq!(s.side_to_move, expected, "{h:?}");
            assert_eq!(Handicap::identify(&s), Some(h));
            assert_eq!(Handicap::from_japanese(h.japanese()), Some(h));
            if let Some(code) = h.jkf_preset() {
                assert_eq!(Handicap::from_jkf(code), Some(h));
            }
        }
    }

    #[test]
    fn every_handicap_position_is_sound_and_cached_right() {
        // The replay skips the start-position checks for named starts: keep them sound.
        for h in Handicap::all() {
            let p = h.position();
            assert_eq!(p.setup_problems(), Vec::new(), "{h:?}");
            assert_eq!(p, Position::from_setup(&h.setup()).unwrap(), "{h:?}");
        }
    }

    #[test]
    fn removed_squares_match_the_kif_table() {
        let empty =
            |h: Handicap, f: u8, r: u8| h.setup().piece_at(Square::new(f, r).unwrap()).is_none();
        assert!(empty(Handicap::Lance, 1, 1));
        assert!(empty(Handicap::RightLance, 9, 1));
        assert!(empty(Handicap::Bishop, 2, 2));
        assert!(empty(Handicap::Rook, 8, 2));
        assert!(empty(Handicap::FivePieces, 8, 1) && !empty(Handicap::FivePieces, 2, 1));
        assert!(empty(Handicap::LeftFivePieces, 2, 1) && !empty(Handicap::LeftFivePieces, 8, 1));
        assert!(empty(Handicap::LeftSevenPieces, 3, 1) && !empty(Handicap::LeftSevenPieces, 7, 1));
        assert!(
            empty(Handicap::RightSevenPieces, 7, 1) && !empty(Handicap::RightSevenPieces, 3, 1)
        );
        let ten = Handicap::TenPieces.setup();
        let white_pieces = ten
            .board
            .iter()
            .flatten()
            .filter(|p| p.color == Color::White)
            .count();
        assert_eq!(white_pieces, 10);
        assert_eq!(Handicap::from_japanese(" 香落 "), Some(Handicap::Lance));
        assert_eq!(Handicap::from_japanese("その他"), None);
        assert_eq!(
            Handicap::NineteenPieces
                .setup()
                .board
                .iter()
                .flatten()
                .filter(|p| p.color == Color::White)
                .map(|p| p.kind)
                .collect::<Vec<_>>(),
            vec![PieceKind::King]
        );
    }
}
