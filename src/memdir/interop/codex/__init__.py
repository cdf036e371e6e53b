"""Codex: its memory formats, importer and exporter, and transcripts."""
