//! Endgame tablebases: probing tables of perfect play (feature
//! `tablebase`).
//!
//! A table holds every position of one [`Material`] (named the
//! FelicityEgtb way, for example `krkaabb`), each with its verdict for the
//! side to move: win, draw or loss, and for a win or a loss the depth to
//! mate in plies (DTM). The generator (the `xiangqi-egtb` crate) makes the
//! tables; this module reads them. It does no I/O: the caller hands in the
//! bytes of each table, borrowed (for example from a memory map) or owned,
//! and [`Tablebase`] finds the table of a position by its material (or its
//! colour flip).
//!
//! ```
//! use xiangqi::tablebase::{encode_table, entry_of_dtm, Material, TableIndex, Tablebase, Wdl};
//! use xiangqi::Position;
//!
//! let material: Material = "kpk".parse()?;
//! let index = TableIndex::new(material);
//! // Made by hand here: every position lost at once for the side to move.
//! let bytes = encode_table(material, &vec![entry_of_dtm(0); index.len() as usize])?;
//! let mut tables = Tablebase::new();
//! tables.add(&bytes[..])?;
//! let pos: Position = "4k4/9/4P4/9/9/9/9/9/9/3K5 b".parse()?;
//! assert_eq!(tables.probe_wdl(&pos), Some(Wdl::Loss));
//! assert_eq!(tables.probe_dtm(&pos), Some(0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What the tables assume
//!
//! The values are those of the rules of a single position and its moves:
//! a side with no legal move has lost (checkmate or stalemate), and a
//! position that neither side can force to mate is a draw. Repetition is
//! not scored. The generator makes tables only where one side has no
//! attacking piece (chariot, cannon, horse or soldier): that side can
//! neither check nor chase, so under the Asian rules any repetition is a
//! draw, and the attacker's perpetual check never wins, exactly as the
//! tables say.
//!
//! # Index
//!
//! [`TableIndex`] numbers the positions of a material: the side to move,
//! Red's general on the d or e file (a position with it on the f file is
//! mirrored left to right), Black's general on its 9 palace points,
//! advisors on their 5 points, elephants on their 7, soldiers on their 55
//! reachable squares, other pieces on the 90 squares; like pieces are
//! counted as a set. A position whose attacking side is Black is probed
//! in the table of the colour-flipped material, turned round.
//!
//! # File format
//!
//! All numbers are little-endian. A table is:
//!
//! | offset | size | field |
//! | --- | --- | --- |
//! | 0 | 4 | magic `XQTB` |
//! | 4 | 2 | format version (1) |
//! | 6 | 1 | metric: 1 = depth to mate in plies, with win/draw/loss |
//! | 7 | 1 | entry width in bytes: 1 or 2 |
//! | 8 | 14 | material: Red's then Black's count of each role, in the order general, advisor, elephant, horse, chariot, cannon, soldier |
//! | 22 | 2 | the largest depth to mate stored, in plies |
//! | 24 | 8 | number of entries (the material's [`TableIndex`] length) |
//! | 32 | 4 | entries per block (the last block may hold fewer); at most 1024 bytes a block (the writer makes 512) |
//! | 36 | 4 | number of blocks |
//! | 40 | 8 | checksum: 64-bit FNV-1a of the whole table with these 8 bytes left out |
//! | 48 | 8 × (blocks + 1) | block offsets from the start of the data, the last one its length |
//! | ... | | the blocks, each LZ4-compressed (raw LZ4 block format, no frame) |
//!
//! An entry is `0` for a number that names no legal position, `1` for a
//! draw, and `2 + d` for a position decided in `d` plies: `d` odd, the side
//! to move mates in `d` plies; `d` even, it is mated in `d` plies (`d = 0`:
//! it has no legal move now and has lost). A probe decompresses one block.
//! Opening a table checks it all once (header, material against the index
//! size, block index, checksum, every block): a corrupt, truncated or
//! mismatched table is a [`TablebaseError`], never a panic.

mod error;
mod format;
mod index;
mod material;
mod probe;
mod table;

pub use error::TablebaseError;
pub use format::{ENTRY_DRAW, ENTRY_NONE, encode_table, entry_of_dtm};
pub use index::TableIndex;
pub use material::Material;
pub use probe::{Dtm, Tablebase, Wdl};
pub use table::Table;
