//! Two tiny games for the arena tests, so the arena is tested before (and apart from) the real
//! games: a two-player take-away game with draws and optional chance, and an n-player race.
#![allow(dead_code)]

use std::collections::BTreeMap;

use rand::RngExt;
use tabula::arena::{Config, Openings};
use tabula::{Error, Game, GameOptions, OptionSpec, Payoffs, Probability, Turn};

fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Take-away: players remove 1 to 3 stones in turn; taking the last stone wins; leaving exactly
/// 13 stones is a draw. With `noisy`, after each move chance removes 0 or 1 stone (1/2 each)
/// while at least 2 remain. The start pile is 21, or 15 to 30 at random from option `seed`.
#[derive(Clone, Debug, PartialEq)]
pub struct TakeAway {
    pile: u32,
    to_move: u8,
    chance: bool,
    noisy: bool,
    result: Option<Option<u8>>,
    ply_limit: u32,
    hash: u64,
}

impl TakeAway {
    fn compute_hash(&self) -> u64 {
        let r = match self.result {
            None => 0,
            Some(None) => 1,
            Some(Some(w)) => 2 + u64::from(w),
        };
        mix(u64::from(self.pile)
            | u64::from(self.to_move) << 8
            | u64::from(self.chance) << 9
            | r << 10)
    }
}

static TAKE_OPTIONS: [OptionSpec; 3] = [
    OptionSpec {
        name: "seed",
        value: "N",
        help: "random start pile",
        default: "",
    },
    OptionSpec {
        name: "ply-limit",
        value: "N",
        help: "draw after this many plies",
        default: "40",
    },
    OptionSpec {
        name: "noisy",
        value: "",
        help: "chance removes stones",
        default: "false",
    },
];

impl Game for TakeAway {
    type Move = u8;
    const NAME: &'static str = "takeaway";
    const SUMMARY: &'static str = "test game";

    fn option_specs() -> &'static [OptionSpec] {
        &TAKE_OPTIONS
    }

    fn start(options: &GameOptions) -> Result<Self, Error> {
        options.check_known(Self::NAME, Self::option_specs())?;
        let pile = match options.get_u64("seed")? {
            Some(s) => tabula::random::rng(s).random_range(15..=30),
            None => 21,
        };
        Self::from_notation(&format!("{pile} 0"), options)
    }

    fn from_notation(text: &str, options: &GameOptions) -> Result<Self, Error> {
        let parts: Vec<&str> = text.split_whitespace().collect();
        let bad = || Error::position(format!("'{text}' is not 'pile seat[c|w0|w1|d]'"));
        if parts.len() != 2 {
            return Err(bad());
        }
        let pile: u32 = parts[0].parse().map_err(|_| bad())?;
        let (seat, rest) = parts[1].split_at(1);
        let to_move: u8 = seat.parse().map_err(|_| bad())?;
        if to_move > 1 {
            return Err(bad());
        }
        let (chance, result) = match rest {
            "" => (false, None),
            "c" => (true, None),
            "d" => (false, Some(None)),
            "w0" => (false, Some(Some(0))),
            "w1" => (false, Some(Some(1))),
            _ => return Err(bad()),
        };
        let mut g = TakeAway {
            pile,
            to_move,
            chance,
            noisy: options.get_flag("noisy")?,
            result,
            ply_limit: options.get_int("ply-limit", 40, 1, 1000)? as u32,
            hash: 0,
        };
        g.hash = g.compute_hash();
        Ok(g)
    }

    fn notation(&self) -> String {
        let suffix = match self.result {
            None if self.chance => "c".to_string(),
            None => String::new(),
            Some(None) => "d".into(),
            Some(Some(w)) => format!("w{w}"),
        };
        format!("{} {}{}", self.pile, self.to_move, suffix)
    }

    fn render(&self) -> String {
        format!("{}\n", "o".repeat(self.pile as usize))
    }

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.result.is_some() {
            Turn::Terminal
        } else if self.chance {
            Turn::Chance
        } else {
            Turn::Player(self.to_move as usize)
        }
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        if self.turn() == Turn::Player(self.to_move as usize) {
            out.extend((1..=3u8).filter(|&k| u32::from(k) <= self.pile));
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(u8, Probability)>) {
        if self.turn() == Turn::Chance {
            out.push((0, Probability::new(1, 2)));
            out.push((1, Probability::new(1, 2)));
        }
    }

    fn play(&mut self, mv: u8) {
        // An illegal move is a caller's bug: say so (the arena tests feed one on purpose).
        assert!(
            u32::from(mv) <= self.pile,
            "take-away: cannot take {mv} of {} stones",
            self.pile
        );
        if self.chance {
            self.pile -= u32::from(mv);
            self.chance = false;
        } else {
            self.pile -= u32::from(mv);
            if self.pile == 0 {
                self.result = Some(Some(self.to_move));
            } else if self.pile == 13 {
                self.result = Some(None);
            } else if self.noisy && self.pile >= 2 {
                self.chance = true;
            }
            self.to_move ^= 1;
        }
        self.hash = self.compute_hash();
    }

    fn payoffs(&self) -> Payoffs {
        match self.result {
            Some(Some(w)) => Payoffs::win(w as usize, 2),
            _ => Payoffs::draw(2),
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn ply_limit(&self) -> u32 {
        self.ply_limit
    }

    fn parse_move(&self, text: &str) -> Result<u8, Error> {
        let k: u8 = text
            .parse()
            .map_err(|_| Error::bad_move(format!("'{text}' is not a number of stones")))?;
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if self.chance && k <= 1 || legal.contains(&k) {
            Ok(k)
        } else {
            Err(Error::bad_move(format!("cannot take {k} here")))
        }
    }

    fn move_notation(&self, mv: u8) -> String {
        mv.to_string()
    }

    /// Perfect play: a pile that is a multiple of 4 loses for the player to move.
    fn evaluate(&self, seat: usize) -> i32 {
        let mover_wins = !self.pile.is_multiple_of(4);
        if mover_wins == (seat == self.to_move as usize) {
            100
        } else {
            -100
        }
    }
}

/// A race for `players` (2 to 6): in turn each adds 1 or 2 to its own counter; the first to
/// reach 10 wins. The ply limit (default 200) draws among all.
#[derive(Clone, Debug, PartialEq)]
pub struct Race {
    counters: Vec<u32>,
    to_move: usize,
    winner: Option<usize>,
    ply_limit: u32,
}

static RACE_OPTIONS: [OptionSpec; 2] = [
    OptionSpec {
        name: "players",
        value: "N",
        help: "players",
        default: "3",
    },
    OptionSpec {
        name: "ply-limit",
        value: "N",
        help: "draw after this many plies",
        default: "200",
    },
];

impl Game for Race {
    type Move = u8;
    const NAME: &'static str = "race";
    const SUMMARY: &'static str = "test game";

    fn option_specs() -> &'static [OptionSpec] {
        &RACE_OPTIONS
    }

    fn start(options: &GameOptions) -> Result<Self, Error> {
        options.check_known(Self::NAME, Self::option_specs())?;
        let n = options.get_int("players", 3, 2, 6)? as usize;
        Self::from_notation(&format!("{} 0", vec!["0"; n].join(",")), options)
    }

    fn from_notation(text: &str, options: &GameOptions) -> Result<Self, Error> {
        let bad = || Error::position(format!("'{text}' is not 'c1,c2,... seat'"));
        let (c, s) = text.split_once(' ').ok_or_else(bad)?;
        let counters: Vec<u32> = c
            .split(',')
            .map(|x| x.parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let to_move: usize = s.parse().map_err(|_| bad())?;
        if !(2..=6).contains(&counters.len()) || to_move >= counters.len() {
            return Err(bad());
        }
        let winner = counters.iter().position(|&c| c >= 10);
        Ok(Race {
            counters,
            to_move,
            winner,
            ply_limit: options.get_int("ply-limit", 200, 1, 10_000)? as u32,
        })
    }

    fn notation(&self) -> String {
        let c: Vec<String> = self.counters.iter().map(u32::to_string).collect();
        format!("{} {}", c.join(","), self.to_move)
    }

    fn render(&self) -> String {
        self.notation()
    }

    fn players(&self) -> usize {
        self.counters.len()
    }

    fn turn(&self) -> Turn {
        if self.winner.is_some() {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        if self.winner.is_none() {
            out.extend([1, 2]);
        }
    }

    fn play(&mut self, mv: u8) {
        self.counters[self.to_move] += u32::from(mv);
        if self.counters[self.to_move] >= 10 {
            self.winner = Some(self.to_move);
        }
        self.to_move = (self.to_move + 1) % self.counters.len();
    }

    fn payoffs(&self) -> Payoffs {
        match self.winner {
            Some(w) => Payoffs::win(w, self.players()),
            None => Payoffs::draw(self.players()),
        }
    }

    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }

    fn hash_from_scratch(&self) -> u64 {
        self.counters
            .iter()
            .fold(mix(self.to_move as u64), |h, &c| mix(h ^ u64::from(c)))
    }

    fn ply_limit(&self) -> u32 {
        self.ply_limit
    }

    fn parse_move(&self, text: &str) -> Result<u8, Error> {
        match text {
            "1" => Ok(1),
            "2" => Ok(2),
            _ => Err(Error::bad_move(format!("'{text}' is not 1 or 2"))),
        }
    }

    fn move_notation(&self, mv: u8) -> String {
        mv.to_string()
    }

    fn evaluate(&self, seat: usize) -> i32 {
        let best_other = (0..self.players())
            .filter(|&s| s != seat)
            .map(|s| self.counters[s])
            .max()
            .unwrap_or(0);
        self.counters[seat] as i32 - best_other as i32
    }
}

/// A config for a test tournament.
pub fn config(game: &str, engines: &[&str], games: u64, seed: u64, plies: u32) -> Config {
    Config {
        game: game.to_string(),
        options: BTreeMap::new(),
        engines: engines.iter().map(|s| s.to_string()).collect(),
        gauntlet: false,
        games,
        seed,
        openings: Openings::Random { plies },
        sprt: None,
        tc: None,
        margin_ms: tabula::arena::config::DEFAULT_MARGIN_MS,
    }
}

/// Plays a whole tournament with `concurrency` games at once and returns its records in
/// schedule order.
pub fn play_all<G: Game>(
    arena: &tabula::arena::Arena<G>,
    concurrency: usize,
) -> Vec<tabula::arena::GameRecord> {
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut games = arena
        .run_tournament(None, Vec::new(), concurrency, None, &stop, |_| {})
        .unwrap();
    games.sort_by_key(|g| g.index);
    games
}
