//! Exit codes as the contract defines them, and how results from many inputs combine.

/// The process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ExitCode {
    /// Everything was read (and, for `validate`, no foul was found).
    Success = 0,
    /// `validate` found at least one foul; nothing failed to read.
    Fouls = 1,
    /// An input could not be read or parsed, or the command line was wrong.
    Error = 2,
}

impl ExitCode {
    /// The status of a run that had both outcomes: an error outranks fouls, fouls outrank
    /// success.
    pub fn merge(self, other: ExitCode) -> ExitCode {
        self.max(other)
    }
}

impl From<ExitCode> for std::process::ExitCode {
    fn from(c: ExitCode) -> std::process::ExitCode {
        std::process::ExitCode::from(c as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::ExitCode::*;

    #[test]
    fn errors_outrank_fouls_outrank_success() {
        assert_eq!(Success.merge(Fouls), Fouls);
        assert_eq!(Fouls.merge(Error), Error);
        assert_eq!(Error.merge(Success), Error);
        assert_eq!(Success.merge(Success), Success);
    }
}
