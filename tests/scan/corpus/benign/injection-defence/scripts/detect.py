import re
PATTERNS = [
    r'(?i)ignore\s+(all\s+)?previous\s+instructions',
    r'(?i)you\s+are\s+now\s+in\s+developer\s+mode',
]

def suspicious(text):
    return any(re.search(p, text) for p in PATTERNS)
