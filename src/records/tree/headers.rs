//! The headers of a tree: tag pairs in order.

use alloc::string::String;

use super::GameTree;

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
}
