"""kifu.dask on a LocalCluster bound to 127.0.0.1 (two worker processes): counts through
Dask equal kifu pgn stats, byte-range partitions read every game once, and the index built
on the workers and merged answers as the one built in one process."""

import subprocess

import pytest

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")

import kifu
import kifu.dask


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(host="127.0.0.1", n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, worker_dashboard_address=None)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_counts_equal_kifu_pgn_stats(client, corpus_head, kifu_cli):
    parts = kifu.dask.parts(corpus_head, blocksize=1 << 20)
    assert len(parts) >= 3 and all(p.start is not None for p in parts)
    counts = kifu.dask.game_count(corpus_head, blocksize=1 << 20)
    stats = subprocess.run([kifu_cli, "pgn", "stats", str(corpus_head)], capture_output=True, text=True,
                           check=True).stdout
    assert f"games: {counts['games']}\n" in stats and f"plies: {counts['plies']} " in stats
    assert kifu.dask.read_games(corpus_head, blocksize=1 << 20).count().compute() == counts["games"]
    frame = kifu.dask.read_frame(corpus_head, blocksize=1 << 20)
    by_result = frame.groupby("result").size().compute().to_dict()
    for result in ("1-0", "0-1", "1/2-1/2"):
        assert f"{result} {by_result.get(result, 0)}," in stats
    assert int(frame["plies"].sum().compute()) == counts["plies"]


def test_index_on_the_cluster_equals_one_process(client, corpus_head, tmp_path):
    # The corpus head cut into four files: parts indexed on the workers, then merged.
    text = corpus_head.read_text()
    cuts = [0] + [kifu.pgn_game_start(str(corpus_head), len(text) * k // 4) for k in (1, 2, 3)] + [len(text)]
    files = []
    for k in range(4):
        f = tmp_path / f"part{k}.pgn"
        f.write_text(text[cuts[k]:cuts[k + 1]])
        files.append(f)
    report = kifu.dask.build_index(files, tmp_path / "cluster.db", blocksize=1)
    assert len(report["parts"]) == 4
    with kifu.Index(tmp_path / "single.db") as single:
        single.add(files)
        with kifu.Index(tmp_path / "cluster.db", create=False) as cluster:
            assert cluster.stats()["games"] == single.stats()["games"]
            start = kifu.ChessPosition()
            assert cluster.explore(start, games=5) == single.explore(start, games=5)
            for moves in (["e4"], ["d4", "Nf6"], ["e4", "e5", "Nf3", "Nc6", "Bb5"]):
                p = start
                for m in moves:
                    p = p.play(m)
                assert cluster.search(p, limit=50) == single.search(p, limit=50)
