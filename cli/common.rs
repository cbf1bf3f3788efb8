//! What every command shares: the game and position arguments, loading a state, output and the
//! one-line error.

use std::fmt;
use std::io::IsTerminal;
use std::process::ExitCode;

use clap::Args;
use tabula::games::GameKind;
use tabula::{Error, Game, GameOptions};

/// A failed command: one line for stderr.
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<Error> for CliError {
    fn from(e: Error) -> Self {
        CliError(e.to_string())
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError(format!("i/o error: {e}"))
    }
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> Self {
        CliError(format!("json error: {e}"))
    }
}

/// Prints a clap parse failure as one line (help and version print in full) and picks the exit
/// code.
pub fn clap_exit(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        _ => {
            // Clap's message may continue on indented lines (the missing arguments): fold them
            // into the one line, and leave out the usage block.
            let text = e.render().to_string();
            let mut parts: Vec<&str> = Vec::new();
            for line in text.lines() {
                let line = line.trim();
                if line.starts_with("Usage:") || line.starts_with("For more information") {
                    break;
                }
                if !line.is_empty() {
                    parts.push(line);
                }
            }
            let joined = parts.join(" ");
            let first = if joined.is_empty() {
                "bad arguments"
            } else {
                joined.as_str()
            };
            let first = first.strip_prefix("error: ").unwrap_or(first);
            eprintln!("tabula: {first} (see tabula --help)");
            ExitCode::from(2)
        }
    }
}

/// The game, its options and an optional position: the first arguments of most commands.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game: onitama, checkers, senet, bigbang or amidakuji.
    pub game: String,
    /// A position in the game's notation (default: the start position). Quote it.
    pub position: Option<String>,
    #[command(flatten)]
    pub options: OptionArgs,
}

/// Game options as flags; each becomes a `key=value` game option.
#[derive(Args, Debug, Clone, Default)]
pub struct OptionArgs {
    /// Onitama: the five cards, Red's two, Blue's two, then the side card.
    #[arg(long, value_name = "C1,C2,C3,C4,C5")]
    pub cards: Option<String>,
    /// Capture checkers: the number of players (2 to 6).
    #[arg(long, value_name = "N")]
    pub players: Option<u32>,
    /// Capture checkers: allow long jumps.
    #[arg(long)]
    pub long: bool,
    /// Big Bang: a board map file.
    #[arg(long, value_name = "FILE")]
    pub board: Option<String>,
    /// Amidakuji: board size as COLUMNSxROWS (5x8, 6x8, ...).
    #[arg(long, value_name = "NxR")]
    pub size: Option<String>,
    /// Plies after which a played game is a draw.
    #[arg(long, value_name = "N")]
    pub ply_limit: Option<u32>,
    /// Any other game option, as key=value (repeatable).
    #[arg(short = 'O', long = "option", value_name = "KEY=VALUE")]
    pub extra: Vec<String>,
}

impl OptionArgs {
    /// The flags as game options.
    pub fn to_options(&self) -> Result<GameOptions, Error> {
        let mut o = GameOptions::new();
        if let Some(c) = &self.cards {
            o.set("cards", c);
        }
        if let Some(p) = self.players {
            o.set("players", &p.to_string());
        }
        if self.long {
            o.set("long", "true");
        }
        if let Some(b) = &self.board {
            o.set("board", b);
        }
        if let Some(s) = &self.size {
            o.set("size", s);
        }
        if let Some(p) = self.ply_limit {
            o.set("ply-limit", &p.to_string());
        }
        for kv in &self.extra {
            let Some((k, v)) = kv.split_once('=') else {
                return Err(Error::option(format!(
                    "-O '{kv}' is not of the form key=value"
                )));
            };
            o.set(k.trim(), v.trim());
        }
        Ok(o)
    }
}

impl GameArgs {
    /// The game named on the command line.
    pub fn kind(&self) -> Result<GameKind, Error> {
        GameKind::from_name(&self.game)
    }

    /// The position named on the command line, or the start position.
    pub fn load<G: Game>(&self) -> Result<G, Error> {
        let options = self.options.to_options()?;
        options.check_known(G::NAME, G::option_specs())?;
        match &self.position {
            Some(text) => G::from_notation(text, &options),
            None => G::start(&options),
        }
    }
}

/// Whether progress bars may be drawn: stderr is a terminal and the output is for people.
pub fn show_progress(json: bool) -> bool {
    !json && std::io::stderr().is_terminal()
}

/// Prints a JSON value on one line of stdout.
pub fn print_json(value: &serde_json::Value) -> Result<(), CliError> {
    println!("{}", serde_json::to_string(value)?);
    Ok(())
}

/// The moves of a line from `state` in the game's notation, each read in the position it is
/// played from.
pub fn move_line<G: tabula::Game>(state: &G, moves: &[G::Move]) -> Vec<String> {
    let mut s = state.clone();
    moves
        .iter()
        .map(|&m| {
            let text = s.move_notation(m);
            s.play(m);
            text
        })
        .collect()
}
