//! The Tic-Tac-Chec rule set named by keyword arguments.

use crate::errors::PositionError;
use pyo3::PyResult;
use rules::ttc::{PawnReading, Role, Variant};

/// The variant of `size` (3 or 4), `roles` (letters such as `"PNB"`;
/// default `PNBR` on 4x4, required on 3x3), `rules` (pawn reading
/// `travel`, `outbound`, `toward` or their long names; default `travel`)
/// and `lock` (placement-only opening in plies; default 6 on 4x4, 4 on
/// 3x3): the defaults of the command line's `--size`, `--roles`,
/// `--rules` and `--lock`.
///
/// # Errors
/// [`PositionError`] naming the keyword and the bad value.
pub fn variant_of(
    size: u8,
    roles: Option<&str>,
    rules: &str,
    lock: Option<u8>,
) -> PyResult<Variant> {
    if !(3..=4).contains(&size) {
        return Err(PositionError::new_err(format!(
            "size {size} is not a board size of Tic-Tac-Chec: 3 or 4"
        )));
    }
    let roles_text = match (roles, size) {
        (Some(r), _) => r.to_string(),
        (None, 4) => "PNBR".to_string(),
        (None, s) => {
            return Err(PositionError::new_err(format!(
                "roles is required for a {s}x{s} board (e.g. roles=\"PNB\")"
            )))
        }
    };
    let mut list = Vec::new();
    for c in roles_text.chars() {
        list.push(Role::from_letter(c).ok_or_else(|| {
            PositionError::new_err(format!(
                "roles {}: '{}' is not one of P, N, B, R",
                rules::echo::clip(&roles_text),
                c.escape_default()
            ))
        })?);
    }
    let reading = PawnReading::from_name(rules).ok_or_else(|| {
        PositionError::new_err(format!(
            "rules {}: expected travel, outbound or toward (or travel-direction, \
             outbound-only, toward-opponent)",
            rules::echo::clip(rules)
        ))
    })?;
    let lock = lock.unwrap_or(if size == 4 { 6 } else { 4 });
    Variant::new(size, &list, reading, lock)
        .map_err(|e| PositionError::new_err(crate::errors::message(e)))
}
