from fastapi import APIRouter, Depends

from app.core.security import Principal, require_role

router = APIRouter()


@router.get("/healthz")
def healthz() -> dict:
    return {"status": "ok"}


@router.get("/readyz")
def readyz(_: Principal = Depends(require_role("viewer"))) -> dict:
    return {"status": "ready"}
