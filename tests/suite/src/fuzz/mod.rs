//! The bodies of the fuzz targets in `fuzz/fuzz_targets/`.

pub mod book;
pub mod fen;
pub mod nnue;
pub mod notation;
pub mod records_cb;
pub mod tablebase;
pub mod tree;
pub mod xqf;

use xiangqi::Validation;
use xiangqi::pgn::ReadOptions;

/// The options the PGN targets read under: the defaults, strict, and
/// lenient with variations.
fn pgn_read_options() -> [ReadOptions; 3] {
    [
        ReadOptions::default(),
        ReadOptions::default().with_strict(true),
        ReadOptions::default()
            .with_validation(Validation::Lenient)
            .with_variations(true),
    ]
}

/// What a line reader (`LineReader`, `TreeLineReader`) yields for `text`
/// fed to `push` a line at a time, then `finish`.
fn read_by_lines<R, T>(
    text: &str,
    reader: &mut R,
    push: fn(&mut R, &str) -> Option<T>,
    finish: fn(&mut R) -> Option<T>,
) -> Vec<T> {
    let mut fed: Vec<T> = text
        .split('\n')
        .filter_map(|line| push(reader, line))
        .collect();
    fed.extend(finish(reader));
    fed
}
