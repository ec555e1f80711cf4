//! The built-in variant definitions.

mod meiriqi;

pub use meiriqi::MEIRIQI;
