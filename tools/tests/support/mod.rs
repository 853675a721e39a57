//! What the tools' tests share: the `xiangqi-tools` binary under test, the
//! engine binary the tools drive, and temporary folders that are removed
//! when dropped.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The tools binary under test (Cargo builds it before the tests, in the
/// profile of the test run).
pub const TOOLS: &str = env!("CARGO_BIN_EXE_xiangqi-tools");

/// The engine binary the tools play and train for: `XIANGQI_ENGINE` if set
/// (the published crate's tests, where the engine is another package; CI
/// runs with other features), else the workspace's `xiangqi-engine`, built
/// once (a no-op when it is up to date) in the profile of this test run
/// (`test`, or `release` for `--release`) into the folder of [`TOOLS`].
pub fn engine() -> &'static str {
    static ENGINE: OnceLock<String> = OnceLock::new();
    ENGINE.get_or_init(|| {
        if let Some(path) = std::env::var_os("XIANGQI_ENGINE") {
            return path.to_string_lossy().into_owned();
        }
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut build = Command::new(cargo);
        build
            .args([
                "build",
                "--quiet",
                "-p",
                "xiangqi-engine",
                "--bin",
                "xiangqi-engine",
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        build.args([
            "--profile",
            if cfg!(debug_assertions) {
                "test"
            } else {
                "release"
            },
        ]);
        let status = build.status().expect("cargo starts");
        assert!(
            status.success(),
            "cargo build -p xiangqi-engine failed (or set XIANGQI_ENGINE)"
        );
        let path: PathBuf = PathBuf::from(TOOLS)
            .with_file_name(format!("xiangqi-engine{}", std::env::consts::EXE_SUFFIX));
        assert!(path.is_file(), "no engine at {}", path.display());
        path.to_string_lossy().into_owned()
    })
}

/// Runs `xiangqi-tools` with these arguments, to the end.
pub fn tools(args: &[&str]) -> Output {
    Command::new(TOOLS)
        .args(args)
        .output()
        .expect("the tools binary starts")
}

/// Runs `command` to the end and returns its standard output; its failure
/// fails the test with its standard error.
pub fn stdout_of(command: &mut Command) -> String {
    let out = command.output().expect("the command starts");
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// Standard output or error as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder under the system's temporary folder, removed with
/// everything in it when the value is dropped.
pub fn temp_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("xiangqi-tools-test-")
        .tempdir()
        .expect("a temporary folder")
}
