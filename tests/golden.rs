//! Golden playthroughs (OpenSpiel's practice): one seeded random game per game, stored as text
//! under `tests/data/golden/`, replayed and compared. Any change to the rules, the move order or
//! the notation shows as a diff here. After an intended change, regenerate the files with
//! `TABULA_UPDATE_GOLDEN=1 cargo test --test golden` and review the diff.

use std::fmt::Write as _;
use std::path::PathBuf;

use rand::RngExt;
use tabula::games::GameKind;
use tabula::history::History;
use tabula::random::rng;
use tabula::{with_game, Error, Game, GameOptions, Turn};

/// The game's start options for the golden game: seeded where the game deals or sets up.
fn options(kind: GameKind) -> GameOptions {
    match kind {
        GameKind::Onitama => GameOptions::new().with("seed", "7"),
        GameKind::Checkers => GameOptions::new().with("players", "3"),
        _ => GameOptions::new(),
    }
}

/// Plays the seeded random game and writes it as text: one line per move with the position after.
// The body is instantiated for every game; some game types are `Copy`, most are not.
#[allow(clippy::clone_on_copy)]
fn playthrough(kind: GameKind, seed: u64) -> Result<String, Error> {
    with_game!(kind, G => {
        let opts = options(kind);
        let start = G::start(&opts)?;
        let mut text = String::new();
        let _ = writeln!(text, "game {} seed {seed}", G::NAME);
        let _ = writeln!(text, "start {}", start.notation());
        let mut game = History::new(start);
        let mut r = rng(seed);
        let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
        while game.outcome().is_none() && game.plies() < 400 {
            let state = game.state().clone();
            moves.clear();
            outcomes.clear();
            state.legal_moves(&mut moves);
            state.chance_outcomes(&mut outcomes);
            let mv = match state.turn() {
                Turn::Player(_) => moves[r.random_range(0..moves.len())],
                Turn::Chance => outcomes[r.random_range(0..outcomes.len())].0,
                Turn::Terminal => unreachable!(),
            };
            game.play(mv);
            let _ = writeln!(text, "{} -> {}", state.move_notation(mv), game.state().notation());
        }
        match game.outcome() {
            Some((pay, ending)) => {
                let _ = writeln!(text, "result {:?} {:?}", pay.as_slice(), ending);
            }
            None => {
                let _ = writeln!(text, "stopped after {} plies", game.plies());
            }
        }
        Ok(text)
    })
}

#[test]
fn golden_playthroughs_replay_exactly() {
    let update = std::env::var_os("TABULA_UPDATE_GOLDEN").is_some();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden");
    for &kind in GameKind::ALL {
        let text = playthrough(kind, 2026).unwrap_or_else(|e| panic!("{}: {e}", kind.name()));
        let path = dir.join(format!("{}.txt", kind.name()));
        if update {
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        let stored = std::fs::read_to_string(&path).unwrap_or_else(|_| {
            panic!(
                "{} is missing: run with TABULA_UPDATE_GOLDEN=1",
                path.display()
            )
        });
        if stored != text {
            let line = stored
                .lines()
                .zip(text.lines())
                .position(|(a, b)| a != b)
                .map_or("the length".to_string(), |i| format!("line {}", i + 1));
            panic!(
                "{}: the playthrough differs from {} at {line}",
                kind.name(),
                path.display()
            );
        }
    }
}
