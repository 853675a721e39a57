//! Search behaviour: published mates, material wins, legality, stopping,
//! determinism and the rules in the tree, with each evaluator: the
//! classical one and the embedded network.

mod classical {
    fn searcher() -> xiangqi::Searcher<xiangqi::MaterialPst> {
        xiangqi::Searcher::new(xiangqi::MaterialPst::default())
    }
    const MATE_EXTRA_DEPTH: u32 = 0;
    const CHARIOT_UP: i32 = 600;
    include!("search_cases.rs");
}

mod network {
    fn searcher() -> xiangqi::Searcher {
        xiangqi::Searcher::default()
    }
    const MATE_EXTRA_DEPTH: u32 = 4;
    const CHARIOT_UP: i32 = 400;
    include!("search_cases.rs");
}
