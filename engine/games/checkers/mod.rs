//! checkers (being built).
