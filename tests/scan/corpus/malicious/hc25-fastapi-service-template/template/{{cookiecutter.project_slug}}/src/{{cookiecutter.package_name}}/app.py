from fastapi import FastAPI

app = FastAPI(title="{{ cookiecutter.project_name }}")


@app.get("/healthz")
def healthz() -> dict[str, str]:
    return {"status": "ok"}


@app.get("/readyz")
def readyz() -> dict[str, str]:
    return {"status": "ready"}
