//! Big Bang: a Halma-like race from a shared start zone (rules: `docs/rules/bigbang.md`).
//!
//! A game has three phases. **Setup**: two placers alternate, placer 1 first, each putting any
//! counter still in the pool (any type, either colour) on an empty start cell. **Coin**: a chance
//! node with two outcomes of 1/2 picks the placer who moves first and plays light. **Play**: light
//! first, each move a step or a chain of jumps by one own counter not on a finish cell; a player
//! with no move passes; two passes in a row draw; the first to finish all counters wins.
//!
//! Seats: seat 0 is placer 1 and seat 1 is placer 2 for the whole game; after the coin one of
//! them plays light.
//!
//! # Notation
//! Positions are `<ranks> <state>` as in the rules file. Two extensions carry what the rules'
//! form cannot, and the plain rules form is always accepted:
//! - In play, `l` and `d` may carry the number of the placer to move: `l2` (light to move, played
//!   by placer 2) or `d1` (dark to move, played by placer 1) mean placer 2 plays light. Plain `l`
//!   and `d` mean placer 1 plays light (`l` = `l1`, `d` = `d2`); the engine prints the digit only
//!   when placer 2 plays light.
//! - An optional third word: `pass` when the last move was a pass, `draw` when two passes in a
//!   row ended the game.
//!
//! Moves: `A@c3` / `a@c3` (placement of a light / dark counter), `c3-c5` (a step or jump chain,
//! start and end cell), `pass`. The coin outcome is written `coin:1` or `coin:2`: the placer who
//! moves first and plays light.
//!
//! Boards: option `board` (`--board FILE`) names a map file (see [`map`]); `map:ROW/ROW/...`
//! gives a map inline. Option `ply-limit` sets the played-game draw limit.
//!
//! Modules: [`map`] (boards), [`board`] (cell sets), [`moves`] (steps and the jump-chain
//! flood), [`eval`] (evaluation and hints), [`penalty`] (the loser's penalty solver, used by
//! `tabula bigbang penalty`), [`zobrist`] (hash keys); the notation and drawing live in a private
//! `notation` module.

mod bench;
pub mod board;
pub mod eval;
pub mod map;
pub mod moves;
mod notation;
pub mod penalty;
mod svg;
pub mod zobrist;

use std::sync::Arc;

use crate::error::Error;
use crate::game::{Game, Payoffs, Probability, Turn};
use crate::options::{GameOptions, OptionSpec};

use board::Bitboard;
use map::{Board, TYPES};
pub use moves::Move;

/// Light, the colour that moves first in play.
pub const LIGHT: usize = 0;
/// Dark.
pub const DARK: usize = 1;

/// Default ply limit: the 28 setup placements plus a long race.
const DEFAULT_PLY_LIMIT: u32 = 1000;

/// The phase of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Placers fill the start zone.
    Setup,
    /// The start zone is full; the coin decides who plays light.
    Coin,
    /// The race.
    Play,
}

/// A Big Bang position: the board map, counters by colour and by type, and the phase.
#[derive(Clone, Debug)]
pub struct BigBang {
    board: Arc<Board>,
    /// Counters by colour (light, dark).
    colour: [Bitboard; 2],
    /// Counters by type, both colours.
    kind: [Bitboard; TYPES],
    phase: Phase,
    /// Setup: the placer to place (0 or 1). Play: the colour to move.
    mover: u8,
    /// Play: the seat that plays light.
    light_seat: u8,
    /// Play: passes in a row just made (2 ends the game).
    passes: u8,
    hash: u64,
    ply_limit: u32,
}

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "board",
        value: "FILE",
        help: "board map file (or map:ROW/ROW/... inline)",
        default: "the rules' 11x11 board",
    },
    OptionSpec {
        name: "ply-limit",
        value: "N",
        help: "plies after which a played game is a draw",
        default: "1000",
    },
];

impl BigBang {
    /// The empty board before setup, placer 1 to place.
    pub fn new(board: Arc<Board>) -> Self {
        let mut s = BigBang {
            board,
            colour: [Bitboard::EMPTY; 2],
            kind: [Bitboard::EMPTY; TYPES],
            phase: Phase::Setup,
            mover: 0,
            light_seat: 0,
            passes: 0,
            hash: 0,
            ply_limit: DEFAULT_PLY_LIMIT,
        };
        s.hash = s.hash_from_scratch();
        s
    }

    /// The board map.
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Counters of a colour ([`LIGHT`] or [`DARK`]).
    pub fn colour(&self, colour: usize) -> Bitboard {
        self.colour[colour]
    }

    /// Counters of a type (0 = `A`), both colours.
    pub fn of_type(&self, t: usize) -> Bitboard {
        self.kind[t]
    }

    /// Every counter on the board.
    pub fn occupied(&self) -> Bitboard {
        self.colour[0] | self.colour[1]
    }

    /// In play, the colour to move; in setup, the placer (0 or 1) to place.
    pub fn mover(&self) -> usize {
        self.mover as usize
    }

    /// The seat (0 = placer 1) that plays light; meaningful in play.
    pub fn light_seat(&self) -> usize {
        self.light_seat as usize
    }

    /// The seat that plays a colour; meaningful in play.
    pub fn seat_of(&self, colour: usize) -> usize {
        if colour == LIGHT {
            self.light_seat as usize
        } else {
            1 - self.light_seat as usize
        }
    }

    /// Passes in a row just made.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The type (0 = `A`) and colour of the counter on `cell`, if any.
    pub fn counter_at(&self, cell: u8) -> Option<(usize, usize)> {
        let colour = if self.colour[LIGHT].has(cell) {
            LIGHT
        } else if self.colour[DARK].has(cell) {
            DARK
        } else {
            return None;
        };
        let t = (0..TYPES).find(|&t| self.kind[t].has(cell))?;
        Some((t, colour))
    }

    /// Counters of type `t` and `colour` still in the pool (setup).
    pub fn in_pool(&self, t: usize, colour: usize) -> u32 {
        u32::from(self.board.counts[t] / 2) - (self.kind[t] & self.colour[colour]).count()
    }

    /// The counters of `colour` not yet on a finish cell.
    pub fn unfinished(&self, colour: usize) -> Bitboard {
        self.colour[colour] & !self.board.finish_all
    }

    /// The colour that has finished all its counters, if any (play only).
    pub fn winner(&self) -> Option<usize> {
        if self.phase != Phase::Play {
            return None;
        }
        (0..2).find(|&c| self.unfinished(c).is_empty())
    }

    /// The end cells of a move of the counter on `from` (none if it is finished or absent).
    pub fn destinations(&self, from: u8) -> Bitboard {
        match self.counter_at(from) {
            Some((t, _)) if !self.board.finish_all.has(from) => {
                moves::destinations(&self.board, t, from, self.occupied())
            }
            _ => Bitboard::EMPTY,
        }
    }

    /// Whether the colour to move has any step or jump (in play).
    fn has_go(&self) -> bool {
        let occ = self.occupied();
        self.unfinished(self.mover as usize).iter().any(|from| {
            let t = self.type_at(from);
            !moves::destinations(&self.board, t, from, occ).is_empty()
        })
    }

    #[inline]
    fn type_at(&self, cell: u8) -> usize {
        (0..TYPES).find(|&t| self.kind[t].has(cell)).unwrap_or(0)
    }

    /// The slot of the state word in the Zobrist table.
    fn state_index(&self) -> usize {
        match self.phase {
            Phase::Setup => self.mover as usize,
            Phase::Coin => 2,
            Phase::Play => {
                4 + self.mover as usize + 2 * self.light_seat as usize + 4 * self.passes as usize
            }
        }
    }

    fn put(&mut self, t: usize, colour: usize, cell: u8) {
        self.kind[t].set(cell);
        self.colour[colour].set(cell);
        self.hash ^= zobrist::COUNTER[t + 8 * colour][cell as usize];
    }

    fn lift(&mut self, t: usize, colour: usize, cell: u8) {
        self.kind[t].clear(cell);
        self.colour[colour].clear(cell);
        self.hash ^= zobrist::COUNTER[t + 8 * colour][cell as usize];
    }
}

impl Game for BigBang {
    type Move = Move;

    const NAME: &'static str = "bigbang";

    const SUMMARY: &'static str =
        "Big Bang: blind setup from a shared start zone, then a Halma-like race to finish cells";

    const BENCH: crate::game::BenchSet = bench::BENCH;
    const SCORE_UNIT: Option<(i32, &'static str)> = Some((eval::PER_CELL, "cell of distance to the finish"));
    const CHANCE: bool = true;

    const SAMPLE_OPTIONS: &'static [&'static [(&'static str, &'static str)]] = &[
        &[("ply-limit", "120")],
        &[("board", "map:A.....B/......./......./......./......./SSSS.../B.....A")],
        &[("board", "map:BSSSSA/#####./A####B")],
    ];

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn start(options: &GameOptions) -> Result<Self, Error> {
        options.check_known(Self::NAME, OPTIONS)?;
        let board = Board::from_option(options.get("board"))?;
        let mut s = BigBang::new(board);
        s.ply_limit =
            options.get_int("ply-limit", i64::from(DEFAULT_PLY_LIMIT), 1, 1_000_000)? as u32;
        Ok(s)
    }

    fn from_notation(text: &str, options: &GameOptions) -> Result<Self, Error> {
        let mut s = Self::start(options)?;
        s.read_position(text)?;
        s.hash = s.hash_from_scratch();
        Ok(s)
    }

    fn notation(&self) -> String {
        self.write_position()
    }

    fn render(&self) -> String {
        self.draw()
    }

    fn svg(&self, highlight: Option<Move>) -> String {
        svg::svg(self, highlight)
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: usize) -> String {
        if self.phase == Phase::Play {
            let colour = if seat == self.light_seat as usize {
                "light"
            } else {
                "dark"
            };
            format!("placer {} ({colour})", seat + 1)
        } else {
            format!("placer {}", seat + 1)
        }
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Setup => Turn::Player(self.mover as usize),
            Phase::Coin => Turn::Chance,
            Phase::Play => {
                if self.passes >= 2 || self.winner().is_some() {
                    Turn::Terminal
                } else {
                    Turn::Player(self.seat_of(self.mover as usize))
                }
            }
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        match self.turn() {
            Turn::Chance | Turn::Terminal => {}
            Turn::Player(_) if self.phase == Phase::Setup => {
                let free = self.board.start & !self.occupied();
                for counter in 0..2 * TYPES {
                    if self.in_pool(counter % TYPES, counter / TYPES) > 0 {
                        for cell in free.iter() {
                            out.push(Move::Place {
                                counter: counter as u8,
                                cell,
                            });
                        }
                    }
                }
            }
            Turn::Player(_) => {
                let before = out.len();
                let occ = self.occupied();
                for from in self.unfinished(self.mover as usize).iter() {
                    let t = self.type_at(from);
                    for to in moves::destinations(&self.board, t, from, occ).iter() {
                        out.push(Move::Go { from, to });
                    }
                }
                if out.len() == before {
                    out.push(Move::Pass);
                }
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Move, Probability)>) {
        if self.phase == Phase::Coin {
            out.push((Move::Coin(0), Probability::new(1, 2)));
            out.push((Move::Coin(1), Probability::new(1, 2)));
        }
    }

    fn play(&mut self, mv: Move) {
        let old = self.state_index();
        match mv {
            Move::Place { counter, cell } => {
                let (t, colour) = (counter as usize % TYPES, counter as usize / TYPES);
                self.put(t, colour, cell);
                self.mover ^= 1;
                if self.occupied().count() == u32::from(self.board.total) {
                    self.phase = Phase::Coin;
                    self.mover = 0;
                }
            }
            Move::Coin(seat) => {
                self.phase = Phase::Play;
                self.light_seat = seat;
                self.mover = LIGHT as u8;
                self.passes = 0;
            }
            Move::Go { from, to } => {
                let colour = self.mover as usize;
                let t = self.type_at(from);
                self.lift(t, colour, from);
                self.put(t, colour, to);
                self.mover ^= 1;
                self.passes = 0;
            }
            Move::Pass => {
                self.mover ^= 1;
                self.passes += 1;
            }
        }
        self.hash ^= zobrist::STATE[old] ^ zobrist::STATE[self.state_index()];
    }

    fn payoffs(&self) -> Payoffs {
        let winner = self.winner().filter(|_| self.passes < 2);
        Payoffs::win_or_draw(winner.map(|colour| self.seat_of(colour)), 2)
    }

    fn end_reason(&self) -> Option<String> {
        if self.passes >= 2 {
            return Some("both players passed in a row".to_string());
        }
        let colour = self.winner()?;
        let name = if colour == LIGHT { "light" } else { "dark" };
        Some(format!("{name} finished every counter"))
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = zobrist::STATE[self.state_index()];
        for colour in 0..2 {
            for t in 0..TYPES {
                for cell in (self.kind[t] & self.colour[colour]).iter() {
                    h ^= zobrist::COUNTER[t + 8 * colour][cell as usize];
                }
            }
        }
        h
    }

    fn ply_limit(&self) -> u32 {
        self.ply_limit
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        self.read_move(text)
    }

    fn move_notation(&self, mv: Move) -> String {
        notation::move_text(mv)
    }

    fn evaluate(&self, seat: usize) -> i32 {
        eval::evaluate(self, seat)
    }

    fn move_hint(&self, mv: Move) -> i32 {
        eval::move_hint(self, mv)
    }

    fn count_moves(&self, buf: &mut Vec<Move>) -> u64 {
        if self.phase != Phase::Play || self.turn() == Turn::Terminal {
            buf.clear();
            self.legal_moves(buf);
            return buf.len() as u64;
        }
        let occ = self.occupied();
        let n: u64 = self
            .unfinished(self.mover as usize)
            .iter()
            .map(|from| {
                let t = self.type_at(from);
                u64::from(moves::destinations(&self.board, t, from, occ).count())
            })
            .sum();
        n.max(1)
    }
}

impl PartialEq for BigBang {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.colour == other.colour
            && self.kind == other.kind
            && self.phase == other.phase
            && self.mover == other.mover
            && self.light_seat == other.light_seat
            && self.passes == other.passes
    }
}

impl Eq for BigBang {}
