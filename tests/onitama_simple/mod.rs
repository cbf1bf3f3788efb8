//! A second, deliberately simple Onitama: plain `(x, y)` coordinates, a 5x5 char array, `Vec`s and
//! `String`s, and its own card table typed in from `docs/rules/onitama.md`. It shares no code with
//! the engine, so when both agree on perft counts and move lists, both are likely right.

#![allow(dead_code)]

/// A card row: name, offsets (dx, dy) from the holder's view, whether the stamp is red.
pub type CardRow = (&'static str, &'static [(i32, i32)], bool);

/// The card table of the rules file.
pub const CARDS: [CardRow; 16] = [
    ("tiger", &[(0, 2), (0, -1)], false),
    ("crab", &[(-2, 0), (0, 1), (2, 0)], false),
    ("monkey", &[(-1, 1), (1, 1), (-1, -1), (1, -1)], false),
    ("crane", &[(0, 1), (-1, -1), (1, -1)], false),
    ("dragon", &[(-2, 1), (2, 1), (-1, -1), (1, -1)], true),
    ("elephant", &[(-1, 1), (1, 1), (-1, 0), (1, 0)], true),
    ("mantis", &[(-1, 1), (1, 1), (0, -1)], true),
    ("boar", &[(-1, 0), (0, 1), (1, 0)], true),
    ("frog", &[(-2, 0), (-1, 1), (1, -1)], true),
    ("goose", &[(-1, 1), (-1, 0), (1, 0), (1, -1)], false),
    ("horse", &[(-1, 0), (0, 1), (0, -1)], true),
    ("eel", &[(-1, 1), (-1, -1), (1, 0)], false),
    ("rabbit", &[(-1, -1), (1, 1), (2, 0)], false),
    ("rooster", &[(-1, -1), (-1, 0), (1, 0), (1, 1)], true),
    ("ox", &[(0, 1), (1, 0), (0, -1)], false),
    ("cobra", &[(-1, 0), (1, 1), (1, -1)], true),
];

fn offsets(card: &str) -> &'static [(i32, i32)] {
    CARDS.iter().find(|c| c.0 == card).expect("known card").1
}

fn table_index(card: &str) -> usize {
    CARDS.iter().position(|c| c.0 == card).expect("known card")
}

/// A position: `board[y][x]` with `y = 0` rank 1 and `x = 0` file a; `'.'` is empty.
#[derive(Clone, Debug)]
pub struct Simple {
    pub board: [[char; 5]; 5],
    pub red_to_move: bool,
    pub red: Vec<String>,
    pub blue: Vec<String>,
    pub side: String,
}

/// A move: card name, and from/to squares or `None` for a pass.
pub type SimpleMove = (String, Option<((i32, i32), (i32, i32))>);

impl Simple {
    /// Reads the notation (trusting it: the engine's parser is tested elsewhere).
    pub fn parse(text: &str) -> Simple {
        let f: Vec<&str> = text.split_whitespace().collect();
        let mut board = [['.'; 5]; 5];
        for (row, rank) in f[0].split('/').enumerate() {
            let y = 4 - row;
            let mut x = 0;
            for ch in rank.chars() {
                if let Some(d) = ch.to_digit(10) {
                    x += d as usize;
                } else {
                    board[y][x] = ch;
                    x += 1;
                }
            }
        }
        let hand = |s: &str| s.split(',').map(|c| c.to_lowercase()).collect::<Vec<_>>();
        Simple {
            board,
            red_to_move: f[1] == "r",
            red: hand(f[2]),
            blue: hand(f[3]),
            side: f[4].to_lowercase(),
        }
    }

    /// The start position of a deal (five card names, Red's two, Blue's two, side).
    pub fn start(cards: [&str; 5]) -> Simple {
        let red_starts = CARDS[table_index(cards[4])].2;
        let text = format!(
            "ssmss/5/5/5/SSMSS {} {},{} {},{} {}",
            if red_starts { "r" } else { "b" },
            cards[0],
            cards[1],
            cards[2],
            cards[3],
            cards[4]
        );
        Simple::parse(&text)
    }

    fn find(&self, ch: char) -> Option<(i32, i32)> {
        for y in 0..5 {
            for x in 0..5 {
                if self.board[y][x] == ch {
                    return Some((x as i32, y as i32));
                }
            }
        }
        None
    }

    /// The winner: red if Blue's master is gone or Red's master is on c5 (x 2, y 4); and so on.
    pub fn winner(&self) -> Option<&'static str> {
        if self.find('m').is_none() || self.find('M') == Some((2, 4)) {
            Some("red")
        } else if self.find('M').is_none() || self.find('m') == Some((2, 0)) {
            Some("blue")
        } else {
            None
        }
    }

    fn own(&self, ch: char) -> bool {
        if self.red_to_move {
            ch == 'M' || ch == 'S'
        } else {
            ch == 'm' || ch == 's'
        }
    }

    /// The legal moves, passes included.
    pub fn moves(&self) -> Vec<SimpleMove> {
        let mut out = Vec::new();
        if self.winner().is_some() {
            return out;
        }
        let hand = if self.red_to_move {
            &self.red
        } else {
            &self.blue
        };
        for card in hand {
            for y in 0..5 {
                for x in 0..5 {
                    if !self.own(self.board[y][x]) {
                        continue;
                    }
                    for &(dx, dy) in offsets(card) {
                        // Blue sees the board turned around.
                        let (dx, dy) = if self.red_to_move {
                            (dx, dy)
                        } else {
                            (-dx, -dy)
                        };
                        let (tx, ty) = (x as i32 + dx, y as i32 + dy);
                        if !(0..5).contains(&tx) || !(0..5).contains(&ty) {
                            continue;
                        }
                        if self.own(self.board[ty as usize][tx as usize]) {
                            continue;
                        }
                        out.push((card.clone(), Some(((x as i32, y as i32), (tx, ty)))));
                    }
                }
            }
        }
        if out.is_empty() {
            for card in hand {
                out.push((card.clone(), None));
            }
        }
        out
    }

    /// Plays a move.
    pub fn play(&mut self, mv: &SimpleMove) {
        if let Some(((fx, fy), (tx, ty))) = mv.1 {
            let piece = self.board[fy as usize][fx as usize];
            self.board[fy as usize][fx as usize] = '.';
            self.board[ty as usize][tx as usize] = piece;
        }
        let side = std::mem::replace(&mut self.side, mv.0.clone());
        let hand = if self.red_to_move {
            &mut self.red
        } else {
            &mut self.blue
        };
        let i = hand.iter().position(|c| *c == mv.0).expect("card in hand");
        hand[i] = side;
        self.red_to_move = !self.red_to_move;
    }

    /// Perft by the rules file's convention: terminal positions are one leaf.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.winner().is_some() {
            return 1;
        }
        self.moves()
            .iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// A move in the rules file's notation.
    pub fn move_text(mv: &SimpleMove) -> String {
        let sq = |(x, y): (i32, i32)| format!("{}{}", (b'a' + x as u8) as char, y + 1);
        match mv.1 {
            Some((from, to)) => format!("{}:{}{}", mv.0, sq(from), sq(to)),
            None => format!("{}:pass", mv.0),
        }
    }

    /// The position in notation (hands in table order), to compare with the engine's.
    pub fn notation(&self) -> String {
        let cells: Vec<char> = self.board.iter().flatten().copied().collect();
        let board = board_text(&cells);
        let hand = |h: &Vec<String>| {
            let mut h = h.clone();
            h.sort_by_key(|c| table_index(c));
            h.join(",")
        };
        format!(
            "{} {} {} {} {}",
            board,
            if self.red_to_move { "r" } else { "b" },
            hand(&self.red),
            hand(&self.blue),
            self.side
        )
    }
}

/// The board part of a position's notation: `cells` holds the 25 squares rank 1 first (a1, b1,
/// ...), `.` for an empty one; ranks are written from 5 down to 1 with runs of empty squares as
/// digits.
pub fn board_text(cells: &[char]) -> String {
    let ranks: Vec<String> = cells
        .chunks(5)
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for &c in rank {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    ranks.join("/")
}

/// The 25 squares (rank 1 first) with `pieces` put on distinct random squares.
pub fn random_cells(r: &mut impl rand::Rng, pieces: &[char]) -> [char; 25] {
    use rand::RngExt;
    let mut cells = ['.'; 25];
    for &piece in pieces {
        loop {
            let i = r.random_range(0..25);
            if cells[i] == '.' {
                cells[i] = piece;
                break;
            }
        }
    }
    cells
}
