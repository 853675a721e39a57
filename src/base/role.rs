//! The seven kinds of pieces.

use core::fmt;

/// The kind of a piece, independent of its color.
///
/// FEN letters follow Pikafish and Fairy-Stockfish: `k a b n r c p`; on input
/// `e` (elephant) and `h` (horse) are accepted too.
///
/// ```
/// use xiangqi::Role;
/// assert_eq!(Role::from_char('h'), Some(Role::Horse));
/// assert_eq!(Role::Cannon.char(), 'c');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Role {
    /// General (帅/将), `k`.
    General = 0,
    /// Advisor (仕/士), `a`.
    Advisor = 1,
    /// Elephant (相/象), `b`.
    Elephant = 2,
    /// Horse (马), `n`.
    Horse = 3,
    /// Chariot (车), `r`.
    Chariot = 4,
    /// Cannon (炮), `c`.
    Cannon = 5,
    /// Soldier (兵/卒), `p`.
    Soldier = 6,
}

impl Role {
    /// The number of roles (7), the length of [`Role::ALL`].
    ///
    /// ```
    /// use xiangqi::Role;
    /// assert_eq!(Role::COUNT, Role::ALL.len());
    /// assert_eq!(Role::Soldier.index(), Role::COUNT - 1);
    /// ```
    pub const COUNT: usize = 7;

    /// All roles in index order.
    ///
    /// ```
    /// use xiangqi::{Position, Role};
    /// let board = Position::new().board().clone();
    /// let counts: Vec<usize> = Role::ALL.iter().map(|&r| board.by_role(r).count()).collect();
    /// assert_eq!(counts, [2, 4, 4, 4, 4, 4, 10]); // both sides together
    /// ```
    pub const ALL: [Role; Role::COUNT] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    /// The index of this role (0 for the general .. 6 for the soldier).
    ///
    /// ```
    /// use xiangqi::Role;
    /// assert_eq!(Role::Soldier.index(), 6);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase FEN letter of this role.
    ///
    /// ```
    /// use xiangqi::Role;
    /// assert_eq!(Role::Elephant.char(), 'b');
    /// ```
    pub const fn char(self) -> char {
        match self {
            Role::General => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Chariot => 'r',
            Role::Cannon => 'c',
            Role::Soldier => 'p',
        }
    }

    /// Parses a FEN letter, either case; `e` and `h` are accepted for the
    /// elephant and the horse.
    ///
    /// ```
    /// use xiangqi::Role;
    /// assert_eq!(Role::from_char('E'), Some(Role::Elephant));
    /// assert_eq!(Role::from_char('q'), None);
    /// ```
    pub const fn from_char(ch: char) -> Option<Role> {
        Some(match ch.to_ascii_lowercase() {
            'k' => Role::General,
            'a' => Role::Advisor,
            'b' | 'e' => Role::Elephant,
            'n' | 'h' => Role::Horse,
            'r' => Role::Chariot,
            'c' => Role::Cannon,
            'p' => Role::Soldier,
            _ => return None,
        })
    }

    /// The English name of this role in lower case, as `Display` writes
    /// it: `"general"`, `"advisor"`, `"elephant"`, `"horse"`, `"chariot"`,
    /// `"cannon"` or `"soldier"`.
    ///
    /// ```
    /// use xiangqi::Role;
    /// assert_eq!(Role::Chariot.name(), "chariot");
    /// assert_eq!(Role::Elephant.name(), Role::Elephant.to_string());
    /// ```
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }

    /// The most pieces of this role one side can have (1 general, 5 soldiers,
    /// 2 of everything else).
    ///
    /// ```
    /// use xiangqi::Role;
    /// assert_eq!(Role::Soldier.max_count(), 5);
    /// ```
    pub const fn max_count(self) -> usize {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
