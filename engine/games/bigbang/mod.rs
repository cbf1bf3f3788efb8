//! bigbang (being built).
