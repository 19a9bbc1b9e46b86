//! Errors from loading authored data files: every problem, each with file and line, and the
//! small readers the map and order-of-battle loaders share.

use std::collections::HashMap;

/// One problem in a data file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct DataError {
    /// The file, as named to the loader.
    pub file: String,
    /// 1-based line number (0 when the problem is not on one line, such as a missing section).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Formats a list of problems, one per line.
#[must_use]
pub fn report(errors: &[DataError]) -> String {
    errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
}

/// Collects problems for one file.
pub(crate) struct Errors<'f> {
    pub(crate) file: &'f str,
    pub(crate) list: Vec<DataError>,
}

impl<'f> Errors<'f> {
    pub(crate) const fn new(file: &'f str) -> Self {
        Errors { file, list: Vec::new() }
    }

    pub(crate) fn at(&mut self, line: usize, message: impl Into<String>) {
        self.list.push(DataError { file: self.file.to_string(), line, message: message.into() });
    }

    /// The problems sorted by line, problems on no line last, or `Ok(value)` when there are none.
    pub(crate) fn finish<T>(mut self, value: Option<T>) -> Result<T, Vec<DataError>> {
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
// Sectioned text files (the map).

/// One `[section]` of a sectioned text file: the line of its header and its content lines with
/// comments stripped, each with its 1-based line number.
pub(crate) struct Section<'t> {
    pub(crate) header: usize,
    pub(crate) lines: Vec<(usize, &'t str)>,
}

/// Splits a sectioned text into its sections, dropping comments (`#` to the end of the line) and
/// blank lines. Unknown and repeated sections, and text before the first section, are reported.
pub(crate) fn split_sections<'t>(
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

// ------------------------------------------------------------------------------------------
// RON records (the order of battle).

/// Where one record of a RON list sits in the text: byte range and first line.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Loc {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) line: usize,
}

/// The records of every list in a RON text, by the dotted path of the keys leading to the list
/// (`"union.brigades"`, `"turns"`), in order. A light scan: strings, chars and comments are
/// skipped and brackets counted, so it finds records whatever their layout.
pub(crate) fn record_locs(text: &str) -> HashMap<String, Vec<Loc>> {
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
pub(crate) fn field_line(text: &str, loc: Loc, field: &str) -> usize {
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
        assert_eq!(field_line(text, b[1], "sp"), 8);
        assert_eq!(field_line(text, b[0], "missing"), 5);
    }

    #[test]
    fn sections_report_strays() {
        let mut errs = Errors::new("f");
        let s = split_sections("x\n[a]\n1 # c\n[b]\n[a]\n2\n", &["a"], &mut errs);
        assert_eq!(s["a"].lines, vec![(3, "1")]);
        let lines: Vec<usize> = errs.list.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![1, 4, 5]);
    }
}
