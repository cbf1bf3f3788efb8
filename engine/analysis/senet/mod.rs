//! Senet analyses: learning the evaluation by self-play ([`training`], [`net_training`]) and
//! `tabula solve`'s choice between the endgame solver and the search ([`solve`]).

pub mod net_training;
pub mod solve;
pub mod training;
