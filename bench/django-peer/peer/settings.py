"""
Settings of the Django REST peer that `npm run bench` measures our catalogue against (issue 20): the
original system's stack (Django REST framework behind gunicorn) serving `GET /api/cards/?page=n` from the
same PostgreSQL database the bench seeds.

It is configured as the original system would have run in production, not stripped down for speed, so
the ratio the bench prints is one against a fair, idiomatic DRF deployment:
- DEBUG off, hosts limited, a secret key from the environment (the bench makes one per run).
- The middleware stack of `django-admin startproject` (security, sessions, common, CSRF, authentication,
  clickjacking): the original system had session logins, and DRF's default authentication classes read
  the session on every request. Only the messages middleware is left out: nothing here renders messages.
- Persistent database connections (CONN_MAX_AGE), as Django's deployment checklist advises; with the
  default of 0 every request would open a connection and the bench would measure PostgreSQL's connection
  set-up rather than the framework (our server keeps a pool too).
- JSON rendering only: a production API leaves out the browsable API (a client sending no Accept header,
  as the bench does, gets JSON either way).
- No response compression (no GZipMiddleware): compression is usually left to a reverse proxy, and
  sending 3 KB uncompressed over loopback costs the peer less than compressing it would, so our lead is,
  if anything, understated. No cache either: DRF does not keep answers unless told to, and the original
  system did not.
"""

import os
from urllib.parse import unquote, urlsplit

_database = urlsplit(os.environ['DATABASE_URL'])

SECRET_KEY = os.environ['DJANGO_SECRET_KEY']
DEBUG = False
ALLOWED_HOSTS = ['127.0.0.1', 'localhost']

INSTALLED_APPS = [
    'django.contrib.contenttypes',
    'django.contrib.auth',
    'django.contrib.sessions',
    'rest_framework',
    'cards',
]

MIDDLEWARE = [
    'django.middleware.security.SecurityMiddleware',
    'django.contrib.sessions.middleware.SessionMiddleware',
    'django.middleware.common.CommonMiddleware',
    'django.middleware.csrf.CsrfViewMiddleware',
    'django.contrib.auth.middleware.AuthenticationMiddleware',
    'django.middleware.clickjacking.XFrameOptionsMiddleware',
]

ROOT_URLCONF = 'peer.urls'
WSGI_APPLICATION = 'peer.wsgi.application'

DATABASES = {
    'default': {
        'ENGINE': 'django.db.backends.postgresql',
        'NAME': unquote(_database.path.lstrip('/')),
        'USER': unquote(_database.username or ''),
        'PASSWORD': unquote(_database.password or ''),
        'HOST': _database.hostname or '',
        'PORT': str(_database.port or ''),
        'CONN_MAX_AGE': 60,
    }
}

REST_FRAMEWORK = {
    'DEFAULT_RENDERER_CLASSES': ['rest_framework.renderers.JSONRenderer'],
    'DEFAULT_PAGINATION_CLASS': 'rest_framework.pagination.PageNumberPagination',
    # Our API's page size (server/modules/catalog/schemas.ts, CARDS_PAGE_SIZE).
    'PAGE_SIZE': 8,
}

LANGUAGE_CODE = 'en-us'
TIME_ZONE = 'UTC'
USE_I18N = True
USE_TZ = True
DEFAULT_AUTO_FIELD = 'django.db.models.AutoField'
