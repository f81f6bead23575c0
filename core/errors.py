"""The one error type the apps raise for a refused request."""


class UserError(Exception):
    """A refused request, with a translated, user-readable ``message`` and a short ``code``.

    Views show ``message`` as a form error or message, commands print it as one line.
    """

    def __init__(self, message, code: str = "invalid"):
        super().__init__(str(message))
        self.message = str(message)
        self.code = code

    def __str__(self) -> str:
        return self.message
