//! The trainer reads game files as it reads the chunk files of the same
//! games: the same positions, the same held-out chunks.

use super::*;
use xiangqi::{Game, Rng, Score};
use xiangqi_selfplay::games::{GamesInfo, write_games};
use xiangqi_selfplay::{Chunk, ChunkSpec, SelfPlayRecord, SelfPlayResult};

/// Random games from the start (random legal moves, random centipawn
/// scores), `n` of them.
fn games(seed: u64, n: usize) -> Vec<SelfPlayRecord> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|i| {
            let mut game = Game::new();
            while game.ply() < 60 && game.outcome().is_none() {
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.below(moves.len())]).unwrap();
            }
            let moves: Vec<_> = game.moves().collect();
            let opening = 4.min(moves.len());
            let scores = (opening..moves.len())
                .map(|_| Score::Cp(rng.below(4000) as i32 - 2000))
                .collect();
            SelfPlayRecord {
                moves,
                opening,
                scores,
                result: [
                    SelfPlayResult::BlackWins,
                    SelfPlayResult::Draw,
                    SelfPlayResult::RedWins,
                ][i % 3],
                last_move_played: true,
            }
        })
        .collect()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-dataset-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes chunks 0..5 of random games into `dir`: game files, chunk files
/// or both.
fn write(dir: &Path, games_files: bool, chunk_files: bool) {
    for index in 0..5u32 {
        let spec = ChunkSpec {
            seed: 3,
            index,
            games: 3,
            nodes: 6000,
        };
        let g = games(u64::from(index), 3);
        if games_files {
            let bytes = write_games(&GamesInfo::new(spec.info(), None), &g).unwrap();
            std::fs::write(dir.join(spec.games_file_name(Some(2))), bytes).unwrap();
        }
        if chunk_files {
            let chunk = Chunk::from_games(spec.info(), &g).unwrap();
            std::fs::write(dir.join(spec.file_name(Some(2))), chunk.to_bytes()).unwrap();
        }
    }
}

#[test]
fn game_files_load_as_their_chunk_files() {
    let o = LoadOptions {
        validation_every: 2,
        max_positions: usize::MAX,
        score_cap: 1500,
    };
    let (chunks, games, both) = (temp_dir("xqd"), temp_dir("xqg"), temp_dir("both"));
    write(&chunks, false, true);
    write(&games, true, false);
    write(&both, true, true);
    let from_chunks = load(std::slice::from_ref(&chunks), &o).unwrap();
    assert!(from_chunks.train.len() > 100 && from_chunks.excluded > 0);
    assert_eq!(
        (from_chunks.train_chunks, from_chunks.validation_chunks),
        (2, 3)
    );
    for dir in [&games, &both] {
        let d = load(std::slice::from_ref(dir), &o).unwrap();
        assert_eq!(d.train, from_chunks.train);
        assert_eq!(d.validation, from_chunks.validation);
        assert_eq!((d.train_chunks, d.validation_chunks), (2, 3));
        assert_eq!((d.excluded, d.skipped.len()), (from_chunks.excluded, 0));
    }
    // Both kinds listed once a chunk, the chunk file first.
    let files = chunk_files(&both).unwrap();
    assert_eq!(files.len(), 5);
    assert!(files.iter().all(|f| f.extension().unwrap() == "xqd"));
    assert!(chunk_files(&games).unwrap()[0].ends_with("g2-s3-n6000-000000.xqg"));
    // The size estimate reads the game files' headers.
    let expected = from_chunks.train.len() + from_chunks.validation.len() + from_chunks.excluded;
    let estimate: usize = chunk_files(&games)
        .unwrap()
        .iter()
        .map(|p| positions_in(p))
        .sum();
    assert_eq!(estimate, expected);
    // A corrupt game file is skipped with its reason; the next holds out.
    let first = chunk_files(&games).unwrap()[0].clone();
    let mut bytes = std::fs::read(&first).unwrap();
    *bytes.last_mut().unwrap() ^= 1;
    std::fs::write(&first, bytes).unwrap();
    let d = load(std::slice::from_ref(&games), &o).unwrap();
    assert_eq!(d.skipped.len(), 1);
    assert!(d.skipped[0].1.contains("checksum"), "{:?}", d.skipped);
    assert_eq!((d.train_chunks, d.validation_chunks), (2, 2));
    for dir in [chunks, games, both] {
        let _ = std::fs::remove_dir_all(dir);
    }
}
