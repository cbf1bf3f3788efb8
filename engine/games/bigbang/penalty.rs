//! The loser's penalty (being built).
