//! The benchmarks are the `[[bench]]` targets beside this file
//! (`cargo bench -p xiangqi-benches`); this library holds no code.
