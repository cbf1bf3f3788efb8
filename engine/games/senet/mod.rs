//! senet (being built).
