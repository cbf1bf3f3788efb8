//! The survey of every card deal (filled in below).
