use super::*;

fn options(dir: &Path, chunks: usize) -> Options {
    let mut o = parse_args(&[]).unwrap();
    o.out = dir.to_path_buf();
    o.chunks = chunks;
    o.games_per_chunk = 1;
    o.nodes = 300;
    o.threads = 2;
    o.seed = 5;
    o.progress = false;
    o
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-datagen-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn chunks_are_reproducible_and_resumed() {
    let (a, b) = (temp_dir("a"), temp_dir("b"));
    assert_eq!(run(&options(&a, 2)), Ok(2));
    // Another run, chunk 1 first and alone: the same bytes.
    std::fs::create_dir_all(&b).unwrap();
    let mut one = options(&b, 2);
    one.threads = 1;
    std::fs::write(chunk_path(&one, 0), b"a partial file from a stop").unwrap();
    assert_eq!(run(&one), Ok(2), "a corrupt chunk is played again");
    for k in 0..2 {
        let bytes = std::fs::read(chunk_path(&one, k)).unwrap();
        assert_eq!(
            bytes,
            std::fs::read(chunk_path(&options(&a, 2), k)).unwrap()
        );
        let (info, records) = read_chunk(&bytes).unwrap();
        assert_eq!((info.seed, info.nodes, info.index), (5, 300, k as u32));
        assert!(!records.is_empty());
        for r in &records {
            let pos = r.position().unwrap();
            assert!(!pos.is_check());
            assert!(r.score().abs() < 20_000);
        }
    }
    // Resuming: nothing left to play; one more chunk plays only that one.
    assert_eq!(run(&options(&a, 2)), Ok(0));
    assert_eq!(run(&options(&a, 3)), Ok(1));
    let _ = std::fs::remove_dir_all(&a);
    let _ = std::fs::remove_dir_all(&b);
}

#[test]
fn bad_flags_are_errors() {
    let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    assert!(parse_args(&args("--nodes abc")).is_err());
    assert!(parse_args(&args("--threads 0")).is_err());
    assert!(parse_args(&args("--chunks")).is_err());
    assert!(parse_args(&args("--frobnicate 3")).is_err());
    assert!(parse_args(&args("--openings /nonexistent/openings.txt")).is_err());
    let o = parse_args(&args("--nodes 5000 --seed 9 --out /tmp/x")).unwrap();
    assert_eq!((o.nodes, o.seed, o.out), (5000, 9, PathBuf::from("/tmp/x")));
    assert_eq!(o.openings.len(), 50);
}
