//! What a table is: its format, rules and sections.

use serde::Serialize;
use tables::any::AnyTable;
use tables::section::Section;

/// One cell section of a table.
#[derive(Debug, Clone, Serialize)]
pub struct SectionInfo {
    /// `post-opening` or `opening`.
    pub name: Section,
    /// Cells (positions) in the section.
    pub cells: u64,
}

/// A table's header as the front ends show it.
#[derive(Debug, Clone, Serialize)]
pub struct TableInfo {
    /// The file, as given when it was opened.
    pub path: String,
    /// `source` or `compact`.
    pub format: &'static str,
    /// The variant: `4x4 PNBR travel-direction lock 6`.
    pub rules: String,
    /// The pawn-capture reading: `travel-direction`, `outbound-only` or
    /// `toward-opponent`.
    pub reading: &'static str,
    /// The rule tag, `0x54544303` style.
    pub rule_tag: String,
    /// Board size, 3 or 4.
    pub size: u8,
    /// Roles of each side, e.g. `PNBR`.
    pub roles: String,
    /// Placement-only opening, in plies.
    pub opening_plies: u8,
    /// Post-opening then opening section.
    pub sections: Vec<SectionInfo>,
    /// CRC-64/XZ of all cells, `0x...` (16 hex digits).
    pub cells_crc: String,
}

impl TableInfo {
    /// The information of an open table.
    pub fn of(t: &AnyTable) -> TableInfo {
        let v = t.variant();
        let (post, opening) = t.counts();
        TableInfo {
            path: t.path().display().to_string(),
            format: t.format(),
            rules: v.describe(),
            reading: v.reading().name(),
            rule_tag: tables::TableIdentity::of(v).rule_tag_text(),
            size: v.size(),
            roles: v.roles().map(|r| r.letter()).collect(),
            opening_plies: v.opening_plies(),
            sections: vec![
                SectionInfo {
                    name: Section::Post,
                    cells: post,
                },
                SectionInfo {
                    name: Section::Opening,
                    cells: opening,
                },
            ],
            cells_crc: format!("{:#018x}", t.cells_crc()),
        }
    }
}
