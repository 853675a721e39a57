//! The session with endgame tables: tables generated here (no files in
//! the repository), the root move the tables choose, and won table
//! positions converted to mate.

use std::path::PathBuf;

use xiangqi::tablebase::{Dtm, Tablebase};
use xiangqi::{Color, Limits, Position, Score};
use xiangqi_session::{Session, Source};

/// Generates `names` (and their sub-tables) into a fresh temporary
/// directory and returns every table's bytes.
fn tables(tag: &str, names: &[&str]) -> Vec<Vec<u8>> {
    let out: PathBuf = std::env::temp_dir().join(format!(
        "xiangqi-session-egtb-{}-{tag}-{}",
        std::process::id(),
        names.join("-")
    ));
    let options = xiangqi_egtb::GenerateOptions {
        out: out.clone(),
        tables: names.iter().map(|n| n.parse().unwrap()).collect(),
        progress: false,
    };
    xiangqi_egtb::generate(&options).unwrap();
    let mut all = Vec::new();
    for entry in std::fs::read_dir(&out).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "xqtb") {
            all.push(std::fs::read(&path).unwrap());
        }
    }
    let _ = std::fs::remove_dir_all(&out);
    all
}

/// Won positions for the side to move, picked from `base`'s tables with a
/// simple generator (deterministic).
fn won_positions(
    base: &Tablebase<'_>,
    only: Option<xiangqi::tablebase::Material>,
    count: usize,
) -> Vec<(Position, u16)> {
    let mut found = Vec::new();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for table in base.tables() {
        if only.is_some_and(|m| m != table.material()) {
            continue;
        }
        let index = table.index();
        let mut tries = 0;
        while found.len() < count && tries < 100_000 {
            tries += 1;
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let Some(pos) = index.position(seed % index.len()) else {
                continue;
            };
            if let Some(Dtm::Win(n)) = base.probe(&pos) {
                if n > 1 {
                    found.push((pos, n));
                }
            }
        }
    }
    found
}

/// Plays `pos` out with the session on both sides (the tables choose each
/// move); returns the plies to the end and the winner.
fn play_out(session: &mut Session, pos: &Position, max_plies: usize) -> (usize, Option<Color>) {
    let fen = pos.to_string();
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..=max_plies {
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        session.set_position(Some(&fen), &refs).unwrap();
        if let Some(v) = session.game().unwrap().outcome() {
            return (ply, v.winner);
        }
        let outcome = session.search(&Limits::depth(4).into(), |_| {}).unwrap();
        let Some(m) = outcome.best_move() else {
            return (ply, None);
        };
        moves.push(m.to_string());
    }
    (max_plies + 1, None)
}

#[test]
fn tables_load_and_unload() {
    let bytes = tables("load", &["krk"]);
    let mut session = Session::new();
    let n = bytes.len();
    assert_eq!(session.set_tablebases(bytes), Ok(n));
    assert!(n >= 1);
    assert!(
        session
            .set_tablebases(vec![b"not a table".to_vec()])
            .is_err()
    );
    // A refused set keeps the tables loaded before.
    assert_eq!(session.tablebases().map(|t| t.tables().len()), Some(n));
    assert_eq!(session.set_tablebases(Vec::new()), Ok(0));
    assert!(session.tablebases().is_none());
}

#[test]
fn root_plays_the_fastest_mate_and_reports_it() {
    let mut session = Session::new();
    session.set_tablebases(tables("root", &["krk"])).unwrap();
    let base = session.tablebases().unwrap().clone();
    let won = won_positions(&base, None, 5);
    assert_eq!(won.len(), 5);
    for (pos, n) in won {
        session.set_position(Some(&pos.to_string()), &[]).unwrap();
        let outcome = session.search(&Limits::depth(1).into(), |_| {}).unwrap();
        assert_eq!(outcome.source, Source::Tablebase, "{pos}");
        assert_eq!(outcome.score, Score::Mate((i32::from(n) + 1) / 2), "{pos}");
        let m = outcome.best_move().unwrap();
        let mut after = pos.clone();
        after.play_unchecked(m);
        assert_eq!(base.probe(&after), Some(Dtm::Loss(n - 1)), "{pos} {m}");
        // Both sides play the tables' moves: mate in exactly n plies.
        let (plies, winner) = play_out(&mut session, &pos, usize::from(n) + 2);
        assert_eq!(plies, usize::from(n), "{pos}");
        assert_eq!(winner, Some(pos.turn()), "{pos}");
    }
}

/// Plays `pos` out: the side to move (the winner) with `winner`, the
/// other with `defender` (the tables' longest defence); returns the
/// winner's colour if it mated within `max_plies`.
fn convert(
    winner: &mut Session,
    defender: &mut Session,
    pos: &Position,
    nodes: u64,
    max_plies: usize,
) -> bool {
    let fen = pos.to_string();
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..=max_plies {
        let session = if ply % 2 == 0 {
            &mut *winner
        } else {
            &mut *defender
        };
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        session.set_position(Some(&fen), &refs).unwrap();
        if let Some(v) = session.game().unwrap().outcome() {
            return v.winner == Some(pos.turn());
        }
        let outcome = session
            .search(&Limits::nodes(nodes).into(), |_| {})
            .unwrap();
        let Some(m) = outcome.best_move() else {
            return false;
        };
        moves.push(m.to_string());
    }
    false
}

/// The tables of `XIANGQI_EGTB_DIR` (default `/tmp/egtbsearch-tables`),
/// the table named by `XIANGQI_EGTB_TABLE` (default `krkab`) and its 200
/// won positions of the conversion test: the tables' bytes, the name and
/// the positions with their plies to mate.
fn conversion_set() -> (Vec<Vec<u8>>, String, Vec<(Position, u16)>) {
    let dir = std::env::var("XIANGQI_EGTB_DIR").unwrap_or("/tmp/egtbsearch-tables".into());
    let name = std::env::var("XIANGQI_EGTB_TABLE").unwrap_or("krkab".into());
    let bytes = xiangqi_session::files::read_table_dirs(&dir).unwrap();
    let mut base = Tablebase::new();
    for table in &bytes {
        base.add(table.clone()).unwrap();
    }
    let material: xiangqi::tablebase::Material = name.parse().unwrap();
    let won = won_positions(&base, Some(material), 200);
    assert_eq!(won.len(), 200);
    (bytes, name, won)
}

/// The conversion rate on 200 won positions of a table (`conversion_set`),
/// with and without tables for the winner; the defender always plays the
/// tables' longest defence. Run in release: `cargo test --release -p
/// xiangqi-session --test endgame_tables -- --ignored --nocapture
/// conversion`.
#[test]
#[ignore]
fn conversion_of_200_won_positions() {
    let (bytes, name, won) = conversion_set();
    let mut with = Session::new();
    with.set_tablebases(bytes.clone()).unwrap();
    let mut defender = Session::new();
    defender.set_tablebases(bytes).unwrap();
    let mut without = Session::new();
    let max_plies = 120;
    let mut rates = [0usize; 2];
    for (k, session) in [&mut with, &mut without].into_iter().enumerate() {
        for (pos, _) in &won {
            rates[k] += usize::from(convert(session, &mut defender, pos, 5_000, max_plies));
        }
    }
    println!(
        "{name}: mated within {max_plies} plies from 200 won positions: with tables {}, without {}",
        rates[0], rates[1]
    );
    assert_eq!(rates[0], 200);
}

/// Writes the 200 won positions of the conversion test (`conversion_set`:
/// the same tables, the same picks) to the file `XIANGQI_EGTB_FENS`, one
/// FEN a line with the table's distance as a comment, for
/// `lab/scripts/egtb_conversion.py` (Fairy-Stockfish's rate on the same
/// positions). Each position is won for the side to move by the tables,
/// not by a search.
#[test]
#[ignore]
fn export_200_won_positions() {
    let out = std::env::var("XIANGQI_EGTB_FENS").expect("XIANGQI_EGTB_FENS: the file to write");
    let (bytes, name, won) = conversion_set();
    let mut base = Tablebase::new();
    for table in bytes {
        base.add(table).unwrap();
    }
    let mut text = String::new();
    for (pos, n) in &won {
        // Read back: the line is the position, and the tables still call it won.
        let back: Position = pos.to_string().parse().unwrap();
        assert_eq!(base.probe(&back), Some(Dtm::Win(*n)), "{pos}");
        text.push_str(&format!(
            "{pos}  # {name}: {} wins in {n} plies\n",
            pos.turn()
        ));
    }
    std::fs::write(&out, text).unwrap();
}
