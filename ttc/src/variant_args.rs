//! The `--rules`, `--size`, `--roles` and `--lock` options that choose a
//! Tic-Tac-Chec variant.

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use rules::ttc::{PawnReading, Role, Variant};

/// Pawn-capture reading on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum RulesArg {
    /// travel-direction (canonical, rule tag 0x54544303).
    #[value(alias = "travel-direction")]
    Travel,
    /// outbound-only (rule tag 0x54544301).
    #[value(alias = "outbound-only")]
    Outbound,
    /// toward-opponent (rule tag 0x54544302).
    #[value(alias = "toward-opponent")]
    Toward,
}

impl RulesArg {
    pub fn reading(self) -> PawnReading {
        match self {
            RulesArg::Travel => PawnReading::TravelDirection,
            RulesArg::Outbound => PawnReading::OutboundOnly,
            RulesArg::Toward => PawnReading::TowardOpponent,
        }
    }
}

/// Which game variant to work on.
#[derive(Debug, Args)]
pub struct VariantArgs {
    /// Pawn-capture reading (default: travel).
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    /// Board size: 4 (the real game, the default) or 3 (reduced test variants).
    #[arg(long)]
    pub size: Option<u8>,
    /// Roles of each side, e.g. `PNB` (default: PNBR on 4x4; required on 3x3).
    #[arg(long)]
    pub roles: Option<String>,
    /// Placement-only opening in plies (default: 6 on 4x4, 4 on 3x3).
    #[arg(long)]
    pub lock: Option<u8>,
}

impl VariantArgs {
    /// The variant described, or an error naming the bad argument.
    pub fn variant(&self) -> Result<Variant> {
        let size = self.size.unwrap_or(4);
        if !matches!(size, 3 | 4) {
            bail!("--size {size}: board size {size} is not supported (3 or 4)");
        }
        let roles_text = match (&self.roles, size) {
            (Some(r), _) => r.clone(),
            (None, 4) => "PNBR".into(),
            (None, s) => bail!("--roles is required for a {s}x{s} board (e.g. --roles PNB)"),
        };
        let mut roles = Vec::new();
        for c in roles_text.chars() {
            roles.push(Role::from_letter(c).with_context(|| {
                format!("--roles {roles_text}: '{c}' is not one of P, N, B, R")
            })?);
        }
        let lock = self.lock.unwrap_or(if size == 4 { 6 } else { 4 });
        let reading = self.rules.unwrap_or(RulesArg::Travel).reading();
        Variant::new(size, &roles, reading, lock)
            .with_context(|| format!("--size {size} --roles {roles_text} --lock {lock}"))
    }

    /// Whether any of `--rules`, `--size`, `--roles`, `--lock` was given.
    pub fn given(&self) -> bool {
        self.rules.is_some() || self.size.is_some() || self.roles.is_some() || self.lock.is_some()
    }

    /// The options given, as written on the command line, e.g. `--size 3
    /// --roles PNB` (empty when none was given).
    pub fn flags(&self) -> String {
        let mut words = Vec::new();
        if let Some(r) = self.rules.and_then(|r| r.to_possible_value()) {
            words.push(format!("--rules {}", r.get_name()));
        }
        if let Some(size) = self.size {
            words.push(format!("--size {size}"));
        }
        if let Some(roles) = &self.roles {
            words.push(format!("--roles {roles}"));
        }
        if let Some(lock) = self.lock {
            words.push(format!("--lock {lock}"));
        }
        words.join(" ")
    }

    /// The variant described, taking every option not given from `base`
    /// (used to check options against a table's header).
    pub fn variant_over(&self, base: Variant) -> Result<Variant> {
        if self.size.is_some_and(|s| s != base.size()) {
            // Another board size: the roles and lock of the table's header
            // do not apply; take that size's own defaults.
            return self.variant();
        }
        let filled = VariantArgs {
            rules: Some(self.rules.unwrap_or(match base.reading() {
                PawnReading::TravelDirection => RulesArg::Travel,
                PawnReading::OutboundOnly => RulesArg::Outbound,
                PawnReading::TowardOpponent => RulesArg::Toward,
            })),
            size: Some(self.size.unwrap_or(base.size())),
            roles: Some(self.roles.clone().unwrap_or_else(|| {
                (0..4)
                    .map(Role::from_slot)
                    .filter(|&r| base.has_role(r))
                    .map(|r| r.letter())
                    .collect()
            })),
            lock: Some(self.lock.unwrap_or(base.opening_plies())),
        };
        filled.variant()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sized(size: u8, roles: Option<&str>) -> VariantArgs {
        VariantArgs {
            rules: None,
            size: Some(size),
            roles: roles.map(String::from),
            lock: None,
        }
    }

    #[test]
    fn an_unsupported_size_is_named_before_the_missing_roles() {
        for roles in [None, Some("PNB")] {
            let e = format!("{:#}", sized(5, roles).variant().unwrap_err());
            assert!(e.contains("board size 5 is not supported"), "{e}");
        }
        let e = format!("{:#}", sized(3, None).variant().unwrap_err());
        assert!(e.contains("--roles is required for a 3x3 board"), "{e}");
        assert!(sized(3, Some("PNB")).variant().is_ok());
        assert!(sized(4, None).variant().is_ok());
    }
}
