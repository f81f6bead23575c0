"""The foundation: helpers every app uses (numbers, pushed updates, tables, URL
converters, errors, text, command-line arguments). It imports no app of the project."""
