//! Offsets in the preprocessed text to source positions, honouring
//! `# <line> "<file>"` markers (as written by `cpp` and found in `.i` files).

use crate::Pos;

pub struct LineMap {
    /// Byte offset where each physical line starts.
    starts: Vec<usize>,
    /// For each physical line: the logical file (index into `files`) and line.
    logical: Vec<(usize, u32)>,
    files: Vec<String>,
    text_len: usize,
    /// Character offsets: for column computation we need the text.
    text: String,
}

/// Parses `# 12 "file" flags` or `#line 12 "file"`.
fn marker(line: &str) -> Option<(u32, Option<String>)> {
    let rest = line.trim_start().strip_prefix('#')?;
    let rest = rest.trim_start();
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return None;
    }
    let n: u32 = digits.parse().ok()?;
    let after = rest[digits.len()..].trim_start();
    let file = after
        .strip_prefix('"')
        .and_then(|s| s.find('"').map(|i| s[..i].to_string()));
    Some((n, file))
}

impl LineMap {
    /// `default_file` names the text when no marker says otherwise.
    pub fn new(text: &str, default_file: &str) -> LineMap {
        let mut starts = vec![0];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                starts.push(i + 1);
            }
        }
        let mut files = vec![default_file.to_string()];
        let mut logical = Vec::with_capacity(starts.len());
        let (mut file, mut line) = (0usize, 1u32);
        for (k, &s) in starts.iter().enumerate() {
            let e = starts.get(k + 1).copied().unwrap_or(text.len());
            let l = &text[s..e];
            logical.push((file, line));
            if let Some((n, f)) = marker(l) {
                if let Some(f) = f {
                    file = match files.iter().position(|x| *x == f) {
                        Some(i) => i,
                        None => {
                            files.push(f);
                            files.len() - 1
                        }
                    };
                }
                line = n;
            } else {
                line += 1;
            }
        }
        LineMap {
            starts,
            logical,
            files,
            text_len: text.len(),
            text: text.to_string(),
        }
    }

    /// The file and 1-based position of a byte offset (columns count characters).
    pub fn locate(&self, offset: usize) -> (&str, Pos) {
        let offset = offset.min(self.text_len);
        let k = match self.starts.binary_search(&offset) {
            Ok(k) => k,
            Err(k) => k - 1,
        };
        let (f, line) = self.logical[k];
        let s = self.starts[k];
        let col = self
            .text
            .get(s..offset)
            .map_or(1, |t| t.chars().count() + 1) as u32;
        (&self.files[f], Pos { line, col })
    }

    /// The source text of a span on one line (whitespace collapsed, at most 100 chars).
    pub fn snippet(&self, start: usize, end: usize) -> String {
        let t = self.text.get(start..end.min(self.text_len)).unwrap_or("");
        let mut out = String::new();
        let mut space = false;
        for c in t.chars() {
            if c.is_whitespace() {
                space = true;
                continue;
            }
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.push(c);
        }
        if out.chars().count() > 100 {
            out = out.chars().take(97).collect::<String>() + "...";
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_honoured() {
        let text = "# 1 \"a.c\"\nint x;\n# 10 \"b.c\" 2\n  int y;\n";
        let m = LineMap::new(text, "t.i");
        let (f, p) = m.locate(text.find("int x").unwrap());
        assert_eq!((f, p), ("a.c", Pos { line: 1, col: 1 }));
        let (f, p) = m.locate(text.find("int y").unwrap());
        assert_eq!((f, p), ("b.c", Pos { line: 10, col: 3 }));
        let m = LineMap::new("int a;\nint b;", "t.i");
        assert_eq!(m.locate(9), ("t.i", Pos { line: 2, col: 3 }));
    }
}
