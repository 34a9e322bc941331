//! `ttc solve surakarta`: every material up to a number of pieces, fewest
//! pieces first, each region (a material and its colour-swapped twin)
//! solved from the tables of the materials its captures reach and written
//! before the next begins. A rerun after a kill keeps every table already
//! written (after checking it) and goes on from there.

use super::region::Region;
use crate::tier::solve_region;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;
use tablebase::surakarta::stats::{count_material, MaterialCounts};
use tablebase::surakarta::TablebaseError;
use tables::fsutil::{create_dirs, OutputLock};
use tables::surakarta::file::{check_child, file_name, write_table, TableHeader};
use tables::surakarta::material::MAX_TABLE_PIECES;
use tables::surakarta::{Material, MaterialTable, SurakartaTableError};

/// What to solve.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Every material with at most this many pieces, `2..=9`.
    pub max_pieces: u32,
    /// Progress bars on standard error.
    pub progress: bool,
}

/// One material of a build.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MaterialReport {
    /// The material, `MvO`.
    pub material: String,
    /// Whether it was solved in this run (false: kept from an earlier run).
    pub solved: bool,
    /// Seconds its region took (0 when kept; a region's two materials
    /// share the time).
    pub seconds: f64,
    /// End waves of its region.
    pub waves: u32,
    /// Its counts.
    pub counts: MaterialCounts,
    /// CRC-64/XZ of its cells.
    pub cells_crc: String,
}

/// Solves every material with up to `options.max_pieces` pieces into
/// `dir`, calling `report` after each material.
///
/// # Errors
/// [`TablebaseError`]: a folder that cannot be made or is locked by
/// another run, a table already there that is damaged, foreign or of
/// another run, a failed write.
pub fn solve_tablebase(
    dir: &Path,
    options: &BuildOptions,
    mut report: impl FnMut(&MaterialReport),
) -> Result<Vec<MaterialReport>, TablebaseError> {
    if !(2..=MAX_TABLE_PIECES).contains(&options.max_pieces) {
        return Err(SurakartaTableError::Header {
            path: dir.to_path_buf(),
            what: format!(
                "--pieces {} is out of range 2..={MAX_TABLE_PIECES}",
                options.max_pieces
            ),
        }
        .into());
    }
    create_dirs(dir).map_err(SurakartaTableError::from)?;
    let _lock = OutputLock::acquire(&dir.join("surakarta")).map_err(SurakartaTableError::from)?;
    // The headers of the tables done; a table is mapped only while it is
    // counted or a region's captures read it, so the memory of a run is
    // that of its largest region, not of every table before it.
    let mut done: BTreeMap<Material, TableHeader> = BTreeMap::new();
    let mut out = Vec::new();
    for material in Material::all_up_to(options.max_pieces) {
        if material.mover < material.other || done.contains_key(&material) {
            continue; // solved with its twin
        }
        let mats: Vec<Material> = if material.swapped() == material {
            vec![material]
        } else {
            vec![material, material.swapped()]
        };
        let kept = keep_existing(dir, &mats, &done)?;
        let (tables, solved, seconds, waves) = match kept {
            Some(t) => (t, false, 0.0, 0),
            None => {
                let start = Instant::now();
                let (t, waves) = solve_and_write(dir, material, options.progress)?;
                (t, true, start.elapsed().as_secs_f64(), waves)
            }
        };
        for t in tables {
            let r = MaterialReport {
                material: t.header().material.to_string(),
                solved,
                seconds,
                waves,
                counts: count_material(&t),
                cells_crc: format!("{:#018x}", t.header().cells_crc),
            };
            report(&r);
            out.push(r);
            done.insert(t.header().material, *t.header());
        }
    }
    Ok(out)
}

/// The tables of `mats` if all are already in `dir`, checked: header,
/// length, cells CRC and codes, and solved from the child tables open now.
fn keep_existing(
    dir: &Path,
    mats: &[Material],
    done: &BTreeMap<Material, TableHeader>,
) -> Result<Option<Vec<MaterialTable>>, SurakartaTableError> {
    if !mats.iter().all(|m| dir.join(file_name(*m)).exists()) {
        return Ok(None);
    }
    let mut kept = Vec::new();
    for &m in mats {
        let t = MaterialTable::open(&dir.join(file_name(m)), Some(m))?;
        t.verify_cells()?;
        if let Some((child, _)) = t.header().child {
            let child_path = dir.join(file_name(child));
            check_child(t.path(), t.header(), &child_path, &done[&child])?;
        }
        kept.push(t);
    }
    Ok(Some(kept))
}

/// Solves the region of `material` and writes its one or two tables.
fn solve_and_write(
    dir: &Path,
    material: Material,
    progress: bool,
) -> Result<(Vec<MaterialTable>, u32), SurakartaTableError> {
    let mut children = BTreeMap::new();
    for c in [material, material.swapped()]
        .iter()
        .filter_map(|m| m.after_capture())
    {
        children.insert(c, MaterialTable::open(&dir.join(file_name(c)), Some(c))?);
    }
    let region = Region::new(material, |c| children.get(&c));
    let solution = solve_region(&region, progress, &material.to_string());
    let mut tables = Vec::new();
    for part in region.parts() {
        let m = part.index.material();
        let range = part.offset as usize..(part.offset + part.index.cells()) as usize;
        let child = part
            .child
            .map(|c| (c.header().material, c.header().cells_crc));
        let path = dir.join(file_name(m));
        write_table(
            &path,
            m,
            &solution.end[range.clone()],
            &solution.rule[range],
            child,
        )?;
        tables.push(MaterialTable::open(&path, Some(m))?);
    }
    Ok((tables, solution.end_waves))
}
