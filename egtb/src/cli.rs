//! The command line: `generate` (resumable) and `check`.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use xiangqi::tablebase::{Material, Table, Tablebase, encode_table};

use crate::EgtbError;
use crate::check::check_table;
use crate::plan::{one_attacker_set, plan, sub_tables, two_attacker_set, within_max_entries};
use crate::solve::{SolvedTable, SubTables, solve};

const USAGE: &str = "usage:
  xiangqi-egtb generate --out DIR [--threads N] [--quiet] [--max-entries N]
                        (NAME... | --one-attacker | --two-attackers)
  xiangqi-egtb check --dir DIR [--samples N] [--seed S] [--dump FILE] NAME...
  xiangqi-egtb stats --dir DIR NAME...
  xiangqi-egtb probe --dir DIR FEN...
NAME: FelicityEgtb style, Red's pieces then Black's, each from k, in the
order r c n p a b (krkaabb, knkaa, kcpkab). Sub-tables are made first; a
table already in DIR is kept, so a stopped run resumes with the same command.
--one-attacker: the 324 tables with one attacking piece (r c n p) on one
side, none on the other, any advisors and elephants; --two-attackers: the
810 with two. --max-entries N: skip (and list) the wanted tables whose index
has more than N numbers (the generator needs about 20 bytes a number of
the largest table made: see docs/tablebase.md).";

/// What [`generate`] makes, and where.
#[derive(Clone, Debug)]
pub struct GenerateOptions {
    /// The directory of the tables (`NAME.xqtb`) and of `summary.tsv`.
    pub out: PathBuf,
    /// The tables wanted; their sub-tables are added.
    pub tables: Vec<Material>,
    /// Show progress bars (on a terminal).
    pub progress: bool,
}

/// One table made by [`generate`].
#[derive(Clone, Debug)]
pub struct TableSummary {
    /// Its material.
    pub material: Material,
    /// Numbers in its index.
    pub entries: u64,
    /// Wins, draws and losses for the side to move, over legal positions.
    pub wdl: (u64, u64, u64),
    /// The largest depth to mate, in plies.
    pub max_dtm: u16,
    /// The file's size in bytes.
    pub bytes: u64,
    /// The time taken, in seconds.
    pub seconds: f64,
}

fn table_path(dir: &Path, material: Material) -> PathBuf {
    dir.join(format!("{}.xqtb", material.name()))
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> EgtbError + '_ {
    move |source| EgtbError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Reads the table of `material` (canonical) from `dir`, whole.
pub fn load(dir: &Path, material: Material) -> Result<SolvedTable, EgtbError> {
    let path = table_path(dir, material);
    let bytes = fs::read(&path).map_err(io(&path))?;
    let table = Table::open(bytes).map_err(|source| EgtbError::Table {
        path: path.clone(),
        source,
    })?;
    if table.material() != material {
        return Err(EgtbError::Table {
            path,
            source: xiangqi::tablebase::TablebaseError::MaterialMismatch {
                expected: material.name(),
                found: table.material().name(),
            },
        });
    }
    Ok(SolvedTable::from_table(&table))
}

/// Makes the tables of `options` and their sub-tables, in order, into
/// `options.out`, skipping those already there (so a stopped run
/// resumes), and appends a line per table made to `summary.tsv` there.
pub fn generate(options: &GenerateOptions) -> Result<Vec<TableSummary>, EgtbError> {
    let order = plan(&options.tables)?;
    let dir = &options.out;
    fs::create_dir_all(dir).map_err(io(dir))?;
    let mut subs = SubTables::new();
    let mut made = Vec::new();
    for (k, &material) in order.iter().enumerate() {
        let path = table_path(dir, material);
        if path.exists() {
            eprintln!("[{}/{}] {material}: already made", k + 1, order.len());
            continue;
        }
        let needed = sub_tables(material);
        subs.retain(&needed);
        for sub in needed {
            if !subs.contains(&sub) {
                subs.insert(load(dir, sub)?);
            }
        }
        eprintln!(
            "[{}/{}] {material}: making ({} entries)",
            k + 1,
            order.len(),
            xiangqi::tablebase::TableIndex::new(material).len()
        );
        let start = Instant::now();
        let bar = if options.progress {
            ProgressBar::new(0)
        } else {
            ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden())
        };
        bar.set_style(
            ProgressStyle::with_template(
                "{prefix} [{elapsed_precise}] {bar:30} {percent:>3}% {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_prefix(format!("[{}/{}] {material}", k + 1, order.len()));
        let solved = solve(material, &subs, &bar)?;
        bar.finish_and_clear();
        let bytes = encode_table(material, &solved.entries)?;
        let tmp = dir.join(format!("{}.xqtb.tmp", material.name()));
        fs::write(&tmp, &bytes).map_err(io(&tmp))?;
        fs::rename(&tmp, &path).map_err(io(&path))?;
        let summary = TableSummary {
            material,
            entries: solved.index.len(),
            wdl: solved.counts(),
            max_dtm: solved.max_dtm(),
            bytes: bytes.len() as u64,
            seconds: start.elapsed().as_secs_f64(),
        };
        let TableSummary {
            entries,
            wdl: (w, d, l),
            max_dtm,
            bytes,
            seconds,
            ..
        } = summary;
        let threads = rayon::current_num_threads();
        let line = format!(
            "{material}\t{entries}\t{w}\t{d}\t{l}\t{max_dtm}\t{bytes}\t{seconds:.1}\t{threads}"
        );
        let (n, of) = (k + 1, order.len());
        eprintln!(
            "[{n}/{of}] {material}: {entries} entries, W/D/L {w}/{d}/{l}, max DTM {max_dtm}, \
             {bytes} bytes, {seconds:.1} s"
        );
        let log = dir.join("summary.tsv");
        let mut file = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .map_err(io(&log))?;
        writeln!(file, "{line}").map_err(io(&log))?;
        subs.insert(solved);
        made.push(summary);
    }
    Ok(made)
}

fn parse_names(names: &[String]) -> Result<Vec<Material>, EgtbError> {
    names.iter().map(|n| Ok(n.parse()?)).collect()
}

/// Runs the command line `args` (without the program name): `generate`
/// or `check`; see the usage text (`--help`).
pub fn run_cli(args: impl IntoIterator<Item = String>) -> Result<(), EgtbError> {
    let args: Vec<String> = args.into_iter().collect();
    let usage = || EgtbError::Usage(USAGE.into());
    let (command, rest) = args.split_first().ok_or_else(usage)?;
    if matches!(command.as_str(), "-h" | "--help" | "help") {
        println!("{USAGE}");
        return Ok(());
    }
    let mut dir = None;
    let mut names = Vec::new();
    let mut samples = 2000u64;
    let mut seed = 1u64;
    let mut dump = None;
    let mut quiet = false;
    let mut one_attacker = false;
    let mut two_attackers = false;
    let mut max_entries = None;
    let mut threads = None;
    let mut it = rest.iter();
    while let Some(arg) = it.next() {
        let mut value = || it.next().cloned().ok_or_else(usage);
        match arg.as_str() {
            "--out" | "--dir" => dir = Some(PathBuf::from(value()?)),
            "--samples" => samples = value()?.parse().map_err(|_| usage())?,
            "--seed" => seed = value()?.parse().map_err(|_| usage())?,
            "--threads" => threads = Some(value()?.parse::<usize>().map_err(|_| usage())?),
            "--dump" => dump = Some(PathBuf::from(value()?)),
            "--quiet" => quiet = true,
            "--one-attacker" => one_attacker = true,
            "--two-attackers" => two_attackers = true,
            "--max-entries" => max_entries = Some(value()?.parse::<u64>().map_err(|_| usage())?),
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            name if !name.starts_with('-') => names.push(name.to_string()),
            _ => return Err(usage()),
        }
    }
    if let Some(n) = threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .map_err(|e| EgtbError::Usage(e.to_string()))?;
    }
    let dir = dir.ok_or_else(usage)?;
    if command == "probe" {
        return probe_fens(&dir, &names);
    }
    let mut tables = parse_names(&names)?;
    match command.as_str() {
        "generate" => {
            if one_attacker {
                tables.extend(one_attacker_set());
            }
            if two_attackers {
                tables.extend(two_attacker_set());
            }
            if tables.is_empty() {
                return Err(usage());
            }
            let (tables, skipped) = within_max_entries(&tables, max_entries);
            for m in &skipped {
                eprintln!(
                    "{m}: skipped ({} entries, more than --max-entries)",
                    xiangqi::tablebase::TableIndex::new(*m).len()
                );
            }
            if tables.is_empty() {
                eprintln!("no table within --max-entries");
                return Ok(());
            }
            generate(&GenerateOptions {
                out: dir,
                tables,
                progress: !quiet,
            })?;
            Ok(())
        }
        "check" => {
            let mut failures = 0;
            let mut text = String::new();
            for material in plan(&tables)? {
                let mut set = Tablebase::new();
                for m in plan(&[material])? {
                    let path = table_path(&dir, m);
                    let bytes = fs::read(&path).map_err(io(&path))?;
                    set.add(bytes)
                        .map_err(|source| EgtbError::Table { path, source })?;
                }
                let report = check_table(&set, material, samples, seed);
                eprintln!(
                    "{material}: {} positions checked (W/D/L {}/{}/{}), {} failures",
                    report.checked,
                    report.wdl[0],
                    report.wdl[1],
                    report.wdl[2],
                    report.failures.len()
                );
                for f in report.failures.iter().take(10) {
                    eprintln!("  {f}");
                }
                failures += report.failures.len();
                text.push_str(&report.dump);
            }
            if let Some(path) = dump {
                fs::write(&path, text).map_err(io(&path))?;
            }
            if failures > 0 {
                return Err(EgtbError::CheckFailed(failures));
            }
            Ok(())
        }
        "stats" => {
            for material in tables {
                let material = crate::plan::canonical(material)?;
                let table = load(&dir, material)?;
                let [red, black] = side_counts(&table);
                println!(
                    "{material}: Red to move W/D/L {}/{}/{}, Black to move W/D/L {}/{}/{}, max DTM {}",
                    red[0],
                    red[1],
                    red[2],
                    black[0],
                    black[1],
                    black[2],
                    table.max_dtm()
                );
            }
            Ok(())
        }
        _ => Err(usage()),
    }
}

/// Prints the value of each FEN and of each of its moves, from the
/// tables in `dir`.
fn probe_fens(dir: &Path, fens: &[String]) -> Result<(), EgtbError> {
    for fen in fens {
        let pos: xiangqi::Position = fen
            .parse()
            .map_err(|e| EgtbError::Usage(format!("{fen}: {e}")))?;
        let material = crate::plan::canonical(Material::of(pos.board()))?;
        let mut set = Tablebase::new();
        for m in plan(&[material])? {
            let path = table_path(dir, m);
            let bytes = fs::read(&path).map_err(io(&path))?;
            set.add(bytes)
                .map_err(|source| EgtbError::Table { path, source })?;
        }
        let value = crate::check::value(&set, &pos);
        let mut moves: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                format!(
                    "{m}:{}",
                    crate::check::short(crate::check::value(&set, &child))
                )
            })
            .collect();
        moves.sort();
        println!(
            "{fen}: {}  [{}]",
            crate::check::short(value),
            moves.join(" ")
        );
    }
    Ok(())
}

/// Wins, draws and losses for the side to move, with Red to move and with
/// Black to move (the side to move is the index's first digit).
pub fn side_counts(table: &SolvedTable) -> [[u64; 3]; 2] {
    let half = table.entries.len() / 2;
    let mut out = [[0u64; 3]; 2];
    for (i, &e) in table.entries.iter().enumerate() {
        let side = usize::from(i >= half);
        match xiangqi::tablebase::Dtm::from_entry(e) {
            Some(xiangqi::tablebase::Dtm::Win(_)) => out[side][0] += 1,
            Some(xiangqi::tablebase::Dtm::Draw) => out[side][1] += 1,
            Some(xiangqi::tablebase::Dtm::Loss(_)) => out[side][2] += 1,
            None => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn max_entries_skips_the_larger_wanted_tables() {
        let dir = std::env::temp_dir().join(format!("xiangqi-egtb-max-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let out = dir.display();
        // krk has 9 720 numbers, krrk 432 540 and knk 9 720: krrk is
        // skipped, its sub-table krk is made because it is wanted.
        run_cli(args(&format!(
            "generate --quiet --out {out} --max-entries 10000 krk krrk knk"
        )))
        .unwrap();
        assert!(dir.join("krk.xqtb").exists());
        assert!(dir.join("knk.xqtb").exists());
        assert!(!dir.join("krrk.xqtb").exists());
        // Everything skipped: nothing made, not an error.
        run_cli(args(&format!(
            "generate --quiet --out {out} --max-entries 100 --two-attackers"
        )))
        .unwrap();
        let summary = fs::read_to_string(dir.join("summary.tsv")).unwrap();
        assert_eq!(summary.lines().count(), 2);
        assert!(matches!(
            run_cli(args(&format!("generate --out {out} --max-entries x krk"))),
            Err(EgtbError::Usage(_))
        ));
        let _ = fs::remove_dir_all(&dir);
    }
}
