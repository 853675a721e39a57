//! A raw CBF record checked against the rules and made a [`GameTree`].

use alloc::string::{String, ToString};

use crate::base::{Move, Position, Setup, Validation};
use crate::records::cbf::CbfError;
use crate::records::cbf::syntax::RawCbf;
use crate::records::grow;
use crate::records::screen_grid::{first_mover, square};
use crate::records::tree::GameTree;

/// The tree header of a `<Head>` element.
fn header_name(element: &str) -> &str {
    match element {
        "Name" => "Title",
        "Contest" => "Event",
        "TimeRule" => "TimeControl",
        "Commentator" => "Annotator",
        other => other,
    }
}

/// The PGN result token of `RecordResult`.
fn result_token(value: &str) -> &'static str {
    match value.trim() {
        "1" => "1-0",
        "2" => "0-1",
        "3" => "1/2-1/2",
        _ => "*",
    }
}

/// The tree of `raw`: headers, start, comments and the main line.
pub(crate) fn tree(raw: &RawCbf) -> Result<GameTree, CbfError> {
    let mv = |s: [u32; 4]| Some(Move::new(square(s[0], s[1])?, square(s[2], s[3])?));
    let mut setup = match &raw.fen {
        Some((fen, line)) if !fen.is_empty() => {
            fen.parse::<Setup>().map_err(|e| CbfError::BadFen {
                line: *line,
                reason: e.to_string(),
            })?
        }
        _ => Setup::default(),
    };
    if let Some(m) = raw.moves.first().and_then(|m| mv(m.squares)) {
        if let Some(side) = first_mover(&setup, m.from()) {
            setup.turn = side;
        }
    }
    let fen_line = raw.fen.as_ref().map_or(0, |f| f.1);
    let start = Position::from_setup(setup, Validation::Lenient).map_err(|e| CbfError::BadFen {
        line: fen_line,
        reason: e.to_string(),
    })?;
    let mut pos = start.clone();
    let mut tree = GameTree::new(start);
    let mut result = "*";
    for (name, value) in &raw.head {
        if name == "RecordResult" {
            result = result_token(value);
        } else {
            tree.set_header(header_name(name), value);
        }
    }
    tree.set_header("Result", result);
    let mut node = tree.root();
    if !raw.comment.trim().is_empty() {
        let _ = tree.set_comment(node, raw.comment.clone());
    }
    for m in &raw.moves {
        let s = m.squares;
        let value = || {
            String::from_utf8_lossy(&[
                b'0' + s[0] as u8,
                b'0' + s[1] as u8,
                b'-',
                b'0' + s[2] as u8,
                b'0' + s[3] as u8,
            ])
            .into_owned()
        };
        let Some(mov) = mv(s) else {
            return Err(CbfError::BadMove {
                line: m.line,
                value: value(),
            });
        };
        node = grow::push(&mut tree, node, &mut pos, mov).map_err(|e| CbfError::IllegalMove {
            line: m.line,
            iccs: mov.to_string(),
            reason: e.to_string(),
        })?;
        if !m.comment.trim().is_empty() {
            let _ = tree.set_comment(node, m.comment.clone());
        }
    }
    Ok(tree)
}
