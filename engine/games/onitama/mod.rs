//! Onitama, exactly as `docs/rules/onitama.md`: a 5x5 board, five pawns a side (a master and
//! four students), 16 move cards of which five are in play, wins by capturing the enemy master
//! or by bringing one's master to the enemy temple arch.
//!
//! The state is 28 bytes: one 25-bit bitboard of pawns and one of the master per colour, the four
//! hand cards and the side card, the side to move and the ply limit. Moves are looked up in target
//! masks precomputed per card, square and side, so `play` is a handful of bit operations without
//! branches, and counting moves at perft's last ply is a popcount per pawn. The Zobrist hash is
//! computed when asked for (see [`zobrist`]), so making a move never pays for it.

mod bench;
pub mod board;
pub mod cards;
pub mod color;
mod deal;
mod meta;
pub mod eval;
mod litama;
mod moves;
mod notation;
mod perft;
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
use meta::Meta;
use zobrist::{pawns_key, KEYS, SIDE_PLACE};

/// The default ply limit of a played game (a draw when reached).
pub const DEFAULT_PLY_LIMIT: u32 = 300;

/// An Onitama position (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Onitama {
    /// Every pawn (students and master) of each colour.
    pieces: [Bitboard; 2],
    /// The master of each colour: one square, or empty once captured.
    masters: [Bitboard; 2],
    /// The cards, the side to move and the ply limit.
    meta: Meta,
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
        Onitama {
            pieces: [row(0), row(4)],
            masters: [RED_TEMPLE, BLUE_TEMPLE],
            meta: Meta::new(
                [
                    sorted(deal.red[0], deal.red[1]),
                    sorted(deal.blue[0], deal.blue[1]),
                ],
                deal.side,
                deal.side.stamp(),
                ply_limit,
            ),
        }
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
        self.meta.hand(color.index())
    }

    /// The card beside the board (the next one the player to move receives).
    pub fn side_card(&self) -> Card {
        self.meta.side_card()
    }

    /// The colour to move (the loser, at a terminal position).
    pub fn to_move(&self) -> Color {
        self.meta.to_move()
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

    /// Plays a legal move (jump or pass) and passes the turn, without a branch: a pass has both
    /// squares 25 (off the board), so its XOR of `from` and `to` is empty and nothing moves.
    #[inline(always)]
    fn make(&mut self, mv: Move) {
        let us = self.meta.to_move().index();
        let them = us ^ 1;
        let (from, to) = mv.raw();
        let (from_bb, to_bb) = (1u32 << (from & 31), 1u32 << (to & 31));
        self.pieces[us].0 ^= from_bb ^ to_bb;
        let master = self.masters[us].0;
        self.masters[us].0 = if master == from_bb { to_bb } else { master };
        self.pieces[them].0 &= !to_bb;
        self.masters[them].0 &= !to_bb;
        self.pass_cards(mv.card());
    }

    /// The card exchange of a move with `used`: it goes beside the board, the side card joins the
    /// hand (kept in table order), and the turn passes.
    #[inline(always)]
    fn pass_cards(&mut self, used: Card) {
        self.pass_cards_of(self.meta.to_move().index(), used);
    }

    /// [`Onitama::pass_cards`] with the mover's index given, a constant in perft's hot loop.
    #[inline(always)]
    fn pass_cards_of(&mut self, us: usize, used: Card) {
        self.meta = self.meta.pass_cards(us, used);
    }

    /// The Zobrist hash (the keys of [`zobrist`]), from ten rank lookups for the pawns and one
    /// lookup for each master and card. Equal to [`Onitama::scratch_hash`], which a test checks.
    #[inline]
    fn zobrist(&self) -> u64 {
        let mut h = 0;
        for c in 0..2 {
            h ^= pawns_key(c, self.pieces[c].0);
            // An empty master set gives index 32, whose key is zero (the padding of the table).
            h ^= KEYS.master[c][self.masters[c].0.trailing_zeros() as usize & (ROW - 1)];
            let [a, b] = self.meta.hand(c);
            h ^= KEYS.card[a.slot()][c] ^ KEYS.card[b.slot()][c];
        }
        h ^= KEYS.card[self.meta.side_card().slot()][SIDE_PLACE];
        if self.meta.to_move() == Color::Blue {
            h ^= KEYS.blue_to_move;
        }
        h
    }

    /// The hash from the pieces, cards and side, one key at a time: the slow check of
    /// [`Onitama::zobrist`].
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
            for card in self.meta.hand(c) {
                h ^= KEYS.card[card.index()][c];
            }
        }
        h ^= KEYS.card[self.meta.side_card().index()][SIDE_PLACE];
        if self.meta.to_move() == Color::Blue {
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

    const FOREIGN_FORMATS: &'static [&'static str] = &[litama::FORMAT];

    /// Reads Litama's `state` JSON (`--from litama FILE`).
    fn from_foreign(format: &str, text: &str, options: &GameOptions) -> Result<Self, Error> {
        match format {
            litama::FORMAT => litama::read(text, options),
            _ => Err(crate::game::unknown_format::<Self>(format)),
        }
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
            Turn::Player(self.meta.to_move().index())
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

    #[inline]
    fn hash(&self) -> u64 {
        self.zobrist()
    }

    fn hash_from_scratch(&self) -> u64 {
        self.scratch_hash()
    }

    fn ply_limit(&self) -> u32 {
        self.meta.ply_limit()
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
        self.wins_next(!self.to_move())
    }

    #[inline(always)]
    fn count_moves(&self, _buf: &mut Vec<Move>) -> u64 {
        self.count()
    }

    fn perft(&self, depth: u32, make_leaves: bool) -> Option<u64> {
        Some(perft::perft(self, depth, make_leaves))
    }
}
