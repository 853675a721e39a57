//! The self-play data stream stays byte-identical: chunks played for fixed
//! specs hash to the values `xiangqi-engine datagen` wrote before the
//! self-play code left the engine crate and before its generator became
//! `xiangqi::Rng`.

use std::sync::atomic::AtomicBool;

use sha2::{Digest, Sha256};
use xiangqi::{MaterialPst, Searcher};
use xiangqi_selfplay::{ChunkSpec, default_openings, play_chunk};

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
