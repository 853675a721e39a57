//! XQF (temporary: the syntax layer alone until the game tree is merged).
#![allow(dead_code, missing_docs)]
mod decrypt;
mod error;
mod header;
mod records;
pub use error::{XqfError, XqfErrorKind};
