"""My Word (1980)'s front end: its commands, line-mode session, screens and drawing."""
