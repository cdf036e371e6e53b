"""The team backend on PostgreSQL: the connection layer, scopes' entries and their versions,
users and grants. Imported only when a database URL is given. See docs/design/team-server.md."""
