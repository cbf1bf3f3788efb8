//! The machine's resources a user can ask for: threads, memory for tables, time. Every command
//! checks what it is given here, before it allocates or starts, so a huge, zero, negative or
//! not-a-number request gets one clear refusal instead of an abort, a hang or a surprise.

use std::time::Duration;

use crate::error::Error;

/// The most threads any command starts: far beyond the cores of any machine this runs on, and
/// few enough that starting them is quick.
pub const MAX_THREADS: usize = 256;

/// The largest table, in megabytes, any command allocates (before the machine's own limit).
pub const MAX_TABLE_MB: usize = 65_536;

/// The longest time limit, in seconds, any command accepts: a week.
pub const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// `n` threads for the option `flag`, when `1..=MAX_THREADS`.
pub fn check_threads(flag: &str, n: usize) -> Result<usize, Error> {
    if (1..=MAX_THREADS).contains(&n) {
        Ok(n)
    } else {
        Err(Error::option(format!(
            "{flag} must be 1 to {MAX_THREADS} (got {n})"
        )))
    }
}

/// The memory the system says is available (Linux `/proc/meminfo`), in bytes, if it says.
pub fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Refuses `bytes` of memory for `what` when the machine has less available.
pub fn check_memory(what: &str, bytes: u64) -> Result<(), Error> {
    match available_memory() {
        Some(have) if bytes > have => Err(Error::request(format!(
            "{what} needs about {:.1} GB of memory; this machine has {:.1} GB available",
            bytes as f64 / 1e9,
            have as f64 / 1e9
        ))),
        _ => Ok(()),
    }
}

/// A table of `mb` megabytes for the option `flag`: `1..=MAX_TABLE_MB` and within the memory
/// the machine has available.
pub fn check_table_mb(flag: &str, mb: usize) -> Result<usize, Error> {
    if !(1..=MAX_TABLE_MB).contains(&mb) {
        return Err(Error::option(format!(
            "{flag} must be 1 to {MAX_TABLE_MB} MB (got {mb})"
        )));
    }
    check_memory(&format!("{flag} {mb}"), mb as u64 * 1024 * 1024)?;
    Ok(mb)
}

/// A time limit of `seconds` for the option `flag`: a finite number from 0 to [`MAX_SECONDS`].
pub fn check_seconds(flag: &str, seconds: f64) -> Result<Duration, Error> {
    if seconds.is_finite() && (0.0..=MAX_SECONDS).contains(&seconds) {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(Error::option(format!(
            "{flag} must be a number of seconds from 0 to {MAX_SECONDS} (got {})",
            shown(seconds)
        )))
    }
}

/// A time limit as [`check_seconds`] checks it, for a setting where no time at all makes no
/// sense (a timeout, a clock's base): 0 is refused with the same range in the message, so
/// `0` and `-1` are told the same thing.
pub fn check_positive_seconds(flag: &str, seconds: f64) -> Result<Duration, Error> {
    match check_seconds(flag, seconds) {
        Ok(d) if !d.is_zero() => Ok(d),
        _ => Err(Error::option(format!(
            "{flag} must be a number of seconds more than 0, at most {MAX_SECONDS} (got {})",
            shown(seconds)
        ))),
    }
}

/// A number of seconds as a message shows it: a huge one as 1e308, not with its 309 digits.
fn shown(seconds: f64) -> String {
    if seconds.abs() < 1e15 {
        format!("{seconds}")
    } else {
        format!("{seconds:e}")
    }
}

/// A time limit of `ms` milliseconds for the option `flag`, checked as [`check_seconds`] checks
/// seconds but named in the unit the option takes (a message in seconds about an option in
/// milliseconds mixed two units).
pub fn check_millis(flag: &str, ms: u64) -> Result<Duration, Error> {
    let most = (MAX_SECONDS * 1000.0) as u64;
    if ms <= most {
        Ok(Duration::from_millis(ms))
    } else {
        Err(Error::option(format!(
            "{flag} must be 0 to {most} milliseconds (got {ms})"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds() {
        assert!(check_threads("--threads", 0).is_err());
        assert!(check_threads("--threads", MAX_THREADS + 1).is_err());
        assert_eq!(check_threads("--threads", 2).unwrap(), 2);
        assert!(check_table_mb("--hash", 0).is_err());
        assert!(check_table_mb("--hash", MAX_TABLE_MB + 1).is_err());
        assert_eq!(check_table_mb("--hash", 1).unwrap(), 1);
        for bad in [f64::NAN, -1.0, f64::INFINITY, 1e20] {
            assert!(check_seconds("--time", bad).is_err(), "{bad}");
        }
        assert_eq!(
            check_seconds("--time", 1.5).unwrap(),
            Duration::from_millis(1500)
        );
        // Where 0 is refused, it is told what -1 is told.
        let zero = check_positive_seconds("timeout", 0.0).unwrap_err().message;
        let negative = check_positive_seconds("timeout", -1.0).unwrap_err().message;
        assert_eq!(zero.replace("got 0", "got -1"), negative);
        assert!(zero.contains("more than 0"), "{zero}");
        assert_eq!(
            check_positive_seconds("timeout", 0.25).unwrap(),
            Duration::from_millis(250)
        );
    }

    #[test]
    fn memory_beyond_the_machine_is_refused() {
        if let Some(have) = available_memory() {
            let err = check_memory("a table", have.saturating_mul(2)).unwrap_err();
            assert!(err.message.contains("GB available"), "{err}");
        }
    }
}
