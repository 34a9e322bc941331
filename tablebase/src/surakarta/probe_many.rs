//! Many positions at once: the values of a batch of positions given as
//! bitboards, in parallel on the current rayon pool (the Python package's
//! `probe_many`).
//!
//! The batch is checked against the table files once before and once
//! after ([`Tablebase::check_unchanged`]), not once per position as
//! [`Tablebase::probe`] does: an `fstat` per position would cost more than
//! the probe. When the folder holds a compact table, the cells are read in
//! file order (sorted by material and cell), so that each block is
//! decompressed about once per batch rather than once per position.

use super::tablebase::{PositionValue, Tablebase, TablebaseError};
use rayon::prelude::*;
use tables::surakarta::Material;

/// Positions per rayon task (a probe takes well under a microsecond).
const MIN_TASK: usize = 4096;

/// The first position of a batch that has no value, and why.
#[derive(Debug, thiserror::Error)]
#[error("positions[{index}]: {error}")]
pub struct BatchFailure {
    /// Its index in the batch (from 0).
    pub index: usize,
    /// Why: [`TablebaseError::Invalid`] for bitboards that are no
    /// position, [`TablebaseError::GameOver`],
    /// [`TablebaseError::TooManyPieces`], or a table that cannot answer.
    #[source]
    pub error: TablebaseError,
}

/// One position of a batch: the side to move's pieces, the other side's
/// pieces (bitboards, bit `6 * (rank - 1) + file`, `a1` = bit 0) and the
/// plies since the last capture (`0..=50`).
pub type BatchPosition = (u64, u64, u8);

/// The cell of one position, or `None` when it has none (the error is
/// made again for the first such position only: a million errors would
/// cost far more than the batch).
type Located = Option<(Material, u64)>;

/// The values of every position of `batch`, in its order: the value
/// without the 50-ply rule, and under it from counter 0 and at the
/// position's counter ([`PositionValue`]), as [`Tablebase::probe_bits`]
/// gives them one by one.
///
/// # Errors
/// The first position in batch order without a value, with its index
/// ([`BatchFailure`]); a table file changed since the folder was opened
/// (index 0).
pub fn probe_many(
    tb: &Tablebase,
    batch: &[BatchPosition],
) -> Result<Vec<PositionValue>, BatchFailure> {
    let changed = |e: tables::surakarta::SurakartaTableError| BatchFailure {
        index: 0,
        error: e.into(),
    };
    tb.check_unchanged().map_err(changed)?;
    let located: Vec<Located> = batch
        .par_iter()
        .with_min_len(MIN_TASK)
        .map(|&(m, o, q)| locate(tb, m, o, q))
        .collect();
    let values = if tb.has_compact() {
        read_in_file_order(tb, batch, &located)
    } else {
        located
            .par_iter()
            .zip(batch.par_iter())
            .with_min_len(MIN_TASK)
            .map(|(l, &(_, _, q))| l.and_then(|(m, c)| tb.value_at(m, c, q).ok()))
            .collect()
    };
    let values = complete(tb, batch, values)?;
    tb.check_unchanged().map_err(changed)?;
    Ok(values)
}

/// The material and cell of one position; `None` when it has no value.
fn locate(tb: &Tablebase, mover: u64, other: u64, quiet: u8) -> Located {
    let p = Tablebase::position_of_bits(mover, other, quiet as u16).ok()?;
    tb.locate_position(&p).ok()
}

/// The values of the located positions, read sorted by material and cell
/// (a compact table decompresses each block it needs once per task).
fn read_in_file_order(
    tb: &Tablebase,
    batch: &[BatchPosition],
    located: &[Located],
) -> Vec<Option<PositionValue>> {
    let mut order: Vec<(Material, u64, usize)> = located
        .iter()
        .enumerate()
        .filter_map(|(i, l)| l.map(|(m, c)| (m, c, i)))
        .collect();
    order.par_sort_unstable();
    let read: Vec<(usize, Option<PositionValue>)> = order
        .par_iter()
        .with_min_len(MIN_TASK)
        .map(|&(m, c, i)| (i, tb.value_at(m, c, batch[i].2).ok()))
        .collect();
    let mut values = vec![None; batch.len()];
    for (i, v) in read {
        values[i] = v;
    }
    values
}

/// `values` with every gap filled by [`Tablebase::probe_bits`], whose
/// error for the first position (in batch order) without a value is the
/// batch's.
fn complete(
    tb: &Tablebase,
    batch: &[BatchPosition],
    values: Vec<Option<PositionValue>>,
) -> Result<Vec<PositionValue>, BatchFailure> {
    values
        .into_iter()
        .enumerate()
        .map(|(index, v)| match v {
            Some(v) => Ok(v),
            None => {
                let (m, o, q) = batch[index];
                tb.probe_bits(m, o, q as u16)
                    .map_err(|error| BatchFailure { index, error })
            }
        })
        .collect()
}
