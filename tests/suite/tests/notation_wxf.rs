//! WXF notation against Fairy-Stockfish (pyffish `get_san(..,
//! NOTATION_XIANGQI_WXF)`): `tests/data/wxf.txt` lists every legal move of
//! 640 positions with pyffish's WXF string (see the file's header and
//! `tests/scripts/gen_wxf_data.py`).

use xiangqi::notation::{WxfDialect, format_wxf, parse_wxf};
use xiangqi::{Move, Position};

const DATA: &str = include_str!("data/wxf.txt");

fn entries() -> Vec<(Position, Vec<(Move, String)>)> {
    let mut out = Vec::new();
    for line in DATA.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fen, moves) = line.split_once('|').expect("fen|moves");
        let pos: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        let moves = moves
            .split_whitespace()
            .map(|tok| {
                let (iccs, wxf) = tok.split_once('=').expect("iccs=wxf");
                (iccs.parse::<Move>().expect(iccs), wxf.to_string())
            })
            .collect();
        out.push((pos, moves));
    }
    out
}

#[test]
fn data_covers_all_legal_moves() {
    let entries = entries();
    assert!(entries.len() >= 500, "only {} positions", entries.len());
    for (pos, moves) in &entries {
        let mut ours: Vec<Move> = pos.legal_moves().to_vec();
        ours.sort_by_key(|m| m.to_string());
        let theirs: Vec<Move> = moves.iter().map(|(m, _)| *m).collect();
        assert_eq!(ours, theirs, "{pos}");
    }
}

#[test]
fn format_matches_pyffish() {
    let mut bad = Vec::new();
    let mut total = 0;
    for (pos, moves) in entries() {
        for (m, wxf) in moves {
            total += 1;
            let ours = format_wxf(&pos, m, WxfDialect::FairyStockfish).unwrap();
            if ours != wxf {
                bad.push(format!("{pos} | {m}: pyffish {wxf}, ours {ours}"));
            }
        }
    }
    assert!(total > 20_000, "{total}");
    assert!(
        bad.is_empty(),
        "{} of {total} differ:\n{}",
        bad.len(),
        bad[..bad.len().min(30)].join("\n")
    );
}

#[test]
fn parse_pyffish_output() {
    let mut bad = Vec::new();
    for (pos, moves) in entries() {
        for (m, wxf) in moves {
            for dialect in [WxfDialect::FairyStockfish, WxfDialect::Wxf] {
                // The two-equal-digits form ("33=4") is dialect-specific.
                let b = wxf.as_bytes();
                if dialect == WxfDialect::Wxf && b[0].is_ascii_digit() && b[0] == b[1] {
                    continue;
                }
                match parse_wxf(&pos, &wxf, dialect) {
                    Ok(p) if p == m => {}
                    other => bad.push(format!(
                        "{pos} | {wxf} ({dialect:?}): want {m}, got {other:?}"
                    )),
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} failures:\n{}",
        bad.len(),
        bad[..bad.len().min(30)].join("\n")
    );
}

/// The tandem-pawn examples of the official WXF notation page
/// (http://www.wxf.org/xq/computer/wxf_notation.html, "Special Cases for
/// Tandem Pawns"), set up with Red's pawns on Red's file 3 (ICCS `g`) and
/// file 7 (ICCS `c`), traversing to file 4 (`f`) / 6 (`d`).
#[test]
fn wxf_rules_tandem_pawns() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        // (I) three pawns on file 3: P+.4, P3.4, P-.4
        (
            "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w",
            &[("g7f7", "P+.4"), ("g6f6", "P3.4"), ("g5f5", "P-.4")],
        ),
        // (II) five pawns: ++.4, P+.4, P3.4, P-.4, --.4
        (
            "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w",
            &[
                ("g9f9", "++.4"),
                ("g8f8", "P+.4"),
                ("g7f7", "P3.4"),
                ("g6f6", "P-.4"),
                ("g5f5", "--.4"),
            ],
        ),
        // (III) four pawns: ++.4, P+.4, P-.4, --.4
        (
            "3k2P2/6P2/6P2/6P2/9/9/9/9/9/4K4 w",
            &[
                ("g9f9", "++.4"),
                ("g8f8", "P+.4"),
                ("g7f7", "P-.4"),
                ("g6f6", "--.4"),
            ],
        ),
        // (IV) three pawns on file 3 and two on file 7.
        (
            "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w",
            &[
                ("g7f7", "3+.4"),
                ("g6f6", "33.4"),
                ("g5f5", "3-.4"),
                ("c6d6", "7+.6"),
                ("c5d5", "7-.6"),
            ],
        ),
    ];
    for (fen, moves) in cases {
        let pos: Position = fen.parse().unwrap();
        for &(iccs, wxf) in moves.iter() {
            let m: Move = iccs.parse().unwrap();
            assert_eq!(
                format_wxf(&pos, m, WxfDialect::Wxf).unwrap(),
                wxf,
                "{fen} {iccs}"
            );
            assert_eq!(parse_wxf(&pos, wxf, WxfDialect::Wxf), Ok(m), "{fen} {wxf}");
            let prefixed = format_wxf(&pos, m, WxfDialect::WxfPrefix).unwrap();
            assert_eq!(parse_wxf(&pos, &prefixed, WxfDialect::WxfPrefix), Ok(m));
        }
    }
}

/// Examples from the WXF page and xqinenglish.com ("R+.3", "C--1", "R++7").
#[test]
fn tandem_markers_both_orders() {
    // Red chariots on e3 and e6 (file 5), cannons on b2 and b7 (file 8).
    let pos: Position = "3k5/9/1C7/4R4/9/9/4R4/1C7/9/5K3 w".parse().unwrap();
    for (s, iccs) in [
        ("R+.3", "e6g6"),
        ("+R.3", "e6g6"),
        ("R+=3", "e6g6"),
        ("R-+2", "e3e5"),
        ("-R+2", "e3e5"),
        ("C--1", "b2b1"),
        ("C++1", "b7b8"),
    ] {
        let want: Move = iccs.parse().unwrap();
        assert_eq!(parse_wxf(&pos, s, WxfDialect::Wxf), Ok(want), "{s}");
    }
    assert!(matches!(
        parse_wxf(&pos, "R5+1", WxfDialect::Wxf),
        Err(xiangqi::notation::ParseNotationError::Ambiguous(v)) if v.len() == 2
    ));
    let m: Move = "b7b8".parse().unwrap();
    assert_eq!(format_wxf(&pos, m, WxfDialect::Wxf).unwrap(), "C++1");
    assert_eq!(format_wxf(&pos, m, WxfDialect::WxfPrefix).unwrap(), "+C+1");
    assert_eq!(
        format_wxf(&pos, m, WxfDialect::FairyStockfish).unwrap(),
        "C++1"
    );
}
