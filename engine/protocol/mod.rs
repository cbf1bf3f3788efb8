//! The engine protocol (UGI: UCI with chess taken out), both ways: a [`Server`] that serves one
//! of the bots of [`crate::agent`] to a referee over a line-based text stream, as
//! `docs/protocol.md` says, and a [`UgiAgent`] that plays a seat by driving an engine program
//! (`tabula arena --engine ugi:...,cmd=...`), as `docs/protocol.md` says a referee does.
//!
//! This layer stands below [`crate::arena`] (which referees through it) and above
//! [`crate::agent`] and [`crate::search`]; it knows no game. Its parts:
//! - [`command`]: one referee line read into a typed [`Command`] (or a [`LineError`] that says
//!   what is wrong with it);
//! - [`timeman`]: how long to think, from a seat's clock or a move time ([`Budget`], [`Plan`]);
//! - [`server`]: the loop that answers commands, with the search in its own thread (one for the
//!   whole run, in `thinking`) so that `stop`, `isready` and `quit` are answered while it runs;
//!   `output` is the writer they share;
//! - [`client`]: an engine program's process, its pipes read on threads, every wait bounded;
//! - [`agent`]: `ugi:` specs and the bot that plays through a [`client::EngineProcess`];
//! - [`log`]: the traffic log of `tabula arena --log`.

pub mod agent;
pub mod client;
pub mod command;
pub mod log;
mod output;
pub mod server;
mod thinking;
pub mod timeman;

pub use agent::{build, check_starts, UgiAgent, UgiSpec, UGI_KIND};
pub use client::{parse_reply, EngineProcess, ProcessPool, Reply};
pub use command::{parse, Command, Go, LineError, Query, Start};
pub use log::{LogTag, TrafficLog};
pub use server::Server;
pub use timeman::{plan, Budget, Plan, SeatClock};
