//! `tabula play`: one game between bots, printed move by move with the board, then the result.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use serde_json::{json, Value};
use tabula::agent::{Agent, EngineSpec, TimeControl};
use tabula::arena::config::DEFAULT_MARGIN_MS;
use tabula::arena::record::describe_ending;
use tabula::arena::referee::MoveReport;
use tabula::arena::{play_game, Played, SeatTime, TimeRules};
use tabula::games::GameKind;
use tabula::protocol::{LogTag, TrafficLog};
use tabula::random::{derive_seed, rng};
use tabula::{protocol, with_game, Error, Game, GameOptions, Turn};

use crate::arena::emit;
use crate::common::{print_json, CliError, LineArgs, OptionArgs};

/// Arguments of `tabula play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game: onitama, checkers, senet, bigbang or amidakuji.
    pub game: String,
    /// The start position in the game's notation (default: the start, dealt from --seed). Quote it.
    pub position: Option<String>,
    #[command(flatten)]
    pub line: LineArgs,
    /// One engine spec per seat, in seat order (random, greedy, alphabeta:depth=4, ...).
    #[arg(long = "engine", value_name = "SPEC", required = true)]
    pub engines: Vec<String>,
    /// The seed of the deal, the bots and chance (default 1), as in `tabula arena`.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The clock of every engine whose spec sets no limit of its own: BASE+INC in seconds.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<String>,
    /// Append every line sent to and read from engine programs, and their stderr, to FILE (as
    /// `tabula arena --log` does; the game is numbered 0).
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    #[command(flatten)]
    pub options: OptionArgs,
    /// Machine-readable output: the moves and the result, no boards.
    #[arg(long)]
    pub json: bool,
}

pub fn play(args: PlayArgs) -> Result<(), CliError> {
    let kind = GameKind::from_name(&args.game)?;
    let options = args.options.to_options()?;
    with_game!(kind, G => {
        options.check_known(G::NAME, G::option_specs())?;
        let start: G = match &args.position {
            Some(text) => G::from_notation(text, &options)?,
            None => {
                // Deal from --seed unless the options fix the start (Onitama's --cards).
                let seeded = options.clone().with("seed", &args.seed.to_string());
                let knows_seed = G::option_specs().iter().any(|o| o.name == "seed");
                match G::start(&seeded) {
                    Ok(s) if knows_seed && options.get("seed").is_none() => s,
                    _ => G::start(&options)?,
                }
            }
        };
        let start = args.line.apply(start)?;
        play_one(start, &args, &options)
    })
}

/// Each seat's clock and move time (see [`SeatTime::for_spec`]).
fn time_rules(specs: &[EngineSpec], tc: Option<TimeControl>) -> Result<TimeRules, Error> {
    Ok(TimeRules {
        seats: specs
            .iter()
            .map(|spec| SeatTime::for_spec(spec, tc))
            .collect::<Result<_, _>>()?,
        margin: Duration::from_millis(DEFAULT_MARGIN_MS),
    })
}

/// Plays one game between `args`'s engines from `start`, each move printed as it is played
/// (or the whole game as JSON at the end).
fn play_one<G: Game>(start: G, args: &PlayArgs, options: &GameOptions) -> Result<(), CliError> {
    let log = args
        .log
        .as_deref()
        .map(|path| TrafficLog::open(path).map(Arc::new))
        .transpose()?;
    let result = play_logged(start, args, options, log.clone());
    crate::arena::finish_log(log.as_deref(), result)
}

/// [`play_one`] with its traffic log open; the engines have quit when it returns.
fn play_logged<G: Game>(
    start: G,
    args: &PlayArgs,
    options: &GameOptions,
    log: Option<Arc<TrafficLog>>,
) -> Result<(), CliError> {
    let players = start.players();
    if args.engines.len() != players {
        return Err(Error::option(format!(
            "{} has {players} seats: give {players} engines with --engine (got {})",
            G::NAME,
            args.engines.len()
        ))
        .into());
    }
    let (mut agents, rules) = seat_agents::<G>(args, options, log)?;
    let names: Vec<String> = agents.iter().map(|a| a.name().to_string()).collect();
    let opening = start.notation();
    if !args.json {
        for (seat, name) in names.iter().enumerate() {
            emit(&format!("{}: {name}\n", start.seat_name(seat)))?;
        }
        emit("\n")?;
        print_board(&start)?;
    }
    let mut chance = rng(derive_seed(args.seed, 0));
    let mut log = MoveLog::default();
    let json = args.json;
    let played = play_game(start, &mut agents, &mut chance, &rules, |h, mv, report| {
        let state = h.state();
        let text = state.move_notation(mv);
        if !json {
            // Output errors other than a closed pipe resurface at the final line.
            let _ = print_move(state, h.plies(), mv, &text, &names);
        }
        log.add(text, report);
    });
    if json {
        return print_json(&game_json(
            &played, args, options, &opening, &names, &rules, log,
        ));
    }
    emit(&format!(
        "result: {} after {} plies\n",
        verdict(&played, &names),
        played.game.plies()
    ))
}

/// The moves of a game as played, with what each bot said of its move.
#[derive(Default)]
struct MoveLog {
    moves: Vec<String>,
    move_ms: Vec<Option<f64>>,
    scores: Vec<Option<String>>,
    depths: Vec<Option<u32>>,
}

impl MoveLog {
    /// Notes the move written `text` and its bot's report.
    fn add(&mut self, text: String, report: &MoveReport) {
        self.move_ms
            .push(report.ms.map(|ms| (ms * 1000.0).round() / 1000.0));
        self.scores.push(report.score.clone());
        self.depths.push(report.depth);
        self.moves.push(text);
    }
}

/// Prints move `mv` (written `text`), played in `state` at ply `plies`, and the board after it.
fn print_move<G: Game>(
    state: &G,
    plies: u32,
    mv: G::Move,
    text: &str,
    names: &[String],
) -> Result<(), CliError> {
    let line = match state.turn() {
        Turn::Player(seat) => format!(
            "{}. {} ({}): {text}\n",
            plies + 1,
            state.seat_name(seat),
            names[seat]
        ),
        _ => format!("chance: {text}\n"),
    };
    let mut next = state.clone();
    next.play(mv);
    emit(&line).and_then(|()| print_board(&next))
}

/// The JSON record of a game played from `opening`.
fn game_json<G: Game>(
    played: &Played<G>,
    args: &PlayArgs,
    options: &GameOptions,
    opening: &str,
    names: &[String],
    rules: &TimeRules,
    log: MoveLog,
) -> Value {
    json!({
        "game": G::NAME,
        "seed": args.seed,
        "start": opening,
        "engines": names,
        "options": options.iter().collect::<std::collections::BTreeMap<_, _>>(),
        "clocks": rules.seats.iter().map(|s| s.tc).collect::<Vec<_>>(),
        "moves": log.moves,
        "move_ms": log.move_ms,
        "scores": log.scores,
        "depths": log.depths,
        "result": played.payoffs.as_slice(),
        "ending": played.ending,
        "error": played.fault.as_ref().map(|(_, f)| f.to_string()),
        "failed_seat": played.fault.as_ref().map(|(s, _)| s),
        "plies": played.game.plies(),
        "final": played.game.state().notation(),
        "verdict": verdict(played, names),
    })
}

/// One bot per seat.
type Seats<G> = Vec<Box<dyn Agent<G>>>;

/// Each seat's bot (engine programs checked to start first) and the time rules of the game.
fn seat_agents<G: Game>(
    args: &PlayArgs,
    options: &GameOptions,
    log: Option<Arc<TrafficLog>>,
) -> Result<(Seats<G>, TimeRules), CliError> {
    let specs = args
        .engines
        .iter()
        .map(|text| EngineSpec::parse(text))
        .collect::<Result<Vec<_>, _>>()?;
    let tc = args.tc.as_deref().map(TimeControl::parse).transpose()?;
    let rules = time_rules(&specs, tc)?;
    let mut agents = Vec::new();
    for (seat, spec) in specs.iter().enumerate() {
        protocol::check_starts(spec)?;
        let seed = derive_seed(args.seed, 1 + seat as u64);
        let tag = log.as_ref().map(|log| LogTag {
            log: Arc::clone(log),
            game: 0,
            seat,
            engine: spec.display_name(),
        });
        agents.push(protocol::build::<G>(spec, seed, options, tag, None)?);
    }
    Ok((agents, rules))
}

/// The result in words, as arena records give it (`red wins: blue's master captured`), with
/// the engine of each seat and the fault's own text.
fn verdict<G: Game>(played: &Played<G>, names: &[String]) -> String {
    let (game, payoffs) = (&played.game, played.payoffs);
    let state = game.state();
    let seat_names: Vec<String> = (0..payoffs.players())
        .map(|s| format!("{} ({})", state.seat_name(s), names[s]))
        .collect();
    let reason = state.end_reason();
    let words = describe_ending(
        &seat_names,
        payoffs.as_slice(),
        played.ending,
        played.fault.as_ref().map(|(s, _)| *s),
        game.plies(),
        reason.as_deref(),
    );
    match &played.fault {
        Some((_, fault)) => format!("{words} ({fault})"),
        None => words,
    }
}

fn print_board<G: Game>(state: &G) -> Result<(), CliError> {
    let mut drawing = state.render();
    if !drawing.ends_with('\n') {
        drawing.push('\n');
    }
    emit(&format!("{drawing}{}\n\n", state.notation()))
}
