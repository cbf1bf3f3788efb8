//! The one trait every game implements and every searcher, perft and the arena use.
//!
//! The model is OpenSpiel's: a state says whose turn it is (a player, chance, or nobody because the
//! game is over), lists its legal moves into a caller's buffer, lists chance outcomes with exact
//! probabilities, and gives a payoff to every player at the end. Phases (Big Bang's setup,
//! Amidakuji's rounds) live inside the state; the trait never needs to know about them.

use std::fmt;
use std::hash::Hash;

use crate::error::Error;
use crate::options::{GameOptions, OptionSpec};

/// The most players any game has (capture checkers with six).
pub const MAX_PLAYERS: usize = 6;

/// Heuristic evaluations lie in `-EVAL_LIMIT..=EVAL_LIMIT`, so searchers can place proven wins and
/// losses strictly outside that range and know when the evaluation is bounded (Star pruning).
pub const EVAL_LIMIT: i32 = 10_000;

/// Who acts in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// A player (0-based seat) chooses a move.
    Player(usize),
    /// Chance picks an outcome from [`Game::chance_outcomes`].
    Chance,
    /// The game is over; [`Game::payoffs`] holds the result.
    Terminal,
}

/// An exact probability `num / den`: chance in our games is sticks and coins, all rational.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Probability {
    /// Numerator.
    pub num: u32,
    /// Denominator, never zero.
    pub den: u32,
}

impl Probability {
    /// The probability `num / den`.
    pub const fn new(num: u32, den: u32) -> Self {
        Probability { num, den }
    }

    /// The value as a float, for expectimax and sampling.
    pub fn value(self) -> f64 {
        f64::from(self.num) / f64::from(self.den)
    }
}

impl fmt::Display for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// The result of a finished game: one payoff per seat, each in `0..=1`, summing to exactly 1
/// (win 1 / loss 0 / draw 1/2 for two players; `1/w` for each of `w` tied leaders with more).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Payoffs {
    values: [f64; MAX_PLAYERS],
    players: usize,
}

impl Payoffs {
    /// Payoffs from a slice of per-seat values (at most [`MAX_PLAYERS`]).
    pub fn new(values: &[f64]) -> Self {
        assert!(values.len() <= MAX_PLAYERS, "too many players");
        let mut v = [0.0; MAX_PLAYERS];
        v[..values.len()].copy_from_slice(values);
        Payoffs {
            values: v,
            players: values.len(),
        }
    }

    /// The given seat wins outright; everybody else gets nothing.
    pub fn win(winner: usize, players: usize) -> Self {
        let mut v = [0.0; MAX_PLAYERS];
        v[winner] = 1.0;
        Payoffs { values: v, players }
    }

    /// The seat `winner` wins outright, or with none everybody shares equally.
    pub fn win_or_draw(winner: Option<usize>, players: usize) -> Self {
        winner.map_or(Self::draw(players), |w| Self::win(w, players))
    }

    /// Everybody shares equally: a draw.
    pub fn draw(players: usize) -> Self {
        let mut v = [0.0; MAX_PLAYERS];
        for x in v.iter_mut().take(players) {
            *x = 1.0 / players as f64;
        }
        Payoffs { values: v, players }
    }

    /// The seats in `winners` share the win equally.
    pub fn shared(winners: &[usize], players: usize) -> Self {
        let mut v = [0.0; MAX_PLAYERS];
        for &w in winners {
            v[w] = 1.0 / winners.len() as f64;
        }
        Payoffs { values: v, players }
    }

    /// The payoff of one seat.
    pub fn get(&self, seat: usize) -> f64 {
        self.values[seat]
    }

    /// All payoffs, one per seat.
    pub fn as_slice(&self) -> &[f64] {
        &self.values[..self.players]
    }

    /// How many seats there are.
    pub fn players(&self) -> usize {
        self.players
    }
}

/// What a position offers a quiescence search beyond the horizon ([`Game::noisy_moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quiescence {
    /// The game has no quiescence search: the horizon is scored by the evaluation alone (the
    /// default, so games that do not opt in search exactly as before).
    Off,
    /// The player to move may stand pat (take the evaluation as a lower bound); the moves
    /// listed are the noisy ones worth searching on (captures, wins).
    StandPat,
    /// The player to move faces a threat the evaluation cannot weigh (the opponent wins on its
    /// next move unless answered), so standing pat would be unsound. The moves listed are the
    /// answers; every move not listed loses on the opponent's next move, and none listed means
    /// the position is lost. Only where [`Game::threatened`] is true: quiescence takes a
    /// stand-pat cutoff before it lists noisy moves wherever `threatened` is false.
    Threatened,
}

/// The positions `tabula bench` searches for a game and the depth it searches them to. The game
/// owns them (it knows its notation); the bench runner above games and searchers reads them.
#[derive(Clone, Copy, Debug)]
pub struct BenchSet {
    /// Positions in the game's notation, each with a player to move.
    pub positions: &'static [&'static str],
    /// The fixed search depth.
    pub depth: u32,
}

impl BenchSet {
    /// No bench positions: the bench leaves the game out.
    pub const NONE: BenchSet = BenchSet {
        positions: &[],
        depth: 0,
    };
}

/// The refusal of `--from format` for a game that does not read that format: which formats it
/// does read. [`Game::from_foreign`] gives it for every format it does not know.
pub fn unknown_format<G: Game>(format: &str) -> Error {
    Error::option(match G::FOREIGN_FORMATS {
        [] => format!(
            "--from {format}: {} reads positions only in its own notation",
            G::NAME
        ),
        known => format!(
            "--from {format}: {} reads {} (and its own notation)",
            G::NAME,
            known.join(", ")
        ),
    })
}

/// A game: rules, state and notation. A value of the type is one position.
///
/// Implementations validate text once, at the border ([`Game::from_notation`],
/// [`Game::parse_move`], [`Game::start`]); after that the engine trusts the state, and
/// [`Game::play`] may assume its move is legal.
pub trait Game: Clone + Send + Sync + fmt::Debug + 'static {
    /// A move or a chance outcome: small and `Copy`, so move lists are cheap.
    type Move: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;

    /// The command-line name (`onitama`, `checkers`, `senet`, `bigbang`, `amidakuji`).
    const NAME: &'static str;

    /// One line for `tabula games`.
    const SUMMARY: &'static str;

    /// The positions `tabula bench` searches (none by default).
    const BENCH: BenchSet = BenchSet::NONE;

    /// What the evaluation counts, for people: `(units, thing)` when [`Game::evaluate`] gives
    /// `units` for one `thing` (Onitama: 100 for a student), so a score of +120 reads "about 1.2
    /// students ahead". `None` when it has no such unit.
    const SCORE_UNIT: Option<(i32, &'static str)> = None;

    /// The unit of this position's evaluation, for people: [`Game::SCORE_UNIT`] unless a game
    /// option chooses an evaluation with another unit (Senet's hand-set heuristic counts
    /// squares of race, not points of winning chance).
    fn score_unit(&self) -> Option<(i32, &'static str)> {
        Self::SCORE_UNIT
    }

    /// For a game whose evaluation is a calibrated chance to win: the evaluation of a certain
    /// win (Senet: 5 000). A searcher averaging over chance outcomes then counts a proven win
    /// as this value and a proven loss as its negative whenever the outcomes are not all
    /// proven, so a small chance of winning at once weighs what it is worth beside the
    /// evaluations. `None` (the default) keeps proven results above every evaluation.
    const CHANCE_WIN_EVAL: Option<i32> = None;

    /// Whether chance outcomes (throws, coins) can happen in the game: then a value of 0 may be
    /// an even average of wins and losses, not a draw (the exact solver says which).
    const CHANCE: bool = false;

    /// Whether alpha-beta may settle a node by its evaluation alone: reverse futility pruning
    /// returns an evaluation far enough above beta (by a margin per ply of depth left) without
    /// searching the moves. True (the default) where the evaluation changes little from one ply
    /// to the next. A game where every move is followed by a chance outcome that moves the
    /// evaluation by more than that margin turns it off: there the margin does not bound what
    /// the plies left can change (Senet).
    const FUTILITY_PRUNING: bool = true;

    /// Option sets (`(key, value)` pairs) that together reach every
    /// rule variant of the game and a spread of starts: checkers' player counts with and without
    /// long jumps, Onitama deals, Amidakuji board sizes. The conformance test plays random games
    /// from each, so a variant cannot be left unchecked.
    const SAMPLE_OPTIONS: &'static [&'static [(&'static str, &'static str)]] = &[&[]];

    /// Positions (in the game's notation, read with default options) at the edges of the rules:
    /// blockades, bare boards, phases a random game from the start seldom reaches. The
    /// conformance test plays random games from each, beside the bench positions.
    const SAMPLE_POSITIONS: &'static [&'static str] = &[];

    /// The options `start` understands, for `tabula games` and for checking user input.
    fn option_specs() -> &'static [OptionSpec];

    /// Balanced openings (positions in the game's notation, one per line, `#` comments) that a
    /// tournament under `options` starts from unless told otherwise. A game where a few random
    /// plies often leave one seat with a won game (two-player capture checkers) ships one, so
    /// that a match measures the engines rather than the seats. `None` (the default) keeps the
    /// random start.
    fn opening_book(_options: &GameOptions) -> Option<&'static str> {
        None
    }

    /// Builds now what the game's evaluation would otherwise build on its first use (Senet's
    /// endgame table), so that no move under a clock pays for it: an engine that serves the
    /// protocol calls it before it reads its first command, the arena before its first game, and
    /// `tabula best` before a timed search. The default builds nothing.
    fn prepare() {}

    /// The start position under the given options (an Onitama deal, a number of players...).
    fn start(options: &GameOptions) -> Result<Self, Error>;

    /// Reads a position in the notation of the game's rules file. Options carry what the text
    /// cannot (a Big Bang board map, a ply limit); most games ignore them.
    fn from_notation(text: &str, options: &GameOptions) -> Result<Self, Error>;

    /// The formats of other programs (servers, sites) the game reads positions from, by the
    /// name `--from` takes; none by default.
    const FOREIGN_FORMATS: &'static [&'static str] = &[];

    /// Reads a position written by another program in `format` (one of
    /// [`Game::FOREIGN_FORMATS`]), so a user can analyse a game played elsewhere.
    fn from_foreign(format: &str, text: &str, options: &GameOptions) -> Result<Self, Error> {
        let _ = (text, options);
        Err(unknown_format::<Self>(format))
    }

    /// The position in the notation of the game's rules file; parses back to an equal state.
    fn notation(&self) -> String;

    /// A drawing of the position for a person at a terminal.
    fn render(&self) -> String;

    /// A picture of the position as an SVG document, with `highlight` (a move legal here) drawn
    /// as arrows. The default shows the terminal drawing ([`Game::render`]) as text.
    fn svg(&self, highlight: Option<Self::Move>) -> String {
        let _ = highlight;
        crate::svg::text_picture(&self.render())
    }

    /// How many seats the game has (2 to 6).
    fn players(&self) -> usize;

    /// A short name for a seat (`red`, `blue`, `player 3`...).
    fn seat_name(&self, seat: usize) -> String {
        format!("player {}", seat + 1)
    }

    /// Who acts now.
    fn turn(&self) -> Turn;

    /// Appends the legal moves of the player to move to `out`. Appends nothing at chance and
    /// terminal states. Moves are distinct.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Appends the chance outcomes with their probabilities (summing to 1) when
    /// [`Game::turn`] is [`Turn::Chance`]; nothing otherwise.
    fn chance_outcomes(&self, out: &mut Vec<(Self::Move, Probability)>) {
        let _ = out;
    }

    /// Plays a legal move or chance outcome.
    fn play(&mut self, mv: Self::Move);

    /// The result, meaningful only when [`Game::turn`] is [`Turn::Terminal`].
    fn payoffs(&self) -> Payoffs;

    /// Why the rules ended the game, in a few words for a person (`blue's master captured`),
    /// when [`Game::turn`] is [`Turn::Terminal`]; `None` where the payoffs say it all.
    fn end_reason(&self) -> Option<String> {
        None
    }

    /// The 64-bit Zobrist hash, kept up to date by [`Game::play`]. Equal states hash equal.
    fn hash(&self) -> u64;

    /// The hash computed from nothing but the state, to check the incremental one.
    fn hash_from_scratch(&self) -> u64;

    /// Plies after which a played game is adjudicated a draw.
    fn ply_limit(&self) -> u32;

    /// How many times the same state (same hash) may occur in a played game before it is a draw;
    /// `None` when the game has no repetition rule (Onitama: `Some(3)`).
    fn repetition_limit(&self) -> Option<u32> {
        None
    }

    /// Reads a move in the game's notation; it must be legal here. The error says what is wrong.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Error>;

    /// The move in the game's notation, as [`Game::parse_move`] reads it back in this position.
    fn move_notation(&self, mv: Self::Move) -> String;

    /// A static evaluation from `seat`'s point of view, in `-EVAL_LIMIT..=EVAL_LIMIT`; positive is
    /// good for `seat`. The default knows nothing. Searchers call it at their horizon.
    fn evaluate(&self, seat: usize) -> i32 {
        let _ = seat;
        0
    }

    /// Every seat's static evaluation at once, `out[seat]` as [`Game::evaluate`]`(seat)` gives
    /// it (`out` has one slot per seat). Multi-player searchers (max^n) score a leaf for all
    /// seats; a game whose evaluation shares work between seats (one chain analysis for all)
    /// overrides it to do that work once. The default asks [`Game::evaluate`] seat by seat.
    fn evaluate_all(&self, out: &mut [i32]) {
        for (seat, v) in out.iter_mut().enumerate() {
            *v = self.evaluate(seat);
        }
    }

    /// Each seat's points in this position, by which the rules rank the seats when the game
    /// ends (capture checkers: the marbles each has captured); `None` (the default) for a game
    /// decided by its result alone. The arena ranks seats that share a payoff by them, so that
    /// with three or more players a second place counts ahead of a third.
    fn points(&self) -> Option<Vec<i64>> {
        None
    }

    /// Hands the turn to `seat` as if every seat between had passed, and says whether it could:
    /// Best-Reply Search lets any one opponent answer the root player's move, so it must make
    /// a seat move out of turn. Only games whose moves do not belong to a seat (capture
    /// checkers: marbles belong to nobody) can give a meaning to it; the default refuses
    /// (false, the state unchanged). Never called at chance or terminal states.
    fn pass_to(&mut self, seat: usize) -> bool {
        let _ = seat;
        false
    }

    /// A move-ordering hint: larger is tried first (captures, wins). Searchers use it after the
    /// table move and before killers and history.
    fn move_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// The moves a quiescence search plays on beyond the horizon, appended to `out`, and
    /// whether the player to move may stand pat. Alpha-beta calls it (outside exact mode) at
    /// every horizon node and along the noisy lines below, so it must be cheap, and the lines
    /// it opens must end (captures run out). The default is [`Quiescence::Off`]: the evaluation
    /// alone scores the horizon. Called only when a player is to move.
    fn noisy_moves(&self, out: &mut Vec<Self::Move>) -> Quiescence {
        let _ = out;
        Quiescence::Off
    }

    /// Whether the player to move is threatened: the opponent, were it to move now, would win at
    /// once (a check, in chess terms). Alpha-beta searches such nodes one ply deeper (outside
    /// exact mode), so a threat near the horizon is answered with the depth it deserves. Called
    /// at every interior node, so it must be cheap. The default is false: no extension.
    fn threatened(&self) -> bool {
        false
    }

    /// The number of legal moves, for perft's last ply. Games override it with a bulk count.
    fn count_moves(&self, buf: &mut Vec<Self::Move>) -> u64 {
        buf.clear();
        self.legal_moves(buf);
        buf.len() as u64
    }

    /// The game's own perft, when it has one faster than the generic recursion over this trait:
    /// the leaves below this state to `depth` plies, counted as perft counts them (terminal
    /// positions are leaves), with every leaf move made when `make_leaves` (the last ply's moves
    /// counted otherwise). `None`, the default, leaves perft to the generic code. A game with a
    /// hot path of its own (Onitama's moves made straight into child states on the stack) gives
    /// it here; the tests compare it with the generic count.
    fn perft(&self, depth: u32, make_leaves: bool) -> Option<u64> {
        let _ = (depth, make_leaves);
        None
    }
}

/// The seat to move, when a player is to move.
pub fn seat_to_move<G: Game>(state: &G) -> Option<usize> {
    match state.turn() {
        Turn::Player(p) => Some(p),
        _ => None,
    }
}
