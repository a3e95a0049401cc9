//! Rules-core benchmarks: perft (bulk-counted and making every leaf move), legal move
//! generation, and diagnosing one move on random middle-game positions.
//!
//! Run: `cargo bench --bench rules` (all), `cargo bench --bench rules -- perft` (those whose
//! name holds `perft`). Figures and the side-by-side comparison with the fastest crates.io
//! generator are in BENCHMARKS.md.
//!
//! A small timer of its own (median of samples after a warm-up) rather than criterion, whose
//! dozen dependencies every cold `cargo test` would compile (dev-dependencies are built for the
//! tests too): see BENCHMARKS.md, "Build time". Without `--bench` (as `cargo test --benches`
//! runs it) each benchmark runs once, as a smoke test.

use std::hint::black_box;
use std::time::{Duration, Instant};

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

fn perft_benches(b: &Bencher) {
    let start = Position::startpos();
    let matsuri = Position::from_sfen(MATSURI).unwrap();
    let samples = 10;
    b.run("perft/startpos-5-bulk", 19_861_490, samples, || {
        perft::perft(black_box(&start), 5)
    });
    b.run("perft/startpos-4-make-leaves", 719_731, samples, || {
        perft::perft_make_leaves(black_box(&start), 4)
    });
    b.run("perft/matsuri-3-bulk", 4_809_015, samples, || {
        perft::perft(black_box(&matsuri), 3)
    });
}

fn move_benches(b: &Bencher) {
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
    let n = positions.len() as u64;
    let samples = 30;
    b.run("moves/legal-moves-list", n, samples, || {
        positions
            .iter()
            .map(|p| p.legal_moves().len())
            .sum::<usize>()
    });
    b.run("moves/legal-moves-count", n, samples, || {
        positions.iter().map(|p| p.count_legal_moves()).sum::<u64>()
    });
    b.run("moves/diagnose-legal", n, samples, || {
        probes
            .iter()
            .filter(|(p, m, _)| p.diagnose(*m).is_ok())
            .count()
    });
    b.run("moves/diagnose-illegal", n, samples, || {
        probes
            .iter()
            .filter(|(p, _, m)| p.diagnose(*m).is_err())
            .count()
    });
    // The copies of the positions are made outside the timed part.
    b.run_batched(
        "moves/diagnose-and-play",
        n,
        samples,
        || probes.clone(),
        |probes| {
            for (mut p, m, _) in probes {
                let _ = p.play(m);
                black_box(&p);
            }
        },
    );
}

fn main() {
    let b = Bencher::from_args();
    perft_benches(&b);
    move_benches(&b);
}

/// How the benchmarks run: which ones (a substring of the name), and whether they are timed
/// (`cargo bench` passes `--bench`) or only run once.
struct Bencher {
    filter: Option<String>,
    timing: bool,
}

impl Bencher {
    fn from_args() -> Bencher {
        let mut b = Bencher {
            filter: None,
            timing: false,
        };
        for arg in std::env::args().skip(1) {
            if arg == "--bench" {
                b.timing = true;
            } else if !arg.starts_with('-') {
                b.filter = Some(arg);
            }
        }
        b
    }

    fn wanted(&self, name: &str) -> bool {
        self.filter.as_deref().is_none_or(|f| name.contains(f))
    }

    /// Times `routine`, one call of which handles `elements` things, and prints the median
    /// of `samples` samples.
    fn run<T>(&self, name: &str, elements: u64, samples: usize, mut routine: impl FnMut() -> T) {
        self.measure(name, elements, samples, |iters| {
            let start = Instant::now();
            for _ in 0..iters {
                black_box(routine());
            }
            start.elapsed()
        });
    }

    /// Like [`Bencher::run`], with an input made by `setup` for each call, outside the timing.
    fn run_batched<S, T>(
        &self,
        name: &str,
        elements: u64,
        samples: usize,
        mut setup: impl FnMut() -> S,
        mut routine: impl FnMut(S) -> T,
    ) {
        self.measure(name, elements, samples, |iters| {
            let mut spent = Duration::ZERO;
            for _ in 0..iters {
                let input = setup();
                let start = Instant::now();
                black_box(routine(black_box(input)));
                spent += start.elapsed();
            }
            spent
        });
    }

    /// `time(n)` runs the routine `n` times and says how long that took.
    fn measure(
        &self,
        name: &str,
        elements: u64,
        samples: usize,
        mut time: impl FnMut(u64) -> Duration,
    ) {
        if !self.wanted(name) {
            return;
        }
        if !self.timing {
            time(1);
            println!("{name}: ran once (cargo bench times it)");
            return;
        }
        // Warm-up and calibration: enough calls that one sample lasts about 50 ms.
        let target = Duration::from_millis(50);
        let mut iters = 1u64;
        let warm_up = Instant::now();
        loop {
            let t = time(iters);
            if t >= target || warm_up.elapsed() > Duration::from_secs(3) {
                let scale = target.as_secs_f64() / t.as_secs_f64().max(1e-9);
                iters = ((iters as f64 * scale).ceil() as u64).max(1);
                break;
            }
            iters *= 2;
        }
        let mut per_call: Vec<f64> = (0..samples)
            .map(|_| time(iters).as_secs_f64() / iters as f64)
            .collect();
        per_call.sort_by(f64::total_cmp);
        let median = per_call[per_call.len() / 2];
        let (low, high) = (per_call[0], per_call[per_call.len() - 1]);
        println!(
            "{name:<30} median {:>10}  [{} .. {}]  {}/s  ({samples} samples of {iters})",
            seconds(median),
            seconds(low),
            seconds(high),
            per_second(elements as f64 / median),
        );
    }
}

/// A duration in seconds with three significant figures and a unit.
fn seconds(s: f64) -> String {
    let (value, unit) = if s >= 1.0 {
        (s, "s")
    } else if s >= 1e-3 {
        (s * 1e3, "ms")
    } else if s >= 1e-6 {
        (s * 1e6, "µs")
    } else {
        (s * 1e9, "ns")
    };
    format!("{} {unit}", three_figures(value))
}

/// A rate with three significant figures (k, M, G).
fn per_second(r: f64) -> String {
    let (value, unit) = if r >= 1e9 {
        (r / 1e9, " G")
    } else if r >= 1e6 {
        (r / 1e6, " M")
    } else if r >= 1e3 {
        (r / 1e3, " k")
    } else {
        (r, " ")
    };
    format!("{}{unit}", three_figures(value))
}

fn three_figures(v: f64) -> String {
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}
