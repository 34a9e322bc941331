//! The tournament version's placement phase (the TZAAR rulebook H): the
//! fast generator (`rules::tzaar`) and the audit engine
//! (`audit::tzaar_placement`) walked in lockstep, from the empty board,
//! from five mid-placement positions and over the hand-over from the last
//! placement into White's opening capture.

use audit::perft::{tzaar_placement, PerftOptions};
use audit::tzaar_placement as slow;
use rules::tzaar as fast;

/// Five mid-placement positions, 8, 21, 34, 47 and 55 placements in
/// (random legal sequences; the third has Black's Tzaars and the fourth
/// White's Tzaars and Black's Tzarras all placed).
pub const MID_PLACEMENT: [&str; 5] = [
    "D7=T,D8=z,E4=t,E9=T,G3=t,G4=z,H4=R,I4=Z w placement Z5R8T13z4r9t13",
    "A2=T,B4=T,B5=z,B6=r,C3=Z,C7=R,D1=T,D3=z,D4=r,D5=r,D6=T,D8=r,E7=T,F1=R,F2=R,G1=z,G2=Z,G3=z,G4=z,G5=r,I2=T b placement Z4R6T9z1r4t15",
    "A4=t,A5=z,B1=r,B2=T,B5=Z,B6=Z,C1=Z,C2=z,C3=R,C4=Z,C7=R,D2=t,E2=Z,E4=R,E9=R,F1=z,F2=R,F3=R,F4=R,F5=t,F6=T,F8=T,G1=z,G2=t,G3=T,G4=r,G7=t,H2=T,H4=r,H5=z,H6=z,I1=r,I2=r,I3=r w placement Z1R2T10z0r3t10",
    "A1=r,A2=R,A3=r,B1=r,B2=t,B3=z,B4=T,B5=R,B6=t,C1=z,C2=T,C4=r,C6=R,C7=R,D4=t,D5=Z,D7=t,D8=T,E2=T,E3=Z,E4=z,E6=Z,E7=Z,E8=r,E9=T,F2=z,F3=Z,F4=T,F5=r,F6=t,F8=z,G2=T,G3=R,G4=t,G5=T,G7=t,H1=T,H2=T,H3=Z,H4=t,H5=r,H6=R,I1=T,I2=t,I3=r,I4=R,I5=r b placement Z0R2T4z1r0t6",
    "A1=r,A2=t,A3=T,A4=T,A5=R,B1=r,B2=z,B3=t,B4=R,B5=R,B6=T,C1=R,C3=R,C4=r,C5=T,C6=t,C7=Z,D2=T,D4=r,D5=t,D6=Z,D7=t,D8=t,E1=r,E2=Z,E3=R,E4=z,E6=T,E7=z,E8=z,E9=Z,F1=T,F2=R,F3=T,F4=t,F5=t,F6=t,F8=t,G1=T,G3=r,G4=r,G5=t,G6=z,G7=R,H1=T,H2=r,H3=t,H4=T,H5=T,H6=Z,I1=z,I2=T,I3=R,I4=r,I5=Z b placement Z0R0T2z0r0t3",
];

/// Two and one placements before the hand-over.
pub const HAND_OVER: [&str; 2] = [
    "A1=r,A2=r,A3=z,A4=Z,A5=T,B1=R,B2=t,B3=z,B4=Z,B5=Z,B6=r,C1=T,C2=R,C3=t,C4=t,C5=R,C6=r,C7=r,D1=t,D2=T,D3=t,D4=R,D5=T,D7=Z,D8=T,E1=z,E2=t,E3=t,E4=T,E6=t,E7=r,E8=R,E9=T,F1=z,F3=t,F4=T,F5=T,F6=Z,F7=t,F8=R,G1=t,G2=T,G3=R,G4=r,G5=t,G6=t,G7=r,H1=T,H2=z,H3=R,H4=T,H5=t,H6=T,I1=r,I2=Z,I3=R,I4=z,I5=T w placement Z0R0T1z0r0t1",
    "A1=t,A2=t,A3=t,A4=T,A5=T,B1=z,B2=Z,B3=T,B4=T,B5=T,B6=t,C1=T,C3=t,C4=t,C5=t,C6=r,C7=T,D1=z,D2=r,D3=Z,D4=t,D5=r,D6=R,D7=t,D8=T,E1=z,E2=R,E3=t,E4=Z,E6=r,E7=T,E8=T,E9=t,F1=R,F2=z,F3=R,F4=r,F5=Z,F6=T,F7=T,F8=r,G1=R,G2=r,G3=z,G4=t,G5=R,G6=r,G7=T,H1=T,H2=t,H3=T,H4=t,H5=R,H6=Z,I1=Z,I2=R,I3=t,I4=z,I5=R b placement Z0R0T0z0r1t0",
];

/// Cross-checks `text` to `depth` plies; asserts agreement and that the
/// count equals both engines' own perft; returns (count, compared).
fn cross(text: &str, depth: u32) -> (u64, u64) {
    let setup: fast::Setup = text.parse().unwrap();
    assert_eq!(setup.to_string(), text);
    let options = PerftOptions {
        depth,
        divide: true,
        cross_check: true,
    };
    let r = tzaar_placement::perft(&setup, options, &|| {}).unwrap();
    let c = r.cross_check.unwrap();
    assert!(c.agreed, "{text}: {:?}", c.disagreement);
    let nodes = r.nodes.unwrap();
    assert_eq!(nodes, fast::placement_perft(&setup, depth), "{text}");
    let audit = slow::Phase::Placing(slow::Setup::parse(text).unwrap());
    assert_eq!(nodes, slow::perft(&audit, depth), "{text}");
    if depth > 0 {
        let divided: u64 = r.divide.unwrap().iter().map(|l| l.nodes).sum();
        assert_eq!(divided, nodes);
    }
    println!(
        "{text}: depth {depth}: {nodes} ({} compared)",
        c.positions_compared
    );
    (nodes, c.positions_compared)
}

#[test]
fn both_engines_agree_to_depth_3_from_the_empty_board() {
    let empty = fast::Setup::empty().to_string();
    assert_eq!(empty, slow::Setup::empty().to_string());
    assert_eq!(cross(&empty, 0), (1, 1));
    assert_eq!(cross(&empty, 1).0, 180);
    assert_eq!(cross(&empty, 2).0, 180 * 177);
    // Every node above the leaves compared: 1 + 180 + 180 * 177.
    assert_eq!(cross(&empty, 3), (180 * 177 * 174, 1 + 180 + 180 * 177));
}

#[test]
fn both_engines_agree_to_depth_3_from_five_mid_placement_positions() {
    for text in MID_PLACEMENT {
        cross(text, 3);
    }
}

#[test]
fn both_engines_agree_over_the_hand_over_into_whites_opening_capture() {
    for text in HAND_OVER {
        let setup: fast::Setup = text.parse().unwrap();
        let left = 60 - setup.placed();
        let (nodes, _) = cross(text, 3);
        // The placements, then White's opening turns of each full board.
        let mut expected = 0;
        for pl in setup.placements() {
            expected += fast::stage_perft(&setup.place_unchecked(&pl), 2);
        }
        assert_eq!(nodes, expected);
        assert!(left <= 2 && nodes > 0);
    }
    // One placement left: depth 2 is the opening turns of the full board.
    let last: fast::Setup = HAND_OVER[1].parse().unwrap();
    let fast::Stage::Play(full) = last.place_unchecked(&last.placements()[0]) else {
        panic!("no hand-over");
    };
    assert!(full.is_opening());
    assert_eq!(cross(HAND_OVER[1], 2).0, full.turns().len() as u64);
}

#[test]
fn the_audit_engine_refuses_bad_placement_text() {
    for bad in [
        "- w placement Z6R9T15z6r9t14",
        "- b placement Z6R9T15z6r9t15",
        "D4=T w placement Z6R9T14z6r9t15",
        "D4=TT b placement Z6R9T13z6r9t15",
        "- w placement Z6R9T15",
        "- w normal",
    ] {
        assert!(slow::Setup::parse(bad).is_err(), "{bad}");
    }
    assert!(slow::Put::parse("Z@E5").is_err());
    assert!(slow::Put::parse("Q@D4").is_err());
    assert_eq!(slow::Put::parse("t@f2").unwrap().to_string(), "t@F2");
}
