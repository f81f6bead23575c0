"""Settings, read from the environment.

Development (the default): DEBUG on, SQLite in ``db.sqlite3``.
Production: set ``DJANGO_DEBUG=0``, ``DJANGO_SECRET_KEY``, ``DJANGO_ALLOWED_HOSTS``
and ``DATABASE_URL`` (e.g. ``postgres://user:pass@host:5432/schnapsen``), and
``REDIS_URL`` (e.g. ``redis://127.0.0.1:6379/0``) for the shared cache and the channel
layer of several app servers.

Embedded default (no ``REDIS_URL``): a file cache that every process of the machine
shares, the in-memory channel layer of the one app server (the task worker's pushes
reach it through the server's relay, ``DJANGO_PUSH_RELAY``), and the task queue in the
database (``manage.py db_worker``), so nothing but Python is needed.
"""

import datetime
import os
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", True)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG=0.")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production-0123456789abcdef"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
#: The address the players' phones reach (``http://192.168.1.20:8000`` at the venue,
#: ``https://turniere.example.at`` on a server): every absolute link and QR code uses it,
#: whatever address a request came by (``core.public_url``). Empty: the request's own.
PUBLIC_BASE_URL = os.environ.get("DJANGO_PUBLIC_URL", "").strip().rstrip("/")
if PUBLIC_BASE_URL:
    _public = urlsplit(PUBLIC_BASE_URL)
    if _public.scheme not in {"http", "https"} or not _public.hostname or _public.path:
        raise ImproperlyConfigured(
            "DJANGO_PUBLIC_URL must be like http://192.168.1.20:8000 (no path)."
        )
    if _public.hostname not in ALLOWED_HOSTS and "*" not in ALLOWED_HOSTS:
        ALLOWED_HOSTS.append(_public.hostname)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "clubs.apps.SiteAdminConfig",  # django.contrib.admin, for site administrators only
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "clubs.apps.ClubsConfig",
    "django_tasks_db",
    "tournaments",
    "games",
    "series",
    "ratings",
    "registration",  # registration before the day, the desk's check-in
    "api",
    "venue",
    "corsheaders",
    "axes",  # failed logins limited per account and per address (``clubs.login_limit``)
    "ninja",  # the API documentation's Swagger UI served from our static files, not a CDN
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # CORS for the open API only (``CORS_URLS_REGEX``): club websites read it from their pages
    "corsheaders.middleware.CorsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # absolute links and QR codes point to DJANGO_PUBLIC_URL when it is set
    "core.public_url.PublicURLMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # an anonymous visitor of a staff URL goes to the login page, whatever the method
    "clubs.middleware.StaffLoginMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # the Content-Security-Policy of every answer (SECURE_CSP below)
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # a login refused by the limit of failed logins: the login page with the message (last)
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "schnapsen_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "clubs.context_processors.staff",
            ],
        },
    },
]

WSGI_APPLICATION = "schnapsen_site.wsgi.application"
ASGI_APPLICATION = "schnapsen_site.asgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several requests write at a busy venue: wait for the lock instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
    # Take the write lock when a transaction begins: a transaction that read first and
    # then writes would otherwise fail at once with "database is locked" under load.
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
    # WAL: pages keep reading while a result is written. synchronous=FULL: every commit
    # waits until its write-ahead log is on the disk (as PostgreSQL's synchronous_commit
    # does), so a laptop that crashes or runs out of battery keeps every result it
    # confirmed; NORMAL would keep the database whole but could lose the last commits
    # (SQLite: "WAL mode ... synchronous=NORMAL ... might roll back following a power
    # loss"). DJANGO_SQLITE_SYNCHRONOUS=NORMAL trades that for speed (bench machines).
    _synchronous = os.environ.get("DJANGO_SQLITE_SYNCHRONOUS", "FULL").upper()
    if _synchronous not in {"FULL", "NORMAL", "EXTRA"}:
        raise ImproperlyConfigured("DJANGO_SQLITE_SYNCHRONOUS must be FULL, EXTRA or NORMAL.")
    DATABASES["default"]["OPTIONS"]["init_command"] = (
        f"PRAGMA journal_mode=WAL; PRAGMA synchronous={_synchronous};"
    )
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # Tests use a file, not an in-memory database: the live server for browser tests then
    # serves each request on its own connection instead of sharing the test's one across
    # threads (which SQLite answers with "bad parameter or other API misuse").
    # One file per test process, so that parallel runs never share it.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"schnapsen-test-{os.getpid()}.sqlite3")
    }

if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool(
    "DJANGO_DB_POOL", True
):
    # Under ASGI every request runs its view in a thread of its own: a connection per
    # thread would pile up (CONN_MAX_AGE). A pool per process hands connections out and
    # takes them back at the end of each request.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": int(os.environ.get("DJANGO_DB_POOL_SIZE", "8")),
        "timeout": 20,
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --------------------------------------------------------------------------- cache, push, tasks

REDIS_URL = os.environ.get("REDIS_URL", "")
#: messages waiting in Redis for the pages of one server process (see CHANNEL_LAYERS)
CHANNEL_CAPACITY = int(os.environ.get("DJANGO_CHANNEL_CAPACITY", "5000"))
CACHE_PREFIX = os.environ.get("DJANGO_CACHE_PREFIX", "schnapsen")
if REDIS_URL:
    # One cache for every app server: the public pages are rendered once per change.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": CACHE_PREFIX,
        }
    }
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                # a socket timeout above the layer's 5 s blocking read (redis-py's default
                # of 5 s equals it: a loaded server then drops sockets)
                "hosts": [{"address": REDIS_URL, "socket_timeout": 15}],
                "prefix": f"{CACHE_PREFIX}:asgi",
                # Every page a server process holds open shares ONE queue in Redis (the
                # process's channels are "specific.…!" names), and the layer drops, with
                # no more than an info line, what a push finds over capacity: the default
                # of 100 lost 6% of the moves with 512 pages open (bench/play.py --games
                # 256). Messages still expire after 60 s.
                "capacity": CHANNEL_CAPACITY,
            },
        }
    }
else:
    # Files: shared by every process of this machine (app server, task worker, commands)
    # without a server, and no SQL query (unlike the database cache).
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": os.environ.get("DJANGO_CACHE_DIR", str(BASE_DIR / "var" / "cache")),
            "KEY_PREFIX": CACHE_PREFIX,
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }
    # Pushes reach the pages served by this one process. Another process told the
    # server's address (PUSH_RELAY below: ./dev.sh start tells its task worker) hands its
    # pushes to the server, which relays them to this layer (core.push_relay); pages of a
    # change made elsewhere (a command) see it at their next poll.
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

#: True when the channel layer itself is shared by every process (Redis): a change stored
#: by any process (the task worker too) is pushed to the pages with no relay, and the
#: pages need no quick poll while the computer thinks.
PUSH_ACROSS_PROCESSES = bool(REDIS_URL)
#: The embedded default: the app server's address (``http://127.0.0.1:8000``) to which a
#: process other than the server (the task worker) hands its pushes, signed with the
#: SECRET_KEY; the server relays them to its in-memory layer. Empty: pushes stay in the
#: process (the server itself). Unused with Redis.
PUSH_RELAY = "" if REDIS_URL else os.environ.get("DJANGO_PUSH_RELAY", "")
#: The app server takes relayed pushes (``core.push_relay.receive``): the embedded default.
PUSH_RELAY_ACCEPT = not REDIS_URL

# The computer's moves and the replay analysis: a queue in the database, worked off by
# ``python manage.py db_worker`` (``./dev.sh start`` starts one). The database is the queue
# in production too: a task is enqueued in the same transaction as the move it answers.
TASKS = {
    "default": {
        "BACKEND": os.environ.get("DJANGO_TASKS_BACKEND", "django_tasks_db.DatabaseBackend"),
    }
}

#: Documents of tournaments with more entries than this are made by the task worker
#: (the staff's page waits for them) instead of inside the request.
PRINT_IN_BACKGROUND_ENTRIES = int(os.environ.get("DJANGO_PRINT_IN_BACKGROUND_ENTRIES", "256"))

#: Friendly matches that one address may start per hour without a login.
FRIENDLY_MATCHES_PER_HOUR = int(os.environ.get("DJANGO_FRIENDLY_MATCHES_PER_HOUR", "20"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "de-at"
LANGUAGES = [("de-at", _("Deutsch")), ("en", _("English"))]
FORMAT_MODULE_PATH = ["schnapsen_site.formats"]  # dates on the pages as on the printouts
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Vienna"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("DJANGO_MEDIA_ROOT", BASE_DIR / "media"))
#: Where ``manage.py backup`` writes its copies unless told ``--to`` (``venue``).
BACKUP_DIR = Path(os.environ.get("DJANGO_BACKUP_DIR", BASE_DIR / "backups"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

LOGIN_URL = "login"
# Failed logins (``clubs.login_limit``, django-axes): after DJANGO_LOGIN_FAILURES failed
# logins within DJANGO_LOGIN_LOCKOUT_MINUTES for one account, or from one address, that
# account or address may not log in (the right password neither) until that time has
# passed since the last counted failure. Kept in the database, shared by every app server.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked login untried
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("DJANGO_LOGIN_FAILURES", "10"))
AXES_COOLOFF_TIME = datetime.timedelta(
    minutes=int(os.environ.get("DJANGO_LOGIN_LOCKOUT_MINUTES", "15"))
)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # each on its own: account, address
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # a refused try does not lengthen it
AXES_LOCKOUT_CALLABLE = "clubs.login_limit.locked_out"
AXES_USERNAME_CALLABLE = "clubs.login_limit.username_of"  # cut to 150 characters
AXES_DISABLE_ACCESS_LOG = True  # failures are kept; successful logins are not recorded
AXES_VERBOSE = False
LOGIN_REDIRECT_URL = "/staff/"
LOGOUT_REDIRECT_URL = "/"

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# The open API (``api``): any website may read it from a browser; writes need a staff API
# token in the Authorization header (no cookies, so no credentials are allowed across sites).
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_CREDENTIALS = False
CORS_EXPOSE_HEADERS = ["ETag", "Last-Modified"]
NINJA_PAGINATION_PER_PAGE = 100

# The Content-Security-Policy (Django's own, ``django.middleware.csp``), in development
# too: scripts, style sheets, images, fonts and connections (the live pages' WebSockets)
# from this site only; no inline script and no <style> element (the pages have none),
# style attributes allowed; no plugins; forms post only here; no other site may frame a
# page (frame-ancestors 'none', as X-Frame-Options DENY), except the standings widget
# (``/embed/t/<id>/standings/``), which club websites embed: its view lets the sites of
# ``DJANGO_WIDGET_FRAME_ANCESTORS`` frame it (default: any).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "style-src-attr": [CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
#: Data protection (GDPR): contact data of players with no tournament and no change to it
#: for this many years is deleted by ``manage.py player retention --apply`` (run it, e.g.
#: yearly, from cron; without --apply it lists what would go).
CONTACT_RETENTION_YEARS = int(os.environ.get("SCHNAPSEN_CONTACT_RETENTION_YEARS", "3"))

#: Who may frame the standings widget: "*" (any website), or the club websites' origins,
#: comma-separated (``https://verein.example.at,https://cup.example.at``).
WIDGET_FRAME_ANCESTORS = env_list("DJANGO_WIDGET_FRAME_ANCESTORS", "*")

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    # the embedded default's relayed pushes come over the loopback's plain HTTP, signed
    SECURE_REDIRECT_EXEMPT = [r"^internal/push-relay$"]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True


def _refusal_in_one_line(record) -> bool:
    """A refused request (an answer of 4xx: 403 for a role without the right, 400 for a
    foreign Host header) is one line in the log, not a traceback: Django logs it with
    its exception (``django.request``, ``django.security.*``), which is no error of the
    application. Server errors (5xx) keep their traceback."""
    status = getattr(record, "status_code", None)
    if isinstance(status, int) and 400 <= status < 500 and record.exc_info:
        record.exc_info = None
        record.exc_text = None
    return True


LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "refusal_in_one_line": {
            "()": "django.utils.log.CallbackFilter",
            "callback": _refusal_in_one_line,
        }
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["refusal_in_one_line"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
    "loggers": {
        # Django's own console handler (with DEBUG) printed each of its records a second
        # time besides the root's: its records go to the root's handler only
        "django": {"handlers": []},
        # a push dropped over the channel layer's capacity is logged at INFO there: keep it
        "channels_redis": {"level": "INFO"},
    },
}
