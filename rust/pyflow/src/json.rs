//! A small JSON reader for the facts' text: arrays, strings, integers, booleans and null (the facts
//! hold no objects and no floats). Errors say where the text stops making sense.

use std::borrow::Cow;

#[derive(Debug, Clone)]
pub enum Json<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Str(Cow<'a, str>),
    Arr(Vec<Json<'a>>),
}

impl<'a> Json<'a> {
    pub fn arr(&self) -> Result<&[Json<'a>], String> {
        match self {
            Json::Arr(items) => Ok(items),
            other => Err(format!("expected an array, found {:?}", short(other))),
        }
    }
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
            Json::Arr(a) => !a.is_empty(),
        }
    }
}

fn short(value: &Json<'_>) -> String {
    let text = format!("{:?}", value);
    text.chars().take(60).collect()
}

pub fn parse(text: &str) -> Result<Json<'_>, String> {
    let mut reader = Reader { bytes: text.as_bytes(), at: 0 };
    let value = reader.value()?;
    reader.space();
    if reader.at != reader.bytes.len() {
        return Err(format!("unexpected text at byte {}", reader.at));
    }
    Ok(value)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
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
                let mut items = Vec::new();
                self.space();
                if self.bytes.get(self.at) == Some(&b']') {
                    self.at += 1;
                    return Ok(Json::Arr(items));
                }
                loop {
                    items.push(self.value()?);
                    self.space();
                    match self.bytes.get(self.at) {
                        Some(b',') => self.at += 1,
                        Some(b']') => {
                            self.at += 1;
                            return Ok(Json::Arr(items));
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
        let text = std::str::from_utf8(&self.bytes[start..self.at]).map_err(|e| e.to_string())?;
        text.parse::<i64>().map(Json::Int).map_err(|_| format!("bad integer at byte {}", start))
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
            let text = std::str::from_utf8(&self.bytes[start..self.at]).map_err(|e| e.to_string())?;
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
                    out.push_str(std::str::from_utf8(&self.bytes[run..self.at]).map_err(|e| e.to_string())?);
                    self.at += 1;
                    return Ok(Cow::Owned(out));
                }
                b'\\' => {
                    out.push_str(std::str::from_utf8(&self.bytes[run..self.at]).map_err(|e| e.to_string())?);
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
