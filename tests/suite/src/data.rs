//! Helpers shared by the integration tests: reading committed data files,
//! the list of notations.

use std::fs;
use std::path::{Path, PathBuf};

use xiangqi::Validation;
use xiangqi::notation::{ChineseScript, Notation, UciRanks, WxfDialect};
use xiangqi::pgn::ReadOptions;

/// Every notation and dialect the crate writes and reads.
pub const NOTATIONS: [Notation; 8] = [
    Notation::Iccs,
    Notation::Uci(UciRanks::ZeroToNine),
    Notation::Uci(UciRanks::OneToTen),
    Notation::Wxf(WxfDialect::FairyStockfish),
    Notation::Wxf(WxfDialect::Wxf),
    Notation::Wxf(WxfDialect::WxfPrefix),
    Notation::Chinese(ChineseScript::Simplified),
    Notation::Chinese(ChineseScript::Traditional),
];

/// The path of a file under `tests/data`.
pub fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(name)
}

/// The non-empty, non-comment lines of a data file.
pub fn data_lines(name: &str) -> Vec<String> {
    let path = data_path(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// The lines of a data file (as [`data_lines`]) split at `|`, each into
/// exactly `fields` fields (a line with another count panics).
pub fn data_fields(name: &str, fields: usize) -> Vec<Vec<String>> {
    data_lines(name)
        .iter()
        .map(|line| {
            let f: Vec<String> = line.split('|').map(String::from).collect();
            assert_eq!(f.len(), fields, "bad line in {name}: {line}");
            f
        })
        .collect()
}

/// A perft record: a FEN and (depth, nodes) pairs.
pub struct PerftCase {
    pub fen: String,
    pub depths: Vec<(u32, u64)>,
}

/// Parses `<fen>;D1 <n>;D2 <n>...` lines.
pub fn perft_cases(name: &str) -> Vec<PerftCase> {
    data_lines(name)
        .iter()
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let depths = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').expect("`D<depth> <nodes>`");
                    let d = d.trim_start_matches('D').parse().expect("depth");
                    (d, n.trim().parse().expect("node count"))
                })
                .collect();
            PerftCase { fen, depths }
        })
        .collect()
}

/// The read options that read what `n` writes, studies allowed (lenient
/// validation).
pub fn read_options_for(n: Notation) -> ReadOptions {
    strict_read_options_for(n).with_validation(Validation::Lenient)
}

/// The read options that read what `n` writes, under the default (strict)
/// validation.
pub fn strict_read_options_for(n: Notation) -> ReadOptions {
    let o = ReadOptions::default();
    match n {
        Notation::Wxf(d) => o.with_wxf_dialect(d),
        Notation::Uci(r) => o.with_coordinates(r),
        _ => o,
    }
}

/// Pushes the `.rs` files under `dir` (recursively) onto `out`.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}
