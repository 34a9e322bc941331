//! Digit grouping of counts in the audit's messages.

/// `n` with thousands separators: 3762536 -> `3,762,536` (as the
/// published figures print them).
pub fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn groups_by_three_from_the_right() {
        assert_eq!(super::group(0), "0");
        assert_eq!(super::group(999), "999");
        assert_eq!(super::group(1_000), "1,000");
        assert_eq!(super::group(2_462_360_745), "2,462,360,745");
    }
}
