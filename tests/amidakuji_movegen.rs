//! Move lists checked against a slow, independent model written here from the rules file: plain
//! coordinates, a list of bridges, markers as small enums, its own notation reader and writer.
//! For every move it computes the position after it, so the comparison covers move generation
//! and move making together.

use std::collections::BTreeSet;

use tabula::games::amidakuji::Amidakuji;
use tabula::perft::perft;
use tabula::random::rng;
use tabula::{Game, GameOptions, Turn};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Loc {
    Off,
    Res,
    Top(i32),
    Bot(i32),
    Node(i32, i32),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct M {
    loc: Loc,
    cross: bool,
    moved: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Br {
    owner: usize,
    long: bool,
    a: (i32, i32),
    b: (i32, i32),
}

#[derive(Clone, Debug)]
struct P {
    cols: i32,
    rows: i32,
    bridges: Vec<Br>,
    m: [[M; 3]; 2],
    phase: String,
    to: usize,
}

fn col_of(c: u8) -> i32 {
    (c - b'a') as i32
}

fn parse_node(s: &str) -> ((i32, i32), usize) {
    let b = s.as_bytes();
    let mut i = 1;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    ((col_of(b[0]), s[1..i].parse::<i32>().unwrap() - 1), i)
}

fn node_text(n: (i32, i32)) -> String {
    format!("{}{}", (b'a' + n.0 as u8) as char, n.1 + 1)
}

fn parse_m(s: &str) -> M {
    let (s, moved) = match s.strip_suffix('\'') {
        Some(x) => (x, true),
        None => (s, false),
    };
    let (loc, cross) = if s == "-" {
        (Loc::Off, false)
    } else if s == "R" {
        (Loc::Res, false)
    } else if s.ends_with('^') {
        (Loc::Top(col_of(s.as_bytes()[0])), false)
    } else if s.ends_with('_') {
        (Loc::Bot(col_of(s.as_bytes()[0])), false)
    } else {
        let (n, _) = parse_node(s);
        (Loc::Node(n.0, n.1), s.ends_with('x'))
    };
    M { loc, cross, moved }
}

fn m_text(m: &M) -> String {
    let mut s = match m.loc {
        Loc::Off => "-".to_string(),
        Loc::Res => "R".to_string(),
        Loc::Top(c) => format!("{}^", (b'a' + c as u8) as char),
        Loc::Bot(c) => format!("{}_", (b'a' + c as u8) as char),
        Loc::Node(c, r) => format!("{}{}", node_text((c, r)), if m.cross { 'x' } else { 's' }),
    };
    if m.moved {
        s.push('\'');
    }
    s
}

impl P {
    fn parse(text: &str) -> P {
        let f: Vec<&str> = text.split_whitespace().collect();
        let (c, r) = f[0].split_once('x').unwrap();
        let mut bridges = Vec::new();
        if f[1] != "-" {
            for b in f[1].split(',') {
                let owner = if b.starts_with('r') { 0 } else { 1 };
                let long = &b[1..2] == "l";
                let (a, len) = parse_node(&b[2..]);
                let (bb, _) = parse_node(&b[2 + len..]);
                bridges.push(Br {
                    owner,
                    long,
                    a,
                    b: bb,
                });
            }
        }
        let ms = |t: &str| {
            let v: Vec<M> = t.split(',').map(parse_m).collect();
            [v[0], v[1], v[2]]
        };
        P {
            cols: c.parse().unwrap(),
            rows: r.parse().unwrap(),
            bridges,
            m: [ms(f[2]), ms(f[3])],
            phase: f[4].to_string(),
            to: if f[5] == "r" { 0 } else { 1 },
        }
    }

    fn text(&self) -> String {
        let mut bs = self.bridges.clone();
        bs.sort_by_key(|b| (b.a.0, b.a.1));
        let bridges = if bs.is_empty() {
            "-".to_string()
        } else {
            bs.iter()
                .map(|b| {
                    format!(
                        "{}{}{}{}",
                        if b.owner == 0 { 'r' } else { 'b' },
                        if b.long { 'l' } else { 'n' },
                        node_text(b.a),
                        node_text(b.b)
                    )
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let ms = |s: usize| self.m[s].iter().map(m_text).collect::<Vec<_>>().join(",");
        format!(
            "{}x{} {} {} {} {} {}",
            self.cols,
            self.rows,
            bridges,
            ms(0),
            ms(1),
            self.phase,
            if self.to == 0 { 'r' } else { 'b' }
        )
    }

    fn partner(&self, n: (i32, i32)) -> Option<(i32, i32)> {
        for b in &self.bridges {
            if b.a == n {
                return Some(b.b);
            }
            if b.b == n {
                return Some(b.a);
            }
        }
        None
    }

    fn free(&self, n: (i32, i32)) -> bool {
        self.partner(n).is_none()
    }

    fn places(&self, long: bool) -> Vec<((i32, i32), (i32, i32))> {
        let shapes: &[i32] = if long { &[-2, 2] } else { &[-1, 0, 1] };
        let mut out = Vec::new();
        for c in 0..self.cols - 1 {
            for r in 0..self.rows {
                for &d in shapes {
                    let b = (c + 1, r + d);
                    if b.1 >= 0 && b.1 < self.rows && self.free((c, r)) && self.free(b) {
                        out.push(((c, r), b));
                    }
                }
            }
        }
        out
    }

    fn supply(&self, s: usize, long: bool) -> i32 {
        let total = if long {
            1
        } else if self.cols == 6 {
            8
        } else {
            7
        };
        total
            - self
                .bridges
                .iter()
                .filter(|b| b.owner == s && b.long == long)
                .count() as i32
    }

    fn can_place(&self, s: usize) -> bool {
        [false, true]
            .iter()
            .any(|&l| self.supply(s, l) > 0 && !self.places(l).is_empty())
    }

    fn arrived(&self, s: usize) -> usize {
        self.m[s]
            .iter()
            .filter(|m| matches!((s, m.loc), (0, Loc::Bot(_)) | (1, Loc::Top(_))))
            .count()
    }

    fn movable(&self, s: usize, i: usize) -> bool {
        let m = self.m[s][i];
        let arrived = matches!((s, m.loc), (0, Loc::Bot(_)) | (1, Loc::Top(_)));
        !m.moved && m.loc != Loc::Off && !arrived
    }

    fn straight(&self, from: Loc, down: bool) -> Loc {
        let (c, r) = match from {
            Loc::Top(c) => (c, -1),
            Loc::Bot(c) => (c, self.rows),
            Loc::Node(c, r) => (c, r),
            _ => panic!("straight from nowhere"),
        };
        let mut r = r;
        loop {
            r += if down { 1 } else { -1 };
            if r < 0 {
                return Loc::Top(c);
            }
            if r >= self.rows {
                return Loc::Bot(c);
            }
            if !self.free((c, r)) {
                return Loc::Node(c, r);
            }
        }
    }

    fn knock(&mut self, s: usize, at: Loc) {
        for m in self.m[1 - s].iter_mut() {
            if m.loc == at {
                m.loc = Loc::Res;
                m.cross = false;
            }
        }
    }

    /// The marker turn without push; returns the new state.
    fn walk(&self, slot: usize, enter: Option<i32>) -> P {
        let mut p = self.clone();
        let s = self.to;
        let down = s == 0;
        let m = self.m[s][slot];
        let mut at = match m.loc {
            Loc::Res => {
                if down {
                    Loc::Top(enter.unwrap())
                } else {
                    Loc::Bot(enter.unwrap())
                }
            }
            l => l,
        };
        let mut cross = m.cross && matches!(at, Loc::Node(..));
        let mut steps = 0;
        while steps < 3 {
            at = if cross {
                let Loc::Node(c, r) = at else { panic!() };
                let q = p.partner((c, r)).unwrap();
                Loc::Node(q.0, q.1)
            } else {
                p.straight(at, down)
            };
            cross = !cross;
            steps += 1;
            p.knock(s, at);
            if !matches!(at, Loc::Node(..)) {
                break;
            }
        }
        let on_node = matches!(at, Loc::Node(..));
        p.m[s][slot] = M {
            loc: at,
            cross: on_node && cross,
            moved: on_node,
        };
        p
    }

    fn push_target(&self, s: usize) -> Option<usize> {
        for i in 0..3 {
            for j in 0..3 {
                if i == j {
                    continue;
                }
                if let (Loc::Node(a, b), Loc::Node(c, d)) = (self.m[s][i].loc, self.m[s][j].loc) {
                    for (k, br) in self.bridges.iter().enumerate() {
                        if br.owner != s && br.a == (a, b) && br.b == (c, d) {
                            return Some(k);
                        }
                    }
                }
            }
        }
        None
    }

    fn finish_marker_move(&mut self) {
        let s = self.to;
        if self.arrived(s) >= 1 && self.m[s][2].loc == Loc::Off {
            self.m[s][2] = M {
                loc: Loc::Res,
                cross: false,
                moved: true,
            };
        }
        if self.arrived(s) >= 2 {
            return;
        }
        let o = 1 - s;
        if (0..3).any(|i| self.movable(o, i)) {
            self.to = o;
        } else if (0..3).any(|i| self.movable(s, i)) {
        } else {
            for side in self.m.iter_mut() {
                for m in side.iter_mut() {
                    m.moved = false;
                }
            }
            self.phase = "reloc0".into();
            self.to = 1;
        }
    }

    fn next_reloc(&mut self) {
        let k: u32 = self.phase[5..].parse().unwrap();
        if k == 3 {
            self.phase = "move".into();
            self.to = 1;
        } else {
            self.phase = format!("reloc{}", k + 1);
            self.to = if k.is_multiple_of(2) { 0 } else { 1 };
        }
    }

    /// Every legal move with the position it leads to.
    fn successors(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if self.arrived(0) >= 2 || self.arrived(1) >= 2 {
            return out;
        }
        let s = self.to;
        let side = if s == 0 { '^' } else { '_' };
        match self.phase.as_str() {
            "place" => {
                for long in [false, true] {
                    if self.supply(s, long) <= 0 {
                        continue;
                    }
                    for (a, b) in self.places(long) {
                        let mut p = self.clone();
                        p.bridges.push(Br {
                            owner: s,
                            long,
                            a,
                            b,
                        });
                        if p.can_place(1 - s) {
                            p.to = 1 - s;
                        } else if !p.can_place(s) {
                            p.phase = "start".into();
                            p.to = 0;
                        }
                        let mv = format!(
                            "{}{}{}",
                            if long { 'l' } else { 'n' },
                            node_text(a),
                            node_text(b)
                        );
                        out.push((mv, p.text()));
                    }
                }
            }
            "start" => {
                for c in 0..self.cols {
                    let end = if s == 0 { Loc::Top(c) } else { Loc::Bot(c) };
                    if self.m[s].iter().any(|m| m.loc == end) {
                        continue;
                    }
                    let mut p = self.clone();
                    let slot = if p.m[s][0].loc == Loc::Off { 0 } else { 1 };
                    p.m[s][slot] = M {
                        loc: end,
                        cross: false,
                        moved: false,
                    };
                    if slot == 1 {
                        if s == 0 {
                            p.to = 1;
                        } else {
                            p.phase = "move".into();
                            p.to = 1;
                        }
                    }
                    out.push((format!("{}{side}", (b'a' + c as u8) as char), p.text()));
                }
            }
            "move" => {
                for slot in 0..3 {
                    if !self.movable(s, slot) {
                        continue;
                    }
                    let entries: Vec<Option<i32>> = if self.m[s][slot].loc == Loc::Res {
                        (0..self.cols)
                            .filter(|&c| {
                                let end = if s == 0 { Loc::Top(c) } else { Loc::Bot(c) };
                                !self.m[1 - s].iter().any(|m| m.loc == end)
                            })
                            .map(Some)
                            .collect()
                    } else {
                        vec![None]
                    };
                    for e in entries {
                        let name = match e {
                            Some(c) => format!("{}@{}{side}", slot + 1, (b'a' + c as u8) as char),
                            None => format!("{}", slot + 1),
                        };
                        let walked = self.walk(slot, e);
                        let mut plain = walked.clone();
                        plain.finish_marker_move();
                        out.push((name.clone(), plain.text()));
                        if let Some(k) = walked.push_target(s) {
                            let mut p = walked.clone();
                            let br = p.bridges.remove(k);
                            for i in 0..3 {
                                let m = p.m[s][i];
                                if let Loc::Node(c, r) = m.loc {
                                    if (c, r) == br.a || (c, r) == br.b {
                                        let to = p.straight(m.loc, s == 0);
                                        let on = matches!(to, Loc::Node(..));
                                        p.m[s][i] = M {
                                            loc: to,
                                            cross: on,
                                            moved: m.moved && on,
                                        };
                                        p.knock(s, to);
                                    }
                                }
                            }
                            p.finish_marker_move();
                            out.push((format!("{name}!"), p.text()));
                        }
                    }
                }
            }
            _ => {
                let mut pass = self.clone();
                pass.next_reloc();
                out.push(("pass".into(), pass.text()));
                for (k, br) in self.bridges.iter().enumerate() {
                    if br.owner != s {
                        continue;
                    }
                    let manned = self.m.iter().flatten().any(|m| {
                        m.loc == Loc::Node(br.a.0, br.a.1) || m.loc == Loc::Node(br.b.0, br.b.1)
                    });
                    if manned {
                        continue;
                    }
                    let mut lifted = self.clone();
                    lifted.bridges.remove(k);
                    let kind = if br.long { 'l' } else { 'n' };
                    for (a, b) in lifted.places(br.long) {
                        if (a, b) == (br.a, br.b) {
                            continue;
                        }
                        let mut p = lifted.clone();
                        p.bridges.push(Br { a, b, ..*br });
                        p.next_reloc();
                        let mv = format!(
                            "{kind}{}{}>{kind}{}{}",
                            node_text(br.a),
                            node_text(br.b),
                            node_text(a),
                            node_text(b)
                        );
                        out.push((mv, p.text()));
                    }
                }
            }
        }
        out
    }
}

fn engine_successors(g: &Amidakuji) -> Vec<(String, String)> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut next = g.clone();
            next.play(m);
            (g.move_notation(m), next.notation())
        })
        .collect()
}

fn compare(text: &str) -> usize {
    let g = Amidakuji::from_notation(text, &GameOptions::new()).unwrap();
    let text = &g.notation();
    let fast = engine_successors(&g);
    let slow = P::parse(text).successors();
    assert_eq!(fast.len(), slow.len(), "move count at {text}");
    let a: BTreeSet<_> = fast.into_iter().collect();
    let b: BTreeSet<_> = slow.into_iter().collect();
    let only_fast: Vec<_> = a.difference(&b).take(3).collect();
    let only_slow: Vec<_> = b.difference(&a).take(3).collect();
    assert!(
        only_fast.is_empty() && only_slow.is_empty(),
        "at {text}\nengine only: {only_fast:?}\nmodel only: {only_slow:?}"
    );
    a.len()
}

fn slow_perft(text: &str, depth: u32) -> u64 {
    let canonical = Amidakuji::from_notation(text, &GameOptions::new())
        .unwrap()
        .notation();
    let p = P::parse(&canonical);
    if depth == 0 {
        return 1;
    }
    let next = p.successors();
    if next.is_empty() {
        return 1;
    }
    next.iter().map(|(_, t)| slow_perft(t, depth - 1)).sum()
}

/// Positions from every phase: placement, a player returning his bridges, start points,
/// movement with reserve entries, a blocked start point and a push, relocation with manned
/// bridges, and the third marker waiting.
const POSITIONS: &[(&str, usize)] = &[
    ("6x8 - -,-,- -,-,- place r", 170),
    ("5x4 rna1b1,bnb2c3,rnd1e2 -,-,- -,-,- place b", 0),
    (
        "6x4 bne1f1,bna2b2,bnc2d2,bne2f2,bna3b3,bnc3d3,bne3f3,bna4b4,rnc4d4,rne4f4 -,-,- -,-,- place r",
        0,
    ),
    (
        "5x4 rnb1c1,bnb2c2,rnb3c3,bnb4c4,rnd1e1,bnd2e2,rnd3e3,bnd4e4 a^,-,- -,-,- start r",
        4,
    ),
    (
        "6x8 rna2b2,bnb4c4,rnb6c7,bnd3e3,rle1f3 b4x,c4s,- R,e3s',- move r",
        0,
    ),
    (
        "6x8 rna2b2,bnb4c4,rnb6c7,bnd3e3,rle1f3 c_,a2s',R' R,b6x,a^ move b",
        0,
    ),
    (
        "6x8 rna2b2,bnb4c4,rnb6c7,bnd3e3,rle1f3,rnd6e6 b4x,c4s,- R,e3s,- reloc0 b",
        0,
    ),
    (
        "6x8 rna2b2,bnb4c4,rnb6c7,bnd3e3,rle1f3,rnd6e6 b4x,c4s,- R,e3s,- reloc1 r",
        0,
    ),
    ("5x4 rnb1c1,bnb2c2,rnb3c3,bnb4c4,rnd1e1,bnd2e2,rnd3e3,bnd4e4 a^,b^,- a_,-,- start b", 4),
];

#[test]
fn move_lists_match_the_slow_model() {
    for &(text, expect) in POSITIONS {
        let n = compare(text);
        if expect > 0 {
            assert_eq!(n, expect, "hand count at {text}");
        }
    }
}

#[test]
fn placement_counts_by_hand() {
    // 6x8: normal places 5 columns x (8 horizontal + 7 down + 7 up) = 110, long 5 x (6 + 6) = 60.
    let g = Amidakuji::start(&GameOptions::new()).unwrap();
    assert_eq!(perft(&g, 1), 170);
    // 5x4: normal 4 x (4 + 3 + 3) = 40, long 4 x (2 + 2) = 16.
    let g = Amidakuji::start(&GameOptions::new().with("size", "5x4")).unwrap();
    assert_eq!(perft(&g, 1), 56);
}

#[test]
fn perft_matches_the_slow_model() {
    for (text, depth) in [
        ("5x4 - -,-,- -,-,- place r", 2),
        (POSITIONS[4].0, 3),
        (POSITIONS[5].0, 3),
        (POSITIONS[3].0, 4),
        (POSITIONS[6].0, 2),
    ] {
        let g = Amidakuji::from_notation(text, &GameOptions::new()).unwrap();
        assert_eq!(
            perft(&g, depth),
            slow_perft(text, depth),
            "perft {depth} at {text}"
        );
    }
}

#[test]
fn random_games_match_the_slow_model_at_every_state() {
    use rand::RngExt;
    for (size, seed) in [("5x4", 1u64), ("6x5", 2), ("5x8", 3)] {
        let o = GameOptions::new().with("size", size);
        let mut g = Amidakuji::start(&o).unwrap();
        let mut r = rng(seed);
        let mut moves = Vec::new();
        for _ in 0..150 {
            if g.turn() == Turn::Terminal {
                break;
            }
            compare(&g.notation());
            moves.clear();
            g.legal_moves(&mut moves);
            g.play(moves[r.random_range(0..moves.len())]);
        }
    }
}

/// Perft numbers for regression: the smaller depths are recounted by the slow model here, the
/// start-phase ones by hand (Red 5 then 4 ends, Blue 5: 5, 20, 100).
const PERFT: &[(&str, &[u64])] = &[
    ("6x8 - -,-,- -,-,- place r", &[170, 26370, 3254428]),
    (
        "6x8 rna2b2,bnb4c4,rnb6c7,bnd3e3,rle1f3 c_,a2s',R' R,b6x,a^ move b",
        &[6, 10, 298, 28038, 2099712],
    ),
    (
        "5x4 rnb1c1,bnb2c2,rnb3c3,bnb4c4,rnd1e1,bnd2e2,rnd3e3,bnd4e4 -,-,- -,-,- start r",
        &[5, 20, 100],
    ),
];

#[test]
fn perft_table() {
    for &(text, counts) in PERFT {
        let g = Amidakuji::from_notation(text, &GameOptions::new()).unwrap();
        for (d, &want) in counts.iter().enumerate() {
            let depth = d as u32 + 1;
            assert_eq!(perft(&g, depth), want, "perft {depth} at {text}");
            if want <= 30_000 {
                assert_eq!(
                    slow_perft(text, depth),
                    want,
                    "slow perft {depth} at {text}"
                );
            }
        }
    }
}
