# The production image: the web server (daphne) and the Celery worker share it.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DJANGO_SETTINGS_MODULE=wildlands_site.settings

WORKDIR /app

RUN useradd --create-home --uid 1000 wildlands

# The project is installed in editable mode so that BASE_DIR (templates/, static files)
# stays /app, exactly as in a checkout.
COPY . /app
RUN pip install -e . \
    && SECRET_KEY=collectstatic-at-build-time python manage.py collectstatic --noinput --verbosity 0 \
    && chown -R wildlands:wildlands /app

USER wildlands

EXPOSE 8000

HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
    CMD python -c "import urllib.request, sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status == 200 else 1)"

# Forwarded headers only from FORWARDED_ALLOW_IPS (the proxy's address, see the README).
CMD ["sh", "-c", "exec uvicorn wildlands_site.asgi:application --host 0.0.0.0 --port 8000 --workers ${WEB_PROCESSES:-2} --proxy-headers --forwarded-allow-ips=\"${FORWARDED_ALLOW_IPS:-127.0.0.1}\" --no-access-log --ws-per-message-deflate false"]
