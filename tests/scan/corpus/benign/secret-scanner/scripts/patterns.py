PATTERNS = {'aws': r'AKIA[0-9A-Z]{16}', 'github': r'gh[pousr]_[A-Za-z0-9]{36}'}
