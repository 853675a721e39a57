//! [`TableIndex`]: positions of one material numbered densely, and back.
//!
//! The index is a mixed-radix number: the side to move (2), Red's general,
//! Black's general, then each group of like pieces (Red's, then Black's,
//! in the name order `r c n p a b`). Red's general stands on the d or e
//! file (6 squares): a position with it on the f file is mirrored left to
//! right first. Black's general has its 9 palace points, advisors their 5
//! points, elephants their 7, soldiers the 55 squares they can reach, and
//! chariots, cannons and horses the 90 squares. `k` like pieces on `n`
//! squares take `C(n, k)` numbers (their sorted square numbers in the
//! combinatorial number system), so two advisors take 10, not 25.
//!
//! Numbers that name no legal position (two pieces on a square, facing
//! generals, the side not to move in check) are kept as holes.

use arrayvec::ArrayVec;

use crate::base::{Board, Color, File, Piece, Position, Role, Setup, Square, Validation};
use crate::tablebase::Material;
use crate::tablebase::material::NAME_ORDER;

/// Squares a piece may stand on in a table, as seen by Red (rank 0 is the
/// piece's own back rank).
fn red_domain(role: Role) -> ArrayVec<Square, { Square::COUNT }> {
    use Square::*;
    let mut out = ArrayVec::new();
    match role {
        // Red's general after the mirror: files d and e.
        Role::General => out.extend([D0, E0, D1, E1, D2, E2]),
        Role::Advisor => out.extend([D0, F0, E1, D2, F2]),
        Role::Elephant => out.extend([C0, G0, A2, E2, I2, C4, G4]),
        Role::Soldier => out.extend(Square::ALL.into_iter().filter(|sq| {
            let (file, rank) = (sq.file().index(), sq.rank().index());
            rank >= 5 || (rank >= 3 && file % 2 == 0)
        })),
        _ => out.extend(Square::ALL),
    }
    out
}

/// `n` choose `k` for `n` up to 91 and `k` up to 5, computed once.
const BINOMIAL: [[u64; 6]; 92] = {
    let mut table = [[0u64; 6]; 92];
    let mut n = 0;
    while n < 92 {
        let mut k = 0;
        while k < 6 && k <= n {
            let mut out = 1u64;
            let mut i = 0;
            while i < k {
                out = out * (n - i) as u64 / (i + 1) as u64;
                i += 1;
            }
            table[n][k] = out;
            k += 1;
        }
        n += 1;
    }
    table
};

/// `n` choose `k` (0 when `k > n`), for `n` up to 91 and `k` up to 5.
fn binomial(n: u64, k: u64) -> u64 {
    BINOMIAL
        .get(n as usize)
        .and_then(|row| row.get(k as usize))
        .copied()
        .unwrap_or(0)
}

/// One group of like pieces in the index.
#[derive(Clone, Debug)]
struct Group {
    piece: Piece,
    count: u8,
    domain: ArrayVec<Square, { Square::COUNT }>,
    /// Square index to its place in `domain`, or `u8::MAX`.
    slot: [u8; Square::COUNT],
    size: u64,
}

impl Group {
    fn new(piece: Piece, count: u8) -> Group {
        let mut domain = red_domain(piece.role);
        if piece.color == Color::Black {
            let mut black: ArrayVec<Square, { Square::COUNT }> = if piece.role == Role::General {
                // Black's general keeps its whole palace.
                [Square::D9, Square::E9, Square::F9, Square::D8, Square::E8]
                    .into_iter()
                    .chain([Square::F8, Square::D7, Square::E7, Square::F7])
                    .collect()
            } else {
                domain.iter().map(|sq| sq.flip_vertical()).collect()
            };
            black.sort_unstable();
            domain = black;
        }
        let mut slot = [u8::MAX; Square::COUNT];
        for (i, sq) in domain.iter().enumerate() {
            slot[sq.index()] = i as u8;
        }
        let size = binomial(domain.len() as u64, u64::from(count));
        Group {
            piece,
            count,
            domain,
            slot,
            size,
        }
    }
}

/// The dense numbering of the positions of one [`Material`], the side to
/// move included; see the module documentation for the layout.
///
/// ```
/// use xiangqi::tablebase::{Material, TableIndex};
/// use xiangqi::Position;
///
/// let index = TableIndex::new("krk".parse()?);
/// assert_eq!(index.len(), 2 * 6 * 9 * 90);
/// let pos: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse()?;
/// let i = index.index(&pos).unwrap();
/// // Red's general is on the f file: the stored position is the mirror.
/// let back = index.position(i).unwrap();
/// assert_eq!(back.to_string(), "5k3/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct TableIndex {
    material: Material,
    groups: ArrayVec<Group, 14>,
    len: u64,
}

impl TableIndex {
    /// The index of `material`'s positions.
    pub fn new(material: Material) -> TableIndex {
        let mut groups = ArrayVec::new();
        for color in Color::ALL {
            for role in NAME_ORDER {
                let count = material.count(color, role);
                if count > 0 {
                    groups.push(Group::new(Piece::new(color, role), count));
                }
            }
        }
        let len = groups
            .iter()
            .fold(2u64, |acc: u64, g| acc.saturating_mul(g.size));
        TableIndex {
            material,
            groups,
            len,
        }
    }

    /// The material indexed.
    pub fn material(&self) -> Material {
        self.material
    }

    /// How many numbers the index uses (holes included).
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the index is empty (never: every table has its generals).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of `pos`, or `None` if its material is not this index's
    /// or a piece stands where the index does not place it (a position
    /// validated leniently).
    pub fn index(&self, pos: &Position) -> Option<u64> {
        self.index_of(pos.board(), pos.turn(), false)
    }

    /// The number of `pos` with the colours exchanged (the board turned
    /// round, Red's pieces made Black's and the other side to move): how a
    /// table whose Red side holds Black's pieces of `pos` finds it.
    pub fn index_flipped(&self, pos: &Position) -> Option<u64> {
        self.index_of(pos.board(), pos.turn(), true)
    }

    /// The number of the placement `board` with `turn` to move, without
    /// checking that it is a legal position (a generator's retractions
    /// build boards, not positions): `None` if a piece stands where the
    /// index does not place it or the material differs.
    pub fn index_of_board(&self, board: &Board, turn: Color) -> Option<u64> {
        self.index_of(board, turn, false)
    }

    /// [`TableIndex::index_of_board`] of `board` mirrored left to right,
    /// without building the mirrored board.
    pub fn index_of_board_mirrored(&self, board: &Board, turn: Color) -> Option<u64> {
        self.index_parts(board, turn, false, true)
    }

    fn index_of(&self, board: &Board, turn: Color, flip: bool) -> Option<u64> {
        self.index_parts(board, turn, flip, false)
    }

    /// The index of `board` seen with the colours exchanged if `flip`, and
    /// mirrored first if `mirror_first`.
    fn index_parts(
        &self,
        board: &Board,
        turn: Color,
        flip: bool,
        mirror_first: bool,
    ) -> Option<u64> {
        let total: u32 = self.groups.iter().map(|g| u32::from(g.count)).sum();
        if board.occupied().count() != total as usize {
            return None;
        }
        let colour = |c: Color| if flip { !c } else { c };
        let red_general = board.general(colour(Color::Red))?;
        let red_general = if flip {
            red_general.flip_vertical()
        } else {
            red_general
        };
        let red_general = if mirror_first {
            red_general.flip_horizontal()
        } else {
            red_general
        };
        // Mirrored first and mirrored for Red's general cancel out.
        let mirror = (red_general.file() > File::E) != mirror_first;
        let mut idx = colour(turn).index() as u64;
        for group in &self.groups {
            let real = Piece::new(colour(group.piece.color), group.piece.role);
            let squares = board.by_piece(real);
            if squares.count() != usize::from(group.count) {
                return None;
            }
            let mut slots: ArrayVec<u64, 5> = ArrayVec::new();
            for sq in squares {
                let sq = if flip { sq.flip_vertical() } else { sq };
                let sq = if mirror { sq.flip_horizontal() } else { sq };
                let slot = group.slot[sq.index()];
                if slot == u8::MAX {
                    return None;
                }
                slots.try_push(u64::from(slot)).ok()?;
            }
            slots.sort_unstable();
            let sub: u64 = slots
                .iter()
                .enumerate()
                .map(|(i, &s)| binomial(s, i as u64 + 1))
                .sum();
            // Checked: the index of a material with most of the pieces
            // would not fit in 64 bits.
            idx = idx.checked_mul(group.size)?.checked_add(sub)?;
        }
        Some(idx)
    }

    /// The position numbered `index`, or `None` for a hole (no legal
    /// position) or a number past the end. Counters are 0 and 1.
    pub fn position(&self, index: u64) -> Option<Position> {
        if index >= self.len {
            return None;
        }
        let mut board = Board::empty();
        let mut rest = index;
        for group in self.groups.iter().rev() {
            let mut sub = rest % group.size;
            rest /= group.size;
            for k in (1..=u64::from(group.count)).rev() {
                // The largest slot s with C(s, k) <= sub.
                let mut s = k - 1;
                while binomial(s + 1, k) <= sub {
                    s += 1;
                }
                sub -= binomial(s, k);
                let sq = *group.domain.get(s as usize)?;
                if board.set_piece_at(sq, group.piece).is_some() {
                    return None;
                }
            }
        }
        let turn = if rest == 0 { Color::Red } else { Color::Black };
        let setup = Setup {
            board,
            turn,
            halfmoves: 0,
            fullmoves: 1,
        };
        Position::from_setup(setup, Validation::Strict).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_comes_back_to_its_number() {
        for name in ["kpk", "kkaa", "knkab"] {
            let index = TableIndex::new(name.parse().unwrap());
            let mut legal = 0;
            for i in 0..index.len() {
                if let Some(pos) = index.position(i) {
                    assert_eq!(index.index(&pos), Some(i), "{name} {i} {pos}");
                    let flipped = Position::from_setup(
                        Setup {
                            board: pos.board().flip_colors(),
                            turn: !pos.turn(),
                            halfmoves: 0,
                            fullmoves: 1,
                        },
                        Validation::Strict,
                    )
                    .unwrap();
                    assert_eq!(index.index_flipped(&flipped), Some(i));
                    let mirrored = pos.board().flip_horizontal();
                    assert_eq!(
                        index.index_of_board_mirrored(pos.board(), pos.turn()),
                        index.index_of_board(&mirrored, pos.turn())
                    );
                    assert_eq!(
                        index.index_of_board_mirrored(&mirrored, pos.turn()),
                        Some(i)
                    );
                    legal += 1;
                }
            }
            assert!(
                legal > index.len() / 4,
                "{name}: {legal} of {}",
                index.len()
            );
        }
    }

    #[test]
    fn sizes_use_the_restricted_squares() {
        let index = TableIndex::new("krkaabb".parse().unwrap());
        assert_eq!(index.len(), 2 * 6 * 9 * 90 * 10 * 21);
        assert_eq!(
            TableIndex::new("kpk".parse().unwrap()).len(),
            2 * 6 * 9 * 55
        );
    }

    #[test]
    fn a_full_board_material_does_not_overflow() {
        let index = TableIndex::new(crate::tablebase::Material::of(Position::new().board()));
        assert_eq!(index.len(), u64::MAX);
        assert_eq!(index.index(&Position::new()), None);
        assert_eq!(index.position(12345), None);
    }

    #[test]
    fn pieces_off_their_points_have_no_number() {
        let setup: Setup = "4k4/9/9/9/9/9/9/9/9/3KA4 w".parse().unwrap();
        let pos = Position::from_setup(setup, Validation::Lenient).unwrap();
        assert_eq!(TableIndex::new("kak".parse().unwrap()).index(&pos), None);
        assert_eq!(TableIndex::new("krk".parse().unwrap()).index(&pos), None);
    }
}
