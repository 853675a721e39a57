//! The logistic fit of the evaluator's parameters to game results.

use std::io::BufRead;

use xiangqi::{
    Board, Color, Evaluator, MaterialPst, Piece, Position, Rank, Role, Setup, Square, Validation,
};

use crate::file_error::FileError;
use crate::tune::TuneError;

pub struct FitOptions {
    pub data: String,
    pub iterations: usize,
    pub lambda: f64,
    pub min_count: usize,
    /// Fit the tables only, keeping the scalar weights.
    pub tables_only: bool,
    /// Fit only these scalar weights, keeping the tables and the others.
    pub scalars: Option<Vec<String>>,
}

/// Piece-square entries: 7 roles, 10 ranks (from the piece's own side),
/// 5 files (a..e; f..i mirror them).
const PST: usize = 7 * 50;
/// The scalar weights, in this order.
const SCALARS: [&str; 9] = [
    "tempo",
    "king_safety",
    "chariot_mobility",
    "horse_mobility",
    "cannon_horse_shift",
    "king_attack",
    "empty_cannon",
    "battery",
    "horse_threat",
];
const PARAMS: usize = PST + SCALARS.len();

fn zero() -> MaterialPst {
    MaterialPst::default()
        .with_tempo(0)
        .with_king_safety(0)
        .with_chariot_mobility(0)
        .with_horse_mobility(0)
        .with_cannon_horse_shift(0)
        .with_king_attack(0)
        .with_empty_cannon(0)
        .with_battery(0)
        .with_horse_threat(0)
        // The fit is linear in the evaluator's terms.
        .with_endgame_scaling(false)
}

/// The default evaluator without its (non-linear) endgame scaling: what
/// the linear model reproduces.
fn linear() -> MaterialPst {
    MaterialPst::default().with_endgame_scaling(false)
}

/// The scalar weights of `e`, in the order of [`SCALARS`].
fn fields(e: &mut MaterialPst) -> [&mut i32; 9] {
    [
        &mut e.tempo,
        &mut e.king_safety,
        &mut e.chariot_mobility,
        &mut e.horse_mobility,
        &mut e.cannon_horse_shift,
        &mut e.king_attack,
        &mut e.empty_cannon,
        &mut e.battery,
        &mut e.horse_threat,
    ]
}

/// Field value per fitted unit of each scalar: king attack is fitted per
/// attack unit squared, its field is 16 times that.
const UNIT: [i32; 9] = [1, 1, 1, 1, 1, 16, 1, 1, 1];

/// The evaluator with scalar `k` set to one fitted unit, the others zero.
fn only(k: usize) -> MaterialPst {
    let mut e = zero();
    *fields(&mut e)[k] = UNIT[k];
    e
}

fn red_eval(e: &MaterialPst, pos: &Position) -> i32 {
    let v = e.evaluate_position(pos);
    if pos.turn() == Color::Red { v } else { -v }
}

fn pst_index(piece: Piece, sq: Square) -> usize {
    let rank = sq.rank().relative_to(piece.color).index();
    let file = sq.file().index();
    piece.role.index() * 50 + rank * 5 + file.min(8 - file)
}

fn position(pieces: &[(Square, Piece)]) -> Option<Position> {
    let mut board = Board::empty();
    for &(sq, p) in pieces {
        board.set_piece_at(sq, p);
    }
    let setup = Setup {
        board,
        turn: Color::Black,
        halfmoves: 0,
        fullmoves: 1,
    };
    Position::from_setup(setup, Validation::Lenient).ok()
}

fn sq(file: usize, rank: usize) -> Square {
    Square::from_index((rank * 9 + file) as u32).expect("on the board")
}

/// The current table entries, read back through the evaluator (material
/// plus square bonus of a lone piece next to the two generals); `None`
/// where no such position is legal.
fn current_pst() -> Vec<Option<f64>> {
    let e = zero();
    let red_general = Piece::new(Color::Red, Role::General);
    let black_general = Piece::new(Color::Black, Role::General);
    let mut w = vec![None; PST];
    for role in Role::ALL {
        for rank in 0..10 {
            for fold in 0..5 {
                let i = role.index() * 50 + rank * 5 + fold;
                let piece = Piece::new(Color::Red, role);
                w[i] = if role == Role::General {
                    let at = sq(fold, rank);
                    let theirs = sq(if fold == 3 { 5 } else { 3 }, 9);
                    position(&[(at, piece), (theirs, black_general)])
                        .map(|p| f64::from(red_eval(&e, &p)))
                } else {
                    let (ours, theirs) = (sq(3, 0), sq(5, 9));
                    let at = [sq(fold, rank), sq(8 - fold, rank)]
                        .into_iter()
                        .find(|&s| s != ours && s != theirs)
                        .expect("two squares");
                    let generals = [(ours, red_general), (theirs, black_general)];
                    let with = position(&[generals[0], generals[1], (at, piece)]);
                    let without = position(&generals);
                    with.zip(without)
                        .map(|(a, b)| f64::from(red_eval(&e, &a) - red_eval(&e, &b)))
                };
            }
        }
    }
    // The general's entries are relative (both sides have one): anchor e0.
    let anchor = w[4].unwrap_or(0.0);
    for v in w.iter_mut().take(50).flatten() {
        *v -= anchor;
    }
    w
}

/// Positions as sparse feature rows.
struct Data {
    start: Vec<usize>,
    index: Vec<u16>,
    value: Vec<f32>,
    result: Vec<f32>,
}

impl Data {
    fn row(&self, i: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let (a, b) = (self.start[i], self.start[i + 1]);
        self.index[a..b]
            .iter()
            .zip(&self.value[a..b])
            .map(|(&j, &v)| (usize::from(j), f64::from(v)))
    }

    fn len(&self) -> usize {
        self.result.len()
    }
}

fn features(pos: &Position, row: &mut Vec<(u16, f32)>) {
    row.clear();
    let mut acc = [0f32; PST];
    for (sq, piece) in pos.board().pieces() {
        acc[pst_index(piece, sq)] += if piece.color == Color::Red { 1.0 } else { -1.0 };
    }
    row.extend(
        acc.iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0.0)
            .map(|(j, &v)| (j as u16, v)),
    );
    let base = red_eval(&zero(), pos);
    for k in 0..SCALARS.len() {
        let v = if k == 0 {
            if pos.turn() == Color::Red { 1 } else { -1 }
        } else {
            red_eval(&only(k), pos) - base
        };
        if v != 0 {
            row.push(((PST + k) as u16, v as f32));
        }
    }
}

/// Reads the positions; checks on the first 20 000 that the features and
/// the starting weights `w` reproduce the evaluator (up to the rounding of
/// the king-attack term).
fn load(path: &str, w: &[f64]) -> Result<Data, TuneError> {
    let file = std::fs::File::open(path).map_err(FileError::at(path))?;
    let mut data = Data {
        start: vec![0],
        index: Vec::new(),
        value: Vec::new(),
        result: Vec::new(),
    };
    let mut row = Vec::new();
    let (mut off, mut worst) = (0, 0.0f64);
    for line in std::io::BufReader::new(file).lines() {
        let line = line.map_err(FileError::at(path))?;
        let Some((fen, result)) = line.split_once(';') else {
            continue;
        };
        let (Ok(pos), Ok(result)) = (fen.parse::<Position>(), result.trim().parse::<f32>()) else {
            return Err(TuneError::BadLine { line });
        };
        features(&pos, &mut row);
        if data.result.len() < CHECKED {
            let e: f64 = row
                .iter()
                .map(|&(j, v)| w[usize::from(j)] * f64::from(v))
                .sum();
            let d = (e - f64::from(red_eval(&linear(), &pos))).abs();
            off += usize::from(d > 1.0);
            worst = worst.max(d);
        }
        for &(j, v) in &row {
            data.index.push(j);
            data.value.push(v);
        }
        data.start.push(data.index.len());
        data.result.push(result);
    }
    let n = data.len().min(CHECKED);
    eprintln!(
        "check: {off} of {n} positions differ from the evaluator by more than 1 (at most {worst})"
    );
    if off * 100 > n {
        return Err(TuneError::NotReproduced);
    }
    Ok(data)
}

/// How many positions `load` checks against the evaluator.
const CHECKED: usize = 20_000;

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// Mean squared error over the positions `test` selects.
fn loss(data: &Data, w: &[f64], k: f64, test: bool) -> f64 {
    let (mut sum, mut n) = (0.0, 0);
    for i in (0..data.len()).filter(|i| (i % 10 == 0) == test) {
        let e: f64 = data.row(i).map(|(j, v)| w[j] * v).sum();
        let d = f64::from(data.result[i]) - sigmoid(k, e);
        sum += d * d;
        n += 1;
    }
    sum / f64::from(n.max(1))
}

fn fit_k(data: &Data, w: &[f64]) -> f64 {
    let (mut a, mut b) = (0.01, 5.0);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let (c, d) = (b - phi * (b - a), a + phi * (b - a));
        if loss(data, w, c, false) < loss(data, w, d, false) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// The evaluator's current parameters as a weight vector (and which table
/// entries exist).
fn start_weights() -> (Vec<f64>, Vec<Option<f64>>) {
    let pst = current_pst();
    let mut w = vec![0.0; PARAMS];
    for (j, v) in pst.iter().enumerate() {
        w[j] = v.unwrap_or(0.0);
    }
    let mut cur = MaterialPst::default();
    for (k, v) in fields(&mut cur).into_iter().enumerate() {
        w[PST + k] = f64::from(*v) / f64::from(UNIT[k]);
    }
    (w, pst)
}

pub fn run(opt: &FitOptions) -> Result<(), TuneError> {
    if let Some(bad) = opt
        .scalars
        .iter()
        .flatten()
        .find(|n| !SCALARS.contains(&n.as_str()))
    {
        return Err(TuneError::UnknownScalar {
            name: bad.clone(),
            known: &SCALARS,
        });
    }
    let (mut w, pst) = start_weights();
    let data = load(&opt.data, &w)?;
    eprintln!("{} positions", data.len());
    let w0 = w.clone();
    let mut count = vec![0usize; PARAMS];
    for i in 0..data.len() {
        for (j, _) in data.row(i) {
            count[j] += 1;
        }
    }
    let free: Vec<bool> = (0..PARAMS)
        .map(|j| {
            count[j] >= opt.min_count
                && match (&opt.scalars, j < PST) {
                    (None, true) => pst[j].is_some(),
                    (None, false) => !opt.tables_only,
                    (Some(_), true) => false,
                    (Some(names), false) => names.iter().any(|n| n == SCALARS[j - PST]),
                }
        })
        .collect();
    let k = fit_k(&data, &w);
    eprintln!(
        "K = {k:.3}; loss train {:.6} test {:.6}; {} of {PARAMS} parameters free",
        loss(&data, &w, k, false),
        loss(&data, &w, k, true),
        free.iter().filter(|&&f| f).count()
    );
    let (mut m, mut v) = (vec![0.0; PARAMS], vec![0.0; PARAMS]);
    let (b1, b2, lr0) = (0.9, 0.999, 1.0);
    let ln10 = std::f64::consts::LN_10;
    let bar = crate::progress::bar("fit: iterations", opt.iterations as u64);
    for it in 0..opt.iterations {
        let mut g = vec![0.0; PARAMS];
        let mut n = 0.0;
        for i in (0..data.len()).filter(|i| i % 10 != 0) {
            let e: f64 = data.row(i).map(|(j, x)| w[j] * x).sum();
            let s = sigmoid(k, e);
            let d = (s - f64::from(data.result[i])) * s * (1.0 - s) * k * ln10 / 400.0;
            for (j, x) in data.row(i) {
                g[j] += d * x;
            }
            n += 1.0;
        }
        let lr = lr0 * (1.0 - it as f64 / opt.iterations as f64);
        let t = (it + 1) as i32;
        for j in (0..PARAMS).filter(|&j| free[j]) {
            let gj = 2.0 * g[j] / n + 2.0 * opt.lambda * (w[j] - w0[j]);
            m[j] = b1 * m[j] + (1.0 - b1) * gj;
            v[j] = b2 * v[j] + (1.0 - b2) * gj * gj;
            let mh = m[j] / (1.0 - b1.powi(t));
            let vh = v[j] / (1.0 - b2.powi(t));
            w[j] -= lr * mh / (vh.sqrt() + 1e-12);
        }
        if it % 200 == 0 || it + 1 == opt.iterations {
            let line = format!(
                "iteration {it}: loss train {:.6} test {:.6}",
                loss(&data, &w, k, false),
                loss(&data, &w, k, true)
            );
            crate::progress::line(&bar, &line);
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    print_tables(&w, &w0, &count);
    Ok(())
}

fn print_tables(w: &[f64], w0: &[f64], count: &[usize]) {
    let names = [
        "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
    ];
    println!("// Tuned tables: [role][rank * 5 + file], files a..e (f..i mirror them).");
    println!("pub(crate) const TUNED: [[i32; 50]; 7] = [");
    for (r, name) in names.iter().enumerate() {
        println!("    // {name}");
        println!("    [");
        for rank in 0..10 {
            let row: Vec<String> = (0..5)
                .map(|f| format!("{}", w[r * 50 + rank * 5 + f].round() as i32))
                .collect();
            println!("        {},", row.join(", "));
        }
        println!("    ],");
    }
    println!("];");
    for (k, name) in SCALARS.iter().enumerate() {
        let scale = UNIT[k];
        println!(
            "// {name}: {:.2} (was {:.2}; seen {} times)",
            w[PST + k] * f64::from(scale),
            w0[PST + k] * f64::from(scale),
            count[PST + k]
        );
    }
    eprintln!("largest changes:");
    let mut d: Vec<(usize, f64)> = (0..PST).map(|j| (j, w[j] - w0[j])).collect();
    d.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
    for &(j, delta) in d.iter().take(20) {
        let rank = Rank::ALL[(j % 50) / 5];
        eprintln!(
            "  {} rank {} file {}: {:.0} -> {:.0} ({delta:+.0}, seen {})",
            names[j / 50],
            rank.char(),
            (b'a' + (j % 5) as u8) as char,
            w0[j],
            w[j],
            count[j]
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_reproduce_the_evaluator() {
        let (w, _) = start_weights();
        let mut row = Vec::new();
        for fen in [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b",
            "2bak4/4a4/4b4/4C4/2p3R2/9/9/4B4/4A4/3AK4 w",
            "3k5/4P4/9/9/9/9/9/9/9/4K4 b",
        ] {
            let pos: Position = fen.parse().unwrap();
            features(&pos, &mut row);
            let e: f64 = row
                .iter()
                .map(|&(j, v)| w[usize::from(j)] * f64::from(v))
                .sum();
            let want = red_eval(&linear(), &pos);
            assert!((e - f64::from(want)).abs() <= 1.0, "{fen}: {e} vs {want}");
        }
    }
}
