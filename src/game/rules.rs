//! [`Rules`]: the adjudication settings of a [`Game`](crate::Game).

/// How a [`Game`](crate::Game) adjudicates repetitions, the move limit and
/// insufficient material.
///
/// The defaults follow the Asian (AXF) rules as Pikafish plays them:
///
/// | setting | default | meaning |
/// | --- | --- | --- |
/// | [`repetition_count`](Rules::repetition_count) | 3 | a position occurring this often ends the game |
/// | [`move_limit`](Rules::move_limit) | `Some(60)` | moves (of both sides: 120 plies) without a capture before a draw |
/// | [`check_cap`](Rules::check_cap) | `None` | if `Some(n)`, each side's checks beyond its `n`-th since the last capture (and the replies to them) do not count toward the move limit |
/// | [`chase_detection`](Rules::chase_detection) | `true` | perpetual chase loses; if `false`, a repetition without perpetual check is a draw |
/// | [`checks_also_chase`](Rules::checks_also_chase) | `false` | if `true`, a checking move can also chase (Fairy-Stockfish), so alternating a check and a chase of the same piece (一将一捉) loses; if `false`, a checking move is only a check and that alternation is a draw (Pikafish) |
/// | [`pinned_chases_pinner`](Rules::pinned_chases_pinner) | `false` | if `true`, a pinned piece (blocking a chariot's line, a horse's leg or a cannon's screen toward its own general) chases the piece pinning it when taking it is legal, and a target that can legally take back is not chased by a piece of its own kind (Pikafish); if `false`, a pinned piece chases nothing and does not attack back, so chasing it is the offence (AXF rule book, diagrams 39-41 and 63; Fairy-Stockfish's tests) |
/// | [`insufficient_material`](Rules::insufficient_material) | `true` | draw when neither side has a chariot, horse, cannon or soldier |
///
/// **Move limit and other programs.** A capture resets the count; moves of
/// soldiers do not (unlike the 50-move rule of western chess). A side with
/// no legal move when the limit is reached has lost, it is not a draw.
/// Fairy-Stockfish (and so pyffish) uses 50 moves (100 plies) for xiangqi
/// and, from ply 20 on, extends the limit by two plies for each check beyond
/// the tenth by whichever side checked more. Pikafish uses 60 moves and does
/// not count a side's checks beyond its tenth, nor the replies to them, for
/// both sides separately: that is `check_cap: Some(10)` here. The AXF 2017
/// rules count at most 10 checks of the side claiming the draw.
///
/// ```
/// use xiangqi::Rules;
/// let rules = Rules::default();
/// assert_eq!(rules.repetition_count, 3);
/// assert_eq!(rules.move_limit, Some(60));
/// // Fairy-Stockfish's limit, with the AXF check cap:
/// let fsf = Rules::default().with_move_limit(Some(50)).with_check_cap(Some(10));
/// assert_eq!(fsf.move_limit, Some(50));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
#[non_exhaustive]
pub struct Rules {
    /// How many times a position must occur (counting the current one) for
    /// the repetition verdict. Values below 2 act as 2.
    pub repetition_count: u32,
    /// Moves without a capture (each move is two plies) after which the
    /// game is drawn; `None` for no limit.
    pub move_limit: Option<u32>,
    /// If `Some(n)`: a side's checks beyond its `n`-th since the last capture
    /// do not count toward the move limit, nor do the replies to them.
    pub check_cap: Option<u32>,
    /// Whether perpetual chase is detected and loses.
    pub chase_detection: bool,
    /// Whether a move that gives check can also chase. Off by default: a
    /// checking move is a check only, so a side alternating a check and a
    /// chase does not chase "with every move" and the repetition is a draw
    /// (as in Pikafish). On: the chase made by a checking move counts too,
    /// so that side loses (as in Fairy-Stockfish).
    pub checks_also_chase: bool,
    /// Whether a pinned piece chases the pieces that pin it. Off by default:
    /// as the AXF rule book has it (diagrams 39-41 and 63), a pinned piece
    /// (one whose removal would expose its own general: it blocks a
    /// chariot's line, a horse's leg, one of a cannon's two screens, or
    /// stands alone between the generals) chases nothing, not even its
    /// pinner that it could legally take, and it does not attack back, so a
    /// piece of its own kind attacking it chases it. On: Pikafish's reading,
    /// in which a pinned piece chases its pinners when taking them is legal
    /// and a target that can legally take back is not chased by a piece of
    /// its own kind.
    #[cfg_attr(feature = "serde", serde(default))]
    pub pinned_chases_pinner: bool,
    /// Whether a game without attacking pieces is drawn at once.
    pub insufficient_material: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            repetition_count: 3,
            move_limit: Some(60),
            check_cap: None,
            chase_detection: true,
            checks_also_chase: false,
            pinned_chases_pinner: false,
            insufficient_material: true,
        }
    }
}

impl Rules {
    /// The default rules (see the table above).
    ///
    /// ```
    /// use xiangqi::Rules;
    /// assert_eq!(Rules::new(), Rules::default());
    /// ```
    pub fn new() -> Rules {
        Rules::default()
    }

    /// Sets [`repetition_count`](Rules::repetition_count).
    ///
    /// ```
    /// use xiangqi::Rules;
    /// assert_eq!(Rules::new().with_repetition_count(2).repetition_count, 2);
    /// ```
    pub fn with_repetition_count(mut self, count: u32) -> Rules {
        self.repetition_count = count;
        self
    }

    /// Sets [`move_limit`](Rules::move_limit), in moves (pairs of plies).
    ///
    /// ```
    /// use xiangqi::Rules;
    /// assert_eq!(Rules::new().with_move_limit(None).move_limit, None);
    /// ```
    pub fn with_move_limit(mut self, moves: Option<u32>) -> Rules {
        self.move_limit = moves;
        self
    }

    /// Sets [`check_cap`](Rules::check_cap).
    ///
    /// ```
    /// use xiangqi::Rules;
    /// assert_eq!(Rules::new().with_check_cap(Some(10)).check_cap, Some(10));
    /// ```
    pub fn with_check_cap(mut self, checks: Option<u32>) -> Rules {
        self.check_cap = checks;
        self
    }

    /// Sets [`chase_detection`](Rules::chase_detection).
    ///
    /// ```
    /// use xiangqi::Rules;
    /// assert!(!Rules::new().with_chase_detection(false).chase_detection);
    /// ```
    pub fn with_chase_detection(mut self, on: bool) -> Rules {
        self.chase_detection = on;
        self
    }

    /// Sets [`checks_also_chase`](Rules::checks_also_chase).
    ///
    /// ```
    /// use xiangqi::Rules;
    /// assert!(Rules::new().with_checks_also_chase(true).checks_also_chase);
    /// ```
    pub fn with_checks_also_chase(mut self, on: bool) -> Rules {
        self.checks_also_chase = on;
        self
    }

    /// Sets [`pinned_chases_pinner`](Rules::pinned_chases_pinner).
    ///
    /// ```
    /// use xiangqi::Rules;
    /// // Pikafish's rules: its check cap, and pinned pieces chase their pinners.
    /// let pikafish = Rules::new().with_check_cap(Some(10)).with_pinned_chases_pinner(true);
    /// assert!(pikafish.pinned_chases_pinner);
    /// assert!(!Rules::new().pinned_chases_pinner);
    /// ```
    pub fn with_pinned_chases_pinner(mut self, on: bool) -> Rules {
        self.pinned_chases_pinner = on;
        self
    }

    /// Sets [`insufficient_material`](Rules::insufficient_material).
    ///
    /// ```
    /// use xiangqi::Rules;
    /// assert!(!Rules::new().with_insufficient_material(false).insufficient_material);
    /// ```
    pub fn with_insufficient_material(mut self, on: bool) -> Rules {
        self.insufficient_material = on;
        self
    }

    /// The repetition count actually used (at least 2).
    pub(crate) fn occurrences(&self) -> usize {
        self.repetition_count.max(2) as usize
    }

    /// The move limit in plies, if any.
    pub(crate) fn limit_plies(&self) -> Option<u32> {
        self.move_limit.map(|m| m.saturating_mul(2))
    }
}
