//! Mirroring and input buckets: the features the library reads, and
//! bucketed networks that train and export as version 2.

use super::*;

#[test]
fn mirroring_flips_files_and_keeps_the_target() {
    let records = positions(1, 30, 2);
    let label = Label {
        lambda: 0.5,
        k: 400.0,
        buckets: 1,
        inputs: InputBuckets::None,
        factoriser: false,
    };
    for r in &records {
        let (plain, mirrored) = (decode(r, false, &label), decode(r, true, &label));
        assert_eq!(plain.target, mirrored.target);
        let mut a: Vec<u16> = plain
            .features(0)
            .iter()
            .map(|&f| f / 90 * 90 + (8 - f % 90 % 9) + f % 90 / 9 * 9)
            .collect();
        let mut b = mirrored.features(0).to_vec();
        a.sort();
        b.sort();
        assert_eq!(a, b);
    }
}

/// With input buckets, a sample's inputs are the library's: each
/// perspective's view of its general's square, for the position and for
/// its mirror image.
#[test]
fn bucketed_features_are_the_librarys() {
    use xiangqi::{Setup, Validation};
    let records = positions(6, 150, 4);
    for inputs in InputBuckets::ALL {
        let label = Label {
            lambda: 0.5,
            k: 400.0,
            buckets: 1,
            inputs,
            factoriser: false,
        };
        let mut views = std::collections::BTreeSet::new();
        for r in &records {
            let pos = r.position().unwrap();
            let setup = Setup {
                board: pos.board().flip_horizontal(),
                turn: pos.turn(),
                halfmoves: 0,
                fullmoves: 1,
            };
            let mirror = Position::from_setup(setup, Validation::Lenient).unwrap();
            for (flip, pos) in [(false, &pos), (true, &mirror)] {
                let s = decode(r, flip, &label);
                for (half, color) in [pos.turn(), !pos.turn()].into_iter().enumerate() {
                    let view = inputs.view(color, pos.general(color));
                    views.insert((view.bucket(), view.mirrored()));
                    let mut expected: Vec<u16> = pos
                        .board()
                        .pieces()
                        .map(|(sq, p)| view.feature(color, p, sq) as u16)
                        .collect();
                    let mut found = s.features(half).to_vec();
                    expected.sort();
                    found.sort();
                    assert_eq!(found, expected, "{inputs:?} {pos}");
                    assert!(
                        found
                            .iter()
                            .all(|&f| usize::from(f) < inputs.count() * FEATURES)
                    );
                }
            }
        }
        // The random games moved the generals into several buckets.
        if inputs != InputBuckets::None {
            assert!(views.len() >= 3, "{inputs:?}: {views:?}");
        }
    }
}

/// A network with input buckets trains, exports a version 2 file that
/// names its layout, and that file evaluates within a few centipawns of
/// the float network.
#[test]
fn bucketed_networks_train_and_export_version_2() {
    for factoriser in [false, true] {
        bucketed_network_trains(factoriser);
    }
}

fn bucketed_network_trains(factoriser: bool) {
    let records = positions(60, 80, 8);
    let dir = data_dir(&format!("bucketed-{factoriser}"), &records, 4);
    let mut o = options(&dir, 16, Activation::SCReLU);
    o.shape.input_buckets = InputBuckets::Palace4;
    o.shape.factoriser = factoriser;
    o.epochs = 6;
    let data = load(&o);
    let first = start(&o).unwrap();
    assert_eq!(first.net.params.len(), o.shape.len());
    let (state, reports) = train(&o, &data, first, false).unwrap();
    assert!(
        reports.last().unwrap().train_loss < reports[0].train_loss,
        "{reports:?}"
    );
    let out = dir.join("p4.nnue");
    let (q, exported) = export_to(&o, &data, &state, &out).unwrap();
    assert!(q.mean < 5.0 && q.max < 30.0, "{q:?}");
    assert!(exported.description.contains("input buckets palace4"));
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(bytes[8..12], 2u32.to_le_bytes());
    let file = xiangqi::nnue::NetworkFile::parse(&bytes).unwrap();
    assert_eq!(file.input_buckets, InputBuckets::Palace4);
    let net = xiangqi::nnue::Nnue::<16>::from_bytes(&bytes).unwrap();
    use xiangqi::Evaluator;
    for r in data.validation.iter().filter_map(dataset::record).take(200) {
        let pos = r.position().unwrap();
        assert_eq!(net.evaluate_position(&pos), file.evaluate(&pos));
    }
    // The checkpoint of the run carries the layout.
    let back = checkpoint::Checkpoint::from_bytes(&state.to_bytes()).unwrap();
    assert_eq!(back.net.shape, o.shape);
    assert_eq!(back, state);
    // The factoriser is merged into the file's rows: its evaluation is the
    // float network's (checked above through the quantisation error).
    assert_eq!(file.feature_weights.len(), 4 * FEATURES * 16);
}
