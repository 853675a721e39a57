//! Self-play data for tuning: quiet positions labelled with game results.

use std::io::Write;

use xiangqi::{Game, MaterialPst, Rng, Searcher};
use xiangqi_selfplay::{SelfPlayResult, opening, play_game, red_cp};

use crate::file_error::FileError;
use crate::tune::TuneError;
use crate::work::Queue;

/// What `tune gen` plays.
pub struct TuneSelfPlayOptions {
    /// Number of games.
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Worker threads.
    pub threads: usize,
    /// The seed of the openings (thread `t`'s generator: `seed * 1000 + t`).
    pub seed: u64,
    /// The file to write.
    pub out: String,
}

/// Plays one game from `game`; returns its quiet positions (not in check,
/// best move no capture, neither side 1500 centipawns up) as FEN and Red's
/// result.
fn play(game: &mut Game, searcher: &mut Searcher<MaterialPst>, nodes: u64) -> (Vec<String>, f32) {
    const DECISIVE: i32 = 1500;
    let (searched, winner) = play_game(game, searcher, nodes);
    let quiet = searched
        .iter()
        .filter(|s| {
            let cp = red_cp(s.score, s.position.turn());
            !s.position.is_check() && !s.capture && cp.abs() < DECISIVE
        })
        .map(|s| s.position.to_string())
        .collect();
    (quiet, SelfPlayResult::from_winner(winner).red_score())
}

pub fn run(opt: &TuneSelfPlayOptions) -> Result<(), TuneError> {
    let file = std::fs::File::create(&opt.out).map_err(FileError::at(&opt.out))?;
    let mut out = std::io::BufWriter::new(file);
    let bar = crate::progress::bar("tune gen: games", opt.games as u64);
    let (mut games, mut positions, mut score) = (0, 0, 0.0);
    Queue::new(opt.threads).run::<_, _, TuneError>(
        opt.games,
        |t| {
            let mut searcher = Searcher::new(MaterialPst::default());
            searcher.set_hash_size(16);
            let rng = Rng::new(opt.seed.wrapping_mul(1000).wrapping_add(t as u64));
            Ok((searcher, rng))
        },
        |(searcher, rng), _| {
            let mut game = loop {
                let plies = 4 + rng.below(6);
                if let Some(g) = opening(rng, searcher, &[], plies) {
                    break g;
                }
            };
            Ok(play(&mut game, searcher, opt.nodes))
        },
        |_, (lines, result)| {
            for l in &lines {
                writeln!(out, "{l};{result}").map_err(FileError::at(&opt.out))?;
            }
            games += 1;
            positions += lines.len();
            score += result;
            bar.inc(1);
            bar.set_message(format!("{positions} positions, Red scores {score}"));
            Ok(true)
        },
    )?;
    bar.finish_and_clear();
    out.flush().map_err(FileError::at(&opt.out))?;
    eprintln!("{games} games, {positions} positions, Red scores {score}");
    Ok(())
}
