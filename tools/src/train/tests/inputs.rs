//! What the trainer takes in: data folders (bad files, several together),
//! the score cap and the position limit, its arguments.

use super::*;

#[test]
fn bad_files_are_skipped_and_empty_folders_rejected() {
    let records = positions(2, 40, 1);
    let dir = data_dir("bad-files", &records, 3);
    std::fs::write(dir.join("c000.xqd.tmp"), b"in progress").unwrap();
    std::fs::write(dir.join("c001b.xqd"), b"XQDATA\r\nbroken").unwrap();
    let o = options(&dir, 4, Activation::CReLU);
    let data = load(&o);
    assert_eq!(data.skipped.len(), 1);
    assert!(data.skipped[0].0.ends_with("c001b.xqd"));
    assert_eq!((data.train_chunks, data.validation_chunks), (2, 1));
    assert_eq!(data.train.len() + data.validation.len(), records.len());

    let empty = temp_dir("empty");
    let mut o = options(&empty, 4, Activation::CReLU);
    assert!(matches!(run(&o), Err(TrainError::NoData(_))));
    o.data = vec![empty.join("missing")];
    assert!(matches!(run(&o), Err(TrainError::Io(..))));
    let one = data_dir("one-chunk", &records, 1);
    o.data = vec![one];
    assert!(matches!(run(&o), Err(TrainError::NoTraining(_))));
    o.data = vec![dir.clone()];
    o.resume = Some(dir.join("c000.xqd"));
    assert!(matches!(
        run(&o),
        Err(TrainError::Checkpoint(_, CheckpointError::BadMagic))
    ));
}

#[test]
fn several_folders_train_together() {
    let (a, b) = (positions(2, 30, 11), positions(1, 30, 12));
    let (dir_a, dir_b) = (data_dir("gen-a", &a, 3), data_dir("gen-b", &b, 1));
    // `--data` repeated: both folders, in order.
    let both = [
        "--out",
        "x.nnue",
        "--data",
        dir_a.to_str().unwrap(),
        "--data",
        dir_b.to_str().unwrap(),
    ];
    let mut o = parse_args(&both.map(String::from)).unwrap();
    assert_eq!(o.data, [dir_a.clone(), dir_b.clone()]);
    o.validation_every = 4;
    let data = load(&o);
    assert_eq!(data.train.len() + data.validation.len(), a.len() + b.len());
    assert_eq!((data.train_chunks, data.validation_chunks), (3, 1));
    // Alone, b's one chunk is held out: nothing to train on.
    o.data = vec![dir_b.clone()];
    assert!(matches!(run(&o), Err(TrainError::NoTraining(d)) if d == [dir_b.clone()]));
    let shown = TrainError::NoData(vec![dir_a.clone(), dir_b.clone()]).to_string();
    assert!(
        shown.starts_with(&format!("{}+{}:", dir_a.display(), dir_b.display())),
        "{shown}"
    );
}

#[test]
fn scores_beyond_the_cap_are_left_out_and_limits_hold() {
    let pos = Position::new();
    let records: Vec<Record> = [0, 2999, -3000, 3001, -20000, 5]
        .iter()
        .map(|&s| Record::new(&pos, s, SelfPlayResult::Draw, 0))
        .collect();
    let dir = data_dir("cap", &records, 2);
    let mut o = options(&dir, 4, Activation::CReLU);
    o.validation_every = 2;
    let data = load(&o);
    assert_eq!(data.excluded, 2);
    assert_eq!(data.validation.len() + data.train.len(), 4);
    o.max_positions = 1;
    assert_eq!(load(&o).train.len(), 1);
}

#[test]
fn bad_arguments_are_errors() {
    let out = || vec!["--out".to_string(), "x.nnue".to_string()];
    let with = |extra: &[&str]| {
        let mut a = out();
        a.extend(extra.iter().map(|s| s.to_string()));
        parse_args(&a)
    };
    assert!(parse_args(&[]).unwrap_err().to_string().contains("--out"));
    for bad in [
        &["--hidden", "0"][..],
        &["--buckets", "9"],
        &["--activation", "relu"],
        &["--lambda", "1.5"],
        &["--epochs", "x"],
        &["--batch", "0"],
        &["--lr", "-1"],
        &["--schedule", "linear"],
        &["--validation-every", "1"],
        &["--threads"],
        &["--frobnicate"],
        &["--qb", "0"],
        &["--qb", "fine"],
        &["--input-buckets", "palace5"],
        &["--input-buckets"],
        &["--factoriser"],
    ] {
        assert!(with(bad).is_err(), "{bad:?}");
    }
    let o = with(&[
        "--hidden",
        "256",
        "--buckets",
        "4",
        "--activation",
        "crelu",
        "--no-mirror",
        "--schedule",
        "step",
    ])
    .unwrap();
    assert_eq!(o.shape.hidden, 256);
    assert_eq!(o.shape.buckets, 4);
    assert_eq!(o.shape.activation, Activation::CReLU);
    assert!(!o.mirror);
    assert_eq!(
        o.schedule,
        Schedule::Step {
            every: 8,
            gamma: 0.3
        }
    );
    assert_eq!(o.checkpoints, PathBuf::from("x.nnue.checkpoints"));
    assert_eq!(o.qb, None);
    assert_eq!(with(&["--qb", "64"]).unwrap().qb, Some(64));
    assert_eq!(o.shape.input_buckets, InputBuckets::None);
    for layout in InputBuckets::ALL {
        let o = with(&["--input-buckets", layout.name()]).unwrap();
        assert_eq!(o.shape.input_buckets, layout);
    }
    let o = with(&["--input-buckets", "palace6", "--factoriser"]).unwrap();
    assert!(o.shape.factoriser);
}
