"""kifu's errors: one exception type with the place and the code of what went wrong."""


class KifuError(ValueError):
    """An error of kifu: a notation that does not read, a move that is not legal, a file
    that cannot be read.

    str(error) is "SOURCE:LINE:COL: error: MESSAGE", as the kifu command prints it.
    Attributes: message, line and column (1-based; 0 when the error has no place in a
    text), offset (bytes), code ("unexpected_character", "illegal_move", "io_error", ...),
    source (the file name, or "<text>") and severity ("error" or "warning").
    """

    message: str = ""
    line: int = 0
    column: int = 0
    offset: int = 0
    code: str = ""
    source: str = "<text>"
    severity: str = "error"


class IllegalMoveError(KifuError):
    """A well-formed move that the position does not allow (code "illegal_move")."""


class AmbiguousMoveError(KifuError):
    """A move that more than one legal move fits (code "ambiguous_move")."""


class DroppedWarning(UserWarning):
    """What a format cannot hold and kifu.write dropped (FEN has no move history, ...)."""
