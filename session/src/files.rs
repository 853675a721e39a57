//! The file options (`EvalFile`, `BookFile`) as front ends are given them:
//! the embedded default, a path, or bytes ([`FileSource`]). The session
//! itself reads no file and takes a file's contents as bytes
//! ([`OptionValue::File`]); [`FileSource::load`] is the one place the
//! native front ends (the UCI/UCCI binary, the Python package) read the
//! file a path names. The session never calls it.

use crate::error::OptionError;
use crate::options::{EMBEDDED, OptionSpec, OptionValue};

/// Where a file option's value comes from.
///
/// ```
/// use xiangqi_session::FileSource;
///
/// assert_eq!(FileSource::parse("<embedded>"), FileSource::Embedded);
/// assert_eq!(FileSource::parse(""), FileSource::Embedded);
/// assert_eq!(FileSource::parse(" nets/g2a.nnue "), FileSource::Path("nets/g2a.nnue".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileSource {
    /// The network or book built in ([`EMBEDDED`]).
    Embedded,
    /// A file to read.
    Path(String),
    /// A file's contents, with the name to report it by.
    Bytes {
        /// The name (for messages only).
        name: String,
        /// The contents.
        bytes: Vec<u8>,
    },
}

impl FileSource {
    /// Text as a protocol line or a string argument gives it: nothing or
    /// `<embedded>` is the embedded default, anything else a path.
    pub fn parse(text: &str) -> FileSource {
        match text.trim() {
            "" | EMBEDDED => FileSource::Embedded,
            path => FileSource::Path(path.to_string()),
        }
    }

    /// The value of the file option `option`, a path's contents read by
    /// `read` (a front end without files gives one that refuses). A file
    /// that cannot be read is [`OptionError::BadFile`].
    ///
    /// ```
    /// use xiangqi_session::{FileSource, OptionError, OptionSpec, OptionValue};
    ///
    /// let eval = OptionSpec::find("evalfile").unwrap();
    /// let bytes = FileSource::Bytes { name: "n".into(), bytes: vec![1] };
    /// assert_eq!(
    ///     bytes.into_value(eval, |_| unreachable!()),
    ///     Ok(OptionValue::File { name: "n".into(), bytes: vec![1] })
    /// );
    /// let none = FileSource::Path("x.nnue".into())
    ///     .into_value(eval, |_| Err(std::io::Error::other("no files here")));
    /// assert!(matches!(none, Err(OptionError::BadFile { option: "EvalFile", .. })));
    /// ```
    pub fn into_value(
        self,
        option: &'static OptionSpec,
        read: impl FnOnce(&str) -> std::io::Result<Vec<u8>>,
    ) -> Result<OptionValue, OptionError> {
        match self {
            FileSource::Embedded => Ok(OptionValue::Text(EMBEDDED.to_string())),
            FileSource::Bytes { name, bytes } => Ok(OptionValue::File { name, bytes }),
            FileSource::Path(path) => match read(&path) {
                Ok(bytes) => Ok(OptionValue::File { name: path, bytes }),
                Err(e) => Err(OptionError::BadFile {
                    option: option.name,
                    name: path,
                    reason: e.to_string(),
                }),
            },
        }
    }

    /// [`FileSource::into_value`] reading a path from the file system:
    /// what the native front ends call.
    ///
    /// ```
    /// use xiangqi_session::{FileSource, OptionError, OptionSpec};
    ///
    /// let book = OptionSpec::find("BookFile").unwrap();
    /// let err = FileSource::parse("/no/such/book.xqb").load(book).unwrap_err();
    /// assert!(err.to_string().starts_with("option BookFile: /no/such/book.xqb: "));
    /// ```
    pub fn load(self, option: &'static OptionSpec) -> Result<OptionValue, OptionError> {
        self.into_value(option, |path| std::fs::read(path))
    }
}

/// The bytes of every endgame table (`*.xqtb`) in the directories of
/// `list` (several separated by the platform's path separator, as
/// `PATH`; `<empty>` or nothing: none), in name order within each
/// directory: what a front end reads for the `EgtbPath` option before
/// handing the bytes to [`crate::Session::set_tablebases`].
///
/// ```
/// use xiangqi_session::files::read_table_dirs;
///
/// assert!(read_table_dirs("").unwrap().is_empty());
/// assert!(read_table_dirs("<empty>").unwrap().is_empty());
/// assert!(read_table_dirs("/no/such/egtb/dir").is_err());
/// ```
pub fn read_table_dirs(list: &str) -> std::io::Result<Vec<Vec<u8>>> {
    let list = list.trim();
    if list.is_empty() || list == "<empty>" {
        return Ok(Vec::new());
    }
    let mut tables = Vec::new();
    for dir in std::env::split_paths(list) {
        if dir.as_os_str().is_empty() {
            continue;
        }
        let mut paths: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "xqtb") && p.is_file())
            .collect();
        paths.sort();
        for path in paths {
            tables.push(std::fs::read(&path)?);
        }
    }
    Ok(tables)
}
