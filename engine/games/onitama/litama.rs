//! Positions from Litama, the public Onitama WebSocket server (TheBlocks/Litama): the JSON its
//! `state` command answers with, so a game played there can be analysed here.
//!
//! What Litama writes (its wiki and source): `board` is 25 digits, square `a1` first, then
//! `b1` .. `e1`, `a2` .. `e5`; `0` is empty, `1`/`2` a blue student/master, `3`/`4` a red
//! student/master. `currentTurn` is `blue` or `red`; `cards` holds `blue` and `red` (two names
//! each) and `side`; `moves` lists the moves played as `card:a1a2`, from `startingCards`.
//! Litama's cards are ours (same jumps, same stamps), but its Blue sits on rank 1 where our Red
//! sits: so the colours are kept (a card's stamp still names who starts) and the board is turned
//! half a circle, square `a1` becoming `e5`.

use serde_json::Value;

use crate::error::Error;
use crate::game::Game;
use crate::options::GameOptions;

use super::cards::Card;
use super::Onitama;

/// The name `--from` takes.
pub const FORMAT: &str = "litama";

/// Reads Litama's `state` JSON. Where the file also has `startingCards` and `moves`, the moves
/// are replayed from the start and must reach the same position, so a damaged or edited file is
/// refused rather than analysed wrongly.
pub fn read(text: &str, options: &GameOptions) -> Result<Onitama, Error> {
    let json: Value = serde_json::from_str(text)
        .map_err(|e| Error::file(format!("litama: not JSON ({e})")))?;
    if json.get("board").is_none() {
        let state = json.get("gameState").and_then(Value::as_str);
        return Err(Error::file(match state {
            Some(s) => format!("litama: the match has no board yet (gameState '{s}')"),
            None => "litama: no 'board' field (expected Litama's state message)".to_string(),
        }));
    }
    let board = board(field(&json, "board")?)?;
    let side = color(field(&json, "currentTurn")?, "currentTurn")?;
    let cards = Deal::read(&json, "cards")?.notation();
    let state = Onitama::from_notation(&format!("{board} {side} {cards}"), options)
        .map_err(|e| Error::file(format!("litama: {}", e.message)))?;
    if let (Some(_), Some(moves)) = (json.get("startingCards"), json.get("moves")) {
        check_moves(&json, moves, &state, options)?;
    }
    Ok(state)
}

/// The string field `name` of `json`.
fn field<'a>(json: &'a Value, name: &str) -> Result<&'a str, Error> {
    json.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| Error::file(format!("litama: '{name}' is missing or not a string")))
}

/// Litama's board digits as our board notation (ranks 5 to 1, files a to e).
fn board(digits: &str) -> Result<String, Error> {
    let cells: Vec<char> = digits.chars().collect();
    if cells.len() != 25 {
        return Err(Error::file(format!(
            "litama: board '{digits}' has {} characters, not 25",
            cells.len()
        )));
    }
    let mut ranks = Vec::with_capacity(5);
    // Litama's index i is its square (file i % 5, rank i / 5 + 1); turned half a circle, that is
    // our file 4 - i % 5 on our rank 5 - i / 5: our top rank holds Litama's first five, reversed.
    for (r, row) in cells.chunks(5).enumerate() {
        let mut rank = String::new();
        let mut empty = 0;
        for (k, &c) in row.iter().rev().enumerate() {
            let pawn = match c {
                '0' => None,
                '1' => Some('s'),
                '2' => Some('m'),
                '3' => Some('S'),
                '4' => Some('M'),
                _ => {
                    return Err(Error::file(format!(
                        "litama: board '{digits}': '{c}' (character {}) is not 0 to 4",
                        r * 5 + (4 - k) + 1
                    )))
                }
            };
            match pawn {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        rank.push_str(&empty.to_string());
                        empty = 0;
                    }
                    rank.push(p);
                }
            }
        }
        if empty > 0 {
            rank.push_str(&empty.to_string());
        }
        ranks.push(rank);
    }
    Ok(ranks.join("/"))
}

/// `blue` or `red` as our side letter.
fn color(text: &str, name: &str) -> Result<char, Error> {
    match text {
        "blue" => Ok('b'),
        "red" => Ok('r'),
        _ => Err(Error::file(format!(
            "litama: {name} '{text}' is not blue or red"
        ))),
    }
}

/// The five cards of a Litama cards object (`cards` or `startingCards`).
struct Deal {
    red: [Card; 2],
    blue: [Card; 2],
    side: Card,
}

impl Deal {
    /// Reads the cards object `name` (`blue`, `red`: two names each; `side`).
    fn read(json: &Value, name: &str) -> Result<Deal, Error> {
        let cards = json
            .get(name)
            .ok_or_else(|| Error::file(format!("litama: '{name}' is missing")))?;
        let hand = |color: &str| -> Result<[Card; 2], Error> {
            match cards.get(color).and_then(Value::as_array).map(Vec::as_slice) {
                Some([a, b]) => Ok([card(a, name)?, card(b, name)?]),
                _ => Err(Error::file(format!(
                    "litama: {name}.{color} is not a list of two card names"
                ))),
            }
        };
        let side = cards
            .get("side")
            .ok_or_else(|| Error::file(format!("litama: {name}.side is missing")))?;
        Ok(Deal {
            red: hand("red")?,
            blue: hand("blue")?,
            side: card(side, name)?,
        })
    }

    /// Our `<red> <blue> <side>` notation of the cards.
    fn notation(&self) -> String {
        let hand = |h: &[Card; 2]| format!("{},{}", h[0].name(), h[1].name());
        format!("{} {} {}", hand(&self.red), hand(&self.blue), self.side.name())
    }
}

/// One card name of the object `field`: one of the sixteen cards Tabula plays (Litama also
/// deals expansion cards, which the rules here do not have).
fn card(name: &Value, field: &str) -> Result<Card, Error> {
    let text = name
        .as_str()
        .ok_or_else(|| Error::file(format!("litama: {field}: {name} is not a card name")))?;
    Card::from_name(text).ok_or_else(|| {
        Error::file(format!(
            "litama: {field}: '{text}' is not one of the sixteen base cards Tabula plays"
        ))
    })
}

/// A Litama move `card:a1a2` as ours (squares turned half a circle).
fn move_text(text: &str) -> Option<String> {
    let (card, squares) = text.split_once(':')?;
    let s: Vec<char> = squares.chars().collect();
    if s.len() != 4 {
        return None;
    }
    const FILES: &[u8] = b"abcde";
    const RANKS: &[u8] = b"12345";
    let turn = |f: char, r: char| -> Option<String> {
        let f = FILES.iter().position(|&c| char::from(c) == f)?;
        let r = RANKS.iter().position(|&c| char::from(c) == r)?;
        Some(format!(
            "{}{}",
            char::from(FILES[4 - f]),
            char::from(RANKS[4 - r])
        ))
    };
    Some(format!("{card}:{}{}", turn(s[0], s[1])?, turn(s[2], s[3])?))
}

/// Replays `moves` from the file's starting cards and checks they reach `state`.
fn check_moves(
    json: &Value,
    moves: &Value,
    state: &Onitama,
    options: &GameOptions,
) -> Result<(), Error> {
    // The player whose colour is the side card's stamp starts.
    let deal = Deal::read(json, "startingCards")?;
    let first = deal.side.stamp().letter();
    let start = format!("ssmss/5/5/5/SSMSS {first} {}", deal.notation());
    let mut s = Onitama::from_notation(&start, options)
        .map_err(|e| Error::file(format!("litama: startingCards: {}", e.message)))?;
    let list = moves
        .as_array()
        .ok_or_else(|| Error::file("litama: 'moves' is not a list"))?;
    for (i, m) in list.iter().enumerate() {
        let text = m.as_str().unwrap_or_default();
        let ours = move_text(text).ok_or_else(|| {
            Error::file(format!(
                "litama: moves[{i}] '{text}' is not card:a1a2 (Litama's move)"
            ))
        })?;
        let mv = crate::line::read_move(&s, &ours).map_err(|e| {
            Error::file(format!("litama: moves[{i}] '{text}' ({ours} here): {e}"))
        })?;
        s.play(mv);
    }
    if s.notation() != state.notation() {
        return Err(Error::file(format!(
            "litama: the {} moves from startingCards reach '{}', not the file's board '{}'",
            list.len(),
            s.notation(),
            state.notation()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_turn_half_a_circle() {
        assert_eq!(move_text("boar:a1a2").as_deref(), Some("boar:e5e4"));
        assert_eq!(move_text("ox:c5c4").as_deref(), Some("ox:c1c2"));
        assert_eq!(move_text("ox:f5c4"), None);
        assert_eq!(move_text("oxc5c4"), None);
    }

    #[test]
    fn the_start_board_reads_as_ours() {
        let b = board("1121100000000000000033433").unwrap();
        assert_eq!(b, "ssmss/5/5/5/SSMSS");
        // One blue student on Litama's b1 (our d5), one red on Litama's e4 (our a2).
        let b = board("0100000000000000000300000").unwrap();
        assert_eq!(b, "3s1/5/5/S4/5");
    }
}
