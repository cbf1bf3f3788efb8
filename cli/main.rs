//! `tabula`: the command line. It parses arguments, calls the engine and prints; it holds no game
//! logic of its own.

mod amidakuji;
mod arena;
mod bigbang;
mod chain;
mod common;
mod explore;
mod onitama;
mod perft;
mod play;
mod replay;
mod search;
mod senet;
mod ugi;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

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
    /// Play a bot-vs-bot tournament (`tabula arena merge FILES` combines shard files).
    Arena(arena::ArenaArgs),
    /// Play one game between bots, move by move.
    Play(play::PlayArgs),
    /// Step through a recorded game (arena record or `play --json` output), position by position.
    Replay(replay::ReplayArgs),
    /// The best move of a position (alpha-beta or MCTS), with score and principal variation.
    Best(search::BestArgs),
    /// The exact value of a position (win, loss, draw in so many plies) and a line proving it.
    Solve(search::SolveArgs),
    /// Fixed positions at a fixed depth on one thread: `N nodes M nps` (a search fingerprint).
    Bench(search::BenchArgs),
    /// Capture checkers: the longest capture chain, or the best solitaire line (--solitaire).
    Chain(chain::ChainArgs),
    /// Onitama analysis: deal survey, endgame tablebases, prover.
    Onitama(onitama::OnitamaArgs),
    /// Senet tools: `tabula senet solve POSITION` solves an endgame exactly; `tabula senet train`
    /// learns the evaluation by self-play.
    Senet(senet::SenetArgs),
    /// Big Bang analysis: the loser's penalty.
    Bigbang(bigbang::BigBangArgs),
    /// Amidakuji only: the one-player puzzle solver.
    Amidakuji(amidakuji::AmidakujiArgs),
    /// Serve a bot to a referee over the engine protocol (UGI) on stdin and stdout.
    Ugi(ugi::UgiArgs),
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Games(a) => explore::games(a),
        Command::Start(a) => explore::start(a),
        Command::Show(a) => explore::show(a),
        Command::Moves(a) => explore::moves(a),
        Command::Perft(a) => perft::perft(a),
        Command::Arena(a) => arena::arena(a),
        Command::Play(a) => play::play(a),
        Command::Replay(a) => replay::replay_command(a),
        Command::Best(a) => search::best(a),
        Command::Solve(a) => search::solve(a),
        Command::Bench(a) => search::bench(a),
        Command::Chain(a) => chain::chain(a),
        Command::Onitama(a) => onitama::onitama(a),
        Command::Senet(a) => senet::senet(a),
        Command::Bigbang(a) => bigbang::bigbang(a),
        Command::Amidakuji(a) => amidakuji::run(a),
        Command::Ugi(a) => ugi::ugi(a),
    }
}

/// Output that cannot be written is not a crash. A closed pipe (`tabula moves ... | head`) ends
/// quietly, as Unix tools do; any other failure to write stdout (a full disk: `tabula games >
/// /dev/full`) prints one line and exits with code 2. `println!` reports both by panicking, so
/// the hook turns those panics into exits; every other panic keeps the default report.
fn clean_exit_on_output_errors() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(cause) = message.strip_prefix("failed printing to stdout: ") {
            if cause.contains("Broken pipe") {
                std::process::exit(141);
            }
            eprintln!("tabula: cannot write the output: {cause}");
            std::process::exit(2);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    clean_exit_on_output_errors();
    let mut command = common::with_game_flags(Cli::command());
    let cli = match command
        .try_get_matches_from_mut(std::env::args_os())
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => return common::clap_exit(e, &command),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tabula: {e}");
            ExitCode::from(2)
        }
    }
}
