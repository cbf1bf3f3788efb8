//! `tabula`: the command line. It parses arguments, calls the engine and prints; it holds no game
//! logic of its own.

mod common;
mod explore;
mod onitama;
mod perft;
mod search;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use common::CliError;

/// Game-playing engines and analysis for Onitama, capture checkers, Senet, Big Bang and
/// Amidakuji bridges.
#[derive(Parser, Debug)]
#[command(name = "tabula", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games and the options each understands.
    Games(explore::GamesArgs),
    /// Print the start position of a game.
    Start(explore::StartArgs),
    /// Draw a position for a person.
    Show(explore::ShowArgs),
    /// List the legal moves (or chance outcomes) of a position.
    Moves(explore::MovesArgs),
    /// Count the leaves of the move tree to a depth (move-generator check and speed).
    Perft(perft::PerftArgs),
    /// Onitama analysis: deal survey, endgame tablebases, prover.
    Onitama(onitama::OnitamaArgs),
    /// The best move of a position (alpha-beta or MCTS), with score and principal variation.
    Best(search::BestArgs),
    /// The exact value of a position (win, loss, draw in so many plies) and a line proving it.
    Solve(search::SolveArgs),
    /// Fixed positions at a fixed depth on one thread: `N nodes M nps` (a search fingerprint).
    Bench(search::BenchArgs),
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Games(a) => explore::games(a),
        Command::Start(a) => explore::start(a),
        Command::Show(a) => explore::show(a),
        Command::Moves(a) => explore::moves(a),
        Command::Perft(a) => perft::perft(a),
        Command::Onitama(a) => onitama::onitama(a),
        Command::Best(a) => search::best(a),
        Command::Solve(a) => search::solve(a),
        Command::Bench(a) => search::bench(a),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return common::clap_exit(e),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tabula: {e}");
            ExitCode::from(2)
        }
    }
}
