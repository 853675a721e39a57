use super::*;

fn parse(line: &str) -> Result<LevelsOptions, Box<dyn std::error::Error>> {
    match crate::cli::parse(&format!("levels {line}"))? {
        crate::cli::Command::Levels(a) => Ok(options(&a)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn flags_parse_and_bad_ones_are_errors() {
    let o = parse("--depth 6 --every 4 --skip 2 --seed 9 --threads 2 --levels 3-5 g.pgn").unwrap();
    assert_eq!(
        (o.depth, o.every, o.skip, o.seed, o.threads),
        (6, 4, 2, 9, 2)
    );
    assert_eq!(o.levels, [3, 4, 5]);
    assert_eq!(o.files, ["g.pgn"]);
    assert_eq!(parse("--levels 7 g.pgn").unwrap().levels, [7]);
    let o = parse("a.pgn b.pgn").unwrap();
    assert_eq!(
        (o.depth, o.every, o.skip, o.seed, o.threads),
        (12, 8, 10, 1, 1)
    );
    assert_eq!((o.levels.len(), o.files.len()), (20, 2));
    for (bad, names) in [
        ("", "GAMES.pgn"),
        ("--depth 0 g.pgn", "--depth"),
        ("--levels 5-3 g.pgn", "--levels"),
        ("--levels 20 g.pgn", "--levels"),
        ("--every x g.pgn", "--every"),
        ("--foo g.pgn", "--foo"),
    ] {
        match parse(bad) {
            Err(e) => assert!(e.to_string().contains(names), "{bad}: {e}"),
            Ok(o) => panic!("{bad}: accepted as {o:?}"),
        }
    }
}

#[test]
fn a_hanging_cannon_is_judged_and_levels_are_scored() {
    // After 1. h2e2 h9g7 2. e2e6?? (the cannon takes a pawn and the horse
    // takes it back) the position before e2e6 is judged: every level
    // plays a legal move there, the table has a line a level, and the
    // same seed gives the same table on one thread or two.
    let text = "[Event \"t\"]\n\n1. h2e2 h9g7 2. e2e6 g7e6 3. h0g2 i9h9 *\n";
    let pos = positions(text, 2, 2);
    assert_eq!(pos.iter().map(|p| p.1).collect::<Vec<_>>(), [2, 4]);
    let one = judge(&pos, &[0, 19], 4, 1, 1, |_, _| {});
    let two = judge(&pos, &[0, 19], 4, 1, 2, |_, _| {});
    assert_eq!(one, two);
    assert!(one.iter().all(|t| t.moves == 2));
    assert!(
        one.iter()
            .all(|t| t.marked[0] >= t.marked[1] && t.marked[1] >= t.marked[2])
    );
    let table = table(&[0, 19], &one);
    assert_eq!(table.lines().count(), 3, "{table}");
}
