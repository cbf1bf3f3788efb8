//! A slow, independent Big Bang move generator for the tests: plain coordinates, a
//! breadth-first search over jumps, nothing from the engine.

#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap, VecDeque};

/// A position in plain coordinates: map symbols and counters by (file, rank), 0-based from a1.
pub struct Plain {
    pub map: HashMap<(i32, i32), char>,
    pub counters: HashMap<(i32, i32), char>,
    pub state: String,
}

pub fn plain(rows: &[&str], position: &str) -> Plain {
    let height = rows.len() as i32;
    let mut map = HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        for (f, ch) in row.chars().enumerate() {
            if ch != '#' {
                map.insert((f as i32, height - 1 - i as i32), ch);
            }
        }
    }
    let (ranks, state) = position.split_once(' ').unwrap();
    let mut counters = HashMap::new();
    for (i, rank) in ranks.split('/').enumerate() {
        let r = height - 1 - i as i32;
        let cells: Vec<i32> = (0..rows[i].len() as i32)
            .filter(|&f| map.contains_key(&(f, r)))
            .collect();
        let mut at = 0;
        let mut digits = String::new();
        for ch in rank.chars().chain(std::iter::once(' ')) {
            if ch.is_ascii_digit() {
                digits.push(ch);
                continue;
            }
            if !digits.is_empty() {
                at += digits.parse::<usize>().unwrap();
                digits.clear();
            }
            if ch.is_ascii_alphabetic() {
                counters.insert((cells[at], r), ch);
                at += 1;
            }
        }
    }
    Plain {
        map,
        counters,
        state: state.to_string(),
    }
}

pub fn name((f, r): (i32, i32)) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// Whether a counter of type `t` (upper case) may stand on `cell`.
pub fn may_stand(p: &Plain, cell: (i32, i32), t: char) -> bool {
    match p.map.get(&cell) {
        None => false,
        Some(&m) if ('A'..='H').contains(&m) => m == t,
        Some(_) => true,
    }
}

pub fn is_finish(p: &Plain, cell: (i32, i32)) -> bool {
    matches!(p.map.get(&cell), Some(m) if ('A'..='H').contains(m))
}

/// Every legal move, written as the rules write them.
pub fn slow_moves(p: &Plain) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let state = p.state.split_whitespace().next().unwrap();
    if state == "s1" || state == "s2" {
        let per_type = |t: char| p.map.values().filter(|&&m| m == t).count() / 2;
        for light in [true, false] {
            for t in 'A'..='H' {
                let ch = if light { t } else { t.to_ascii_lowercase() };
                let placed = p.counters.values().filter(|&&c| c == ch).count();
                if placed < per_type(t) {
                    for (&cell, &m) in &p.map {
                        if m == 'S' && !p.counters.contains_key(&cell) {
                            out.insert(format!("{ch}@{}", name(cell)));
                        }
                    }
                }
            }
        }
        return out;
    }
    let light = state.starts_with('l');
    let dirs = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    for (&from, &ch) in &p.counters {
        if ch.is_ascii_uppercase() != light || is_finish(p, from) {
            continue;
        }
        let t = ch.to_ascii_uppercase();
        let taken = |c: (i32, i32)| c != from && p.counters.contains_key(&c);
        for (df, dr) in dirs {
            let to = (from.0 + df, from.1 + dr);
            if may_stand(p, to, t) && !taken(to) {
                out.insert(format!("{}-{}", name(from), name(to)));
            }
        }
        let mut seen = BTreeSet::from([from]);
        let mut queue = VecDeque::from([from]);
        while let Some(at) = queue.pop_front() {
            for (df, dr) in dirs {
                let over = (at.0 + df, at.1 + dr);
                let to = (at.0 + 2 * df, at.1 + 2 * dr);
                if taken(over) && may_stand(p, to, t) && !taken(to) && seen.insert(to) {
                    out.insert(format!("{}-{}", name(from), name(to)));
                    if !is_finish(p, to) {
                        queue.push_back(to);
                    }
                }
            }
        }
    }
    if out.is_empty() {
        out.insert("pass".to_string());
    }
    out
}

/// The fewest moves `light` (or dark) needs to put all its counters on finish cells moving alone,
/// by a plain breadth-first search over whole positions; `None` if it never can.
pub fn slow_penalty(p: &Plain, light: bool, cap: usize) -> Option<u32> {
    let mine = |c: &char| c.is_ascii_uppercase() == light;
    let done = |counters: &HashMap<(i32, i32), char>| {
        counters
            .iter()
            .filter(|(_, c)| mine(c))
            .all(|(&cell, _)| is_finish(p, cell))
    };
    let key = |counters: &HashMap<(i32, i32), char>| {
        let mut v: Vec<((i32, i32), char)> = counters.iter().map(|(&k, &c)| (k, c)).collect();
        v.sort();
        v
    };
    let state = if light { "l" } else { "d" }.to_string();
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::new();
    seen.insert(key(&p.counters));
    queue.push_back((p.counters.clone(), 0u32));
    while let Some((counters, depth)) = queue.pop_front() {
        if done(&counters) {
            return Some(depth);
        }
        assert!(seen.len() < cap, "the slow penalty search is too big");
        let here = Plain {
            map: p.map.clone(),
            counters: counters.clone(),
            state: state.clone(),
        };
        for mv in slow_moves(&here) {
            let Some((from, to)) = mv.split_once('-') else {
                continue;
            };
            let cell = |s: &str| {
                let f = s.as_bytes()[0] as i32 - b'a' as i32;
                let r = s[1..].parse::<i32>().unwrap() - 1;
                (f, r)
            };
            let mut next = counters.clone();
            let ch = next.remove(&cell(from)).unwrap();
            next.insert(cell(to), ch);
            if seen.insert(key(&next)) {
                queue.push_back((next, depth + 1));
            }
        }
    }
    None
}
