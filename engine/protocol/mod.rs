//! The engine protocol (UGI: UCI with chess taken out): a [`Server`] that serves one of the bots
//! of [`crate::agent`] to a referee over a line-based text stream, as `docs/protocol.md` says.
//!
//! This layer stands beside [`crate::arena`], above [`crate::agent`] and [`crate::search`]; it
//! knows no game. Its three parts:
//! - [`command`]: one referee line read into a typed [`Command`] (or a [`LineError`] that says
//!   what is wrong with it);
//! - [`timeman`]: how long to think, from a seat's clock or a move time ([`Budget`], [`Plan`]);
//! - [`server`]: the loop that answers commands, with the search in its own thread so that
//!   `stop`, `isready` and `quit` are answered while it runs.

pub mod command;
pub mod server;
pub mod timeman;

pub use command::{parse, Command, Go, LineError, Query, Start};
pub use server::Server;
pub use timeman::{plan, Budget, Plan, SeatClock};
