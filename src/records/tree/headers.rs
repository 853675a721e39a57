//! The headers of a tree: tag pairs in order.

use alloc::string::String;

use super::GameTree;

/// The Seven Tag Roster of PGN, in its order, with the value each has when
/// unknown. Red and Black stand for chess's White and Black.
///
/// ```
/// use xiangqi::tree::SEVEN_TAG_ROSTER;
/// assert_eq!(SEVEN_TAG_ROSTER[2], ("Date", "????.??.??"));
/// assert_eq!(SEVEN_TAG_ROSTER[6], ("Result", "*"));
/// ```
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("Red", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

impl GameTree {
    /// The headers (tag pairs) in order. `Result` holds the PGN result
    /// token (`1-0`, `0-1`, `1/2-1/2`, `*`); the start position is not a
    /// header (the readers take `FEN` and `SetUp` tags into
    /// [`GameTree::start`], and the writers write them from it).
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// tree.set_header("Event", "Demo");
    /// tree.set_header("Result", "1-0");
    /// assert_eq!(tree.headers()[1], ("Result".to_string(), "1-0".to_string()));
    /// ```
    pub fn headers(&self) -> &[(String, String)] {
        &self.headers
    }

    /// The value of the first header named `name` (exactly), if any.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// tree.set_header("Red", "许银川");
    /// assert_eq!(tree.header("Red"), Some("许银川"));
    /// assert_eq!(tree.header("red"), None);
    /// ```
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets the header named `name` (exactly): the first such header gets
    /// `value` and keeps its place, or a new header is added after the
    /// others.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// tree.set_header("Event", "?");
    /// tree.set_header("Site", "Beijing");
    /// tree.set_header("Event", "Final");
    /// assert_eq!(tree.headers()[0], ("Event".to_string(), "Final".to_string()));
    /// assert_eq!(tree.headers().len(), 2);
    /// ```
    pub fn set_header(&mut self, name: &str, value: &str) {
        match self.headers.iter_mut().find(|(k, _)| k == name) {
            Some((_, v)) => {
                v.clear();
                v.push_str(value);
            }
            None => self.headers.push((name.into(), value.into())),
        }
    }

    /// Removes every header named `name` (exactly) and returns the first
    /// one's value, if any.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// tree.set_header("Site", "x");
    /// assert_eq!(tree.remove_header("Site"), Some("x".to_string()));
    /// assert_eq!(tree.remove_header("Site"), None);
    /// ```
    pub fn remove_header(&mut self, name: &str) -> Option<String> {
        let at = self.headers.iter().position(|(k, _)| k == name)?;
        let (_, value) = self.headers.remove(at);
        self.headers.retain(|(k, _)| k != name);
        Some(value)
    }

    /// Adds a header after the others, even if one has that name already
    /// (a file may repeat a tag).
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// tree.push_header("Annotator", "a");
    /// tree.push_header("Annotator", "b");
    /// assert_eq!(tree.headers().len(), 2);
    /// assert_eq!(tree.header("Annotator"), Some("a"));
    /// ```
    pub fn push_header(&mut self, name: &str, value: &str) {
        self.headers.push((name.into(), value.into()));
    }

    /// Puts the headers in PGN's order: the Seven Tag Roster first
    /// ([`SEVEN_TAG_ROSTER`]: Event, Site, Date, Round, Red, Black, Result;
    /// each the first header of its name, or its unknown value if there is
    /// none), then the others in their order. The PGN reader gives trees
    /// with their headers so, as the writer writes them, so that a tree
    /// read, written and read again is the same.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// tree.set_header("Opening", "central cannon");
    /// tree.set_header("Red", "许银川");
    /// tree.normalize_headers();
    /// let names: Vec<&str> = tree.headers().iter().map(|(k, _)| k.as_str()).collect();
    /// assert_eq!(names, ["Event", "Site", "Date", "Round", "Red", "Black", "Result", "Opening"]);
    /// assert_eq!(tree.header("Red"), Some("许银川"));
    /// assert_eq!(tree.header("Date"), Some("????.??.??"));
    /// ```
    pub fn normalize_headers(&mut self) {
        let mut rest = core::mem::take(&mut self.headers);
        for (name, unknown) in SEVEN_TAG_ROSTER {
            let value = match rest.iter().position(|(k, _)| k == name) {
                Some(i) => rest.remove(i).1,
                None => unknown.into(),
            };
            self.headers.push((name.into(), value));
        }
        self.headers.append(&mut rest);
    }
}
