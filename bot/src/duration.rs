//! Durations as people write them: `3d`, `12h`, `1d12h`, `90m`, `30s`.

use std::time::Duration;

/// Reads a duration made of numbers (`2`, `0.3`) with the units `d`, `h`,
/// `m`, `s` and `ms` (Russian `д`, `ч`, `м`, `с`, `мс` too); `None` if it is
/// not one, is zero, or exceeds a year.
pub fn parse(text: &str) -> Option<Duration> {
    let text = text.trim().to_lowercase();
    let mut total: u128 = 0;
    let mut rest = text.as_str();
    while !rest.is_empty() {
        rest = rest.trim_start();
        let digits = rest
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(rest.len());
        // Thousandths of the unit, so that `0.3s` is 300 ms.
        let (whole, fraction) = rest[..digits]
            .split_once('.')
            .unwrap_or((&rest[..digits], ""));
        if whole.is_empty() && fraction.is_empty() || fraction.len() > 3 {
            return None;
        }
        let whole: u128 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let fraction: u128 = format!("{fraction:0<3}").parse().ok()?;
        let number = whole.checked_mul(1000)?.checked_add(fraction)?;
        rest = &rest[digits..];
        let unit = rest
            .find(|c: char| c.is_ascii_digit() || c == ' ')
            .unwrap_or(rest.len());
        let millis = match &rest[..unit] {
            "d" | "д" => 86_400_000,
            "h" | "ч" => 3_600_000,
            "m" | "м" => 60_000,
            "s" | "с" => 1_000,
            "ms" | "мс" => 1,
            _ => return None,
        };
        rest = &rest[unit..];
        total = total.checked_add(number.checked_mul(millis)? / 1000)?;
    }
    if total == 0 || total > 366 * 86_400_000 {
        return None;
    }
    Some(Duration::from_millis(total as u64))
}

/// Writes a duration the short way: `3d`, `1d12h`, `45m`.
pub fn format(duration: Duration) -> String {
    let seconds = duration.as_secs();
    let parts = [
        (seconds / 86_400, "d"),
        (seconds / 3_600 % 24, "h"),
        (seconds / 60 % 60, "m"),
        (seconds % 60, "s"),
    ];
    let text: String = parts
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, unit)| format!("{n}{unit}"))
        .collect();
    if text.is_empty() {
        "0s".to_string()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_durations() {
        assert_eq!(parse("3d"), Some(Duration::from_secs(3 * 86_400)));
        assert_eq!(parse("1d12h"), Some(Duration::from_secs(36 * 3_600)));
        assert_eq!(parse("2ч 30м"), Some(Duration::from_secs(9_000)));
        assert_eq!(parse("250ms"), Some(Duration::from_millis(250)));
        assert_eq!(parse("0.3s"), Some(Duration::from_millis(300)));
        assert_eq!(parse("1.5h"), Some(Duration::from_secs(5_400)));
        for bad in [
            "",
            "3",
            "d",
            "0h",
            "3x",
            "400d",
            "99999999999999999999d",
            ".s",
            "1.2345s",
            "1.2.3s",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        assert_eq!(format(Duration::from_secs(36 * 3_600)), "1d12h");
        assert_eq!(format(Duration::from_secs(45 * 60)), "45m");
    }
}
