# Type stubs of kifu.dask (docs/python.md).
import os
from typing import Any, NamedTuple

PathLike = str | os.PathLike[str]
Paths = PathLike | list[PathLike]

DEFAULT_BLOCKSIZE: int
FRAME_COLUMNS: list[str]

class Part(NamedTuple):
    path: str
    start: int | None = None
    end: int | None = None

def parts(paths: Paths, blocksize: int = ...) -> list[Part]: ...
def read_games(paths: Paths, blocksize: int = ..., format: str | None = None) -> Any: ...  # dask.bag.Bag
def read_frame(paths: Paths, blocksize: int = ..., format: str | None = None) -> Any: ...  # dask.dataframe
def game_count(paths: Paths, blocksize: int = ..., format: str | None = None) -> dict[str, int]: ...
def build_index(paths: Paths, out: PathLike, *, parts_dir: PathLike | None = None, blocksize: int = ...,
                keep_parts: bool = False) -> dict[str, Any]: ...

def analyse(paths: Any, command: str | list[str], limit: Any, *, protocol: str | None = ..., options: dict[str, Any] | None = ...,
            all_lines: bool = ..., blocksize: int = ..., format: str | None = ...) -> Any: ...
