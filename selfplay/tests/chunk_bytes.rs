//! The self-play data stream stays byte-identical: chunks played for fixed
//! specs hash to the values `xiangqi-engine datagen` wrote before the
//! self-play code left the engine crate and before its generator became
//! `xiangqi::Rng`.

use std::sync::atomic::AtomicBool;

use sha2::{Digest, Sha256};
use xiangqi::{MaterialPst, Searcher};
use xiangqi_selfplay::games::{GamesInfo, read_games, write_games};
use xiangqi_selfplay::{Chunk, ChunkSpec, default_openings, play_chunk, play_games};

/// The SHA-256 of the chunk file `spec` gives, played as `datagen` plays it
/// (the classical evaluator, the default openings).
fn chunk_sha256(spec: ChunkSpec) -> String {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(MaterialPst::default());
    let chunk =
        play_chunk(&mut searcher, &spec, &default_openings(), &stop, |_| {}).expect("not stopped");
    Sha256::digest(chunk.to_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The SHA-256 of the chunk file rebuilt from the game file of `spec`'s
/// games (played as `datagen --format games` plays them, written, read
/// back, replayed); also checks that the game file is at most a fifth of
/// the chunk's size.
fn chunk_sha256_through_games(spec: ChunkSpec) -> String {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(MaterialPst::default());
    let games =
        play_games(&mut searcher, &spec, &default_openings(), &stop, |_| {}).expect("not stopped");
    let bytes = write_games(&GamesInfo::new(spec.info(), None), &games).expect("games replay");
    let file = read_games(&bytes).expect("a game file");
    assert_eq!(file.games, games);
    let chunk = Chunk {
        info: file.info.chunk(),
        records: file.records,
    };
    assert!(
        bytes.len() * 5 < chunk.to_bytes().len(),
        "{} bytes",
        bytes.len()
    );
    assert_eq!(Chunk::from_games(spec.info(), &games), Ok(chunk.clone()));
    hex(&chunk.to_bytes())
}

/// The pinned chunks: their specs and the SHA-256 of their files.
const PINNED: [(ChunkSpec, &str); 2] = [
    (
        ChunkSpec {
            seed: 3,
            index: 0,
            games: 1,
            nodes: 100,
        },
        "66562a9a9de50453e17e9eaaabeed0d871fcb02af20557cf67660ab2181333ef",
    ),
    (
        ChunkSpec {
            seed: 7,
            index: 1,
            games: 2,
            nodes: 300,
        },
        "c173853aaa59b851752c026f222fdf157b769f1ac4e7519e2b9ff16bf00f0d12",
    ),
];

#[test]
fn game_files_give_the_pinned_chunks() {
    for (spec, sha) in PINNED {
        assert_eq!(chunk_sha256_through_games(spec), sha, "{spec:?}");
    }
}

#[test]
fn chunks_hash_as_before_the_split() {
    // From commit 5c6d65f: `xiangqi-engine datagen --chunks 1
    // --games-per-chunk 1 --nodes 100 --seed 3`, `sha256sum
    // s3-n100-000000.xqd`.
    let spec = ChunkSpec {
        seed: 3,
        index: 0,
        games: 1,
        nodes: 100,
    };
    assert_eq!(
        chunk_sha256(spec),
        "66562a9a9de50453e17e9eaaabeed0d871fcb02af20557cf67660ab2181333ef"
    );
    // From commit 5c6d65f: `xiangqi-engine datagen --chunks 2
    // --games-per-chunk 2 --nodes 300 --seed 7 --threads 2`, `sha256sum
    // s7-n300-000001.xqd` (a later chunk, two games).
    let spec = ChunkSpec {
        seed: 7,
        index: 1,
        games: 2,
        nodes: 300,
    };
    assert_eq!(
        chunk_sha256(spec),
        "c173853aaa59b851752c026f222fdf157b769f1ac4e7519e2b9ff16bf00f0d12"
    );
}
