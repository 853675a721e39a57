//! [`Material`]: which pieces a table holds, and its FelicityEgtb-style name.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::base::{Board, Color, Piece, Role};
use crate::tablebase::TablebaseError;

/// The roles in the order of a table's name: general first, then chariot
/// (`r`), cannon (`c`), horse (`n`), soldier (`p`), advisor (`a`) and
/// elephant (`b`).
pub(crate) const NAME_ORDER: [Role; 7] = [
    Role::General,
    Role::Chariot,
    Role::Cannon,
    Role::Horse,
    Role::Soldier,
    Role::Advisor,
    Role::Elephant,
];

/// The pieces of a table: how many of each role each side has (one general
/// a side).
///
/// Its name follows FelicityEgtb: Red's pieces, then Black's, each side
/// starting with its general `k`, then `r c n p a b` (chariot, cannon,
/// horse, soldier, advisor, elephant). `krkaabb` is a Red chariot against
/// Black's two advisors and two elephants.
///
/// ```
/// use xiangqi::tablebase::Material;
/// use xiangqi::{Color, Role};
///
/// let m: Material = "krkaabb".parse()?;
/// assert_eq!(m.count(Color::Black, Role::Elephant), 2);
/// assert!(m.has_attackers(Color::Red) && !m.has_attackers(Color::Black));
/// assert_eq!(m.flipped().to_string(), "kaabbkr");
/// // The board of a position gives its material.
/// let pos: xiangqi::Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse()?;
/// assert_eq!(Material::of(pos.board()).to_string(), "krk");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Material {
    counts: [[u8; Role::COUNT]; Color::COUNT],
}

impl Material {
    /// The material on `board` (a board with one general a side; extra
    /// generals are counted like any piece).
    pub fn of(board: &Board) -> Material {
        let mut counts = [[0u8; Role::COUNT]; Color::COUNT];
        for color in Color::ALL {
            for role in Role::ALL {
                let n = board.by_piece(Piece::new(color, role)).count();
                counts[color.index()][role.index()] = u8::try_from(n).unwrap_or(u8::MAX);
            }
        }
        Material { counts }
    }

    /// Material from counts per side and role (indexed by
    /// [`Color::index`] and [`Role::index`]), checked: one general a side
    /// and no more pieces of a role than the game has.
    ///
    /// ```
    /// use xiangqi::tablebase::Material;
    /// let mut counts = [[0u8; 7]; 2];
    /// counts[0][0] = 1;
    /// counts[1][0] = 1;
    /// assert_eq!(Material::from_counts(counts)?.to_string(), "kk");
    /// counts[0][4] = 3; // three chariots
    /// assert!(Material::from_counts(counts).is_err());
    /// # Ok::<(), xiangqi::tablebase::TablebaseError>(())
    /// ```
    pub fn from_counts(
        counts: [[u8; Role::COUNT]; Color::COUNT],
    ) -> Result<Material, TablebaseError> {
        let material = Material { counts };
        for color in Color::ALL {
            for role in Role::ALL {
                let n = usize::from(material.count(color, role));
                let ok = if role == Role::General {
                    n == 1
                } else {
                    n <= role.max_count()
                };
                if !ok {
                    return Err(TablebaseError::BadMaterial);
                }
            }
        }
        Ok(material)
    }

    /// The counts per side and role (indexed by [`Color::index`] and
    /// [`Role::index`]).
    pub fn counts(&self) -> [[u8; Role::COUNT]; Color::COUNT] {
        self.counts
    }

    /// How many pieces of `role` `color` has.
    pub fn count(&self, color: Color, role: Role) -> u8 {
        self.counts[color.index()][role.index()]
    }

    /// The number of pieces on the board, generals included.
    pub fn piece_count(&self) -> usize {
        self.counts.iter().flatten().map(|&n| usize::from(n)).sum()
    }

    /// Whether `color` has an attacking piece: a chariot, cannon, horse or
    /// soldier (advisors, elephants and the general never leave their own
    /// side, so they can neither check nor chase).
    pub fn has_attackers(&self, color: Color) -> bool {
        [Role::Chariot, Role::Cannon, Role::Horse, Role::Soldier]
            .into_iter()
            .any(|role| self.count(color, role) > 0)
    }

    /// The material with the colours exchanged.
    pub fn flipped(&self) -> Material {
        Material {
            counts: [self.counts[1], self.counts[0]],
        }
    }

    /// The material after `color` loses one piece of `role`, if it has one
    /// (never a general).
    pub fn without(&self, color: Color, role: Role) -> Option<Material> {
        let n = self.count(color, role);
        if role == Role::General || n == 0 {
            return None;
        }
        let mut counts = self.counts;
        counts[color.index()][role.index()] = n - 1;
        Some(Material { counts })
    }

    /// The table name, for example `krkaabb`.
    pub fn name(&self) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            for role in NAME_ORDER {
                for _ in 0..self.count(color, role) {
                    out.push(role.char());
                }
            }
        }
        out
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for Material {
    type Err = TablebaseError;

    /// Parses a name such as `krkaabb` (lower case, each side starting with
    /// `k`, in any order of the other letters).
    fn from_str(name: &str) -> Result<Material, TablebaseError> {
        let bad = || TablebaseError::BadName { name: name.into() };
        let mut counts = [[0u8; Role::COUNT]; Color::COUNT];
        let mut side: Option<usize> = None;
        for ch in name.chars() {
            if ch == 'k' {
                side = Some(side.map_or(0, |s| s + 1));
            }
            let s = side.filter(|&s| s < Color::COUNT).ok_or_else(bad)?;
            let role = match ch {
                'k' | 'r' | 'c' | 'n' | 'p' | 'a' | 'b' => Role::from_char(ch).ok_or_else(bad)?,
                _ => return Err(bad()),
            };
            let slot = &mut counts[s][role.index()];
            *slot = slot.saturating_add(1);
        }
        if side != Some(1) {
            return Err(bad());
        }
        Material::from_counts(counts).map_err(|_| bad())
    }
}
