"""MY WORD!'s front end: its commands, the real-time line-mode race, screens and drawing."""
