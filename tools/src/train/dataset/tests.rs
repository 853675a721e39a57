//! The trainer reads game files as it reads the chunk files of the same
//! games: the same positions, the same held-out chunks.

use super::*;
use std::sync::atomic::AtomicBool;

use xiangqi::{MaterialPst, Searcher};
use xiangqi_selfplay::games::{GamesInfo, write_games};
use xiangqi_selfplay::{Chunk, ChunkSpec, SelfPlayRecord, play_games};

/// The games of chunk `spec`, played by the self-play (a material and
/// square-table searcher, `spec.nodes` nodes a move).
fn games(spec: &ChunkSpec) -> Vec<SelfPlayRecord> {
    let mut searcher = Searcher::new(MaterialPst::default());
    play_games(&mut searcher, spec, &[], &AtomicBool::new(false), |_| {}).unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-dataset-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes chunks 0..5 of self-play games into `dir`: game files, chunk files
/// or both.
fn write(dir: &Path, games_files: bool, chunk_files: bool) {
    for index in 0..5u32 {
        let spec = ChunkSpec {
            seed: 3,
            index,
            games: 3,
            nodes: 20,
        };
        let g = games(&spec);
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
    assert!(chunk_files(&games).unwrap()[0].ends_with("g2-s3-n20-000000.xqg"));
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
