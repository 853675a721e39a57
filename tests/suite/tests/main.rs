//! The integration tests of the `xiangqi` crate, one module per subject,
//! linked into one test binary (the allocation counts have their own, in
//! `alloc/`, since they install a global allocator).

mod chase_oracle;
mod chase_rules;
mod conformance;
mod fuzz_corpus;
mod game_props;
mod game_rules;
mod game_verdicts;
mod layers;
mod movegen_data;
mod notation_chinese;
mod notation_coords;
mod notation_garbage;
mod notation_input;
mod notation_parse_move;
mod notation_roundtrip;
mod notation_wxf;
mod perft;
mod pgn;
mod pgn_verdicts;
mod properties;
mod records_formats;
mod records_game;
mod records_games;
mod records_props;
mod records_reader;
mod records_tree;
mod records_xqf;
mod rules;
mod search;
mod search_deep;
mod serde;
mod svg_board;
mod type_names;
