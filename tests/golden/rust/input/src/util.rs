//! Helpers (one of them does not parse).

/// Doubles a number.
pub fn double(x: i32) -> i32 {
    x * 2
}

/// Broken: a missing expression.
pub fn broken(x: i32) -> i32 {
    let y = ;
    x + y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles() {
        assert_eq!(double(2), 4);
    }
}
