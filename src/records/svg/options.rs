//! [`Options`]: what a drawing shows and how.

use crate::base::{Move, Square};
use crate::records::notation::ChineseScript;

/// How the files (and ranks) are labelled around the board.
///
/// ```
/// use xiangqi::svg::{self, Coordinates, Options};
/// use xiangqi::Board;
/// let opts = Options::default().with_coordinates(Coordinates::Traditional);
/// let svg = svg::board(&Board::new(), &opts);
/// assert!(svg.contains(">九</text>") && svg.contains(">9</text>"));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Coordinates {
    /// No labels.
    Hidden,
    /// ICCS: files `a`..`i` below the board, ranks `0`..`9` on its left.
    #[default]
    Iccs,
    /// The traditional file numbers, each side's from its own right: Red's
    /// `九`..`一` (Chinese numerals) on Red's side, Black's `1`..`9`
    /// (digits) on Black's side.
    Traditional,
}

/// What a drawing shows and how: size, orientation, piece style,
/// coordinates, highlights and arrows.
///
/// The default is a 450-pixel-wide board with Red at the bottom, pieces
/// in traditional characters (`帥仕相俥傌炮兵` against `將士象車馬砲卒`: every
/// role of each side has its own glyph), ICCS coordinates, the river's
/// `楚河 漢界`, and no highlights or arrows. The `with_` methods change
/// one setting each.
///
/// ```
/// use xiangqi::svg::Options;
/// use xiangqi::Square;
/// let opts = Options::default()
///     .with_flipped(true)
///     .with_size(400)
///     .with_last_move("h2e2".parse()?)
///     .with_arrow(Square::B0, Square::C2);
/// assert!(opts.flipped);
/// assert_eq!(opts.arrows, vec![(Square::B0, Square::C2)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Options {
    /// The width of the picture in pixels (its `width` attribute); the
    /// height follows the board's proportions. The drawing scales to any
    /// size through its `viewBox`; 0 gives an empty picture.
    pub size: u32,
    /// Black at the bottom (Black's view) instead of Red.
    pub flipped: bool,
    /// Pieces as FEN letters (`K A B N R C P` for Red, lowercase for Black)
    /// instead of Chinese characters.
    pub letters: bool,
    /// The character set of the pieces and the river's text.
    pub script: ChineseScript,
    /// The labels around the board.
    pub coordinates: Coordinates,
    /// Write `楚河` and `漢界` (`汉界`) in the river.
    pub river_text: bool,
    /// The last move: its two squares are highlighted.
    pub last_move: Option<Move>,
    /// A square marked as a general in check (see also
    /// [`svg::position`](crate::records::svg::position), which marks it
    /// by itself).
    pub check: Option<Square>,
    /// Squares highlighted for any reason.
    pub highlights: Vec<Square>,
    /// Arrows from one square to another, drawn over the pieces; an arrow
    /// from a square to itself is a ring.
    pub arrows: Vec<(Square, Square)>,
}

impl Default for Options {
    /// A 450-pixel board from Red's side, traditional characters, ICCS
    /// coordinates, river text, no highlights.
    ///
    /// ```
    /// use xiangqi::notation::ChineseScript;
    /// use xiangqi::svg::{Coordinates, Options};
    /// let opts = Options::default();
    /// assert_eq!(opts.size, 450);
    /// assert_eq!(opts.script, ChineseScript::Traditional);
    /// assert_eq!(opts.coordinates, Coordinates::Iccs);
    /// ```
    fn default() -> Options {
        Options {
            size: 450,
            flipped: false,
            letters: false,
            script: ChineseScript::Traditional,
            coordinates: Coordinates::Iccs,
            river_text: true,
            last_move: None,
            check: None,
            highlights: Vec::new(),
            arrows: Vec::new(),
        }
    }
}

impl Options {
    /// These options with `size` set (the width in pixels).
    ///
    /// ```
    /// use xiangqi::svg::{self, Options};
    /// use xiangqi::Board;
    /// let svg = svg::board(&Board::new(), &Options::default().with_size(300));
    /// assert!(svg.contains(r#"width="300""#));
    /// ```
    pub fn with_size(mut self, size: u32) -> Options {
        self.size = size;
        self
    }

    /// These options with `flipped` set: Black at the bottom.
    ///
    /// ```
    /// use xiangqi::svg::Options;
    /// assert!(Options::default().with_flipped(true).flipped);
    /// ```
    pub fn with_flipped(mut self, flipped: bool) -> Options {
        self.flipped = flipped;
        self
    }

    /// These options with `letters` set: pieces as FEN letters.
    ///
    /// ```
    /// use xiangqi::svg::{self, Options};
    /// use xiangqi::Board;
    /// let svg = svg::board(&Board::new(), &Options::default().with_letters(true));
    /// assert!(svg.contains(">R</text>") && svg.contains(">r</text>"));
    /// ```
    pub fn with_letters(mut self, letters: bool) -> Options {
        self.letters = letters;
        self
    }

    /// These options with `script` set: the pieces' character set.
    ///
    /// ```
    /// use xiangqi::notation::ChineseScript;
    /// use xiangqi::svg::{self, Options};
    /// use xiangqi::Board;
    /// let opts = Options::default().with_script(ChineseScript::Simplified);
    /// let svg = svg::board(&Board::new(), &opts);
    /// assert!(svg.contains(">帅</text>") && svg.contains(">汉</text>"));
    /// ```
    pub fn with_script(mut self, script: ChineseScript) -> Options {
        self.script = script;
        self
    }

    /// These options with `coordinates` set.
    ///
    /// ```
    /// use xiangqi::svg::{Coordinates, Options};
    /// let opts = Options::default().with_coordinates(Coordinates::Hidden);
    /// assert_eq!(opts.coordinates, Coordinates::Hidden);
    /// ```
    pub fn with_coordinates(mut self, coordinates: Coordinates) -> Options {
        self.coordinates = coordinates;
        self
    }

    /// These options with `river_text` set.
    ///
    /// ```
    /// use xiangqi::svg::{self, Options};
    /// use xiangqi::Board;
    /// let svg = svg::board(&Board::new(), &Options::default().with_river_text(false));
    /// assert!(!svg.contains("楚"));
    /// ```
    pub fn with_river_text(mut self, river_text: bool) -> Options {
        self.river_text = river_text;
        self
    }

    /// These options with `last_move` set.
    ///
    /// ```
    /// use xiangqi::svg::{self, Options};
    /// use xiangqi::Position;
    /// let mut pos = Position::new();
    /// let m = "h2e2".parse()?;
    /// pos.play(m)?;
    /// let svg = svg::position(&pos, &Options::default().with_last_move(m));
    /// assert!(svg.contains(r#"class="highlight last-move from""#));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_last_move(mut self, m: Move) -> Options {
        self.last_move = Some(m);
        self
    }

    /// These options with `check` set: a general in check on `sq`.
    ///
    /// ```
    /// use xiangqi::svg::{self, Options};
    /// use xiangqi::{Board, Square};
    /// let svg = svg::board(&Board::new(), &Options::default().with_check(Square::E0));
    /// assert!(svg.contains(r#"class="highlight check""#));
    /// ```
    pub fn with_check(mut self, sq: Square) -> Options {
        self.check = Some(sq);
        self
    }

    /// These options with one more highlighted square.
    ///
    /// ```
    /// use xiangqi::svg::Options;
    /// use xiangqi::Square;
    /// let opts = Options::default().with_highlight(Square::E4).with_highlight(Square::E5);
    /// assert_eq!(opts.highlights, vec![Square::E4, Square::E5]);
    /// ```
    pub fn with_highlight(mut self, sq: Square) -> Options {
        self.highlights.push(sq);
        self
    }

    /// These options with one more arrow, from `from` to `to`.
    ///
    /// ```
    /// use xiangqi::svg::{self, Options};
    /// use xiangqi::{Board, Square};
    /// let opts = Options::default().with_arrow(Square::H2, Square::E2);
    /// assert_eq!(svg::board(&Board::new(), &opts).matches(r#"class="arrow""#).count(), 1);
    /// ```
    pub fn with_arrow(mut self, from: Square, to: Square) -> Options {
        self.arrows.push((from, to));
        self
    }
}
