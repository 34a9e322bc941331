//! Placeholder: compact table format (being written).
