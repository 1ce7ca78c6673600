"""What's My Word?'s front end: its commands, line-mode session, screens and drawing."""
