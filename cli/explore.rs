//! The commands that look at a game without searching: `games`, `start`, `show`, `moves`.

use clap::Args;
use serde_json::json;
use tabula::games::GameKind;
use tabula::{with_game, Game, Turn};

use crate::common::{print_json, CliError, GameArgs, OptionArgs, SvgArgs};

/// Arguments of `tabula games`.
#[derive(Args, Debug)]
pub struct GamesArgs {
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `tabula start`.
#[derive(Args, Debug)]
pub struct StartArgs {
    /// The game.
    pub game: String,
    #[command(flatten)]
    pub options: OptionArgs,
    /// Onitama: deal the five cards at random from this seed.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `tabula show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub svg: SvgArgs,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `tabula moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

pub fn games(args: GamesArgs) -> Result<(), CliError> {
    let mut list = Vec::new();
    for kind in GameKind::ALL {
        let entry: Result<serde_json::Value, CliError> = with_game!(kind, G => {
            let options: Vec<_> = G::option_specs()
                .iter()
                .map(|o| json!({"name": o.name, "help": o.help, "default": o.default}))
                .collect();
            Ok(json!({"name": G::NAME, "summary": G::SUMMARY, "options": options}))
        });
        list.push(entry?);
    }
    if args.json {
        return print_json(&json!(list));
    }
    for g in &list {
        println!(
            "{:<10} {}",
            g["name"].as_str().unwrap_or(""),
            g["summary"].as_str().unwrap_or("")
        );
        for o in g["options"].as_array().into_iter().flatten() {
            let default = o["default"].as_str().unwrap_or("");
            let default = if default.is_empty() {
                String::new()
            } else {
                format!(" (default {default})")
            };
            println!(
                "    {:<12} {}{}",
                o["name"].as_str().unwrap_or(""),
                o["help"].as_str().unwrap_or(""),
                default
            );
        }
    }
    Ok(())
}

pub fn start(args: StartArgs) -> Result<(), CliError> {
    let kind = GameKind::from_name(&args.game)?;
    let options = match args.seed {
        Some(seed) => args.options.with_flag("seed", seed.to_string()),
        None => args.options,
    }
    .to_options()?;
    with_game!(kind, G => {
        options.check_known(G::NAME, G::option_specs())?;
        let state = G::start(&options)?;
        if args.json {
            print_json(&json!({"game": G::NAME, "position": state.notation()}))
        } else {
            println!("{}", state.notation());
            Ok(())
        }
    })
}

pub fn show(args: ShowArgs) -> Result<(), CliError> {
    let kind = args.game.kind()?;
    with_game!(kind, G => {
        let state: G = args.game.load()?;
        args.svg.write(&state, None)?;
        if args.json {
            print_json(&json!({
                "game": G::NAME,
                "position": state.notation(),
                "turn": turn_json(&state),
                "drawing": state.render(),
            }))
        } else {
            print!("{}", state.render());
            if !state.render().ends_with('\n') {
                println!();
            }
            println!("{}", state.notation());
            Ok(())
        }
    })
}

/// The turn as JSON: a seat with its name, "chance" or "terminal" with payoffs.
pub fn turn_json<G: Game>(state: &G) -> serde_json::Value {
    match state.turn() {
        Turn::Player(p) => json!({"to_move": p, "name": state.seat_name(p)}),
        Turn::Chance => json!("chance"),
        Turn::Terminal => json!({"terminal": state.payoffs().as_slice()}),
    }
}

pub fn moves(args: MovesArgs) -> Result<(), CliError> {
    let kind = args.game.kind()?;
    with_game!(kind, G => {
        let state: G = args.game.load()?;
        let mut moves = Vec::new();
        let mut outcomes = Vec::new();
        state.legal_moves(&mut moves);
        state.chance_outcomes(&mut outcomes);
        if args.json {
            let list: Vec<_> = moves.iter().map(|&m| json!(state.move_notation(m))).collect();
            let chance: Vec<_> = outcomes
                .iter()
                .map(|&(m, p)| json!({"outcome": state.move_notation(m), "probability": p.value(), "exact": p.to_string()}))
                .collect();
            print_json(&json!({"game": G::NAME, "position": state.notation(), "turn": turn_json(&state), "moves": list, "chance": chance}))
        } else {
            match state.turn() {
                Turn::Terminal => println!("no moves: the game is over"),
                Turn::Chance => {
                    for (m, p) in outcomes {
                        println!("{} {}", state.move_notation(m), p);
                    }
                }
                Turn::Player(_) => {
                    for m in moves {
                        println!("{}", state.move_notation(m));
                    }
                }
            }
            Ok(())
        }
    })
}
