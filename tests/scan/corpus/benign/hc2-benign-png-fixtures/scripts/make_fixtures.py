#!/usr/bin/env python3
import base64, os, sys

# 1x1 transparent PNG
PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNg+M/A8B8ABQACAeChsNwAAAAASUVORK5CYII="

out = sys.argv[1] if len(sys.argv) > 1 else "tests/fixtures"
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "pixel.png"), "wb") as f:
    f.write(base64.b64decode(PIXEL_PNG))
print("wrote", os.path.join(out, "pixel.png"))
