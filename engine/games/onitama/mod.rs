//! Onitama, exactly as `docs/rules/onitama.md`: a 5x5 board, five pawns a side (a master and
//! four students), 16 move cards of which five are in play, wins by capturing the enemy master
//! or by bringing one's master to the enemy temple arch.
//!
//! The state is a few dozen bytes: one 25-bit bitboard of pawns and one of the master per colour,
//! the four hand cards and the side card, the side to move and the incremental Zobrist hash. Moves
//! are looked up in target masks precomputed per card, square and side, so `play` is a handful of
//! XORs and counting moves at perft's last ply is a popcount per pawn.

mod bench;
pub mod board;
pub mod cards;
pub mod color;
mod deal;
pub mod eval;
mod moves;
mod notation;
mod render;
mod svg;
pub mod zobrist;

pub use board::{Bitboard, Square};
pub use cards::Card;
pub use color::Color;
pub use deal::{Deal, DEFAULT_DEAL};
pub use eval::EvalWeights;
pub use moves::{Move, MAX_MOVES};

use crate::error::Error;
use crate::game::{Game, Payoffs, Turn};
use crate::options::{GameOptions, OptionSpec};
use cards::ROW;
use zobrist::{KEYS, SIDE_PLACE};

/// The default ply limit of a played game (a draw when reached).
pub const DEFAULT_PLY_LIMIT: u32 = 300;

/// An Onitama position (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Onitama {
    /// Every pawn (students and master) of each colour.
    pieces: [Bitboard; 2],
    /// The master of each colour: one square, or empty once captured.
    masters: [Bitboard; 2],
    /// The Zobrist hash, updated by `play`.
    hash: u64,
    /// The two cards of each colour, kept in table order so equal positions compare equal.
    hands: [[Card; 2]; 2],
    /// The card beside the board.
    side_card: Card,
    /// The colour to move.
    to_move: Color,
    /// Plies after which a played game is a draw.
    ply_limit: u32,
}

/// The options `start` understands.
const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "cards",
        value: "C1,C2,C3,C4,C5",
        help: "the five cards: Red's two, Blue's two, then the side card",
        default: "horse,elephant,ox,boar,crab",
    },
    OptionSpec {
        name: "seed",
        value: "N",
        help: "deal five distinct cards at random from this seed (instead of cards)",
        default: "",
    },
    OptionSpec {
        name: "ply-limit",
        value: "N",
        help: "plies after which a played game is a draw",
        default: "300",
    },
];

/// Blue's temple arch: Red's master there wins.
const BLUE_TEMPLE: Bitboard = Square::C5.bitboard();
/// Red's temple arch: Blue's master there wins.
const RED_TEMPLE: Bitboard = Square::C1.bitboard();

/// The temple arch of `color`: the enemy master on it wins.
#[inline(always)]
const fn temple_of(color: Color) -> Bitboard {
    match color {
        Color::Red => RED_TEMPLE,
        Color::Blue => BLUE_TEMPLE,
    }
}

/// Sorts two cards into table order.
#[inline(always)]
fn sorted(a: Card, b: Card) -> [Card; 2] {
    if a < b {
        [a, b]
    } else {
        [b, a]
    }
}

impl Onitama {
    /// Refuses deal options that contradict a position read from text: `cards` or `seed` naming
    /// another set of five cards than the position's (the arrangement may differ: cards move
    /// during a game).
    fn check_deal_options(&self, options: &GameOptions) -> Result<(), Error> {
        if options.get("cards").is_none() && options.get("seed").is_none() {
            return Ok(());
        }
        let named = Deal::from_options(options)?.cards();
        let mut have = [self.hand(Color::Red), self.hand(Color::Blue)].concat();
        have.push(self.side_card());
        if named.iter().all(|c| have.contains(c)) {
            return Ok(());
        }
        let given = ["cards", "seed"]
            .into_iter()
            .filter_map(|k| options.get(k).map(|v| format!("{k}={v}")))
            .collect::<Vec<_>>()
            .join(" ");
        let names: Vec<&str> = have.iter().map(|c| c.name()).collect();
        Err(Error::option(format!(
            "{given} deals other cards than the position's ({}): leave it out",
            names.join(",")
        )))
    }

    /// The start position of a deal: students and master on each home row, the side card's stamp
    /// colour to move.
    pub fn from_deal(deal: &Deal, ply_limit: u32) -> Onitama {
        let row = |rank: i32| {
            (0..5)
                .filter_map(|f| Square::try_new(f, rank))
                .fold(Bitboard::EMPTY, |b, s| b | s.bitboard())
        };
        let mut state = Onitama {
            pieces: [row(0), row(4)],
            masters: [RED_TEMPLE, BLUE_TEMPLE],
            hash: 0,
            hands: [
                sorted(deal.red[0], deal.red[1]),
                sorted(deal.blue[0], deal.blue[1]),
            ],
            side_card: deal.side,
            to_move: deal.side.stamp(),
            ply_limit,
        };
        state.hash = state.hash_from_scratch();
        state
    }

    /// Every pawn of `color`.
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.pieces[color.index()]
    }

    /// The master of `color`, unless it was captured.
    pub fn master(&self, color: Color) -> Option<Square> {
        self.masters[color.index()].first()
    }

    /// The students of `color`.
    pub fn students(&self, color: Color) -> Bitboard {
        self.pieces[color.index()] ^ self.masters[color.index()]
    }

    /// The two cards `color` holds, in table order.
    pub fn hand(&self, color: Color) -> [Card; 2] {
        self.hands[color.index()]
    }

    /// The card beside the board (the next one the player to move receives).
    pub fn side_card(&self) -> Card {
        self.side_card
    }

    /// The colour to move (the loser, at a terminal position).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The winner, once the game is over: the colour whose enemy has no master, or whose master
    /// stands on the enemy temple arch.
    #[inline(always)]
    pub fn winner(&self) -> Option<Color> {
        if self.masters[1].is_empty() || self.masters[0] == BLUE_TEMPLE {
            Some(Color::Red)
        } else if self.masters[0].is_empty() || self.masters[1] == RED_TEMPLE {
            Some(Color::Blue)
        } else {
            None
        }
    }

    /// Whether the game is over.
    #[inline(always)]
    pub fn is_terminal(&self) -> bool {
        // A master set minus the enemy temple arch is empty exactly when that master is gone (its
        // side lost) or stands on the arch (its side won): either way the game is over.
        let red_done = (self.masters[0].0 & !BLUE_TEMPLE.0) == 0;
        let blue_done = (self.masters[1].0 & !RED_TEMPLE.0) == 0;
        red_done | blue_done
    }

    /// Plays a legal move (jump or pass) and passes the turn.
    #[inline(always)]
    fn make(&mut self, mv: Move) {
        let us = self.to_move.index();
        let them = us ^ 1;
        let mut hash = self.hash;
        if !mv.is_pass() {
            let (from, to) = mv.raw();
            // Masked so the key lookups need no bounds check (both are below 25 anyway).
            let (from, to) = (from & (ROW - 1), to & (ROW - 1));
            let (from_bb, to_bb) = (Bitboard(1 << from), Bitboard(1 << to));
            self.pieces[us] ^= from_bb | to_bb;
            hash ^= KEYS.pawn[us][from] ^ KEYS.pawn[us][to];
            if self.masters[us] == from_bb {
                self.masters[us] = to_bb;
                hash ^= KEYS.master[us][from] ^ KEYS.master[us][to];
            }
            if !(self.pieces[them] & to_bb).is_empty() {
                self.pieces[them] ^= to_bb;
                hash ^= KEYS.pawn[them][to];
                if self.masters[them] == to_bb {
                    self.masters[them] = Bitboard::EMPTY;
                    hash ^= KEYS.master[them][to];
                }
            }
        }
        // The used card goes beside the board; the side card joins the hand.
        let used = mv.card();
        let incoming = self.side_card;
        let [a, b] = self.hands[us];
        let kept = if a == used { b } else { a };
        self.hands[us] = sorted(kept, incoming);
        self.side_card = used;
        hash ^= KEYS.card[used.slot()][us]
            ^ KEYS.card[used.slot()][SIDE_PLACE]
            ^ KEYS.card[incoming.slot()][SIDE_PLACE]
            ^ KEYS.card[incoming.slot()][us];
        hash ^= KEYS.blue_to_move;
        self.hash = hash;
        self.to_move = !self.to_move;
    }

    /// The hash from the pieces, cards and side alone.
    fn scratch_hash(&self) -> u64 {
        let mut h = 0;
        for color in Color::BOTH {
            let c = color.index();
            for sq in self.pieces[c] {
                h ^= KEYS.pawn[c][sq.index()];
            }
            for sq in self.masters[c] {
                h ^= KEYS.master[c][sq.index()];
            }
            for card in self.hands[c] {
                h ^= KEYS.card[card.index()][c];
            }
        }
        h ^= KEYS.card[self.side_card.index()][SIDE_PLACE];
        if self.to_move == Color::Blue {
            h ^= KEYS.blue_to_move;
        }
        h
    }

    /// Reads the ply limit option.
    fn ply_limit_option(options: &GameOptions) -> Result<u32, Error> {
        let limit = options.get_int("ply-limit", i64::from(DEFAULT_PLY_LIMIT), 1, 1_000_000)?;
        Ok(limit as u32)
    }
}

impl Game for Onitama {
    type Move = Move;

    const NAME: &'static str = "onitama";

    const SUMMARY: &'static str =
        "Onitama: 5x5 board, 16 move cards, capture the master or reach the temple arch";

    const BENCH: crate::game::BenchSet = bench::BENCH;
    const SCORE_UNIT: Option<(i32, &'static str)> = Some((eval::STUDENT, "student"));

    const SAMPLE_POSITIONS: &'static [&'static str] = &[
        "s1m1s/2s2/1S1S1/5/2M1S r tiger,monkey crane,rabbit frog",
        "M3s/S4/S3m/S4/S4 r horse,tiger boar,ox crab",
        "s2s1/2M1m/5/1S3/S3S r tiger,boar crane,eel cobra",
        "m4/5/5/5/4M r boar,horse ox,crane eel",
    ];

    const SAMPLE_OPTIONS: &'static [&'static [(&'static str, &'static str)]] = &[
        &[],
        &[("cards", "tiger,crab,boar,ox,eel")],
        &[("cards", "dragon,rooster,monkey,goose,cobra")],
        &[("seed", "1")],
        &[("seed", "2")],
        &[("seed", "3"), ("ply-limit", "40")],
    ];

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    /// The start position of the deal given by `cards` or `seed` (neither: [`DEFAULT_DEAL`]).
    fn start(options: &GameOptions) -> Result<Self, Error> {
        options.check_known(Self::NAME, OPTIONS)?;
        let ply_limit = Self::ply_limit_option(options)?;
        let deal = Deal::from_options(options)?;
        Ok(Onitama::from_deal(&deal, ply_limit))
    }

    /// Reads a position; of the options only `ply-limit` matters here (the cards are in the text;
    /// `cards` or `seed` dealing other cards is refused as a conflict).
    fn from_notation(text: &str, options: &GameOptions) -> Result<Self, Error> {
        let ply_limit = Self::ply_limit_option(options)?;
        let state = notation::parse_position(text, ply_limit)?;
        state.check_deal_options(options)?;
        Ok(state)
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
        Color::from_index(seat).name().to_string()
    }

    #[inline(always)]
    fn turn(&self) -> Turn {
        if self.is_terminal() {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move.index())
        }
    }

    #[inline(always)]
    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.generate(out);
    }

    #[inline(always)]
    fn play(&mut self, mv: Move) {
        self.make(mv);
    }

    fn payoffs(&self) -> Payoffs {
        Payoffs::win_or_draw(self.winner().map(Color::index), 2)
    }

    fn end_reason(&self) -> Option<String> {
        let winner = self.winner()?;
        let (name, other) = (winner.name(), Color::from_index(1 - winner.index()).name());
        Some(if self.masters[1 - winner.index()].is_empty() {
            format!("{other}'s master captured")
        } else {
            format!("{name}'s master reached {other}'s temple arch")
        })
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.scratch_hash()
    }

    fn ply_limit(&self) -> u32 {
        self.ply_limit
    }

    fn repetition_limit(&self) -> Option<u32> {
        Some(3)
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        notation::parse_move(self, text)
    }

    fn move_notation(&self, mv: Move) -> String {
        notation::write_move(mv)
    }

    fn evaluate(&self, seat: usize) -> i32 {
        eval::evaluate(self, Color::from_index(seat))
    }

    fn move_hint(&self, mv: Move) -> i32 {
        eval::move_hint(self, mv)
    }

    fn noisy_moves(&self, out: &mut Vec<Move>) -> crate::game::Quiescence {
        self.noisy(out)
    }

    #[inline]
    fn threatened(&self) -> bool {
        self.wins_next(!self.to_move)
    }

    #[inline(always)]
    fn count_moves(&self, _buf: &mut Vec<Move>) -> u64 {
        self.count()
    }
}
