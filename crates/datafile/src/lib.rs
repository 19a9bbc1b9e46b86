//! Loading authored data files and reporting every problem with file and line; knows no ruleset.
//!
//! - [`DataError`] and [`report`]: one problem (file, line, message) and a list of them as text.
//! - [`Errors`]: collects the problems of one file.
//! - [`split_sections`]: `[name]` sections of a text file, `#` comments stripped, each line
//!   with its number; [`read_legend`] reads `SYMBOL NAME` lines and [`read_grid`] a section of
//!   one symbol per cell.
//! - [`record_locs`] and [`field_line`]: where each record of a RON list, and each field of a
//!   record, is written, so that problems found after parsing name their line.

pub mod testing;

use hexmap::Hex;
use std::collections::HashMap;
use std::fmt;

/// One problem in a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The file, as named to the loader.
    pub file: String,
    /// 1-based line number (0 when the problem is not on one line, such as a missing section).
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

/// Collects problems for one file.
pub struct Errors<'f> {
    /// The file, as named to the loader.
    pub file: &'f str,
    /// The problems so far, in the order found.
    pub list: Vec<DataError>,
}

impl<'f> Errors<'f> {
    /// No problems yet, for `file`.
    #[must_use]
    pub const fn new(file: &'f str) -> Self {
        Errors { file, list: Vec::new() }
    }

    /// Records a problem on `line` (0 when it is on no line).
    pub fn at(&mut self, line: usize, message: impl Into<String>) {
        self.list.push(DataError { file: self.file.to_string(), line, message: message.into() });
    }

    /// The problems sorted by line, problems on no line last, or `Ok(value)` when there are none.
    /// A missing value with no problem recorded is reported as an unreadable file.
    ///
    /// # Errors
    /// Every problem recorded.
    pub fn finish<T>(mut self, value: Option<T>) -> Result<T, Vec<DataError>> {
        match value {
            Some(v) if self.list.is_empty() => Ok(v),
            _ => {
                if self.list.is_empty() {
                    self.at(0, "the file could not be read");
                }
                self.list.sort_by_key(|e| (e.line == 0, e.line));
                Err(self.list)
            }
        }
    }
}

// ------------------------------------------------------------------------------------------
// Sectioned text files (maps).

/// One `[section]` of a sectioned text file: the line of its header and its content lines with
/// comments stripped, each with its 1-based line number.
pub struct Section<'t> {
    /// The 1-based line of the `[name]` header.
    pub header: usize,
    /// The content lines, trimmed and without comments, each with its 1-based line number.
    pub lines: Vec<(usize, &'t str)>,
}

/// The sections of a file by name.
pub type Sections<'t> = HashMap<&'static str, Section<'t>>;

/// Splits a sectioned text into its sections, dropping comments (`#` to the end of the line) and
/// blank lines. Unknown and repeated sections, and text before the first section, are reported.
pub fn split_sections<'t>(
    text: &'t str,
    known: &[&'static str],
    errs: &mut Errors,
) -> HashMap<&'static str, Section<'t>> {
    let mut sections: HashMap<&'static str, Section<'t>> = HashMap::new();
    // None before the first header; Some(None) inside a section that is skipped.
    let mut cur: Option<Option<&'static str>> = None;
    for (i, raw) in text.lines().enumerate() {
        let no = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let name = name.trim();
            cur = Some(match known.iter().find(|s| **s == name) {
                Some(&s) if sections.contains_key(s) => {
                    errs.at(no, format!("section [{s}] appears twice (first at line {})", sections[s].header));
                    None
                }
                Some(&s) => {
                    sections.insert(s, Section { header: no, lines: Vec::new() });
                    Some(s)
                }
                None => {
                    errs.at(no, format!("unknown section [{name}] (known: {})", known.join(", ")));
                    None
                }
            });
            continue;
        }
        match cur {
            Some(Some(s)) => sections.get_mut(s).expect("section opened").lines.push((no, line)),
            None => errs.at(no, "this line is outside any [section]"),
            Some(None) => {}
        }
    }
    sections
}

/// Reads a legend section: lines `SYMBOL NAME`, one character a symbol, each symbol once.
/// `lookup` turns a name into its value, or says why it cannot (the message to report).
pub fn read_legend<T>(
    sec: &Section,
    errs: &mut Errors,
    lookup: impl Fn(&str) -> Result<T, String>,
) -> HashMap<char, T> {
    let mut legend = HashMap::new();
    for &(no, l) in &sec.lines {
        let words: Vec<&str> = l.split_whitespace().collect();
        let [symbol, name] = words.as_slice() else {
            errs.at(no, format!("'{l}': a legend line is SYMBOL TERRAIN"));
            continue;
        };
        let mut chars = symbol.chars();
        let (Some(ch), None) = (chars.next(), chars.next()) else {
            errs.at(no, format!("legend symbol '{symbol}' must be a single character"));
            continue;
        };
        let value = match lookup(name) {
            Ok(v) => v,
            Err(message) => {
                errs.at(no, message);
                continue;
            }
        };
        if legend.insert(ch, value).is_some() {
            errs.at(no, format!("legend symbol '{ch}' is defined twice"));
        }
    }
    if legend.is_empty() {
        errs.at(sec.header, "[legend] defines no symbols");
    }
    legend
}

// ------------------------------------------------------------------------------------------
// Grids of one symbol per cell (map sections, one line per row).

/// One grid section: per row, its line number and symbols.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    /// Row `r` (1-based) is at index `r - 1`: its line and symbols, `None` when not read.
    pub rows: Vec<Option<(usize, Vec<char>)>>,
}

impl Grid {
    /// The line and symbol at 1-based (column, row), if its row was read whole.
    #[must_use]
    pub fn at(&self, (col, row): (i16, i16)) -> Option<(usize, char)> {
        let (line, chars) = self.rows.get(usize::try_from(row - 1).ok()?)?.as_ref()?;
        Some((*line, *chars.get(usize::try_from(col - 1).ok()?)?))
    }

    /// The line of a cell's row (0 if it was not read).
    #[must_use]
    pub fn line(&self, cell: (i16, i16)) -> usize {
        self.at(cell).map_or(0, |(l, _)| l)
    }
}

/// Reads the grid section `[name]`: lines `ROW SYMBOLS`, rows numbered 1 to `rows` in order, each
/// `cols` symbols with no spaces. Bad, off-grid, out-of-order, repeated, ragged and missing rows
/// are reported; a ragged row is reported once, not as missing too.
pub fn read_grid(name: &str, sec: &Section, errs: &mut Errors, cols: i16, rows: i16) -> Grid {
    let n_rows = usize::try_from(rows).unwrap_or(0);
    let n_cols = usize::try_from(cols).unwrap_or(0);
    let mut grid = Grid { rows: vec![None; n_rows] };
    let mut expected: i16 = 1;
    for &(no, l) in &sec.lines {
        let words: Vec<&str> = l.split_whitespace().collect();
        let [num, body] = words.as_slice() else {
            errs.at(no, format!("[{name}] row must be a row number and {cols} symbols with no spaces between them"));
            continue;
        };
        let Ok(r) = num.parse::<i16>() else {
            errs.at(no, format!("[{name}] row number '{num}' is not a number"));
            continue;
        };
        if r < 1 || r > rows {
            errs.at(no, format!("[{name}] row {r:02} is off the map (rows 01-{rows:02})"));
            continue;
        }
        if r != expected {
            errs.at(no, format!("[{name}] row {r:02} is out of order: row {expected:02} belongs here"));
        }
        expected = r + 1;
        let idx = usize::try_from(r - 1).unwrap_or(0);
        if grid.rows[idx].is_some() {
            errs.at(no, format!("[{name}] row {r:02} appears twice"));
            continue;
        }
        let chars: Vec<char> = body.chars().collect();
        if chars.len() != n_cols {
            errs.at(no, format!("[{name}] row {r:02} has {} columns; the map is {cols} wide", chars.len()));
            // Keep the row, so that a ragged row is reported once, not as missing too.
            grid.rows[idx] = Some((no, Vec::new()));
            continue;
        }
        grid.rows[idx] = Some((no, chars));
    }
    for (i, row) in grid.rows.iter().enumerate() {
        if row.is_none() {
            errs.at(sec.header, format!("[{name}] has no row {:02}", i + 1));
        }
    }
    grid
}

// ------------------------------------------------------------------------------------------
// RON records (orders of battle, counter files).

/// Where one record of a RON list sits in the text: byte range and first line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Loc {
    /// Byte offset of the record's first character.
    pub start: usize,
    /// Byte offset just past the record's last character.
    pub end: usize,
    /// 1-based line where the record starts.
    pub line: usize,
}

/// A RON data file's checker, shared by the order-of-battle and chart loaders: the text, the
/// problems found so far, and where each record of each list starts ([`record_locs`]), so a
/// problem names the line of the record, or of the field, it is about.
pub struct RonCheck<'t> {
    /// The file's text.
    pub text: &'t str,
    /// The problems so far.
    pub errs: Errors<'t>,
    locs: HashMap<String, Vec<Loc>>,
}

impl<'t> RonCheck<'t> {
    /// A checker for `text`, read from `file`.
    #[must_use]
    pub fn new(text: &'t str, file: &'t str) -> Self {
        RonCheck { text, errs: Errors::new(file), locs: record_locs(text) }
    }

    /// Where record `i` of the list at `path` ("union.brigades") starts; the start of the file
    /// when there is no such record.
    #[must_use]
    pub fn loc(&self, path: &str, i: usize) -> Loc {
        self.locs.get(path).and_then(|l| l.get(i)).copied().unwrap_or_default()
    }

    /// The first line that opens with `key:` (a top-level record such as a scale or a
    /// gauge), comments aside; 0 when there is none.
    #[must_use]
    pub fn key_line(&self, key: &str) -> usize {
        let opens = |l: &str| l.trim_start().strip_prefix(key).is_some_and(|r| r.trim_start().starts_with(':'));
        self.text.lines().position(opens).map_or(0, |i| i + 1)
    }

    /// Where the top-level record `key:` starts ([`RonCheck::key_line`]), running to the end of
    /// the text, so [`RonCheck::field`] finds its fields; the start of the file when there is
    /// none.
    #[must_use]
    pub fn key_loc(&self, key: &str) -> Loc {
        let line = self.key_line(key);
        let start = self.text.lines().take(line.saturating_sub(1)).map(|l| l.len() + 1).sum::<usize>();
        Loc { start: start.min(self.text.len()), end: self.text.len(), line: line.max(1) }
    }

    /// A problem with one field of a record: the line of that field when it is written there,
    /// else the record's first line.
    pub fn field(&mut self, loc: Loc, field: &str, message: impl Into<String>) {
        let line = field_line(self.text, loc, field);
        self.errs.at(line, message);
    }

    /// A problem on `line` (0 when it is on no line).
    pub fn at(&mut self, line: usize, message: impl Into<String>) {
        self.errs.at(line, message);
    }
}

/// The records of every list in a RON text, by the dotted path of the keys leading to the list
/// (`"union.brigades"`, `"turns"`), in order; a string element of a list is a record too. A light scan: strings, chars and comments are
/// skipped and brackets counted, so it finds records whatever their layout.
pub fn record_locs(text: &str) -> HashMap<String, Vec<Loc>> {
    struct Frame {
        open: u8,
        key: Option<String>,
        element: Option<(String, usize)>,
    }
    let b = text.as_bytes();
    let mut out: HashMap<String, Vec<Loc>> = HashMap::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut ident = String::new();
    let mut key: Option<String> = None;
    let (mut i, mut line) = (0, 1);
    // A scalar element of a list (a string in `turns`) is a record too.
    let push_scalar = |stack: &Vec<Frame>, out: &mut HashMap<String, Vec<Loc>>, start: usize, end: usize, line| {
        if stack.last().is_some_and(|f| f.open == b'[') {
            let path: Vec<&str> = stack.iter().filter_map(|f| f.key.as_deref()).collect();
            out.entry(path.join(".")).or_default().push(Loc { start, end, line });
        }
    };
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => line += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i + 1 < b.len() && b[i + 1] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 1;
                i += 2;
                while i < b.len() && depth > 0 {
                    if b[i] == b'\n' {
                        line += 1;
                    } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        depth -= 1;
                        i += 1;
                    } else if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                        depth += 1;
                        i += 1;
                    }
                    i += 1;
                }
                continue;
            }
            b'"' | b'\'' => {
                let (start, first_line) = (i, line);
                i += 1;
                while i < b.len() && b[i] != c {
                    if b[i] == b'\\' {
                        i += 1;
                    } else if b[i] == b'\n' {
                        line += 1;
                    }
                    i += 1;
                }
                push_scalar(&stack, &mut out, start, i + 1, first_line);
                ident.clear();
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                ident.clear();
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    ident.push(char::from(b[i]));
                    i += 1;
                }
                continue;
            }
            b':' => {
                key = (!ident.is_empty()).then(|| std::mem::take(&mut ident));
            }
            b'(' | b'[' | b'{' => {
                let element = if stack.last().is_some_and(|f| f.open == b'[') {
                    let path: Vec<&str> = stack.iter().filter_map(|f| f.key.as_deref()).collect();
                    let path = path.join(".");
                    let list = out.entry(path.clone()).or_default();
                    list.push(Loc { start: i, end: i, line });
                    Some((path, list.len() - 1))
                } else {
                    None
                };
                stack.push(Frame { open: c, key: key.take(), element });
                ident.clear();
            }
            b')' | b']' | b'}' => {
                if let Some(Frame { element: Some((path, k)), .. }) = stack.pop()
                    && let Some(loc) = out.get_mut(&path).and_then(|l| l.get_mut(k))
                {
                    loc.end = i + 1;
                }
                key = None;
                ident.clear();
            }
            b',' => {
                key = None;
                ident.clear();
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The line of `field:` inside a record, or the record's first line when the field is not
/// written there.
pub fn field_line(text: &str, loc: Loc, field: &str) -> usize {
    let Some(segment) = text.get(loc.start..loc.end) else {
        return loc.line;
    };
    for (k, text_line) in segment.lines().enumerate() {
        let code = text_line.split("//").next().unwrap_or("");
        let mut from = 0;
        while let Some(p) = code[from..].find(field) {
            let at = from + p;
            let before_ok = code[..at].chars().next_back().is_none_or(|ch| !(ch.is_ascii_alphanumeric() || ch == '_'));
            let after_ok = code[at + field.len()..].trim_start().starts_with(':');
            if before_ok && after_ok {
                return loc.line + k;
            }
            from = at + field.len();
        }
    }
    loc.line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_locs_find_records_and_fields() {
        let text = "(\n  turns: [\"7 AM\",\n \"8 AM\"],\n  union: (brigades: [\n    (id: \"A\", // c\n     sp: 3),\n    (id: \"B\",\n     sp: 4)]))\n";
        let locs = record_locs(text);
        let turns = &locs["turns"];
        assert_eq!(turns.iter().map(|l| l.line).collect::<Vec<_>>(), vec![2, 3]);
        let b = &locs["union.brigades"];
        assert_eq!(b.iter().map(|l| l.line).collect::<Vec<_>>(), vec![5, 7]);
        assert_eq!(&text[b[0].start..b[0].end], "(id: \"A\", // c\n     sp: 3)");
        assert_eq!(field_line(text, b[1], "sp"), 8);
        assert_eq!(field_line(text, b[0], "missing"), 5);
    }

    #[test]
    fn record_locs_skip_comments_and_strings() {
        let text = "( // list: [(\n  /* a: [( /* nested */ ) */\n  xs: [ (n: \"[(\"),\n\n  (n: \")]\") ],\n)\n";
        let locs = record_locs(text);
        assert_eq!(locs.keys().collect::<Vec<_>>(), vec!["xs"]);
        assert_eq!(locs["xs"].iter().map(|l| l.line).collect::<Vec<_>>(), vec![3, 5]);
        // The word `n` in a comment is not the field.
        let text = "(a: 1, // n: 2\n n: 3)";
        assert_eq!(field_line(text, Loc { start: 0, end: text.len(), line: 1 }, "n"), 2);
    }

    #[test]
    fn sections_report_strays() {
        let mut errs = Errors::new("f");
        let s = split_sections("x\n[a]\n1 # c\n[b]\n[a]\n2\n", &["a"], &mut errs);
        assert_eq!(s["a"].header, 2);
        assert_eq!(s["a"].lines, vec![(3, "1")]);
        let lines: Vec<usize> = errs.list.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![1, 4, 5]);
        assert_eq!(errs.list[1].to_string(), "f:4: unknown section [b] (known: a)");
    }

    #[test]
    fn sections_keep_line_numbers_past_comments_and_blanks() {
        let mut errs = Errors::new("f");
        let s = split_sections("# head\n\n[ a ]\n  # only a comment\nx y  # tail\n\n z\n", &["a"], &mut errs);
        assert!(errs.list.is_empty());
        assert_eq!(s["a"].header, 3);
        assert_eq!(s["a"].lines, vec![(5, "x y"), (7, "z")]);
    }

    #[test]
    fn grid_reads_rows_and_reports_bad_ones() {
        let mut errs = Errors::new("f");
        let s = split_sections("[g]\n01 ab\n03 abc\n03 ab\n", &["g"], &mut errs);
        let g = read_grid("g", &s["g"], &mut errs, 2, 3);
        assert_eq!(g.at((2, 1)), Some((2, 'b')));
        assert_eq!(g.at((3, 1)), None);
        assert_eq!(g.line((1, 3)), 0);
        let got: Vec<(usize, &str)> = errs.list.iter().map(|e| (e.line, e.message.as_str())).collect();
        assert_eq!(
            got,
            vec![
                (3, "[g] row 03 is out of order: row 02 belongs here"),
                (3, "[g] row 03 has 3 columns; the map is 2 wide"),
                (4, "[g] row 03 is out of order: row 04 belongs here"),
                (4, "[g] row 03 appears twice"),
                (1, "[g] has no row 02"),
            ]
        );
    }

    #[test]
    fn legend_reads_symbols_and_reports_bad_lines() {
        let mut errs = Errors::new("f");
        let s = split_sections("[legend]\n. clear\nw wood\nxx clear\n. clear\nq\n", &["legend"], &mut errs);
        let lookup = |n: &str| if n == "clear" { Ok(1) } else { Err(format!("unknown '{n}'")) };
        let legend = read_legend(&s["legend"], &mut errs, lookup);
        assert_eq!(legend, HashMap::from([('.', 1)]));
        let got: Vec<(usize, &str)> = errs.list.iter().map(|e| (e.line, e.message.as_str())).collect();
        assert_eq!(
            got,
            vec![
                (3, "unknown 'wood'"),
                (4, "legend symbol 'xx' must be a single character"),
                (5, "legend symbol '.' is defined twice"),
                (6, "'q': a legend line is SYMBOL TERRAIN"),
            ]
        );
    }

    #[test]
    fn finish_sorts_and_reports_an_unreadable_file() {
        let mut errs = Errors::new("f");
        errs.at(0, "none");
        errs.at(2, "two");
        errs.at(1, "one");
        let lines: Vec<usize> = errs.finish::<()>(Some(())).unwrap_err().iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![1, 2, 0]);
        assert_eq!(report(&Errors::new("f").finish::<()>(None).unwrap_err()), "f:0: the file could not be read");
    }
}

/// Reads `LABEL NAME` lines (named places): each line's number, label and name, with
/// lines lacking a name (skipped) and names used twice (kept) reported. The caller
/// checks the labels.
pub fn label_name_lines<'t>(sec: &Section<'t>, errs: &mut Errors<'_>, what: &str) -> Vec<(usize, &'t str, &'t str)> {
    let mut first: HashMap<&str, usize> = HashMap::new();
    let mut out = Vec::new();
    for &(no, l) in &sec.lines {
        let (label, name) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
        let name = name.trim();
        if name.is_empty() {
            errs.at(no, format!("'{l}': a {what} line is LABEL NAME"));
            continue;
        }
        if let Some(at) = first.insert(name, no) {
            // Reported, and the line still read, so a bad label on it is reported too.
            errs.at(no, format!("{what} name '{name}' is used twice (first at line {at})"));
        }
        out.push((no, label, name));
    }
    out
}

/// Parses a label naming a hex of a `cols` x `rows` map (0101 to CCRR), reporting a bad or
/// off-map one as `what: ...` at `line`.
pub fn hex_on_map(errs: &mut Errors<'_>, line: usize, label: &str, what: &str, cols: i16, rows: i16) -> Option<Hex> {
    match Hex::from_label(label) {
        Err(e) => {
            errs.at(line, format!("{what}: {e}"));
            None
        }
        Ok(h) if !(1..=cols).contains(&h.col_row().0) || !(1..=rows).contains(&h.col_row().1) => {
            errs.at(line, format!("{what}: hex {label} is off the map (0101 to {cols:02}{rows:02})"));
            None
        }
        Ok(h) => Some(h),
    }
}

/// One road of a `[roads]` section, read and checked: its line, name and hexes, each
/// adjacent to the next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoadLine {
    /// The 1-based line.
    pub line: usize,
    /// The road's name.
    pub name: String,
    /// Its hexes in order.
    pub hexes: Vec<Hex>,
}

/// Reads `NAME: LABEL LABEL ...` road lines of a `cols` x `rows` map. A line with any problem
/// (no name, fewer than two hexes, a bad or off-map label, a step between hexes that are not
/// adjacent) is reported, every problem, and left out.
pub fn read_roads(sec: &Section<'_>, errs: &mut Errors<'_>, cols: i16, rows: i16) -> Vec<RoadLine> {
    let mut out = Vec::new();
    for &(no, l) in &sec.lines {
        let Some((name, rest)) = l.split_once(':') else {
            errs.at(no, format!("'{l}': a road line is NAME: LABEL LABEL ..."));
            continue;
        };
        let name = name.trim();
        if name.is_empty() {
            errs.at(no, "a road needs a name before the ':'");
            continue;
        }
        let labels: Vec<&str> = rest.split_whitespace().collect();
        if labels.len() < 2 {
            errs.at(no, format!("road {name} needs at least two hexes"));
            continue;
        }
        let before = errs.list.len();
        let what = format!("road {name}");
        let hexes: Vec<Option<Hex>> =
            labels.iter().map(|label| hex_on_map(errs, no, label, &what, cols, rows)).collect();
        for pair in hexes.windows(2) {
            if let [Some(a), Some(b)] = *pair
                && a.distance(b) != 1
            {
                errs.at(no, format!("road {name}: the step {a} -> {b} joins hexes that are not adjacent"));
            }
        }
        if errs.list.len() == before {
            out.push(RoadLine { line: no, name: name.to_string(), hexes: hexes.into_iter().flatten().collect() });
        }
    }
    out
}

#[cfg(test)]
mod road_tests {
    use super::*;

    #[test]
    fn roads_are_read_and_every_bad_line_reported() {
        let sec = Section {
            header: 1,
            lines: vec![
                (2, "Pike: 0101 0102 0202"),
                (3, "0101 0102"),
                (4, "Lane: 0101"),
                (5, "Gap: 0101 0103"),
                (6, "Far: 0101 0901"),
                (7, ": 0101 0102"),
            ],
        };
        let mut errs = Errors::new("f.map");
        let roads = read_roads(&sec, &mut errs, 4, 4);
        assert_eq!(roads.len(), 1);
        assert_eq!((roads[0].line, roads[0].name.as_str(), roads[0].hexes.len()), (2, "Pike", 3));
        let report = errs.finish(Some(())).unwrap_err();
        assert_eq!(report.iter().map(|e| e.line).collect::<Vec<_>>(), vec![3, 4, 5, 6, 7]);
        assert!(report.iter().any(|e| e.message.contains("off the map (0101 to 0404)")));
    }
}

#[cfg(test)]
mod label_name_tests {
    use super::*;

    #[test]
    fn label_name_lines_report_missing_and_repeated_names() {
        let sec = Section { header: 1, lines: vec![(2, "0101 Camp"), (3, "0102"), (4, "0103 Camp"), (5, "0104 Dock")] };
        let mut errs = Errors::new("f.map");
        let got = label_name_lines(&sec, &mut errs, "place");
        assert_eq!(got, vec![(2, "0101", "Camp"), (4, "0103", "Camp"), (5, "0104", "Dock")]);
        let report = errs.finish(Some(())).unwrap_err();
        assert_eq!(report.iter().map(|e| e.line).collect::<Vec<_>>(), vec![3, 4]);
    }
}
