//! The notation of the rules file: positions `<board> <side> <red-hand> <blue-hand> <side-card>`
//! and moves `<card>:<from><to>` or `<card>:pass`. Text is checked here, once; errors say what is
//! wrong and where.

use std::fmt::Write;

use super::board::{Bitboard, Square};
use super::cards::Card;
use super::color::Color;
use super::moves::Move;
use super::meta::Meta;
use super::{sorted, Onitama, BLUE_TEMPLE, RED_TEMPLE};
use crate::error::Error;

/// Reads a position (see the module documentation).
pub fn parse_position(text: &str, ply_limit: u32) -> Result<Onitama, Error> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(Error::position(format!(
            "a position has 5 fields (board side red-hand blue-hand side-card), found {} in '{}'",
            fields.len(),
            text.trim()
        )));
    }
    let (pieces, masters) = parse_board(fields[0])?;
    let to_move = match fields[1] {
        "r" | "R" => Color::Red,
        "b" | "B" => Color::Blue,
        other => {
            return Err(Error::position(format!(
                "side to move '{other}' must be r or b"
            )))
        }
    };
    let red = parse_hand(fields[2], "Red's hand")?;
    let blue = parse_hand(fields[3], "Blue's hand")?;
    let side_card = parse_card(fields[4], "the side card")?;
    Onitama::from_parts(pieces, masters, red, blue, side_card, to_move, ply_limit)
}

impl Onitama {
    /// A position from its parts (each colour's pawns and master, the hands, the side card, the
    /// side to move), checked as a position read from text is: at most one master and four
    /// students a colour, no square held twice, five distinct cards, not both colours lost.
    /// Analysis code builds positions with it without going through text.
    pub fn from_parts(
        pieces: [Bitboard; 2],
        masters: [Bitboard; 2],
        red: [Card; 2],
        blue: [Card; 2],
        side_card: Card,
        to_move: Color,
        ply_limit: u32,
    ) -> Result<Onitama, Error> {
        if !(pieces[0] & pieces[1]).is_empty() {
            return Err(Error::position("a square holds pawns of both colours"));
        }
        if !(masters[0] & !pieces[0]).is_empty() || !(masters[1] & !pieces[1]).is_empty() {
            return Err(Error::position("a master is not among its colour's pawns"));
        }
        check_pieces(pieces, masters)?;
        let placed = [
            (red[0], "Red's hand"),
            (red[1], "Red's hand"),
            (blue[0], "Blue's hand"),
            (blue[1], "Blue's hand"),
            (side_card, "the side card"),
        ];
        for (i, (card, place)) in placed.iter().enumerate() {
            if let Some((_, other)) = placed[i + 1..].iter().find(|(c, _)| c == card) {
                let where_ = if place == other {
                    format!("twice in {place}")
                } else {
                    format!("in {place} and in {other}")
                };
                return Err(Error::position(format!(
                    "card {card} appears {where_}; the five cards must differ"
                )));
            }
        }
        let red_lost = masters[0].is_empty() || masters[1] == RED_TEMPLE;
        let blue_lost = masters[1].is_empty() || masters[0] == BLUE_TEMPLE;
        if red_lost && blue_lost {
            return Err(Error::position(
                "both colours have lost (a master missing or on the enemy temple arch on each side)"
                    .to_string(),
            ));
        }
        Ok(Onitama {
            pieces,
            masters,
            meta: Meta::new(
                [sorted(red[0], red[1]), sorted(blue[0], blue[1])],
                side_card,
                to_move,
                ply_limit,
            ),
        })
    }
}

/// At most one master and four students of each colour.
fn check_pieces(pieces: [Bitboard; 2], masters: [Bitboard; 2]) -> Result<(), Error> {
    for color in Color::BOTH {
        let c = color.index();
        let name = if color == Color::Red { "Red" } else { "Blue" };
        if masters[c].len() > 1 {
            return Err(Error::position(format!(
                "{name} has {} masters, at most 1",
                masters[c].len()
            )));
        }
        let students = (pieces[c] ^ masters[c]).len();
        if students > 4 {
            return Err(Error::position(format!(
                "{name} has {students} students, at most 4"
            )));
        }
    }
    Ok(())
}

/// Reads the board field into the pawn and master sets of each colour.
fn parse_board(board: &str) -> Result<([Bitboard; 2], [Bitboard; 2]), Error> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 5 {
        return Err(Error::position(format!(
            "board '{board}' has {} rank(s) separated by '/', need 5",
            ranks.len()
        )));
    }
    let mut pieces = [Bitboard::EMPTY; 2];
    let mut masters = [Bitboard::EMPTY; 2];
    for (row, text) in ranks.iter().enumerate() {
        let rank = 5 - row;
        let mut file = 0usize;
        for ch in text.chars() {
            let (color, master) = match ch {
                '1'..='5' => {
                    file += ch as usize - '0' as usize;
                    continue;
                }
                'M' => (Color::Red, true),
                'S' => (Color::Red, false),
                'm' => (Color::Blue, true),
                's' => (Color::Blue, false),
                _ => {
                    return Err(Error::position(format!(
                    "'{ch}' in rank {rank} is not a pawn (M S m s) or a run of 1-5 empty squares"
                )))
                }
            };
            if let Some(sq) = Square::try_new(file as i32, rank as i32 - 1) {
                pieces[color.index()] |= sq.bitboard();
                if master {
                    masters[color.index()] |= sq.bitboard();
                }
            }
            file += 1;
        }
        if file != 5 {
            return Err(Error::position(format!(
                "rank {rank} '{text}' has {file} squares, need 5"
            )));
        }
    }
    check_pieces(pieces, masters)?;
    Ok((pieces, masters))
}

/// Reads one card name in any case.
fn parse_card(name: &str, place: &str) -> Result<Card, Error> {
    Card::from_name(name)
        .ok_or_else(|| Error::position(format!("unknown card '{name}' in {place}")))
}

/// Reads a hand: two card names joined by `,`.
fn parse_hand(text: &str, place: &str) -> Result<[Card; 2], Error> {
    let names: Vec<&str> = text.split(',').collect();
    if names.len() != 2 {
        return Err(Error::position(format!(
            "{place} '{text}' must be two cards joined by ','"
        )));
    }
    Ok([parse_card(names[0], place)?, parse_card(names[1], place)?])
}

/// The position in notation.
pub fn write_position(state: &Onitama) -> String {
    let mut out = String::with_capacity(64);
    for rank in (0..5).rev() {
        let mut empty = 0;
        for file in 0..5 {
            let sq = Square::try_new(file, rank).expect("on the board");
            let ch = if state.masters[0].has(sq) {
                'M'
            } else if state.pieces[0].has(sq) {
                'S'
            } else if state.masters[1].has(sq) {
                'm'
            } else if state.pieces[1].has(sq) {
                's'
            } else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                out.push(char::from(b'0' + empty));
                empty = 0;
            }
            out.push(ch);
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let [r0, r1] = state.meta.hand(0);
    let [b0, b1] = state.meta.hand(1);
    let _ = write!(
        out,
        " {} {r0},{r1} {b0},{b1} {}",
        state.meta.to_move().letter(),
        state.meta.side_card()
    );
    out
}

/// The move in notation: `tiger:c1c3` or `tiger:pass`.
pub fn write_move(mv: Move) -> String {
    match (mv.from(), mv.to()) {
        (Some(from), Some(to)) => format!("{}:{from}{to}", mv.card()),
        _ => format!("{}:pass", mv.card()),
    }
}

/// Reads a move and checks it is legal in `state`, saying why not if it is not.
pub fn parse_move(state: &Onitama, text: &str) -> Result<Move, Error> {
    let text = text.trim();
    if let Some(winner) = state.winner() {
        return Err(Error::bad_move(format!(
            "'{text}': the game is over ({} has won), there are no moves",
            winner.name()
        )));
    }
    let Some((name, rest)) = text.split_once(':') else {
        return Err(Error::bad_move(format!(
            "'{text}' is not card:from-to (like tiger:c1c3) or card:pass"
        )));
    };
    let card = held_card(state, name, text)?;
    let rest = rest.trim();
    if rest.eq_ignore_ascii_case("pass") {
        let jumps = state.count_jumps();
        if jumps > 0 {
            return Err(Error::bad_move(format!(
                "{} cannot pass: it has {jumps} legal move(s)",
                state.meta.to_move().name()
            )));
        }
        return Ok(Move::pass(card));
    }
    let squares = rest
        .get(..2)
        .zip(rest.get(2..))
        .filter(|_| rest.len() == 4)
        .and_then(|(a, b)| Square::parse(a).zip(Square::parse(b)));
    let Some((from, to)) = squares else {
        return Err(Error::bad_move(format!(
            "'{rest}' in '{text}' is not two squares like c1c3 (files a-e, ranks 1-5) or pass"
        )));
    };
    check_jump(state, card, from, to)?;
    Ok(Move::new(card, from, to))
}

/// The card named `name` (in the move `text`), if the side to move holds it.
fn held_card(state: &Onitama, name: &str, text: &str) -> Result<Card, Error> {
    let card = Card::from_name(name.trim())
        .ok_or_else(|| Error::bad_move(format!("unknown card '{name}' in '{text}'")))?;
    let us = state.meta.to_move();
    let hand = state.meta.hand(us.index());
    if !hand.contains(&card) {
        return Err(Error::bad_move(format!(
            "{} does not hold {card} (it holds {}, {})",
            us.name(),
            hand[0],
            hand[1]
        )));
    }
    Ok(card)
}

/// Whether the side to move may move its pawn from `from` to `to` with `card`, saying why not.
fn check_jump(state: &Onitama, card: Card, from: Square, to: Square) -> Result<(), Error> {
    let us = state.meta.to_move();
    if !state.pieces[us.index()].has(from) {
        return Err(if state.pieces[(!us).index()].has(from) {
            Error::bad_move(format!(
                "{from} holds a {} pawn, not one of {}'s",
                (!us).name(),
                us.name()
            ))
        } else {
            Error::bad_move(format!("no pawn on {from} to move"))
        });
    }
    if !card.targets(us, from).has(to) {
        return Err(Error::bad_move(format!(
            "{card} does not move a {} pawn from {from} to {to}",
            us.name()
        )));
    }
    if state.pieces[us.index()].has(to) {
        return Err(Error::bad_move(format!(
            "{to} holds a {} pawn already",
            us.name()
        )));
    }
    Ok(())
}

impl Onitama {
    /// The number of jumps (moves other than passes) the side to move has.
    fn count_jumps(&self) -> u32 {
        let us = self.meta.to_move();
        let own = self.pieces[us.index()];
        self.meta.hand(us.index())
            .iter()
            .map(|card| {
                own.into_iter()
                    .map(|from| (card.targets(us, from) & !own).len())
                    .sum::<u32>()
            })
            .sum()
    }
}
