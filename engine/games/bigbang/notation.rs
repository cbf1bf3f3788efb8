//! Text forms: reading and writing positions and moves (see the module docs of `bigbang` for the
//! notation and its two extensions), and the drawing for a terminal.

use super::board::cell_at;
use super::map::{Board, CellKind, TYPES};
use super::{BigBang, Move, Phase, DARK, LIGHT};
use crate::error::Error;
use crate::game::{Game, Turn};

/// The letter of a counter: upper case light, lower case dark.
pub fn counter_char(t: usize, colour: usize) -> char {
    let c = (b'A' + t as u8) as char;
    if colour == LIGHT {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

/// A move in the rules' notation.
pub fn move_text(mv: Move) -> String {
    match mv {
        Move::Place { counter, cell } => format!(
            "{}@{}",
            counter_char(counter as usize % TYPES, counter as usize / TYPES),
            Board::cell_name(cell)
        ),
        Move::Go { from, to } => format!("{}-{}", Board::cell_name(from), Board::cell_name(to)),
        Move::Pass => "pass".to_string(),
        Move::Coin(seat) => format!("coin:{}", seat + 1),
    }
}

impl BigBang {
    /// Reads `<ranks> <state> [pass|draw]` into this (empty) state, checking everything.
    pub(super) fn read_position(&mut self, text: &str) -> Result<(), Error> {
        let parts: Vec<&str> = text.split_whitespace().collect();
        if parts.len() < 2 || parts.len() > 3 {
            return Err(Error::position(format!(
                "'{text}' is not '<ranks> <state>' (e.g. '11/11/11/11/11/11/11/11/11/11/11 s1')"
            )));
        }
        self.read_ranks(parts[0])?;
        self.read_state(parts[1], parts.get(2).copied())?;
        self.check_counts()
    }

    fn read_ranks(&mut self, ranks: &str) -> Result<(), Error> {
        let board = self.board.clone();
        let height = board.height as usize;
        let rows: Vec<&str> = ranks.split('/').collect();
        if rows.len() != height {
            return Err(Error::position(format!(
                "{} ranks given; the board has {height}",
                rows.len()
            )));
        }
        for (i, row_text) in rows.iter().enumerate() {
            let row = height - 1 - i;
            let rank = row + 1;
            let cells: Vec<u8> = (0..board.width as usize)
                .map(|c| cell_at(row, c))
                .filter(|&c| board.cells.has(c))
                .collect();
            let mut at = 0usize;
            let mut chars = row_text.chars().peekable();
            while let Some(ch) = chars.next() {
                if ch.is_ascii_digit() {
                    let mut number = ch.to_digit(10).unwrap_or(0) as usize;
                    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        number = number.saturating_mul(10).saturating_add(d as usize);
                        chars.next();
                    }
                    if number == 0 || number > 11 {
                        return Err(Error::position(format!(
                            "rank {rank}: run of {number} empty cells (allowed 1 to 11)"
                        )));
                    }
                    at += number;
                } else if ch.is_ascii_alphabetic() {
                    let upper = ch.to_ascii_uppercase();
                    if !('A'..='H').contains(&upper) {
                        return Err(Error::position(format!(
                            "rank {rank}: unknown counter '{ch}' (A-H light, a-h dark)"
                        )));
                    }
                    let t = (upper as u8 - b'A') as usize;
                    let colour = if ch.is_ascii_uppercase() { LIGHT } else { DARK };
                    if let Some(&cell) = cells.get(at) {
                        self.kind[t].set(cell);
                        self.colour[colour].set(cell);
                    }
                    at += 1;
                } else {
                    return Err(Error::position(format!(
                        "rank {rank}: unexpected '{ch}' (counters A-H/a-h, digits for empty cells)"
                    )));
                }
                if at > cells.len() {
                    return Err(Error::position(format!(
                        "rank {rank} has more than the {} cells the board has there",
                        cells.len()
                    )));
                }
            }
            if at != cells.len() {
                return Err(Error::position(format!(
                    "rank {rank} has {at} cells; the board has {} there",
                    cells.len()
                )));
            }
        }
        Ok(())
    }

    fn read_state(&mut self, word: &str, extra: Option<&str>) -> Result<(), Error> {
        match word {
            "s1" | "s2" => {
                self.phase = Phase::Setup;
                self.mover = if word == "s1" { 0 } else { 1 };
            }
            "?" => self.phase = Phase::Coin,
            "l" | "l1" | "l2" | "d" | "d1" | "d2" => {
                self.phase = Phase::Play;
                let colour = if word.starts_with('l') { LIGHT } else { DARK };
                self.mover = colour as u8;
                // The digit is the placer to move; without it, placer 1 plays light.
                self.light_seat = match word.as_bytes().get(1) {
                    None => 0,
                    Some(b'1') => colour as u8,
                    Some(_) => 1 - colour as u8,
                };
            }
            _ => {
                return Err(Error::position(format!(
                    "unknown state '{word}' (s1, s2, ?, l, d, l1, l2, d1, d2)"
                )))
            }
        }
        match extra {
            None => {}
            Some(w) if self.phase != Phase::Play => {
                return Err(Error::position(format!(
                    "'{w}' after the state: only a position in play may say pass or draw"
                )))
            }
            Some("pass") => self.passes = 1,
            Some("draw") => self.passes = 2,
            Some(w) => {
                return Err(Error::position(format!(
                    "unknown word '{w}' after the state (pass or draw)"
                )))
            }
        }
        Ok(())
    }

    /// Whether the counters read agree with the board and the phase: no more of a type and
    /// colour than the board has, and where they may stand in this phase.
    fn check_counts(&self) -> Result<(), Error> {
        let board = &self.board;
        for t in 0..TYPES {
            for colour in 0..2 {
                let n = (self.kind[t] & self.colour[colour]).count();
                let allowed = u32::from(board.counts[t] / 2);
                if n > allowed {
                    return Err(Error::position(format!(
                        "{n} {} {} counters; this board has {allowed}",
                        if colour == LIGHT { "light" } else { "dark" },
                        (b'A' + t as u8) as char
                    )));
                }
            }
        }
        match self.phase {
            Phase::Setup | Phase::Coin => self.check_setup(),
            Phase::Play => self.check_play(),
        }
    }

    /// Setup and the coin: every counter in the start zone, the zone full for the coin, and
    /// during setup the right placer next.
    fn check_setup(&self) -> Result<(), Error> {
        let board = &self.board;
        let placed = self.occupied().count();
        let total = u32::from(board.total);
        if let Some(cell) = (self.occupied() & !board.start).first() {
            return Err(Error::position(format!(
                "the counter on {} is off the start zone, but setup is not over",
                Board::cell_name(cell)
            )));
        }
        if self.phase == Phase::Coin && placed != total {
            return Err(Error::position(format!(
                "'?' needs the start zone full ({placed} of {total} counters placed)"
            )));
        }
        if self.phase == Phase::Setup {
            if placed == total {
                return Err(Error::position(
                    "all counters are placed: the state is '?' (coin) or play",
                ));
            }
            let next = (placed % 2) as u8;
            if self.mover != next {
                return Err(Error::position(format!(
                    "{placed} counters placed, so placer {} places next, not placer {}",
                    next + 1,
                    self.mover + 1
                )));
            }
        }
        Ok(())
    }

    /// Play: every counter on the board, none on another type's finish cell, a game not
    /// finished by both colours, and no pass after a win.
    fn check_play(&self) -> Result<(), Error> {
        let board = &self.board;
        let placed = self.occupied().count();
        let total = u32::from(board.total);
        if placed != total {
            return Err(Error::position(format!(
                "play needs all {total} counters on the board ({placed} found)"
            )));
        }
        for cell in (self.occupied() & board.finish_all).iter() {
            let Some((t, colour)) = self.counter_at(cell) else {
                continue;
            };
            if !board.finish[t].has(cell) {
                return Err(Error::position(format!(
                    "{} on {} stands on another type's finish cell",
                    counter_char(t, colour),
                    Board::cell_name(cell)
                )));
            }
        }
        if self.unfinished(LIGHT).is_empty() && self.unfinished(DARK).is_empty() {
            return Err(Error::position("both colours have finished all counters"));
        }
        if self.passes > 0 && self.winner().is_some() {
            return Err(Error::position(
                "a finished game cannot have a pass after the win",
            ));
        }
        Ok(())
    }

    /// The position in notation.
    pub(super) fn write_position(&self) -> String {
        let board = &self.board;
        let mut out = String::new();
        for row in (0..board.height as usize).rev() {
            let mut run = 0;
            for col in 0..board.width as usize {
                let cell = cell_at(row, col);
                if !board.cells.has(cell) {
                    continue;
                }
                match self.counter_at(cell) {
                    None => run += 1,
                    Some((t, colour)) => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push(counter_char(t, colour));
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            if row > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push_str(&self.state_word());
        match self.passes {
            1 => out.push_str(" pass"),
            2 => out.push_str(" draw"),
            _ => {}
        }
        out
    }

    fn state_word(&self) -> String {
        match self.phase {
            Phase::Setup => format!("s{}", self.mover + 1),
            Phase::Coin => "?".to_string(),
            Phase::Play => {
                let c = if self.mover as usize == LIGHT {
                    'l'
                } else {
                    'd'
                };
                if self.light_seat == 0 {
                    c.to_string()
                } else {
                    format!("{c}{}", self.seat_of(self.mover as usize) + 1)
                }
            }
        }
    }

    /// Reads a move and checks it is legal here.
    pub(super) fn read_move(&self, text: &str) -> Result<Move, Error> {
        let text = text.trim();
        self.move_or_why(text)
            .map_err(|why| Error::bad_move(format!("{text}: {why}")))
    }

    /// Reads the (trimmed) move `text` by its form, or says why it is not a legal move here; the
    /// game's state is checked before the form, in the order the errors should win.
    fn move_or_why(&self, text: &str) -> Result<Move, String> {
        let turn = self.turn();
        if turn == Turn::Terminal {
            return Err("the game is over".into());
        }
        if let Some(seat) = text.strip_prefix("coin:") {
            return self.read_coin(seat);
        }
        if turn == Turn::Chance {
            return Err("the coin is to be tossed (coin:1 or coin:2)".into());
        }
        if text == "pass" {
            return self.read_pass();
        }
        if let Some((counter, cell)) = text.split_once('@') {
            return self.read_place(counter, cell);
        }
        if let Some((from, to)) = text.split_once('-') {
            return self.read_go(from, to);
        }
        Err("not a move (A@c3 or a@c3 to place, c3-c5 to move, pass, coin:1 or coin:2)".into())
    }

    /// The coin toss `coin:<seat>`, once setup is over.
    fn read_coin(&self, seat: &str) -> Result<Move, String> {
        if self.phase != Phase::Coin {
            return Err("the coin is tossed only when setup is over".into());
        }
        match seat {
            "1" => Ok(Move::Coin(0)),
            "2" => Ok(Move::Coin(1)),
            _ => Err("the coin names placer 1 or 2 (coin:1, coin:2)".into()),
        }
    }

    /// A pass: only in play, and only when the player has no move.
    fn read_pass(&self) -> Result<Move, String> {
        if self.phase != Phase::Play {
            return Err("no passing during setup".into());
        }
        if self.has_go() {
            return Err("a player may pass only when no move exists".into());
        }
        Ok(Move::Pass)
    }

    /// A placement `<counter>@<cell>` during setup: a counter still in the pool onto a free start
    /// cell.
    fn read_place(&self, counter: &str, cell: &str) -> Result<Move, String> {
        if self.phase != Phase::Setup {
            return Err("placements only during setup".into());
        }
        let (t, colour) = read_counter(counter)?;
        let cell = self.board.parse_cell(cell)?;
        if self.in_pool(t, colour) == 0 {
            return Err(format!("no {counter} counter is left in the pool"));
        }
        if !self.board.start.has(cell) {
            return Err(format!(
                "{cell_text} is not a start cell",
                cell_text = Board::cell_name(cell)
            ));
        }
        if self.occupied().has(cell) {
            return Err(format!("{} is taken", Board::cell_name(cell)));
        }
        Ok(Move::Place {
            counter: (t + TYPES * colour) as u8,
            cell,
        })
    }

    /// A move `<from>-<to>` in play: an unfinished counter of the mover's to a cell it can reach.
    fn read_go(&self, from: &str, to: &str) -> Result<Move, String> {
        if self.phase != Phase::Play {
            return Err("counters move only in play (setup places them)".into());
        }
        let from = self.board.parse_cell(from)?;
        let to = self.board.parse_cell(to)?;
        self.check_movable(from)?;
        if !self.destinations(from).has(to) {
            return Err(self.why_unreachable(from, to));
        }
        Ok(Move::Go { from, to })
    }

    /// The counter on `from` is the mover's and not finished, so it may move.
    fn check_movable(&self, from: u8) -> Result<(), String> {
        let own = if self.mover as usize == LIGHT {
            "light"
        } else {
            "dark"
        };
        match self.counter_at(from) {
            None => return Err(format!("no counter on {}", Board::cell_name(from))),
            Some((_, c)) if c != self.mover as usize => {
                return Err(format!(
                    "the counter on {} is not {own}'s",
                    Board::cell_name(from)
                ))
            }
            _ => {}
        }
        if self.board.finish_all.has(from) {
            return Err(format!(
                "the counter on {} is finished and never moves again",
                Board::cell_name(from)
            ));
        }
        Ok(())
    }

    /// Why the counter on `from` cannot go to `to`: the same cell, a taken cell, another type's
    /// finish cell, or no step or jump chain.
    fn why_unreachable(&self, from: u8, to: u8) -> String {
        if from == to {
            "a move must end on another cell".to_string()
        } else if self.occupied().has(to) {
            format!("{} is taken", Board::cell_name(to))
        } else if let CellKind::Finish(f) = self.board.kind(to) {
            let (t, _) = self.counter_at(from).unwrap_or((0, 0));
            if f as usize != t {
                format!(
                    "{} is a finish cell of type {}",
                    Board::cell_name(to),
                    (b'A' + f) as char
                )
            } else {
                "no step or jump chain reaches it".to_string()
            }
        } else {
            "no step or jump chain reaches it".to_string()
        }
    }

    /// The board for a person: each cell two characters, the map symbol (`S` start, `A`-`H` finish
    /// cell, blank ordinary) then the counter (`.` none), with rank and file labels.
    pub(super) fn draw(&self) -> String {
        let board = &self.board;
        let mut out = String::new();
        for row in (0..board.height as usize).rev() {
            out.push_str(&format!("{:>3} ", row + 1));
            for col in 0..board.width as usize {
                let cell = cell_at(row, col);
                let mark = match board.kind(cell) {
                    CellKind::Hole => {
                        out.push_str(" ##");
                        continue;
                    }
                    CellKind::Plain => ' ',
                    CellKind::Start => 'S',
                    CellKind::Finish(t) => (b'A' + t) as char,
                };
                let content = match self.counter_at(cell) {
                    Some((t, colour)) => counter_char(t, colour),
                    None => '.',
                };
                out.push(' ');
                out.push(mark);
                out.push(content);
            }
            out.push('\n');
        }
        out.push_str("    ");
        for col in 0..board.width as usize {
            out.push_str("  ");
            out.push((b'a' + col as u8) as char);
        }
        out.push('\n');
        out.push_str("    (cell: S start, A-H finish; counter: A-H light, a-h dark, . none)\n");
        out.push_str(&self.status_line());
        out.push('\n');
        out
    }

    pub(super) fn status_line(&self) -> String {
        match self.phase {
            Phase::Setup => {
                let mut pool = String::new();
                for colour in 0..2 {
                    for t in 0..TYPES {
                        let n = self.in_pool(t, colour);
                        if n > 0 {
                            pool.push_str(&format!(" {}{n}", counter_char(t, colour)));
                        }
                    }
                }
                format!("setup: placer {} to place; pool:{pool}", self.mover + 1)
            }
            Phase::Coin => "setup done: the coin picks who plays light and moves first".into(),
            Phase::Play => {
                let finished = |c: usize| (self.colour[c] & self.board.finish_all).count();
                let score = format!(
                    "finished: light {}/{}, dark {}/{}",
                    finished(LIGHT),
                    self.colour[LIGHT].count(),
                    finished(DARK),
                    self.colour[DARK].count()
                );
                let who = |c: usize| {
                    format!(
                        "{} (placer {})",
                        if c == LIGHT { "light" } else { "dark" },
                        self.seat_of(c) + 1
                    )
                };
                if let Some(c) = self.winner() {
                    format!("{} wins; {score}", who(c))
                } else if self.passes >= 2 {
                    format!("draw: two passes in a row; {score}")
                } else {
                    let after = if self.passes == 1 {
                        " (after a pass)"
                    } else {
                        ""
                    };
                    format!("{} to move{after}; {score}", who(self.mover as usize))
                }
            }
        }
    }
}

/// Reads a counter of a placement, one letter: its type and colour (`A`-`H` light, `a`-`h` dark).
fn read_counter(counter: &str) -> Result<(usize, usize), String> {
    let not_a_counter = || format!("'{counter}' is not a counter (A-H light, a-h dark)");
    let mut chars = counter.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return Err(not_a_counter());
    };
    let upper = ch.to_ascii_uppercase();
    if !('A'..='H').contains(&upper) {
        return Err(not_a_counter());
    }
    let t = (upper as u8 - b'A') as usize;
    let colour = if ch.is_ascii_uppercase() { LIGHT } else { DARK };
    Ok((t, colour))
}
