//! Solitaire analysis (being built).
