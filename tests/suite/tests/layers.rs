//! The layers of the crate, checked on its source: each folder under `src/`
//! imports only from its own layer and the layers below it.
//!
//! base (rules core) <- game (adjudication) <- tablebase (endgame table
//! probing) <- records (notation, PGN) <- eval (evaluators) <- search (the
//! searcher). Code refers to other modules through
//! `crate::<layer>::...` paths (never the crate-root re-exports), so every
//! `crate::` path names its layer.

use std::fs;
use std::path::Path;

use xiangqi_suite::rust_files;

const LAYERS: [&str; 6] = ["base", "game", "tablebase", "records", "eval", "search"];

/// Every `crate::<name>` in the code (comments skipped) of `text`.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let mut name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if name.is_empty() && rest.starts_with('{') {
                name.push('{');
            }
            out.push((i + 1, name));
        }
    }
    out
}

#[test]
fn each_layer_imports_only_from_below() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src");
    let mut checked = 0;
    for (level, layer) in LAYERS.iter().enumerate() {
        let allowed = &LAYERS[..=level];
        let mut files = Vec::new();
        rust_files(&src.join(layer), &mut files);
        assert!(!files.is_empty(), "no files in src/{layer}");
        for file in files {
            let text = fs::read_to_string(&file).unwrap();
            for (line, name) in crate_paths(&text) {
                assert!(
                    allowed.contains(&name.as_str()),
                    "{}:{line}: `crate::{name}` reaches outside the layers {allowed:?}",
                    file.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "only {checked} paths checked");
}

#[test]
fn the_checker_sees_a_violation() {
    let paths =
        crate_paths("use crate::engine::Searcher; // crate::game in a comment\nuse crate::{Game};");
    assert_eq!(paths, vec![(1, "engine".to_string()), (2, "{".to_string())]);
}

/// The attack tables are used from the other layers through the public
/// `attacks` API only (functions on squares, bitboards and `Occupancy`):
/// the table layout and the transposed occupancy stay inside the base layer.
#[test]
fn other_layers_use_only_the_public_attack_api() {
    const INTERNALS: [&str; 4] = ["transposed_bit", "horse_attacker_legs", "from_parts", "Leg"];
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src");
    let mut files = Vec::new();
    for layer in &LAYERS[1..] {
        rust_files(&src.join(layer), &mut files);
    }
    let mut uses = 0;
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        uses += text.matches("attacks::").count();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for name in INTERNALS {
                let word = |c: char| c.is_alphanumeric() || c == '_';
                let found = code.match_indices(name).any(|(at, _)| {
                    !code[..at].ends_with(word) && !code[at + name.len()..].starts_with(word)
                });
                assert!(
                    !found,
                    "{}:{}: `{name}` is internal to src/base/attacks/",
                    file.display(),
                    i + 1
                );
            }
        }
    }
    assert!(uses > 10, "only {uses} uses of `attacks::` seen");
}
