//! Errors from loading authored data files: every problem, each with file and line.

use std::fmt;

/// One problem in a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The file, as named to the loader.
    pub file: String,
    /// 1-based line number (0 when the problem is not on one line).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl std::error::Error for DataError {}

/// Formats a list of problems, one per line.
#[must_use]
pub fn report(errors: &[DataError]) -> String {
    errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
}
