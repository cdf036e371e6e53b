"""memdir: a memory engine for AI agents."""
