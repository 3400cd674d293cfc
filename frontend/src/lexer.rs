//! A small hand-written lexer shared by the `.imp` and `.ts` frontends.

use super::{FrontendError, Pos};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    Ident(String),
    /// Decimal digits of a non-negative integer literal.
    Int(String),
    /// A JSON string literal, already decoded.
    Str(String),
    LParen,
    RParen,
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    Comma,
    Semi,
    Colon,
    Prime,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    EqEq,
    NotEq,
    Lt,
    Le,
    Gt,
    Ge,
    Bang,
    AndAnd,
    OrOr,
    Implies,
    Assign,
    Arrow,
    Eof,
}

impl Tok {
    pub fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Int(s) => format!("integer `{s}`"),
            Tok::Str(_) => "string literal".to_string(),
            Tok::Eof => "end of file".to_string(),
            t => format!("`{}`", t.text()),
        }
    }

    fn text(&self) -> &'static str {
        match self {
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::LBrace => "{",
            Tok::RBrace => "}",
            Tok::LBracket => "[",
            Tok::RBracket => "]",
            Tok::Comma => ",",
            Tok::Semi => ";",
            Tok::Colon => ":",
            Tok::Prime => "'",
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::Star => "*",
            Tok::Slash => "/",
            Tok::Percent => "%",
            Tok::EqEq => "==",
            Tok::NotEq => "!=",
            Tok::Lt => "<",
            Tok::Le => "<=",
            Tok::Gt => ">",
            Tok::Ge => ">=",
            Tok::Bang => "!",
            Tok::AndAnd => "&&",
            Tok::OrOr => "||",
            Tok::Implies => "=>",
            Tok::Assign => "=",
            Tok::Arrow => "->",
            _ => "?",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    pub pos: Pos,
    /// Byte range in the source text.
    pub start: usize,
    pub end: usize,
}

/// Which identifier characters are accepted after the first one.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum IdentStyle {
    /// `[A-Za-z_][A-Za-z0-9_]*` (source programs; keeps `@` free for generated names).
    Plain,
    /// `[A-Za-z_][A-Za-z0-9_.@$#]*` (transition systems, the checker's rule).
    Extended,
}

/// Largest source text accepted (bounds work and memory; keeps `line`/`col` in `u32`).
pub const MAX_SOURCE_BYTES: usize = 64 << 20;

pub fn lex(file: &str, text: &str, style: IdentStyle) -> Result<Vec<Token>, FrontendError> {
    if text.len() > MAX_SOURCE_BYTES {
        let msg = format!(
            "source of {} bytes exceeds the limit of {MAX_SOURCE_BYTES}",
            text.len()
        );
        return Err(FrontendError::invalid(file, Pos { line: 1, col: 1 }, &msg));
    }
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    let (mut line, mut col) = (1u32, 1u32);
    // Advances over `n` chars, maintaining line/col.
    macro_rules! bump {
        ($n:expr) => {
            for _ in 0..$n {
                if i < bytes.len() {
                    if bytes[i].1 == '\n' {
                        line += 1;
                        col = 1;
                    } else {
                        col += 1;
                    }
                    i += 1;
                }
            }
        };
    }
    let at = |k: usize| bytes.get(k).map(|p| p.1);
    let off = |k: usize| bytes.get(k).map(|p| p.0).unwrap_or(text.len());
    while i < bytes.len() {
        let c = bytes[i].1;
        if c.is_whitespace() {
            bump!(1);
            continue;
        }
        if c == '/' && at(i + 1) == Some('/') {
            while i < bytes.len() && bytes[i].1 != '\n' {
                bump!(1);
            }
            continue;
        }
        if c == '/' && at(i + 1) == Some('*') {
            let pos = Pos { line, col };
            bump!(2);
            loop {
                if i >= bytes.len() {
                    return Err(FrontendError::syntax(
                        file,
                        pos,
                        "unterminated `/*` comment",
                    ));
                }
                if bytes[i].1 == '*' && at(i + 1) == Some('/') {
                    bump!(2);
                    break;
                }
                bump!(1);
            }
            continue;
        }
        let pos = Pos { line, col };
        let start = off(i);
        let tok;
        if c.is_ascii_alphabetic() || c == '_' {
            let mut j = i + 1;
            while let Some(d) = at(j) {
                let ok = d.is_ascii_alphanumeric()
                    || d == '_'
                    || (style == IdentStyle::Extended && matches!(d, '.' | '@' | '$' | '#'));
                if !ok {
                    break;
                }
                j += 1;
            }
            tok = Tok::Ident(text[start..off(j)].to_string());
            bump!(j - i);
        } else if c.is_ascii_digit() {
            let mut j = i + 1;
            while at(j).is_some_and(|d| d.is_ascii_digit()) {
                j += 1;
            }
            if at(j).is_some_and(|d| d.is_ascii_alphabetic() || d == '_') {
                return Err(FrontendError::syntax(
                    file,
                    pos,
                    "malformed number: letters directly after digits",
                ));
            }
            tok = Tok::Int(text[start..off(j)].to_string());
            bump!(j - i);
        } else if c == '"' {
            let mut j = i + 1;
            loop {
                match at(j) {
                    None | Some('\n') => {
                        return Err(FrontendError::syntax(
                            file,
                            pos,
                            "unterminated string literal",
                        ))
                    }
                    Some('\\') => j += 2,
                    Some('"') => break,
                    Some(_) => j += 1,
                }
            }
            let lit = &text[start..off(j + 1)];
            let s: String = serde_json::from_str(lit).map_err(|e| {
                FrontendError::syntax(file, pos, &format!("invalid string literal: {e}"))
            })?;
            tok = Tok::Str(s);
            bump!(j + 1 - i);
        } else {
            let two = at(i + 1);
            let (t, n) = match (c, two) {
                ('=', Some('=')) => (Tok::EqEq, 2),
                ('=', Some('>')) => (Tok::Implies, 2),
                ('!', Some('=')) => (Tok::NotEq, 2),
                ('<', Some('=')) => (Tok::Le, 2),
                ('>', Some('=')) => (Tok::Ge, 2),
                ('&', Some('&')) => (Tok::AndAnd, 2),
                ('|', Some('|')) => (Tok::OrOr, 2),
                ('-', Some('>')) => (Tok::Arrow, 2),
                ('(', _) => (Tok::LParen, 1),
                (')', _) => (Tok::RParen, 1),
                ('{', _) => (Tok::LBrace, 1),
                ('}', _) => (Tok::RBrace, 1),
                ('[', _) => (Tok::LBracket, 1),
                (']', _) => (Tok::RBracket, 1),
                (',', _) => (Tok::Comma, 1),
                (';', _) => (Tok::Semi, 1),
                (':', _) => (Tok::Colon, 1),
                ('\'', _) => (Tok::Prime, 1),
                ('+', _) => (Tok::Plus, 1),
                ('-', _) => (Tok::Minus, 1),
                ('*', _) => (Tok::Star, 1),
                ('/', _) => (Tok::Slash, 1),
                ('%', _) => (Tok::Percent, 1),
                ('<', _) => (Tok::Lt, 1),
                ('>', _) => (Tok::Gt, 1),
                ('!', _) => (Tok::Bang, 1),
                ('=', _) => (Tok::Assign, 1),
                _ => {
                    return Err(FrontendError::syntax(
                        file,
                        pos,
                        &format!("unexpected character `{c}`"),
                    ))
                }
            };
            tok = t;
            bump!(n);
        }
        let end = off(i);
        toks.push(Token {
            tok,
            pos,
            start,
            end,
        });
    }
    toks.push(Token {
        tok: Tok::Eof,
        pos: Pos { line, col },
        start: text.len(),
        end: text.len(),
    });
    Ok(toks)
}
