//! onitama (being built).
