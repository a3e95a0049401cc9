//! The contract's stable codes for what reading and replaying a record finds, besides the
//! fouls ([`crate::shogi::FoulCode`]): warning codes, error codes and outcome reasons.
//!
//! Each is an enum whose `as_str` (and serde form, and `Display`) is the kebab-case name
//! `docs/cli.md` lists, so scripts matching JSON codes see the same strings. A test
//! (`cli/docs.rs`) walks every `ALL` against the code tables of `docs/cli.md`: a code missing
//! from the page, or a page naming a code that is not here, fails it by name.
//!
//! To add a code: one line `Variant = "kebab-name",` (with its doc comment) in the enum of
//! its severity, and one row in the matching table of `docs/cli.md`. A code a record can carry
//! both as a warning and as an error (`invalid-bytes`: an error with `--strict`) is in both.

use crate::shogi::codes::stable_codes;

stable_codes! {
    /// The codes of warnings (`docs/cli.md`, "Warnings"): oddities read past or found by the
    /// replay that do not decide the game.
    pub enum WarningCode {
        /// The record's stated ending disagrees with the replay.
        ResultMismatch = "result-mismatch",
        /// A move names another piece than the one on its source square.
        PieceMismatch = "piece-mismatch",
        /// A side overstepped the stated time control.
        TimeOver = "time-over",
        /// Fourfold repetition reached.
        Repetition = "repetition",
        /// A stated foul (反則勝ち, `%ILLEGAL_MOVE`) that no recorded move shows.
        UnrecordedFoul = "unrecorded-foul",
        /// A move cannot be carried out, so the rest of its line is not checked.
        ReplayStopped = "replay-stopped",
        /// An unusual start position.
        StartPosition = "start-position",
        /// Bytes that do not decode (replaced).
        InvalidBytes = "invalid-bytes",
        /// Another encoding question (a wrong declaration, NUL characters dropped).
        Encoding = "encoding",
        /// A line the reader does not understand was skipped.
        UnknownLine = "unknown-line",
        /// The content is another format than the extension says.
        FormatMismatch = "format-mismatch",
        /// A KI2 move gives a word that is not needed.
        SuperfluousWord = "superfluous-word",
        /// A move gives no source square; the only legal move that fits was taken.
        MissingSource = "missing-source",
        /// A move's number is not its ply.
        PlyMismatch = "ply-mismatch",
        /// The stated summary disagrees with the moves.
        SummaryMismatch = "summary-mismatch",
        /// The stated handicap disagrees with the board diagram.
        HandicapMismatch = "handicap-mismatch",
        /// Moves after the record's own ending were ignored.
        MoveAfterEnding = "move-after-ending",
        /// An ending word the reader does not know.
        UnknownEnding = "unknown-ending",
        /// A CSA special move the reader does not know.
        UnknownSpecial = "unknown-special",
        /// A time that cannot be read.
        InvalidTime = "invalid-time",
        /// Text after a move was ignored.
        TrailingText = "trailing-text",
        /// CSA position lines of both kinds mixed.
        MixedPosition = "mixed-position",
        /// No CSA position lines.
        MissingPosition = "missing-position",
        /// No CSA side-to-move line.
        MissingSideToMove = "missing-side-to-move",
        /// A CSA board missing rows.
        IncompleteBoard = "incomplete-board",
        /// CSA position lines after the moves began.
        MisplacedPosition = "misplaced-position",
        /// A KIF/KI2 board diagram (or start-position line) after the moves began, ignored.
        MisplacedBoard = "misplaced-board",
        /// A KIF/KI2 handicap line after the moves began, ignored.
        MisplacedHandicap = "misplaced-handicap",
        /// A JKF document without `moves`.
        MissingMoves = "missing-moves",
        /// An empty JKF element.
        EmptyElement = "empty-element",
        /// A JKF move in the wrong place.
        MisplacedMove = "misplaced-move",
        /// A JKF time in the wrong place.
        MisplacedTime = "misplaced-time",
        /// A JKF variation in the wrong place.
        MisplacedVariation = "misplaced-variation",
        /// A JKF header value that is not a string.
        HeaderValue = "header-value",
        /// A JKF comment that is not a string.
        InvalidComment = "invalid-comment",
        /// JKF content that contradicts itself, read past (a `move` beside a `special`).
        InvalidJkf = "invalid-jkf",
    }
}

stable_codes! {
    /// The codes of errors (`docs/cli.md`, "Errors"): what stopped reading or replaying a
    /// record (exit status 2).
    pub enum ErrorCode {
        /// The text cannot be read as the format.
        ParseError = "parse-error",
        /// Valid JSON that is not a JKF document.
        InvalidJkf = "invalid-jkf",
        /// A handicap name the reader does not know, and no board diagram.
        UnknownHandicap = "unknown-handicap",
        /// A KI2 move that two or more pieces could make, with nothing to choose between them.
        AmbiguousMove = "ambiguous-move",
        /// A KI2 move that no piece can make in the position.
        UnresolvableMove = "unresolvable-move",
        /// The start position cannot be played (no king, too many pieces, ...).
        InvalidPosition = "invalid-position",
        /// Hardly any line of the file is part of a record of the format.
        NotARecord = "not-a-record",
        /// No move could be read and the lines not understood hold replacement characters.
        UnreadableText = "unreadable-text",
        /// The file holds no record.
        Empty = "empty",
        /// (With `--strict`) bytes that do not decode.
        InvalidBytes = "invalid-bytes",
        /// A `--max-*` limit was exceeded.
        Limit = "limit",
        /// The file could not be read at all.
        Unreadable = "unreadable",
    }
}

stable_codes! {
    /// The contract's `outcome.reason` (`docs/cli.md`, `validate --format json`): how the
    /// replay judges a game ended.
    pub enum OutcomeReason {
        /// The side to move is checkmated.
        Checkmate = "checkmate",
        /// A side resigned.
        Resignation = "resignation",
        /// Fourfold repetition.
        Repetition = "repetition",
        /// Fourfold repetition with perpetual check: the checking side loses.
        PerpetualCheck = "perpetual-check",
        /// An entering-king declaration.
        ImpasseDeclaration = "impasse-declaration",
        /// An impasse scored by points.
        ImpassePoints = "impasse-points",
        /// A side ran out of time.
        Timeout = "timeout",
        /// A foul decided the game.
        Foul = "foul",
        /// The game was interrupted.
        Abort = "abort",
        /// The move limit was reached: a draw.
        MaxMoves = "max-moves",
        /// The side to move has no legal move and is not in check.
        NoLegalMoves = "no-legal-moves",
        /// Shogi 3x4: a lion legally reached the far rank.
        Campmate = "campmate",
        /// Unfinished, or an ending that names no outcome.
        Unknown = "unknown",
    }
}
