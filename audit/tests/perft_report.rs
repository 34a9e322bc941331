//! `audit::perft`: the one report of the three games. Divide lines sum to
//! the count, a cross-check gives the same count and divide as the plain
//! count, the progress callback is called once per root move, and the
//! counts match the published figures.

use std::sync::atomic::{AtomicUsize, Ordering};

use audit::perft::{self, PerftOptions, PerftReport};

fn options(depth: u32, divide: bool, cross_check: bool) -> PerftOptions {
    PerftOptions {
        depth,
        divide,
        cross_check,
    }
}

/// Plain and cross-checked reports agree on the count and the divide, the
/// divide sums to the count, and the cross-check agreed with no details.
fn consistent<D: std::fmt::Debug>(plain: &PerftReport<D>, crossed: &PerftReport<D>, nodes: u64) {
    assert_eq!(plain.nodes, Some(nodes));
    assert_eq!(crossed.nodes, Some(nodes));
    let lines = plain.divide.as_ref().unwrap();
    assert_eq!(lines.iter().map(|l| l.nodes).sum::<u64>(), nodes);
    assert_eq!(crossed.divide.as_ref(), Some(lines));
    assert!(plain.cross_check.is_none());
    let c = crossed.cross_check.as_ref().unwrap();
    assert!(c.agreed && c.disagreement.is_none(), "{c:?}");
    assert_eq!(
        (plain.game, &plain.rules, &plain.position, plain.depth),
        (
            crossed.game,
            &crossed.rules,
            &crossed.position,
            crossed.depth
        )
    );
}

#[test]
fn tzaar_counts_and_cross_checks_alike() {
    let pos: rules::tzaar::Position = "A1=T,A3=t,A4=r,E1=Z,E2=R,I1=z,I2=r,I3=t w normal"
        .parse()
        .unwrap();
    let calls = AtomicUsize::new(0);
    let tick = || {
        calls.fetch_add(1, Ordering::Relaxed);
    };
    let plain = perft::tzaar::perft(&pos, options(2, true, false), &tick).unwrap();
    assert_eq!(calls.load(Ordering::Relaxed), 14);
    let crossed = perft::tzaar::perft(&pos, options(2, true, true), &tick).unwrap();
    consistent(&plain, &crossed, 20);
    assert_eq!(crossed.cross_check.unwrap().positions_compared, 15);
    assert_eq!(
        (plain.game, plain.rules.as_str()),
        ("tzaar", "tzaar-standard-2016-v1")
    );
    let json = serde_json::to_value(&plain).unwrap();
    assert_eq!(json["divide"][0]["move"], "A1xA3 pass");
    assert_eq!(json["divide"][0]["nodes"], 3);
    let root = perft::tzaar::perft(&pos, options(0, false, true), &tick).unwrap();
    assert_eq!(root.nodes, Some(1));
    assert_eq!(root.cross_check.unwrap().positions_compared, 1);
}

#[test]
fn surakarta_counts_and_cross_checks_alike() {
    let pos = rules::surakarta::Position::start();
    let plain = perft::surakarta::perft(&pos, options(3, true, false), &|| {}).unwrap();
    let crossed = perft::surakarta::perft(&pos, options(3, true, true), &|| {}).unwrap();
    consistent(&plain, &crossed, 5382);
    assert_eq!(crossed.cross_check.unwrap().positions_compared, 273);
    let root = perft::surakarta::perft(&pos, options(0, true, false), &|| {}).unwrap();
    assert_eq!((root.nodes, root.divide), (Some(1), Some(vec![])));
}

#[test]
fn tic_tac_chec_counts_and_cross_checks_alike() {
    let pos = rules::ttc::Position::empty(rules::ttc::Variant::standard(
        rules::ttc::PawnReading::TravelDirection,
    ));
    let plain = perft::ttc::perft(&pos, options(2, true, false), &|| {});
    let crossed = perft::ttc::perft(&pos, options(2, true, true), &|| {});
    consistent(&plain, &crossed, 3840);
    assert_eq!(plain.game, "tic-tac-chec");
    assert_eq!(plain.rules, "4x4 PNBR travel-direction lock 6");
    // The JSON fields in the documented order.
    let json = serde_json::to_string(&crossed).unwrap();
    let at: Vec<usize> = [
        "game",
        "rules",
        "position",
        "depth",
        "nodes",
        "divide",
        "cross_check",
        "seconds",
    ]
    .iter()
    .map(|k| json.find(&format!("\"{k}\":")).unwrap())
    .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{json}");
}
