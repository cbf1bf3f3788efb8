//! A game as it is played: the state, the moves so far, and the draws that need the past
//! (repetition, ply limit), which a single state cannot see. Used by `play`, the arena and the
//! random-game tests.

use ahash::AHashMap;

use crate::game::{Game, Payoffs, Turn};

/// Why a played game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// The rules ended it (a win, a loss, or a draw the rules define).
    Rules,
    /// The same position occurred the game's repetition limit of times.
    Repetition,
    /// The ply limit was reached.
    PlyLimit,
}

/// A played game: the current state, the moves and chance outcomes that led to it, and how often
/// each position has occurred.
#[derive(Clone, Debug)]
pub struct History<G: Game> {
    start: G,
    state: G,
    moves: Vec<G::Move>,
    plies: u32,
    seen: AHashMap<u64, u32>,
    hashes: Vec<u64>,
    repeated: bool,
}

impl<G: Game> History<G> {
    /// A game starting from `start`.
    pub fn new(start: G) -> Self {
        let mut seen = AHashMap::new();
        seen.insert(start.hash(), 1);
        History {
            start: start.clone(),
            state: start,
            moves: Vec::new(),
            plies: 0,
            seen,
            hashes: Vec::new(),
            repeated: false,
        }
    }

    /// The position the game started from (a referee sends it with the moves since).
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The current position.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// Every move and chance outcome played so far, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Player moves made so far (chance outcomes are not plies).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Plays a legal move or chance outcome.
    pub fn play(&mut self, mv: G::Move) {
        if matches!(self.state.turn(), Turn::Player(_)) {
            self.plies += 1;
        }
        self.hashes.push(self.state.hash());
        self.state.play(mv);
        self.moves.push(mv);
        let count = self.seen.entry(self.state.hash()).or_insert(0);
        *count += 1;
        if let Some(limit) = self.state.repetition_limit() {
            if *count >= limit {
                self.repeated = true;
            }
        }
    }

    /// The hashes of the positions before the current one, oldest first: what a searcher needs
    /// to see repetitions that reach back before its root.
    pub fn earlier_hashes(&self) -> &[u64] {
        &self.hashes
    }

    /// How many times the current position has occurred in this game.
    pub fn occurrences(&self) -> u32 {
        self.seen.get(&self.state.hash()).copied().unwrap_or(0)
    }

    /// Whether the game is over, and if so its payoffs and why it ended.
    pub fn outcome(&self) -> Option<(Payoffs, Ending)> {
        if self.state.turn() == Turn::Terminal {
            return Some((self.state.payoffs(), Ending::Rules));
        }
        let players = self.state.players();
        if self.repeated {
            return Some((Payoffs::draw(players), Ending::Repetition));
        }
        if self.plies >= self.state.ply_limit() {
            return Some((Payoffs::draw(players), Ending::PlyLimit));
        }
        None
    }
}
