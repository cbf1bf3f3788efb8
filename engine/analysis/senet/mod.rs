//! Senet analyses: learning the evaluation by self-play ([`training`]).

pub mod net_training;
pub mod training;
