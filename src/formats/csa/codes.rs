//! The words CSA gives pieces and special moves, which JKF borrows: `FU`..`RY`, `%TORYO`...

use crate::record::EndingKind;
use crate::shogi::{Color, PieceKind};

/// The piece kind a CSA code names.
#[inline]
pub(crate) fn piece_from_code(code: &[u8]) -> Option<PieceKind> {
    use PieceKind::*;
    let [a, b] = *code else {
        return None;
    };
    Some(match (a, b) {
        (b'F', b'U') => Pawn,
        (b'K', b'Y') => Lance,
        (b'K', b'E') => Knight,
        (b'G', b'I') => Silver,
        (b'K', b'I') => Gold,
        (b'K', b'A') => Bishop,
        (b'H', b'I') => Rook,
        (b'O', b'U') => King,
        (b'T', b'O') => ProPawn,
        (b'N', b'Y') => ProLance,
        (b'N', b'K') => ProKnight,
        (b'N', b'G') => ProSilver,
        (b'U', b'M') => Horse,
        (b'R', b'Y') => Dragon,
        _ => return None,
    })
}

/// The CSA code of a piece kind.
pub(crate) fn code_of(kind: PieceKind) -> &'static str {
    use PieceKind::*;
    match kind {
        Pawn => "FU",
        Lance => "KY",
        Knight => "KE",
        Silver => "GI",
        Gold => "KI",
        Bishop => "KA",
        Rook => "HI",
        King => "OU",
        ProPawn => "TO",
        ProLance => "NY",
        ProKnight => "NK",
        ProSilver => "NG",
        Horse => "UM",
        Dragon => "RY",
    }
}

/// The ending a special move names (`TORYO` for `%TORYO`); `Unknown` for a word CSA does
/// not define.
pub(crate) fn special_kind(word: &[u8]) -> EndingKind {
    match word {
        b"TORYO" => EndingKind::Resignation,
        b"CHUDAN" => EndingKind::Abort,
        b"SENNICHITE" => EndingKind::Repetition,
        b"OUTE_SENNICHITE" => EndingKind::PerpetualCheck,
        b"TIME_UP" => EndingKind::Timeout,
        b"ILLEGAL_MOVE" => EndingKind::IllegalMove,
        b"+ILLEGAL_ACTION" => EndingKind::IllegalAction {
            loser: Color::Black,
        },
        b"-ILLEGAL_ACTION" => EndingKind::IllegalAction {
            loser: Color::White,
        },
        b"JISHOGI" => EndingKind::Impasse,
        b"KACHI" => EndingKind::Declaration,
        b"HIKIWAKE" => EndingKind::Draw,
        b"MAX_MOVES" => EndingKind::MaxMoves,
        b"TSUMI" => EndingKind::Checkmate,
        b"FUZUMI" => EndingKind::NoMate,
        b"MATTA" => EndingKind::Matta,
        b"ERROR" => EndingKind::Error,
        _ => EndingKind::Unknown,
    }
}

/// The special move (without its `%`) that stands for an ending of `kind`, the side to move
/// being `to_move`; `None` for the endings CSA has no word for.
pub(crate) fn special_word(kind: &EndingKind, to_move: Color) -> Option<&'static str> {
    use EndingKind::*;
    Some(match kind {
        Resignation => "TORYO",
        Abort => "CHUDAN",
        Repetition => "SENNICHITE",
        PerpetualCheck => "OUTE_SENNICHITE",
        Impasse => "JISHOGI",
        Declaration => "KACHI",
        Timeout => "TIME_UP",
        IllegalMove => "ILLEGAL_MOVE",
        IllegalAction {
            loser: Color::Black,
        } => "+ILLEGAL_ACTION",
        IllegalAction {
            loser: Color::White,
        } => "-ILLEGAL_ACTION",
        // The side to move wins by the other side's foul.
        FoulWin => match to_move {
            Color::Black => "-ILLEGAL_ACTION",
            Color::White => "+ILLEGAL_ACTION",
        },
        Draw => "HIKIWAKE",
        MaxMoves => "MAX_MOVES",
        Checkmate => "TSUMI",
        NoMate => "FUZUMI",
        Matta => "MATTA",
        Error => "ERROR",
        ForfeitWin | ForfeitLoss | Sealed | Try | Unknown => return None,
    })
}
