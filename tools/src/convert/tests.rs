use super::*;

const TWO: &str = "[Event \"a\"]\n\n1. h2e2 {centre} (1. b2e2) 1... h9g7 *\n\n\
                   [Event \"b\"]\n\n1. c3c4 *\n";

#[test]
fn the_target_follows_the_extension() {
    let n = Notation::Iccs;
    assert_eq!(target_of(Path::new("a.PGN"), n), Some(WriteFormat::Pgn(n)));
    assert_eq!(target_of(Path::new("a.xqf"), n), Some(WriteFormat::Xqf));
    assert_eq!(
        target_of(Path::new("a.dhtml"), n),
        Some(WriteFormat::DhtmlXq)
    );
    assert_eq!(target_of(Path::new("a.doc"), n), None);
    assert_eq!(target_of(Path::new("noext"), n), None);
}

#[test]
fn one_game_files_are_numbered() {
    let out = Path::new("/no/such/dir/games.xqf");
    let paths = output_paths(out, 2, WriteFormat::Xqf);
    assert_eq!(
        paths,
        vec![
            PathBuf::from("/no/such/dir/games-0001.xqf"),
            PathBuf::from("/no/such/dir/games-0002.xqf")
        ]
    );
    assert_eq!(
        output_paths(out, 1, WriteFormat::Xqf),
        vec![out.to_path_buf()]
    );
    let pgn = WriteFormat::Pgn(Notation::Iccs);
    assert_eq!(
        output_paths(Path::new("x.pgn"), 1, pgn),
        vec![PathBuf::from("x.pgn")]
    );
}

#[test]
fn a_pgn_of_two_games_becomes_two_xqf_files() {
    let file = formats::read(TWO.as_bytes()).unwrap();
    let mut seen = Vec::new();
    let files = convert_games(&file.games, WriteFormat::Xqf, |n| seen.push(n)).unwrap();
    assert_eq!(seen, vec![1, 2]);
    assert_eq!(files.len(), 2);
    let first = formats::read(&files[0]).unwrap();
    assert_eq!(first.format, RecordFormat::Xqf);
    assert_eq!(first.games[0].lines().count(), 2);
    let second = formats::read(&files[1]).unwrap();
    assert_eq!(
        second.games[0].mainline_moves(),
        vec!["c3c4".parse().unwrap()]
    );
}

#[test]
fn analysis_text_is_pgn_main_lines() {
    // PGN as it is.
    assert_eq!(analysis_text(TWO.as_bytes()).unwrap(), TWO);
    // XQF: its main line as PGN, the variation dropped.
    let file = formats::read(TWO.as_bytes()).unwrap();
    let xqf = formats::write(&file.games[..1], WriteFormat::Xqf).unwrap();
    let text = analysis_text(&xqf).unwrap();
    assert!(text.contains("h2e2") && text.contains("h9g7"), "{text}");
    assert!(!text.contains("b2e2"), "{text}");
    assert!(matches!(
        analysis_text(b"\x00\x01 nothing"),
        Err(ConvertError::Format(FormatError::Unknown))
    ));
}
