//! Senet with four throwing sticks, as `docs/rules/senet.md` gives it.
//!
//! A [`Senet`] position either waits for a throw (a chance node: the sticks show 1, 2, 3, 4 or 6
//! with chances 4, 6, 4, 1, 1 in 16) or carries the thrown value, and then the player to move
//! chooses a [`Move`]. Seats: dark is seat 0 (it opens the game and throws first), light is
//! seat 1. A throw with no legal move ends the game at once: the thrower loses. A colour that has
//! borne off all five pieces wins at once, even when its throw would have given another turn.
//!
//! Modules: [`board`] (two 32-bit boards), [`moves`] (generation by bit operations),
//! [`notation`], [`zobrist`], [`eval`] (the evaluation: the chance to win, learned by
//! self-play, in [`learned`] with its [`weights`]) and [`endgame`] (an exact solver for positions
//! with few pieces, and the table of every position with two pieces or fewer a side).

mod bench;
pub mod board;
pub mod endgame;
pub mod eval;
pub mod features;
pub mod learned;
pub mod moves;
pub mod net;
pub mod net_weights;
pub mod notation;
mod svg;
pub mod weights;
pub mod zobrist;

pub use board::{Board, DARK, LIGHT};
pub use moves::Move;

use crate::error::Error;
use crate::game::{Game, Payoffs, Probability, Turn};
use crate::options::{GameOptions, OptionSpec};
use board::{bit, other, SQUARES};
pub use eval::Evaluation;
use moves::{throws_again, THROWS, THROW_DENOMINATOR};

/// "Nobody has won yet" in [`Senet::winner`]'s field.
const NO_WINNER: u8 = 2;

/// The default ply limit of a played game (player moves, not throws).
pub const DEFAULT_PLY_LIMIT: u32 = 1000;

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "ply-limit",
        value: "N",
        help: "player moves after which a played game is a draw",
        default: "1000",
    },
    OptionSpec {
        name: "eval",
        value: "net|sum|hand",
        help: "the evaluation searched: the network, the weighted sum it replaced, or the hand-set heuristic",
        default: "net",
    },
];

/// A Senet position: the pieces, who is to move, the pending throw (if thrown), and whether the
/// game is over. 16 bytes of state plus the hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Senet {
    board: Board,
    to_move: u8,
    /// The value to move now, or 0 before the throw.
    throw: u8,
    /// The winning seat once the game is over, else [`NO_WINNER`]; follows from the rest.
    winner: u8,
    ply_limit: u32,
    /// The evaluation searched (the option `eval`); not part of the position.
    evaluation: Evaluation,
    hash: u64,
}

impl Senet {
    /// A position from its parts: `throw` is 0 before the throw, else a stick value. The parts
    /// must be valid (at most five pieces each, not both colours borne off, no throw after a win);
    /// [`Game::from_notation`] checks text for that.
    pub fn from_parts(board: Board, to_move: usize, throw: u8, ply_limit: u32) -> Self {
        let mut s = Senet {
            board,
            to_move: to_move as u8,
            throw,
            winner: NO_WINNER,
            ply_limit,
            evaluation: Evaluation::Net,
            hash: zobrist::hash(&board, to_move, throw),
        };
        s.settle();
        s
    }

    /// The pieces.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The seat to move (or to throw): [`DARK`] or [`LIGHT`].
    pub fn to_move(&self) -> usize {
        usize::from(self.to_move)
    }

    /// The pending throw, or `None` before the sticks are thrown.
    pub fn throw(&self) -> Option<u8> {
        (self.throw != 0).then_some(self.throw)
    }

    /// The winner once the game is over.
    pub fn winner(&self) -> Option<usize> {
        (self.winner != NO_WINNER).then_some(usize::from(self.winner))
    }

    /// The evaluation this position is searched with.
    pub fn evaluation(&self) -> Evaluation {
        self.evaluation
    }

    /// The same position searched with `evaluation`.
    pub fn with_evaluation(mut self, evaluation: Evaluation) -> Self {
        self.evaluation = evaluation;
        self
    }

    /// The same position without its pending throw (the chance node it came from).
    pub fn without_throw(&self) -> Self {
        Senet::from_parts(self.board, self.to_move(), 0, self.ply_limit)
            .with_evaluation(self.evaluation)
    }

    /// The same position with the sticks showing `value` (the player to move must then move it).
    pub fn with_throw(&self, value: u8) -> Self {
        Senet::from_parts(self.board, self.to_move(), value, self.ply_limit)
            .with_evaluation(self.evaluation)
    }

    /// Works out whether the game is over: a colour with no piece left has won; a player with a
    /// throw and no move has lost.
    fn settle(&mut self) {
        self.winner = NO_WINNER;
        for seat in [DARK, LIGHT] {
            if self.board.pieces[seat] == 0 {
                self.winner = seat as u8;
                return;
            }
        }
        if self.throw != 0 && moves::movers(&self.board, self.to_move(), self.throw).0 == 0 {
            self.winner = other(self.to_move()) as u8;
        }
    }

    fn status(&self) -> String {
        let me = notation::seat_name(self.to_move());
        match (self.winner(), self.throw()) {
            (Some(w), _) if self.board.pieces[w] == 0 => {
                format!(
                    "game over: {} wins, all five borne off",
                    notation::seat_name(w)
                )
            }
            (Some(w), Some(v)) => format!(
                "game over: {} wins ({me} cannot move a throw of {v})",
                notation::seat_name(w)
            ),
            (Some(w), None) => format!("game over: {} wins", notation::seat_name(w)),
            (None, Some(v)) => format!("{me} to move a throw of {v}"),
            (None, None) => format!("{me} to throw"),
        }
    }
}

impl Game for Senet {
    type Move = Move;

    const NAME: &'static str = "senet";

    const SUMMARY: &'static str =
        "Senet with throwing sticks: a race of five pieces each, with swaps, pairs and blockades";

    const BENCH: crate::game::BenchSet = bench::BENCH;
    const SCORE_UNIT: Option<(i32, &'static str)> = Some((
        learned::UNITS_PER_POINT,
        "point of winning chance (from 50%)",
    ));

    const CHANCE_WIN_EVAL: Option<i32> = Some(learned::CERTAIN_WIN);
    const CHANCE: bool = true;

    /// Off: a throw moves the chance to win by several points, far more than reverse futility
    /// pruning's margin of 1.2 points a ply, so the margin proves nothing here. The pruning
    /// saved about 3% of the nodes, and the strength did not change measurably:
    /// `alphabeta:depth=4` against greedy (200 games, seed 1) scored 68.0% both with and
    /// without it.
    const FUTILITY_PRUNING: bool = false;

    const SAMPLE_POSITIONS: &'static [&'static str] = &[
        "LDLDLDLDL.D................... D 3",
        "..L.D.LL..DD.L...D.L......D... L -",
        "....LLL..D.....LL............. D 6",
        "L..........................DDD L -",
        "...........................DL. D -",
    ];

    /// The endgame table, built here rather than inside the first search that reaches it
    /// (about 0.3 s): over the protocol that search overran a 200 ms move by 190 ms.
    fn prepare() {
        endgame::table();
    }

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn start(options: &GameOptions) -> Result<Self, Error> {
        options.check_known(Self::NAME, OPTIONS)?;
        Ok(Senet::from_parts(Board::START, DARK, 0, ply_limit(options)?)
            .with_evaluation(evaluation(options)?))
    }

    fn from_notation(text: &str, options: &GameOptions) -> Result<Self, Error> {
        options.check_known(Self::NAME, OPTIONS)?;
        let setup = notation::parse_position(text)?;
        Ok(
            Senet::from_parts(setup.board, setup.to_move, setup.throw, ply_limit(options)?)
                .with_evaluation(evaluation(options)?),
        )
    }

    fn notation(&self) -> String {
        notation::format_position(&self.board, self.to_move(), self.throw)
    }

    fn render(&self) -> String {
        notation::render(&self.board, &self.status())
    }

    fn svg(&self, highlight: Option<Move>) -> String {
        svg::svg(self, highlight)
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: usize) -> String {
        notation::seat_name(seat).to_string()
    }

    #[inline]
    fn turn(&self) -> Turn {
        if self.winner != NO_WINNER {
            Turn::Terminal
        } else if self.throw == 0 {
            Turn::Chance
        } else {
            Turn::Player(self.to_move())
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.winner == NO_WINNER && self.throw != 0 {
            moves::generate(&self.board, self.to_move(), self.throw, out);
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Move, Probability)>) {
        if self.winner == NO_WINNER && self.throw == 0 {
            out.extend(
                THROWS
                    .iter()
                    .map(|&(v, n)| (Move::Throw(v), Probability::new(n, THROW_DENOMINATOR))),
            );
        }
    }

    fn play(&mut self, mv: Move) {
        let me = self.to_move();
        match mv {
            Move::Throw(v) => {
                self.throw = v;
                self.hash ^= zobrist::THROW[v as usize];
                if moves::movers(&self.board, me, v).0 == 0 {
                    self.winner = other(me) as u8;
                }
            }
            Move::Forward(from) | Move::Backward(from) => {
                let v = self.throw;
                let forward = matches!(mv, Move::Forward(_));
                let to = moves::target(from, v, forward);
                self.hash ^= zobrist::PIECE[me][from as usize];
                if to <= SQUARES {
                    self.hash ^= zobrist::PIECE[me][to as usize];
                    if self.board.pieces[other(me)] & bit(to) != 0 {
                        self.hash ^= zobrist::PIECE[other(me)][to as usize]
                            ^ zobrist::PIECE[other(me)][from as usize];
                    }
                }
                moves::apply(&mut self.board, me, from, v, forward);
                self.hash ^= zobrist::THROW[v as usize];
                self.throw = 0;
                if self.board.pieces[me] == 0 {
                    self.winner = me as u8;
                } else if !throws_again(v) {
                    self.to_move ^= 1;
                    self.hash ^= zobrist::LIGHT_TO_MOVE;
                }
            }
        }
    }

    fn payoffs(&self) -> Payoffs {
        Payoffs::win_or_draw(self.winner(), 2)
    }

    fn end_reason(&self) -> Option<String> {
        let winner = self.winner()?;
        Some(if self.board.pieces[winner] == 0 {
            format!("{} bore off every piece", notation::seat_name(winner))
        } else {
            format!("{} had a throw and no move", notation::seat_name(1 - winner))
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        zobrist::hash(&self.board, self.to_move(), self.throw)
    }

    fn ply_limit(&self) -> u32 {
        self.ply_limit
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let me = notation::seat_name(self.to_move());
        if let Some(w) = self.winner() {
            return Err(Error::bad_move(format!(
                "the game is over ({} has won)",
                notation::seat_name(w)
            )));
        }
        let mv = notation::parse_move_text(text)?;
        match (mv, self.throw()) {
            (Move::Throw(_), None) => Ok(mv),
            (Move::Throw(v), Some(t)) => Err(Error::bad_move(format!(
                "'{v}' is a throw, but {me} has thrown {t} already and must move a piece (e.g. 11+)"
            ))),
            (_, None) => Err(Error::bad_move(format!(
                "{me} has not thrown yet: give the throw (1, 2, 3, 4 or 6), not '{}'",
                text.trim()
            ))),
            (Move::Forward(from) | Move::Backward(from), Some(v)) => {
                let mut list = Vec::new();
                self.legal_moves(&mut list);
                if list.contains(&mv) {
                    Ok(mv)
                } else {
                    let forward = matches!(mv, Move::Forward(_));
                    Err(Error::bad_move(format!(
                        "{} is not legal for {me} with a throw of {v}: {}",
                        notation::format_move(mv),
                        moves::why_illegal(&self.board, self.to_move(), from, v, forward)
                    )))
                }
            }
        }
    }

    fn move_notation(&self, mv: Move) -> String {
        notation::format_move(mv)
    }

    fn evaluate(&self, seat: usize) -> i32 {
        eval::evaluate(self, seat)
    }

    fn score_unit(&self) -> Option<(i32, &'static str)> {
        match self.evaluation {
            Evaluation::Hand => Some((eval::WEIGHTS.square, "square of race")),
            Evaluation::Net | Evaluation::Sum => Self::SCORE_UNIT,
        }
    }

    fn move_hint(&self, mv: Move) -> i32 {
        eval::move_hint(self, mv)
    }

    fn count_moves(&self, _buf: &mut Vec<Move>) -> u64 {
        if self.winner != NO_WINNER || self.throw == 0 {
            return 0;
        }
        u64::from(
            moves::movers(&self.board, self.to_move(), self.throw)
                .0
                .count_ones(),
        )
    }
}

fn ply_limit(options: &GameOptions) -> Result<u32, Error> {
    Ok(options.get_int(
        "ply-limit",
        i64::from(DEFAULT_PLY_LIMIT),
        1,
        i64::from(u32::MAX),
    )? as u32)
}

fn evaluation(options: &GameOptions) -> Result<Evaluation, Error> {
    match options.get("eval") {
        None => Ok(Evaluation::default()),
        Some(text) => Evaluation::parse(text).ok_or_else(|| {
            Error::option(format!(
                "eval='{text}' is not an evaluation (allowed {})",
                Evaluation::NAMES
            ))
        }),
    }
}
