//! The prover (filled in below).
