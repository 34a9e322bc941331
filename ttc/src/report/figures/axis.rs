//! Axes of the figures: a linear axis with ticks at given values, integer
//! ticks that follow the data's parity, and power-of-ten labels.

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};

/// A linear axis over `lo..hi` with ticks exactly at `keys` (plotters'
/// `with_key_points` on an `f64` range loses the label formatter).
#[derive(Clone)]
pub struct Keyed {
    lo: f64,
    hi: f64,
    keys: Vec<f64>,
}

impl Keyed {
    /// The axis over `lo..hi` with ticks at `keys`.
    pub fn new(lo: f64, hi: f64, keys: Vec<f64>) -> Keyed {
        Keyed { lo, hi, keys }
    }
}

impl Ranged for Keyed {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, v: &f64, limit: (i32, i32)) -> i32 {
        let t = (v - self.lo) / (self.hi - self.lo);
        limit.0 + ((limit.1 - limit.0) as f64 * t).round() as i32
    }

    fn key_points<H: KeyPointHint>(&self, _hint: H) -> Vec<f64> {
        self.keys.clone()
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.lo..self.hi
    }
}

/// `1`, `10`, `100`, `1k`, ..., `1M`, ..., `1G`, ... for powers of ten.
pub fn power_label(v: f64) -> String {
    let e = v.log10().round() as i32;
    match e {
        0..=2 => format!("{}", 10u64.pow(e as u32)),
        3..=5 => format!("{}k", 10u64.pow(e as u32 - 3)),
        6..=8 => format!("{}M", 10u64.pow(e as u32 - 6)),
        9..=11 => format!("{}G", 10u64.pow(e as u32 - 9)),
        _ => format!("1e{e}"),
    }
}

/// Ticks over `lo..=hi`: multiples of the smallest step of 1, 2, 4, 10,
/// 20, ... (only even ones when every x is even) giving at most 17.
pub fn int_ticks(lo: i32, hi: i32, even: bool) -> Vec<f64> {
    let steps: &[i32] = if even {
        &[2, 4, 10, 20, 50, 100]
    } else {
        &[1, 2, 5, 10, 20, 50, 100]
    };
    let span = (hi - lo).max(1);
    let step = steps
        .iter()
        .copied()
        .find(|s| span / s <= 16)
        .unwrap_or(100);
    (lo..=hi)
        .filter(|x| x % step == 0)
        .map(|x| x as f64)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_follow_the_parity_of_the_data() {
        assert_eq!(
            int_ticks(-6, 6, true),
            [-6.0, -4.0, -2.0, 0.0, 2.0, 4.0, 6.0]
        );
        assert_eq!(int_ticks(0, 47, false).len(), 10);
        assert!(int_ticks(-240, 240, true).len() <= 17);
    }

    #[test]
    fn power_labels_use_k_m_g() {
        assert_eq!(power_label(1.0), "1");
        assert_eq!(power_label(1e3), "1k");
        assert_eq!(power_label(1e7), "10M");
        assert_eq!(power_label(1e9), "1G");
    }
}
