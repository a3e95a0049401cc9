//! Rules-core benchmarks: perft (bulk-counted and making every leaf move), legal move
//! generation, and diagnosing one move on random middle-game positions.
//!
//! Run: `cargo bench -p shogi-tool-bench` from the repository root. Figures and the
//! side-by-side comparison with the fastest crates.io generator are in BENCHMARKS.md.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use shogi_tool::shogi::{perft, Move, PieceKind, Position, Square};

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

/// Positions 30 to 80 plies into seeded random games.
fn middle_games(count: usize) -> Vec<Position> {
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::startpos();
        let plies = 30 + (next() % 50) as usize;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[(next() % moves.len() as u64) as usize]);
        }
        if pos.has_legal_moves() {
            out.push(pos);
        }
    }
    out
}

fn perft_benches(c: &mut Criterion) {
    let start = Position::startpos();
    let matsuri = Position::from_sfen(MATSURI).unwrap();
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    g.throughput(Throughput::Elements(19_861_490));
    g.bench_function("startpos-5-bulk", |b| {
        b.iter(|| perft::perft(black_box(&start), 5))
    });
    g.throughput(Throughput::Elements(719_731));
    g.bench_function("startpos-4-make-leaves", |b| {
        b.iter(|| perft::perft_make_leaves(black_box(&start), 4))
    });
    g.throughput(Throughput::Elements(4_809_015));
    g.bench_function("matsuri-3-bulk", |b| {
        b.iter(|| perft::perft(black_box(&matsuri), 3))
    });
    g.finish();
}

fn move_benches(c: &mut Criterion) {
    let positions = middle_games(256);
    // For each position one legal move and one pseudo-move that is most likely illegal.
    let mut probes: Vec<(Position, Move, Move)> = Vec::new();
    for (i, p) in positions.iter().enumerate() {
        let legal = p.legal_moves();
        let good = legal[i % legal.len()];
        let to = Square::from_index((i * 37) % 81).unwrap();
        let bad = match i % 3 {
            0 => Move::Drop {
                kind: PieceKind::Pawn,
                to,
            },
            1 => Move::Normal {
                from: good.to(),
                to,
                promote: i % 2 == 0,
            },
            _ => Move::Normal {
                from: to,
                to: good.to(),
                promote: false,
            },
        };
        probes.push((p.clone(), good, bad));
    }
    let mut g = c.benchmark_group("moves");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("legal-moves-list", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| p.legal_moves().len())
                .sum::<usize>()
        })
    });
    g.bench_function("legal-moves-count", |b| {
        b.iter(|| positions.iter().map(|p| p.count_legal_moves()).sum::<u64>())
    });
    g.bench_function("diagnose-legal", |b| {
        b.iter(|| {
            probes
                .iter()
                .filter(|(p, m, _)| p.diagnose(*m).is_ok())
                .count()
        })
    });
    g.bench_function("diagnose-illegal", |b| {
        b.iter(|| {
            probes
                .iter()
                .filter(|(p, _, m)| p.diagnose(*m).is_err())
                .count()
        })
    });
    g.bench_function("diagnose-and-play", |b| {
        b.iter_batched(
            || probes.clone(),
            |probes| {
                for (mut p, m, _) in probes {
                    let _ = p.play(m);
                    black_box(&p);
                }
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, perft_benches, move_benches);
criterion_main!(benches);
