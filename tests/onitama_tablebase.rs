//! Onitama tablebases: values against a plain bounded minimax written here (independent of the
//! builder), every position consistent with its children, the colour-swap symmetry, the file
//! round trip and bad input.

use std::collections::HashMap;

use tabula::analysis::onitama::cardset::CardSet;
use tabula::analysis::onitama::tablebase::{build, file, Tablebase, TbValue};
use tabula::games::onitama::Onitama;
use tabula::random::rng;
use tabula::{Game, GameOptions};

use rand::RngExt;

fn build_tb(cards: &str, pieces: usize) -> Tablebase {
    build(CardSet::parse(cards).unwrap(), pieces, 2, &|_| {}).unwrap()
}

/// A plain minimax bounded by depth: whether the side to move can force a win within `d` plies,
/// or is forced to lose within `d` plies. Memoised on (hash, depth, question).
struct Minimax {
    memo: HashMap<(u64, u32, bool), bool>,
}

impl Minimax {
    fn new() -> Self {
        Minimax {
            memo: HashMap::new(),
        }
    }

    fn children(s: &Onitama) -> Vec<Onitama> {
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let mut c = *s;
                c.play(m);
                c
            })
            .collect()
    }

    fn win_within(&mut self, s: &Onitama, d: u32) -> bool {
        if s.is_terminal() || d == 0 {
            return false;
        }
        if let Some(&v) = self.memo.get(&(s.hash(), d, true)) {
            return v;
        }
        let v = Self::children(s)
            .iter()
            .any(|c| c.is_terminal() || self.lose_within(c, d - 1));
        self.memo.insert((s.hash(), d, true), v);
        v
    }

    fn lose_within(&mut self, s: &Onitama, d: u32) -> bool {
        if s.is_terminal() {
            return true;
        }
        if d == 0 {
            return false;
        }
        if let Some(&v) = self.memo.get(&(s.hash(), d, false)) {
            return v;
        }
        let v = Self::children(s)
            .iter()
            .all(|c| !c.is_terminal() && self.win_within(c, d - 1));
        self.memo.insert((s.hash(), d, false), v);
        v
    }

    /// Checks a table value against minimax to depth `horizon`.
    fn check(&mut self, s: &Onitama, v: TbValue, horizon: u32) {
        let text = s.notation();
        match v {
            TbValue::Win(n) if n <= horizon => {
                assert!(self.win_within(s, n), "{text}: no win in {n}");
                assert!(
                    n < 2 || !self.win_within(s, n - 2),
                    "{text}: a win faster than {n}"
                );
            }
            TbValue::Loss(n) if n <= horizon => {
                assert!(self.lose_within(s, n), "{text}: not lost in {n}");
                assert!(
                    n < 2 || !self.lose_within(s, n - 2),
                    "{text}: lost faster than {n}"
                );
            }
            _ => {
                assert!(!self.win_within(s, horizon), "{text}: {v} but a win");
                assert!(!self.lose_within(s, horizon), "{text}: {v} but a loss");
            }
        }
    }
}

/// A random covered position (or none when the draw is terminal).
fn random_position(tb: &Tablebase, rng: &mut impl rand::Rng) -> Option<(Onitama, TbValue)> {
    let table = rng.random_range(0..tb.tables().len());
    let index = rng.random_range(0..tb.tables()[table].values.len);
    let s = tb.position_at(table, index)?;
    if s.is_terminal() {
        return None;
    }
    assert_eq!(tb.locate(&s), Some((table, index)));
    Some((s, tb.value_at(table, index)))
}

#[test]
fn four_pieces_agree_with_minimax_including_the_distance() {
    let tb = build_tb("tiger,crab,boar,ox,eel", 3);
    let mut r = rng(8);
    let mut mm = Minimax::new();
    let mut seen: HashMap<&str, u32> = HashMap::new();
    let mut checked = 0;
    while checked < 3000 {
        let Some((s, v)) = random_position(&tb, &mut r) else {
            continue;
        };
        mm.check(&s, v, 7);
        *seen
            .entry(match v {
                TbValue::Win(_) => "win",
                TbValue::Loss(_) => "loss",
                TbValue::Draw => "draw",
            })
            .or_default() += 1;
        checked += 1;
        if mm.memo.len() > 4_000_000 {
            mm.memo.clear();
        }
    }
    // The sample must exercise every kind of result, or the test proves little.
    assert!(seen.len() == 3, "{seen:?}");
}
