//! What every command shares: the game and position arguments, loading a state, output and the
//! one-line error.

use std::fmt;
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use clap::Args;
use tabula::error::escape_controls;
use tabula::games::GameKind;
use tabula::{Error, Game, GameOptions, OptionSpec};

/// A failed command: one line for stderr.
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape_controls(&self.0))
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
pub fn clap_exit(e: clap::Error, root: &clap::Command) -> ExitCode {
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
            // The help to point to: the subcommand's, named by clap's usage line, else by the
            // subcommands the arguments name (a bad value has no usage line).
            let mut command = command_path(root);
            for line in text.lines() {
                let line = line.trim();
                if let Some(usage) = line.strip_prefix("Usage:") {
                    let words: Vec<&str> = usage
                        .split_whitespace()
                        .take_while(|w| !w.starts_with(['[', '<', '-']))
                        .collect();
                    if words.first() == Some(&"tabula") {
                        command = words.join(" ");
                    }
                    break;
                }
                if line.starts_with("For more information") {
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
            eprintln!("tabula: {first} (see {command} --help)");
            ExitCode::from(2)
        }
    }
}

/// The subcommands the command line names, from the start (`tabula perft`), for a message to
/// point to their help.
fn command_path(root: &clap::Command) -> String {
    let mut path = vec![root.get_name().to_string()];
    let mut command = root;
    for word in std::env::args_os().skip(1) {
        match word.to_str().and_then(|w| command.find_subcommand(w)) {
            Some(sub) => {
                path.push(sub.get_name().to_string());
                command = sub;
            }
            None => break,
        }
    }
    path.join(" ")
}

/// The game, its options and an optional position: the first arguments of most commands.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game: onitama, checkers, senet, bigbang or amidakuji.
    pub game: String,
    /// A position in the game's notation (default: the start position). Quote it.
    pub position: Option<String>,
    /// Read the position from FILE, written by another program in FORMAT (Onitama: `litama`,
    /// the JSON of the Litama server's `state` message).
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"], conflicts_with = "position")]
    pub from: Option<Vec<String>>,
    #[command(flatten)]
    pub options: OptionArgs,
    #[command(flatten)]
    pub line: LineArgs,
}

/// `--moves "m1 m2 ..."`: moves played from the position before the command looks at it.
#[derive(Args, Debug, Clone, Default)]
pub struct LineArgs {
    /// Moves to play from the position first, in the game's notation, separated by spaces;
    /// chance outcomes (Senet throws, Big Bang coins) are moves too. Quote the list.
    #[arg(long = "moves", value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
}

impl LineArgs {
    /// The position after the moves (the position itself when there are none); the first move
    /// that cannot be played is named with its index and the position it was tried in.
    pub fn apply<G: Game>(&self, state: G) -> Result<G, Error> {
        match &self.moves {
            None => Ok(state),
            Some(line) => Ok(tabula::line::play_line(&state, line)?),
        }
    }
}

/// Game options: `-O key=value` (repeatable), and `--key` for every option a registered game
/// declares. The `--key` flags are not written here: [`with_game_flags`] adds them to each
/// command from the games' own option specs, so a new game's options need no CLI change.
#[derive(Debug, Clone, Default)]
pub struct OptionArgs {
    /// `--key` flags given (key, value), then the raw `-O` texts.
    flags: Vec<(&'static str, String)>,
    extra: Vec<String>,
}

/// The argument id of the `-O` option; a command that has it gets the game flags too.
const EXTRA_ID: &str = "option";

/// One game option as a command-line flag: its spec, the games that have it, and its argument
/// id (`game-option-KEY`, apart from the commands' own ids).
struct GameFlag {
    spec: OptionSpec,
    games: Vec<&'static str>,
    id: &'static str,
}

/// Every option any registered game declares, once each by name. Built once per process (clap
/// wants `'static` ids, so each id string is made once and kept).
fn game_options() -> &'static [GameFlag] {
    static FLAGS: std::sync::OnceLock<Vec<GameFlag>> = std::sync::OnceLock::new();
    FLAGS.get_or_init(|| {
        let mut all: Vec<GameFlag> = Vec::new();
        for &kind in GameKind::ALL {
            for spec in kind.option_specs() {
                match all.iter_mut().find(|f| f.spec.name == spec.name) {
                    Some(flag) => flag.games.push(kind.name()),
                    None => all.push(GameFlag {
                        spec: *spec,
                        games: vec![kind.name()],
                        id: Box::leak(format!("game-option-{}", spec.name).into_boxed_str()),
                    }),
                }
            }
        }
        all
    })
}

/// Adds a `--key` flag for every game option to each command (at any depth) that takes `-O`,
/// unless the command already has a flag of that name (`play --seed` is the game's seed). Under
/// a game's own command (`bigbang penalty`, `senet solve`) only that game's options are offered:
/// the others would be listed in its help and then refused.
pub fn with_game_flags(cmd: clap::Command) -> clap::Command {
    with_flags_of(cmd, None)
}

fn with_flags_of(mut cmd: clap::Command, game: Option<&'static str>) -> clap::Command {
    if cmd.get_arguments().any(|a| a.get_id() == EXTRA_ID) {
        for GameFlag { spec, games, id } in game_options() {
            if cmd.get_arguments().any(|a| a.get_long() == Some(spec.name))
                || game.is_some_and(|g| !games.contains(&g))
            {
                continue;
            }
            let all_games = games.len() == GameKind::ALL.len();
            let help = if all_games || game.is_some() {
                spec.help.to_string()
            } else {
                format!("{}: {}", games.join(", "), spec.help)
            };
            let arg = clap::Arg::new(*id)
                .long(spec.name)
                .help(help)
                .help_heading("Game options");
            cmd = cmd.arg(if spec.value.is_empty() {
                arg.action(clap::ArgAction::SetTrue)
            } else {
                arg.value_name(spec.value)
            });
        }
    }
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    for name in names {
        let game = game.or_else(|| GameKind::from_name(&name).ok().map(|k| k.name()));
        cmd = cmd.mut_subcommand(name, |sub| with_flags_of(sub, game));
    }
    cmd
}

impl clap::FromArgMatches for OptionArgs {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let mut args = OptionArgs::default();
        args.update_from_arg_matches(matches)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        for GameFlag { spec, id, .. } in game_options() {
            // An id the command does not have is an error here: the flag was not offered.
            if spec.value.is_empty() {
                if let Ok(Some(true)) = matches.try_get_one::<bool>(id) {
                    self.flags.push((spec.name, "true".to_string()));
                }
            } else if let Ok(Some(v)) = matches.try_get_one::<String>(id) {
                self.flags.push((spec.name, v.clone()));
            }
        }
        if let Ok(Some(values)) = matches.try_get_many::<String>(EXTRA_ID) {
            self.extra.extend(values.cloned());
        }
        Ok(())
    }
}

impl clap::Args for OptionArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.arg(
            clap::Arg::new(EXTRA_ID)
                .short('O')
                .long("option")
                .value_name("KEY=VALUE")
                .action(clap::ArgAction::Append)
                .help("Any game option as key=value (repeatable); `tabula games` lists them")
                .help_heading("Game options"),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl OptionArgs {
    /// The same settings with a command's own flag for game option `key` (`start --seed`),
    /// checked against the others as the game flags are.
    pub fn with_flag(mut self, key: &'static str, value: String) -> Self {
        self.flags.push((key, value));
        self
    }

    /// The flags and `-O` settings as game options. One option given twice with different
    /// values (`--players 4 -O players=3`) is refused: neither can be the one meant.
    pub fn to_options(&self) -> Result<GameOptions, Error> {
        let mut o = GameOptions::new();
        let mut given: Vec<(String, String)> = Vec::new();
        for (k, v) in &self.flags {
            let flag = if v == "true" {
                format!("--{k}")
            } else {
                format!("--{k} {v}")
            };
            set_once(&mut o, &mut given, k, v, flag)?;
        }
        for kv in &self.extra {
            let Some((k, v)) = kv.split_once('=') else {
                return Err(Error::option(format!(
                    "-O '{kv}' is not of the form key=value"
                )));
            };
            let (k, v) = (k.trim(), v.trim());
            set_once(&mut o, &mut given, k, v, format!("-O {k}={v}"))?;
        }
        Ok(o)
    }
}

/// Sets option `key` to `value` (given on the command line as `how`), unless an earlier
/// setting in `given` gave it another value.
fn set_once(
    o: &mut GameOptions,
    given: &mut Vec<(String, String)>,
    key: &str,
    value: &str,
    how: String,
) -> Result<(), Error> {
    if o.get(key).is_some_and(|v| v != value) {
        let first = given
            .iter()
            .find(|(k, _)| k == key)
            .map_or(String::new(), |(_, h)| h.clone());
        return Err(Error::option(format!(
            "{first} and {how} disagree on the option '{key}': give one"
        )));
    }
    o.set(key, value);
    given.push((key.to_string(), how));
    Ok(())
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
        let state = match (&self.position, self.from.as_deref()) {
            (_, Some([format, file])) => {
                // A position file from another program is small; 1 MB is far above any.
                let what = format!("--from {format}");
                let text = tabula::files::read_small(Path::new(file), 1 << 20, &what)?;
                G::from_foreign(format, &text, &options).map_err(|e| {
                    if e.kind == tabula::ErrorKind::File {
                        Error::file(format!("'{file}': {}", e.message))
                    } else {
                        e
                    }
                })?
            }
            (Some(text), _) => G::from_notation(text, &options)?,
            _ => G::start(&options)?,
        };
        self.line.apply(state)
    }
}

/// `--svg FILE`: a picture of the position written as SVG.
#[derive(Args, Debug, Clone, Default)]
pub struct SvgArgs {
    /// Write a picture of the position to FILE as SVG (replacing the file), with the move the
    /// command found drawn as an arrow.
    #[arg(long = "svg", value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
}

impl SvgArgs {
    /// Refuses a `--svg` file that could not be written, before the search that would draw it.
    pub fn check(&self) -> Result<(), CliError> {
        if let Some(path) = &self.svg {
            tabula::files::check_writable(path)?;
        }
        Ok(())
    }

    /// Writes the picture of `state` with `highlight` (a move legal there), if `--svg` was given;
    /// an existing picture is replaced, as a picture is output, not data.
    pub fn write<G: Game>(&self, state: &G, highlight: Option<G::Move>) -> Result<(), CliError> {
        let Some(path) = &self.svg else {
            return Ok(());
        };
        // A picture is replaced whole or not at all (a killed run leaves the old one).
        let svg = state.svg(highlight);
        tabula::files::write_atomically(path, |f| std::io::Write::write_all(f, svg.as_bytes()))?;
        Ok(())
    }
}

/// `--show` and `--show-line`: the board a line leads to, for a person to follow it.
#[derive(Args, Debug, Clone, Default)]
pub struct ShowArgs {
    /// Draw the board at the end of the line found (the principal variation or the proof);
    /// not with --json, whose line gives the moves (`show --moves` draws them)
    #[arg(long, conflicts_with = "json")]
    pub show: bool,
    /// Draw the board after every move of the line found; not with --json
    #[arg(long = "show-line", conflicts_with = "json")]
    pub show_line: bool,
}

impl ShowArgs {
    /// Prints the boards `line` (moves in the game's notation, from `state`) leads to, as the
    /// flags ask; nothing without them or with `--json`.
    pub fn print<G: Game>(&self, state: &G, line: &[G::Move], json: bool) {
        if json || !(self.show || self.show_line) {
            return;
        }
        let mut s = state.clone();
        for (i, &m) in line.iter().enumerate() {
            let text = s.move_notation(m);
            s.play(m);
            if self.show_line {
                println!("\nafter {}. {text}:\n{}", i + 1, s.render().trim_end());
            }
        }
        if self.show && !self.show_line {
            println!(
                "\nafter the line ({}):\n{}",
                tabula::analysis::explain::plies(line.len() as u32),
                s.render().trim_end()
            );
        }
        // The position the line ends in, to copy into another command (as `tabula show`).
        println!("{}", s.notation());
    }
}

/// The refusal of a command that needs a move to make or a value to find in a finished game,
/// saying how the game ended (`blue's master captured`), the same for every command and game.
pub fn game_over<G: Game>(state: &G) -> CliError {
    match state.end_reason() {
        Some(how) => CliError(format!(
            "cannot do that: the game is over in this position ({how})"
        )),
        None => CliError("cannot do that: the game is over in this position".into()),
    }
}

/// Whether progress bars may be drawn: stderr is a terminal and the output is for people.
pub fn show_progress(json: bool) -> bool {
    !json && std::io::stderr().is_terminal()
}

/// A search score as JSON, as every command writes one: `{"win_in": N}`, `{"loss_in": N}` or
/// `{"value": V}`.
pub fn score_json(score: tabula::search::Score) -> serde_json::Value {
    outcome_json(score.outcome())
}

/// A score's meaning as JSON, in [`score_json`]'s shape.
pub fn outcome_json(outcome: tabula::search::Outcome) -> serde_json::Value {
    use tabula::search::Outcome;
    match outcome {
        Outcome::Win(n) => serde_json::json!({"win_in": n}),
        Outcome::Loss(n) => serde_json::json!({"loss_in": n}),
        Outcome::Value(v) => serde_json::json!({"value": v}),
    }
}

/// `answer` (a JSON object) with the game's name and the position it answers for (`game`,
/// `position`), as `start`, `show` and `moves` give them: with `--moves` the position searched
/// is not the one typed.
pub fn about<G: tabula::Game>(state: &G, mut answer: serde_json::Value) -> serde_json::Value {
    if let Some(object) = answer.as_object_mut() {
        object.insert("game".into(), G::NAME.into());
        object.insert("position".into(), state.notation().into());
    }
    answer
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
