//! Compares our tables with FelicityEgtb's (nguyenpham/FelicityEgtb, MIT),
//! position by position: the same win/draw/loss everywhere, the same depth
//! to mate. Results: docs/tablebase.md, "Compared with FelicityEgtb".
//!
//! Nothing of FelicityEgtb is in this repository. To reproduce:
//!
//! ```sh
//! # 1. Their code, outside the repository, built as its buildxq.sh does
//! #    (plus `-include cstring`: genlib.cpp misses that include on GCC 13).
//! git clone https://github.com/nguyenpham/FelicityEgtb /work/felicity-src
//! cd /work/felicity-src && mkdir -p build && cd build
//! gcc -std=c99 -O2 -c ../src/lzma/*.c -D_7ZIP_ST
//! g++ -c ../src/*.cpp ../src/base/*.cpp ../src/xq/*.cpp ../src/fegtb/*.cpp \
//!     ../src/fegtbgen/*.cpp -std=c++17 -O2 -DNDEBUG -D_FELICITY_XQ_ -include cstring
//! g++ -o fegtbxq *.o -lpthread
//! # 2. Their tables (sub-tables come along), into a folder of our choice:
//! #    one table and its sub-tables, or `-n 1` for all 324 one-attacker
//! #    tables (docs/tablebase.md says which were compared).
//! for n in krk knk kck kpk krka knka kpka kpkaa knkaa krkab krkaabb; do
//!     ./fegtbxq -n $n -d /work/felicity-run/fdb -g -core 2; done
//! # 3. Our small driver over their probing library (tests/egtb/felicity_dump.cpp).
//! rm mainegtb.o
//! g++ -std=c++17 -O2 -DNDEBUG -D_FELICITY_XQ_ -I../src -o felicity_dump \
//!     $REPO/tests/egtb/felicity_dump.cpp *.o -lpthread
//! # 4. Every position of their table against ours, and every position of
//! #    ours against theirs.
//! cd $REPO
//! cargo build --release -p xiangqi-egtb --example compare_felicity
//! C=target/release/examples/compare_felicity
//! D=/work/felicity-src/build/felicity_dump
//! $D dump /work/felicity-run/fdb krkab | $C compare ~/.cache/xiangqi/egtb
//! $C positions ~/.cache/xiangqi/egtb krkab | $D probe /work/felicity-run/fdb \
//!     | $C compare ~/.cache/xiangqi/egtb
//! # or both ways for many tables, one TSV line each:
//! tests/egtb/compare_felicity.sh ~/.cache/xiangqi/egtb /work/felicity-run/fdb $D krk krkab
//! ```
//!
//! `positions DIR NAME` writes the FEN of every legal position of our table
//! `NAME` (every number of our index). `compare DIR` reads `FEN<TAB>score`
//! lines (FelicityEgtb's score: 0 a draw, `1000 - n` mate in `n` plies,
//! `-(1000 - n)` mated in `n` plies) and probes our tables in `DIR` (the
//! table of each FEN's material and its sub-tables), then prints the counts
//! and the first few positions of each kind of difference.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::Path;

use xiangqi::Position;
use xiangqi::tablebase::{Dtm, Material, Table, Tablebase};

/// FelicityEgtb's mate score: a win in `n` plies scores `MATE - n`.
const FELICITY_MATE: i32 = 1000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["positions", dir, name] => positions(dir, name),
        ["compare", dir] => compare(dir),
        _ => {
            Err("usage: compare_felicity positions DIR NAME | compare_felicity compare DIR".into())
        }
    };
    if let Err(e) = code {
        eprintln!("compare_felicity: {e}");
        std::process::exit(2);
    }
}

fn open(dir: &str, material: Material) -> Result<Table<'static>, String> {
    let path = Path::new(dir).join(format!("{material}.xqtb"));
    let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Table::open(bytes).map_err(|e| format!("{}: {e}", path.display()))
}

fn positions(dir: &str, name: &str) -> Result<(), String> {
    let material: Material = name.parse().map_err(|e| format!("{name}: {e:?}"))?;
    let table = open(dir, material)?;
    let index = table.index();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for i in 0..index.len() {
        if let Some(pos) = index.position(i) {
            let fen = pos.to_string();
            let two: Vec<&str> = fen.split_whitespace().take(2).collect();
            writeln!(out, "{}", two.join(" ")).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// FelicityEgtb's score as our verdict (`None`: it has no value).
fn felicity_verdict(score: &str) -> Option<Dtm> {
    let s: i32 = score.trim().parse().ok()?;
    let plies = u16::try_from(FELICITY_MATE - s.abs()).ok()?;
    Some(match s {
        0 => Dtm::Draw,
        s if s > 0 => Dtm::Win(plies),
        _ => Dtm::Loss(plies),
    })
}

/// Our tables in `dir`, each loaded when a position of its material first
/// comes.
struct Ours {
    dir: String,
    set: Tablebase<'static>,
    tried: BTreeMap<Material, bool>,
}

impl Ours {
    fn probe(&mut self, pos: &Position) -> Result<Option<Dtm>, String> {
        let material = Material::of(pos.board());
        let key = if material.has_attackers(xiangqi::Color::Red) {
            material
        } else {
            material.flipped()
        };
        if !self.tried.contains_key(&key) {
            let path = Path::new(&self.dir).join(format!("{key}.xqtb"));
            let found = match std::fs::read(&path) {
                Ok(bytes) => {
                    self.set
                        .add(bytes)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    true
                }
                Err(_) => false,
            };
            self.tried.insert(key, found);
        }
        Ok(self.set.probe(pos))
    }
}

fn compare(dir: &str) -> Result<(), String> {
    let mut ours = Ours {
        dir: dir.to_string(),
        set: Tablebase::new(),
        tried: BTreeMap::new(),
    };
    let mut total = 0u64;
    let mut same = 0u64;
    let mut wdl_same = 0u64;
    let mut tally: BTreeMap<String, u64> = BTreeMap::new();
    let mut kinds: BTreeMap<String, (u64, Vec<String>)> = BTreeMap::new();
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let Some((fen, score)) = line.split_once('\t') else {
            continue;
        };
        total += 1;
        let theirs = felicity_verdict(score);
        let pos: Option<Position> = fen.parse().ok();
        let mine = match &pos {
            Some(p) => ours.probe(p)?,
            None => None,
        };
        *tally
            .entry(format!("{:?}", theirs.map(Dtm::wdl)))
            .or_default() += 1;
        if theirs.is_some() && theirs == mine {
            same += 1;
            wdl_same += 1;
            continue;
        }
        let kind = match (theirs, mine) {
            (Some(t), Some(m)) if t.wdl() == m.wdl() => {
                wdl_same += 1;
                format!("same {:?}, other depth", t.wdl())
            }
            (Some(t), Some(m)) => format!("felicity {:?}, ours {:?}", t.wdl(), m.wdl()),
            (None, _) => format!("felicity has no value ({score}), ours {mine:?}"),
            (_, None) if pos.is_none() => "our parser refuses the FEN".to_string(),
            (_, None) => "ours has no value".to_string(),
        };
        let entry = kinds.entry(kind).or_default();
        entry.0 += 1;
        if entry.1.len() < 5 {
            entry
                .1
                .push(format!("{fen}: felicity {theirs:?}, ours {mine:?}"));
        }
    }
    println!("positions {total}, same value {same}, same win/draw/loss {wdl_same}");
    println!("felicity's verdicts: {tally:?}");
    for (kind, (count, examples)) in &kinds {
        println!("{kind}: {count}");
        for e in examples {
            println!("    {e}");
        }
    }
    Ok(())
}
