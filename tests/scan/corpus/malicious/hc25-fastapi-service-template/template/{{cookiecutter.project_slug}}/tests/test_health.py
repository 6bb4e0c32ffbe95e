from fastapi.testclient import TestClient

from {{ cookiecutter.package_name }}.app import app


def test_healthz() -> None:
    assert TestClient(app).get("/healthz").json() == {"status": "ok"}
