//! The searcher sees repetitions that reach back before its root (positions played earlier in
//! the game), so in a game with a repetition rule it can steer into, or away from, a draw.

use tabula::history::History;
use tabula::search::{AlphaBeta, Limits, SearchConfig};
use tabula::{Error, Game, GameOptions, OptionSpec, Payoffs, Turn};

/// A walk on five squares; each turn the mover steps left or right. Seat 0 values the squares
/// by `VALUE` (seat 1 the opposite); the game never ends by its rules.
#[derive(Clone, Debug)]
struct Walk {
    pos: u8,
    side: usize,
}

const VALUE: [i32; 5] = [-100, -30, 0, -100, -100];

impl Game for Walk {
    type Move = u8;
    const NAME: &'static str = "walk";
    const SUMMARY: &'static str = "a toy walk";
    fn option_specs() -> &'static [OptionSpec] {
        &[]
    }
    fn start(_: &GameOptions) -> Result<Self, Error> {
        Ok(Walk { pos: 2, side: 0 })
    }
    fn from_notation(_: &str, _: &GameOptions) -> Result<Self, Error> {
        Err(Error::position("no notation"))
    }
    fn notation(&self) -> String {
        format!("{}{}", self.pos, self.side)
    }
    fn render(&self) -> String {
        self.notation()
    }
    fn players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        Turn::Player(self.side)
    }
    fn legal_moves(&self, out: &mut Vec<u8>) {
        if self.pos > 0 {
            out.push(self.pos - 1);
        }
        if self.pos < 4 {
            out.push(self.pos + 1);
        }
    }
    fn play(&mut self, mv: u8) {
        self.pos = mv;
        self.side ^= 1;
    }
    fn payoffs(&self) -> Payoffs {
        Payoffs::draw(2)
    }
    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }
    fn hash_from_scratch(&self) -> u64 {
        u64::from(self.pos) * 2 + self.side as u64 + 1
    }
    fn ply_limit(&self) -> u32 {
        100
    }
    fn repetition_limit(&self) -> Option<u32> {
        Some(3)
    }
    fn parse_move(&self, _: &str) -> Result<u8, Error> {
        Err(Error::bad_move("no notation"))
    }
    fn move_notation(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn evaluate(&self, seat: usize) -> i32 {
        let v = VALUE[usize::from(self.pos)];
        if seat == 0 {
            v
        } else {
            -v
        }
    }
}

#[test]
fn a_position_played_before_the_root_counts_as_a_draw() {
    let config = SearchConfig {
        exact: true,
        ..SearchConfig::default()
    };
    // From square 2, stepping to 1 is worth -30 to seat 0 and stepping to 3 is worth -100.
    let root = Walk { pos: 2, side: 0 };
    let mut fresh = AlphaBeta::new(config);
    let plain = fresh.search(&root, Limits::depth(1), None);
    assert_eq!(plain.best, Some(1));
    assert_eq!(plain.score.0, -30);

    // Reach the same root through square 3 with seat 1 to move there: stepping back to 3
    // repeats a position of the game, a draw (0), better than -30.
    let mut game = History::new(Walk { pos: 4, side: 0 });
    game.play(3);
    game.play(2);
    assert_eq!(game.state().pos, 2);
    assert_eq!(game.state().side, 0);
    let mut informed = AlphaBeta::new(config);
    informed.set_history(game.earlier_hashes());
    let seen = informed.search(game.state(), Limits::depth(1), None);
    assert_eq!(seen.best, Some(3), "the searcher should take the draw");
    assert_eq!(seen.score.0, 0);

    // Forgetting the history gives back the plain answer.
    informed.set_history(&[]);
    informed.clear();
    assert_eq!(informed.search(&root, Limits::depth(1), None).best, Some(1));
}
