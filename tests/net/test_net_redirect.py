import httpx
import pytest

from skillpm import http
from skillpm.errors import NetworkError


def test_https_to_http_redirect_is_refused():
    resp = httpx.Response(302, headers={"location": "http://evil.example/x"},
                          request=httpx.Request("GET", "https://good.example/x"))
    with pytest.raises(NetworkError, match="redirects to plain http"):
        http._refuse_downgrade(resp)


def test_https_to_https_redirect_is_allowed():
    resp = httpx.Response(302, headers={"location": "https://cdn.example/x"},
                          request=httpx.Request("GET", "https://good.example/x"))
    assert http._refuse_downgrade(resp) is None
