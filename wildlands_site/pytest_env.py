"""A pytest plugin (loaded with `-p` from pyproject's addopts) that gives test runs a
SECRET_KEY when the environment has none.

Settings refuse to start without SECRET_KEY unless DEBUG is on, and pytest-django imports
settings before any conftest.py runs, so this has to happen at plugin-import time. Only
test processes load this module; a real deployment never does.
"""
import os

os.environ.setdefault("SECRET_KEY", "insecure-key-for-the-test-suite-only")

# Test runs keep no database connection between calls: threads the tests start (a live
# server's request threads, database_sync_to_async's) would otherwise hold connections
# open at the end of the session, and PostgreSQL refuses to drop a test database that is
# still in use. The shipped default (persistent connections) is what the benchmarks run.
os.environ.setdefault("DB_CONN_MAX_AGE", "0")
