//! The repository's test suite lives in `tests/`; this crate has no code.
