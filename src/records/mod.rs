//! Game records: move notations (`notation`), game trees (`tree`), PGN
//! (`pgn`), XQF (`xqf`), board pictures (`svg`) and opening books (`book`).
//! They read positions and games; they never reach into the engine.

#[cfg(feature = "book")]
pub mod book;
#[cfg(feature = "formats")]
pub mod formats;
#[cfg(feature = "notation")]
pub mod notation;
#[cfg(feature = "pgn")]
pub mod pgn;
#[cfg(feature = "svg")]
pub mod svg;
#[cfg(feature = "tree")]
pub mod tree;
#[cfg(feature = "xqf")]
pub mod xqf;

#[cfg(feature = "cbf")]
pub mod cbf;
#[cfg(feature = "cbr")]
pub mod cbr;
#[cfg(feature = "dhtmlxq")]
pub mod dhtmlxq;
#[cfg(feature = "movelist")]
pub mod movelist;

/// Gives each item the `cfg` of the Chinese record formats (CBR, CBF,
/// DhtmlXQ, move lists): any of their features, written once.
macro_rules! for_chinese_formats {
    ($($item:item)*) => {
        $(
            #[cfg(any(
                feature = "cbr",
                feature = "cbf",
                feature = "dhtmlxq",
                feature = "movelist"
            ))]
            $item
        )*
    };
}

for_chinese_formats! {
    pub mod detect;
    pub(crate) mod grow;
    pub(crate) mod text;
}
#[cfg(any(feature = "cbr", feature = "cbf", feature = "dhtmlxq"))]
pub(crate) mod screen_grid;
