//! Game trees through PGN: hand-written games with deep variations and
//! comments inside them read, written in every notation and read back
//! equal; edits (promote, demote, remove) survive the round trip; bad
//! moves in variations give typed errors with their place; a bad game of
//! many leaves the others; garbage never panics; and, as a property,
//! random trees come back equal in every notation.

use std::ops::ControlFlow;

use proptest::prelude::*;

use xiangqi::notation::Notation;
use xiangqi::pgn::{
    GameRecord, PgnError, PgnLocation, PgnVisitor, ReadOptions, TreeLineReader, read_games,
    read_trees, visit_games, visit_pgn,
};
use xiangqi::tree::{GameTree, NodeId, TreeError};
use xiangqi::{IllegalReason, Move, Position, Setup, Validation};
use xiangqi_suite::{NOTATIONS, read_options_for as opts};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// Writes `tree` in every notation and reads it back: the same tree, and
/// written again, the same text.
fn round_trip(tree: &GameTree) {
    for n in NOTATIONS {
        let text = tree.to_pgn(n);
        let back =
            GameTree::from_pgn(&text, &opts(n)).unwrap_or_else(|e| panic!("{n:?}: {e}\n{text}"));
        assert_eq!(&back, tree, "{n:?}\n{text}");
        assert_eq!(back.to_pgn(n), text, "{n:?}");
    }
}

/// A game of the 1980s style with variations four deep, comments in and
/// around them, `;` comments, glyphs, mixed notations and move numbers.
const DEEP: &str = "\u{feff}[Event \"Demo, annotated\"]
[Site \"Beijing\"]
[Date \"1988.05.01\"]
[Red \"许银川\"]
[Black \"吕钦\"]
[Opening \"中炮对屏风马\"]
[Result \"1-0\"]

{The classic opening} 1. 炮二平五 {central cannon} (1. c3c4 {the pawn} (1. Ｃ８＝５
{the left cannon} 1... 马８进７ (1... c6c5 ; quiet
2. b0c2) 2. h0g2 $14) (1. B3+5 {the elephant} (1. b0c2)) 1... h9g7) 1... 马8进7!
2. h0g2 (2. c3c4 c6c5 {symmetry} (2... b9c7 3. b0c2 (3. h0g2 {back to normal} i9h9
(3... b7b0 {a trade}) 4. i0h0) 3... a9a8) 3. b0c2) 2... i9h9?! $18 3. i0h0 {end} 1-0
";

#[test]
fn a_deep_game_reads_as_written() {
    let tree = GameTree::from_pgn(DEEP, &ReadOptions::default()).unwrap();
    let root = tree.root();
    assert_eq!(tree.comment(root), "The classic opening");
    // The first move and its three alternatives: c3c4, then, varying
    // c3c4 from inside its variation, b2e2 and g0e2 (and b0c2 varying
    // that).
    let firsts: Vec<Move> = tree
        .children(root)
        .iter()
        .map(|&n| tree.move_at(n).unwrap())
        .collect();
    assert_eq!(
        firsts,
        [mv("h2e2"), mv("c3c4"), mv("b2e2"), mv("g0e2"), mv("b0c2")]
    );
    let [cannon, pawn, left, elephant, _] = *tree.children(root) else {
        panic!()
    };
    assert_eq!(tree.comment(cannon), "central cannon");
    assert_eq!(tree.comment(pawn), "the pawn");
    // The comment after a variation's `)` goes to the move before `(`.
    assert_eq!(tree.comment(left), "the left cannon");
    assert_eq!(tree.comment(elephant), "the elephant");
    // `;` comments to the end of the line, inside a variation.
    let left_horse = tree.children(left)[0];
    let quiet = tree.children(left)[1];
    assert_eq!(tree.move_at(quiet), Some(mv("c6c5")));
    assert_eq!(tree.comment(quiet), "quiet");
    assert_eq!(tree.nags(tree.children(left_horse)[0]), &[14]);
    // The main line, with its glyphs.
    let main: Vec<NodeId> = tree.mainline().collect();
    assert_eq!(
        tree.mainline_moves(),
        ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"].map(mv)
    );
    assert_eq!(tree.nags(main[1]), &[1]);
    assert_eq!(tree.nags(main[3]), &[6, 18]);
    assert_eq!(tree.comment(main[4]), "end");
    // Four variations deep: 2. c3c4, 2... b9c7, 3. h0g2, 3... b7b0.
    let trade = tree
        .nodes()
        .find(|&n| tree.comment(n) == "a trade")
        .unwrap();
    assert_eq!(tree.move_at(trade), Some(mv("b7b0")));
    assert_eq!(tree.ply(trade), Some(6));
    assert!(!tree.is_mainline(trade));
    let back = tree.nodes().find(|&n| tree.comment(n) == "back to normal");
    assert_eq!(back.and_then(|n| tree.move_at(n)), Some(mv("h0g2")));
    assert_eq!(tree.lines().count(), 10);
    assert_eq!(tree.node_count(), 25);
    // Headers: the roster first, then the others.
    let names: Vec<&str> = tree.headers().iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        names,
        [
            "Event", "Site", "Date", "Round", "Red", "Black", "Result", "Opening"
        ]
    );
    assert_eq!(tree.header("Round"), Some("?"));
    assert_eq!(tree.header("Black"), Some("吕钦"));
    round_trip(&tree);
}

#[test]
fn the_writer_numbers_black_after_variations_and_comments() {
    let tree = GameTree::from_pgn(DEEP, &ReadOptions::default()).unwrap();
    let text = tree.to_pgn(Notation::Iccs);
    assert!(text.starts_with(
        "[Event \"Demo, annotated\"]\n[Site \"Beijing\"]\n[Date \"1988.05.01\"]\n\
         [Round \"?\"]\n[Red \"许银川\"]\n[Black \"吕钦\"]\n[Result \"1-0\"]\n\
         [Opening \"中炮对屏风马\"]\n\n{The classic opening} 1. h2e2 {central cannon} (1. c3c4"
    ));
    let flat = text.replace('\n', " ");
    assert!(flat.contains(
        "(1. c3c4 {the pawn} 1... h9g7) (1. b2e2 {the left cannon} 1... h9g7 \
         (1... c6c5 {quiet} 2. b0c2) 2. h0g2 $14) (1. g0e2 {the elephant}) (1. b0c2) 1... h9g7!"
    ));
    assert!(flat.contains(") 1... h9g7! 2. h0g2 (2. c3c4 c6c5 {symmetry} (2... b9c7"));
    assert!(flat.contains("(3. h0g2 {back to normal} 3... i9h9 (3... b7b0"));
    assert!(flat.contains("(3... b7b0 {a trade}) 4. i0h0) 3... a9a8) 3. b0c2) 2... i9h9?! $18"));
    assert!(text.ends_with("3. i0h0 {end} 1-0\n"));
    assert!(text.lines().all(|l| l.chars().count() <= 79));
}

#[test]
fn studies_and_black_to_move() {
    // A study the strict validation refuses (an advisor off its
    // diagonals), Black to move, with a variation at once.
    let text = "[FEN \"4k4/9/9/9/9/9/9/9/4p4/3KA4 b - - 0 30\"]\n\
                [SetUp \"1\"]\n30... e1d1 (30... e1f1 {the other way}) 31. d0d1 *";
    assert!(matches!(
        GameTree::from_pgn(text, &ReadOptions::default()),
        Err(PgnError::Fen(_))
    ));
    let tree = GameTree::from_pgn(text, &opts(Notation::Iccs)).unwrap();
    let setup: Setup = "4k4/9/9/9/9/9/9/9/4p4/3KA4 b - - 0 30".parse().unwrap();
    assert_eq!(
        tree.start(),
        &Position::from_setup(setup, Validation::Lenient).unwrap()
    );
    // FEN and SetUp are the start, not headers.
    assert_eq!(tree.header("FEN"), None);
    assert_eq!(tree.header("SetUp"), None);
    let pgn = tree.to_pgn(Notation::Iccs);
    assert!(pgn.contains("[SetUp \"1\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4p4/3KA4 b - - 0 30\"]\n\n"));
    assert!(pgn.contains("30... e1d1 (30... e1f1 {the other way}) 31. d0d1 *"));
    round_trip(&tree);
}

#[test]
fn edits_survive_the_round_trip() {
    let mut tree = GameTree::from_pgn(DEEP, &ReadOptions::default()).unwrap();
    let root = tree.root();
    let pawn = tree.children(root)[1];
    // The pawn opening becomes the main line; the cannon demoted below the
    // elephant; the left cannon's variation removed.
    tree.promote_to_main(pawn).unwrap();
    let cannon = tree.children(root)[1];
    tree.demote(cannon).unwrap();
    tree.demote(cannon).unwrap();
    let left = tree.children(root)[1];
    assert_eq!(tree.move_at(left), Some(mv("b2e2")));
    let before = tree.node_count();
    let removed = 1 + tree.nodes().filter(|&n| is_below(&tree, n, left)).count();
    tree.remove_variation(left).unwrap();
    assert_eq!(tree.node_count(), before - removed);
    assert_eq!(
        tree.children(root)
            .iter()
            .map(|&n| tree.move_at(n).unwrap())
            .collect::<Vec<_>>(),
        ["c3c4", "g0e2", "h2e2", "b0c2"].map(mv)
    );
    assert_eq!(tree.mainline_moves(), ["c3c4", "h9g7"].map(mv));
    // A new line, made main from deep inside.
    let c3c4 = tree.children(root)[0];
    let reply = tree.add_main_variation(c3c4, mv("c6c5")).unwrap();
    let deep = tree.add_line(reply, ["h2e2", "h9g7"].map(mv)).unwrap();
    tree.set_comment(deep, "a new idea").unwrap();
    tree.push_nag(deep, 146).unwrap();
    assert_eq!(
        tree.mainline_moves(),
        ["c3c4", "c6c5", "h2e2", "h9g7"].map(mv)
    );
    let elephant = tree.children(root)[1];
    let e = tree.add_variation(elephant, mv("h9g7")).unwrap();
    tree.make_mainline(e).unwrap();
    assert_eq!(tree.mainline_moves(), ["g0e2", "h9g7"].map(mv));
    tree.set_starting_comment(tree.children(root)[1], "as played")
        .unwrap();
    round_trip(&tree);
    // Illegal additions change nothing.
    let copy = tree.clone();
    assert!(matches!(
        tree.add_variation(e, mv("h9g7")),
        Err(TreeError::IllegalMove { .. })
    ));
    assert_eq!(tree, copy);
}

/// Whether `n` is a strict descendant of `of`.
fn is_below(tree: &GameTree, n: NodeId, of: NodeId) -> bool {
    std::iter::successors(tree.parent(n), |&p| tree.parent(p)).any(|p| p == of)
}

#[test]
fn an_illegal_move_in_a_variation_is_placed() {
    let text = "[Event \"x\"]\n\n1. h2e2 h9g7 (1... b9c7\n2. h0g2 (2. b0c2 b9c7) i9h9) 2. h0g2 *\n";
    let err = GameTree::from_pgn(text, &ReadOptions::default()).unwrap_err();
    let PgnError::Move {
        ply,
        line,
        column,
        text: bad,
        reason,
        ..
    } = &err
    else {
        panic!("{err:?}")
    };
    // b9c7 again: the horse has left b9.
    assert_eq!((*ply, *line, *column), (4, 4, 18));
    assert_eq!(bad, "b9c7");
    assert!(matches!(
        reason,
        xiangqi::notation::MoveError::Illegal {
            reason: IllegalReason::EmptySquare,
            ..
        }
    ));
    assert!(
        err.to_string()
            .starts_with("bad move \"b9c7\" at ply 4 (line 4, column 18): b9c7 is not legal"),
        "{err}"
    );
    // The flat record reader skips variations, and reads the main line.
    assert!(GameRecord::from_pgn(text, &ReadOptions::default()).is_ok());
}

#[test]
fn a_bad_game_of_many_leaves_the_others() {
    let text = format!(
        "{DEEP}\n[Event \"bad\"]\n1. h2e2 (1. h2e2 h2e2) *\n\n[Event \"open\"]\n1. h2e2 (1. b2e2\n\n\
         [Event \"last\"]\n1. c3c4 {{fine}} *\n"
    );
    let games: Vec<_> = read_trees(&text, &ReadOptions::default()).collect();
    assert_eq!(games.len(), 4);
    assert_eq!(
        games[0].as_ref().unwrap(),
        &GameTree::from_pgn(DEEP, &ReadOptions::default()).unwrap()
    );
    let bad = games[1].as_ref().unwrap_err();
    assert_eq!((bad.index, bad.line), (1, 15));
    assert!(matches!(
        bad.error,
        PgnError::Move {
            ply: 2,
            line: 16,
            column: 18,
            ..
        }
    ));
    let open = games[2].as_ref().unwrap_err();
    assert_eq!(
        (open.index, open.line, &open.error),
        (2, 18, &PgnError::UnclosedVariation { line: 19 })
    );
    let last = games[3].as_ref().unwrap();
    assert_eq!(last.header("Event"), Some("last"));
    assert_eq!(last.comment(last.children(last.root())[0]), "fine");
    // The flat reader splits the text the same way, and the line-fed tree
    // reader reads the same.
    assert_eq!(read_games(&text, &ReadOptions::default()).count(), 4);
    let mut reader = TreeLineReader::new(&ReadOptions::default());
    let mut fed: Vec<_> = text.lines().filter_map(|l| reader.push_line(l)).collect();
    fed.extend(reader.finish());
    assert_eq!(fed, games);
}

/// Counts what a visitor sees, building nothing.
#[derive(Default)]
struct Census {
    moves: usize,
    comments: usize,
    nags: usize,
    depth: usize,
    deepest: usize,
}

impl PgnVisitor for Census {
    type Output = (usize, usize, usize, usize);
    fn begin_game(&mut self) {
        *self = Census::default();
    }
    fn move_text(&mut self, _: &str, _: PgnLocation) {
        self.moves += 1;
    }
    fn comment(&mut self, _: &str) {
        self.comments += 1;
    }
    fn nag(&mut self, _: u8) {
        self.nags += 1;
    }
    fn begin_variation(&mut self) -> ControlFlow<()> {
        self.depth += 1;
        self.deepest = self.deepest.max(self.depth);
        ControlFlow::Continue(())
    }
    fn end_variation(&mut self) {
        self.depth -= 1;
    }
    fn end_game(&mut self) -> Self::Output {
        (self.moves, self.comments, self.nags, self.deepest)
    }
}

#[test]
fn a_visitor_streams_without_trees() {
    let text = format!("{DEEP}\n{DEEP}");
    let counts: Vec<_> = visit_games(&text, &ReadOptions::default(), Census::default())
        .map(Result::unwrap)
        .collect();
    let tree = GameTree::from_pgn(DEEP, &ReadOptions::default()).unwrap();
    let comments = tree
        .nodes()
        .filter(|&n| !tree.comment(n).is_empty())
        .count();
    let nags: usize = tree.nodes().map(|n| tree.nags(n).len()).sum();
    assert_eq!(counts, vec![(tree.node_count() - 1, comments, nags, 4); 2]);
}

#[test]
fn garbage_never_panics() {
    let mut inputs: Vec<String> = vec![
        "(".repeat(100_000),
        ")".repeat(1000),
        "1. h2e2 ".to_string() + &"(1. b2e2 ".repeat(254) + &")".repeat(254) + " *",
        "{".into(),
        "1. h2e2 (((( {x} )))) *".into(),
        "1. h2e2 ( ) () (;\n) *".into(),
        "( {only a comment} ) 1. h2e2 ( {comment only} ) *".into(),
        "1. h2e2 1-0 (1. b2e2) h9g7".into(),
        "[FEN \"garbage\"]\n1. h2e2".into(),
        "[Event \"x\n1. h2e2 (".into(),
        "$$$ $999 !!?? 1... 2... ... 1-0-1 ½-½ ∗".into(),
        "1. 炮二平五 (1... 炮８平５) 炮８平五 (马 马 马) *".into(),
        "%escaped (\n1. h2e2 *".into(),
        "\u{feff}\u{3000}\r\n\r\n".into(),
    ];
    let mut x = 0x2545_f491_4f6c_dd1d_u64;
    let alphabet: Vec<char> = "(){};$!?.[]\"\n 1-0*h2e9炮二平五马８进７".chars().collect();
    for len in [10, 100, 1000] {
        for _ in 0..50 {
            let s: String = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    alphabet[(x % alphabet.len() as u64) as usize]
                })
                .collect();
            inputs.push(s);
        }
    }
    for text in &inputs {
        for o in [
            ReadOptions::default(),
            ReadOptions::default().with_strict(true),
            opts(Notation::Iccs).with_variations(true),
        ] {
            if let Ok(tree) = GameTree::from_pgn(text, &o) {
                let back = GameTree::from_pgn(&tree.to_pgn(Notation::Iccs), &o).unwrap();
                assert_eq!(back.lines().count(), tree.lines().count());
                assert_eq!(back.node_count(), tree.node_count());
            }
            for game in read_trees(text, &o).flatten() {
                let _ = game.to_pgn(Notation::Wxf(xiangqi::notation::WxfDialect::Wxf));
            }
            let _ = visit_games(text, &o, Census::default()).count();
            if let Ok(rec) = GameRecord::from_pgn(text, &o) {
                let _ = GameTree::from_record(&rec, &o);
            }
        }
    }
    // Too deep: a typed error, not a stack overflow.
    assert_eq!(
        GameTree::from_pgn(&inputs[0], &ReadOptions::default()),
        Err(PgnError::TooDeep { line: 1 })
    );
    assert_eq!(
        GameTree::from_pgn(&inputs[1], &ReadOptions::default()),
        Err(PgnError::Unbalanced { line: 1 })
    );
    // 254 deep is within the bound, and round trips.
    let deep = GameTree::from_pgn(&inputs[2], &ReadOptions::default()).unwrap();
    assert_eq!(deep.children(deep.root()).len(), 255);
    round_trip(&deep);
}

#[test]
fn records_and_trees_agree() {
    let o = ReadOptions::default().with_variations(true);
    let rec = GameRecord::from_pgn(DEEP, &o).unwrap();
    let tree = GameTree::from_pgn(DEEP, &o).unwrap();
    assert_eq!(GameTree::from_record(&rec, &o).unwrap(), tree);
    let flat = tree.to_record();
    assert_eq!(flat.moves, rec.moves);
    assert_eq!(flat.nags, rec.nags);
    assert_eq!(flat.result, rec.result);
    assert_eq!(GameTree::from_record(&flat, &o).unwrap(), tree);
    // Written as a record, read as a tree: the same tree.
    let text = flat.to_pgn(Notation::Iccs).unwrap();
    assert_eq!(GameTree::from_pgn(&text, &o).unwrap(), tree);
    // The game of the main line, judged under the tree's rules.
    let game = tree.mainline_game();
    assert_eq!(game, rec.to_game(xiangqi::Rules::default()).unwrap());
}

/// Starts: the standard one, middlegames with tandem pieces, Black to
/// move, and studies that need lenient validation.
const STARTS: [&str; 5] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 b - - 4 3",
    "3k5/9/P8/P1P6/P1P6/9/9/9/9/4K4 w - - 0 40",
    "2bak4/4a4/4b4/9/2p6/9/9/2B1B4/3A5/3AK4 b - - 0 30",
    "4k4/4a4/3a5/9/9/2p1p4/9/4B4/4A4/3AK1B2 w - - 0 1",
];

prop_compose! {
    fn text()(t in "[!-|~车马炮一二]([ !-|~车马炮]{0,10}[!-|~])?") -> String { t }
}

prop_compose! {
    fn random_tree()(
        s in 0..STARTS.len(),
        adds in prop::collection::vec(
            (any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<bool>()),
            0..60,
        ),
        notes in prop::collection::vec(
            (any::<prop::sample::Index>(), 0u8..4, text(), any::<u8>()),
            0..12,
        ),
        tags in prop::collection::vec(("[A-Z][A-Za-z0-9_]{0,8}", "[ -~车马炮]{0,12}"), 0..4),
    ) -> GameTree {
        let setup: Setup = STARTS[s].parse().unwrap();
        let mut tree = GameTree::new(Position::from_setup(setup, Validation::Lenient).unwrap());
        for (k, v) in tags {
            if !k.eq_ignore_ascii_case("FEN") && !k.eq_ignore_ascii_case("SetUp") {
                tree.set_header(&k, &v);
            }
        }
        tree.set_header("Result", ["1-0", "0-1", "1/2-1/2", "*"][s % 4]);
        tree.normalize_headers();
        for (at, pick, main) in adds {
            let nodes: Vec<NodeId> = tree.nodes().collect();
            let node = nodes[at.index(nodes.len())];
            let moves = tree.position(node).unwrap().legal_moves();
            if moves.is_empty() {
                continue;
            }
            let m = moves[pick.index(moves.len())];
            if main {
                tree.add_main_variation(node, m).unwrap();
            } else {
                tree.add_variation(node, m).unwrap();
            }
        }
        for (at, kind, text, nag) in notes {
            let nodes: Vec<NodeId> = tree.nodes().collect();
            let node = nodes[at.index(nodes.len())];
            match kind {
                0 => tree.set_comment(node, text).unwrap(),
                1 => tree.push_nag(node, nag).unwrap(),
                2 if tree.starts_variation(node) => tree.set_starting_comment(node, text).unwrap(),
                _ => {
                    if let Some(p) = tree.parent(node) {
                        if tree.children(p).len() > 1 {
                            if nag % 2 == 0 { tree.promote(node).unwrap() } else { tree.demote(node).unwrap() }
                        }
                    }
                }
            }
        }
        // Starting comments only where PGN keeps them (the reordering may
        // have moved a node to the front).
        let firsts: Vec<NodeId> = tree.nodes().filter(|&n| !tree.starts_variation(n)).collect();
        for n in firsts {
            if n != tree.root() {
                tree.set_starting_comment(n, "").unwrap();
            }
        }
        tree
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn random_trees_read_back_equal_in_every_notation(tree in random_tree()) {
        for n in NOTATIONS {
            let text = tree.to_pgn(n);
            let back = GameTree::from_pgn(&text, &opts(n));
            prop_assert_eq!(back.as_ref(), Ok(&tree), "{:?}\n{}", n, text);
            let strict = GameTree::from_pgn(&text, &opts(n).with_strict(true));
            prop_assert_eq!(strict.as_ref(), Ok(&tree), "strict {:?}", n);
            // Visiting the tree is visiting its text.
            let visited = visit_pgn(&text, &opts(n), &mut Census::default());
            prop_assert_eq!(Ok(tree.accept(n, &mut Census::default())), visited);
        }
        // Two copies in one text, read as many games.
        let one = tree.to_pgn(Notation::Iccs);
        let two = format!("{one}\n{one}");
        let all: Vec<GameTree> = read_trees(&two, &opts(Notation::Iccs)).map(Result::unwrap).collect();
        prop_assert_eq!(all, vec![tree.clone(), tree.clone()]);
        // Through a record: the same tree.
        let o = opts(Notation::Iccs).with_variations(true);
        prop_assert_eq!(GameTree::from_record(&tree.to_record(), &o), Ok(tree.clone()));
        // Every line replays, and the main line's game has its moves.
        for line in tree.lines() {
            let mut pos = tree.start().clone();
            for m in line {
                prop_assert!(pos.play(m).is_ok());
            }
        }
        prop_assert_eq!(tree.mainline_game().moves().collect::<Vec<_>>(), tree.mainline_moves());
    }
}

#[test]
fn long_lines_and_many_comments_read_in_linear_time() {
    // 40 000 moves on one line, a comment after each, then 100 000
    // comments after the last move and 100 000 glyphs: quadratic work
    // (columns counted from the line start, comments copied to append)
    // would take minutes.
    let mut text = String::new();
    for _ in 0..10_000 {
        text.push_str("h0g2 {a} h9g7 {b} g2h0 {c} g7h9 {d} ");
    }
    text.push_str(&"{x} $1 ".repeat(100_000));
    text.push_str("(b9c7 b2b9) *");
    let started = std::time::Instant::now();
    let err = GameTree::from_pgn(&text, &ReadOptions::default()).unwrap_err();
    // The last variation's bad move, placed far along the line.
    let PgnError::Move {
        ply, line, column, ..
    } = err
    else {
        panic!("{err:?}")
    };
    assert_eq!((ply, line), (40_001, 1));
    assert_eq!(column, text.len() - "b2b9) *".len() + 1);
    let text = text.replace(" b2b9", "");
    let tree = GameTree::from_pgn(&text, &ReadOptions::default()).unwrap();
    assert_eq!(tree.node_count(), 40_002);
    let last = tree.end(tree.root());
    assert_eq!(tree.nags(last).len(), 100_000);
    assert_eq!(tree.comment(last).len(), "d".len() + 2 * 100_000);
    let written = tree.to_pgn(Notation::Iccs);
    assert_eq!(
        GameTree::from_pgn(&written, &ReadOptions::default()).unwrap(),
        tree
    );
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
}
