"""The PostgreSQL backend (issue 17). See docs/design/team-server.md."""
