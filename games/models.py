# Models of recorded and played matches come with the games issue.
