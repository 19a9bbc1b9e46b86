//! Helpers for tests that break a copy of a data file and check that every problem is reported
//! with its line: find a line, rewrite it, look for a report.

use crate::DataError;

/// The 1-based line of grid row `row` in section `[grid]`.
///
/// # Panics
/// If the section or the row is missing.
#[must_use]
pub fn grid_line(text: &str, grid: &str, row: i16) -> usize {
    let header = format!("[{grid}]");
    let start = text.lines().position(|l| l.trim() == header).expect("section");
    let prefix = format!("{row:02} ");
    start + 1 + text.lines().skip(start).position(|l| l.starts_with(&prefix)).expect("row")
}

/// The 1-based line of the first line starting with `start` (after indentation).
///
/// # Panics
/// If no line does.
#[must_use]
pub fn line_starting(text: &str, start: &str) -> usize {
    1 + text.lines().position(|l| l.trim_start().starts_with(start)).expect("line")
}

/// The text with line `no` (1-based) rewritten by `f`.
#[must_use]
pub fn edit(text: &str, no: usize, f: impl FnOnce(&str) -> String) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[no - 1] = f(&lines[no - 1]);
    lines.join("\n") + "\n"
}

/// A grid line (`RR ` then one symbol a column) with the symbol of 0-based column `col`
/// replaced.
#[must_use]
pub fn set_symbol(line: &str, col: usize, symbol: char) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    chars[3 + col] = symbol;
    chars.into_iter().collect()
}

/// Whether `errs` has a report from `file` at `line` whose message contains `words`.
#[must_use]
pub fn has(errs: &[DataError], file: &str, line: usize, words: &str) -> bool {
    errs.iter().any(|e| e.line == line && e.message.contains(words) && e.file == file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_and_rewrites_lines() {
        let text = "[terrain]\n01 ab\n02 cd\n[roads]\n  Pike: 0101\n";
        assert_eq!(grid_line(text, "terrain", 2), 3);
        assert_eq!(line_starting(text, "Pike:"), 5);
        assert_eq!(edit(text, 3, |l| set_symbol(l, 1, 'z')), "[terrain]\n01 ab\n02 cz\n[roads]\n  Pike: 0101\n");
        let e = DataError { file: "f".into(), line: 3, message: "bad z".into() };
        assert!(has(std::slice::from_ref(&e), "f", 3, "z") && !has(&[e], "g", 3, "z"));
    }
}
