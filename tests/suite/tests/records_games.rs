//! A real master-game database (tests/data/games, see its README): every
//! record read in every notation, the editions checked move for move
//! against each other, our writer against Fairy-Stockfish (WXF), cchess
//! (Chinese) and the source's own editions, and the junk of real files.

use xiangqi::notation::{ChineseScript, WxfDialect, format_chinese, format_wxf};
use xiangqi::pgn::{GameRecord, PgnError, ReadOptions, read_games};
use xiangqi::{Move, Position, Role};

fn text(name: &str) -> String {
    let path = xiangqi_suite::data_path(&format!("games/{name}"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every record of a file, each of which must read.
fn games(name: &str, opts: &ReadOptions) -> Vec<GameRecord> {
    read_games(&text(name), opts)
        .map(|g| g.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

fn moves(name: &str) -> Vec<Vec<Move>> {
    games(name, &ReadOptions::default())
        .into_iter()
        .map(|g| g.moves)
        .collect()
}

/// Full-width forms to ASCII (the source writes Black's digits full-width).
fn fold(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap(),
            c => c,
        })
        .collect()
}

/// The move tokens of each record, as written (move numbers dropped).
fn tokens(name: &str) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut movetext = false;
    for line in text(name).lines() {
        if line.starts_with('[') {
            if movetext || out.is_empty() {
                out.push(Vec::new());
            }
            movetext = false;
            continue;
        }
        for t in line.split_whitespace().filter(|t| !t.ends_with('.')) {
            movetext = true;
            out.last_mut().unwrap().push(t.to_string());
        }
    }
    out
}

#[test]
fn xqdb_editions_agree_move_for_move() {
    let iccs = moves("xqdb_iccs.pgn");
    let wxf = moves("xqdb_wxf.pgn"); // full-width: Ｃ２＝５
    let chinese = moves("xqdb_chinese.pgn");
    assert_eq!(iccs.len(), 15);
    assert_eq!(iccs.iter().map(Vec::len).sum::<usize>(), 1378);
    let mut differ = Vec::new();
    for g in 0..15 {
        assert_eq!(iccs[g].len(), wxf[g].len(), "game {g}");
        assert_eq!(iccs[g].len(), chinese[g].len(), "game {g}");
        for i in 0..iccs[g].len() {
            assert_eq!(wxf[g][i], chinese[g][i], "game {g} ply {i}");
            if iccs[g][i] != chinese[g][i] {
                differ.push((g, i, iccs[g][i].to_string(), chinese[g][i].to_string()));
            }
        }
    }
    // The source's one error (see the README): 后兵进一 for the front soldier.
    assert_eq!(differ, [(1, 70, "e5e6".into(), "e3e4".into())]);
}

#[test]
fn player_files_read_in_every_notation() {
    for (player, n) in [("liu_dahua", 41), ("hu_ronghua", 20)] {
        let iccs = games(&format!("{player}_iccs.pgn"), &ReadOptions::default());
        let wxf = games(&format!("{player}_wxf.pgn"), &ReadOptions::default());
        let chinese = games(&format!("{player}_chinese.pgn"), &ReadOptions::default());
        assert_eq!(iccs.len(), n);
        for (i, ((a, b), c)) in iccs.iter().zip(&wxf).zip(&chinese).enumerate() {
            assert_eq!(a.tags, b.tags, "{player} game {i}");
            assert_eq!(a.tags, c.tags, "{player} game {i}");
            assert_eq!(a.moves, b.moves, "{player} game {i}");
            assert_eq!(a.moves, c.moves, "{player} game {i}");
            assert!(a.moves.len() > 10, "{player} game {i}");
            assert!(a.end().is_ok());
        }
        assert_eq!((wxf.len(), chinese.len()), (n, n));
    }
    let liu = games("liu_dahua_iccs.pgn", &ReadOptions::default());
    assert_eq!(
        liu[40].tag("Event"),
        Some("\"Huangshan Cup\" National GM,CM Tournament 2002")
    );
    assert_eq!(liu[40].tag("Red"), Some("XU YinChuan"));
    assert_eq!(
        liu[40].moves[..4],
        ["h2e2", "h9g7", "h0g2", "i9h9"].map(|m| m.parse::<Move>().unwrap())
    );
}

#[test]
fn strict_mode_rejects_only_the_malformed_tag() {
    let strict = ReadOptions::default().with_strict(true);
    let text = text("liu_dahua_iccs.pgn");
    let line = text.lines().position(|l| l.contains("Huangshan")).unwrap() + 1;
    let results: Vec<_> = read_games(&text, &strict).collect();
    assert_eq!(results.len(), 41);
    assert!(results[..40].iter().all(Result::is_ok));
    let e = results[40].as_ref().unwrap_err();
    assert_eq!(
        (e.index, e.line, &e.error),
        (40, line, &PgnError::Tag { line })
    );
}

/// How many moves of `rec` are made by an advisor or an elephant while
/// another of its kind stands on the same file.
fn tandem_advisors_and_elephants(rec: &GameRecord) -> usize {
    let mut pos = rec.start.clone();
    let mut n = 0;
    for &m in &rec.moves {
        let piece = pos.board().piece_at(m.from()).unwrap();
        if matches!(piece.role, Role::Advisor | Role::Elephant) {
            let same = xiangqi::Square::ALL
                .iter()
                .filter(|s| s.file() == m.from().file() && pos.board().piece_at(**s) == Some(piece))
                .count();
            n += usize::from(same == 2);
        }
        pos.play(m).unwrap();
    }
    n
}

/// Our writer against an edition written by another program: returns the
/// plies (game, ply) where the texts differ.
fn compare_writer(
    iccs: &str,
    edition: &str,
    write: impl Fn(&Position, Move) -> String,
) -> (usize, Vec<(usize, usize)>) {
    let games = games(iccs, &ReadOptions::default());
    let theirs = tokens(edition);
    assert_eq!(games.len(), theirs.len(), "{edition}");
    let (mut checked, mut differ) = (0, Vec::new());
    for (g, (rec, theirs)) in games.iter().zip(&theirs).enumerate() {
        assert_eq!(rec.moves.len(), theirs.len(), "{edition} game {g}");
        let mut pos = rec.start.clone();
        for (i, (&m, t)) in rec.moves.iter().zip(theirs).enumerate() {
            if write(&pos, m) != fold(t) {
                differ.push((g, i));
            }
            checked += 1;
            pos.play(m).unwrap();
        }
    }
    (checked, differ)
}

#[test]
fn our_writer_matches_fairy_stockfish_cchess_and_the_source() {
    let chinese = |pos: &Position, m| format_chinese(pos, m, ChineseScript::Simplified).unwrap();
    let fsf = |pos: &Position, m| format_wxf(pos, m, WxfDialect::FairyStockfish).unwrap();
    let mut total = 0;
    for player in ["liu_dahua", "hu_ronghua"] {
        let iccs = format!("{player}_iccs.pgn");
        let (n, differ) = compare_writer(&iccs, &format!("{player}_chinese.pgn"), chinese);
        assert_eq!(differ, [], "{player}: Chinese against cchess");
        let (m, differ) = compare_writer(&iccs, &format!("{player}_wxf.pgn"), fsf);
        assert_eq!(differ, [], "{player}: WXF against Fairy-Stockfish");
        assert_eq!(n, m);
        total += n;
    }
    assert!(total > 4000, "{total}");
    // The source's editions: the same Chinese, and WXF with the marker
    // before the letter and `=` sideways (`+P=6`), but for its one error.
    let (n, differ) = compare_writer("xqdb_iccs.pgn", "xqdb_chinese.pgn", chinese);
    assert_eq!((n, differ), (1378, vec![(1, 70)]));
    let prefix = |pos: &Position, m| {
        format_wxf(pos, m, WxfDialect::WxfPrefix)
            .unwrap()
            .replace('.', "=")
    };
    let (_, differ) = compare_writer("xqdb_iccs.pgn", "xqdb_wxf.pgn", prefix);
    assert_eq!(differ, [(1, 70)]);

    // Two advisors or elephants on a file keep their file number (仕六进五):
    // the sample has such moves, and the peers write them so.
    let tandem: usize = ["liu_dahua_iccs.pgn", "hu_ronghua_iccs.pgn", "xqdb_iccs.pgn"]
        .iter()
        .flat_map(|f| games(f, &ReadOptions::default()))
        .map(|g| tandem_advisors_and_elephants(&g))
        .sum();
    assert!(tandem >= 10, "{tandem}");
}

#[test]
fn junk_of_real_files_reads_the_same() {
    let clean = text("xqdb_iccs.pgn");
    let want: Vec<GameRecord> = games("xqdb_iccs.pgn", &ReadOptions::default());
    // CRLF, a byte order mark, trailing spaces and tabs, blank lines with
    // spaces, tabs between moves, a missing blank line between records.
    let crlf = format!("\u{feff}{}", clean.replace('\n', " \t\r\n"));
    let tabs = clean
        .lines()
        .map(|l| match l.starts_with('[') {
            true => format!("{l}\t "),
            false => l.replace(' ', "\t "),
        })
        .collect::<Vec<_>>()
        .join("\n")
        .replace("\n\n[", "\n[");
    for (what, text) in [("crlf", crlf), ("tabs", tabs)] {
        let got: Vec<GameRecord> = read_games(&text, &ReadOptions::default())
            .map(|g| g.unwrap_or_else(|e| panic!("{what}: {e}")))
            .collect();
        assert_eq!(got, want, "{what}");
    }
    // Full-width text with ideographic spaces, as decoded from GBK.
    let wide = text("xqdb_chinese.pgn").replace(' ', "\u{3000}");
    let got: Vec<Vec<Move>> = read_games(&wide, &ReadOptions::default())
        .map(|g| g.unwrap().moves)
        .collect();
    assert_eq!(got, moves("xqdb_chinese.pgn"));
}

#[test]
fn gbk_bytes_decoded_as_utf8_give_typed_errors() {
    let bytes = std::fs::read(xiangqi_suite::data_path("games/xqdb_chinese_gbk.pgn")).unwrap();
    assert!(std::str::from_utf8(&bytes).is_err());
    let text = String::from_utf8_lossy(&bytes);
    let results: Vec<_> = read_games(&text, &ReadOptions::default()).collect();
    assert_eq!(results.len(), 2);
    for (i, r) in results.iter().enumerate() {
        let e = r.as_ref().unwrap_err();
        assert_eq!(e.index, i);
        assert!(matches!(e.error, PgnError::Move { ply: 1, .. }), "{e}");
    }
    // The second record starts on line 7 (three tags, a blank line, the
    // moves and a blank line before it).
    assert_eq!(results[1].as_ref().unwrap_err().line, 7);
}
