"""The stored relay's table (benchmarks/bare_asgi.py), kept apart so that the benchmarks that
make it need not import the ASGI application."""
FLOOR_TABLE = "bench_floor_frame"


def floor_table(database_url: str) -> None:
    """The stored relay's table in the benchmark's database, made if missing and emptied."""
    import psycopg

    with psycopg.connect(database_url.replace("postgres://", "postgresql://", 1),
                         autocommit=True) as conn:
        conn.execute(f"CREATE TABLE IF NOT EXISTS {FLOOR_TABLE} "
                     "(id bigserial PRIMARY KEY, room text, body text)")
        conn.execute(f"TRUNCATE {FLOOR_TABLE}")
