//! Senet positions for the tests: from square lists (no counting of dots) and from text.

#![allow(dead_code)]

use rand::RngExt;
use tabula::games::senet::Senet;
use tabula::{Game, GameOptions, Turn};

/// A position from square lists, so tests do not count dots: dark's squares, light's squares,
/// the side to move (`'D'`/`'L'`) and the throw (`"-"` or a value).
pub fn pos(dark: &[u8], light: &[u8], me: char, throw: &str) -> String {
    let mut cells = ['.'; 30];
    for &s in dark {
        cells[s as usize - 1] = 'D';
    }
    for &s in light {
        cells[s as usize - 1] = 'L';
    }
    format!("{} {me} {throw}", cells.iter().collect::<String>())
}

/// The position written `text` (a test's own input: a bad one fails the test, naming it).
pub fn state(text: &str) -> Senet {
    Senet::from_notation(text, &GameOptions::new()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays `games` random games from the start, each throw and move drawn uniformly from `rng`,
/// a game ending at its end or after `max_plies` moves; calls `at_throw` on every state where
/// the sticks are to be thrown.
pub fn random_games(
    rng: &mut impl rand::Rng,
    games: usize,
    max_plies: usize,
    mut at_throw: impl FnMut(&Senet),
) {
    let start = Senet::start(&GameOptions::new()).unwrap();
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..games {
        let mut s = start.clone();
        let mut plies = 0;
        while s.turn() != Turn::Terminal && plies < max_plies {
            if s.turn() == Turn::Chance {
                at_throw(&s);
                outcomes.clear();
                s.chance_outcomes(&mut outcomes);
                let (m, _) = outcomes[rng.random_range(0..outcomes.len())];
                s.play(m);
            } else {
                moves.clear();
                s.legal_moves(&mut moves);
                s.play(moves[rng.random_range(0..moves.len())]);
                plies += 1;
            }
        }
    }
}
