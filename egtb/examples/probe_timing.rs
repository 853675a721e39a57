//! Times `Tablebase::probe` on random positions of a table.
//!
//! `cargo run --release -p xiangqi-egtb --example probe_timing -- DIR NAME [COUNT]`

use std::time::Instant;

use xiangqi::tablebase::{Material, TableIndex, Tablebase};
use xiangqi::{Position, Rng};
use xiangqi_egtb::plan::plan;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(dir), Some(name)) = (args.first(), args.get(1)) else {
        eprintln!("usage: probe_timing DIR NAME [COUNT]");
        std::process::exit(2);
    };
    let count: usize = args.get(2).and_then(|c| c.parse().ok()).unwrap_or(200_000);
    let material: Material = name.parse().expect("a table name");
    let mut set = Tablebase::new();
    for m in plan(&[material]).expect("a table with one attacking side") {
        let path = std::path::Path::new(dir).join(format!("{m}.xqtb"));
        let table = xiangqi::tablebase::Table::open(std::fs::read(&path).expect("the table file"))
            .expect("a valid table");
        // Written again by this build's writer, so that its block size is
        // the one timed.
        let bytes = xiangqi::tablebase::encode_table(m, &table.to_entries()).expect("entries");
        if m == material {
            println!(
                "{m}: {} bytes as written now ({} in the file)",
                bytes.len(),
                table.byte_len()
            );
        }
        set.add(bytes).expect("a valid table");
    }
    let index = TableIndex::new(material);
    let mut rng = Rng::new(5);
    let mut positions: Vec<Position> = Vec::with_capacity(count);
    while positions.len() < count {
        if let Some(pos) = index.position(rng.next_u64() % index.len()) {
            positions.push(pos);
        }
    }
    let start = Instant::now();
    let mut wins = 0usize;
    for pos in &positions {
        if set.probe_dtm(pos).is_some_and(|d| d > 0) {
            wins += 1;
        }
    }
    let took = start.elapsed();
    println!(
        "{name}: {count} probes in {:.3} s, {:.2} µs a probe ({wins} wins)",
        took.as_secs_f64(),
        took.as_secs_f64() * 1e6 / count as f64
    );
}
