//! `xiangqi::svg`: the pictures are well-formed XML with one element per
//! piece, classed by side and role; random positions and options never
//! panic; and (an ignored test that `.ci/run` runs after installing
//! Chromium) a headless screenshot shows the discs' colours on the right
//! points.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use xiangqi::notation::ChineseScript;
use xiangqi::svg::{self, Coordinates, Options};
use xiangqi::{Board, Color, File, Move, Piece, Position, Rank, Role, Square};

/// Parses a picture, failing the test with the parser's message.
fn parse(text: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not XML: {e}\n{text}"))
}

/// The elements whose classes start with `prefix`.
fn classed<'a>(doc: &'a roxmltree::Document<'a>, prefix: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with(prefix)))
        .collect()
}

/// Every piece element as (square, piece) from its classes and
/// `data-square`, checking the form `piece <color> <role>`.
fn drawn_pieces(text: &str) -> Vec<(Square, Piece)> {
    let doc = parse(text);
    let mut out = Vec::new();
    for node in classed(&doc, "piece ") {
        assert_eq!(node.tag_name().name(), "g");
        let class = node.attribute("class").unwrap();
        let words: Vec<&str> = class.split(' ').collect();
        let [_, color, role] = words[..] else {
            panic!("class {class:?}");
        };
        let color = Color::ALL
            .into_iter()
            .find(|c| format!("{c:?}").to_lowercase() == color)
            .unwrap_or_else(|| panic!("color in {class:?}"));
        let role = Role::ALL
            .into_iter()
            .find(|r| r.to_string() == role)
            .unwrap_or_else(|| panic!("role in {class:?}"));
        let sq: Square = node.attribute("data-square").unwrap().parse().unwrap();
        out.push((sq, Piece::new(color, role)));
    }
    out.sort();
    out
}

/// Asserts that a picture of `board` holds exactly its pieces.
fn assert_pieces_match(text: &str, board: &Board) {
    let mut expected: Vec<(Square, Piece)> = board.pieces().collect();
    expected.sort();
    assert_eq!(drawn_pieces(text), expected);
}

const FENS: [&str; 5] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "4k4/9/9/9/9/9/9/4R4/9/3K5 b",
    "3akab2/9/4b4/p3p3p/2p3p2/9/P1P1c1P1P/4B4/4A4/2BAK4 w",
    "4k4/4a4/9/9/9/9/9/9/4A4/4K4 w",
    "2bakab2/9/9/9/9/9/9/9/9/3K5 w",
];

#[test]
fn one_element_per_piece_with_its_side_and_role() {
    let start = svg::board(&Board::new(), &Options::default());
    assert_eq!(start.matches(r#"class="piece "#).count(), 32);
    assert_eq!(start.matches(r#"class="piece red chariot""#).count(), 2);
    assert_eq!(start.matches(r#"class="piece black horse""#).count(), 2);
    assert_eq!(start.matches(r#"class="piece red soldier""#).count(), 5);
    assert_pieces_match(&start, &Board::new());
    for fen in FENS {
        let pos: Position = fen.parse().unwrap();
        assert_pieces_match(&svg::position(&pos, &Options::default()), pos.board());
    }
    // Any placement, even one no position has.
    let mut odd = Board::empty();
    for sq in [Square::A0, Square::E4, Square::I9] {
        odd.set_piece_at(sq, Piece::new(Color::Red, Role::General));
    }
    assert_pieces_match(&svg::board(&odd, &Options::default()), &odd);
    assert_pieces_match(
        &svg::board(&Board::empty(), &Options::default()),
        &Board::empty(),
    );
}

/// The centre of each piece's element, by square.
fn centres(text: &str) -> HashMap<Square, (f64, f64)> {
    let doc = parse(text);
    classed(&doc, "piece ")
        .into_iter()
        .map(|n| {
            let t = n.attribute("transform").unwrap();
            let inner = t.trim_start_matches("translate(").trim_end_matches(')');
            let (x, y) = inner.split_once(',').unwrap();
            let sq = n.attribute("data-square").unwrap().parse().unwrap();
            (sq, (x.parse().unwrap(), y.parse().unwrap()))
        })
        .collect()
}

#[test]
fn red_at_the_bottom_unless_flipped() {
    let normal = centres(&svg::board(&Board::new(), &Options::default()));
    let flipped = centres(&svg::board(
        &Board::new(),
        &Options::default().with_flipped(true),
    ));
    let (a0, i9) = (normal[&Square::A0], normal[&Square::I9]);
    assert!(a0.0 < i9.0 && a0.1 > i9.1, "a0 bottom left, i9 top right");
    for sq in Square::ALL.into_iter().filter(|s| normal.contains_key(s)) {
        assert_eq!(flipped[&sq], normal[&sq.flip_vertical().flip_horizontal()]);
    }
}

#[test]
fn every_option_gives_valid_xml() {
    let mut pos = Position::new();
    let m: Move = "h2e2".parse().unwrap();
    pos.play(m).unwrap();
    let all = Options::default()
        .with_flipped(true)
        .with_letters(true)
        .with_script(ChineseScript::Simplified)
        .with_coordinates(Coordinates::Traditional)
        .with_river_text(false)
        .with_last_move(m)
        .with_check(Square::E9)
        .with_highlight(Square::E4)
        .with_highlight(Square::E4)
        .with_arrow(Square::B0, Square::C2)
        .with_arrow(Square::E4, Square::E4)
        .with_size(0);
    let text = svg::position(&pos, &all);
    let doc = parse(&text);
    assert_eq!(classed(&doc, "highlight last-move").len(), 2);
    assert_eq!(classed(&doc, "highlight check").len(), 1);
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("highlight"))
            .count(),
        2
    );
    assert_eq!(classed(&doc, "arrow").len(), 2);
    assert_eq!(doc.root_element().attribute("width"), Some("0"));
    assert_pieces_match(&text, pos.board());
    let letters: String = classed(&doc, "piece red")
        .iter()
        .filter_map(|n| n.descendants().find_map(|t| t.text()))
        .collect();
    assert!(letters.chars().all(|c| "KABNRCP".contains(c)), "{letters}");

    // Traditional numbers: Red's 九..一 on Red's side, Black's 1..9 on Black's.
    for flipped in [false, true] {
        let opts = Options::default()
            .with_coordinates(Coordinates::Traditional)
            .with_flipped(flipped);
        let text = svg::board(&Board::new(), &opts);
        let doc = parse(&text);
        let label_y = |label: &str| {
            let node = classed(&doc, "coordinates")[0]
                .descendants()
                .find(|n| n.text() == Some(label))
                .unwrap_or_else(|| panic!("no label {label}"));
            node.attribute("y").unwrap().parse::<f64>().unwrap()
        };
        let red_below = label_y("九") > label_y("1");
        assert_eq!(red_below, !flipped);
    }
    // Simplified characters.
    let simplified = svg::board(
        &Board::new(),
        &Options::default().with_script(ChineseScript::Simplified),
    );
    for glyph in ["帅", "将", "车", "马", "炮", "兵", "卒", "汉"] {
        assert!(simplified.contains(&format!(">{glyph}<")), "{glyph}");
    }
}

/// A position checking the side to move marks its general; a position not
/// in check marks nothing unless asked.
#[test]
fn check_is_marked_on_the_general() {
    let pos: Position = "4k4/9/9/9/9/9/9/4R4/9/3K5 b".parse().unwrap();
    let text = svg::position(&pos, &Options::default());
    let doc = parse(&text);
    let marks = classed(&doc, "highlight check");
    assert_eq!(marks.len(), 1);
    let general = centres(&text)[&Square::E9];
    let cx: f64 = marks[0].attribute("cx").unwrap().parse().unwrap();
    let cy: f64 = marks[0].attribute("cy").unwrap().parse().unwrap();
    assert_eq!((cx, cy), general);
    // Asked for the same square, still one mark.
    let again = svg::position(&pos, &Options::default().with_check(Square::E9));
    assert_eq!(again.matches("highlight check").count(), 1);
    let quiet = svg::position(&Position::new(), &Options::default());
    assert_eq!(quiet.matches("highlight check").count(), 0);
}

/// `docs/board.svg` (shown in the README and the module docs) is what the
/// `render` example draws for `--last-move h2e2`.
#[test]
fn committed_picture_is_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/board.svg");
    let committed = std::fs::read_to_string(&path).unwrap();
    let mut pos = Position::new();
    let m: Move = "h2e2".parse().unwrap();
    pos.play(m).unwrap();
    let fresh = svg::position(&pos, &Options::default().with_last_move(m));
    assert!(
        committed == fresh,
        "docs/board.svg is stale: cargo run --example render -- --last-move h2e2 > docs/board.svg"
    );
    assert!(
        !committed.contains("\n\n"),
        "a blank line ends the HTML block in Markdown"
    );
}

/// Plays the moves chosen by `choices` (indices modulo the number of legal
/// moves) from the start, stopping when the game is over.
fn walk(choices: &[u16]) -> Position {
    let mut pos = Position::new();
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[c as usize % moves.len()]).unwrap();
    }
    pos
}

fn square() -> impl Strategy<Value = Square> {
    (0usize..90).prop_map(|i| Square::ALL[i])
}

prop_compose! {
    fn options()(
        size in prop_oneof![Just(0u32), 1u32..2000, any::<u32>()],
        flipped in any::<bool>(),
        letters in any::<bool>(),
        simplified in any::<bool>(),
        coordinates in 0u8..3,
        river_text in any::<bool>(),
        last_move in proptest::option::of((square(), square())),
        check in proptest::option::of(square()),
        highlights in prop::collection::vec(square(), 0..6),
        arrows in prop::collection::vec((square(), square()), 0..6),
    ) -> Options {
        let mut opts = Options::default().with_size(size);
        opts.flipped = flipped;
        opts.letters = letters;
        opts.script = if simplified { ChineseScript::Simplified } else { ChineseScript::Traditional };
        opts.coordinates = [Coordinates::Hidden, Coordinates::Iccs, Coordinates::Traditional]
            [usize::from(coordinates)];
        opts.river_text = river_text;
        opts.last_move = last_move.map(|(from, to)| Move::new(from, to));
        opts.check = check;
        opts.highlights = highlights;
        opts.arrows = arrows;
        opts
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_positions_and_options_draw_valid_xml(
        choices in prop::collection::vec(any::<u16>(), 0..160),
        opts in options(),
    ) {
        let pos = walk(&choices);
        let text = svg::position(&pos, &opts);
        let doc = roxmltree::Document::parse(&text);
        prop_assert!(doc.is_ok(), "{:?}", doc.err());
        let doc = doc.unwrap();
        let size = opts.size.to_string();
        prop_assert_eq!(doc.root_element().attribute("width"), Some(size.as_str()));
        prop_assert_eq!(classed(&doc, "arrow").len(), opts.arrows.len());
        assert_pieces_match(&text, pos.board());
    }

    #[test]
    fn any_placement_draws_valid_xml(
        placed in prop::collection::vec((square(), 0usize..14), 0..90),
        opts in options(),
    ) {
        let mut board = Board::empty();
        for (sq, p) in placed {
            let color = Color::ALL[p / 7];
            board.set_piece_at(sq, Piece::new(color, Role::ALL[p % 7]));
        }
        let text = svg::board(&board, &opts);
        prop_assert!(roxmltree::Document::parse(&text).is_ok());
        assert_pieces_match(&text, &board);
    }
}

// ---------------------------------------------------------------------------
// The picture as a browser draws it.

/// The Chromium binary: `$CHROMIUM`, else `chromium` or `chromium-browser`
/// on the `PATH`.
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let dirs = std::env::var_os("PATH")?;
    std::env::split_paths(&dirs)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|path| path.is_file())
}

/// A fresh directory under the system's temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-svg-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An RGB screenshot.
struct Shot {
    width: usize,
    height: usize,
    rgb: Vec<[u8; 3]>,
}

impl Shot {
    fn at(&self, x: f64, y: f64) -> [u8; 3] {
        let (x, y) = (x.round() as usize, y.round() as usize);
        assert!(
            x < self.width && y < self.height,
            "({x}, {y}) off the picture"
        );
        self.rgb[y * self.width + x]
    }
}

/// Chromium's screenshot of an SVG file, `width` × `height` pixels.
fn screenshot(dir: &Path, svg_text: &str, name: &str, width: u32, height: u32) -> Shot {
    let svg_path = dir.join(format!("{name}.svg"));
    let png_path = dir.join(format!("{name}.png"));
    std::fs::write(&svg_path, svg_text).unwrap();
    let profile = dir.join(format!("{name}-profile"));
    let chromium =
        chromium().expect("Chromium not found: install Debian's chromium package or set $CHROMIUM");
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png_path.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("file://{}", svg_path.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run chromium");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium took over two minutes");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "chromium failed: {status}");
    let bytes = std::fs::read(&png_path).expect("chromium wrote no screenshot");
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("unexpected PNG colour type {other:?}"),
    };
    let rgb = buf[..info.buffer_size()]
        .chunks_exact(channels)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    Shot {
        width: info.width as usize,
        height: info.height as usize,
        rgb,
    }
}

fn is_red([r, g, b]: [u8; 3]) -> bool {
    r > 150 && g < 90 && b < 90
}

fn is_black([r, g, b]: [u8; 3]) -> bool {
    r < 70 && g < 70 && b < 70
}

fn is_wood([r, g, b]: [u8; 3]) -> bool {
    r > 200 && (170..235).contains(&g) && (100..190).contains(&b)
}

/// Where the points are on the screenshot: from the viewBox and the
/// centres of the corner pieces (a0 and i9) of the start position.
struct Grid {
    origin: (f64, f64),
    file_step: (f64, f64),
    rank_step: (f64, f64),
    scale: f64,
}

impl Grid {
    fn of(text: &str, shot: &Shot) -> Grid {
        let doc = parse(text);
        let view_box = doc.root_element().attribute("viewBox").unwrap();
        let view_width: f64 = view_box.split(' ').nth(2).unwrap().parse().unwrap();
        let scale = shot.width as f64 / view_width;
        let c = centres(text);
        let (a0, i9) = (c[&Square::A0], c[&Square::I9]);
        Grid {
            origin: (a0.0 * scale, a0.1 * scale),
            file_step: ((i9.0 - a0.0) * scale / 8.0, 0.0),
            rank_step: (0.0, (i9.1 - a0.1) * scale / 9.0),
            scale,
        }
    }

    /// The pixel at file `f`, rank `r` (fractions allowed), in the
    /// picture's orientation.
    fn point(&self, f: f64, r: f64) -> (f64, f64) {
        (
            self.origin.0 + f * self.file_step.0 + r * self.rank_step.0,
            self.origin.1 + f * self.file_step.1 + r * self.rank_step.1,
        )
    }

    /// Pixels in the ring of a disc at `sq`, between the inner ring and
    /// the rim, clear of the glyph.
    fn disc_ring(&self, sq: Square) -> Vec<(f64, f64)> {
        let (x, y) = self.point(sq.file().index() as f64, sq.rank().index() as f64);
        let radius = 24.5 * self.scale;
        (0..8)
            .map(|i| {
                let a = f64::from(i) * std::f64::consts::FRAC_PI_4 + 0.3;
                (x + radius * a.cos(), y + radius * a.sin())
            })
            .collect()
    }
}

/// The ring pixels of the disc on `sq` (the point of `sq` in `grid`).
fn ring(shot: &Shot, grid: &Grid, sq: Square) -> Vec<[u8; 3]> {
    grid.disc_ring(sq)
        .into_iter()
        .map(|(x, y)| shot.at(x, y))
        .collect()
}

/// Tells whether a pixel has some colour.
type Colour = fn([u8; 3]) -> bool;

/// At least 7 of the 8 ring pixels of `sq` are `colour`.
fn disc_is(shot: &Shot, grid: &Grid, sq: Square, colour: Colour) -> bool {
    ring(shot, grid, sq)
        .into_iter()
        .filter(|&p| colour(p))
        .count()
        >= 7
}

#[test]
#[ignore = "needs Chromium (`chromium` on the PATH or $CHROMIUM); .ci/run installs it and runs this test"]
fn chromium_draws_the_discs_on_their_points() {
    let dir = temp_dir("shot");
    let (width, height) = (900, 989);
    let opts = Options::default().with_size(width);
    let normal = svg::board(&Board::new(), &opts);
    let flipped = svg::board(&Board::new(), &opts.clone().with_flipped(true));
    let shot = screenshot(&dir, &normal, "normal", width, height);
    let flipped_shot = screenshot(&dir, &flipped, "flipped", width, height);
    assert_eq!((shot.width, shot.height), (900, 989), "screenshot size");
    let grid = Grid::of(&normal, &shot);
    let square = |f: File, r: Rank| Square::new(f, r);

    for (sq, red) in [
        (square(File::A, Rank::Zero), true),
        (square(File::E, Rank::Zero), true),
        (square(File::B, Rank::Two), true),
        (square(File::I, Rank::Three), true),
        (square(File::I, Rank::Nine), false),
        (square(File::E, Rank::Nine), false),
        (square(File::H, Rank::Seven), false),
        (square(File::A, Rank::Six), false),
    ] {
        let (here, there): (Colour, Colour) = if red {
            (is_red, is_black)
        } else {
            (is_black, is_red)
        };
        assert!(
            disc_is(&shot, &grid, sq, here),
            "{sq}: {:?}",
            ring(&shot, &grid, sq)
        );
        // The flipped picture has the other side's disc at the same place.
        assert!(
            disc_is(&flipped_shot, &grid, sq, there),
            "{sq} flipped: {:?}",
            ring(&flipped_shot, &grid, sq)
        );
    }
    // The wood in the middle of empty cells, clear of the palaces'
    // diagonals and the river's text.
    for (f, r) in [(1.5, 3.5), (6.5, 3.5), (7.5, 4.5), (0.5, 0.5), (1.5, 5.5)] {
        let (x, y) = grid.point(f, r);
        assert!(
            is_wood(shot.at(x, y)),
            "wood at ({f}, {r}): {:?}",
            shot.at(x, y)
        );
        assert!(is_wood(flipped_shot.at(x, y)), "wood at ({f}, {r}) flipped");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
