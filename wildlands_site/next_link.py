"""The `next=` of a form or link: where to go once it is done (an invite link after sign-up,
the replay page after sharing it).

Only a path on this site is followed. A bare word (`next=lobby`) is not one: Django's
`redirect` would take it for a URL name, fail to find it and answer a 500 after the work was
done (the account made, the replay shared); another host is an open redirect. Either way the
value is dropped and the caller's own default applies.
"""
from __future__ import annotations

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme


def local_next(request: HttpRequest, value: str | None) -> str:
    """`value` when it is a path on this site (`/play/...`), else ""."""
    value = (value or "").strip()
    if not value.startswith("/") or value.startswith("//") or value.startswith("/\\"):
        return ""
    if not url_has_allowed_host_and_scheme(value, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        return ""
    return value
