"""The stored relay's table (benchmarks/bare_asgi.py), named apart so that the benchmark
that makes it need not import the ASGI application."""
FLOOR_TABLE = "bench_floor_frame"
