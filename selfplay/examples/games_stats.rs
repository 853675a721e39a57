//! Reads game files (`*.xqg`) and prints, for each, its games, training
//! positions, bytes a position and decoding time; with `--compare DIR`,
//! checks that the positions equal those of the chunk file of the same
//! name (`*.xqd`) in DIR, byte for byte.
//!
//! ```text
//! cargo run --release -p xiangqi-selfplay --example games_stats -- \
//!     [--compare ~/.cache/xiangqi/data-g3] FILE.xqg...
//! ```

use std::path::PathBuf;
use std::time::Instant;

use xiangqi_selfplay::Chunk;
use xiangqi_selfplay::data::read_chunk;
use xiangqi_selfplay::games::read_games;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let compare = match args.iter().position(|a| a == "--compare") {
        Some(i) if i + 1 < args.len() => {
            let dir = PathBuf::from(args.remove(i + 1));
            args.remove(i);
            Some(dir)
        }
        Some(_) => return Err("--compare needs a folder".into()),
        None => None,
    };
    let (mut bytes, mut positions, mut plies, mut mismatches) = (0usize, 0usize, 0usize, 0usize);
    for path in &args {
        let data = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        let start = Instant::now();
        let file = read_games(&data).map_err(|e| format!("{path}: {e}"))?;
        let took = start.elapsed();
        let game_plies: usize = file.games.iter().map(|g| g.moves.len()).sum();
        let mut line = format!(
            "{path}: {} games, {game_plies} plies, {} positions, {} bytes, {:.2} bytes a position, decoded in {:.1} ms",
            file.games.len(),
            file.records.len(),
            data.len(),
            data.len() as f64 / file.records.len().max(1) as f64,
            took.as_secs_f64() * 1000.0
        );
        if let Some(dir) = &compare {
            let name = PathBuf::from(path).with_extension("xqd");
            let chunk_path = dir.join(name.file_name().ok_or("no file name")?);
            let chunk =
                std::fs::read(&chunk_path).map_err(|e| format!("{}: {e}", chunk_path.display()))?;
            let (info, records) = read_chunk(&chunk)?;
            let rebuilt = Chunk {
                info: file.info.chunk(),
                records: file.records.clone(),
            };
            let same =
                rebuilt.to_bytes() == chunk && records == file.records && info == file.info.chunk();
            mismatches += usize::from(!same);
            line += &format!(
                "; {}: {} bytes, {}",
                chunk_path.display(),
                chunk.len(),
                if same {
                    "the same positions, byte for byte"
                } else {
                    "DIFFERENT"
                }
            );
        }
        println!("{line}");
        bytes += data.len();
        positions += file.records.len();
        plies += game_plies;
    }
    println!(
        "total: {} files, {plies} plies, {positions} positions, {bytes} bytes, {:.2} bytes a position, {:.2} bytes a ply",
        args.len(),
        bytes as f64 / positions.max(1) as f64,
        bytes as f64 / plies.max(1) as f64
    );
    if mismatches > 0 {
        return Err(format!("{mismatches} files differ from their chunk files").into());
    }
    Ok(())
}
