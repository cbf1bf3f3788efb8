//! Small helpers for messages in words, shared by every layer (the arena's summaries, the
//! analysis's explanations), so that a count of one reads `1 game`, not `1 games`.

/// `n` things in words, singular for one: `counted(1, "capture", "captures")` is `1 capture`.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "file", "files"), "1 file");
        assert_eq!(counted(0, "file", "files"), "0 files");
        assert_eq!(counted(2, "ply", "plies"), "2 plies");
    }
}
