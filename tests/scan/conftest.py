"""The evaluation corpus holds skills (some with their own test files); it is data, never collected."""

collect_ignore_glob = ["corpus/*"]
