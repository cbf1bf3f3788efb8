//! Senet analyses: learning the evaluation by self-play ([`training`]).

pub mod training;
