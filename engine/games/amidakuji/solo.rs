//! The one-player puzzle (being built).
