"""Generated domain data (see each file's generator script); no code."""
