//! A slow, independent capture-checkers move generator for the tests: holes are plain cube
//! coordinates in a `BTreeSet`, chains are enumerated by brute force (every chain, no visited
//! set), and moves are merged by the resulting set of marbles. Nothing here uses the engine.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

/// A hole in cube coordinates.
pub type Cube = (i32, i32, i32);
/// A set of marbles.
pub type Board = BTreeSet<Cube>;

/// The six directions of the star, as cube-coordinate steps.
pub const DIRS: [Cube; 6] = [
    (1, -1, 0),
    (-1, 1, 0),
    (1, 0, -1),
    (-1, 0, 1),
    (0, 1, -1),
    (0, -1, 1),
];

/// The star: all of x, y, z at most 4, or all at least -4.
pub fn on_star(c: Cube) -> bool {
    let (x, y, z) = c;
    x + y + z == 0 && ((x <= 4 && y <= 4 && z <= 4) || (x >= -4 && y >= -4 && z >= -4))
}

/// The holes of row `r` (0 = a), left to right.
pub fn row_holes(r: usize) -> Vec<Cube> {
    let z = r as i32 - 8;
    (-8..=8)
        .map(|x| (x, -x - z, z))
        .filter(|&c| on_star(c))
        .collect()
}

/// Reading-order key: row from the top, then left to right.
pub fn order(c: Cube) -> (i32, i32) {
    (c.2, c.0)
}

/// The name of a hole (`i5`).
pub fn name(c: Cube) -> String {
    let r = (c.2 + 8) as usize;
    let place = row_holes(r).iter().position(|&h| h == c).unwrap() + 1;
    format!("{}{}", (b'a' + r as u8) as char, place)
}

/// Reads the board part of a position and whether it has `long`.
pub fn parse(text: &str) -> (Board, bool) {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let mut board = Board::new();
    for (r, row) in fields[0].split('/').enumerate() {
        let holes = row_holes(r);
        assert_eq!(holes.len(), row.len(), "row {r}");
        for (p, ch) in row.chars().enumerate() {
            if ch == 'o' {
                board.insert(holes[p]);
            }
        }
    }
    (board, fields.get(3) == Some(&"long"))
}

fn add(c: Cube, d: Cube, k: i32) -> Cube {
    (c.0 + k * d.0, c.1 + k * d.1, c.2 + k * d.2)
}

/// The jumps `(captured, landing)` of a marble on `cur` over the marbles of `board`.
pub fn jumps(board: &Board, cur: Cube, long: bool) -> Vec<(Cube, Cube)> {
    let mut out = Vec::new();
    for d in DIRS {
        let max_k = if long { 12 } else { 0 };
        for k in 0..=max_k {
            let empty = |i: i32| on_star(add(cur, d, i)) && !board.contains(&add(cur, d, i));
            let before = (1..=k).all(empty);
            let over = add(cur, d, k + 1);
            let after = (k + 2..=2 * k + 2).all(empty);
            if before && board.contains(&over) && after {
                out.push((over, add(cur, d, 2 * k + 2)));
            }
        }
    }
    out
}

/// Every move: resulting board -> (captures, least chain in reading order).
pub fn moves(board: &Board, long: bool) -> BTreeMap<Board, (usize, Vec<Cube>)> {
    let mut out: BTreeMap<Board, (usize, Vec<Cube>)> = BTreeMap::new();
    for &s in board {
        let mut rest = board.clone();
        rest.remove(&s);
        let mut path = vec![s];
        walk(&rest, s, long, &mut path, &mut out);
    }
    out
}

fn walk(
    rest: &Board,
    cur: Cube,
    long: bool,
    path: &mut Vec<Cube>,
    out: &mut BTreeMap<Board, (usize, Vec<Cube>)>,
) {
    for (over, land) in jumps(rest, cur, long) {
        let mut next = rest.clone();
        next.remove(&over);
        path.push(land);
        let mut result = next.clone();
        result.insert(land);
        let key: Vec<(i32, i32)> = path.iter().map(|&c| order(c)).collect();
        let entry = out
            .entry(result)
            .or_insert_with(|| (path.len() - 1, path.clone()));
        let old: Vec<(i32, i32)> = entry.1.iter().map(|&c| order(c)).collect();
        if key < old {
            entry.1 = path.clone();
        }
        walk(&next, land, long, path, out);
        path.pop();
    }
}

/// Perft: leaves to `depth`, a position without jumps counting as one leaf.
pub fn perft(board: &Board, long: bool, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ms = moves(board, long);
    if ms.is_empty() {
        return 1;
    }
    if depth == 1 {
        return ms.len() as u64;
    }
    ms.keys().map(|b| perft(b, long, depth - 1)).sum()
}

/// The chain written in move notation.
pub fn chain_name(chain: &[Cube]) -> String {
    chain.iter().map(|&c| name(c)).collect::<Vec<_>>().join("-")
}

/// A two-player position (in the rules' notation) with marbles on the given cube coordinates.
pub fn position(marbles: &[Cube], long: bool) -> String {
    let rows: Vec<String> = (0..17)
        .map(|r| {
            row_holes(r)
                .iter()
                .map(|c| if marbles.contains(c) { 'o' } else { '.' })
                .collect()
        })
        .collect();
    format!(
        "{} 1/2 0,0{}",
        rows.join("/"),
        if long { " long" } else { "" }
    )
}
