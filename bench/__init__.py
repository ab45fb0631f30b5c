"""Development tooling: the benchmarks and the performance budget (``python3 main.py
bench``; BENCHMARKS.md).  It sits beside main.py in a checkout of the source and is not
part of the installed program (setup.cfg packages tabletop, saves and sprites only):
``suite`` runs every figure, ``play`` the idle window and the rules engine."""
