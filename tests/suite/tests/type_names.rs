//! No public type name repeats across the workspace's crates: `Engine`,
//! `GameRecord` or `Board` each name one thing. Checked on the source: every
//! `pub struct`, `pub enum`, `pub trait`, `pub type` and `pub union` under
//! each crate's `src/` (the Python and JavaScript classes keep their
//! python-chess and chess.js names through `#[pyclass(name = ...)]` and
//! `#[wasm_bindgen(js_name = ...)]`; the Rust types behind them are
//! `PyBoard`, `JsBoard`, ...).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use xiangqi_suite::rust_files;

/// The crates whose types are checked, by folder from the workspace root.
const CRATES: [&str; 8] = [
    ".", "session", "selfplay", "client", "tools", "engine", "python", "wasm",
];

/// The deprecated aliases kept for one release under their old names (see
/// the CHANGELOG): (crate folder, name). Each must be a `#[deprecated]`
/// `pub type`.
const DEPRECATED_ALIASES: [(&str, &str); 4] = [
    ("client", "Engine"),
    ("selfplay", "GameRecord"),
    ("selfplay", "GameResult"),
    ("session", "PositionError"),
];

/// A public type declared in the source.
struct Declared {
    name: String,
    file: PathBuf,
    line: usize,
    /// A `pub type` with `#[deprecated]` among the attributes just above.
    deprecated_alias: bool,
}

/// The public types declared in `text` (in `file`).
fn declared(text: &str, file: &Path) -> Vec<Declared> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        for kind in ["struct", "enum", "trait", "type", "union"] {
            let Some(rest) = code.strip_prefix(&format!("pub {kind} ")) else {
                continue;
            };
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
                continue;
            }
            let attributes = lines[..i]
                .iter()
                .rev()
                .take_while(|l| {
                    let l = l.trim_start();
                    l.starts_with("#[") || l.starts_with("///")
                })
                .any(|l| l.trim_start().starts_with("#[deprecated"));
            out.push(Declared {
                name,
                file: file.to_path_buf(),
                line: i + 1,
                deprecated_alias: kind == "type" && attributes,
            });
        }
    }
    out
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every public type of every crate: crate folder -> declarations.
fn all_types() -> BTreeMap<&'static str, Vec<Declared>> {
    let mut by_crate = BTreeMap::new();
    for krate in CRATES {
        let mut files = Vec::new();
        rust_files(&workspace().join(krate).join("src"), &mut files);
        files.sort();
        let mut types = Vec::new();
        for file in files {
            types.extend(declared(&fs::read_to_string(&file).unwrap(), &file));
        }
        by_crate.insert(krate, types);
    }
    by_crate
}

#[test]
fn no_public_type_name_repeats_across_crates() {
    let by_crate = all_types();
    // name -> the crates declaring it (the listed deprecated aliases left out).
    let mut owners: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (krate, types) in &by_crate {
        for t in types {
            if DEPRECATED_ALIASES.contains(&(krate, t.name.as_str())) && t.deprecated_alias {
                continue;
            }
            let place = format!("{krate} ({}:{})", t.file.display(), t.line);
            let crates = owners.entry(&t.name).or_default();
            if !crates.iter().any(|c| c.starts_with(&format!("{krate} ("))) {
                crates.push(place);
            }
        }
    }
    let repeated: Vec<String> = owners
        .iter()
        .filter(|(_, crates)| crates.len() > 1)
        .map(|(name, crates)| format!("{name}: {}", crates.join(", ")))
        .collect();
    assert!(
        repeated.is_empty(),
        "public type names declared in more than one crate:\n{}",
        repeated.join("\n")
    );
}

#[test]
fn the_deprecated_aliases_are_deprecated_type_aliases() {
    let by_crate = all_types();
    for (krate, name) in DEPRECATED_ALIASES {
        let found: Vec<&Declared> = by_crate[krate].iter().filter(|t| t.name == name).collect();
        assert!(!found.is_empty(), "{krate}: no alias {name}");
        for t in found {
            assert!(
                t.deprecated_alias,
                "{}:{}: {name} must be a #[deprecated] pub type",
                t.file.display(),
                t.line
            );
        }
    }
}

#[test]
fn the_scan_sees_types() {
    // The check would pass on nothing: make sure it reads declarations,
    // including a repeat across two crates.
    let text = "/// A.\n#[derive(Clone)]\npub struct Board {\n}\n    pub enum Kind { A }\npub(crate) struct Hidden;\n#[deprecated(note = \"x\")]\npub type Old = New;\n";
    let found = declared(text, Path::new("x.rs"));
    let names: Vec<(&str, bool)> = found
        .iter()
        .map(|d| (d.name.as_str(), d.deprecated_alias))
        .collect();
    assert_eq!(names, [("Board", false), ("Kind", false), ("Old", true)]);
    let by_crate = all_types();
    assert!(by_crate["."].iter().any(|t| t.name == "Board"));
    assert!(by_crate["python"].iter().any(|t| t.name == "PyBoard"));
    assert!(by_crate["wasm"].iter().any(|t| t.name == "JsBoard"));
}
