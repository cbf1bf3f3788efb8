//! Capture Chinese checkers (`docs/rules/checkers.md`): 2 to 6 players share 60 marbles
//! on the 121-hole star; every move is a chain of jumps capturing each marble jumped, and the game
//! ends when no jump exists anywhere. Optional long jumps.
//!
//! Modules: [`geometry`] (the star), [`board`] (sets of holes, the three axis layouts),
//! [`jumps`] (single jumps), [`moves`] (chain moves merged by resulting position, least chains),
//! [`notation`], [`zobrist`], [`eval`], [`chain`] (longest chain analysis) and [`solitaire`].

mod bench;
pub mod board;
pub mod chain;
pub mod moves;
pub mod eval;
pub mod geometry;
pub mod jumps;
pub mod notation;
pub mod solitaire;
mod svg;
mod trail;
pub mod zobrist;

use crate::error::Error;
use crate::game::{Game, Payoffs, Turn, MAX_PLAYERS};
use crate::options::{GameOptions, OptionSpec};

use board::{Marbles, ALL_HOLES};
use geometry::{tables, Hole, ROW_WIDTHS};
use notation::Setup;

/// 400 two-player openings of 3 to 6 random plies whose scores at depths 6 and 7 average within
/// 40 units (two fifths of a marble) of even, made by `tabula arena book checkers --positions 400
/// --plies 3-6 --depth 6 --within 40 --seed 77` (its first line). The arena starts two-player
/// games from them by default.
pub const OPENINGS: &str = include_str!("openings.txt");

/// The 60 holes of the central hexagon other than the centre, as a bit set.
pub fn start_marbles() -> u128 {
    let t = tables();
    (0..geometry::HOLES)
        .filter(|&h| {
            let (x, y, z) = t.cube[h];
            x.abs().max(y.abs()).max(z.abs()) <= 4 && (x, y, z) != (0, 0, 0)
        })
        .fold(0u128, |b, h| b | 1u128 << h)
}

/// A move: the holes whose content it changes (start, captured marbles, landing; a hole that is
/// both cancels out). Two chains that leave the same position are the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChainMove {
    /// Changed holes, bit `h` for hole `h` in reading order.
    pub diff: u128,
}

/// A capture-checkers position: marbles, scores, the player to move and the rule options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkers {
    marbles: Marbles,
    scores: [u8; MAX_PLAYERS],
    players: u8,
    to_move: u8,
    long: bool,
    over: bool,
    ply_limit: u32,
    hash: u64,
}

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "players",
        value: "N",
        help: "number of players, 2 to 6",
        default: "2",
    },
    OptionSpec {
        name: "long",
        value: "",
        help: "long jumps (k empty holes, a marble, k empty holes) may capture too",
        default: "false",
    },
    OptionSpec {
        name: "ply-limit",
        value: "N",
        help: "plies after which a played game is a draw (a game has at most 59 moves)",
        default: "100",
    },
];

impl Checkers {
    /// A position from a checked setup.
    pub fn from_setup(setup: &Setup, ply_limit: u32) -> Self {
        let mut scores = [0u8; MAX_PLAYERS];
        scores[..setup.players].copy_from_slice(&setup.scores);
        let mut s = Checkers {
            marbles: Marbles::from_bits(setup.marbles),
            scores,
            players: setup.players as u8,
            to_move: setup.to_move as u8,
            long: setup.long,
            over: false,
            ply_limit,
            hash: 0,
        };
        s.over = !s.any_jump();
        s.hash = s.hash_from_scratch();
        s
    }

    /// The setup of this position (for notation).
    pub fn setup(&self) -> Setup {
        Setup {
            marbles: self.marbles.bits(),
            to_move: self.to_move as usize,
            players: self.players as usize,
            scores: self.scores[..self.players as usize].to_vec(),
            long: self.long,
        }
    }

    /// The marbles, bit `h` for hole `h` in reading order.
    pub fn marbles(&self) -> u128 {
        self.marbles.bits()
    }

    /// The marbles in all three axis layouts.
    pub fn marble_layouts(&self) -> &Marbles {
        &self.marbles
    }

    /// The captures of each seat.
    pub fn scores(&self) -> &[u8] {
        &self.scores[..self.players as usize]
    }

    /// Whether long jumps are allowed.
    pub fn long(&self) -> bool {
        self.long
    }

    /// Whether any jump exists on the board (the game goes on exactly while one does).
    pub fn any_jump(&self) -> bool {
        jumps::single_jumps(&self.marbles, self.long).any()
    }

    /// The captures the move makes here.
    pub fn captures(&self, mv: ChainMove) -> u32 {
        moves::captures_of(self.marbles.bits(), mv.diff)
    }

    /// The least chain (reading order) that makes the move, as holes.
    pub fn chain_of(&self, mv: ChainMove) -> Option<Vec<Hole>> {
        moves::least_chain(self.marbles.bits(), self.long, mv.diff)
    }

    fn options(options: &GameOptions) -> Result<(u32, Option<usize>, Option<bool>), Error> {
        options.check_known(Self::NAME, OPTIONS)?;
        let ply_limit = options.get_int("ply-limit", 100, 1, 1_000_000)? as u32;
        let players = match options.get("players") {
            Some(_) => Some(options.get_int("players", 2, 2, 6)? as usize),
            None => None,
        };
        let long = match options.get("long") {
            Some(_) => Some(options.get_flag("long")?),
            None => None,
        };
        Ok((ply_limit, players, long))
    }
}

impl Game for Checkers {
    type Move = ChainMove;
    const NAME: &'static str = "checkers";
    const SUMMARY: &'static str =
        "Capture Chinese checkers: 2-6 players jump and capture shared marbles on the star";

    const BENCH: crate::game::BenchSet = bench::BENCH;
    const SCORE_UNIT: Option<(i32, &'static str)> = Some((eval::MARBLE, "marble captured"));

    const SAMPLE_POSITIONS: &'static [&'static str] = &[
        "./../.../o.../....ooo....../.....oo.oo../..ooo..o.../..o...o.../o......../o.o..o..../...ooo...../....o.o...../......o.o..../..o./.../../. 1/2 14,20",
    ];

    const SAMPLE_OPTIONS: &'static [&'static [(&'static str, &'static str)]] = &[
        &[("players", "2")],
        &[("players", "3")],
        &[("players", "4")],
        &[("players", "5")],
        &[("players", "6")],
        &[("players", "2"), ("long", "true")],
        &[("players", "3"), ("long", "true")],
        &[("players", "4"), ("long", "true")],
        &[("players", "5"), ("long", "true")],
        &[("players", "6"), ("long", "true")],
    ];

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    /// Two players without long jumps: [`OPENINGS`]. Between equal bots the player who starts
    /// after two random plies wins nearly every game, so most pairs of games split by the seat.
    fn opening_book(options: &GameOptions) -> Option<&'static str> {
        match Self::options(options) {
            Ok((_, players, long)) if players.unwrap_or(2) == 2 && !long.unwrap_or(false) => {
                Some(OPENINGS)
            }
            _ => None,
        }
    }

    fn start(options: &GameOptions) -> Result<Self, Error> {
        let (ply_limit, players, long) = Self::options(options)?;
        let players = players.unwrap_or(2);
        let setup = Setup {
            marbles: start_marbles(),
            to_move: 0,
            players,
            scores: vec![0; players],
            long: long.unwrap_or(false),
        };
        Ok(Self::from_setup(&setup, ply_limit))
    }

    fn from_notation(text: &str, options: &GameOptions) -> Result<Self, Error> {
        let (ply_limit, players, long) = Self::options(options)?;
        let setup = notation::parse_position(text)?;
        if let Some(p) = players.filter(|&p| p != setup.players) {
            return Err(Error::position(format!(
                "the position has {} players but the options say {p}",
                setup.players
            )));
        }
        if long == Some(true) && !setup.long {
            return Err(Error::position(
                "the long-jump option is on but the position does not end with 'long'",
            ));
        }
        Ok(Self::from_setup(&setup, ply_limit))
    }

    fn notation(&self) -> String {
        notation::write_position(&self.setup())
    }

    fn render(&self) -> String {
        render(self)
    }

    fn svg(&self, highlight: Option<ChainMove>) -> String {
        svg::svg(self, highlight)
    }

    fn players(&self) -> usize {
        self.players as usize
    }

    fn turn(&self) -> Turn {
        if self.over {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move as usize)
        }
    }

    fn legal_moves(&self, out: &mut Vec<ChainMove>) {
        if self.over {
            return;
        }
        moves::with_scratch(|scratch| {
            moves::generate(&self.marbles, self.long, scratch, |diff, _| {
                out.push(ChainMove { diff })
            })
        });
    }

    fn play(&mut self, mv: ChainMove) {
        let seat = self.to_move as usize;
        let captured = moves::captures_of(self.marbles.bits(), mv.diff) as u8;
        self.marbles.toggle(mv.diff);
        self.hash ^= zobrist::marbles_key(mv.diff);
        self.hash ^= zobrist::score_key(seat, self.scores[seat]);
        self.scores[seat] += captured;
        self.hash ^= zobrist::score_key(seat, self.scores[seat]);
        self.hash ^= zobrist::TO_MOVE[seat];
        self.to_move = ((seat + 1) % self.players as usize) as u8;
        self.hash ^= zobrist::TO_MOVE[self.to_move as usize];
        self.over = !self.any_jump();
    }

    fn payoffs(&self) -> Payoffs {
        let scores = self.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        let leaders: Vec<usize> = (0..scores.len()).filter(|&s| scores[s] == best).collect();
        Payoffs::shared(&leaders, scores.len())
    }

    fn points(&self) -> Option<Vec<i64>> {
        Some(self.scores().iter().map(|&s| i64::from(s)).collect())
    }

    fn end_reason(&self) -> Option<String> {
        let scores: Vec<String> = self.scores().iter().map(|s| s.to_string()).collect();
        Some(format!(
            "{} has no capture; marbles taken {}",
            self.seat_name(self.to_move as usize),
            scores.join(", ")
        ))
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h =
            zobrist::marbles_key(self.marbles.bits()) ^ zobrist::TO_MOVE[self.to_move as usize];
        for (seat, &score) in self.scores().iter().enumerate() {
            h ^= zobrist::score_key(seat, score);
        }
        h
    }

    fn ply_limit(&self) -> u32 {
        self.ply_limit
    }

    fn parse_move(&self, text: &str) -> Result<ChainMove, Error> {
        let holes = notation::parse_holes(text)?;
        if self.over {
            return Err(Error::bad_move(format!(
                "'{text}': the game is over, no jump exists"
            )));
        }
        let diff = moves::follow(self.marbles.bits(), self.long, &holes)
            .map_err(|e| Error::bad_move(format!("'{text}': {e}")))?;
        Ok(ChainMove { diff })
    }

    fn move_notation(&self, mv: ChainMove) -> String {
        match self.chain_of(mv) {
            Some(holes) => notation::write_holes(&holes),
            None => format!("(not a move here: {:#x})", mv.diff),
        }
    }

    fn evaluate(&self, seat: usize) -> i32 {
        eval::evaluate(self, seat)
    }

    fn evaluate_all(&self, out: &mut [i32]) {
        eval::evaluate_all(self, out)
    }

    /// Marbles belong to nobody, so any seat may make any move: the turn simply moves on.
    fn pass_to(&mut self, seat: usize) -> bool {
        if seat >= self.players as usize {
            return false;
        }
        self.hash ^= zobrist::TO_MOVE[self.to_move as usize] ^ zobrist::TO_MOVE[seat];
        self.to_move = seat as u8;
        true
    }

    fn move_hint(&self, mv: ChainMove) -> i32 {
        self.captures(mv) as i32
    }

    fn count_moves(&self, _buf: &mut Vec<ChainMove>) -> u64 {
        if self.over {
            return 0;
        }
        let mut n = 0u64;
        moves::with_scratch(|scratch| {
            moves::generate(&self.marbles, self.long, scratch, |_, _| n += 1)
        });
        n
    }
}

/// The star drawn row by row, marbles `o` and empty holes `.`, row letters on both sides and the
/// range of places of each row, so every hole can be named.
fn render(s: &Checkers) -> String {
    let t = tables();
    let occ = s.marbles.bits();
    let mut out = String::new();
    let rule = if s.long { "long jumps" } else { "short jumps" };
    let scores: Vec<String> = s
        .scores()
        .iter()
        .enumerate()
        .map(|(i, v)| format!("player {} {v}", i + 1))
        .collect();
    out.push_str(&format!(
        "capture checkers, {} players, {rule}; {}\n",
        s.players,
        scores.join(", ")
    ));
    for (row, &width) in ROW_WIDTHS.iter().enumerate() {
        let letter = (b'a' + row as u8) as char;
        let mut line = vec![b' '; 53];
        for p in 0..width {
            let h = t.row_start[row] + p;
            let (x, y, _) = t.cube[h];
            let col = (2 * (x - y + 12)) as usize;
            line[col + 2] = if occ >> h & 1 == 1 { b'o' } else { b'.' };
        }
        let drawn = String::from_utf8(line)
            .expect("ascii")
            .trim_end()
            .to_string();
        out.push_str(&format!(
            "{letter} {drawn:<52} {letter}1..{letter}{}\n",
            width
        ));
    }
    out.push_str("places count from the left of each row; the centre is i5\n");
    let status = if s.over {
        "game over: no jump is left".to_string()
    } else {
        format!(
            "player {} to move, {} marbles on the board",
            s.to_move + 1,
            (occ & ALL_HOLES).count_ones()
        )
    };
    out.push_str(&status);
    out.push('\n');
    out
}

/// Visits every position of a random game (moves drawn uniformly by `rng`) with these players
/// and jump rule, the start and the end included: test positions as met in play.
#[cfg(test)]
pub(crate) fn random_game(
    players: usize,
    long: bool,
    rng: &mut impl rand::Rng,
    mut visit: impl FnMut(&Checkers),
) {
    use rand::seq::IndexedRandom;
    let mut options = GameOptions::new();
    options.set("players", &players.to_string());
    options.set("long", if long { "1" } else { "0" });
    let mut state = Checkers::start(&options).expect("a valid setup");
    let mut moves = Vec::new();
    loop {
        visit(&state);
        if matches!(state.turn(), Turn::Terminal) {
            return;
        }
        moves.clear();
        state.legal_moves(&mut moves);
        state.play(*moves.choose(rng).expect("a game goes on while a jump exists"));
    }
}
