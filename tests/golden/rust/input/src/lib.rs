//! A tiny shop crate.
//!
//! It shows how codeknit reads Rust.

pub mod model;
mod net;
pub mod util;

pub use model::User;

/// Logs a line.
#[macro_export]
macro_rules! log_line {
    ($($arg:tt)*) => { println!($($arg)*) };
}

/// The default port.
pub const DEFAULT_PORT: u16 = 8080;

/// How many connections were made.
pub static mut CONNECTIONS: u32 = 0;

/// A result with the crate's error.
pub type Result<T> = std::result::Result<T, model::Error>;

/// Opens a connection for a user.
pub fn open(name: &str) -> Result<net::tcp::Connection> {
    log_line!("opening {}", name);
    let user = User::new(name);
    crate::net::tcp::connect(&user, DEFAULT_PORT)
}
