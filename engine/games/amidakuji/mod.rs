//! Amidakuji bridges: a ladder-lottery race for two players, and its one-player puzzle.
//!
//! Rules: `docs/rules/amidakuji.md`. Red (seat 0) places bridges first and starts from the top;
//! Blue (seat 1) starts from the bottom and acts first in every round. The state is the ladder
//! ([`bridges::Ladder`], node occupancy as a bitboard), three markers per player
//! ([`markers::Marker`]), the phase and the player to move. Modules: [`board`] (geometry),
//! [`bridges`] (the ladder), [`walk`] (step rules), [`markers`] (turns, knock-outs, pushes,
//! arrivals), [`moves`] (the move type and generation), [`notation`], [`render`], [`zobrist`],
//! [`eval`], [`solo`] (the puzzle solver).
//!
//! Notation (see [`notation`] and `docs/amidakuji-notation.md`): the rules file's form
//! `<N>x<R> <bridges> <red> <blue> <phase> <to-move>`. It already holds the whole state: the
//! supply in phase `place` is what each player has not placed (a player who cannot place never
//! can again, so returning bridges to the box changes nothing visible), blocked start points are
//! the ends where enemy markers have arrived, and `'` marks markers that moved this round. The
//! extension is canonical form: bridges sorted by left node, `'` only in phase `move` and never
//! on arrived markers, so every state has exactly one text.
//!
//! Points the rules leave open, as played here:
//! - a player with no marker left to move in the movement half-round (a push slid his unmoved
//!   marker home while the third waits) is skipped; the other player moves on;
//! - a push may use any two of the mover's markers standing on an enemy bridge after the move,
//!   and when it slides both home a player can end with 3 arrived markers (he has won);
//! - a knocked-out marker keeps its `'`: one that had moved may not enter again this round.

mod bench;
pub mod board;
pub mod bridges;
pub mod eval;
pub mod markers;
pub mod moves;
pub mod notation;
pub mod render;
pub mod solo;
mod svg;
pub mod walk;
pub mod zobrist;

use crate::error::Error;
use crate::game::{Game, Payoffs, Turn};
use crate::options::{GameOptions, OptionSpec};

use board::{Dims, Node, Point};
use bridges::{Bridge, Kind, Ladder};
use markers::{own_end, Marker, Place};
use zobrist::{shape_code, KEYS};

pub use moves::Move;

/// Red's seat.
pub const RED: usize = 0;
/// Blue's seat.
pub const BLUE: usize = 1;

/// The default ply limit of a played game.
pub const DEFAULT_PLY_LIMIT: u32 = 600;

/// The phase of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Bridge placement.
    Place,
    /// Start points.
    Start,
    /// Movement half-round.
    Move,
    /// Relocation half-round, with this many relocation turns done (0 to 3).
    Reloc(u8),
}

impl Phase {
    fn code(self) -> usize {
        match self {
            Phase::Place => 0,
            Phase::Start => 1,
            Phase::Move => 2,
            Phase::Reloc(k) => 3 + k as usize,
        }
    }
}

/// An Amidakuji position.
#[derive(Clone, Debug)]
pub struct Amidakuji {
    pub(crate) ladder: Ladder,
    pub(crate) markers: [[Marker; 3]; 2],
    pub(crate) phase: Phase,
    pub(crate) to_move: usize,
    hash: u64,
    ply_limit: u32,
}

static OPTIONS: [OptionSpec; 2] = [
    OptionSpec {
        name: "size",
        value: "NxR",
        help: "board size COLUMNSxROWS: 5 or 6 columns, 4 to 12 rows",
        default: "6x8",
    },
    OptionSpec {
        name: "ply-limit",
        value: "N",
        help: "plies after which a played game is a draw",
        default: "600",
    },
];

impl Amidakuji {
    /// An empty board of `dims` in phase `place`, Red to move.
    pub fn new(dims: Dims, ply_limit: u32) -> Amidakuji {
        let mut g = Amidakuji {
            ladder: Ladder::new(dims),
            markers: [[Marker::OFF; 3]; 2],
            phase: Phase::Place,
            to_move: RED,
            hash: 0,
            ply_limit,
        };
        g.hash = g.hash_from_scratch();
        g
    }

    /// The board size.
    pub fn dims(&self) -> Dims {
        self.ladder.dims
    }

    /// The bridges.
    pub fn ladder(&self) -> &Ladder {
        &self.ladder
    }

    /// The markers of a seat, in list order.
    pub fn markers(&self, seat: usize) -> &[Marker; 3] {
        &self.markers[seat]
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The player to move (meaningful when the game is not over).
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// The seat with 2 arrived markers, if any.
    pub fn winner(&self) -> Option<usize> {
        (0..2).find(|&s| self.arrived(s) >= 2)
    }

    /// Bridges of `kind` that `seat` has not placed (meaningful in phase `place`).
    pub fn supply(&self, seat: usize, kind: Kind) -> u8 {
        let total = match kind {
            Kind::Normal => self.dims().normal_per_player(),
            Kind::Long => 1,
        };
        total.saturating_sub(self.ladder.count(seat as u8, kind))
    }

    /// Whether `seat` can place a bridge he still holds.
    pub fn can_place(&self, seat: usize) -> bool {
        [Kind::Normal, Kind::Long]
            .into_iter()
            .any(|k| self.supply(seat, k) > 0 && self.ladder.has_place(k))
    }

    pub(crate) fn set_marker(&mut self, seat: usize, slot: usize, m: Marker) {
        let keys = &KEYS.marker[seat][slot];
        self.hash ^= keys[self.markers[seat][slot].code()] ^ keys[m.code()];
        self.markers[seat][slot] = m;
    }

    fn bridge_key(b: &Bridge) -> u64 {
        KEYS.bridge[b.left.index()][shape_code(b.dr(), b.owner, b.kind == Kind::Long)]
    }

    pub(crate) fn add_bridge(&mut self, b: Bridge) {
        self.hash ^= Self::bridge_key(&b);
        self.ladder.add(b);
    }

    pub(crate) fn remove_bridge(&mut self, n: Node) -> Option<Bridge> {
        let b = self.ladder.remove(n)?;
        self.hash ^= Self::bridge_key(&b);
        Some(b)
    }

    fn set_phase(&mut self, phase: Phase, to_move: usize) {
        self.hash ^= KEYS.phase[self.phase.code()] ^ KEYS.phase[phase.code()];
        if self.to_move != to_move {
            self.hash ^= KEYS.blue;
        }
        self.phase = phase;
        self.to_move = to_move;
    }

    /// Clears every `'` mark (a new half-round).
    fn clear_moved(&mut self) {
        for seat in 0..2 {
            for slot in 0..3 {
                let m = self.markers[seat][slot];
                if m.moved {
                    self.set_marker(seat, slot, Marker { moved: false, ..m });
                }
            }
        }
    }

    /// Whether a marker of either colour stands on node `n`.
    pub fn marker_on(&self, n: Node) -> bool {
        self.markers
            .iter()
            .flatten()
            .any(|m| m.place == Place::At(Point::Node(n)))
    }

    /// Next player after a placement: the other if he can place, else the same, else the
    /// start-point phase.
    fn after_placement(&mut self) {
        let other = 1 - self.to_move;
        if self.can_place(other) {
            self.set_phase(Phase::Place, other);
        } else if self.can_place(self.to_move) {
            self.set_phase(Phase::Place, self.to_move);
        } else {
            self.set_phase(Phase::Start, RED);
        }
    }

    /// Next player after a marker move: alternate while both have a marker to move; skip a
    /// player with none; relocation when nobody has.
    fn after_marker_move(&mut self) {
        let other = 1 - self.to_move;
        if self.has_movable(other) {
            self.set_phase(Phase::Move, other);
        } else if self.has_movable(self.to_move) {
            self.set_phase(Phase::Move, self.to_move);
        } else {
            self.clear_moved();
            self.set_phase(Phase::Reloc(0), BLUE);
        }
    }

    fn after_relocation(&mut self) {
        let Phase::Reloc(k) = self.phase else {
            return;
        };
        if k + 1 >= 4 {
            self.set_phase(Phase::Move, BLUE);
        } else {
            self.set_phase(Phase::Reloc(k + 1), if k % 2 == 0 { RED } else { BLUE });
        }
    }
}

impl Game for Amidakuji {
    type Move = Move;
    const NAME: &'static str = "amidakuji";
    const SUMMARY: &'static str =
        "Amidakuji bridges: race markers across a ladder lottery, 2 players (plus a solo puzzle)";

    const BENCH: crate::game::BenchSet = bench::BENCH;
    const SCORE_UNIT: Option<(i32, &'static str)> = Some((eval::ROW, "row walked"));

    const SAMPLE_POSITIONS: &'static [&'static str] = &[
        "6x8 rna2b3,bla4b6,rnc1d1,bnd5e4 a^,b3x',- b_,R,- move b",
    ];

    const SAMPLE_OPTIONS: &'static [&'static [(&'static str, &'static str)]] = &[
        &[],
        &[("size", "5x4")],
        &[("size", "5x8"), ("ply-limit", "300")],
        &[("size", "6x4"), ("ply-limit", "300")],
        &[("size", "6x12"), ("ply-limit", "300")],
    ];

    fn option_specs() -> &'static [OptionSpec] {
        &OPTIONS
    }

    fn start(options: &GameOptions) -> Result<Self, Error> {
        options.check_known(Self::NAME, &OPTIONS)?;
        let dims = match options.get("size") {
            Some(s) => Dims::parse(s).map_err(Error::option)?,
            None => Dims::DEFAULT,
        };
        let limit = options.get_int("ply-limit", DEFAULT_PLY_LIMIT as i64, 1, u32::MAX as i64)?;
        Ok(Amidakuji::new(dims, limit as u32))
    }

    fn from_notation(text: &str, options: &GameOptions) -> Result<Self, Error> {
        options.check_known(Self::NAME, &OPTIONS)?;
        let limit = options.get_int("ply-limit", DEFAULT_PLY_LIMIT as i64, 1, u32::MAX as i64)?;
        let g = notation::parse_position(text, limit as u32)?;
        if let Some(s) = options.get("size") {
            let d = Dims::parse(s).map_err(Error::option)?;
            if d != g.dims() {
                return Err(Error::option(format!(
                    "size={d} but the position is on a {} board",
                    g.dims()
                )));
            }
        }
        Ok(g)
    }

    fn notation(&self) -> String {
        notation::write_position(self)
    }

    fn render(&self) -> String {
        render::render(self)
    }

    fn svg(&self, highlight: Option<Move>) -> String {
        svg::svg(self, highlight)
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: usize) -> String {
        if seat == RED { "red" } else { "blue" }.to_string()
    }

    fn turn(&self) -> Turn {
        if self.winner().is_some() {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.generate_moves(out);
    }

    fn play(&mut self, mv: Move) {
        let seat = self.to_move;
        match mv {
            Move::Place(s) => {
                self.add_bridge(Bridge {
                    owner: seat as u8,
                    kind: s.kind,
                    left: s.left,
                    right: s.right,
                });
                self.after_placement();
            }
            Move::Start(c) => {
                let slot = if self.markers[seat][0].place == Place::Off {
                    0
                } else {
                    1
                };
                self.set_marker(
                    seat,
                    slot,
                    Marker {
                        place: Place::At(own_end(seat, c)),
                        cross: false,
                        moved: false,
                    },
                );
                if slot == 1 {
                    if seat == RED {
                        self.set_phase(Phase::Start, BLUE);
                    } else {
                        self.set_phase(Phase::Move, BLUE);
                    }
                }
            }
            Move::Marker { slot, enter, push } => {
                self.run_marker(seat, slot as usize, enter);
                if push {
                    if let Some(n) = self.pushable(seat) {
                        self.push(seat, n);
                    }
                }
                self.bring_in_third(seat);
                if self.winner().is_none() {
                    self.after_marker_move();
                }
            }
            Move::Relocate { from, to } => {
                if let Some(b) = self.remove_bridge(from) {
                    self.add_bridge(Bridge {
                        left: to.left,
                        right: to.right,
                        ..b
                    });
                }
                self.after_relocation();
            }
            Move::Pass => self.after_relocation(),
        }
    }

    fn payoffs(&self) -> Payoffs {
        Payoffs::win_or_draw(self.winner(), 2)
    }

    fn end_reason(&self) -> Option<String> {
        let winner = self.winner()?;
        Some(format!(
            "{} brought {} markers home",
            self.seat_name(winner),
            self.arrived(winner)
        ))
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = KEYS.phase[self.phase.code()];
        if self.to_move == BLUE {
            h ^= KEYS.blue;
        }
        for b in self.ladder.bridges() {
            h ^= Self::bridge_key(&b);
        }
        for seat in 0..2 {
            for slot in 0..3 {
                h ^= KEYS.marker[seat][slot][self.markers[seat][slot].code()];
            }
        }
        h
    }

    fn ply_limit(&self) -> u32 {
        self.ply_limit
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        notation::parse_move(self, text)
    }

    fn move_notation(&self, mv: Move) -> String {
        notation::write_move(self, mv)
    }

    fn evaluate(&self, seat: usize) -> i32 {
        eval::evaluate(self, seat)
    }

    fn move_hint(&self, mv: Move) -> i32 {
        eval::move_hint(self, mv)
    }
}

impl PartialEq for Amidakuji {
    fn eq(&self, other: &Self) -> bool {
        self.ladder == other.ladder
            && self.markers == other.markers
            && self.phase == other.phase
            && self.to_move == other.to_move
    }
}

impl Eq for Amidakuji {}
