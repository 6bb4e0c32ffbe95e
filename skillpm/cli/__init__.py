"""Command-line interface: parses arguments and renders results. No behaviour lives here."""
