//! Board maps: which cells exist, which form the start zone, and which are finish cells of which
//! type. The rules' 11 x 11 board is built in; any other map is read from text (a file, or an
//! inline `map:` option) and checked once here, so the rest of the game trusts it.
//!
//! Map text: one line per rank from the top, one character per cell (spaces between cells are
//! ignored): `.` an ordinary cell, `S` a start cell, `A`..`H` a finish cell of that type, `#` a
//! hole that is not part of the board. Blank lines and lines starting with `;` are ignored.
//!
//! *Counters come from the map*: each finish cell of type X stands for one counter of type X, half
//! of them light and half dark, so every type needs an even number of finish cells and the start
//! zone needs exactly one cell per counter. The default map gives the rules' 28 counters (four of
//! A-F, two of G and H); smaller maps make small games (tests, puzzles).

use std::fmt;
use std::sync::{Arc, OnceLock};

use super::board::{cell_at, row_col, Bitboard, CELLS, DIRECTIONS, STRIDE};
use crate::error::Error;

/// The number of counter types, `A`..`H`.
pub const TYPES: usize = 8;

/// The rules' default board (rank 11 first).
pub const DEFAULT_MAP: &str = "\
..FEDGCBA..
...........
F....S....A
E..SSSSS..B
D..SSSSS..C
H.SSS.SSS.H
C..SSSSS..D
B..SSSSS..E
A....S....F
...........
..ABCGDEF..
";

/// What a cell of a map is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// Not part of the board (`#`).
    Hole,
    /// An ordinary cell (`.`).
    Plain,
    /// A start-zone cell (`S`).
    Start,
    /// A finish cell of a type, 0 for `A` to 7 for `H`.
    Finish(u8),
}

/// A checked board map, with the tables move generation needs.
#[derive(Clone)]
pub struct Board {
    /// Files (columns), 1 to 11.
    pub width: u8,
    /// Ranks (rows), 1 to 11.
    pub height: u8,
    /// Every cell that is part of the board.
    pub cells: Bitboard,
    /// The start zone.
    pub start: Bitboard,
    /// Finish cells by type.
    pub finish: [Bitboard; TYPES],
    /// All finish cells.
    pub finish_all: Bitboard,
    /// Counters of each type, both colours together (always even).
    pub counts: [u8; TYPES],
    /// Total counters (= start cells = finish cells).
    pub total: u8,
    /// The on-board king neighbours of each cell.
    pub adjacent: [Bitboard; CELLS],
    /// The map as it was given, normalised (one line per rank, no spaces).
    pub text: String,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Board({}x{}, {} counters)",
            self.width, self.height, self.total
        )
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.text == other.text
    }
}

impl Board {
    /// The rules' 11 x 11 board, built once.
    pub fn default_board() -> Arc<Board> {
        static DEFAULT: OnceLock<Arc<Board>> = OnceLock::new();
        DEFAULT
            .get_or_init(|| Arc::new(Board::parse(DEFAULT_MAP).expect("the default map is valid")))
            .clone()
    }

    /// The board an option value names: empty for the default, `map:ROW/ROW/...` for a map given
    /// inline (rows from the top), anything else a file path.
    pub fn from_option(value: Option<&str>) -> Result<Arc<Board>, Error> {
        match value {
            None | Some("default") => Ok(Board::default_board()),
            Some("") => Err(Error::option(
                "board= is empty: give a map file, map:ROW/ROW/..., or default",
            )),
            Some(v) => {
                if let Some(inline) = v.strip_prefix("map:") {
                    let text = inline.replace('/', "\n");
                    Board::parse(&text)
                        .map(Arc::new)
                        .map_err(|e| Error::option(format!("board {v}: {}", e.message)))
                } else {
                    Board::load(v).map(Arc::new)
                }
            }
        }
    }

    /// Reads and checks a map file.
    pub fn load(path: &str) -> Result<Board, Error> {
        // A map is a few hundred bytes; the bound refuses a device or a wrong path unread.
        let text = crate::files::read_small(std::path::Path::new(path), 1 << 20, "board map")?;
        Board::parse(&text).map_err(|e| Error::file(format!("board map '{path}': {}", e.message)))
    }

    /// Checks a map's text (see the module docs); the error names the line and what is wrong.
    pub fn parse(text: &str) -> Result<Board, Error> {
        let rows = read_rows(text)?;
        check_shape(&rows)?;
        let mut board = Board::lay_out(&rows);
        board.count_counters()?;
        board.fill_adjacent();
        Ok(board)
    }

    /// The board of checked rectangular `rows` (top rank first): its cells, start zone, finish
    /// cells and normalised text; counters and neighbours are still to be filled in.
    fn lay_out(rows: &[Row]) -> Board {
        let height = rows.len();
        let mut board = Board {
            width: rows[0].1.len() as u8,
            height: height as u8,
            cells: Bitboard::EMPTY,
            start: Bitboard::EMPTY,
            finish: [Bitboard::EMPTY; TYPES],
            finish_all: Bitboard::EMPTY,
            counts: [0; TYPES],
            total: 0,
            adjacent: [Bitboard::EMPTY; CELLS],
            text: String::new(),
        };
        for (i, (_, row)) in rows.iter().enumerate() {
            let r = height - 1 - i;
            for (c, &kind) in row.iter().enumerate() {
                board.put(cell_at(r, c), kind);
            }
            board.text.push('\n');
        }
        board
    }

    /// Adds one cell of the map, of `kind`, to the board and to its text.
    fn put(&mut self, cell: u8, kind: CellKind) {
        self.text.push(match kind {
            CellKind::Hole => '#',
            CellKind::Plain => '.',
            CellKind::Start => 'S',
            CellKind::Finish(t) => (b'A' + t) as char,
        });
        if kind == CellKind::Hole {
            return;
        }
        self.cells.set(cell);
        match kind {
            CellKind::Start => self.start.set(cell),
            CellKind::Finish(t) => {
                self.finish[t as usize].set(cell);
                self.finish_all.set(cell);
            }
            _ => {}
        }
    }

    /// The counters the finish cells stand for: an even number of each type, at least one in
    /// all, and exactly as many start cells.
    fn count_counters(&mut self) -> Result<(), Error> {
        let mut total = 0u32;
        for t in 0..TYPES {
            let n = self.finish[t].count();
            if !n.is_multiple_of(2) {
                return Err(Error::file(format!(
                    "type {} has {}; each type needs an even number (one counter per cell, half light, half dark)",
                    (b'A' + t as u8) as char,
                    crate::words::counted(u64::from(n), "finish cell", "finish cells")
                )));
            }
            self.counts[t] = n as u8;
            total += n;
        }
        if total == 0 {
            return Err(Error::file("the map has no finish cells, so no counters"));
        }
        let starts = self.start.count();
        if starts != total {
            return Err(Error::file(format!(
                "the map has {starts} start cells but {total} finish cells; it needs one start cell per counter"
            )));
        }
        self.total = total as u8;
        Ok(())
    }

    /// The table of each cell's on-board king neighbours.
    fn fill_adjacent(&mut self) {
        for cell in self.cells.iter() {
            let one = Bitboard::from_cell(cell);
            let mut adj = Bitboard::EMPTY;
            for dir in 0..DIRECTIONS.len() {
                adj |= one.shift(dir);
            }
            self.adjacent[cell as usize] = adj & self.cells;
        }
    }

    /// What kind of cell `cell` is.
    pub fn kind(&self, cell: u8) -> CellKind {
        if !self.cells.has(cell) {
            CellKind::Hole
        } else if self.start.has(cell) {
            CellKind::Start
        } else if self.finish_all.has(cell) {
            let t = (0..TYPES).find(|&t| self.finish[t].has(cell)).unwrap_or(0);
            CellKind::Finish(t as u8)
        } else {
            CellKind::Plain
        }
    }

    /// Cells a counter of type `t` may stand on: every cell but the other types' finish cells.
    #[inline]
    pub fn allowed(&self, t: usize) -> Bitboard {
        self.cells & !(self.finish_all & !self.finish[t])
    }

    /// The name of a cell, `a1`..`k11`.
    pub fn cell_name(cell: u8) -> String {
        let (r, c) = row_col(cell);
        format!("{}{}", (b'a' + c as u8) as char, r + 1)
    }

    /// Reads a cell name of this board; the error says why it is not one.
    pub fn parse_cell(&self, text: &str) -> Result<u8, String> {
        let mut chars = text.chars();
        let file = chars.next().ok_or_else(|| "empty cell name".to_string())?;
        let rank = chars.as_str();
        if !file.is_ascii_lowercase() {
            return Err(format!(
                "'{text}' is not a cell (a file letter, then a rank number)"
            ));
        }
        let col = (file as u8 - b'a') as usize;
        let row = match rank.parse::<usize>() {
            Ok(r) if r >= 1 && !rank.starts_with('0') && !rank.starts_with('+') => r - 1,
            _ => {
                return Err(format!(
                    "'{text}' is not a cell (a file letter, then a rank number)"
                ))
            }
        };
        if col >= self.width as usize || row >= self.height as usize {
            return Err(format!("{text} is off the board"));
        }
        let cell = cell_at(row, col);
        if !self.cells.has(cell) {
            return Err(format!("{text} is a hole, not part of the board"));
        }
        Ok(cell)
    }
}

/// One row of a map: its line number in the text (from 1) and its cells.
type Row = (usize, Vec<CellKind>);

/// The rows of a map's text, each with its line number (from 1), skipping blank and `;` lines;
/// the first unknown symbol is an error.
fn read_rows(text: &str) -> Result<Vec<Row>, Error> {
    let mut rows = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with(';') {
            continue;
        }
        rows.push((number + 1, read_row(number + 1, line)?));
    }
    Ok(rows)
}

/// The cells of one map line (line number `line_number`), spaces between cells ignored.
fn read_row(line_number: usize, line: &str) -> Result<Vec<CellKind>, Error> {
    let mut row = Vec::new();
    for (column, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
        let kind = match ch {
            '#' => CellKind::Hole,
            '.' => CellKind::Plain,
            'S' => CellKind::Start,
            'A'..='H' => CellKind::Finish(ch as u8 - b'A'),
            _ => {
                return Err(Error::file(format!(
                    "line {line_number}: unknown symbol '{ch}' in column {} (use . S A-H #)",
                    column + 1
                )))
            }
        };
        row.push(kind);
    }
    Ok(row)
}

/// The rows make a map: at least one, at most `STRIDE` of at most `STRIDE` cells, all as long as
/// the first.
fn check_shape(rows: &[Row]) -> Result<(), Error> {
    if rows.is_empty() {
        return Err(Error::file("the map has no rows"));
    }
    if rows.len() > STRIDE {
        return Err(Error::file(format!(
            "the map has {} rows; at most {STRIDE} are allowed",
            rows.len()
        )));
    }
    let width = rows[0].1.len();
    if width > STRIDE {
        return Err(Error::file(format!(
            "line {}: {width} cells; at most {STRIDE} are allowed",
            rows[0].0
        )));
    }
    for (line, row) in rows {
        if row.len() != width {
            return Err(Error::file(format!(
                "line {line}: {} cells, but the first row has {width} (the map must be a rectangle)",
                row.len()
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_board_matches_the_rules() {
        let b = Board::default_board();
        assert_eq!((b.width, b.height), (11, 11));
        assert_eq!(b.total, 28);
        assert_eq!(b.counts, [4, 4, 4, 4, 4, 4, 2, 2]);
        assert_eq!(b.cells.count(), 121);
        assert!(b.start.has(cell_at(5, 2)) && !b.start.has(cell_at(5, 5)));
        // The layout looks the same turned 180 degrees.
        for cell in b.cells.iter() {
            let (r, c) = row_col(cell);
            assert_eq!(b.kind(cell), b.kind(cell_at(10 - r, 10 - c)));
        }
    }
}
