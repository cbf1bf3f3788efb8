//! The five games, and the registry that maps a command-line name to a game type.
//!
//! Adding a game is one folder here plus one line in the `registry!` call below: the
//! [`GameKind`] enum, its list, its names, the [`with_game!`](crate::with_game) dispatcher, the
//! command line's option flags, the bench and the conformance test all follow from that line.

use crate::error::Error;
use crate::game::Game;

/// Declares the game modules and generates [`GameKind`] and `with_game!` from one list of
/// `Variant => module::Type` lines. (`$d` is a `$` passed in, so the generated macro can have
/// metavariables of its own.)
macro_rules! registry {
    ($d:tt $($(#[$doc:meta])* $variant:ident => $module:ident :: $ty:ident),+ $(,)?) => {
        $(pub mod $module;)+

        /// The games Tabula plays, by command-line name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $($(#[$doc])* $variant,)+
        }

        impl GameKind {
            /// Every game, in the order `tabula games` lists them.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),+];

            /// The options the game understands (its [`Game::option_specs`]).
            pub fn option_specs(self) -> &'static [crate::options::OptionSpec] {
                match self {
                    $(GameKind::$variant => <$module::$ty as Game>::option_specs(),)+
                }
            }

            /// The balanced openings a tournament under `options` starts from by default (the
            /// game's [`Game::opening_book`]).
            pub fn opening_book(self, options: &crate::options::GameOptions) -> Option<&'static str> {
                match self {
                    $(GameKind::$variant => <$module::$ty as Game>::opening_book(options),)+
                }
            }

            /// The command-line name (the game's [`Game::NAME`]).
            pub fn name(self) -> &'static str {
                match self {
                    $(GameKind::$variant => <$module::$ty as Game>::NAME,)+
                }
            }
        }

        /// Runs `$body` with `$G` bound to the game type of `$kind` (a [`GameKind`]), so generic
        /// code (the command line, tests) can serve every game through one function.
        #[macro_export]
        macro_rules! with_game {
            ($d kind:expr, $d G:ident => $d body:expr) => {
                match $d kind {
                    $($crate::games::GameKind::$variant => {
                        type $d G = $crate::games::$module::$ty;
                        $d body
                    })+
                }
            };
        }
    };
}

registry! {$
    /// Onitama, 16 cards.
    Onitama => onitama::Onitama,
    /// Capture Chinese checkers, 2 to 6 players.
    Checkers => checkers::Checkers,
    /// Senet with throwing sticks.
    Senet => senet::Senet,
    /// Big Bang, a Halma-like race.
    BigBang => bigbang::BigBang,
    /// Amidakuji bridges.
    Amidakuji => amidakuji::Amidakuji,
}

impl GameKind {
    /// The game with this command-line name (case-insensitive).
    pub fn from_name(name: &str) -> Result<Self, Error> {
        let lower = name.to_ascii_lowercase();
        GameKind::ALL
            .iter()
            .copied()
            .find(|g| g.name() == lower)
            .ok_or_else(|| {
                let names: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
                Error::request(format!(
                    "unknown game '{name}' (games: {})",
                    names.join(", ")
                ))
            })
    }
}
