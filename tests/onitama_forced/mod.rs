//! Onitama positions with a forced result, each read through by hand, shared by the searches'
//! tests (alpha-beta and minimax in `search_onitama.rs`, df-pn in `onitama_dfpn.rs`).

/// Positions with a forced result for the side to move, in plies (positive: a win, negative: a
/// loss). Each was read through by hand (the comment) and is checked against plain minimax.
pub const FORCED: &[(&str, i32)] = &[
    // Red's student d4 takes the master on e5 with elephant (1,1).
    ("4m/3S1/5/5/2M2 r elephant,horse boar,ox crab", 1),
    // Red's master c4 steps onto Blue's temple c5 with crab (0,1) or boar (0,1).
    ("m4/2M2/5/5/5 r boar,crab horse,ox tiger", 1),
    // Blue's master c3 takes Red's master c2 (horse or ox forward).
    ("5/5/2m2/2M2/5 b boar,crab horse,ox tiger", 1),
    // Blue's master c2 steps onto Red's temple c1 with ox.
    ("5/5/5/2m2/M4 b crab,tiger ox,rooster eel", 1),
    // Red: master c3-c4 (crab or ox), then c4-c5 with whichever (0,1) card it holds; Blue's
    // master on e5 cannot reach c4 with rabbit or tiger, and blocking c5 with it loses it.
    ("4m/5/2M2/5/5 r crab,ox rabbit,tiger horse", 3),
    // The same position turned round for Blue.
    ("5/5/2m2/5/M4 b rabbit,tiger crab,ox horse", 3),
    // Red: master c2-a2 attacks the master on a5's only squares; Blue's replies all lose it or
    // let the master in.
    ("m4/5/5/2M2/5 r crab,ox rabbit,tiger horse", 3),
    // Red: boar c1-c2, tiger c2-c4 and ox c4-c5 (the cards come round in time).
    ("1m3/5/5/1S3/2M2 r boar,ox crane,eel tiger", 5),
    // The same turned round for Blue.
    ("2m2/3s1/5/5/3M1 b crane,eel boar,ox tiger", 5),
    // Red: tiger c1-c3, horse c3-c4, crab c4-c5 whatever Blue's lone master does.
    ("2m2/5/5/5/2M2 r tiger,ox crab,boar horse", 5),
    // Red cannot touch Blue's master on c2, which steps onto c1 next (blocking c1 with the
    // master only gets it taken there).
    ("5/5/5/2m2/M4 r crab,tiger ox,rooster eel", -2),
    ("5/5/5/2m2/M4 r tiger,rabbit horse,ox crab", -2),
    ("4m/2M2/5/5/5 b horse,ox tiger,rabbit crab", -2),
    // The positions after the first move of the wins in 5 above.
    ("1m3/5/5/1SM2/5 b tiger,ox crane,eel boar", -4),
    ("5/2ms1/5/5/3M1 r crane,eel tiger,ox boar", -4),
    ("2m2/5/2M2/5/5 b horse,ox crab,boar tiger", -4),
];
