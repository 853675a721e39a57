use super::*;
use xiangqi::{MaterialPst, Searcher};
use xiangqi_selfplay::play_chunk;

/// [`super::run`]'s chunks played; a failure fails the test with its message.
fn run(o: &DatagenOptions) -> usize {
    super::run(o).unwrap_or_else(|e| panic!("datagen: {e}"))
}

/// The options of `datagen` with these flags.
fn parse_args(line: &str) -> Result<DatagenOptions, Box<dyn std::error::Error>> {
    match crate::cli::parse(&format!("datagen {line}"))? {
        crate::cli::Command::Datagen(a) => Ok(super::options(&a)?),
        other => panic!("{other:?}"),
    }
}

fn options(dir: &Path, chunks: usize) -> DatagenOptions {
    let mut o = parse_args("").unwrap();
    o.out = dir.to_path_buf();
    o.chunks = chunks;
    o.games_per_chunk = 1;
    o.nodes = 300;
    o.threads = 2;
    o.seed = 5;
    o.progress = false;
    o.format = DataFormat::Both;
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
    assert_eq!(run(&options(&a, 2)), 2);
    // Another run, chunk 1 first and alone: the same bytes.
    std::fs::create_dir_all(&b).unwrap();
    let mut one = options(&b, 2);
    one.threads = 1;
    std::fs::write(chunk_path(&one, 0), b"a partial file from a stop").unwrap();
    assert_eq!(run(&one), 2, "a corrupt chunk is played again");
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
    assert_eq!(run(&options(&a, 2)), 0);
    assert_eq!(run(&options(&a, 3)), 1);
    // --first-chunk: only chunks from it on; the same bytes as from 0.
    let c = temp_dir("c");
    let mut from_one = options(&c, 3);
    from_one.first_chunk = 2;
    assert_eq!(run(&from_one), 1);
    assert!(!chunk_path(&from_one, 0).exists() && !games_path(&from_one, 1).exists());
    assert_eq!(
        std::fs::read(chunk_path(&from_one, 2)).unwrap(),
        std::fs::read(chunk_path(&options(&a, 3), 2)).unwrap()
    );
    assert_eq!(parse_args("--first-chunk 7").unwrap().first_chunk, 7);
    let _ = std::fs::remove_dir_all(&a);
    let _ = std::fs::remove_dir_all(&b);
    let _ = std::fs::remove_dir_all(&c);
}

#[test]
fn bad_flags_are_errors() {
    for (bad, names) in [
        ("--nodes abc", "--nodes"),
        ("--nodes 0", "--nodes"),
        ("--nodes 4294967296", "--nodes"),
        ("--threads 0", "--threads"),
        ("--games-per-chunk 0", "--games-per-chunk"),
        ("--chunks", "--chunks"),
        ("--chunks 4294967296", "--chunks"),
        ("--frobnicate 3", "--frobnicate"),
        ("--format zip", "--format"),
        ("--first-chunk x", "--first-chunk"),
        (
            "--openings /nonexistent/openings.txt",
            "/nonexistent/openings.txt",
        ),
    ] {
        match parse_args(bad) {
            Err(e) => assert!(e.to_string().contains(names), "{bad}: {e}"),
            Ok(o) => panic!("{bad}: accepted as {o:?}"),
        }
    }
    let o = parse_args("--nodes 5000 --seed 9 --out /tmp/x").unwrap();
    assert_eq!((o.nodes, o.seed, o.out), (5000, 9, PathBuf::from("/tmp/x")));
    assert_eq!(o.openings.len(), 50);
    assert_eq!(o.format, DataFormat::Games, "the default");
    assert_eq!(
        parse_args("--format both").unwrap().format,
        DataFormat::Both
    );
}

#[test]
fn game_files_give_the_chunk_files() {
    let (both, games) = (temp_dir("both"), temp_dir("games"));
    assert_eq!(run(&options(&both, 2)), 2);
    let mut o = options(&games, 2);
    o.format = DataFormat::Games;
    assert_eq!(run(&o), 2);
    for k in 0..2 {
        assert!(!chunk_path(&o, k).exists());
        let written = std::fs::read(games_path(&o, k)).unwrap();
        assert_eq!(
            written,
            std::fs::read(games_path(&options(&both, 2), k)).unwrap()
        );
        let file = read_games(&written).unwrap();
        assert_eq!(file.info.network, None);
        assert_eq!(file.games.len(), 1);
    }
    // The chunk files from the game files, without playing: a stop flag
    // that is set would give nothing if a game were played.
    o.format = DataFormat::Chunks;
    let tally = Tally::default();
    let stop = AtomicBool::new(true);
    assert!(matches!(generate(&o, 0, &tally, &stop), Ok(true)));
    assert_eq!(run(&o), 1, "chunk 1 left");
    for k in 0..2 {
        assert_eq!(
            std::fs::read(chunk_path(&o, k)).unwrap(),
            std::fs::read(chunk_path(&options(&both, 2), k)).unwrap()
        );
    }
    assert_eq!(run(&o), 0);
    let _ = std::fs::remove_dir_all(&both);
    let _ = std::fs::remove_dir_all(&games);
}

#[test]
fn a_network_plays_into_files_named_by_its_generation() {
    use xiangqi::nnue::{Activation, NetworkFile};
    let dir = temp_dir("net");
    std::fs::create_dir_all(&dir).unwrap();
    let mut file = NetworkFile::new(xiangqi::nnue::DEFAULT_HIDDEN, 1, Activation::SCReLU);
    file.generation = 3;
    // Material only, through the first layer: own pieces push the
    // accumulator up, so the network prefers having them.
    for f in 0..xiangqi::nnue::FEATURES / 2 {
        file.feature_weights[f * file.hidden] = 40;
    }
    file.output_weights[0] = 64;
    let path = dir.join("g3.nnue");
    std::fs::write(&path, file.to_bytes().unwrap()).unwrap();
    let mut o = parse_args(&format!("--network {}", path.display())).unwrap();
    let defaults = options(&dir, 1);
    (
        o.out,
        o.chunks,
        o.games_per_chunk,
        o.nodes,
        o.seed,
        o.progress,
    ) = (defaults.out, 1, 1, 300, 5, false);
    assert_eq!(run(&o), 1);
    let chunk = chunk_path(&o, 0);
    let name = chunk.file_name().unwrap().to_str().unwrap();
    assert_eq!(name, "g3-s5-n300-000000.xqd");
    assert!(!chunk.exists(), "game files only, by default");
    let games = games_path(&o, 0);
    assert!(games.ends_with("g3-s5-n300-000000.xqg"));
    let file = read_games(&std::fs::read(&games).unwrap()).unwrap();
    let id = NetworkId {
        generation: 3,
        id: network_id(&std::fs::read(&path).unwrap()),
    };
    assert_eq!(file.info.network, Some(id));
    assert!(!file.records.is_empty());
    let bad = parse_args(&format!("--network {}", dir.join("none.nnue").display()));
    assert!(bad.is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_default_openings_are_all_legal() {
    let strict = parse_openings(xiangqi_selfplay::OPENINGS).unwrap();
    assert_eq!(strict, default_openings());
    assert!(strict.len() >= 20 && strict.iter().all(|l| !l.is_empty()));
}

#[test]
fn the_library_chunk_is_datagen_s() {
    // What the Python package's cluster script writes: the same bytes.
    let dir = temp_dir("lib");
    let mut o = options(&dir, 1);
    o.threads = 1;
    assert_eq!(run(&o), 1);
    let spec = ChunkSpec {
        seed: 5,
        index: 0,
        games: 1,
        nodes: 300,
    };
    let stop = AtomicBool::new(false);
    let chunk = play_chunk(
        &mut Searcher::new(MaterialPst::default()),
        &spec,
        &o.openings,
        &stop,
        |_| {},
    )
    .unwrap();
    assert_eq!(chunk.to_bytes(), std::fs::read(chunk_path(&o, 0)).unwrap());
    assert_eq!(
        chunk_path(&o, 0).file_name().unwrap(),
        spec.file_name(None).as_str()
    );
    // A stop between games keeps nothing.
    stop.store(true, Ordering::Relaxed);
    assert!(
        play_chunk(
            &mut Searcher::new(MaterialPst::default()),
            &spec,
            &o.openings,
            &stop,
            |_| {}
        )
        .is_none()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
