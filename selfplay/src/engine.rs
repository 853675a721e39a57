//! Self-play with the engine's searcher, [`EngineSearcher`]: the classical
//! evaluator or a network of any width the engine plays (generation 2's
//! 128-wide `g2a` as well as the embedded 256-wide one), one call for all,
//! so that every front end (the `datagen` tool, Python, a Ray cluster)
//! replays any generation's data.

use std::sync::atomic::AtomicBool;

use xiangqi::Move;
use xiangqi_session::{EngineSearcher, Network};

use crate::{Chunk, ChunkSpec, SelfPlayRecord, play_chunk, play_games};

/// A fresh searcher for self-play: with `network`, at its width, or with
/// the classical evaluator (`None`). The same searcher as
/// [`Searcher::new`](xiangqi::Searcher::new) with that evaluator, so the
/// games are the same bytes.
///
/// ```
/// use xiangqi_selfplay::engine::searcher;
/// use xiangqi_session::Network;
///
/// assert!(!searcher(None).uses_network());
/// assert_eq!(searcher(Some(Network::default())).network_generation(), Some(6));
/// ```
pub fn searcher(network: Option<Network>) -> EngineSearcher {
    network.map_or_else(EngineSearcher::classical, EngineSearcher::network)
}

/// [`play_games`] with whichever evaluator `searcher` holds.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use xiangqi::nnue::{Activation, NetworkFile};
/// use xiangqi_selfplay::engine::{play_engine_games, searcher};
/// use xiangqi_selfplay::ChunkSpec;
/// use xiangqi_session::Network;
///
/// // A 128-wide network plays as well as the embedded 256-wide one.
/// let narrow = Network::from_bytes(&NetworkFile::new(128, 1, Activation::SCReLU).to_bytes()?)?;
/// let spec = ChunkSpec { seed: 3, index: 1, games: 1, nodes: 50 };
/// let stop = AtomicBool::new(false);
/// let games = play_engine_games(&mut searcher(Some(narrow)), &spec, &[], &stop, |_| {});
/// assert_eq!(games.map(|g| g.len()), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_engine_games(
    searcher: &mut EngineSearcher,
    spec: &ChunkSpec,
    openings: &[Vec<Move>],
    stop: &AtomicBool,
    on_game: impl FnMut(&SelfPlayRecord),
) -> Option<Vec<SelfPlayRecord>> {
    match searcher {
        EngineSearcher::Classical(s) => play_games(s, spec, openings, stop, on_game),
        EngineSearcher::Network128(s) => play_games(s, spec, openings, stop, on_game),
        EngineSearcher::Network256(s) => play_games(s, spec, openings, stop, on_game),
    }
}

/// [`play_chunk`] with whichever evaluator `searcher` holds.
pub fn play_engine_chunk(
    searcher: &mut EngineSearcher,
    spec: &ChunkSpec,
    openings: &[Vec<Move>],
    stop: &AtomicBool,
    on_game: impl FnMut(usize),
) -> Option<Chunk> {
    match searcher {
        EngineSearcher::Classical(s) => play_chunk(s, spec, openings, stop, on_game),
        EngineSearcher::Network128(s) => play_chunk(s, spec, openings, stop, on_game),
        EngineSearcher::Network256(s) => play_chunk(s, spec, openings, stop, on_game),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::nnue::Nnue;
    use xiangqi::{MaterialPst, Searcher};

    #[test]
    fn the_engine_searcher_plays_the_same_games_as_the_plain_one() {
        let spec = ChunkSpec {
            seed: 5,
            index: 2,
            games: 1,
            nodes: 200,
        };
        let stop = AtomicBool::new(false);
        let plain = play_games(
            &mut Searcher::new(MaterialPst::default()),
            &spec,
            &[],
            &stop,
            |_| {},
        );
        assert_eq!(
            play_engine_games(&mut searcher(None), &spec, &[], &stop, |_| {}),
            plain
        );
        let plain = play_chunk(
            &mut Searcher::new(Nnue::default()),
            &spec,
            &[],
            &stop,
            |_| {},
        );
        let net = Some(Network::default());
        assert_eq!(
            play_engine_chunk(&mut searcher(net), &spec, &[], &stop, |_| {}),
            plain
        );
    }
}
