//! A small JSON reader for the facts' text: arrays, strings, integers, booleans and null (the facts
//! hold no objects and no floats). Errors say where the text stops making sense.
//!
//! A document is one vector (a tape): an array's items lie next to each other in it, and the array
//! holds where they start and how many there are. Reading the facts of a file so allocates a handful
//! of vectors rather than one per array (on Django, most of the time of indexing the facts was that
//! allocating and freeing).

use std::borrow::Cow;

#[derive(Debug, Clone)]
pub enum Json<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Str(Cow<'a, str>),
    /// the array's items: where they start in the document's tape, and how many
    Arr(u32, u32),
}

impl<'a> Json<'a> {
    pub fn str(&self) -> Result<&str, String> {
        match self {
            Json::Str(s) => Ok(s),
            other => Err(format!("expected a string, found {:?}", short(other))),
        }
    }
    pub fn int(&self) -> Result<i64, String> {
        match self {
            Json::Int(n) => Ok(*n),
            Json::Bool(b) => Ok(*b as i64),
            other => Err(format!("expected an integer, found {:?}", short(other))),
        }
    }
    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }
    pub fn truthy(&self) -> bool {
        match self {
            Json::Null => false,
            Json::Bool(b) => *b,
            Json::Int(n) => *n != 0,
            Json::Str(s) => !s.is_empty(),
            Json::Arr(_, len) => *len != 0,
        }
    }
}

/// A parsed text: its top value, and the tape its arrays' items are in.
pub struct Doc<'a> {
    tape: Vec<Json<'a>>,
    root: Json<'a>,
}

impl<'a> Doc<'a> {
    pub fn root(&self) -> &Json<'a> {
        &self.root
    }
    /// the items of an array
    pub fn arr(&self, value: &Json<'a>) -> Result<&[Json<'a>], String> {
        match value {
            Json::Arr(start, len) => Ok(&self.tape[*start as usize..(*start + *len) as usize]),
            other => Err(format!("expected an array, found {:?}", short(other))),
        }
    }
}

fn short(value: &Json<'_>) -> String {
    let text = format!("{:?}", value);
    text.chars().take(60).collect()
}

pub fn parse(text: &str) -> Result<Doc<'_>, String> {
    // (about one value per eight bytes of the facts' text: grown rarely, and freed with the document)
    let mut reader =
        Reader { text, bytes: text.as_bytes(), at: 0, tape: Vec::with_capacity(text.len() / 8), stack: Vec::with_capacity(64) };
    let value = reader.value()?;
    reader.space();
    if reader.at != reader.bytes.len() {
        return Err(format!("unexpected text at byte {}", reader.at));
    }
    Ok(Doc { tape: reader.tape, root: value })
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    tape: Vec<Json<'a>>,
    /// the items of the arrays being read, innermost last; each array's move to the tape as it ends
    stack: Vec<Json<'a>>,
}

impl<'a> Reader<'a> {
    fn space(&mut self) {
        while self.at < self.bytes.len() && matches!(self.bytes[self.at], b' ' | b'\n' | b'\r' | b'\t') {
            self.at += 1;
        }
    }

    fn value(&mut self) -> Result<Json<'a>, String> {
        self.space();
        let byte = match self.bytes.get(self.at) {
            Some(&byte) => byte,
            None => return Err("unexpected end of the facts".to_string()),
        };
        match byte {
            b'[' => {
                self.at += 1;
                self.space();
                if self.bytes.get(self.at) == Some(&b']') {
                    self.at += 1;
                    return Ok(Json::Arr(self.tape.len() as u32, 0));
                }
                let mark = self.stack.len();
                loop {
                    let item = self.value()?;
                    self.stack.push(item);
                    self.space();
                    match self.bytes.get(self.at) {
                        Some(b',') => self.at += 1,
                        Some(b']') => {
                            self.at += 1;
                            let start = self.tape.len() as u32;
                            let len = (self.stack.len() - mark) as u32;
                            self.tape.extend(self.stack.drain(mark..));
                            return Ok(Json::Arr(start, len));
                        }
                        _ => return Err(format!("expected ',' or ']' at byte {}", self.at)),
                    }
                }
            }
            b'"' => self.string().map(Json::Str),
            b'n' => self.word("null", Json::Null),
            b't' => self.word("true", Json::Bool(true)),
            b'f' => self.word("false", Json::Bool(false)),
            b'-' | b'0'..=b'9' => self.number(),
            _ => Err(format!("unexpected byte {:?} at {}", byte as char, self.at)),
        }
    }

    fn word(&mut self, word: &str, value: Json<'a>) -> Result<Json<'a>, String> {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(format!("unexpected word at byte {}", self.at))
        }
    }

    fn number(&mut self) -> Result<Json<'a>, String> {
        let start = self.at;
        if self.bytes[self.at] == b'-' {
            self.at += 1;
        }
        while self.at < self.bytes.len() && self.bytes[self.at].is_ascii_digit() {
            self.at += 1;
        }
        if self.at < self.bytes.len() && matches!(self.bytes[self.at], b'.' | b'e' | b'E') {
            return Err(format!("a number that is not an integer at byte {}", start));
        }
        let negative = self.bytes[start] == b'-';
        let digits = &self.bytes[start + negative as usize..self.at];
        if digits.is_empty() || digits.len() > 18 {
            let text = &self.text[start..self.at];
            return text.parse::<i64>().map(Json::Int).map_err(|_| format!("bad integer at byte {}", start));
        }
        let mut value: i64 = 0;
        for &digit in digits {
            value = value * 10 + (digit - b'0') as i64;
        }
        Ok(Json::Int(if negative { -value } else { value }))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self.bytes.get(self.at..self.at + 4).ok_or("a short \\u escape")?;
        let text = std::str::from_utf8(digits).map_err(|e| e.to_string())?;
        self.at += 4;
        u32::from_str_radix(text, 16).map_err(|_| format!("bad \\u escape at byte {}", self.at))
    }

    fn string(&mut self) -> Result<Cow<'a, str>, String> {
        self.at += 1; // the opening quote
        let start = self.at;
        while self.at < self.bytes.len() && self.bytes[self.at] != b'"' && self.bytes[self.at] != b'\\' {
            self.at += 1;
        }
        if self.bytes.get(self.at) == Some(&b'"') {
            // (the text is UTF-8 already, and a quote is never inside a character)
            let text = &self.text[start..self.at];
            self.at += 1;
            return Ok(Cow::Borrowed(text));
        }
        let mut out = String::new();
        let mut run = start;
        loop {
            let byte = match self.bytes.get(self.at) {
                Some(&byte) => byte,
                None => return Err("a string that does not end".to_string()),
            };
            match byte {
                b'"' => {
                    out.push_str(&self.text[run..self.at]);
                    self.at += 1;
                    return Ok(Cow::Owned(out));
                }
                b'\\' => {
                    out.push_str(&self.text[run..self.at]);
                    self.at += 1;
                    let escape = *self.bytes.get(self.at).ok_or("a string that does not end")?;
                    self.at += 1;
                    match escape {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let first = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&first)
                                && self.bytes.get(self.at) == Some(&b'\\')
                                && self.bytes.get(self.at + 1) == Some(&b'u')
                            {
                                let save = self.at;
                                self.at += 2;
                                let second = self.hex4()?;
                                if (0xDC00..0xE000).contains(&second) {
                                    0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                                } else {
                                    self.at = save;
                                    first
                                }
                            } else {
                                first
                            };
                            out.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
                        }
                        _ => return Err(format!("bad escape at byte {}", self.at)),
                    }
                    run = self.at;
                }
                _ => self.at += 1,
            }
        }
    }
}
