//! Self-play data for tuning: quiet positions labelled with game results.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;

use xiangqi::{Color, Game, Limits, Position, Score, Searcher};

pub struct Options {
    pub games: usize,
    pub nodes: u64,
    pub threads: usize,
    pub seed: u64,
    pub out: String,
}

/// xorshift64*: enough randomness to pick opening moves.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// Red's point of view of a search score, in centipawns (mates as ±30000).
fn red_cp(score: Score, turn: Color) -> i32 {
    let cp = match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 30_000,
        Score::Mate(_) => -30_000,
    };
    if turn == Color::Red { cp } else { -cp }
}

/// A random opening within `MAX_IMBALANCE` of balance, or `None`.
fn opening(rng: &mut Rng, searcher: &mut Searcher) -> Option<Game> {
    const MAX_IMBALANCE: i32 = 120;
    let mut game = Game::new();
    let plies = 4 + rng.below(6);
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.below(moves.len())];
        game.play(m).ok()?;
        if game.outcome().is_some() {
            return None;
        }
    }
    searcher.clear();
    let r = searcher.search_simple(game.position(), &Limits::depth(6));
    match r.score {
        Score::Cp(cp) if cp.abs() <= MAX_IMBALANCE => Some(game),
        _ => None,
    }
}

/// Plays one game from `game`; returns the quiet positions and Red's result.
fn play(game: &mut Game, searcher: &mut Searcher, nodes: u64) -> (Vec<String>, f32) {
    const MAX_PLIES: usize = 400;
    const DECISIVE: i32 = 1500;
    const AGREE_PLIES: usize = 8;
    let stop = AtomicBool::new(false);
    let limits = Limits::nodes(nodes);
    let mut quiet = Vec::new();
    let mut streak: (i32, usize) = (0, 0);
    searcher.clear();
    loop {
        if let Some(v) = game.outcome() {
            let result = match v.winner {
                Some(Color::Red) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            return (quiet, result);
        }
        if game.ply() >= MAX_PLIES {
            return (quiet, 0.5);
        }
        let pos: Position = game.position().clone();
        let r = searcher.search(game, &limits, &stop, |_| {});
        let Some(m) = r.best_move else {
            return (quiet, 0.5);
        };
        let cp = red_cp(r.score, pos.turn());
        let capture = pos.board().piece_at(m.to()).is_some();
        if !pos.is_check() && !capture && cp.abs() < DECISIVE {
            quiet.push(pos.to_string());
        }
        let sign = if cp >= DECISIVE {
            1
        } else if cp <= -DECISIVE {
            -1
        } else {
            0
        };
        streak = if sign != 0 && sign == streak.0 {
            (sign, streak.1 + 1)
        } else {
            (sign, usize::from(sign != 0))
        };
        if streak.1 >= AGREE_PLIES {
            return (quiet, if sign > 0 { 1.0 } else { 0.0 });
        }
        if game.play(m).is_err() {
            return (quiet, 0.5);
        }
    }
}

pub fn run(opt: &Options) -> Result<(), String> {
    let file = std::fs::File::create(&opt.out).map_err(|e| format!("{}: {e}", opt.out))?;
    let mut out = std::io::BufWriter::new(file);
    let next = AtomicUsize::new(0);
    let (tx, rx) = channel::<(Vec<String>, f32)>();
    std::thread::scope(|scope| -> Result<(), String> {
        for t in 0..opt.threads.max(1) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                let mut searcher = Searcher::default();
                searcher.set_hash_size(16);
                let mut rng = Rng::new(opt.seed.wrapping_mul(1000).wrapping_add(t as u64));
                while next.fetch_add(1, Ordering::Relaxed) < opt.games {
                    let mut game = loop {
                        if let Some(g) = opening(&mut rng, &mut searcher) {
                            break g;
                        }
                    };
                    if tx.send(play(&mut game, &mut searcher, opt.nodes)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let (mut games, mut positions, mut score) = (0, 0, 0.0);
        for (lines, result) in rx {
            for l in &lines {
                writeln!(out, "{l};{result}").map_err(|e| e.to_string())?;
            }
            games += 1;
            positions += lines.len();
            score += result;
            if games % 100 == 0 {
                eprintln!("{games} games, {positions} positions, Red scores {score}");
            }
        }
        out.flush().map_err(|e| e.to_string())?;
        eprintln!("{games} games, {positions} positions, Red scores {score}");
        Ok(())
    })
}
