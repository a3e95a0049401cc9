//! The two codes on hand-worked positions, against the bytes cshogi 1.1.0 writes for them
//! (`Board.to_hcp`, `Board.to_psfen`), both ways.

use super::*;

/// (SFEN, hcp, packed SFEN) as cshogi writes them.
const GOLDEN: &[(&str, &str, &str)] = &[
    (
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "58a449210cd757217e8e4d212caf427814c2ab109e4d212cd75f213e8e49210c",
        "58a451220ceb67227e9653221caf447824c22b119e53221ceb6f223e9651220c",
    ),
    // Hands of every kind on both sides, every promoted kind on the board, white to move,
    // the kings in two corners (9i and 1a).
    (
        "8k/9/G8/9/4+P4/9/9/2+r+B+s+N+l2/K8 w R2GS2NL9Pbg2sn2l8p 1",
        "a10000008019e004c90ef009f00f000f0000004018a39cf32349928c71d67abf",
        "a100000080196003c50df005f00f000f0000004028659cf32149928cb1ce799f",
    ),
    // Two-piece handicap: the rook and bishop are in the box.
    (
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "59a449210c9742fc1c9b42585e85f0288457213c9b42582e85f8382685303c5e",
        "59a451220cab44fc2ca744385e89f0488457223ca744385689f858468930bc7e",
    ),
    // The other two corners (1i and 9a), everything in black's hand, then in white's.
    (
        "k8/9/9/9/9/9/9/9/8K b 2R2B4G4S4N4L18P 1",
        "104800000000000000000000000000000000104208638c514a29e79cf3f9fc7e",
        "104800000000000000000000000000000000104208a59432c618e79cf3787c3e",
    ),
    (
        "k8/9/9/9/9/9/9/9/8K w 2r2b4g4s4n4l18p 1",
        "11480000000000000000000049922449922419638c73ce596badf7defbfdfeff",
        "11480000000000000000000049922449922419638cb5d63ae79cf7defb7c7ebf",
    ),
];

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap();
    }
    out
}

/// The SFEN of a decoded setup (move number 1, as written).
fn sfen_of(setup: &Setup) -> String {
    Position::from_setup(setup).unwrap().to_sfen()
}

#[test]
fn positions_encode_to_cshogis_bytes() {
    for (sfen, hcp, psfen) in GOLDEN {
        let pos = Position::from_sfen(sfen).unwrap();
        assert_eq!(
            hex(&encode(&pos, Packing::Hcp).unwrap()),
            *hcp,
            "hcp of {sfen}"
        );
        assert_eq!(
            hex(&encode(&pos, Packing::Psfen).unwrap()),
            *psfen,
            "packed SFEN of {sfen}"
        );
    }
}

#[test]
fn cshogis_bytes_decode_to_the_positions() {
    for (sfen, hcp, psfen) in GOLDEN {
        let want = Position::from_sfen(sfen).unwrap().to_sfen();
        assert_eq!(sfen_of(&decode(&unhex(hcp), Packing::Hcp).unwrap()), want);
        assert_eq!(
            sfen_of(&decode(&unhex(psfen), Packing::Psfen).unwrap()),
            want
        );
    }
}

#[test]
fn the_first_bits_are_the_side_and_the_king_squares() {
    // Worked by hand: white to move (bit 0 = 1), black king on 9i = 80 = 0b1010000 (bits
    // 1..7), white king on 1a = 0 (bits 8..14): byte 0 = 1 | 0b0000_0000 << 1 ... = 0xa1.
    let pos = Position::from_sfen(GOLDEN[1].0).unwrap();
    let bytes = encode(&pos, Packing::Hcp).unwrap();
    assert_eq!(bytes[0], 0b1010_0001);
    assert_eq!(bytes[1] & 0x7f, 0);
    // Startpos: black (0), black king 5i = 4*9 + 8 = 44, white king 5a = 36.
    let bytes = encode(&Position::startpos(), Packing::Psfen).unwrap();
    let mut r = BitReader::new(&bytes);
    assert_eq!(r.bits(1), Some(0));
    assert_eq!(r.bits(7), Some(44));
    assert_eq!(r.bits(7), Some(36));
    // 1a: white lance, YaneuraOu's 0011 (read lowest first: 1, 1, 0, 0), no promotion,
    // white: 1,1,0,0,0,1 = 0b100011.
    assert_eq!(r.bits(6), Some(0b100011));
}

#[test]
fn positions_the_codes_cannot_hold_are_refused() {
    let no_king = Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b - 1").unwrap();
    assert_eq!(
        encode(&no_king, Packing::Hcp),
        Err(EncodeError::NoKing(Color::Black))
    );
    let pawns = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 19P 1").unwrap();
    assert_eq!(
        encode(&pawns, Packing::Psfen),
        Err(EncodeError::TooManyPieces {
            kind: PieceKind::Pawn,
            count: 19
        })
    );
}

#[test]
fn bytes_that_are_no_position_are_errors_not_panics() {
    // King square 81 (what cshogi writes for a missing king).
    let mut bad = unhex(GOLDEN[0].1);
    bad[0] = (bad[0] & 1) | (81 << 1);
    assert!(matches!(
        decode(&bad, Packing::Hcp),
        Err(DecodeError::KingSquare(Color::Black, 81))
    ));
    // Both kings on one square.
    let mut together = [0u8; 32];
    together[0] = 5 << 1;
    together[1] = 5;
    assert_eq!(
        decode(&together, Packing::Psfen),
        Err(DecodeError::KingsTogether(5))
    );
    // All ones: the board codes run past the set.
    assert!(decode(&[0xff; 32], Packing::Hcp).is_err());
    for seed in 0u32..2000 {
        let mut data = [0u8; 32];
        let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
        for b in &mut data {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            *b = x as u8;
        }
        for packing in [Packing::Hcp, Packing::Psfen] {
            if let Ok(setup) = decode(&data, packing) {
                assert!(Position::from_setup(&setup).is_ok());
            }
        }
    }
}
