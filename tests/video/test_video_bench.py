"""`gin-king bench video` and `gin-king bench idle` run and report (numbers not judged
here: the benches themselves compare them with the budgets of docs/architecture.md)."""
from gin_king.bench import idle, video


def test_bench_video_reports_each_screen_and_the_budget(capsys):
    video.main(["--frames", "2"])
    out = capsys.readouterr().out
    assert out.count("ms/frame CPU") == 3
    assert "budget 2.0 ms" in out


def test_bench_idle_reports_share_of_a_core(capsys):
    idle.main(["--seconds", "0.2"])
    out = capsys.readouterr().out
    assert "% of a core" in out and "budget 5 %" in out
