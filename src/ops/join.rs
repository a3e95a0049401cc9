//! Joining many records into one multi-game file: which formats can hold them. The joining
//! itself is [`super::convert::Joiner`]'s, run by a conversion to one output.

use std::path::{Path, PathBuf};

use super::convert::holds_several;
use crate::record::Format;

/// Why records cannot be joined into the file asked for.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum JoinError {
    /// No format was given and the output's extension names none.
    #[error("cannot tell the output format from {}: its extension is none of csa, sfen, usi or jkf", .0.display())]
    UnknownFormat(PathBuf),
    /// The format holds one game a file.
    #[error("a {} file holds one game: join writes csa, sfen, usi or jkf", .0.name())]
    OneGameFormat(Format),
}

/// The format of the joined file `output`: `asked`, else the one its extension names; it
/// must hold several records (CSA, SFEN, USI or JKF).
pub fn join_format(asked: Option<Format>, output: &Path) -> Result<Format, JoinError> {
    let to = asked.or_else(|| {
        output
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension)
    });
    match to {
        None => Err(JoinError::UnknownFormat(output.to_path_buf())),
        Some(to) if !holds_several(to) => Err(JoinError::OneGameFormat(to)),
        Some(to) => Ok(to),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_formats_of_several_games_join() {
        let out = Path::new("all.csa");
        assert_eq!(join_format(None, out), Ok(Format::Csa));
        assert_eq!(join_format(Some(Format::Jkf), out), Ok(Format::Jkf));
        assert_eq!(
            join_format(Some(Format::Kif), out),
            Err(JoinError::OneGameFormat(Format::Kif))
        );
        assert_eq!(
            join_format(None, Path::new("all.txt")),
            Err(JoinError::UnknownFormat("all.txt".into()))
        );
    }
}
