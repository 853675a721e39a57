//! [`FileError`]: a file or folder the tools could not read or write, the
//! I/O case of each tool's error.

use std::path::{Path, PathBuf};

/// A file or folder that could not be read or written, said as
/// `path: what the system said`.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct FileError {
    /// The file or folder.
    pub path: PathBuf,
    /// What the system said.
    pub source: std::io::Error,
}

/// A file that could not be written, said as `cannot write path: what the
/// system said`.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct FileWriteError {
    /// The file.
    pub path: PathBuf,
    /// What the system said.
    pub source: std::io::Error,
}

impl FileWriteError {
    /// The error of writing `path`, for `map_err`.
    pub fn at(path: &(impl AsRef<Path> + ?Sized)) -> impl FnOnce(std::io::Error) -> FileWriteError {
        let path = path.as_ref().to_path_buf();
        move |source| FileWriteError { path, source }
    }
}

impl FileError {
    /// The error of an I/O operation on `path`, for `map_err`.
    pub fn at(path: &(impl AsRef<Path> + ?Sized)) -> impl FnOnce(std::io::Error) -> FileError {
        let path = path.as_ref().to_path_buf();
        move |source| FileError { path, source }
    }
}
