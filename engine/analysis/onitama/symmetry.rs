//! Symmetries (filled in below).
