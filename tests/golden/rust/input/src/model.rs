//! Users, roles and errors.

use std::fmt;

/// Something with a name.
pub trait Named: fmt::Debug {
    /// The name.
    fn name(&self) -> &str;

    /// A greeting, by default from the name.
    fn greet(&self) -> String {
        format!("hello {}", self.name())
    }

    /// Builds one from a name.
    fn from_name(name: &str) -> Self
    where
        Self: Sized;

    /// The largest id.
    const MAX_ID: u32;
}

/// A role a user has.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Role {
    Admin = 1,
    Member(u32),
    Guest { since: u64 },
}

/// A user of the shop.
#[derive(Debug, Clone)]
pub struct User {
    /// The login name.
    pub name: String,
    pub(crate) role: Role,
    id: u32,
}

/// An id as a tuple struct.
pub struct UserId(pub u32, String);

/// Raw bytes of an id.
#[repr(C)]
pub union RawId {
    pub int: u32,
    pub bytes: [u8; 4],
}

/// Errors of the crate.
#[derive(Debug)]
pub enum Error {
    NotFound(String),
    Closed,
}

impl User {
    /// The first id handed out.
    pub const FIRST_ID: u32 = 1;

    /// Makes a member.
    pub fn new(name: &str) -> Self {
        Self { name: name.to_string(), role: Role::Member(0), id: Self::FIRST_ID }
    }

    /// Is this user an admin?
    pub fn is_admin(&self) -> bool {
        matches!(self.role, Role::Admin)
    }

    /// Promotes the user.
    pub fn promote(&mut self) {
        self.role = Role::Admin;
        self.touch();
    }

    fn touch(&mut self) {}

    /// Consumes the user, keeping the id.
    pub fn into_id(self) -> UserId {
        UserId(self.id, self.name)
    }
}

impl Named for User {
    fn name(&self) -> &str {
        &self.name
    }

    fn from_name(name: &str) -> Self {
        User::new(name)
    }

    const MAX_ID: u32 = 1000;
}

/// A pair of anything ordered.
pub struct Pair<K: Ord, V = ()>
where
    V: Clone,
{
    pub key: K,
    pub value: V,
}

impl<K: Ord, V: Clone> Pair<K, V> {
    /// The larger key.
    pub fn max_key<'a>(&'a self, other: &'a Self) -> &'a K {
        if self.key > other.key { &self.key } else { &other.key }
    }
}
