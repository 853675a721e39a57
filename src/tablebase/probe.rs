//! [`Tablebase`]: a set of tables, probed by position.

use alloc::borrow::Cow;
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use crate::base::Position;
use crate::tablebase::format::ENTRY_DRAW;
use crate::tablebase::{Material, Table, TablebaseError};

/// Win, draw or loss for the side to move, with perfect play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// The side to move is mated with best play.
    Loss,
    /// Neither side can force mate.
    Draw,
    /// The side to move mates with best play.
    Win,
}

/// A table's verdict on a position: a draw, or mate in a number of plies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dtm {
    /// The side to move mates in this many plies (odd).
    Win(u16),
    /// Neither side can force mate.
    Draw,
    /// The side to move is mated in this many plies (even; 0: it has no
    /// legal move now).
    Loss(u16),
}

impl Dtm {
    /// Win, draw or loss.
    pub fn wdl(self) -> Wdl {
        match self {
            Dtm::Win(_) => Wdl::Win,
            Dtm::Draw => Wdl::Draw,
            Dtm::Loss(_) => Wdl::Loss,
        }
    }

    /// Signed plies to mate: positive when the side to move mates,
    /// negative or 0 when it is mated; `None` for a draw.
    pub fn signed(self) -> Option<i32> {
        match self {
            Dtm::Win(n) => Some(i32::from(n)),
            Dtm::Draw => None,
            Dtm::Loss(n) => Some(-i32::from(n)),
        }
    }

    /// The verdict of a raw table entry (`None` for a number that names no
    /// position).
    pub fn from_entry(entry: u16) -> Option<Dtm> {
        match entry {
            0 => None,
            ENTRY_DRAW => Some(Dtm::Draw),
            e => {
                let plies = e - 2;
                Some(if plies % 2 == 1 {
                    Dtm::Win(plies)
                } else {
                    Dtm::Loss(plies)
                })
            }
        }
    }
}

/// A set of tables, each found by the material of the position probed (or
/// its colour flip: a `krk` table also answers for Black's lone chariot).
///
/// The library reads no files: the caller hands in each table's bytes,
/// borrowed (for example from a memory map) or owned. Probing allocates
/// nothing: it decompresses one block of 512 bytes into a buffer on the
/// stack.
///
/// ```
/// use xiangqi::tablebase::{encode_table, entry_of_dtm, Dtm, TableIndex, Tablebase, Wdl};
/// use xiangqi::Position;
///
/// // A hand-made table for the example: every `krk` position a win in 1
/// // for the side to move (the generator makes the real ones).
/// let material = "krk".parse()?;
/// let entries = vec![entry_of_dtm(1); TableIndex::new(material).len() as usize];
/// let mut tables = Tablebase::new();
/// tables.add(xiangqi::tablebase::encode_table(material, &entries)?)?;
///
/// let pos: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse()?;
/// assert_eq!(tables.probe_wdl(&pos), Some(Wdl::Win));
/// assert_eq!(tables.probe_dtm(&pos), Some(1));
/// // Black's lone chariot is found in the same table.
/// let flipped: Position = "5k3/4r4/9/9/9/9/9/9/9/3K5 b".parse()?;
/// assert_eq!(tables.probe(&flipped), Some(Dtm::Win(1)));
/// assert_eq!(tables.probe_wdl(&Position::new()), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Tablebase<'a> {
    tables: Vec<Table<'a>>,
    by_material: BTreeMap<Material, usize>,
}

impl<'a> Tablebase<'a> {
    /// An empty set.
    pub fn new() -> Tablebase<'a> {
        Tablebase::default()
    }

    /// Opens a table from its bytes (see [`Table::open`]) and adds it.
    /// Fails if the bytes are not a valid table or the set already holds
    /// one of that material or its colour flip.
    pub fn add(&mut self, bytes: impl Into<Cow<'a, [u8]>>) -> Result<&Table<'a>, TablebaseError> {
        let table = Table::open(bytes)?;
        let material = table.material();
        if self.by_material.contains_key(&material)
            || self.by_material.contains_key(&material.flipped())
        {
            return Err(TablebaseError::Duplicate(material.name()));
        }
        self.by_material.insert(material, self.tables.len());
        self.tables.push(table);
        Ok(&self.tables[self.tables.len() - 1])
    }

    /// The tables in the set, in the order added.
    pub fn tables(&self) -> &[Table<'a>] {
        &self.tables
    }

    /// The table of `material` (or of its colour flip), if present.
    pub fn table(&self, material: &Material) -> Option<&Table<'a>> {
        let at = self
            .by_material
            .get(material)
            .or_else(|| self.by_material.get(&material.flipped()))?;
        self.tables.get(*at)
    }

    /// The verdict on `pos`, or `None` if no table of the set holds it.
    pub fn probe(&self, pos: &Position) -> Option<Dtm> {
        let material = Material::of(pos.board());
        let i = if let Some(&at) = self.by_material.get(&material) {
            let table = &self.tables[at];
            (table, table.index().index(pos)?)
        } else {
            let &at = self.by_material.get(&material.flipped())?;
            let table = &self.tables[at];
            (table, table.index().index_flipped(pos)?)
        };
        Dtm::from_entry(i.0.entry(i.1)?)
    }

    /// Win, draw or loss for the side to move of `pos`, or `None` if no
    /// table holds it.
    pub fn probe_wdl(&self, pos: &Position) -> Option<Wdl> {
        self.probe(pos).map(Dtm::wdl)
    }

    /// Signed plies to mate for the side to move of `pos`: positive when it
    /// mates, negative when it is mated, 0 when it has no legal move (it
    /// has lost). `None` when no table holds `pos`, and for a draw, which
    /// has no distance to mate ([`Tablebase::probe_wdl`] tells the two
    /// apart; [`Tablebase::probe`] gives both at once).
    pub fn probe_dtm(&self, pos: &Position) -> Option<i32> {
        self.probe(pos)?.signed()
    }
}
