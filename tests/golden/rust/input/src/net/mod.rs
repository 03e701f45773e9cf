//! Networking.

pub mod tcp;

/// Anything that can be closed.
pub trait Close {
    /// Closes it.
    fn close(&mut self) -> Result<(), crate::model::Error>;
}
