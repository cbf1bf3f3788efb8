//! Small games for testing the searchers before (and besides) the real games, and a plain
//! minimax / expectimax without pruning or table to check them against.
#![allow(dead_code)]

use tabula::search::score::{terminal_score, PROVEN};
use tabula::{Error, Game, GameOptions, OptionSpec, Payoffs, Probability, Turn, EVAL_LIMIT};

fn mix(x: u64) -> u64 {
    tabula::random::derive_seed(0x5eed, x)
}

macro_rules! notation_stubs {
    () => {
        fn option_specs() -> &'static [OptionSpec] {
            &[]
        }
        fn from_notation(_: &str, _: &GameOptions) -> Result<Self, Error> {
            Err(Error::position("test game"))
        }
        fn notation(&self) -> String {
            format!("{self:?}")
        }
        fn render(&self) -> String {
            format!("{self:?}")
        }
        fn hash(&self) -> u64 {
            self.hash_from_scratch()
        }
        fn ply_limit(&self) -> u32 {
            1000
        }
        fn parse_move(&self, _: &str) -> Result<Self::Move, Error> {
            Err(Error::bad_move("test game"))
        }
        fn move_notation(&self, mv: Self::Move) -> String {
            format!("{mv:?}")
        }
    };
}

/// Tic-tac-toe; a position's ply is its number of marks, so the table never mixes depths.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TicTacToe {
    pub cells: [u8; 9], // 0 empty, 1 X (seat 0), 2 O (seat 1)
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    pub fn from_str(s: &str) -> Self {
        let mut cells = [0; 9];
        for (i, c) in s.chars().filter(|c| !c.is_whitespace()).enumerate() {
            cells[i] = match c {
                'x' | 'X' => 1,
                'o' | 'O' => 2,
                _ => 0,
            };
        }
        TicTacToe { cells }
    }
    fn winner(&self) -> Option<usize> {
        LINES.iter().find_map(|l| {
            let c = self.cells[l[0]];
            (c != 0 && c == self.cells[l[1]] && c == self.cells[l[2]]).then(|| c as usize - 1)
        })
    }
    fn marks(&self) -> usize {
        self.cells.iter().filter(|&&c| c != 0).count()
    }
}

impl Game for TicTacToe {
    type Move = u8;
    const NAME: &'static str = "tictactoe";
    const SUMMARY: &'static str = "test";
    notation_stubs!();
    fn start(_: &GameOptions) -> Result<Self, Error> {
        Ok(Self::default())
    }
    fn players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.winner().is_some() || self.marks() == 9 {
            Turn::Terminal
        } else {
            Turn::Player(self.marks() % 2)
        }
    }
    fn legal_moves(&self, out: &mut Vec<u8>) {
        if self.turn() == Turn::Terminal {
            return;
        }
        out.extend((0..9u8).filter(|&i| self.cells[i as usize] == 0));
    }
    fn play(&mut self, mv: u8) {
        self.cells[mv as usize] = (self.marks() % 2) as u8 + 1;
    }
    fn payoffs(&self) -> Payoffs {
        match self.winner() {
            Some(w) => Payoffs::win(w, 2),
            None => Payoffs::draw(2),
        }
    }
    fn hash_from_scratch(&self) -> u64 {
        self.cells
            .iter()
            .enumerate()
            .fold(0, |h, (i, &c)| h ^ mix(i as u64 * 3 + c as u64))
    }
    fn evaluate(&self, seat: usize) -> i32 {
        // Open lines for me minus open lines for the other, weighted by marks in them.
        let me = seat as u8 + 1;
        let mut v = 0;
        for l in LINES {
            let mine = l.iter().filter(|&&i| self.cells[i] == me).count() as i32;
            let theirs = l
                .iter()
                .filter(|&&i| self.cells[i] != 0 && self.cells[i] != me)
                .count() as i32;
            if theirs == 0 {
                v += 1 + 10 * mine;
            }
            if mine == 0 {
                v -= 1 + 10 * theirs;
            }
        }
        v
    }
    fn move_hint(&self, mv: u8) -> i32 {
        i32::from(mv == 4)
    }
}

/// Subtraction game: take 1 to 3 from a pile; whoever takes the last wins. The same pile recurs
/// at different plies, so the table meets real transpositions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    pub pile: u32,
    pub mover: usize,
}

impl Game for Nim {
    type Move = u32;
    const NAME: &'static str = "nim";
    const SUMMARY: &'static str = "test";
    notation_stubs!();
    fn start(_: &GameOptions) -> Result<Self, Error> {
        Ok(Nim { pile: 21, mover: 0 })
    }
    fn players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.pile == 0 {
            Turn::Terminal
        } else {
            Turn::Player(self.mover)
        }
    }
    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.extend((1..=3).filter(|&k| k <= self.pile));
    }
    fn play(&mut self, mv: u32) {
        self.pile -= mv;
        self.mover = 1 - self.mover;
    }
    fn payoffs(&self) -> Payoffs {
        // The player who took the last moved just before: the other one is "to move".
        Payoffs::win(1 - self.mover, 2)
    }
    fn hash_from_scratch(&self) -> u64 {
        mix(u64::from(self.pile) * 2 + self.mover as u64)
    }
    fn evaluate(&self, seat: usize) -> i32 {
        let v = ((self.pile * 37) % 23) as i32 - 11;
        if seat == self.mover {
            v
        } else {
            -v
        }
    }
}

/// A dice race: throw a die (1: 1/4, 2: 1/2, 3: 1/4), then advance by the throw or advance one
/// less and push the other back one. A 3 throws again (the same side moves twice). First to
/// `GOAL` wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    pub pos: [i32; 2],
    pub mover: usize,
    pub thrown: Option<i32>,
}

pub const GOAL: i32 = 9;

impl Game for Race {
    type Move = (u8, u8); // (kind, value): (0, throw) chance outcome; (1, 0) advance; (1, 1) push
    const NAME: &'static str = "race";
    const SUMMARY: &'static str = "test";
    notation_stubs!();
    fn start(_: &GameOptions) -> Result<Self, Error> {
        Ok(Race {
            pos: [0, 0],
            mover: 0,
            thrown: None,
        })
    }
    fn players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.pos.iter().any(|&p| p >= GOAL) {
            Turn::Terminal
        } else if self.thrown.is_none() {
            Turn::Chance
        } else {
            Turn::Player(self.mover)
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Self::Move, Probability)>) {
        if self.turn() == Turn::Chance {
            out.push(((0, 1), Probability::new(1, 4)));
            out.push(((0, 2), Probability::new(1, 2)));
            out.push(((0, 3), Probability::new(1, 4)));
        }
    }
    fn legal_moves(&self, out: &mut Vec<Self::Move>) {
        if self.turn() == Turn::Player(self.mover) {
            out.push((1, 0));
            out.push((1, 1));
        }
    }
    fn play(&mut self, mv: Self::Move) {
        match mv {
            (0, t) => self.thrown = Some(i32::from(t)),
            (_, kind) => {
                let t = self.thrown.take().unwrap();
                if kind == 0 {
                    self.pos[self.mover] += t;
                } else {
                    self.pos[self.mover] += t - 1;
                    let o = 1 - self.mover;
                    self.pos[o] = (self.pos[o] - 1).max(0);
                }
                if t != 3 {
                    self.mover = 1 - self.mover;
                }
            }
        }
    }
    fn payoffs(&self) -> Payoffs {
        Payoffs::win(if self.pos[0] >= GOAL { 0 } else { 1 }, 2)
    }
    fn hash_from_scratch(&self) -> u64 {
        mix((self.pos[0] * 16 + self.pos[1]) as u64 * 16
            + self.mover as u64 * 8
            + self.thrown.unwrap_or(0) as u64)
    }
    fn evaluate(&self, seat: usize) -> i32 {
        (self.pos[seat] - self.pos[1 - seat]) * 100 + if self.mover == seat { 30 } else { -30 }
    }
    fn move_hint(&self, mv: Self::Move) -> i32 {
        i32::from(mv.1 == 1)
    }
}

/// Three-player subtraction: take 1 or 2 in turn; whoever takes the last wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim3 {
    pub pile: u32,
    pub mover: usize,
}

impl Game for Nim3 {
    type Move = u32;
    const NAME: &'static str = "nim3";
    const SUMMARY: &'static str = "test";
    notation_stubs!();
    fn start(_: &GameOptions) -> Result<Self, Error> {
        Ok(Nim3 { pile: 14, mover: 0 })
    }
    fn players(&self) -> usize {
        3
    }
    fn turn(&self) -> Turn {
        if self.pile == 0 {
            Turn::Terminal
        } else {
            Turn::Player(self.mover)
        }
    }
    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.extend((1..=2).filter(|&k| k <= self.pile));
    }
    fn play(&mut self, mv: u32) {
        self.pile -= mv;
        self.mover = (self.mover + 1) % 3;
    }
    fn payoffs(&self) -> Payoffs {
        Payoffs::win((self.mover + 2) % 3, 3)
    }
    fn hash_from_scratch(&self) -> u64 {
        mix(u64::from(self.pile) * 3 + self.mover as u64)
    }
    fn evaluate(&self, seat: usize) -> i32 {
        ((self.pile * 7 + seat as u32 * 13 + self.mover as u32 * 5) % 41) as i32 - 20
    }
}

/// Coins in a line: each player in turn takes the coin at either end of the row (move 0 the
/// left one, 1 the right one); when none is left, whoever took more wins. A game decided by
/// points ([`Game::points`]), so a lost position can still be lost by less.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coins {
    pub row: Vec<u8>,
    pub taken: [u32; 2],
    pub mover: usize,
}

impl Coins {
    /// The row `row` with nothing taken yet, seat 0 to move.
    pub fn new(row: &[u8]) -> Self {
        Coins {
            row: row.to_vec(),
            taken: [0; 2],
            mover: 0,
        }
    }

    /// The best final margin (the mover's points minus the other's, from here on) after
    /// taking the left (0) or the right (1) coin, both then playing for the margin.
    pub fn margin_after(&self, mv: u8) -> i32 {
        fn best(row: &[u8]) -> i32 {
            match row {
                [] => 0,
                [rest @ .., last] => {
                    let left = i32::from(row[0]) - best(&row[1..]);
                    left.max(i32::from(*last) - best(rest))
                }
            }
        }
        let n = self.row.len();
        if mv == 0 {
            i32::from(self.row[0]) - best(&self.row[1..])
        } else {
            i32::from(self.row[n - 1]) - best(&self.row[..n - 1])
        }
    }
}

impl Game for Coins {
    type Move = u8;
    const NAME: &'static str = "coins";
    const SUMMARY: &'static str = "test";
    notation_stubs!();
    fn start(_: &GameOptions) -> Result<Self, Error> {
        Ok(Coins::new(&[1, 1, 9, 1, 7]))
    }
    fn players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.row.is_empty() {
            Turn::Terminal
        } else {
            Turn::Player(self.mover)
        }
    }
    fn legal_moves(&self, out: &mut Vec<u8>) {
        match self.row.len() {
            0 => {}
            1 => out.push(0),
            _ => out.extend([0, 1]),
        }
    }
    fn play(&mut self, mv: u8) {
        let coin = if mv == 0 {
            self.row.remove(0)
        } else {
            self.row.pop().expect("a coin")
        };
        self.taken[self.mover] += u32::from(coin);
        self.mover = 1 - self.mover;
    }
    fn payoffs(&self) -> Payoffs {
        match self.taken[0].cmp(&self.taken[1]) {
            std::cmp::Ordering::Greater => Payoffs::win(0, 2),
            std::cmp::Ordering::Less => Payoffs::win(1, 2),
            std::cmp::Ordering::Equal => Payoffs::draw(2),
        }
    }
    fn points(&self) -> Option<Vec<i64>> {
        Some(self.taken.iter().map(|&t| i64::from(t)).collect())
    }
    fn hash_from_scratch(&self) -> u64 {
        let coins = self.row.iter().fold(0, |h, &c| mix(h ^ u64::from(c)));
        mix(coins ^ (u64::from(self.taken[0]) << 20) ^ (u64::from(self.taken[1]) << 40))
            ^ self.mover as u64
    }
    fn evaluate(&self, seat: usize) -> i32 {
        (self.taken[seat] as i32 - self.taken[1 - seat] as i32) * 100
    }
}

/// Plain minimax / expectimax with paranoid multi-player values, from `root`'s point of view,
/// with the same leaf and terminal scores as the engine and no pruning, no table: the reference.
/// Returns (value, nodes).
pub fn reference<G: Game>(state: &G, depth: i32) -> (i32, u64) {
    let root = match state.turn() {
        Turn::Player(p) => p,
        _ => 0,
    };
    let mut nodes = 0;
    let mut path = Vec::new();
    let v = plain(state, depth, 0, root, &mut path, &mut nodes);
    (v, nodes)
}

fn plain<G: Game>(
    state: &G,
    depth: i32,
    ply: usize,
    root: usize,
    path: &mut Vec<u64>,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    match state.turn() {
        Turn::Terminal => terminal_score(state.payoffs().get(root), state.players(), ply),
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            // A game whose evaluation is a chance to win counts proven results as a certain
            // win's evaluation in a mixed average.
            let (mut sum, mut capped, mut won, mut lost) = (0.0, 0.0, true, true);
            for (o, p) in outcomes {
                let mut c = state.clone();
                c.play(o);
                let v = plain(&c, depth, ply, root, path, nodes);
                sum += p.value() * f64::from(v);
                won &= v >= PROVEN;
                lost &= v <= -PROVEN;
                let cap = G::CHANCE_WIN_EVAL.unwrap_or(i32::MAX);
                capped += p.value() * f64::from(v.clamp(-cap, cap));
            }
            if G::CHANCE_WIN_EVAL.is_some() && !(won || lost) {
                capped.round() as i32
            } else {
                sum.round() as i32
            }
        }
        Turn::Player(seat) => {
            if state.repetition_limit().is_some() && path.contains(&state.hash()) {
                return 0;
            }
            let eval = state.evaluate(root).clamp(-EVAL_LIMIT, EVAL_LIMIT);
            if depth <= 0 {
                return eval;
            }
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            if moves.is_empty() {
                return eval;
            }
            path.push(state.hash());
            let mut best: Option<i32> = None;
            for m in moves {
                let mut c = state.clone();
                c.play(m);
                let v = plain(&c, depth - 1, ply + 1, root, path, nodes);
                best = Some(match best {
                    None => v,
                    Some(b) if seat == root => b.max(v),
                    Some(b) => b.min(v),
                });
            }
            path.pop();
            best.unwrap()
        }
    }
}

/// A position after `plies` random moves and outcomes from `start` (stopping at the end).
pub fn random_position<G: Game>(start: &G, plies: usize, seed: u64) -> G {
    use rand::RngExt;
    let mut rng = tabula::random::rng(seed);
    let mut s = start.clone();
    for _ in 0..plies {
        match s.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let mut o = Vec::new();
                s.chance_outcomes(&mut o);
                let k = rng.random_range(0..o.len());
                s.play(o[k].0);
            }
            Turn::Player(_) => {
                let mut m = Vec::new();
                s.legal_moves(&mut m);
                let k = rng.random_range(0..m.len());
                s.play(m[k]);
            }
        }
    }
    s
}
