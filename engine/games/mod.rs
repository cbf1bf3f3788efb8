//! The five games, and the registry that maps a command-line name to a game type.

pub mod amidakuji;
pub mod bigbang;
pub mod checkers;
pub mod onitama;
pub mod senet;

use crate::error::Error;

/// The games Tabula plays, by command-line name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Onitama, 16 cards.
    Onitama,
    /// Capture Chinese checkers, 2 to 6 players.
    Checkers,
    /// Senet with throwing sticks.
    Senet,
    /// Big Bang, a Halma-like race.
    BigBang,
    /// Amidakuji bridges.
    Amidakuji,
}

impl GameKind {
    /// Every game, in the order `tabula games` lists them.
    pub const ALL: [GameKind; 5] = [
        GameKind::Onitama,
        GameKind::Checkers,
        GameKind::Senet,
        GameKind::BigBang,
        GameKind::Amidakuji,
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Onitama => "onitama",
            GameKind::Checkers => "checkers",
            GameKind::Senet => "senet",
            GameKind::BigBang => "bigbang",
            GameKind::Amidakuji => "amidakuji",
        }
    }

    /// The game with this command-line name (case-insensitive).
    pub fn from_name(name: &str) -> Result<Self, Error> {
        let lower = name.to_ascii_lowercase();
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == lower)
            .ok_or_else(|| {
                Error::request(format!(
                    "unknown game '{name}' (games: onitama, checkers, senet, bigbang, amidakuji)"
                ))
            })
    }
}

/// Runs `$body` with `$G` bound to the game type of `$kind` (a [`GameKind`]), so generic code
/// (the command line, tests) can serve every game through one function.
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::games::GameKind::Onitama => {
                type $G = $crate::games::onitama::Onitama;
                $body
            }
            $crate::games::GameKind::Checkers => {
                type $G = $crate::games::checkers::Checkers;
                $body
            }
            $crate::games::GameKind::Senet => {
                type $G = $crate::games::senet::Senet;
                $body
            }
            $crate::games::GameKind::BigBang => {
                type $G = $crate::games::bigbang::BigBang;
                $body
            }
            $crate::games::GameKind::Amidakuji => {
                type $G = $crate::games::amidakuji::Amidakuji;
                $body
            }
        }
    };
}
