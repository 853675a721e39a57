//! Games: a start position plus moves, adjudicated under [`Rules`]
//! (perpetual check and chase, repetition, move limit, insufficient
//! material) with a self-explaining [`Verdict`].
//!
//! Built on the rules core only.

pub(crate) mod arbiter;
pub(crate) mod chase;
mod gameplay;
mod material;
pub(crate) mod record;
pub(crate) mod repetition;
mod rules;
#[cfg(feature = "serde")]
mod serde;
mod verdict;

pub use gameplay::{Game, GameError};
pub use material::is_insufficient_material;
pub use record::PlyRecord;
pub use rules::Rules;
pub use verdict::{Conduct, Cycle, Placed, Verdict};
