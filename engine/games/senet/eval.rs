//! The evaluation and move-ordering hints for Senet's searchers.
//!
//! [`evaluate`] is the chance to win of [`super::net`]'s network (or of [`super::learned`]'s
//! weighted sum, as the game option `eval` chooses). The board features of [`super::features`] are
//! among its inputs, and they make the hand-set heuristic it replaced ([`evaluate_with`]), which counts, for each colour: the race (squares still to travel, borne-off pieces
//! counting nothing), protected pieces (a piece with a friend on a neighbouring square cannot
//! be swapped), blockades (three in a row cannot be passed: worth more the more enemy pieces are
//! stuck behind), and pieces at risk (a lone piece an enemy piece a throw behind can swap back).
//! One square of race is worth 30 of its units ([`WEIGHTS`]), so a ten-square lead scores 300.

use super::board::{bit, other, Board, SQUARES};
use super::features::{blocked_behind, protected, race, risk};
use super::moves::Move;
use super::Senet;
use crate::game::EVAL_LIMIT;

/// The weights of the evaluation's features, so they can be fitted (see
/// `tests/senet_eval_fit.rs`); [`WEIGHTS`] are the ones the engine uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// One square of race.
    pub square: i32,
    /// A piece protected by a friend next to it.
    pub protected: i32,
    /// Each enemy piece stuck behind a row of three.
    pub blocked: i32,
    /// Per square of expected loss to swaps (in 32nds: a swap of `d` costs `2d` squares).
    pub risk: i32,
    /// Being the side to throw.
    pub tempo: i32,
}

/// The engine's weights.
pub const WEIGHTS: Weights = Weights {
    square: 30,
    protected: 12,
    blocked: 25,
    risk: 30,
    tempo: 60,
};

/// One colour's score from the board features.
fn side_score(board: &Board, seat: usize, w: &Weights) -> i32 {
    -race(board, seat) * w.square
        + protected(board, seat) as i32 * w.protected
        + blocked_behind(board, seat) as i32 * w.blocked
        - risk(board, seat) * w.risk / 32
}

/// Which evaluation a Senet position is searched with: the game option `eval`. The network is
/// the strongest; the others are kept to compare against (`-O eval=sum` or `-O eval=hand` for
/// one engine over the protocol, say).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Evaluation {
    /// The network of [`super::net`] (the default).
    #[default]
    Net,
    /// The learned weighted sum of [`super::learned`] that the network replaced.
    Sum,
    /// The hand-set heuristic ([`evaluate_with`] with [`WEIGHTS`]) that the sum replaced,
    /// within the chance-to-win scale's bounds.
    Hand,
}

impl Evaluation {
    /// The option values, in [`Evaluation::parse`]'s spelling.
    pub const NAMES: &'static str = "net, sum or hand";

    /// The evaluation named `text` (`net`, `sum` or `hand`).
    pub fn parse(text: &str) -> Option<Evaluation> {
        match text {
            "net" => Some(Evaluation::Net),
            "sum" => Some(Evaluation::Sum),
            "hand" => Some(Evaluation::Hand),
            _ => None,
        }
    }
}

/// The evaluation from `seat`'s point of view. With the network or the sum: `seat`'s chance to
/// win as they estimate it (exact where the endgame table covers the position, and 1 or 0 in a
/// finished game), [`super::learned::UNITS_PER_POINT`] units a percentage point above or below
/// one half (`-CERTAIN_WIN..=CERTAIN_WIN`). With the hand-set heuristic: its score, held
/// inside the same bounds.
pub fn evaluate(game: &Senet, seat: usize) -> i32 {
    use super::learned::{units, win_chance, CERTAIN_WIN};
    match game.evaluation() {
        Evaluation::Net | Evaluation::Sum => units(win_chance(game, seat)),
        Evaluation::Hand => match game.winner() {
            Some(w) if w == seat => CERTAIN_WIN,
            Some(_) => -CERTAIN_WIN,
            None => evaluate_with(game, seat, &WEIGHTS).clamp(-CERTAIN_WIN + 1, CERTAIN_WIN - 1),
        },
    }
}

/// The hand-set heuristic the engine used before the learned evaluation, with weights `w` (in
/// squares of race: [`WEIGHTS`]); kept to compare against.
pub fn evaluate_with(game: &Senet, seat: usize, w: &Weights) -> i32 {
    if let Some(w) = game.winner() {
        return if w == seat { EVAL_LIMIT } else { -EVAL_LIMIT };
    }
    let board = game.board();
    let mut score = side_score(board, seat, w) - side_score(board, other(seat), w);
    let tempo = match game.throw() {
        // A pending throw is about to be moved: credit its squares to the mover.
        Some(v) => i32::from(v) * w.square,
        None => w.tempo,
    };
    score += if game.to_move() == seat {
        tempo
    } else {
        -tempo
    };
    score.clamp(-EVAL_LIMIT + 1, EVAL_LIMIT - 1)
}

/// Move ordering: bearing off first, then swaps (they send an enemy back), then moves that make
/// a protected pair, further moves before shorter ones, backward moves last.
pub fn move_hint(game: &Senet, mv: Move) -> i32 {
    let Some(v) = game.throw() else { return 0 };
    let board = game.board();
    let me = game.to_move();
    let own = board.pieces[me];
    let opp = board.pieces[other(me)];
    match mv {
        Move::Throw(_) => 0,
        Move::Forward(from) => {
            let to = from + v;
            if to > SQUARES {
                return 1000 + i32::from(from);
            }
            let mut hint = i32::from(to);
            if opp & bit(to) != 0 {
                hint += 500 + 20 * i32::from(v);
            }
            let after = (own & !bit(from)) | bit(to);
            if (to > 1 && after & bit(to - 1) != 0) || (to < SQUARES && after & bit(to + 1) != 0) {
                hint += 100;
            }
            hint
        }
        Move::Backward(from) => {
            let to = from - v;
            // Either way we lose v squares; a swap also hands the enemy v squares.
            if opp & bit(to) != 0 {
                -300 - i32::from(from)
            } else {
                -200 - i32::from(from)
            }
        }
    }
}
