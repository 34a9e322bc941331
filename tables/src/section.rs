//! The two cell sections of a table.

use std::fmt;

/// One of the two cell sections of a table. In JSON and in text it is
/// named by [`Section::name`]: `"post-opening"` or `"opening"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Section {
    /// Post-opening positions, [`crate::Index`] order.
    #[serde(rename = "post-opening")]
    Post,
    /// Placement-only opening positions, [`crate::OpeningIndex`] order.
    #[serde(rename = "opening")]
    Opening,
}

impl Section {
    /// `post-opening` or `opening`.
    pub fn name(self) -> &'static str {
        match self {
            Section::Post => "post-opening",
            Section::Opening => "opening",
        }
    }
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// JSON, text and [`Section::name`] agree, so an answer carrying the
    /// enum reads as the strings it carried before.
    #[test]
    fn json_and_text_use_the_name() {
        for s in [Section::Post, Section::Opening] {
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(json, format!("\"{}\"", s.name()));
            assert_eq!(s.to_string(), s.name());
        }
        assert_eq!(Section::Post.name(), "post-opening");
        assert_eq!(Section::Opening.name(), "opening");
    }
}
