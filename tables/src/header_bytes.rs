//! Checks shared by the header parsers of both formats.

/// The first header byte that differs from its fixed value, as
/// `(offset, found, expected, field name)`. `fields` lists
/// `(offset, expected bytes, field name)`; `b` must cover every field.
pub(crate) fn first_wrong_byte(
    b: &[u8],
    fields: &[(usize, &[u8], &'static str)],
) -> Option<(usize, u8, u8, &'static str)> {
    fields.iter().find_map(|&(start, want, what)| {
        want.iter()
            .zip(&b[start..start + want.len()])
            .position(|(w, f)| w != f)
            .map(|i| (start + i, b[start + i], want[i], what))
    })
}
