"""Settings for the Wildlands site, read only from environment variables.

With nothing set this is the embedded mode: SQLite next to manage.py, an in-memory
channel layer and Celery tasks run eagerly in process. Setting DATABASE_URL and REDIS_URL
switches to PostgreSQL, a Redis channel layer and a Redis broker: the production shape.

Every variable is checked when this module loads (see wildlands_site/env.py); a malformed
value stops the process with a message naming the variable.
"""
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from wildlands_site.env import (
    LOG_LEVELS,
    env_bool,
    env_choice,
    env_database,
    env_email,
    env_int,
    env_list,
    env_networks,
    env_redis_url,
    env_str,
)

BASE_DIR = Path(__file__).resolve().parent.parent

# --- Core -------------------------------------------------------------------------------

DEBUG = env_bool("DEBUG", default=False)

SECRET_KEY = env_str("SECRET_KEY")
if SECRET_KEY is None:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set it to a long random string, or set DEBUG=1 for "
            "local development (which uses an insecure built-in key)."
        )
    SECRET_KEY = "django-insecure-wildlands-local-development-only"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    # daphne first: its runserver replaces Django's with an ASGI one.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "games",
    "wildlands",
    "ancients_ai",
    "accounts",
    "defenders",
]

MIDDLEWARE = [
    # Before anything reads the scheme: X-Forwarded-Proto from the proxy alone.
    "wildlands_site.forwarded.ProxyOnlyForwardedProto",
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy, and no-store on pages with a seat's hand.
    "wildlands_site.security_headers.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "wildlands_site.urls"
WSGI_APPLICATION = "wildlands_site.wsgi.application"
ASGI_APPLICATION = "wildlands_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database ---------------------------------------------------------------------------

DATABASES = {"default": env_database("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
# Persistent connections: a new connection per call cost more than the work of a command
# (docs/performance.md). No health checks: they add a round trip to every call, and a
# connection the database has dropped fails one call, is then closed by Django and
# replaced at the next one (tests/faults/test_faults_database.py kills one mid-command).
DATABASES["default"]["CONN_MAX_AGE"] = env_int("DB_CONN_MAX_AGE", default=600, minimum=0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite has no row locks (select_for_update is a no-op): an IMMEDIATE transaction
    # takes the write lock at BEGIN, so two writers queue instead of failing halfway.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
# A PostgreSQL server that goes away without a word (its host down, a network gone
# half-open) must fail the connections waiting on it, not hold the web's database thread,
# the event loop's connections and the worker until TCP gives up hours later. Opening gives
# up after 10 s (psycopg's own default is 130); a connection silent for 30 s, idle or
# awaiting an answer, is probed, and dropped after three probes unanswered 10 s apart; data
# the server's host leaves unacknowledged for 30 s drops it too. A live server's host
# answers probes however long a statement runs. A URL's own (?connect_timeout=5) wins.
POSTGRES_LIVENESS_OPTIONS = {"connect_timeout": 10, "keepalives": 1, "keepalives_idle": 30,
                             "keepalives_interval": 10, "keepalives_count": 3,
                             "tcp_user_timeout": 30_000}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["OPTIONS"] = {**POSTGRES_LIVENESS_OPTIONS,
                                       **DATABASES["default"].get("OPTIONS", {})}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Realtime and background work -------------------------------------------------------

REDIS_URL = env_redis_url("REDIS_URL")

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # Redis pub/sub: one PUBLISH per group message and one subscriber connection
            # per process, a sixth of the CPU of the list-based layer's scripts and blocking
            # reads (docs/performance.md). Delivery is at most once, as to a browser anyway:
            # a socket joins its groups before it reads its first update from the database,
            # every update carries its seqs, and a socket that sees a gap reads what it
            # missed; after a Redis outage games.layer_watch tells every socket to read what
            # it missed. Group membership lives in each process; the layer orders a group's
            # subscribe and unsubscribe on its connection (tests/faults/test_faults_redis.py
            # races a seat leaving and joining its group). Its receiver reads with a longer
            # wait, so an idle process does not wake ten times a second (games.pipeline.
            # channel_layer).
            "BACKEND": "games.pipeline.channel_layer.PatientRedisPubSubChannelLayer",
            # RESP2: redis-py's RESP3 parser formats every pushed message into a debug log
            # line whether or not debug logging is on (3 % of a web process's time).
            "CONFIG": {"hosts": [{"address": REDIS_URL, "protocol": 2}]},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
    # A task whose worker died unacknowledged is redelivered after this many seconds.
    # Our tasks take milliseconds to seconds and a second delivery is a no-op (idempotent),
    # so a lost Ancients' turn should come back within a minute, not kombu's default hour.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 60}
    # kombu's Redis transport with one client object a channel instead of one a message
    # (games.pipeline.broker_transport).
    CELERY_BROKER_TRANSPORT = "games.pipeline.broker_transport:Transport"
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # No broker: tasks run in the calling process. "memory://" keeps anything that does
    # open a broker connection inside this process instead of looking for AMQP.
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True

# The cache: shared by every process through Redis when REDIS_URL is set (the sign-in
# throttle's counts, accounts.throttle), else this process's memory. Keys carry a prefix
# of their own: the broker and the channel layer use the same Redis database, so nothing
# may ever clear the whole cache there.
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                          "LOCATION": REDIS_URL, "KEY_PREFIX": "wildlands-cache"}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# The pause before a bot seat's move (games.bot_seats), so a person can follow the bots'
# moves one by one. With no broker (eager Celery) the moves are played at once.
BOT_STEP_SECONDS = 1.0

# Balance runs (hundreds of chunks of bot games) go to a queue of their own, so that a
# designer's 1,000-game run never makes a table wait for its Ancients' turn: production runs
# separate workers for each queue (docker-compose.yml: worker and balance-worker).
CELERY_BALANCE_QUEUE = env_str("CELERY_BALANCE_QUEUE", default="balance")

# A table waiting on the Ancients for longer than games.services.STALLED_AFTER_SECONDS gets
# their turn sent again (a broker outage may have lost it): `celery beat` runs the sweep.
CELERY_BEAT_SCHEDULE = {
    "requeue-stalled-ancients": {"task": "games.requeue_stalled_ancients", "schedule": 30.0},
    # Table-companion games started without an account and untouched this many days are
    # deleted (ancients_ai.companion.companion_sweep_untouched): their secret link is the only
    # way back to them.
    "sweep-untouched-tables": {"task": "games.sweep_untouched_tables", "schedule": 3600.0},
    # Open games nobody touched for GAME_UNTOUCHED_DAYS are closed, replays kept
    # (games.open_games; the embedded mode, without beat, sweeps as games are created).
    "close-untouched-games": {"task": "games.close_untouched_games", "schedule": 3600.0},
}
COMPANION_UNTOUCHED_DAYS = env_int("COMPANION_UNTOUCHED_DAYS", default=30, minimum=1)
GAME_UNTOUCHED_DAYS = env_int("GAME_UNTOUCHED_DAYS", default=30, minimum=1)
# Games a user created that may wait or be played at once (games.open_games.make_room).
OPEN_GAMES_PER_USER = env_int("OPEN_GAMES_PER_USER", default=20, minimum=1)

CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# The worker's database connection follows Django's CONN_MAX_AGE, as the web's does
# (wildlands_site/celery.py): Celery's fixup never closes it on its own.
CELERY_DB_REUSE_MAX = 2**31
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"

# --- Email ------------------------------------------------------------------------------

# EMAIL_URL sets EMAIL_BACKEND, EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, ... at once;
# parts the URL leaves out keep Django's defaults.
globals().update(
    {key: value for key, value in env_email("EMAIL_URL", default="consolemail://").items()
     if value not in (None, "")}
)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", default="Wildlands <noreply@localhost>")

# --- Auth -------------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Sign-ins go through the throttle (accounts.throttle), whose backend also reads a session's
# user by a statement written once; plain ModelBackend stays listed so that sessions signed
# in through it (sign-up did before 2026-11-28) stay valid.
AUTHENTICATION_BACKENDS = [
    "accounts.throttle.ThrottledModelBackend",
    "django.contrib.auth.backends.ModelBackend",
]

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# Django's database sessions, read by a statement written once (accounts.session_store).
SESSION_ENGINE = "accounts.session_store"
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", default=False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
# The TLS proxy's addresses (as the web process sees them): uvicorn takes the client's
# address and scheme from their X-Forwarded-* alone (--forwarded-allow-ips), and so does
# Django: wildlands_site.forwarded drops an X-Forwarded-Proto sent by anyone else, which
# would otherwise let a client skip the HTTPS redirect.
TLS_PROXY_ADDRESSES = env_networks("FORWARDED_ALLOW_IPS", default=["127.0.0.1"])
if env_bool("BEHIND_TLS_PROXY", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# HTTPS only (README, Production): plain HTTP is redirected, except the container health
# check's /healthz; browsers are told to use HTTPS alone for SECURE_HSTS_SECONDS.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=False)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", default=0, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=False)

# --- Internationalisation ---------------------------------------------------------------

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static files (served by WhiteNoise) ------------------------------------------------

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Compressed but not hashed: no manifest is needed, so tests and DEBUG runs work
    # without collectstatic.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# --- Logging ----------------------------------------------------------------------------

LOG_LEVEL = env_choice("LOG_LEVEL", default="INFO", choices=LOG_LEVELS)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": ["console"], "level": LOG_LEVEL, "propagate": False},
    },
}
