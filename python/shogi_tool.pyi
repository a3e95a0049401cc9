"""Read, validate and convert shogi game records (KIF, KI2, CSA, SFEN/USI, JKF) and play
positions of shogi and its smaller variants: the shogi-tool library, from Python."""

import os
from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union

__version__: str

StrPath = Union[str, "os.PathLike[str]"]
Paths = Union[StrPath, Iterable[StrPath]]

class ReadError(ValueError):
    """A record or an input that could not be read."""

    file: str
    """The input's name (the path as given, `<bytes>` or `<string>`)."""
    line: Optional[int]
    """1-based line of the error; None for a whole input."""
    column: Optional[int]
    """1-based column of the error; None for a whole input."""
    code: str
    """The stable error code of docs/cli.md (`parse-error`, `unreadable`, ...)."""
    message: str
    """The sentence saying what is wrong."""

class DroppedWarning(UserWarning):
    """What `Record.to` left out because the target format or encoding cannot carry it:
    `path: usi cannot carry: comments, variations`, as `shogi-tool convert` warns."""

class Record:
    """One game record (read-only)."""

    @property
    def path(self) -> str:
        """The input's name (the path as given, `<bytes>` or `<string>`)."""
    @property
    def index(self) -> int:
        """The record's index within its input, from 0."""
    @property
    def format(self) -> Optional[str]:
        """The format it was read as (`kif`, `csa`, ...)."""
    @property
    def encoding(self) -> Optional[str]:
        """The encoding it was decoded from (`utf-8`, `shift_jis`, ...)."""
    @property
    def variant(self) -> str:
        """`standard`, or a smaller variant's name (`minishogi`, ...)."""
    @property
    def headers(self) -> Dict[str, str]:
        """The header entries, keys and values as written, in file order."""
    @property
    def black(self) -> Optional[str]:
        """Black's (sente's) name, if given."""
    @property
    def white(self) -> Optional[str]:
        """White's (gote's) name, if given."""
    @property
    def start_sfen(self) -> str:
        """The SFEN of the start position."""
    @property
    def moves(self) -> List[str]:
        """The main line's moves in USI, as carried out (promotions resolved)."""
    @property
    def result(self) -> Tuple[Optional[str], str]:
        """(winner `black`/`white`/None, reason code such as `resignation`)."""
    @property
    def comments(self) -> List[Tuple[int, str]]:
        """The main line's comments as (ply, line), ply 0 before the first move."""
    @property
    def variations(self) -> List[Tuple[int, List[str]]]:
        """Every variation as (ply of its first move, its moves in USI)."""
    def positions(self) -> List[str]:
        """The SFEN of the start and after each main-line ply (len(moves) + 1 items)."""
    def validate(self) -> Dict[str, Any]:
        """The dict of this record's line of `shogi-tool validate --format json`."""
    def to(self, format: str, encoding: Optional[str] = None) -> Union[str, bytes]:
        """The record written as `format` by what `shogi-tool convert` runs: a str, or bytes
        in `encoding` when given; one DroppedWarning says what the target could not carry."""
    def convert(
        self, format: str, encoding: Optional[str] = None
    ) -> Tuple[Union[str, bytes], List[str]]:
        """`to(format, encoding)` without the warning: (data, what was left out)."""

class RecordIter(Iterator[Record]):
    """The records of a collection, in input order."""

    def __iter__(self) -> "RecordIter": ...
    def __next__(self) -> Record: ...

class Position:
    """A position of shogi or of a smaller variant."""

    def __init__(self, variant: str = "standard") -> None:
        """The start position of `variant`."""
    @staticmethod
    def from_sfen(sfen: str, variant: Optional[str] = None) -> "Position":
        """The position an SFEN describes (ValueError for a bad one)."""
    @property
    def variant(self) -> str:
        """`standard` or a variant's name."""
    @property
    def moves(self) -> List[str]:
        """The moves pushed so far, in USI."""
    def sfen(self) -> str:
        """The SFEN of the position."""
    def legal_moves(self) -> List[str]:
        """Every legal move of the side to move, in USI."""
    def legal_moves_along(self, moves: List[str]) -> List[List[str]]:
        """The legal moves here and after each of `moves` (len(moves) + 1 lists)."""
    def push(self, usi: str) -> None:
        """Plays a legal move (ValueError naming the foul otherwise)."""
    def pop(self) -> str:
        """Takes back the last move pushed and returns it (IndexError when none)."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def perft(self, depth: int) -> int:
        """The number of move sequences of `depth` plies from here."""
    def diagnose(self, usi: str) -> Optional[Tuple[str, str]]:
        """The foul `usi` would be, as (code, reason), or None when it is legal."""
    def copy(self) -> "Position":
        """An independent copy."""

def read(
    source: Union[StrPath, bytes],
    *,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    variant: Optional[str] = None,
    errors: str = "raise",
) -> List[Record]:
    """The records of one source: a path, the bytes of a file, or a str of record text
    (a str holding a line break is text, any other str a path)."""

def iter_records(
    paths: Paths,
    jobs: Optional[int] = None,
    *,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    variant: Optional[str] = None,
    errors: str = "raise",
) -> RecordIter:
    """Streams the records of files and folders, read in parallel, in input order."""

def validate(
    paths: Paths,
    jobs: Optional[int] = None,
    *,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    variant: Optional[str] = None,
) -> List[Dict[str, Any]]:
    """The dicts of `shogi-tool validate --format json` over files and folders."""

def stats(
    paths: Paths,
    jobs: Optional[int] = None,
    *,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    variant: Optional[str] = None,
) -> Dict[str, Any]:
    """The dict of `shogi-tool stats --format json` over files and folders."""
