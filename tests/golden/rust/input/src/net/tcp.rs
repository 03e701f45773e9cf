use std::collections::HashMap;
use std::io::{self, Write as _};

use super::Close;
use crate::model::{Error, Named, Role as UserRole, User};
use crate::{log_line, DEFAULT_PORT};

/// An open connection.
#[derive(Debug)]
pub struct Connection {
    peer: String,
    port: u16,
    headers: HashMap<String, String>,
}

impl Close for Connection {
    fn close(&mut self) -> Result<(), Error> {
        log_line!("closing {}", self.peer);
        Ok(())
    }
}

impl Close for User {
    fn close(&mut self) -> Result<(), Error> {
        Ok(())
    }
}

impl User {
    /// The address a user connects from (written away from the type).
    pub(crate) fn address(&self) -> String {
        format!("{}:{}", self.name(), DEFAULT_PORT)
    }
}

/// Connects a user to a port.
pub fn connect(user: &User, port: u16) -> crate::Result<Connection> {
    if user.is_admin() {
        return Err(Error::NotFound(user.address()));
    }
    let mut conn = Connection { peer: user.address(), port, headers: HashMap::new() };
    let check = |c: &Connection| c.port > 0;
    if !check(&conn) {
        conn.close()?;
    }
    let _role = UserRole::Guest { since: 0 };
    Ok(conn)
}

/// Flushes everything, asynchronously.
#[tokio::main]
pub async fn flush_all() -> io::Result<()> {
    io::stdout().flush()
}

/// Reads a raw pointer.
pub const unsafe fn peek(ptr: *const u8) -> u8 {
    *ptr
}

extern "C" {
    fn abs(input: i32) -> i32;
}
