//! One line from a referee, read once into a typed [`Command`]. The parser never panics: a line
//! it cannot read becomes a [`LineError`] whose text says what is wrong, and the server answers
//! it with `info string` and keeps running.

use std::fmt;

/// The most seats a `go` line can give clocks for (`p1time` .. `p6time`).
pub const SEATS: usize = crate::game::MAX_PLAYERS;

/// A command from the referee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ugi`: identify the engine and list its options.
    Ugi,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption name <name> [value <value>]`; a button option has no value.
    SetOption {
        /// The option's name (words joined by one space).
        name: String,
        /// The value (words joined by one space), if the line has one.
        value: Option<String>,
    },
    /// `uginewgame`: the next position starts a new game.
    NewGame,
    /// `position startpos|fen <position> [moves ...]`.
    Position {
        /// Where the moves start from.
        start: Start,
        /// The moves and chance outcomes, in the game's notation, not yet read.
        moves: Vec<String>,
    },
    /// `go` with its limits (boxed: the clocks make it far bigger than the other commands).
    Go(Box<Go>),
    /// `stop`: end the search now and answer `bestmove`.
    Stop,
    /// `query <question>`.
    Query(Query),
    /// `quit`: exit at once.
    Quit,
}

/// The start of a `position` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `startpos`: the game's start under the options set.
    StartPos,
    /// `fen <position>`: a position in the game's notation (its words joined by one space).
    Fen(String),
}

/// The limits of a `go` command, as sent; time is in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `p<k>time`: each seat's remaining clock (index 0 is `p1`); a negative time reads as 0.
    pub time: [Option<u64>; SEATS],
    /// `p<k>inc`: each seat's increment per move.
    pub inc: [Option<u64>; SEATS],
    /// `movetime`: think exactly this long.
    pub movetime: Option<u64>,
    /// `depth`: the deepest iteration, in plies.
    pub depth: Option<u32>,
    /// `nodes`: the most nodes to search.
    pub nodes: Option<u64>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// Tokens the line had that `go` does not know (`ponder`, `movestogo 20`), kept so the
    /// server can say it ignored them.
    pub ignored: Vec<String>,
}

/// The question of a `query` command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `query gameover`: is the game over?
    GameOver,
    /// `query p1turn`: is seat `p1` to move?
    P1Turn,
    /// `query turn`: who is to move (a seat, chance, or none)?
    Turn,
    /// `query result`: the result of a finished game.
    Result,
}

/// Why a line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The first word is no command the protocol has.
    Unknown(String),
    /// A known command with something wrong in it: the text says what.
    Malformed(String),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Unknown(word) => write!(f, "unknown command '{word}'"),
            LineError::Malformed(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for LineError {}

/// Reads one line (its ending, `\n` or `\r\n`, included or not). An empty or blank line gives
/// `Ok(None)`: the server ignores it.
pub fn parse(line: &str) -> Result<Option<Command>, LineError> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let bare = |command: Command| {
        if rest.is_empty() {
            Ok(Some(command))
        } else {
            Err(LineError::Malformed(format!(
                "{first} takes nothing after it (got '{}')",
                rest.join(" ")
            )))
        }
    };
    match first {
        "ugi" => bare(Command::Ugi),
        "isready" => bare(Command::IsReady),
        "uginewgame" => bare(Command::NewGame),
        "stop" => bare(Command::Stop),
        "quit" => Ok(Some(Command::Quit)),
        "setoption" => set_option(&rest).map(Some),
        "position" => position(&rest).map(Some),
        "go" => go(&rest).map(|g| Some(Command::Go(Box::new(g)))),
        "query" => query(&rest).map(Some),
        other => Err(LineError::Unknown(other.to_string())),
    }
}

fn malformed(text: impl Into<String>) -> LineError {
    LineError::Malformed(text.into())
}

/// `name <words...> [value <words...>]`: UCI names and values may hold spaces.
fn set_option(rest: &[&str]) -> Result<Command, LineError> {
    if rest.first() != Some(&"name") {
        return Err(malformed(
            "setoption: expected 'name <option> value <value>'",
        ));
    }
    let after = &rest[1..];
    let split = after.iter().position(|w| *w == "value");
    let (name, value) = match split {
        Some(i) => (&after[..i], Some(after[i + 1..].join(" "))),
        None => (after, None),
    };
    if name.is_empty() {
        return Err(malformed("setoption: the option name is missing"));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn position(rest: &[&str]) -> Result<Command, LineError> {
    let moves_at = rest.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let start = match head.split_first() {
        Some((&"startpos", [])) => Start::StartPos,
        Some((&"startpos", extra)) => {
            return Err(malformed(format!(
                "position: unexpected '{}' after startpos (expected 'moves')",
                extra.join(" ")
            )))
        }
        Some((&"fen", [])) => return Err(malformed("position: fen is not followed by a position")),
        Some((&"fen", text)) => Start::Fen(text.join(" ")),
        Some((other, _)) => {
            return Err(malformed(format!(
                "position: expected startpos or fen, got '{other}'"
            )))
        }
        None => return Err(malformed("position: expected startpos or fen")),
    };
    Ok(Command::Position {
        start,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

fn go(rest: &[&str]) -> Result<Go, LineError> {
    let mut g = Go::default();
    let mut words = rest.iter().copied();
    while let Some(word) = words.next() {
        if word == "infinite" {
            g.infinite = true;
            continue;
        }
        if let Some((seat, is_time)) = clock_token(word) {
            let ms = millis(word, words.next())?;
            if is_time {
                g.time[seat] = Some(ms);
            } else {
                g.inc[seat] = Some(ms);
            }
            continue;
        }
        match word {
            "movetime" => g.movetime = Some(millis(word, words.next())?),
            "depth" => g.depth = Some(number(word, words.next(), u32::MAX.into())? as u32),
            "nodes" => g.nodes = Some(number(word, words.next(), u64::MAX)?),
            other => g.ignored.push(other.to_string()),
        }
    }
    Ok(g)
}

/// `p<k>time` or `p<k>inc` for k = 1..=6: the seat (0-based) and whether it is the time.
fn clock_token(word: &str) -> Option<(usize, bool)> {
    let rest = word.strip_prefix('p')?;
    let digit = rest.chars().next()?.to_digit(10)? as usize;
    if !(1..=SEATS).contains(&digit) {
        return None;
    }
    match &rest[1..] {
        "time" => Some((digit - 1, true)),
        "inc" => Some((digit - 1, false)),
        _ => None,
    }
}

/// A time in milliseconds; a negative clock (a seat already over its time) reads as 0, and one
/// past the largest number reads as the largest (a referee's "forever").
fn millis(key: &str, value: Option<&str>) -> Result<u64, LineError> {
    let text = value.ok_or_else(|| malformed(format!("go: {key} has no value")))?;
    match whole_number(text) {
        Some((true, _)) => Ok(0),
        Some((false, v)) => Ok(v),
        None => Err(malformed(format!(
            "go: {key} '{text}' is not a whole number of milliseconds"
        ))),
    }
}

/// A count (`depth`, `nodes`): one past `max` reads as `max`, as no search reaches it anyway.
fn number(key: &str, value: Option<&str>, max: u64) -> Result<u64, LineError> {
    let text = value.ok_or_else(|| malformed(format!("go: {key} has no value")))?;
    match whole_number(text) {
        Some((false, v)) => Ok(v.min(max)),
        Some((true, _)) => Err(malformed(format!(
            "go: {key} '{text}' is negative; give 0 or more"
        ))),
        None => Err(malformed(format!(
            "go: {key} '{text}' is not a whole number"
        ))),
    }
}

/// A decimal whole number of any length: whether it is negative, and its size, saturated at
/// `u64::MAX`. None when the text is not digits (after one optional sign).
fn whole_number(text: &str) -> Option<(bool, u64)> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let size = digits.parse::<u64>().unwrap_or(u64::MAX);
    Some((negative && size > 0, size))
}

fn query(rest: &[&str]) -> Result<Command, LineError> {
    let q = match rest {
        ["gameover"] => Query::GameOver,
        ["p1turn"] => Query::P1Turn,
        ["turn"] => Query::Turn,
        ["result"] => Query::Result,
        [] => {
            return Err(malformed(
                "query: the question is missing (gameover, p1turn, turn or result)",
            ))
        }
        _ => {
            return Err(malformed(format!(
                "query: unknown question '{}' (gameover, p1turn, turn or result)",
                rest.join(" ")
            )))
        }
    };
    Ok(Command::Query(q))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    fn bad(line: &str) -> String {
        parse(line).unwrap_err().to_string()
    }

    #[test]
    fn simple_commands_and_line_endings() {
        assert_eq!(ok("ugi"), Command::Ugi);
        assert_eq!(ok("isready\r\n"), Command::IsReady);
        assert_eq!(ok("  uginewgame  \n"), Command::NewGame);
        assert_eq!(ok("stop"), Command::Stop);
        assert_eq!(ok("quit now"), Command::Quit);
        assert_eq!(parse("").unwrap(), None);
        assert_eq!(parse(" \r\n").unwrap(), None);
        assert_eq!(
            bad("isready please"),
            "isready takes nothing after it (got 'please')"
        );
        assert_eq!(bad("xyzzy 1 2"), "unknown command 'xyzzy'");
    }

    #[test]
    fn setoption_names_and_values_with_spaces() {
        assert_eq!(
            ok("setoption name Hash value 64"),
            Command::SetOption {
                name: "Hash".into(),
                value: Some("64".into())
            }
        );
        assert_eq!(
            ok("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            ok("setoption name board value map:S.A/.../...  x"),
            Command::SetOption {
                name: "board".into(),
                value: Some("map:S.A/.../... x".into())
            }
        );
        assert!(bad("setoption Hash 64").contains("expected 'name"));
        assert!(bad("setoption name value 3").contains("name is missing"));
    }

    #[test]
    fn position_startpos_and_fen() {
        assert_eq!(
            ok("position startpos"),
            Command::Position {
                start: Start::StartPos,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position fen ssmss/5/5/5/SSMSS  b tiger,crab boar,ox eel moves ox:e5e4 tiger:b1b3"),
            Command::Position {
                start: Start::Fen("ssmss/5/5/5/SSMSS b tiger,crab boar,ox eel".into()),
                moves: vec!["ox:e5e4".into(), "tiger:b1b3".into()]
            }
        );
        assert_eq!(
            ok("position startpos moves"),
            Command::Position {
                start: Start::StartPos,
                moves: vec![]
            }
        );
        assert!(bad("position").contains("expected startpos or fen"));
        assert!(bad("position fen").contains("not followed by a position"));
        assert!(bad("position fen moves a").contains("not followed by a position"));
        assert!(bad("position start").contains("got 'start'"));
        assert!(bad("position startpos e2e4").contains("unexpected 'e2e4'"));
    }

    #[test]
    fn go_limits() {
        let Command::Go(g) =
            ok("go p1time 10000 p2time -30 p1inc 100 p6inc 5 movetime 500 depth 7 nodes 1000")
        else {
            panic!("not go");
        };
        assert_eq!(g.time[0], Some(10_000));
        assert_eq!(g.time[1], Some(0));
        assert_eq!(g.inc[0], Some(100));
        assert_eq!(g.inc[5], Some(5));
        assert_eq!(g.movetime, Some(500));
        assert_eq!(g.depth, Some(7));
        assert_eq!(g.nodes, Some(1000));
        assert!(!g.infinite);
        let Command::Go(g) = ok("go infinite ponder p7time 5") else {
            panic!("not go");
        };
        assert!(g.infinite);
        assert_eq!(g.ignored, vec!["ponder", "p7time", "5"]);
        assert_eq!(ok("go"), Command::Go(Box::default()));
        assert_eq!(bad("go depth"), "go: depth has no value");
        assert!(bad("go depth -1").contains("depth '-1'"));
        assert!(bad("go p1time soon").contains("p1time 'soon'"));
        assert!(bad("go nodes 1e6").contains("nodes '1e6'"));
        // Beyond 64 bits: a time past the largest is the largest, one below 0 is 0; a count
        // past its type's largest is the largest.
        let huge = "99999999999999999999999";
        let Command::Go(g) = ok(&format!(
            "go movetime {huge} p2time -{huge} depth {huge} nodes {huge}"
        )) else {
            panic!("not go");
        };
        assert_eq!(g.movetime, Some(u64::MAX));
        assert_eq!(g.time[1], Some(0));
        assert_eq!(g.depth, Some(u32::MAX));
        assert_eq!(g.nodes, Some(u64::MAX));
        assert!(bad(&format!("go depth -{huge}")).contains("is negative"));
        assert!(bad("go movetime --5").contains("movetime '--5'"));
    }

    #[test]
    fn queries() {
        assert_eq!(ok("query gameover"), Command::Query(Query::GameOver));
        assert_eq!(ok("query p1turn"), Command::Query(Query::P1Turn));
        assert_eq!(ok("query turn"), Command::Query(Query::Turn));
        assert_eq!(ok("query result"), Command::Query(Query::Result));
        assert!(bad("query").contains("missing"));
        assert!(bad("query score").contains("unknown question 'score'"));
    }
}
